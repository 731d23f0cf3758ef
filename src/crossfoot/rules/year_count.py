"""A count of years written in digits that the text's own years give: "the average discount rate
for the 3 years from 2017 to 2019", "over the 3-year period from 2017 to 2019", "the average
share capital across the 2 years" (of a table of two years). Answers restate the question's span
so; the "3" is no value of the data, and it failed as unsupported.

The count is read after "the", "all", "these", "those", "past", "last", "previous" or "prior"
and before "year(s)" (or "fiscal years", "-year"), and it is right when it is the number of years
the sentence (with the one before it and the question) names, or the span from the first to the
last of them (only that, for a range: "from 2017 to 2019"); when the text names fewer than two
years, the number of years of the data in scope. Any other count is left to the other
rules (unsupported, as before).

>>> import json, crossfoot
>>> grid = [["", "2019", "2018", "2017"], ["Discount rate", "2.5%", "2.4%", "3.2%"]]
>>> s = "The average discount rate for the {} years from 2017 to 2019 was 2.7%."
>>> [c.status for c in crossfoot.check(s.format(3), [json.dumps(grid)]).claims]
['derived', 'derived']
>>> [c.status for c in crossfoot.check(s.format(2), [json.dumps(grid)]).claims]
['unsupported', 'derived']
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence

__all__ = ["year_count"]

_YEARS_AFTER = re.compile(r"(?:\s+|\s*-\s*)(?:fiscal\s+|calendar\s+)?years?\b", re.IGNORECASE)
_DETERMINERS = frozenset(
    {"the", "all", "these", "those", "past", "last", "previous", "prior", "each", "of"}
)
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\s*$")
# "from 2017 to 2019", "2017-2019", "2017 through 2019": a range, counted by its span only
_RANGE = re.compile(
    r"(?:19|20)\d\d\s*(?:to|through|thru|until|-|–|—)\s*(?:fiscal\s+)?(?:19|20)\d\d"
)
_MOST = 50  # a count of years above this is no span of a report's years


def year_count(ctx: ClaimContext) -> Verdict | None:
    """``derived`` for a count of years the text's years (or the data's) give, else None."""
    m = ctx.mention
    if (
        m.kind != "number"
        or not 2 <= m.value <= _MOST
        or m.value != m.value.to_integral_value()
        or not m.text.strip().isdigit()
    ):
        return None
    text = ctx.text
    if _YEARS_AFTER.match(text, m.end) is None:
        return None
    before = _WORD_BEFORE.search(text, max(0, m.start - 16), m.start)
    if before is None or before.group(1).lower() not in _DETERMINERS:
        return None
    n = int(m.value)
    for count, what in _counts(ctx):
        if count == n:
            formula = f"{n} = {what}"
            return Verdict("derived", Evidence("year_count", "count", formula, (), Decimal(n)))
    return None


def _counts(ctx: ClaimContext) -> list[tuple[int, str]]:
    """The counts of years the text gives (the span of a range it writes, "from 2017 to
    2019"; else the years it lists), else the data's years, with what each counts."""
    words = focus_text(ctx)
    asked = ctx.shared.get("ask.text")
    if isinstance(asked, str):
        words = f"{words} {asked}"
    named = sorted(set(years_in_text(words)))
    if len(named) >= 2:
        first, last = named[0], named[-1]
        span = (last - first + 1, f"the years from {first} to {last}")
        if _RANGE.search(words):
            return [span]
        return [(len(named), f"the years the text names ({', '.join(map(str, named))})"), span]
    data = _data_years(ctx)
    if len(data) >= 2:
        return [(len(data), f"the years of the data ({', '.join(map(str, data))})")]
    return []


def _data_years(ctx: ClaimContext) -> list[int]:
    """The distinct years of the values in scope, read once per scope."""
    memo: dict[int, tuple[object, list[int]]]
    memo = ctx.shared.setdefault("year_count.data", {})  # type: ignore[assignment]
    index = ctx.scope.index
    hit = memo.get(id(index))
    if hit is not None and hit[0] is index:
        return hit[1]
    years = sorted({v.year for v in index.values if v.year is not None})
    memo[id(index)] = (index, years)
    return years
