"""A period's figure answered with the Total column of a table of payments due by period.

"What were the purchase obligations due in less than 1 year?" (or "due within 5 years") over a
table whose columns are periods (*Less than 1 year*, *1-3 years*, *3-5 years*, *More than 5
years*, *Total*) asks for the cell of the period's column (or the sum of the periods inside the
bound). The row's *Total* holds every period, those the question leaves out too: quoted as the
answer, it answers "what were the purchase obligations?".

For :func:`crossfoot.rules.alignment.misfit`: a final figure that is one cell of a column
labelled a total and nothing else is ``off_question`` when the question names period columns of
its table by their numbers ("less than 1 year", "after 5 years") and the table has a part column
the question does not name (:meth:`crossfoot.rules._named.Named.total_beyond`). A bound ("within
5 years") names its periods (``rules._named_parts``) but does not judge the Total: such a bound is
read both ways, the periods inside it or the whole row due by then.
Not judged: a share or a difference that takes the Total as one operand ("more than 5 years as a
percentage of the total": the question asks for the total as its base), columns the question
names by words only (a segment's column: the Total is also what "total revenue" names).
"""

from __future__ import annotations

from crossfoot.model.types import Evidence
from crossfoot.rules._named import Named

__all__ = ["total_misfit"]


def total_misfit(base: Evidence, named: Named) -> str | None:
    """Why the one cell ``base`` quotes is the Total of periods the question does not ask, in
    words, or None (see the module docstring)."""
    if len(base.operands) != 1 or base.rule != "direct":
        return None
    (v,) = base.operands
    if v.table is None:
        return None
    meant = named.total_beyond(v)
    if meant is None:
        return None
    return f"the question asks about {meant}; this figure is the {v.column} of {v.row}"
