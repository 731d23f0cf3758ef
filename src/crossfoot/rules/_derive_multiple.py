"""A multiple written with growth words: "revenue grew 3.2x", "rose 2.5 times from 2023".

Growth wording admits only a change (``rules.derive``), but a figure written as a multiple
("3.2x", "3.2 times") states the ratio of the later level to the earlier one: "grew 3.2x from
$1.2M to $3.8M". So a ratio figure stays open to the ratio formula under growth words, and the
pair must then run the way the words say: the later year on top for a rise, the earlier for a
fall ("fell 3x": a third of what it was). Before, "North's revenue grew 3.2x from 2023 to 2024"
failed as unsupported when right.

A multiple of one line's own earlier level ("1.6 times its 2020 level", "1.5 times that of
2020", "twice what it was in 2020") is of that line, and a multiple of one line's two periods
runs between the years the sentence names, as a change does (lead42): before, "revenue was 1.6
times its 2020 level" passed as 2020's revenue over 2020's cost of sales, and "1.2 times its
2020 level" said of 2022 as 2021 over 2020.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.years import period, same_quantity
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_formulas import _Spec
from crossfoot.rules._derive_periods_share import swapped_base
from crossfoot.rules._derive_shared import claim_direction, focus_ok

__all__ = ["multiple_misfit", "multiple_ratio", "multiple_runs_right"]

# A multiple of the subject's own level: "its 2020 level", "that of 2020", "than in 2020", "what
# it was", "the 2020 figure"; not a word that names another quantity ("its total costs", "the
# 2020 total revenue": read42a).
_Y = r"(?:fy\s?|fiscal\s+)?(?:19|20)\d\d"
_ALONE = (
    r"(?!\s+(?!(?:in|at|of|on|for|from|by|and|or|as|when|while|during|back|before|after|a|an"
    r"|the)\b)[a-z])"
)
_OWN = re.compile(
    rf"(?i)\b(?:its|their)\s+(?:{_Y}\s+|prior[\s-]year\s+|previous\s+|earlier\s+)?"
    rf"(?:level|figure|value|total|amount|size)s?\b{_ALONE}|\b(?:that|those)\s+of\s+{_Y}"
    rf"|\bthan\s+(?:it\s+(?:was|did)\s+)?in\s+{_Y}|\bwhat\s+(?:it|they)\s+(?:was|were)\b"
    rf"|\bthe\s+{_Y}\s+(?:level|figure|value|total|amount)s?\b{_ALONE}"
)


@lru_cache(maxsize=256)  # (read once per sentence)
def _own_level(sentence: str) -> bool:
    return _OWN.search(sentence) is not None


def multiple_misfit(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a multiple ("1.6 times") cannot be ``y / x``: its words name the subject's own
    earlier level and the pair is not one line's two periods, or the pair is one line's two
    periods off the years the sentence names (module docstring)."""
    if ctx.mention.kind != "ratio":
        return False
    one_line = period(x) != period(y) and same_quantity(x, y)
    if not one_line:
        return _own_level(ctx.sentence.text)
    return not focus_ok(ctx, (x, y), True)


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
