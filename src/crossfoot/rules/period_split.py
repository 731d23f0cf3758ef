"""A year's amount averaged per month or per quarter: "what was the average monthly rent expense
in 2012?" answered 104.5 for a year's rent of 1,254; "the average quarterly dividend" 0.39 for a
year's $1.56.

The divisor (12 months, 4 quarters) is written nowhere in the sources: the words of the period
say it. When the claim's sentence or the question asks an average per month or per quarter
("average monthly", "monthly average", "per month", "average quarterly", "per quarter"), the
claim is ``derived`` from one figure of the sources over 12 (or 4), at the figure's stated
precision, where the figure fits what the sentence names (its years and rows,
:func:`~crossfoot.rules._derive_shared.focus_ok`), and the match is counted against chance as
the products of :mod:`crossfoot.rules.cell_product` are: every figure of the scope over the
divisor is a candidate, and a match is kept only while the candidates near the claim stay few.

The ask is read from the claim's sentence and the one before it (where an answer restates the
question), not from the ``question`` argument alone.

>>> import crossfoot
>>> t = "| ( in millions ) | 2012 | 2011 |\\n|-|-|-|\\n| rent expense | 1,254 | 1,198 |"
>>> q = "What was the average monthly rent expense in 2012?"
>>> [c.status for c in crossfoot.check(f"{q} The answer is 104.5.", [t]).claims]
['derived']
>>> [c.status for c in crossfoot.check(f"{q} The answer is 108.5.", [t]).claims]
['unsupported']
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import counted_match
from crossfoot.rules._derive_kinds import is_nil, label
from crossfoot.rules._derive_shared import claim_interval, derivable, fmt_result, focus_ok

__all__ = ["period_split"]

_BUDGET = Decimal("0.01")  # expected chance matches in the figure's window, at most
_KINDS = frozenset({"number", "money"})
# (words that ask a per-period average, the periods in a year)
_PERIODS = (
    (("average monthly", "monthly average", "per month", "average per month"), Decimal(12)),
    (("average quarterly", "quarterly average", "per quarter", "average per quarter"), Decimal(4)),
)

_Split = tuple[Decimal, SourceValue]


def _splits(ctx: ClaimContext, n: Decimal) -> list[_Split]:
    """Every figure of the scope over ``n``, sorted, once per scope and divisor."""
    key = (tuple(s.id for s in ctx.scope.sources), n)
    memo: dict[tuple[tuple[str, ...], Decimal], list[_Split]]
    memo = ctx.shared.setdefault("period_split.splits", {})  # type: ignore[assignment]
    found = memo.get(key)
    if found is None:
        found = sorted(
            (
                (v.value / n, v)
                for v in ctx.scope.index.values
                if v.kind in _KINDS and v.operand and v.value > 0 and not is_nil(v)
            ),
            key=lambda t: t[0],
        )
        memo[key] = found
    return found


def period_split(ctx: ClaimContext) -> Verdict | None:
    """``derived`` when the claim is a figure of the sources over the months (or quarters) of a
    year, asked as an average per month (or quarter) (module docstring)."""
    m = ctx.mention
    if m.kind not in _KINDS or m.value <= 0 or not derivable(m, False):
        return None
    focus = focus_text(ctx).lower()
    if "month" not in focus and "quarter" not in focus:
        return None
    lo, hi = claim_interval(ctx)
    for words, n in _PERIODS:
        if not any(w in focus for w in words):
            continue
        found = counted_match(_splits(ctx, n), lo, hi, m.value, _BUDGET)
        if found is not None and focus_ok(ctx, (found[1],), False):
            return Verdict("derived", _evidence(ctx, found[1], n))
    return None


def _evidence(ctx: ClaimContext, v: SourceValue, n: Decimal) -> Evidence:
    result = v.value / n
    formula = f"{label(v)} ({v.value:,}) / {n} = {fmt_result(ctx, result)}"
    note = "a year's figure averaged per month or quarter, counted against chance"
    return Evidence("derive", "average", formula, (v,), result, note)
