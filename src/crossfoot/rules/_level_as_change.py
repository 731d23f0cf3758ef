"""A change the sentence states is not met by a level of the row it moves.

"Net income grew by $8.0M from 2020 to 2023" over a row of 8.0, 9.5, 7.0 and 10.2 ($M): the
figure equals 2020's cell, so it passed as ``supported_exact``, yet the row grew by $2.2M. A
model that quotes a level as the change makes this slip. When the words right before the
figure state it as a change ("grew by", "an increase of": ``language.changewords``), every cell
it met is one year's level of one series of years (a row under year columns, or a column beside
a row per year) whose labels name no change, and the sentence names that year and another of the
series (or only that year, whose series has the year before), the series' change over those
years is what the figure claims: when neither it nor its size falls in the claim's interval,
the figure is ``contradicted``, naming the change and the level it equals.

>>> from crossfoot import check
>>> t = '[["", "2020", "2021", "2022"], ["Net income", "8.0", "9.5", "7.0"]]'
>>> check("Net income fell by 8.0 from 2020 to 2022.", [t]).claims[0].status
'contradicted'
>>> check("Net income fell by 1.0 from 2020 to 2022.", [t]).passed
True
>>> check("Net income rose by 9.5 in 2021.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._year_mean import SPAN, cell_contradicted, year_series

__all__ = ["level_as_change"]

_SPAN = re.compile(rf"(?i)\b{SPAN}")

# words of a label that make its cells changes already ("Change", "Increase (decrease)", "%")
_CHANGE_LABEL = ("chang", "increas", "decreas", "growth", "variance", "differen", "%", "movement")


def level_as_change(ctx: ClaimContext, values: Sequence[SourceValue]) -> Verdict | None:
    """``contradicted`` when a figure stated as a change met only levels of one series and is
    off the series' change over the years the sentence names (module docstring); else None.
    Asked only when the figure is worded as a change."""
    if not values:
        return None
    v = values[0]
    if v.table is None or v.year is None or not _one_series(v, values):
        return None
    labels = " ".join(f"{w.row or ''} {w.column or ''}" for w in values).lower()
    if any(w in labels for w in _CHANGE_LABEL):
        return None
    series = year_series(ctx, v)
    years = {w.year for w in values}
    if not years <= set(series):
        return None
    said = ctx.sentence.text
    named = sorted({int(y) for y in YEAR.findall(said)} & set(series))
    if not years <= set(named) and not _span_of_named(said, v, named):
        return None
    if len(named) == 1:
        if years != {named[0]}:
            return None
        before = [y for y in series if y < v.year]
        if not before:
            return None
        named = [max(before), v.year]
    elif not named:
        return None
    first, last = series[named[0]], series[named[-1]]
    change = last - first
    lo, hi = claim_interval(ctx)
    if lo <= change <= hi or lo <= abs(change) <= hi:
        return None
    if ctx.mention.kind == "percent" and first:  # "margin rose 12%" of 10.7% -> 12.0%: +12.1 %
        relative = change / abs(first) * 100
        if lo <= relative <= hi or lo <= abs(relative) <= hi:
            return None
    shown = format_decimal(change.normalize())
    why = (
        f"the sentence states the figure as a change; the series' change from {named[0]} to "
        f"{named[-1]} is {shown}, and the figure is {v.describe()}, one year's level"
    )
    return cell_contradicted(v, why)


def _span_of_named(said: str, v: SourceValue, named: Sequence[int]) -> bool:
    """Whether the sentence states a change over a span of two years of ``v``'s series that it
    names ("Net income rose by $9.5M from 2022 to 2023": 2021's level is no answer to it); a
    level of a year outside the span is then held to the span's change. Without a span
    ("rose 12% in 2023 and fell 8.2% in 2024") or the series' name, a level of another year
    may be another line's."""
    if len(named) < 2 or _SPAN.search(said) is None:
        return False
    label = v.row if v.column is None or v.year == _year_of(v.column) else v.column
    need = required_tokens(label or "")
    return bool(need) and need <= frozenset(tokens(said))


def _year_of(label: str) -> int | None:
    found = YEAR.search(label)
    return int(found.group(1)) if found else None


def _one_series(v: SourceValue, values: Sequence[SourceValue]) -> bool:
    """Whether every cell of ``values`` is a year's level of ``v``'s series: one row (or one
    column, in a table with a row per year) of one table, each with its year ("fell by between
    7 and 8" meets 2022's 7.0 and 2020's 8.0)."""
    where = (v.source_id, v.table)
    if any(w.year is None or (w.source_id, w.table) != where for w in values):
        return False
    return all(w.row_index == v.row_index for w in values) or all(
        w.col_index == v.col_index for w in values
    )
