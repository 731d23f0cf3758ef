"""A bar drawn over one row the sentence names: "East exceeded $4.5M in 2024", "North's revenue
stayed below $3 million in 2024".

The figure after the bar word is a line, not a value. Before, it was matched like any figure:
a right bar failed as unsupported (no cell is $4.5M), and a wrong one passed when it rounded to
another row's cell ("North stayed below $3M" over South's $2.9M). Now, when the sentence names
exactly one row of the column the bar is drawn across (``rules._bar_cells``, the reading of a
"how many" question's bar), that row's cell decides:

- a failing claim whose row's cell lies on the stated side becomes ``derived``, the cell as
  its evidence;
- a claim whose row's cell lies on the other side becomes ``contradicted``, unless the claim
  already passes on a cell of that row (the bound read as a value near it, ``language.bounds``).

Not a bar on a level: a figure after a word of movement or change ("grew by more than $0.4M",
"an increase of over 5%") bounds the change, which the other rules read; but a level word
between the movement and the bar ("grew to more than $550M", "rose, ending above $550M") makes
it a level's bar again, and a phrase that moves nothing ("made up more than") is no movement.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal

from crossfoot.language.bounds import Side
from crossfoot.language.direction import direction_words, false_direction
from crossfoot.model.types import (
    PASSING_STATUSES,
    Claim,
    Evidence,
    Mention,
    SourceValue,
    format_decimal,
)
from crossfoot.rules._bar_cells import bar_cells
from crossfoot.rules._worded_fraction import worded_fraction
from crossfoot.rules.counts import past_bar
from crossfoot.sources.rows_label_match import label_search

__all__ = ["one_row_bar"]

# A word between the movement and the bar that makes the bar a level's: "grew to more than",
# "rose, ending above", "climbed, closing the year at over" ("at least", "up to" are the bar's
# own words, not a level's).
_LEVEL = re.compile(
    r"(?i)\b(?:(?<!up )to|at(?!\s+(?:least|most)\b)|end(?:ed|ing|s)?|clos(?:ed|ing|es)|"
    r"finish(?:ed|ing|es)|reach(?:ed|ing|es)?|stand(?:s|ing)?|stood|settl(?:ed|ing|es))\b"
)
# "of" right after the bar: the row named after it is the whole ("more than $350M of total revenue")
_OF_WHOLE = re.compile(r"(?i)\s+of\s+")


def moves_before(text: str, start: int, end: int) -> list[re.Match[str]]:
    """The movement words of ``text[start:end]``, less the bar's own ("more than") and phrases
    that move nothing ("made up", "picked up")."""
    return [
        w
        for w in direction_words(text, start, end)
        if not text.startswith(" than", w.end()) and not false_direction(text, w)
    ]


def level_after(text: str, moved: Sequence[re.Match[str]], end: int) -> bool:
    """Whether a level word stands between the last movement word and ``end`` (the bar)."""
    return bool(moved) and _LEVEL.search(text, moved[-1].end(), end) is not None


# words that make the bar one on a change, not on the row's level (direction_words has the verbs)
_CHANGE_WORDS = ("change", "differen", "gap", "increase", "decrease", "growth", " by ")


def level_bar(
    text: str, claim: Claim, values: Sequence[SourceValue], texts: Mapping[str, str]
) -> tuple[Mention, Side, list[SourceValue]] | None:
    """The bar ``claim`` states on a row's level (not on a change: no movement word before it
    unless a level word follows, no word of a change), its side and the cells of the column it
    is drawn across (rules._bar_cells) whose rows the sentence names, or None."""
    m, s = claim.mention, claim.sentence
    before = text[s.start : m.start].lower()
    moved = moves_before(text, s.start, m.start)
    if (moved and not level_after(text, moved, m.start)) or any(w in before for w in _CHANGE_WORDS):
        return None
    found = bar_cells(text, s.start, s.end, values, texts)
    if found is None:
        return None
    bar, side, cells = found
    sentence = text[s.start : s.end]
    low = sentence.lower()
    return bar, side, [v for v in cells if v.row and label_search(v.row, sentence, low)]


def one_row_bar(
    text: str, claim: Claim, values: Sequence[SourceValue], texts: Mapping[str, str]
) -> Claim | None:
    """The bar's claim judged on the one row its sentence names, or None (module docstring)."""
    m, s = claim.mention, claim.sentence
    found = level_bar(text, claim, values, texts)
    if found is None:
        return None
    bar, side, named = found
    if named and (of := _OF_WHOLE.match(text, m.end, s.end)) is not None:
        # "Services made up more than $350M of total revenue": the row after "of" is the whole
        whole = text[of.end() : s.end]
        named = [v for v in named if not label_search(v.row or "", whole, whole.lower())]
    if len(named) != 1:  # (trace reads the named row alone: one cell may be all there is)
        return None
    row = named[0]
    if (m.kind == "percent" or worded_fraction(m)) and row.kind != "percent":
        return None  # "made up less than half of sales": a bar on a share, not on the level
    on_side = bool(past_bar([row], bar, side))
    said = "above" if side == ">" else "below"
    if claim.status in PASSING_STATUSES and _own(claim, row):
        return None  # the bound read as a value near the row's own cell (language.bounds)
    # (a claim passing on another row's cell, "below $7M" rounding to a neighbour's $6.9M, is
    # judged on the named row as a failing one is)
    cell = f"{row.row} ({format_decimal(row.value)})"
    ev = Evidence("bar", "rows", f"{cell} against {m.text.strip()}", (row,), row.value)
    if not on_side:
        return Claim(m, s, "contradicted", ev, f"{cell} is not {said} {m.text.strip()}")
    if not near(row.value, m.value) or not round_line(m.written):
        # "less than $15,000 million" of $16.7M: true, but of another scale; "exceeded
        # $41,180 thousand": a precise figure no cell has reads as a value misstated
        return None
    return Claim(m, s, "derived", ev)


def _own(claim: Claim, row: SourceValue) -> bool:
    """Whether the claim's evidence is the row's own cell alone (a column's mean or sum that
    holds it is no reading of the row: "Oceania had more than $4,000,000" passing as the mean
    of four rows is judged on Oceania's cell)."""
    cell = (row.source_id, row.table, row.row_index, row.col_index)
    return claim.evidence is not None and [
        (v.source_id, v.table, v.row_index, v.col_index) for v in claim.evidence.operands
    ] == [cell]


def near(cell: Decimal, bar: Decimal) -> bool:
    """Whether a cell past the bar is of the bar's order of magnitude (within a factor of 10):
    a bar further off reads as a figure of another scale, which the other rules judge."""
    a, b = abs(cell), abs(bar)
    return a > 0 and b > 0 and max(a, b) < 10 * min(a, b)


def round_line(written: Decimal) -> bool:
    """Whether a bar is written as a round line (two significant digits at most: "$4.5M",
    "$3 million", "15%", "10,000"), as bars are drawn, rather than as a precise figure.

    >>> [round_line(Decimal(x)) for x in ("4.5", "3", "10000", "15", "113.9", "41180")]
    [True, True, True, True, False, False]
    """
    digits = str(abs(written).normalize()).replace(".", "").lstrip("0")
    if "E" in digits:
        digits = digits.split("E")[0]
    return len(digits.rstrip("0")) <= 2
