"""A count of rows by the way they moved: "How many regions saw revenue decline in 2024?",
"Revenue fell in 2 of the 4 regions from 2023 to 2024", "Three segments grew their sales".

The count has no bar: what is counted is the rows whose value moved the way the words say
between two periods. The periods are the two years named, or the year named and the one
before it, or a table's only two years. Each row of a table that has a cell in both years,
in columns of one quantity ("Revenue 2023" and "Revenue 2024", or the columns "2023" and
"2024"), total lines aside, is counted when its later cell is above (rose) or below (fell) its
earlier one. When several tables or quantities have such pairs, the question must name the
column or rows of one. Before, such a count was no claim in words, and failed as unsupported
in digits (a "2" is no value of the data).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.moves import moving
from crossfoot.model.context import Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue, format_decimal
from crossfoot.rules._named import Named

__all__ = ["count_verdict", "moved_verdict"]

_TOTAL = re.compile(r"(?i)\btotal\b")
_YEARS = re.compile(r"(?:19|20)\d\d")


def moved_verdict(
    mention: Mention,
    scope: Sequence[SourceValue],
    ask: Ask,
    named: Named,
    whole: bool,
) -> Verdict | None:
    """``derived`` or ``contradicted`` for a count of rows that moved the way the question
    says (module docstring); ``whole``: the figure counts the rows looked at ("4" of "2 of the
    4 regions"); None when the question states no move or the pairs are not certain."""
    up = moving(ask.text)
    if up is None:
        return None
    pairs = _pairs(scope, ask, named)
    if pairs is None:
        return None
    early, late, rows = pairs
    if whole:
        n = len(rows)
        formula = f"rows with {early} and {late}: {n}"
        ev = Evidence("question", "count", formula, tuple(b for _, b in rows), Decimal(n))
        if mention.value == n:
            return Verdict("derived", ev)
        return Verdict("contradicted", ev, f"the count looks at {n} rows, not {mention.text}")
    moved = [(a, b) for a, b in rows if (b.value > a.value if up else b.value < a.value)]
    word = "rose" if up else "fell"
    shown = ", ".join(
        f"{a.row} ({format_decimal(a.value)} -> {format_decimal(b.value)})" for a, b in moved
    )
    formula = f"rows that {word} from {early} to {late}: {shown or 'none'} = {len(moved)}"
    operands = tuple(v for pair in moved for v in pair)
    return count_verdict(
        mention, formula, operands, len(moved), f"{len(moved)} of the {len(rows)} rows {word} "
        f"from {early} to {late}"
    )  # fmt: skip


def count_verdict(
    mention: Mention, formula: str, operands: tuple[SourceValue, ...], n: int, counted: str
) -> Verdict:
    """``derived`` when the figure is the count ``n`` the table gives, else ``contradicted``,
    its message what was counted ("2 of the 3 rows rose ...") and the figure stated."""
    ev = Evidence("question", "count", formula, operands, Decimal(n))
    if mention.value == n:
        return Verdict("derived", ev)
    return Verdict("contradicted", ev, f"{counted}, not {format_decimal(mention.value)}")


_Pairs = tuple[int, int, list[tuple[SourceValue, SourceValue]]]


def _pairs(scope: Sequence[SourceValue], ask: Ask, named: Named) -> _Pairs | None:
    """``(earlier year, later year, [(earlier cell, later cell) per row])`` of the one table
    and quantity the question is about, or None."""
    by_line: dict[tuple[object, ...], dict[int, SourceValue]] = {}
    for v in scope:
        if v.table is None or v.row_index is None or v.year is None or v.view == "true":
            continue
        if _TOTAL.search(v.row or ""):
            continue
        stem = _YEARS.sub("", v.column or "").strip().lower()  # "revenue ($)" of both years
        by_line.setdefault((v.source_id, v.table, stem, v.row_index), {})[v.year] = v
    years = _years(ask, {year for cells in by_line.values() for year in cells})
    if years is None:
        return None
    early, late = years
    groups: dict[tuple[object, ...], list[tuple[SourceValue, SourceValue]]] = {}
    for key, cells in by_line.items():
        if early in cells and late in cells:
            groups.setdefault(key[:3], []).append((cells[early], cells[late]))
    if len(groups) > 1:  # several tables or quantities: the one whose column or rows are named
        groups = {
            k: rows
            for k, rows in groups.items()
            if any(
                named.names(v, axis) for pair in rows for v in pair for axis in ("row", "column")
            )
        }
    if len(groups) != 1:
        return None
    (rows,) = groups.values()
    return (early, late, rows) if len(rows) >= 2 else None


def _years(ask: Ask, seen: set[int]) -> tuple[int, int] | None:
    """The two periods of the move: the two years named, the year named and the one before,
    or the only two years of the data (``seen``)."""
    if len(ask.years) == 2:
        a, b = sorted(ask.years)
        return a, b
    if len(ask.years) == 1:
        (y,) = ask.years
        return y - 1, y
    if len(seen) == 2:
        a, b = sorted(seen)
        return a, b
    return None
