"""A multiple in words between two rows, with no figure: "North had twice the revenue of South",
"Cloud revenue was three times that of Devices in 2022".

The word compares what stands before it with what stands after it, so the pair is the one row
whose label the words before the multiple name (in its sentence) and the one other row whose
label the words after it name, in one column of one table: the column of the one year the
sentence names, or else the one column (of those both rows hold) whose name a word of the
sentence names, or else the rows' one numeric column. A comparison of pace ("twice as fast
as", "twice the growth of") speaks of rates, not of the cells, and is left alone; so is any
pair that is not one cell each.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.period_columns import column_period, named_parts
from crossfoot.model.types import Mention, Sentence, SourceValue, format_decimal, kind_family
from crossfoot.sources.rows_label_match import label_search

__all__ = ["two_rows"]

_PACE = re.compile(
    r"(?i)\b(?:fast|faster|quick|quickly|rapid|rapidly|slow|slowly|growth|grew|grow|pace|rate|"
    r"increase|decrease|change|gain|rise|decline|margin)s?\b"
)
_WORDS = re.compile(r"[a-z]{3,}")
_Pair = tuple[Decimal, Decimal, str, tuple[SourceValue, ...]]


def two_rows(
    text: str,
    start: int,
    end: int,
    s: Sentence,
    years: Sequence[Mention],
    values: Sequence[SourceValue],
) -> _Pair | None:
    """``(second, first, formula, cells)`` of the two rows a figure-free comparison multiple
    at ``text[start:end]`` sets against each other (module docstring), or None."""
    sentence = text[s.start : s.end]
    if _PACE.search(sentence):
        return None
    before, after = text[s.start : start], text[end : s.end]
    first = _rows(before, values)
    second = _rows(after, values) - first
    if len(first) != 1 or len(second) != 1:
        return None
    named = {int(y.value) for y in years}
    a_row, b_row = next(iter(first)), next(iter(second))
    cells: dict[tuple[int | None, str], dict[tuple[str, int | None, int], SourceValue]] = {}
    for v in values:
        key = (v.source_id, v.table, v.row_index)
        if key not in (a_row, b_row) or v.view == "true" or v.col_index is None:
            continue
        if named and (len(named) != 1 or v.year not in named):
            continue
        cells.setdefault((v.col_index, v.column or ""), {})[key] = v
    both = {col: pair for col, pair in cells.items() if len(pair) == 2}
    col = _column(sentence, list(both))
    if col is None:
        return None
    a, b = both[col][a_row], both[col][b_row]
    if a.value <= 0 or b.value <= 0 or kind_family(a.kind) != kind_family(b.kind):
        return None
    formula = (
        f"{a.label or a.row} ({format_decimal(a.value)}) / {b.label or b.row} "
        f"({format_decimal(b.value)})"
    )
    return b.value, a.value, formula, (b, a)


def _rows(part: str, values: Sequence[SourceValue]) -> set[tuple[str, int | None, int]]:
    """The rows whose label ``part`` names (the fullest label of each table only)."""
    low = part.lower()
    found: dict[tuple[str, int | None, int], int] = {}
    hits: dict[str, bool] = {}  # (each label read once: every cell of a row carries it)
    for v in values:
        if not v.row or v.row_index is None:
            continue
        hit = hits.get(v.row)
        if hit is None:
            hit = hits[v.row] = label_search(v.row, part, low)
        if hit:
            found[(v.source_id, v.table, v.row_index)] = len(v.row)
    if not found:
        return set()
    longest = max(found.values())
    return {k for k, n in found.items() if n == longest}


def _column(sentence: str, columns: list[tuple[int | None, str]]) -> tuple[int | None, str] | None:
    """The one column of ``columns`` the sentence names, or the only one."""
    if len(columns) == 1:
        return columns[0]
    said = {w.rstrip("s") for w in _WORDS.findall(sentence.lower())}
    named = [c for c in columns if {w.rstrip("s") for w in _WORDS.findall(c[1].lower())} & said]
    if not named:  # "in Q4" of columns "Q1 2024" ... "Q4 2024": the part of a year it names
        parts = named_parts(sentence)
        named = [c for c in columns if (p := column_period(c[1])) is not None and p[1] in parts]
    return named[0] if len(named) == 1 else None
