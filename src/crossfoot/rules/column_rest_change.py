"""The change of a column's whole less the rows a sentence leaves out: "Excluding Cloud, revenue
grew 2.5%", "Sales outside North fell 3.1% from 2023 to 2024".

``rules.column_rest`` holds a level of one year ("Excluding North, sales totalled 7,593 in
2023"); a percentage of a sentence that words the same exclusion is the relative change of that
rest between two years: the years the sentence names (two), the one it names and the year
before it, or the table's two years when it names none. The whole of each year is the column's
total line, else the sum of its rows (``rules._column_whole``); the rows left out are those
named after the exclusion word (one to three rows of one table). Met at the figure's stated
precision, in the direction the sentence words (none worded: either); anything else is left to
the other rules.

>>> from crossfoot import check
>>> t = ('[["Segment", "2023", "2024"], ["Cloud", "300", "400"], ["Devices", "490", "500"],'
...      ' ["Services", "310", "320"], ["Total", "1,100", "1,220"]]')
>>> check("Excluding Cloud, revenue grew 2.5%.", [t]).claims[0].status
'derived'
>>> check("Excluding Cloud, revenue grew 10.9%.", [t]).passed
False
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.direction import stated_direction
from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._column_whole import column_part_whole
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._row_order import named_rows, one_part
from crossfoot.rules.column_rest import _LEAVING, _UNTIL, leaves_out

__all__ = ["column_rest_change"]

_HUNDRED = Decimal(100)


def column_rest_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: the relative change of a column's whole less the rows left out (module
    docstring)."""
    m = ctx.mention
    if m.kind != "percent" or m.high is not None or not m.claim or m.value == 0:
        return None
    s = ctx.sentence
    if not leaves_out(s.text) or not ctx.options.allow_derived:
        return None
    if not kind_allowed(ctx, "percent_change"):
        return None
    left = _LEAVING.search(ctx.text, s.start, s.end)
    if left is None or left.start() > m.start:
        return None
    named = _UNTIL.match(ctx.text, left.end(), s.end)
    rows = named_rows(named.group(0) if named else "", ctx.scope.index.values)
    if not one_part(rows):
        return None
    pair = _years({y for cells in rows.values() for y in cells}, s.text)
    if pair is None:
        return None
    rests = [_rest([cells[y] for cells in rows.values()], ctx) for y in pair]
    if rests[0] is None or rests[1] is None or rests[0][0] <= 0 or rests[1][0] <= 0:
        return None
    (early, used_a), (late, used_b) = rests[0], rests[1]
    change = (late - early) / early * _HUNDRED
    said = stated_direction(ctx.text, s.start, s.end, m.start, m.end)
    if said == "down" or (said is None and m.negative):
        change = -change
    elif said is None:
        change = abs(change)
    lo, hi = claim_interval(ctx)
    if not lo <= change <= hi:
        return None
    formula = (
        f"% change of the whole less the rows left out: {format_decimal(early)} ({pair[0]}) "
        f"-> {format_decimal(late)} ({pair[1]}) = {fmt_result(ctx, change)}%"
    )
    ev = Evidence(
        "derive", "percent_change", formula, (*used_a, *used_b), change, "a whole less the rows"
    )
    return Verdict("derived", ev)


def _years(have: set[int], sentence: str) -> tuple[int, int] | None:
    """The two years of the change: the two the sentence names, the one it names and the year
    before, or the rows' two years when it names none."""
    said = sorted({int(y) for y in YEAR.findall(sentence)})
    if len(said) == 2:
        pair = (said[0], said[1])
    elif len(said) == 1:
        pair = (said[0] - 1, said[0])
    elif len(have) == 2:
        a, b = sorted(have)
        pair = (a, b)
    else:
        return None
    return pair if set(pair) <= have else None


def _rest(
    parts: list[SourceValue], ctx: ClaimContext
) -> tuple[Decimal, tuple[SourceValue, ...]] | None:
    """One year's whole less ``parts``, with the values used, or None."""
    found = column_part_whole(ctx.scope.index.values, parts)
    if found is None:
        return None
    whole, total, column = found
    rest = whole - sum((p.value for p in parts), Decimal(0))
    used = (total, *parts) if total is not None else tuple(column.values())
    return rest, used
