"""A quotient that comes out exact, written with only its own digits: "what is that change over
100? The answer is -0.035" for (96.50 - 100) / 100; "how much does this change represent in
relation to the original line of credit? The answer is 0.4" for (7 - 5) / 5.

A report writes a ratio to a fixed number of decimals ("0.2922"), but one that terminates early is
written as it is: -0.035, not -0.0350. Such a figure reads as stated to two significant digits,
too coarse for the window search of two_operand (which derives a coarse figure only as a
difference, sum or mean, exactly, of rows the answer names). Here it is matched only exactly: a
% change (as a fraction), share or ratio of two source values whose exact quotient is the figure,
so the figure's few digits do not widen the window at all. An exact quotient is rare among the
pairs of most tables (a wrong figure meets one by chance far less often than a window of 1 %);
it is common in an index table based at 100, where each change from the base is exact, and
there the figure must name that change to the last digit.

A fraction (between -1 and 1, not 0) may be a % change, a share or a ratio; a figure above 1 only
a ratio, of two significant digits or more ("2.5"; a coarse "-21" met 18 -> 396 as a % change);
1 never (the quotient of any two equal values). Where: the values of the rows or years the answer
names (rules._year_focus.coarse_group); with none named, a group of at most :data:`_WHOLE_GROUP`
values, when the figure has two significant digits or more (one digit, "0.4", meets some exact
quotient of small counts too easily). The wording names a part or a quotient ("percent",
"portion", "in relation to", "over", "divided").
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._derive_shared import best_verdict, derivable
from crossfoot.rules._near import focus_says
from crossfoot.rules._prose_prior import with_prior_year
from crossfoot.rules._year_focus import coarse_group
from crossfoot.rules.derive import pair_candidates

__all__ = ["exact_quotient"]

# Behind its words (model.wordgate) and read once per sentence (rules._near.focus_says): a
# per-claim search of one long sentence made its claims quadratic.
_WORDING = WordGated(
    re.compile(
        r"(?i)\b(?:percent\w*|portion|proportion|share|ratio|fraction|quotient|over|divided|"
        r"relation|relative|represents?)\b"
    ),
    (
        "percent",
        "portion",
        "share",
        "ratio",
        "fraction",
        "quotient",
        "over",
        "divided",
        "relati",
        "represent",
    ),
)
_KINDS = frozenset({"percent_change", "share", "ratio"})
_RATIOS = frozenset({"ratio"})
_WHOLE_GROUP = 40  # values of a group searched whole when the answer names no row or year


def _digits(value: Decimal) -> int:
    return len(value.normalize().as_tuple().digits)


def exact_quotient(ctx: ClaimContext) -> Verdict | None:
    """Rule: a coarse plain figure that is exactly a quotient of two source values (module
    docstring).

    >>> import json, crossfoot
    >>> grid = [["date", "acme"], ["december 31 2020", "$ 100.00"], ["december 31 2024", "$ 96.50"]]
    >>> q = "what is that change over 100?"
    >>> [c.status for c in crossfoot.check(q + " The answer is -0.035.", [json.dumps(grid)],
    ...                                    question=q).claims]
    ['derived']
    """
    m, o = ctx.mention, ctx.options
    if m.kind != "number" or not m.claim or m.high is not None or abs(m.value) in (0, 1):
        return None  # "1" is the quotient of any two equal values
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if derivable(m, False) or m.approximate:
        return None  # a fine figure is two_operand's; "about 0.4" is no exact figure
    if not focus_says(ctx, _WORDING):
        return None
    # A fraction is a share, a change or a ratio; a figure above 1 only a ratio of two sizes, of
    # two significant digits or more ("2.5"): a coarse "-21" met 18 -> 396 as a % change.
    big = abs(m.value) > 1
    if big and (m.value < 0 or _digits(m.value) < 2):
        return None
    allowed = _RATIOS if big else _KINDS
    kinds = allowed if o.derivations is None else allowed & o.derivations
    if not kinds:
        return None
    exact = replace(ctx, mention=replace(m, precision=Decimal(0)))
    exact = replace(exact, options=replace(o, derivations=kinds))
    several = _digits(m.value) >= 2
    found = []
    for group in ctx.scope.groups:
        named = coarse_group(ctx, group, _WHOLE_GROUP)
        if named is None and several and 1 < len(group) <= _WHOLE_GROUP:
            named = group
        if named is not None:  # "this change as a % of the 2011 value": and 2012 (or 2010)
            named = with_prior_year(ctx, group, named, _WHOLE_GROUP)
            found.extend(pair_candidates(exact, named))
    return best_verdict(exact, found)
