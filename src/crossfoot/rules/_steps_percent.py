"""A fraction the answer grounded, restated as a percentage, or a percentage restated as a fraction.

Answers that show their working write the quotient and then the percentage it is: "(4,930 + 4,520
− 4,010) / 4,010 = 1.3566, or 135.66%", "= 0.0907 (9.07%)", "≈ 0.091, i.e. about 9.1%", "The
answer is 135.66%" after the fraction, and the reverse ("= 9.07%, a fraction of 0.0907"). When
the fraction comes from a calculation the search cannot redo (three operands and more), the
percentage it restates is otherwise a figure of its own that no source states. A careful reader
takes it as the same figure: the claim restates the grounded one when it states it times (or
over) a hundred at the claim's own precision; the grounded figure's exact value (its evidence's
result, when that is in its units) is read too, so "≈ 0.091, or 9.07%" restates 0.090708.

Only a plain figure written with two decimals or more is read as a fraction (no currency, no
scale word): a count ("3 years") is never restated as 300%. A slip ("= 1.3566, or 153.66%")
restates nothing and stays a figure of its own.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.model.types import Claim, Mention

__all__ = ["restates_as_percent"]

_HUNDRED = Decimal(100)
_FINE = Decimal("0.005")  # a fraction has two decimals or more


def _fraction(m: Mention) -> bool:
    return (
        m.kind in ("number", "ratio")
        and m.currency is None
        and m.scale == 1
        and m.precision <= _FINE
    )


def _values(g: Claim) -> list[Decimal]:
    """The grounded figure as written, and its evidence's exact result when in its units."""
    gm, ev = g.mention, g.evidence
    out = [gm.value]
    if ev is not None and ev.result is not None and abs(ev.result - gm.value) <= 2 * gm.precision:
        out.append(ev.result)
    return out


def restates_as_percent(m: Mention, g: Claim) -> bool:
    """Whether ``m`` restates the grounded ``g`` across a hundred: a percentage of a fraction
    (``135.66%`` of ``1.3566``) or a fraction of a percentage (``0.0907`` of ``9.07%``).

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.model.types import Claim, Sentence
    >>> text = "= 1.3566, or 135.66%, not 153.66%"
    >>> frac, pct, slip = extract(text)
    >>> g = Claim(frac, Sentence(0, 0, len(text), text), "derived")
    >>> restates_as_percent(pct, g), restates_as_percent(slip, g)
    (True, False)
    """
    gm = g.mention
    if (m.negative or m.value < 0) != (gm.negative or gm.value < 0):
        return False
    if m.kind == "percent" and _fraction(gm):
        return any(abs(m.value - v * _HUNDRED) <= m.precision for v in _values(g))
    if gm.kind == "percent" and _fraction(m):
        return any(abs(m.value * _HUNDRED - v) <= m.precision * _HUNDRED for v in _values(g))
    return False
