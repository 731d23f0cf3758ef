"""A figure written short because its value ends there: "The answer is 25." for 50 / 200 * 100,
"0.25" for (200 - 160) / 160, "40" for 12.5 + 20.5 + 7.0.

A report writes a computed figure to a fixed number of places ("24.69", "0.4127"), but a value
that terminates early is written as it is, its trailing zeros dropped: "25", not "25.00". So
written, the figure reads as stated to its last digit only ("25" as 24.5 to 25.5), too coarse to
be derived at all (:func:`~crossfoot.rules._derive_shared.derivable`), and every derivation rule
refuses it, while the same figure with its zeros ("25.00") is derived.

Here such a coarse figure is read with its zeros back (to six significant digits, "25.0000") by
the rules that derive a fine figure, and passes only when the derivation they find gives the
figure **exactly**: the padded window is never used to accept, so a figure passes only where its
padded twin would, and then only at its exact value. An exact result is evidence of the dropped
zeros only where it is rare by chance:

- the result could have carried more digits than the figure shows: a quotient (a share, a ratio,
  a change over a base), or a sum, difference or mean of operands written to finer places than
  the figure (a sum of whole numbers is a whole number: "41" equal to a sum of whole cells is no
  more likely exact than within its window, and stays refused);
- its operands are the rows or years the answer names (where a coarse figure is searched,
  :func:`~crossfoot.rules._year_focus.coarse_group`), or else table cells, for a figure of two
  significant digits or more, and for a quotient of operands of three significant digits or more:
  an exact short quotient of small numbers ("6.4 / 5.0" is 1.28, "1 / 4") is common among any
  table's pairs, as a one-digit figure ("0.4") is;
- or, for a quotient whose operands nothing names (a conversation named them in earlier turns:
  "what is that times 100? The answer is 50."), few short figures near it are exact quotients
  of the scope's values, so a wrong figure of its size rarely meets one
  (:func:`~crossfoot.rules._exact_chance.rare_exact`, round 42);
- or, for a sum or mean, its operands are text figures of one sentence ("a $ 14.3 million
  increase in A, a $ 12.4 million increase in B and a $ 6.3 million increase in C" are 33).

A round figure ("50", "3,000") is derivable at its last zero, yet as coarse as "5": it is read
so too. A plain figure whose operands are written in millions in the text ("33" of "$ 14.3
million" and the others) is met in those millions (:mod:`~crossfoot.rules.operand_scale`).

Measured by prec40 (round 40, ``benchmarks/conv_rounding40p.py``): convfinqa's reference answers
write the program's exact value this way ("passes when: 6 significant digits").
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Rule, Verdict
from crossfoot.model.types import PASSING_STATUSES, Evidence
from crossfoot.rules._derive_reach import pairs_reach
from crossfoot.rules._derive_shared import derivable, derivation_limit
from crossfoot.rules._exact_chance import rare_exact
from crossfoot.rules._one_sentence import one_sentence
from crossfoot.rules._prose_prior import with_prior_year
from crossfoot.rules._reach import ReachFn, within_reach
from crossfoot.rules._shape_reach import lines_reach
from crossfoot.rules._year_focus import coarse_group
from crossfoot.rules.derive import two_operand
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.operand_scale import operand_scale
from crossfoot.rules.percent_plain import percent_asked

__all__ = ["exact_short"]

_KINDS = frozenset({"number", "money", "percent"})
# Derivations whose result carries digits of its own (a quotient): an exact short one is rare.
_QUOTIENTS = frozenset({"share", "ratio", "percent_change"})
_PADDED = 6  # significant digits the figure is read to, its zeros back
_FEW = 2  # significant digits a figure needs to be met by an unnamed table's cells
_OPERAND = 3  # ... and each operand of an unnamed quotient
# The rules that derive a fine figure, each with its reach (rules._reach) or None.
_FINE: tuple[tuple[Rule, ReachFn | None], ...] = (
    (two_operand, pairs_reach),
    (multi_operand, lines_reach),
    (percent_asked, None),  # "25" asked in percent: the share 0.25
    (operand_scale, None),  # "33" in the millions its text operands are written in
)
_SCALES = tuple(Decimal(10) ** k for k in (3, 6, 9))


def _digits(value: Decimal) -> int:
    """Significant digits of ``value``, its trailing zeros dropped."""
    return len(value.normalize().as_tuple().digits)


def _round(value: Decimal) -> bool:
    """Whether ``value`` is a round whole figure of one or two significant digits ("50",
    "3,000"): derivable at its last zero, yet as coarse as "5"."""
    exp = value.normalize().as_tuple().exponent
    return isinstance(exp, int) and exp > 0 and _digits(value) <= _FEW


def _places(value: Decimal) -> int:
    """Decimal places ``value`` is written to, its trailing zeros dropped."""
    exp = value.normalize().as_tuple().exponent
    return max(0, -exp) if isinstance(exp, int) else 0


def _exact(ev: Evidence, value: Decimal, scaled: bool) -> bool:
    """Whether ``ev``'s result is the figure exactly (as a fraction or in percent; ``scaled``:
    or in the thousands, millions or billions its operands are written in), by a derivation
    that could have carried digits the figure does not show."""
    if ev.result is None:
        return False
    got, want = abs(ev.result), abs(value)
    unit = next((u for u in _SCALES if got == want * u), Decimal(1)) if scaled else Decimal(1)
    if got not in (want * unit, want / 100, want * 100):
        return False
    if ev.kind in _QUOTIENTS:
        return True
    places = _places(value)
    return any(_places(op.value / unit) > places for op in ev.operands)


def _stands(ctx: ClaimContext, ev: Evidence, named: set[int], value: Decimal) -> bool:
    """The exact derivation's operands are named by the answer, or rare enough by chance."""
    if all(id(v) in named for v in ev.operands):
        return True
    if rare_exact(ctx, ev, value):
        # unnamed, but few short figures near this one are exact quotients of the scope's
        # values: the hit is rare by chance (rules._exact_chance, round 42)
        return True
    if _digits(value) < _FEW:
        return False
    if all(v.table is not None for v in ev.operands):
        return ev.kind not in _QUOTIENTS or all(_digits(v.value) >= _OPERAND for v in ev.operands)
    # a sum or mean of text figures of one sentence, finer than the figure ("14.3, 12.4 and 6.3"
    # are 33): their places cancel exactly only by the sentence's own arithmetic (round 42)
    return ev.kind not in _QUOTIENTS and one_sentence(ctx, ev.operands)


