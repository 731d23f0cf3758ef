"""The window of a fraction written in words ("nearly a quarter", "two-fifths", "half"), for
every rule that compares a value with the claim (``rules._derive_shared.claim_interval``).

No one writes "two-fifths" for 0.40 exactly, nor for 0.49: the words are plain language, met
within two points of the fraction (five after a hedge the extraction read: "about", "roughly",
"nearly"; for a fraction below a fifth a tenth of it, a quarter after a hedge), on the stated
side after a bound ("more than a third"), and at the fraction as written after "exactly". A
figure of digits ("25%", "0.25") keeps its stated precision.

>>> from crossfoot import extract
>>> [worded_fraction(m) for m in extract("nearly a quarter of 0.25")]
[True, False]
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.bounds import side_before
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention

__all__ = ["exactly_before", "fraction_window", "worded_fraction"]

_PLAIN = Decimal("0.02")  # at most; a tenth of the fraction below a fifth
_HEDGED = Decimal("0.05")  # at most; a quarter of the fraction below a fifth


def worded_fraction(m: Mention) -> bool:
    """A fraction below one written in words ("a quarter", "two-fifths"), not a range."""
    return (
        m.kind == "number"
        and 0 < m.value < 1
        and m.high is None
        and not any(ch.isdigit() for ch in m.text)
        and any(ch.isalpha() for ch in m.text)
    )


def fraction_window(ctx: ClaimContext) -> tuple[Decimal, Decimal]:
    """The values the fraction words of ``ctx.mention`` admit (module docstring)."""
    m = ctx.mention
    side = side_before(ctx.text, m.start, ctx.sentence.start)
    if side == ">":
        return m.value, Decimal(1)
    if side == "<":
        return Decimal(0), m.value
    if exactly_before(ctx.text, m.start, ctx.sentence.start):
        return m.value - m.precision, m.value + m.precision  # "exactly a quarter": as written
    width = min(_HEDGED, m.value / 4) if m.approximate else min(_PLAIN, m.value / 10)
    return m.value - width, m.value + width


def exactly_before(text: str, start: int, floor: int) -> bool:
    """Whether "exactly" (or "precisely") stands right before ``start``.

    >>> exactly_before("made up exactly a quarter", 16, 0)
    True
    """
    return text[max(floor, start - 11) : start].rstrip().lower().endswith(("exactly", "precisely"))
