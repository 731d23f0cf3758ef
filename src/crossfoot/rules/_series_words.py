"""The years a mean or total worded over a series covers, as the sentence says them.

"Net income was $9.5M in 2021, against an average of $8.7M": the year is the first figure's; the
average, worded after it, is over the series (every year, or the span it names: "its average
over 2020-2023"), so 2021 does not narrow the average's derivation (:func:`series_years`).
"Net income averaged $8.7M over the last two years": the span limits the mean (and a total,
"totalled $X over the last two years") to the latest (or first) N years of the series
(:func:`span_said`, read by ``rules._series_span``).

>>> from crossfoot.numbers.extract import extract
>>> t = "Net income was $9.5M in 2021, against an average of $8.7M."
>>> ms = [m for m in extract(t) if m.kind != "year"]
>>> series_years(t, ms[1], ms, 0, {2021}), series_years(t, ms[0], ms, 0, {2021})
(set(), {2021})
>>> t = "In 2021 it was $9.5M, above its average of $8.7M over 2020-2023."
>>> ms = [m for m in extract(t) if m.kind != "year"]
>>> sorted(series_years(t, ms[1], ms, 0, {2020, 2021, 2023}))
[2020, 2023]
>>> span_said("Net income averaged $8.7M over the last two years.")
('last', 2)
>>> span_said("Net income averaged $8.2M over the first 3 years.")
('first', 3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.years import years_in_text
from crossfoot.model.types import Mention
from crossfoot.numbers.words import SMALL_NUMBERS

__all__ = ["relative_span", "series_years", "span_said"]

# a mean worded as of a series: "an average of", "the four-year average", "its average over"
_MEAN = re.compile(r"(?i)\b(?:averag(?:e|ed|ing)|mean)\b")
_SPAN = re.compile(
    r"(?i)\b(last|past|first|prior|previous)\s+(\d{1,2}|[a-z]+)\s+(?:fiscal\s+)?years\b"
)


def _mean_before(text: str, mention: Mention, others: Sequence[Mention], start: int) -> int | None:
    """Where the mean's words sit, when they come after another figure of the sentence and
    the claim is the first figure after them; else None."""
    found = [w.start() for w in _MEAN.finditer(text, start, mention.start)]
    if not found:
        return None
    at = found[-1]
    before = [o for o in others if o.start < at and o.claim and o.start != mention.start]
    between = [o for o in others if at <= o.start < mention.start]
    return at if before and not between else None


def series_years(
    text: str, mention: Mention, others: Sequence[Mention], start: int, years: set[int]
) -> set[int]:
    """The years a claim's derivation may use: ``years`` (the sentence's), but for a mean worded
    after another figure, the one year named before the words tied to that figure: then the
    years named after the words (two or more: a span), else none (the whole series)."""
    low = text[start : mention.start].lower()  # (the mean's words come before the claim)
    if not years or ("averag" not in low and "mean" not in low):
        return years
    at = _mean_before(text, mention, others, start)
    if at is None:
        return years
    after = set(years_in_text(text[at : mention.start + 200])) & years
    if len(after) == 1 or len(years - after) != 1:
        return years  # "the 2022 average of": a year's own; "in 2021 and 2022 ...": a span
    return after


def relative_span(text: str) -> tuple[str, int] | None:
    """The relative span of years ``text`` words ("over the last two years", "the first 3
    years"): ("first" or "last", its count, 0 for a count no number word gives: "the last few
    years"); None when it words none. (``rules._year_mean`` reads spans by it too.)

    >>> relative_span("over the past few years"), relative_span("in 2021")
    (('last', 0), None)
    """
    if "years" not in text.lower():
        return None
    m = _SPAN.search(text)
    if m is None:
        return None
    word = m.group(2).lower()
    n = int(word) if word.isdigit() else SMALL_NUMBERS.get(word, 0)
    return ("first" if m.group(1).lower() == "first" else "last", n)


def span_said(text: str) -> tuple[str, int] | None:
    """A relative span of years of two or more ("over the last two years", "the first 3
    years")."""
    span = relative_span(text)
    return span if span is not None and span[1] >= 2 else None
