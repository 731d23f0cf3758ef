"""The scans of a sentence's stretch that :mod:`crossfoot.language.order` reads for the year of
every number in it, made once per stretch (not once per number).

:func:`~crossfoot.language.order.number_year` (and its date) looks, for each number, at the
mentions of the number's window of its sentence: whether one is a year, and the dates written in
numbers ("2024-12-31") read as the years they name. Every claim of a sentence reads the same
window (a sentence under :data:`~crossfoot.model.context.WINDOW` characters on either side is its
own window), so :func:`window_scan` keeps, per window of the answer's text, the year test, the
mentions merged with those dates and where each mention stands among them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from decimal import Decimal
from operator import attrgetter

from crossfoot.model.types import Mention
from crossfoot.model.wordgate import WordGated

__all__ = ["WindowScan", "window_scan"]

_START = attrgetter("start")
_HALF = Decimal("0.5")

# A date written in numbers ("2024-12-31", "12/31/2024", "31.12.2024"), which the number reader
# reads as no figure: its year is group 1 or 2.
_NUMERIC_DATE = re.compile(
    r"(?<![\d/.-])(?:((?:19|20)\d\d)-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12]\d|3[01])"
    r"|\d{1,2}[/.]\d{1,2}[/.]((?:19|20)\d\d))(?![\d/-]|\.\d)"
)
_DATE_HINT = re.compile(r"\d[/.-]\d")


def _date_hint(text: str, lo: int, hi: int) -> bool:
    """``_DATE_HINT.search(text, lo, hi) is not None``, from the marks' positions: ``re`` tries
    the pattern at every character of the clause (it opens with no literal), where most clauses
    hold a mark or two. A digit of the pattern is ``str.isdecimal`` for one character.

    >>> _date_hint("as of 2024-12-31", 0, 16), _date_hint("rose 12.5%", 0, 7)
    (True, False)
    """
    lo, hi = max(lo, 0), min(hi, len(text))
    if hi - lo < 3:
        return False  # (and no negative end for find, which counts it from the text's end)
    for mark in "./-":
        j = text.find(mark, lo + 1, hi - 1)
        while j >= 0:
            if text[j - 1].isdecimal() and text[j + 1].isdecimal():
                return True
            j = text.find(mark, j + 1, hi - 1)
    return False


def _numeric_dates(
    text: str, lo: int, hi: int, mentions: Sequence[Mention], i: int
) -> tuple[list[Mention], int] | None:
    """The mentions of ``[lo, hi)`` with each date written in numbers read as the year it names,
    and the number's index among them; None when the stretch holds no such date.

    A date is a date however it is written: "$9,870.3 million as of 2024-12-31" states the figure
    for 2024 as "as of December 31, 2024" does. (The plain reading :func:`window_scan` keeps.)
    """
    merged = _merged(text, lo, hi, mentions)
    if merged is None:
        return None
    m = mentions[i]
    return merged, next(k for k, x in enumerate(merged) if x is m)


def _merged(text: str, lo: int, hi: int, mentions: Sequence[Mention]) -> list[Mention] | None:
    if not _date_hint(text, lo, hi):
        return None
    dates = [
        Mention(d[0], d.start(), d.end(), Decimal(d[1] or d[2]), "year", _HALF)
        for d in _NUMERIC_DATE.finditer(text, lo, hi)
    ]
    if not dates:
        return None
    near = [mentions[k] for k in _starting_in(mentions, lo, hi)]
    return sorted([*near, *dates], key=_START)


def _starting_in(mentions: Sequence[Mention], lo: int, hi: int) -> range:
    """Indexes of the mentions (in text order) that start in ``[lo, hi)``, by bisection."""
    return range(bisect_left(mentions, lo, key=_START), bisect_left(mentions, hi, key=_START))


class WindowScan:
    """What the year reading needs of one window ``[lo, hi)`` of a text, whatever its number.

    ``dated``: the window's mentions merged with its dates written in numbers (None without
    one), and ``dated_at`` each mention's index there (by identity); ``has_year``: a mention of
    the window is a year (read only when ``dated`` is None); ``found``: the year each number of
    the window was given (kept by :func:`crossfoot.language.order._year_mention`).
    """

    __slots__ = ("_respectively", "dated", "dated_at", "found", "has_year", "hi", "lo", "text")

    def __init__(self, text: str, lo: int, hi: int, mentions: Sequence[Mention]) -> None:
        self.text, self.lo, self.hi = text, lo, hi
        self.dated = _merged(text, lo, hi, mentions)
        self.dated_at: dict[int, int] = {}
        self.has_year = False
        if self.dated is not None:
            for k, x in enumerate(self.dated):
                self.dated_at.setdefault(id(x), k)
        else:
            self.has_year = any(mentions[k].kind == "year" for k in _starting_in(mentions, lo, hi))
        self.found: dict[tuple[int, bool], Mention | None] = {}
        self._respectively: bool | None = None

    def respectively(self, pattern: WordGated) -> bool:
        """Whether ``pattern`` (order's "respectively") is found in the window (read once)."""
        if self._respectively is None:
            self._respectively = pattern.search(self.text, self.lo, self.hi) is not None
        return self._respectively


# The scans of the last windows read, by the id of their mentions (kept with them, so the id
# is not reused while they are here: a tuple, which cannot change), text and bounds.
_SCANS: dict[tuple[int, str, int, int], tuple[Sequence[Mention], WindowScan]] = {}


def window_scan(text: str, lo: int, hi: int, mentions: Sequence[Mention]) -> WindowScan:
    """The :class:`WindowScan` of ``text[lo:hi]`` and ``mentions`` (kept for the last 256
    windows read when ``mentions`` is a tuple: every number of a sentence reads the same window).

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Revenue was $5m as of 2024-12-31 and $4m in 2023."
    >>> ms = tuple(extract(t))
    >>> scan = window_scan(t, 0, len(t), ms)
    >>> [x.text for x in scan.dated], scan.dated_at[id(ms[0])]
    (['$5m', '2024-12-31', '$4m', '2023'], 0)
    >>> window_scan(t, 0, len(t), ms) is scan
    True
    """
    if type(mentions) is not tuple:
        return WindowScan(text, lo, hi, mentions)  # (a list may change: read afresh)
    key = (id(mentions), text, lo, hi)
    hit = _SCANS.get(key)
    if hit is not None and hit[0] is mentions:
        return hit[1]
    if len(_SCANS) > 256:
        _SCANS.clear()
    scan = WindowScan(text, lo, hi, mentions)
    _SCANS[key] = (mentions, scan)
    return scan
