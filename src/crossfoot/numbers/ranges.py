"""Ranges: "10-12%", "40 to 50 million", "between 9 and 10" read as one number with ``high``, and
what is not one ("from 40 to 50 million" is two numbers that share the unit, "776 - 773" and
"(6383-7167)/6383" are subtractions, "5 and 6" two numbers).

:func:`try_range` is asked by :func:`crossfoot.numbers.reading.read_number` after it read the
low end, and reads the high end with the same reader (passed in, so this module stays below it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from crossfoot.model.types import Kind
from crossfoot.numbers.around import Env
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import (
    BETWEEN_BACK_RE,
    CORE_RE,
    FROM_BACK_RE,
    OP_AFTER_RE,
    OP_BEFORE_BACK_RE,
    RANGE_CONN_RE,
    RANGE_NEXT_RE,
    RANGE_STARTS,
    text_before,
)

__all__ = ["try_range"]

#: How the high end is read: read_number(text, start, end, env, floor, allow_range).
Reader = Callable[[str, int, int, Env, int, bool], tuple[list[Num], int]]


def try_range(text: str, low: Num, env: Env, read_number: Reader) -> tuple[list[Num], int]:
    """Join "10-12%", "40 to 50 million", "between 9 and 10" into one number with ``high``."""
    if not text.startswith(RANGE_STARTS, low.end):
        return [low], low.end
    conn = RANGE_CONN_RE.match(text, low.end)
    if conn is None:
        return [low], low.end
    how = conn.lastgroup
    back = text_before(text, low.start)[::-1]  # for the backward forms of the \Z regexes
    if how == "and" and BETWEEN_BACK_RE.match(back) is None:
        return [low], low.end  # "5 and 6": two numbers
    if how == "to" and low.has_unit and FROM_BACK_RE.match(back) is not None:
        return [low], low.end  # "from $5m to $6m": two numbers, nothing to share
    nxt = RANGE_NEXT_RE.match(text, conn.end())
    core = CORE_RE.match(text, nxt.end()) if nxt is not None else None
    if core is None or core.group("num") is None:
        return [low], low.end
    highs, _ = read_number(text, core.start(), core.end(), env, low.end, False)
    if len(highs) != 1:
        return [low], low.end
    high = highs[0]
    if how in ("dash", "spaced") and (
        OP_BEFORE_BACK_RE.match(back) or OP_AFTER_RE.match(text, high.end) or high.negative
    ):
        return [low], low.end  # (6383-7167)/6383: a subtraction
    if how == "to" and FROM_BACK_RE.match(back) is not None:
        # "from 40 to 50 million": two numbers; the first borrows the unit of the second.
        if not low.has_unit and high.has_unit and high.kind != "year":
            _inherit(low, high)
        return [low], low.end
    joined = replace(low)  # a copy: a rejected range leaves the low end as it was written
    if not _join_units(joined, high) or joined.value() > high.value():
        return [low], low.end
    joined.high, joined.high_precision, joined.end = high.value(), high.precision(), high.end
    env.prev = joined
    return [joined], joined.end


def _join_units(low: Num, high: Num) -> bool:
    """Give both ends of a range one unit ("$1.2-1.5 billion"); False when they disagree."""
    if low.kind == "year" or high.kind == "year":
        return low.kind == high.kind
    if low.currency and high.currency and low.currency != high.currency:
        return False
    if low.scale_exp and low.scale_exp != high.scale_exp:
        return False  # "5 million to 6" or "5 million to 6 billion"
    low_kind = None if low.kind in ("number", "money") else low.kind
    high_kind = None if high.kind in ("number", "money") else high.kind
    if low_kind is not None and low_kind != high_kind:
        return False  # "5% to 6" is not a range of percents
    currency = low.currency or high.currency
    kind: Kind = high_kind or ("money" if currency else "number")
    for end in (low, high):
        end.kind, end.currency = kind, currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word
    return True


def _inherit(low: Num, high: Num) -> None:
    low.kind, low.currency = high.kind, low.currency or high.currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word
