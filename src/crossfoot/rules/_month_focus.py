"""The one month (or quarter) a sentence names, and operands that fit it: rows of a result set
by month or by quarter.

"The return rate in North was 3.6% in February" over rows of January and February: the rate is
of February's row, not January's (3.1%). Years narrow a derivation's operands
(rules._derive_shared.focus_ok); a month named alone narrows those whose row has a month
(``SourceValue.period``, set for a result set with a column of months): the named month, and for
a change ("rose 4.6% in February") the month before it too, where it starts. A quarter ("in Q2")
narrows the same way, to rows of that quarter (``QUARTER + q``) and, for a change, the one before.

>>> one_month("The rate was 3.6% in February."), one_month("from January to February")
(2, None)
>>> one_month("Average order value in Q2 was $166.67."), one_month("from Q1 to Q2")
(102, None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from crossfoot.language.period_columns import HALF, named_parts
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._sub_period_focus import named_sub_periods
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import DAY, QUARTER

if TYPE_CHECKING:
    from crossfoot.model.context import ClaimContext
    from crossfoot.rules._rowsums_tables import _Table

__all__ = [
    "claim_months",
    "focus_months",
    "in_named_month",
    "months_fit",
    "months_in",
    "one_month",
    "period_row",
]


def one_month(text: str) -> int | None:
    """The month (1-12) or quarter (``QUARTER + q``) ``text`` names when it names one period
    and that period is a month or a quarter."""
    if not _may_name_month(text):
        return None
    named = named_month(text)
    months = {code for _, code in named if code < DAY}
    if len(named) != 1 or len(months) != 1:
        return None
    # ("the second and first quarter": two quarters, each of which named_month reads alone)
    return next(iter(months)) if len(named_sub_periods(text)) < 2 else None


def focus_months(text: str) -> int | tuple[int, int] | None:
    """:func:`one_month`, or the two parts of a year of one kind ``text`` names and no other
    ("rose 6.7% from Q2 to Q3", "between January and March"): a change runs between them.

    >>> focus_months("It rose 6.7% from Q2 to Q3."), focus_months("from Q1 to H2")
    ((102, 103), None)
    """
    one = one_month(text)
    if one is not None or not _may_name_month(text):
        return one
    codes = sorted(named_parts(text))
    if len(codes) != 2 or codes[0] // QUARTER != codes[1] // QUARTER:
        return None
    return (codes[0], codes[1])


def claim_months(ctx: ClaimContext, others: Sequence[Mention]) -> int | tuple[int, int] | None:
    """:func:`focus_months` of the claim's sentence, or the month (quarter) named right after
    the claim's figure when another figure of ``others`` names a different one right after it:
    "Orders fell 5.2% in March, then rose 17.2% in April" (each figure of its own month, as
    rules._claim_year.own_year reads years).
    """
    whole = focus_months(ctx.sentence.text)
    if isinstance(whole, int):
        return whole
    return own_month(ctx.text, ctx.mention, others) or whole


def own_month(text: str, mention: Mention, others: Sequence[Mention]) -> int | None:
    """The month named right after ``mention`` when another of ``others`` names another.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Orders fell 5.2% in March, then rose 17.2% in April."
    >>> ms = extract(t)
    >>> [own_month(t, m, ms) for m in ms]
    [3, 4]
    """
    own = _month_after(text, mention)
    if own is None:
        return None
    for m in others:
        if m.start != mention.start and (o := _month_after(text, m)) is not None and o != own:
            return own
    return None


_AFTER = re.compile(
    r"\s*(?:in|during|for)\s+(?:the\s+month\s+of\s+)?(?:[A-Z][a-z]{2,8}\b\.?|Q[1-4]\b)"
)


def _month_after(text: str, m: Mention) -> int | None:
    """The one month or quarter named right after ``m`` ("5.2% in March"), else None."""
    after = _AFTER.match(text, m.end)
    return None if after is None else one_month(after.group(0))


_MONTH_STEMS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_QUARTER_STEMS = ("q1", "q2", "q3", "q4")
_PART_STEMS = ("quarter", "half", "h1", "h2", "1h", "2h")  # (and halves: language.period_columns)


def _may_name_month(text: str) -> bool:
    low = text.lower()
    return any(stem in low for stem in (*_MONTH_STEMS, *_QUARTER_STEMS, *_PART_STEMS))


_PERIOD_LABEL = re.compile(r"\s*(?:[A-Za-z]{3,9}\.?|Q[1-4]|H[12])(?:\s+(?:19|20)\d\d)?\s*")


def period_row(v: SourceValue) -> bool:
    """Whether ``v``'s row is labelled by its month or quarter alone ("March", "Q2 2024"): the
    sentence names such a row as a period, which ``months_fit`` reads, not as a line whose
    cells alone a derivation may use (rules._derive_shared.focus_ok).

    >>> from decimal import Decimal
    >>> period_row(SourceValue(Decimal(1), "R", row="March", period=(2024, 3)))
    True
    >>> period_row(SourceValue(Decimal(1), "R", row="North", period=(2024, 3)))
    False
    """
    row = v.row
    if v.period is None or not row or _PERIOD_LABEL.fullmatch(row) is None:
        return False
    return one_month(row) is not None


def _before(code: int) -> int:
    """The month or quarter before ``code`` (December before January, Q4 before Q1)."""
    if code > HALF:
        return HALF + 3 - (code - HALF)  # (H2 before H1 of the next year)
    if code > QUARTER:
        return QUARTER + 4 if code == QUARTER + 1 else code - 1
    return 12 if code == 1 else code - 1


_PARTS = (12, 4, 2)  # the months, quarters and halves of a year


def months_fit(month: int | tuple[int, ...], operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether every operand with a month (or quarter) of its row is of ``month`` (or, for a
    change, of the one before it).

    >>> from decimal import Decimal
    >>> feb = SourceValue(Decimal(41), "R1", period=(2024, 2))
    >>> jan = SourceValue(Decimal(37), "R1", period=(2024, 1))
    >>> cases = [(feb, feb, False), (jan, feb, False), (jan, feb, True)]
    >>> [months_fit(2, (a, b), change) for a, b, change in cases]
    [True, False, True]
    """
    if isinstance(month, tuple):  # two named: every operand of their kind is of one of them
        allowed, month = month, month[-1]
    else:
        allowed = (month, _before(month)) if change else (month,)
    unit = month // QUARTER  # a month, a quarter or a half (language.period_columns)
    # (a day, or a month where a quarter is named: not this reading's)
    codes = {p[1] for v in operands if (p := v.period) is not None and p[1] // QUARTER == unit}
    if unit and not _finer_inside(operands, unit, allowed):
        return False  # "H1 revenue": of Q1 and Q2, not of Q1 and Q3
    if not change and month in codes and len(codes) == _PARTS[unit]:
        return True  # every part of the year: the year's total ("Q1 as a share of the year")
    return codes <= set(allowed)


def months_in(code: int) -> range:
    """The months (1-12) of a month, quarter or half code.

    >>> list(months_in(101)), list(months_in(202))
    ([1, 2, 3], [7, 8, 9, 10, 11, 12])
    """
    return _months(code)


def _months(code: int) -> range:
    """The months of a month, quarter or half code."""
    unit, n = divmod(code, QUARTER)
    size = (1, 3, 6)[unit]
    return range(size * (n - 1) + 1, size * n + 1)


def _finer_inside(operands: Sequence[SourceValue], unit: int, allowed: Sequence[int]) -> bool:
    """Whether every operand of a finer period (a quarter where a half is named, a month where
    a quarter or a half is) lies inside one of the ``allowed`` periods."""
    months = {m for code in allowed for m in _months(code)}
    for v in operands:
        p = v.period
        if p is not None and p[1] < DAY and p[1] // QUARTER < unit:
            if not set(_months(p[1])) <= months:
                return False
    return True


def in_named_month(table: _Table, sentence: str, named: list[int]) -> list[int]:
    """The rows of ``named`` (rows a sentence names by label) in the one month it names, when
    some are: "North's revenue per order was $122.64 in February" is North's February row."""
    if len(named) < 2:
        return named
    month = one_month(sentence)
    if month is None:
        return named
    rows = set(table.period_index().get(("month", month), ()))
    kept = [i for i in named if i in rows]
    return kept or named
