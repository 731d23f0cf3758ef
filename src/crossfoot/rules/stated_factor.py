"""A plain figure one stated multiplicative step from a value of the sources: "what is that
divided by 12? The answer is 96." for a cell of 1,152, "what is that times 3?" for three times a
cell.

The question divides (or multiplies) an earlier figure by a number it writes, right after the
word that refers to that figure ("that", "this", "it"), and the number ends the clause ("that
over 2 years" names a span, "that over 2018" a year's value). The figure is undone by that step
(96 x 12 = 1,152) and checked again as a source value whose quotient (or product) rounds to the
figure as written; a figure coarser than three significant digits ("96") only as a value whose
quotient is the figure exactly, and of two significant digits at least ("1" is 100 / 100 of any
index table). Not as a derivation of two values: undone by "over 100", a moved "2.25" is 225
within a half unit, which some difference or ratio of a table of index values meets by chance.
Divisions by 1,000 and units asked in words are :mod:`crossfoot.rules.asked_scale`'s; "that less
1" is :mod:`crossfoot.rules.stated_step`'s. The evidence is a computed figure (a ratio or a
product of the value and the stated number) whose note says it was read so, so the question's
computed ask finds it computed and its stated divisor finds it the asked quotient
(:func:`crossfoot.rules.stated_arith.stated_divisor_misfit`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import PASSING_STATUSES, Evidence
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._near import may_say, three_digits
from crossfoot.rules.direct import direct_match

__all__ = ["stated_factor", "stated_factors"]

_NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "ten": 10,
    "twelve": 12,
    "a hundred": 100,
    "one hundred": 100,
}
# "that divided by 12", "this change over 2", "it times 3", "that value multiplied by four": the
# operation and its number right after the word that refers to the earlier figure (up to 30
# characters of its name between), the number ending the clause
_FACTOR = WordGated(
    re.compile(
        r"(?i)\b(?:that|this|it)\b[^?.]{0,30}?\b(?P<op>divided\s+by|over|times|multiplied\s+by)"
        r"\s+(?:the\s+number\s+)?(?P<n>\d[\d,]*(?:\.\d+)?|"
        + "|".join(w.replace(" ", r"\s+") for w in _NUMBER_WORDS)
        + r")(?![\d,.]*\d)(?=\s*(?:[?.,;]|$))"
    ),
    ("divided", "over", "times", "multiplied"),
)
_YEAR = re.compile(r"(?:19|20)\d\d")
# The number of the question itself, right before the figure ("divided by 12" is no claim).
_OPERATOR_BEFORE = re.compile(r"(?i)(?:\bdivided\s+by|\btimes|\bmultiplied\s+by|\bover)\s*$")
_CELL_WINDOW = Decimal("0.005")
_TWO_DIGITS = 20  # (a half unit of at most 5 % of the figure: two significant digits)
_THOUSAND = Decimal(1000)  # (rules.asked_scale reads a division by 1,000 as a unit)


def stated_factors(text: str) -> list[tuple[Decimal, str]]:
    """(what undoes the step: the factor the figure is multiplied by, what the text said) for
    each multiplicative step ``text`` states with a number of its own.

    >>> stated_factors("what is that divided by 12?")
    [(Decimal('12'), 'that divided by 12')]
    >>> stated_factors("and what is this value times three?")
    [(Decimal('0.3333333333333333333333333333'), 'that times three')]
    >>> stated_factors("what was that growth over 2 years?"), stated_factors("that over 2018?")
    ([], [])
    """
    out: list[tuple[Decimal, str]] = []
    for m in _FACTOR.finditer(text):
        said = re.sub(r"\s+", " ", m.group("n").lower())
        if said in _NUMBER_WORDS:
            n = Decimal(_NUMBER_WORDS[said])
        elif _YEAR.fullmatch(said):
            continue
        else:
            n = Decimal(said.replace(",", ""))
        if n in (0, 1) or n == _THOUSAND:
            continue
        op = re.sub(r"\s+", " ", m.group("op").lower())
        divides = op in ("divided by", "over")
        out.append((n if divides else 1 / n, f"that {op} {said}"))
    return out


def stated_factor(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain figure undone by the multiplicative step its question states (module
    docstring)."""
    m = ctx.mention
    if m.kind not in ("number", "money") or m.scale != 1 or m.high is not None or not m.claim:
        return None
    if m.value == 0 or not may_say(ctx, "stated_factor", _FACTOR):
        return None
    if _OPERATOR_BEFORE.search(ctx.text, max(0, m.start - 24), m.start):
        return None
    fine = three_digits(m)
    if not fine and m.precision * _TWO_DIGITS > abs(m.value):
        return None  # ("1" for 100 / 100: a one-digit figure meets a base cell by chance)
    for factor, said in stated_factors(focus_text(ctx)):
        value = m.value * factor
        # A cell is searched with a window of a half unit of its third significant digit at
        # least: the quotient of an exact cell ("1,152 / 7") states more digits than the cell,
        # which the direct match would refuse as false precision; the test below holds the cell
        # to the figure as written.
        wide = max(m.precision * factor, abs(value) * _CELL_WINDOW)
        verdict = direct_match(replace(ctx, mention=replace(m, value=value, precision=wide)))
        if verdict is None:
            continue
        ev = verdict.evidence
        if verdict.status not in PASSING_STATUSES or ev is None or ev.result is None:
            return None  # the earlier figure is judged (a wrong row or direction)
        quotient = ev.result / factor
        if quotient != m.value if not fine else abs(quotient - m.value) > m.precision:
            continue  # the value's quotient (or product) is not the figure as written
        return Verdict("derived", _evidence(ev, factor, said))
    return None


def _evidence(ev: Evidence, factor: Decimal, said: str) -> Evidence:
    """The earlier figure's evidence with the stated step taken: a ratio (or product) of it and
    the stated number."""
    assert ev.result is not None
    result = ev.result / factor
    divides = factor > 1
    n = factor if divides else 1 / factor
    step = f"/ {n.normalize():,f}" if divides else f"* {n.normalize():,f}"
    shown = result.quantize(Decimal("0.000001")).normalize()
    formula = f"({ev.formula}) {step} = {shown:,f}"
    note = f"the figure is {said}, as the text states"
    kind = "ratio" if divides else "product"
    return Evidence("derive", kind, formula, ev.operands, result, f"{ev.note}; {note}".lstrip("; "))
