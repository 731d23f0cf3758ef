"""A small net total of three or more lines: a sum whose inflows and outflows cancel, so its
figure is coarse for its own size but fine for its terms'.

"What is the total of the three? The answer is 1.9." over operating 48.3, investing -21.6 and
financing -24.8 is stated exactly at the cells' own precision (one decimal), yet its window (+-0.05)
is 2.6% of 1.9, so :func:`~crossfoot.rules._derive_shared.derivable` refuses every derivation of
it: a figure that coarse would meet some sum of the table by chance. The chance a sum lands in a
window, though, goes by the window against the size of the terms summed (a run of cells spreads
its sums over their magnitudes), not against the figure the signs cancel down to: against 48.3
the window is 0.1%, finer than a derivable figure's 1%.

So a money or number figure too coarse to derive is met by a run of three adjacent cells of one
table row or column (:func:`crossfoot.rules.multi.lines`'s subsets, the search's own) when

* the claim's sentence, the one before, or the question words a sum ("total", "sum",
  "combined", "including": ``rules.cross_source``'s test);
* the sum is the figure exactly (written at the terms' own precision: a net rounded coarser
  is not this reading), and the figure's window is within 1% of the largest term;
* the table's group is within the derivation budget for that finer window (the same
  ``n**2 * w`` budget :func:`~crossfoot.rules._derive_shared.derivation_limit` spends);
* the terms fit the years and rows the sentence names (``focus_ok``), count no total twice,
  and agree in currency;
* no source value states the figure itself (a "net change" line is that cell: the direct rules
  judge it).

>>> from crossfoot import check
>>> table = ("| | 2012 | 2011 |\\n|---|---|---|\\n| operating | 48.3 | 45.1 |\\n"
...     "| investing | -21.6 | -19.8 |\\n| financing | -24.8 | -25.2 |")
>>> check("The total of the three is 1.9.", [table]).claims[0].status
'derived'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import partial

from crossfoot.language.rowmatch import states_a_cell
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.rules._derive_kinds import currency_ok, is_nil, label
from crossfoot.rules._derive_shared import (
    Candidate,
    best_verdict,
    claim_interval,
    claim_worded,
    focus_ok,
    group_too_large,
    kind_allowed,
)
from crossfoot.rules._derive_wording import search_worded
from crossfoot.rules._double_count import double_counted
from crossfoot.rules.cross_source import _sum_worded

__all__ = ["NOTE", "net_sum"]

#: The note of a sum this rule derives (its evidence reads as any sum's otherwise).
NOTE = "a small net of larger terms, at their own precision"

_ONE_PCT = Decimal("0.01")
_BUDGET = 2.0  # (rules._derive_shared._BUDGET: the chance matches a search may spend)
_LARGEST = 2000

# (sum, mean, the subset, its line): rules.multi._Subset
_Subset = tuple[Decimal, Decimal, tuple[SourceValue, ...], tuple[SourceValue, ...]]
SubsetsOf = Callable[[ClaimContext, ValueIndex, str], list[_Subset]]


def net_sum(ctx: ClaimContext, subsets_of: SubsetsOf) -> Verdict | None:
    """``derived`` for a figure too coarse to derive that a run of one line's cells nets to (the
    module docstring), else ``None``. ``subsets_of`` is ``rules.multi._answer_subsets``."""
    m = ctx.mention
    if (
        m.kind not in ("money", "number")
        or m.approximate
        or m.high is not None
        or m.value == 0
        or not kind_allowed(ctx, "sum")
    ):
        return None
    if not _sum_worded(ctx) or states_a_cell(ctx, True):
        return None
    if claim_worded(ctx) and search_worded(ctx) is not False:
        return None  # growth wording is never a sum (as rules.multi)
    lo, hi = claim_interval(ctx)
    groups = ctx.scope.groups
    if any(g.between(lo, hi, 1) or g.between(-hi, -lo, 1) for g in groups):
        # A figure a source states (a "net change" line, a swapped-in cell) is that value: the
        # direct rules and the question's fit judge it, never a net of other lines.
        return None
    half = (hi - lo) / 2
    found = list(_found(ctx, subsets_of, half))
    return best_verdict(ctx, found)


def _found(ctx: ClaimContext, subsets_of: SubsetsOf, half: Decimal) -> Iterable[Candidate]:
    m = ctx.mention
    # Runs of three only: a run of four doubles the candidates, and on the convfinqa
    # earlier-turns line one met a swapped-in figure by chance (round 38, measured).
    k_max = min(3, ctx.options.max_sum_operands)
    for group in ctx.scope.groups:
        if group_too_large(group, _LARGEST):
            continue  # (over any budget below: its lines are never summed)
        for total, _, subset, _line in subsets_of(ctx, group, "amount"):
            if total != m.value or len(subset) != k_max or subset[0].table is None:
                continue  # (exact: the figure is written at its terms' own precision)
            big = max(abs(v.value) for v in subset)
            if half > big * _ONE_PCT or any(map(is_nil, subset)):
                continue
            # the budget for the window against the terms' size (rules._derive_shared)
            limit = int(math.sqrt(_BUDGET / float(half / big))) if half > 0 else _LARGEST
            if group_too_large(group, min(limit, _LARGEST)):
                continue
            if m.kind == "money" and not all(currency_ok(m.currency, v.currency) for v in subset):
                continue
            if not focus_ok(ctx, subset, False) or _twice(subset):
                continue
            yield Candidate(
                "sum",
                partial(_formula, subset, total),
                subset,
                total,
                True,
                NOTE,
                0,
                abs(total - m.value),
            )


def _twice(subset: tuple[SourceValue, ...]) -> bool:
    """A total and a line it totals in one run (rules.multi._twice)."""
    return any(double_counted(a, b) for i, a in enumerate(subset) for b in subset[i + 1 :])


def _formula(subset: tuple[SourceValue, ...], total: Decimal) -> str:
    terms = " + ".join(f"{label(v)} ({format_decimal(v.value)})" for v in subset)
    return f"{terms} = {format_decimal(total)}"
