"""Ratios named by their name ("the current ratio", "the debt-to-equity ratio"), with the rows
their textbook definition divides: the current ratio is current assets over current
liabilities, whatever the table calls its rows ("Total current assets").

A coarse ratio ("0.78") is derived only from rows its wording names (rules.coarse_ratio); a
ratio's name names none of them ("current ratio" holds one word of "Total current assets"), so
the name stands for its definition's two sides. Each side is the row of a table whose label's
words the side's words hold, the fullest such row only ("Total current assets", not "Total
assets", for "current assets"), and the ratio is the numerator's row over the denominator's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["Sides", "named_ratio", "ratio_sides"]

_Side = tuple[frozenset[str], ...]  # the ways to word one side (each a set of tokens)
Sides = tuple[_Side, _Side]  # (numerator, denominator)


def _side(*ways: str) -> _Side:
    return tuple(frozenset(tokens(w)) for w in ways)


_DEBT = _side("debt", "liabilities")
_EQUITY = _side("equity", "stockholders equity", "shareholders equity")
_REVENUE = _side("revenue", "revenues", "net revenue", "sales", "net sales", "total revenue")
# (the name, as a pattern) -> (numerator, denominator)
# words one of the names holds (substring tests before the patterns)
_GATES = ("ratio", "debt", "tax", "margin", "return", "roa", "roe", "multiplier")
_NAMES: tuple[tuple[re.Pattern[str], Sides], ...] = (
    (
        re.compile(r"(?i)\b(?:current|working\s+capital)\s+ratio\b"),
        (_side("current assets"), _side("current liabilities")),
    ),
    (
        re.compile(r"(?i)\bdebt[\s-]*(?:to|/)[\s-]*(?:total\s+)?(?:equity|capital)\b"),
        (_DEBT, _EQUITY),
    ),
    (
        re.compile(r"(?i)\bdebt[\s-]*(?:to|/)[\s-]*(?:total\s+)?assets?\b|\bdebt\s+ratio\b"),
        (_DEBT, _side("assets")),
    ),
    (
        re.compile(r"(?i)\beffective\s+(?:income\s+)?tax\s+rate\b"),
        (
            _side(
                "provision for income taxes",
                "income tax provision",
                "income tax expense",
                "provision for income tax expense",
            ),
            _side("income before income taxes", "income before taxes", "pretax income"),
        ),
    ),
    (re.compile(r"(?i)\bgross\s+(?:profit\s+)?margin\b"), (_side("gross profit"), _REVENUE)),
    (
        re.compile(r"(?i)\boperating\s+(?:profit\s+|income\s+)?margin\b"),
        (_side("operating income", "income from operations", "operating profit"), _REVENUE),
    ),
    (
        re.compile(r"(?i)\bnet\s+(?:profit\s+|income\s+)?margin\b"),
        (_side("net income", "net profit", "net earnings"), _REVENUE),
    ),
    (
        re.compile(r"(?i)\breturn\s+on\s+(?:total\s+)?assets\b|\broa\b"),
        (_side("net income", "net profit", "net earnings"), _side("assets")),
    ),
    (
        re.compile(r"(?i)\breturn\s+on\s+(?:shareholders'?\s+|stockholders'?\s+)?equity\b|\broe\b"),
        (_side("net income", "net profit", "net earnings"), _EQUITY),
    ),
    (
        re.compile(r"(?i)\bequity\s+multiplier\b"),
        (_side("assets"), _EQUITY),
    ),
)


@lru_cache(maxsize=64)  # every claim of an answer asks: once per text, not once per claim
def named_ratio(text: str) -> Sides | None:
    """The two sides of the one ratio ``text`` names by its name, else None (none, or two).

    >>> named_ratio("What is the current ratio in 2019?") is not None
    True
    >>> named_ratio("What is the ratio of A to B?") is None
    True
    """
    low = text.lower()
    if not any(g in low for g in _GATES):
        return None
    found = [sides for rx, sides in _NAMES if rx.search(text)]
    return found[0] if len(found) == 1 else None


def _fullest(values: Sequence[SourceValue], side: _Side) -> set[tuple[str, int | None, int]]:
    """(source, table, row) of the rows ``side`` names: a row whose required words one way of
    the side holds, and no such row of its table with more of them."""
    best: dict[tuple[str, int | None], tuple[int, set[int]]] = {}
    for v in values:
        if v.table is None or v.row is None or v.row_index is None:
            continue
        req = required_tokens(v.row)
        if not req or not any(req <= way for way in side):
            continue
        key = (v.source_id, v.table)
        size, rows = best.get(key, (0, set()))
        if len(req) > size:
            best[key] = (len(req), {v.row_index})
        elif len(req) == size:
            rows.add(v.row_index)
    return {(k[0], k[1], i) for k, (_n, rows) in best.items() for i in rows}


def ratio_sides(
    values: Sequence[SourceValue], sides: Sides
) -> tuple[set[tuple[str, int | None, int]], set[tuple[str, int | None, int]]]:
    """The rows of ``values`` each side of a named ratio names (numerator's, denominator's)."""
    return _fullest(values, sides[0]), _fullest(values, sides[1])
