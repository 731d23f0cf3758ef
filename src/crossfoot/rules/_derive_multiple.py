"""A multiple written with growth words: "revenue grew 3.2x", "rose 2.5 times from 2023".

Growth wording admits only a change (``rules.derive``), but a figure written as a multiple
("3.2x", "3.2 times") states the ratio of the later level to the earlier one: "grew 3.2x from
$1.2M to $3.8M". So a ratio figure stays open to the ratio formula under growth words, and the
pair must then run the way the words say: the later year on top for a rise, the earlier for a
fall ("fell 3x": a third of what it was). Before, "North's revenue grew 3.2x from 2023 to 2024"
failed as unsupported when right.
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_formulas import _Spec
from crossfoot.rules._derive_periods_share import swapped_base
from crossfoot.rules._derive_shared import claim_direction

__all__ = ["multiple_ratio", "multiple_runs_right"]


def multiple_ratio(ctx: ClaimContext, spec: _Spec) -> bool:
    """Whether the claim is a multiple ("3.2x") and the formula its ratio."""
    return spec.kind == "ratio" and spec.op == "quotient" and ctx.mention.kind == "ratio"


def multiple_runs_right(ctx: ClaimContext, base: SourceValue, top: SourceValue) -> bool:
    """Whether ``top / base`` runs the way the claim's words say: a rise puts the later year on
    top, a fall the earlier; True without both years or without a direction. A quotient of
    one line's two periods never puts on top the period the words name as its base."""
    if swapped_base(ctx, base, top):
        return False
    if ctx.mention.kind != "ratio" or base.year is None or top.year is None:
        return True
    if base.year == top.year:
        return True
    direction, _ = claim_direction(ctx)
    if direction is None:
        return True
    return (top.year > base.year) == (direction == "up")
