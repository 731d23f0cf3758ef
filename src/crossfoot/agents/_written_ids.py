"""Identifiers in the agent's prose, found in time linear in the text (see ``_written``).

A token of word characters and dashes holding an ASCII letter and a digit, from a letter (after an
optional "#") or from a digit followed later by a letter: ``HAT-170``, ``12ab``, ``#W4410287``.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

# An identifier in prose: a token of word characters and dashes holding a letter and a digit,
# from a letter (after an optional "#") or from a digit followed later by a letter. Found in two
# steps, a start and then the rest of its run checked in Python, because one pattern that
# backtracks over the run ("1-1-1-...-1" with no letter) rescans it from every start.
_ID_START = re.compile(r"(?<![\w@.])#?[A-Za-z]|(?<![\w@.#$,])\d")
_ID_REST = re.compile(r"[\w-]*")
# A run of [\w-] holding an ASCII letter and a digit; the lookahead-and-backreference reads the
# run once, as an atomic group would (Python before 3.11 has none).
_ID_RUN = re.compile(r"(?<![\w-])(?=[\w-]*[A-Za-z])(?=[\w-]*\d)(?=([\w-]+))\1")
# The same runs of at least four characters: the shortest that holds an identifier of five (with
# a "#" before it). Prose checks no shorter one, and skipping the short runs in the pattern keeps
# a text of thousands of them ("a1/b2&a1/...", a link's segments) out of the Python loop.
_ID_RUN_4 = re.compile(r"(?<![\w-])(?=[\w-]{4})(?=[\w-]*?[A-Za-z])(?=[\w-]*?\d)(?=([\w-]+))\1")
_ID_SHORTEST = 5  # characters of an identifier prose checks (trailing "-" and "_" aside)
_RUNS_KEPT = 4_096  # runs of one text whose reading is kept for their repeats
_LETTER = re.compile(r"[A-Za-z]")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_DIGIT = re.compile(r"\d")


def _prose_ids(text: str, shortest: int = 1) -> Iterator[tuple[int, str]]:
    """``(start, token)`` of each identifier-like token, in order, in linear time; with
    ``shortest``, only tokens of that many characters or more (trailing "-" and "_" aside).

    >>> list(_prose_ids("Booked HAT-170 and 12ab, not 1-1-1 or ab-cd"))
    [(7, 'HAT-170'), (19, '12ab')]
    >>> list(_prose_ids("Booked HAT-170 and 12ab, not 1-1-1 or ab-cd", 5))
    [(7, 'HAT-170')]
    """
    # Only runs of word characters and dashes that hold both an ASCII letter and a digit can
    # hold an identifier; one pass finds them (each run is scanned a fixed number of times).
    # What a run yields depends only on the run and the two characters before it (a "#", and
    # what stands before that): a run seen before is answered from ``seen``, so a text that
    # repeats an identifier reads it once (up to _RUNS_KEPT runs: distinct ones cost memory).
    runs = _ID_RUN_4 if shortest >= _ID_SHORTEST else _ID_RUN
    seen: dict[tuple[str, str], tuple[int, str] | None] = {}
    for run in runs.finditer(text):
        start = run.start()
        key = (text[start - 2 : start] if start > 1 else text[:start], run[0])
        if key in seen:
            got = seen[key]
        else:
            got = _run_id(text, start, run.end(), shortest)
            if len(seen) < _RUNS_KEPT:
                seen[key] = got
        if got is not None:
            yield start + got[0], got[1]


def _run_id(text: str, begin: int, stop: int, shortest: int) -> tuple[int, str] | None:
    """The identifier of the run text[begin:stop] (its offset from ``begin``, and its text)."""
    first, before = text[begin], text[begin - 1] if begin else " "
    if (first in _ASCII_LETTERS and before not in "@.#") or (
        first.isdecimal() and before not in "@.#$,"
    ):
        # The common run: it starts an identifier at its first character, and the letter and
        # the digit it holds (the run pattern saw both) cannot both be that character.
        token = text[begin:stop]
        ok = shortest <= 1 or len(token.rstrip("-_")) >= shortest
        return (0, token) if ok else None
    pos = max(0, begin - 1)  # one character before: a "#"
    while True:
        m = _ID_START.search(text, pos, stop)
        if m is None:
            return None
        rest = _ID_REST.match(text, m.end(), stop)
        assert rest is not None  # [\w-]* always matches
        end = rest.end()
        # From a letter the rest needs a digit; from a digit, a letter. When the rest of the
        # run has none, no later start in the same run can match either: skip the run.
        need = _DIGIT if m[0][-1].isalpha() else _LETTER
        if need.search(rest[0]) is not None:
            token = text[m.start() : end]
            if shortest <= 1 or len(token.rstrip("-_")) >= shortest:
                return m.start() - begin, token
            return None
        pos = max(end, m.end())


class _Spans:
    """A union of character spans; ``x in spans`` is a bisection, not a scan of every span."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for a, b in sorted(spans):
            if self.ends and a <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], b)
            else:
                self.starts.append(a)
                self.ends.append(b)

    def __contains__(self, x: int) -> bool:
        i = bisect_right(self.starts, x) - 1
        return i >= 0 and x < self.ends[i]
