"""A hedged figure rounded twice: "about 0.285" for 0.28448, by way of "0.2845".

An answer that computes a figure to four significant digits and then states it rounded ("the
ratio is 0.2845, so about 0.285") rounds twice, and half up the second time: the true 0.28448
is 0.284 at three digits, yet "about 0.285" is how the rounding reads. The figure is wrong at
its stated precision by less than a twentieth of a unit, a step the hedge itself announces. So
a figure that "about" (or "approximately", "~", "≈") precedes, stated to about three
significant digits or finer, that no rule grounds, is read once more as the four-digit figure
it would round from half up, half a unit nearer zero ("about 0.285" as 0.2845, "about -0.207"
as -0.2065, "about 35,800 million" as 35,750 million), at that figure's precision (a twentieth
of the unit), and checked again as a source value or a derivation under the usual limits, with
the chance budget of a four-digit figure. The evidence's note names the reading. A bound
("more than 28.5%") and an unhedged figure are never read so: without the hedge, a last digit
half a unit off is a wrong figure (``rules.answer_round`` judges a final one cut short).

>>> from crossfoot import check
>>> table = '[["", "2023", "2024"], ["Cost", "11,600", "14,900"]]'
>>> check("Cost rose about 28.5% from 2023 to 2024.", [table]).passed
True
>>> check("Cost rose about 28.6% from 2023 to 2024.", [table]).passed
False
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Rule, Verdict
from crossfoot.model.types import PASSING_STATUSES, Evidence
from crossfoot.rules._near import three_digits
from crossfoot.rules.cross_source import across_sources
from crossfoot.rules.derive import two_operand
from crossfoot.rules.direct import direct_match
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.part_of_change import part_of_change
from crossfoot.rules.part_of_sum import part_of_sum
from crossfoot.rules.sum_share import sum_share

__all__ = ["twice_rounded"]

# The hedge right before the figure (its currency sign and minus between): "about", "~", "≈".
_HEDGE = re.compile(
    r"(?:\babout|\bapproximately|\bapprox\.?|\broughly|\baround|\bcirca|~|≈)\s*[-−]?\s*"
    r"[$€£¥₹]?\s*\Z",
    re.IGNORECASE,
)
_KINDS = frozenset({"money", "number", "percent"})
_TWENTIETH = Decimal("0.1")  # the four-digit reading's half unit, over the figure's half unit
_AGAIN: tuple[Rule, ...] = (
    direct_match,
    two_operand,
    multi_operand,
    across_sources,
    part_of_sum,
    part_of_change,
    sum_share,
)


def twice_rounded(ctx: ClaimContext) -> Verdict | None:
    """Rule: a hedged figure read as the four-digit figure it rounds from (module docstring)."""
    m = ctx.mention
    if not m.approximate or m.high is not None or not m.claim or m.kind not in _KINDS:
        return None
    if not three_digits(m) or _HEDGE.search(ctx.text, max(0, m.start - 16), m.start) is None:
        return None
    half = m.precision  # the reader's window of a hedged figure: half its last stated digit
    toward_zero = half if m.value > 0 else -half
    value = m.value - toward_zero
    written = abs(value) / m.scale if m.scale else m.written
    read = replace(m, value=value, precision=half * _TWENTIETH, written=written, approximate=False)
    again = replace(ctx, mention=read)
    for rule in _AGAIN:
        verdict = rule(again)
        if verdict is None:
            continue
        if verdict.status not in PASSING_STATUSES or verdict.evidence is None:
            return None  # the four-digit reading is judged wrong (a row, a direction): no pass
        return Verdict(verdict.status, _noted(verdict.evidence, read.value))
    return None


def _noted(ev: Evidence, read: Decimal) -> Evidence:
    note = f"a hedged figure rounded twice: read as {read.normalize():f}, rounded half up"
    return replace(ev, note=f"{ev.note}; {note}".lstrip("; "))
