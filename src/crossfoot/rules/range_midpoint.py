"""A figure called the midpoint of a range is the mean of the range's two ends.

"The company expects revenue of $18.9 billion to $19.3 billion ... the midpoint of the outlook is
$19.3 billion" passed: $19.3 billion is a source value (the range's high end), and the word that
makes it the middle went unread; the right midpoint, $19.1 billion, was no source value at all
and was unsupported. A figure whose clause says "midpoint" ("mid-point", "the middle of", not
of a time: "by the middle of 2024") is:

- ``derived`` when it is the mean of the two ends of a range the sources state ("a range of
  $18.9 billion to $19.3 billion", "between 4% and 6%"), of its kind, at its stated precision;
- ``contradicted`` when no such mean meets it but it is one end of such a range ("the midpoint
  is $19.3 billion"): the message gives the range and its midpoint.

Otherwise the other rules judge it. Runs before the direct match, which an end would meet.

>>> import crossfoot
>>> src = "Acme expects full-year revenue of $18.9 billion to $19.3 billion."
>>> crossfoot.check("The midpoint of the outlook is $19.1 billion.", [src]).passed
True
>>> crossfoot.check("The midpoint of the outlook is $19.3 billion.", [src]).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._low import sentence_low
from crossfoot.sources.prose import UPPER_END

__all__ = ["range_midpoint"]

# "the middle of" a range; not of a time ("by the middle of 2024", "in the middle of the year")
_MID = re.compile(
    r"(?i)\b(?:mid-?\s?points?|middle\s+of(?!\s+(?:the\s+|this\s+|that\s+|next\s+|last\s+)?"
    r"(?:(?:fiscal\s+)?(?:19|20)\d\d|fy\w*|q[1-4]|h[12]|(?:year|quarter|month|week|decade|"
    r"season|day|period)s?|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b))\b"
)
_TWO = Decimal(2)


def range_midpoint(ctx: ClaimContext) -> Verdict | None:
    """The midpoint's verdict (module docstring), or None."""
    s, m = ctx.sentence, ctx.mention
    if "mid" not in sentence_low(ctx) or m.high is not None or m.kind == "year":
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if _MID.search(ctx.text, lo, hi) is None:
        return None
    ranges = _ranges(ctx, kind_family(m.kind))
    if not ranges:
        return None
    for low, high in ranges:
        mid = (low.value + high.value) / _TWO
        if agrees(abs(m.value), abs(mid), m.precision):
            formula = f"({low.describe()} + {high.describe()}) / 2 = {format_decimal(mid)}"
            return Verdict("derived", Evidence("derive", "mean", formula, (low, high), mid))
    for low, high in ranges:
        if any(agrees(abs(m.value), abs(v.value), m.precision) for v in (low, high)):
            mid = (low.value + high.value) / _TWO
            note = (
                f"the figure is an end of the range {format_decimal(low.value)} to "
                f"{format_decimal(high.value)}, whose midpoint is {format_decimal(mid)}"
            )
            ev = Evidence(
                "derive", "mean", f"({low.describe()} + {high.describe()}) / 2", (low, high), mid
            )
            return Verdict("contradicted", ev, note)
    return None


def _ranges(ctx: ClaimContext, family: str) -> list[tuple[SourceValue, SourceValue]]:
    """The ranges the sources state, as (low end, high end) values of the claim's kind: the high
    end carries the prose reader's mark, the low end shares its span."""
    highs: dict[tuple[str, tuple[int, int]], SourceValue] = {}
    lows: dict[tuple[str, tuple[int, int]], SourceValue] = {}
    for v in ctx.scope.values():
        if v.span is None or kind_family(v.kind) != family or v.view == "written":
            continue
        key = (v.source_id, v.span)
        if v.label.endswith(UPPER_END):
            highs.setdefault(key, v)
        else:
            lows.setdefault(key, v)
    return [(lows[k], h) for k, h in highs.items() if k in lows]