def _named_ids(ctx: ClaimContext) -> set[int]:
    """Ids of the values of the rows or years the answer names, where a coarse figure is
    searched (rules._year_focus), with the prior year's prose figures of a worded change."""
    limit = derivation_limit(ctx)
    out: set[int] = set()
    for group in ctx.scope.groups:
        named = coarse_group(ctx, group, limit)
        if named is not None:
            out.update(map(id, with_prior_year(ctx, group, named, limit).values))
    return out


def exact_short(ctx: ClaimContext) -> Verdict | None:
    """Rule: a coarse figure that a fine derivation gives exactly (module docstring).

    >>> import json, crossfoot
    >>> grid = [["", "2019"], ["segment a", "50"], ["total revenue", "200"]]
    >>> q = "what percentage of total revenue was segment a in 2019?"
    >>> [c.status for c in crossfoot.check(q + " The answer is 25.", [json.dumps(grid)],
    ...                                    question=q).claims]
    ['derived']
    """
    m, o = ctx.mention, ctx.options
    if m.kind not in _KINDS or not m.claim or m.high is not None or abs(m.value) in (0, 1):
        return None  # 1 is the quotient of any two equal values
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if m.approximate or (derivable(m, False) and not _round(m.value)):
        return None  # "about 25" states no exact figure; a fine one is the other rules'
    # (a round figure, "50" or "3,000", is derivable at its last zero yet as coarse as "5")
    pad = Decimal(5).scaleb(m.value.copy_abs().adjusted() - _PADDED)  # "25.0000"
    padded = replace(m, precision=pad)
    named: set[int] | None = None
    for rule, reach in _FINE:
        # fresh notes: the rules' memos of this claim were made at its coarse reading
        sub = replace(ctx, mention=padded, notes={})
        if reach is not None and not within_reach(sub, reach):
            continue
        got = rule(sub)
        if got is None or got.status not in PASSING_STATUSES or got.evidence is None:
            continue
        if not _exact(got.evidence, m.value, rule is operand_scale):
            continue
        if named is None:
            named = _named_ids(ctx)
        if _stands(ctx, got.evidence, named, m.value):
            return got
    return None
