"""The quarters of named years a sentence names, and a change's operands that fit them.

"Revenue was $540.8 million in Q3 2023, up 4% compared with Q3 2022" over columns "Q3 2023",
"Q2 2023", "Q3 2022": the change runs from Q3 2022 to Q3 2023. Years alone (rules._derive_shared
``focus_ok``) let a change from Q3 2022 to Q2 2023 pass, a quarter the sentence never names. When
a sentence names quarters with their years ("Q3 2023", "3Q23", "the third quarter of 2022") and
no quarter without one, a change between operands of quarter columns or rows
(``SourceValue.period``) must run between named quarters; when it names one, that quarter is an
end of the change and the other end is next to it: the quarter before or after it (sequential,
"up 4% compared with Q2 2023") or the same quarter a year before or after (year over year).

>>> sorted(named_quarters("Up 4% in Q3 2023 compared with the third quarter of 2022 and 4Q'22."))
[(2022, 3), (2022, 4), (2023, 3)]
>>> sorted(named_quarters("Up 4% in 3Q23 compared with Q2 FY23."))
[(2023, 2), (2023, 3)]
>>> named_quarters("Up 4% in Q3 compared with Q3 2022.") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.period_columns import HALF, QUARTER
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._day_focus import days_fit

__all__ = ["named_quarters", "periods_fit"]

_Q = (
    r"(?:q(?P<q>[1-4])|(?P<q2>[1-4])q|(?P<ord>first|second|third|fourth)\s+(?:fiscal\s+)?quarter"
    r"(?:\s+of)?)"
)
_QUARTER_YEAR = re.compile(
    rf"(?i)\b{_Q}\s*(?:,\s*)?(?:(?:fiscal\s+|fy\s*)?(?P<year>(?:19|20)\d\d)\b"
    r"|(?:fy\s*|')(?P<yy>\d\d)\b|(?<=q)(?P<yy2>\d\d)\b)?"  # ("Q3 FY23", "4Q'22", "3Q23")
)
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}


def named_quarters(text: str) -> frozenset[tuple[int, int]] | None:
    """The (year, quarter) pairs ``text`` names, or None when it names a quarter without its
    year (which year is then the reader's guess); empty when it names none."""
    low = text.lower()
    if "q" not in low and "quarter" not in low:
        return frozenset()
    out: set[tuple[int, int]] = set()
    for m in _QUARTER_YEAR.finditer(text):
        yy = m["yy"] or m["yy2"]
        year = m["year"] or (f"20{yy}" if yy else None)
        if year is None:
            return None
        q = int(m["q"] or m["q2"]) if m["q"] or m["q2"] else _ORDINAL[m["ord"].lower()]
        out.add((int(year), q))
    return frozenset(out)


def _next_to(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether quarter ``b`` is the one before or after ``a``, or ``a``'s a year apart."""
    step = abs((a[0] * 4 + a[1]) - (b[0] * 4 + b[1]))
    return step in (1, 4)


def quarters_fit(ctx: ClaimContext, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether a change's operands of quarter periods run between the quarters the claim's
    sentence names (module docstring); True when it is no change, names none, or no operand
    is of a quarter."""
    if not change:
        return True
    held = [
        (p[0], p[1] - QUARTER)
        for v in operands
        if (p := v.period) is not None and p[0] is not None and QUARTER < p[1] < HALF
    ]
    if len(held) < 2:
        return True
    memo: dict[tuple[int, int], frozenset[tuple[int, int]] | None]
    memo = ctx.shared.setdefault("quarter_focus.named", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    if key not in memo:
        memo[key] = named_quarters(ctx.sentence.text)
    said = memo[key]
    if not said:
        return True
    if len(said) >= 2:
        return all(q in said for q in held)
    (one,) = said
    return one in held and all(q == one or _next_to(one, q) for q in held)


def periods_fit(ctx: ClaimContext, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether the operands fit the days (rules._day_focus) and the quarters of named years
    the claim's sentence names."""
    return days_fit(ctx, operands, change) and quarters_fit(ctx, operands, change)
