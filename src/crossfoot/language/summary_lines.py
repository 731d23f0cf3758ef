"""A table column's summary lines, one reading for every rule: which line is the column's total
(its whole), which sums a part of it (a subtotal), which is a centre of it (an average, a mean, a
median), and which lines are its rows.

A line is a summary line when its label holds a word of :data:`SUMMARY` (``language.extremes.
ASIDE`` is this pattern): "Total", "Grand total", "Total sales", "All regions", "Overall",
"Combined", "Sum", "Subtotal", "Average", "Mean", "Median". ``line_role`` names what it is:

- ``"centre"``: "average", "mean" or "median" (the middle of the rows, never their whole);
- ``"subtotal"``: "subtotal" / "sub-total" (a part's sum: neither a row nor the whole);
- ``"whole"``: every other summary line ("Total", "Grand total", "Total sales", "All regions",
  "Overall", "Combined", "Sum").

``whole_line`` picks the column's total among its summary lines: its one whole line; of several
("Total North America" and "Total"), the one whose cell is the sum of the column's rows (exactly
one), else the one labelled a grand total; else none can be told (None, as with no total line).
Readers: ``rules._column_whole`` (column_rest, share_points), ``rules._fraction_column``,
``rules.joined_share``, ``rules.column_share`` (a share of an unwritten total, and its change),
``rules.column_median``, the result sets' total rows of ``rules._rowsums_tables``, the total a
line is counted twice with (``rules._double_count``), the lines a rank leaves out
(``rules.alignment_rank``, ``language.extremes.ASIDE``) and the collective lines of
``language.collective_lines``.

>>> line_role("Total sales"), line_role("All regions"), line_role("Subtotal"), line_role("Median")
('whole', 'whole', 'subtotal', 'centre')
>>> line_role("North") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Literal, TypeVar

from crossfoot.model.types import SourceValue

__all__ = ["SUMMARY", "WHOLE", "WHOLE_WORDS", "line_role", "parts_named", "whole_line"]

# The words of a summary line: a total, a part's sum, or a centre of the rows (one list).
WHOLE_WORDS = ("total", "sum", "all", "overall", "combined")
_SUBTOTAL_WORDS = ("subtotal", "sub-total")
_CENTRE_WORDS = ("average", "mean", "median")


def _any_of(words: tuple[str, ...]) -> re.Pattern[str]:
    """One of ``words`` as a word, case-blind; never the "all" of "All other", "All others" (a
    part of the rows, the ones not listed, never their whole)."""
    return re.compile(r"(?i)\b(?:" + "|".join(words) + r")\b(?<!\ball(?=\s+others?\b))")


SUMMARY = _any_of((*WHOLE_WORDS, *_SUBTOTAL_WORDS, *_CENTRE_WORDS))
WHOLE = _any_of(WHOLE_WORDS)  # (a word of a whole alone: language.collective_lines)
_CENTRE = re.compile(r"(?i)\b(?:" + "|".join(_CENTRE_WORDS) + r")\b")
_SUBTOTAL = re.compile(r"(?i)\bsub-?total\b")
_GRAND = re.compile(r"(?i)\bgrand\s+total\b")
_SUMS_TO = Decimal("0.005")  # a total line's cell within 0.5% of its rows' sum (rounded cells)

Role = Literal["whole", "subtotal", "centre"]
_K = TypeVar("_K")
_C = TypeVar("_C", bound=Mapping[int, SourceValue])


@lru_cache(maxsize=1024)  # (labels repeat across a table's columns and every claim)
def line_role(label: str | None) -> Role | None:
    """What the line labelled ``label`` is of its column (module docstring), or None for a row."""
    if not label or SUMMARY.search(label) is None:
        return None
    if _CENTRE.search(label):
        return "centre"
    if _SUBTOTAL.search(label):
        return "subtotal"
    return "whole"


def whole_line(lines: Sequence[SourceValue], rows: Iterable[SourceValue]) -> SourceValue | None:
    """The column's total among ``lines`` (its summary lines, in row order), given its
    ``rows``: the one whole line, or of several the one that sums the rows, else the grand
    total; None when it has none or which cannot be told.

    >>> from decimal import Decimal as D
    >>> rows = [SourceValue(D(v), "S", row=r) for r, v in (("US", 5), ("Canada", 2), ("UK", 3))]
    >>> lines = [SourceValue(D(7), "S", row="Total North America"),
    ...          SourceValue(D(10), "S", row="Total")]
    >>> whole_line(lines, rows).row
    'Total'
    """
    wholes = [v for v in lines if line_role(v.row) == "whole"]
    if len(wholes) <= 1:
        return wholes[0] if wholes else None
    total = sum((v.value for v in rows), Decimal(0))
    summed = [v for v in wholes if abs(v.value - total) <= abs(v.value) * _SUMS_TO]
    if len(summed) == 1:
        return summed[0]
    grand = [v for v in wholes if _GRAND.search(v.row or "")]
    return grand[0] if len(grand) == 1 else None


def parts_named(rows: Mapping[_K, _C]) -> dict[_K, _C]:
    """The rows a sentence names as parts: its named rows less the summary lines, when a row
    remains ("North's share of sales" names "North" and, by "sales", "Total sales": the whole
    the share is of, not a part of it).

    >>> from decimal import Decimal as D
    >>> named = {0: {2023: SourceValue(D(4), "S", row="North")},
    ...          5: {2023: SourceValue(D(9), "S", row="Total sales")}}
    >>> list(parts_named(named))
    [0]
    """
    parts = {
        k: cells for k, cells in rows.items() if not any(line_role(v.row) for v in cells.values())
    }
    return parts if parts else dict(rows)
