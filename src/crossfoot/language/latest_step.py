"""A change said "month over month" (or "year over year", "QoQ") of a line of periods with no
period named: the latest step of the line, as a reader of a dashboard means it ("Revenue grew
10% month over month" over January to March is March against February).

``trace`` holds a change between result rows to the rows its sentence names (a pair of many
lands near any figure: ``front.trace_checks._unanchored``); a sentence that names no period
names none of them, so such a change was unsupported even when right. :func:`latest_step` lets
the one pair through that the words point at: the last two periods of the series, in rows next
to each other at the end of the result set (first or last: a query orders by period either
way), the later period the later operand. Any other pair, or a sentence that names a period,
is held to the names as before.

>>> says_period_over("Revenue grew 10% month-over-month."), says_period_over("Sales rose 5% YoY")
(True, True)
>>> names_a_period("Revenue grew 10% in Q3."), names_a_period("Revenue grew 10% month over month.")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.model.types import SourceValue

__all__ = ["latest_step", "names_a_period", "says_period_over"]

_UNITS = ("day", "week", "month", "quarter", "year")
_OVER = tuple(f"{u} {w} {u}" for u in _UNITS for w in ("over", "on"))
_SHORT = frozenset({"mom", "qoq", "yoy", "m/m", "q/q", "y/y"})
_WORD = re.compile(r"[a-z0-9/]+")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_PARTS = frozenset({"q1", "q2", "q3", "q4", "h1", "h2", "1h", "2h", "fy"})
_ORDINALS = frozenset({"first", "second", "third", "fourth", "last", "final", "latest"})


def says_period_over(text: str) -> bool:
    """Whether ``text`` names a change period over period ("month over month", "YoY")."""
    low = text.lower().replace("-", " ")
    return any(o in low for o in _OVER) or not _SHORT.isdisjoint(_WORD.findall(low))


def names_a_period(text: str) -> bool:
    """Whether ``text`` names a period of its own: a year, a month (full or short), a quarter or
    a half ("Q3", "the third quarter"), or a week or day by number."""
    low = text.lower()
    if _YEAR.search(low):
        return True
    words = [w.rstrip(".") for w in _WORD.findall(low)]
    if any(w in MONTH_NUMBERS or w in _PARTS for w in words):
        return True
    if any(a in ("week", "day") and b.isdigit() for a, b in pairwise(words)):
        return True  # ("week 3", "day 12")
    return bool({"quarter", "half", "week"} & set(words)) and not _ORDINALS.isdisjoint(words)


def _key(v: SourceValue) -> tuple[int, int] | None:
    """A cell's period, comparable: its row's (year, month or quarter code), or its row's
    year label."""
    if v.period is not None:
        return (v.period[0] or 0, v.period[1])
    row = (v.row or "").strip()
    return (int(row), 0) if len(row) == 4 and row.isdigit() else None


def latest_step(text: str, ops: Sequence[SourceValue], rows: int) -> bool:
    """Whether ``ops`` are the latest step of a series of ``rows`` result rows that ``text``
    names period over period and names no period in (module docstring)."""
    if len(ops) != 2 or rows < 3 or not says_period_over(text) or names_a_period(text):
        return False
    a, b = ops
    if (
        a.row_index is None
        or b.row_index is None
        or (a.source_id, a.col_index)
        != (
            b.source_id,
            b.col_index,
        )
    ):
        return False
    ka, kb = _key(a), _key(b)
    if ka is None or kb is None or kb <= ka:
        return False
    return (b.row_index, a.row_index) in ((rows - 1, rows - 2), (0, 1))
