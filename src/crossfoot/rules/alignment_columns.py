"""A shown share (or sum, or difference) that takes a value of a column the question does not name.

"What were the operating leases due in less than 1 year as a percentage of total contractual
obligations?" over a table whose columns are periods (*Less than 1 year*, *1-3 years*, *Total*)
names one column, and the share it asks for is of that column: the leases due in less than 1
year over the total due in less than 1 year. An answer that shows "$410 / $4,290 = 9.56%" divides
by the grand total of every period, a figure of another question, as "2025 product revenue as a
percentage of total revenue" divided by 2024's total would be (the year rules judge that one).

The same holds of a sum or a difference of two rows ("the total of operating leases and purchase
obligations due in less than 1 year" answered 410 + 460, the second row's total of every period).

For :func:`crossfoot.rules.alignment.misfit`, a final figure the answer computes from figures it
showed is ``off_question`` when it combines two cells of one table (a share, a ratio, a sum, a
difference, their mean, or a written calculation) in two rows and two columns, the question names
exactly one column of that table, and one cell is of it and the other of a column the question
does not name. Not judged: two cells of one row (a row's part of its own total: "leases due in
less than 1 year as a percentage of total leases"; the difference of a row's two columns),
columns of years (the year rules read them), a question naming two columns or none, bare figures
the search derives (another calculation may meet them by chance).
"""

from __future__ import annotations

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._shown import SHOWN

__all__ = ["column_misfit"]

_COMBINED = frozenset({"share", "ratio", "sum", "difference", "mean", "average"})


def _combined(base: Evidence) -> bool:
    """A share, a ratio, a sum, a difference or a mean of the two: the steps' own kind, or any
    written calculation."""
    return base.kind == "written_calculation" or base.kind in _COMBINED


def column_misfit(ask: Ask, base: Evidence, named: Named) -> str | None:
    """Why the shown calculation of ``base`` takes its other cell from a column the question does
    not name, in words, or None (see the module docstring).

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> q = "What were leases due in less than 1 year as a percentage of total obligations?"
    >>> def cell(x, r, row, c, col):
    ...     return SourceValue(Decimal(x), "S1", table=0, row_index=r, row=row, col_index=c,
    ...                        column=col, label=f"{row} / {col}")
    >>> ops = (cell(410, 1, "Leases", 1, "Less than 1 year"), cell(4290, 4, "Total", 4, "Total"))
    >>> table = ops + (cell(675, 4, "Total", 1, "Less than 1 year"),)
    >>> ev = Evidence("steps", "share", "", ops, Decimal("9.56"))
    >>> column_misfit(Ask(q), ev, Named(Ask(q), table))
    'the question asks about Less than 1 year; this figure takes Total of Total'
    """
    if base.rule not in SHOWN or len(base.operands) != 2 or not _combined(base):
        return None
    a, b = base.operands
    if a.table is None or (a.source_id, a.table, a.view) != (b.source_id, b.table, b.view):
        return None
    if a.row_index == b.row_index or a.col_index == b.col_index or not a.column or not b.column:
        return None
    if value_years(a) or value_years(b):
        return None  # (columns of years: the year rules judge them)
    asked = named.labels_named(a, "column")
    if len(asked) != 1:
        return None
    inside = [v for v in (a, b) if v.column in asked]
    if len(inside) != 1:
        return None
    (column,) = asked
    other = b if inside[0] is a else a
    return f"the question asks about {column}; this figure takes {other.row} of {other.column}"
