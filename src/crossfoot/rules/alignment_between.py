"""A difference asked between two named rows, answered with a change of one of them.

"What is the difference between licence revenue and service revenue in 2021?" names two rows of
the table; "8,240 - 6,950 = 1,290" (licence revenue in 2021 and in 2020) is a difference of the
right kind, of values of an asked year, of a named row: every other alignment check passes it.
It answers "how did licence revenue change?", not the question asked. The same holds for a table
written the other way round (the two named quantities as columns, the years as rows), and for a
"difference between the average A and the average B" answered with a change of one of them.

The rule, for :func:`crossfoot.rules.alignment.misfit`: when the question asks for the
difference *between* two things that are not years ("between 2018 and 2019" asks for a change)
and names two labels or more on one axis of a table, a difference whose two operands share one
of those labels on that axis, in two other lines, is a change of one named quantity, not the
difference between two of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import SourceValue
from crossfoot.rules._named import Named, _own_words

__all__ = ["BETWEEN_THINGS", "between_misfit"]

# "the difference between A and B", "difference in X between A and B", where A is no year or
# period ("between 2018 and 2019", "between the fiscal years 2018 and 2019", "between FY18 and
# FY19", "between fiscal years ended June 30, 2018 and 2019": a change over time, which a
# difference of one row's years answers) and no pronoun ("between this and that": an earlier
# turn's figures). One reading for this rule and :mod:`crossfoot.rules.alignment_one`.
BETWEEN_THINGS = re.compile(
    r"(?i)\bdifferences?\b(?:\s+[\w'&-]+){0,8}?\s+between\s+"
    r"(?!(?:the\s+)?(?:(?:fiscal|calendar)\s+)?(?:years?\s+|periods?\s+)?(?:(?:ended|ending)\s+)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+)?"
    r"(?:fy\s*)?'?\d)"
    r"(?!(?:this|that|it|these|those|them)\b)"
)
_DIFFERENCES = frozenset({"difference", "written_calculation"})


def between_misfit(
    ask_text: str, kind: str, operands: Sequence[SourceValue], named: Named
) -> str | None:
    """Why a difference of one named line's two values does not answer a question asking for
    the difference between two named lines, in words, or None.

    >>> from crossfoot.language.asked import Ask
    >>> from decimal import Decimal
    >>> q = "What is the difference between licence revenue and service revenue in 2021?"
    >>> cell = lambda v, row, col, r, c: SourceValue(Decimal(v), "S1", table=0, row=row,
    ...     column=col, row_index=r, col_index=c, year=int(col))
    >>> values = [cell(8240, "Licence revenue", "2021", 1, 1), cell(6950, "Licence revenue",
    ...     "2020", 1, 2), cell(3115, "Service revenue", "2021", 2, 1)]
    >>> named = Named(Ask(q, frozenset({2021}), "change"), values)
    >>> between_misfit(q, "difference", values[:2], named).endswith("change of 'Licence revenue'")
    True
    >>> between_misfit(q, "difference", [values[0], values[2]], named) is None
    True
    """
    if kind not in _DIFFERENCES or len(operands) != 2 or not BETWEEN_THINGS.search(ask_text):
        return None
    a, b = operands
    if a.table is None or (a.source_id, a.table) != (b.source_id, b.table):
        return None
    for axis, mine, theirs, other_a, other_b in (
        ("row", a.row, b.row, a.column, b.column),
        ("column", a.column, b.column, a.row, b.row),
    ):
        labels = named.labels_named(a, axis)
        if not mine or mine != theirs or mine not in labels:
            continue
        # two named quantities, not one quantity's periods ("revenue_2024", "revenue_2023")
        others = sorted(x for x in labels if _quantity(x) != _quantity(mine))
        if not others:
            continue
        if other_a == other_b:
            continue  # (one cell twice: no change of anything)
        return (
            f"the question asks for the difference between {mine!r} and {others[0]!r}; this "
            f"figure is a change of {mine!r}"
        )
    return None


def _quantity(label: str) -> str:
    """What a label names besides its period words, in lower case ("revenue" of
    "revenue_2024" and of "Revenue 2023")."""
    return " ".join(_own_words(label.replace("_", " ")).lower().split())
