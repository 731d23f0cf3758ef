"""A mean or total over a series' years holds all the years it is worded over.

"Net income averaged $8.7M over the last two years" over 2020-2023 cells 8.0, 9.5, 7.0, 10.2:
the four years' mean (8.675) is no mean of the last two (8.6). "Net income was $9.5M in 2021,
against an average of $9.9M": the average is over the series, not of 2021 and 2023 (9.85). A
derivation of a mean or sum (``rules.derive``, ``rules.multi``) whose operands are year cells
of one series is kept only when they are the years the sentence's words cover
(``rules._series_words``): the latest or first N of the series, or every year of it.

>>> import json
>>> from crossfoot import check
>>> g = [["", "2020", "2021", "2022", "2023"], ["Net income", "8.0", "9.5", "7.0", "10.2"]]
>>> t = json.dumps(g)
>>> check("Net income averaged 8.7 over the last two years.", [t]).passed
False
>>> check("Net income averaged 8.6 over the last two years.", [t]).passed
True
>>> check("Net income was 9.5 in 2021, against an average of 8.7.", [t]).passed
True
>>> check("Net income was 9.5 in 2021, against an average of 9.9.", [t]).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._series_words import series_years, span_said
from crossfoot.rules._year_mean import year_series

__all__ = ["span_fits"]


def _mode(ctx: ClaimContext) -> tuple[str, int] | None:
    """("last", n) / ("first", n) for a span the sentence names, ("all", 0) for a mean worded
    over the series after a figure the sentence's year is tied to, else None."""
    key = "series.mode"
    if key in ctx.notes:
        return ctx.notes[key]  # type: ignore[return-value]
    s = ctx.sentence
    mode: tuple[str, int] | None = span_said(s.text)
    low = s.text.lower()
    if mode is None and ("averag" in low or "mean" in low):
        others = [m for m in ctx.sentence_mentions if m.kind != "year"]
        years = set(years_in_text(s.text))
        if years and not series_years(ctx.text, ctx.mention, others, s.start, years):
            mode = ("all", 0)
    ctx.notes[key] = mode
    return mode


def span_fits(ctx: ClaimContext, operands: Sequence[SourceValue]) -> bool:
    """Whether a mean or sum's operands cover the years the sentence words it over; True when
    it words no such span or the operands are no year cells of one series."""
    mode = _mode(ctx)
    if mode is None or not operands or any(v.year is None for v in operands):
        return True
    series = year_series(ctx, operands[0])
    if not series:
        return True
    years = sorted(series)
    which, n = mode
    if which == "all":
        want = years
    elif n > len(years):
        return True  # "over the past five years" of a table of three: left as it was
    else:
        want = years[:n] if which == "first" else years[-n:]
    return sorted(v.year or 0 for v in operands) == want
