"""``engine.rerun``'s pair of runs over one cut scope: the second one when it cannot differ.

``rules.alignment._refit`` judges a misfit figure again over the values that fit the question,
for each filter twice: with the direct match first (``direct``), then without it (a direct match
of another row read first can hide a derivation that fits). The second run is the first one
less ``direct_match`` and ``deferred_row_verdict``, over the same scope, claims and question.
So when ``direct_match`` found nothing in the first run and held no wrong-row verdict for
``deferred_row_verdict`` (``rules.direct._DEFERRED``), every later rule met the claim as the
second run meets it: the notes and the per-answer store hold memos of readings only (the
contract of ``rules._reach``; the two-operand pair budget is spent by ``two_operand`` itself,
after ``direct_match``), and the second run's verdict is the first one's. Then it is not run
again (on pot-tatqa 79 of 584 re-runs; docs/speed.md, round 30).

>>> calls = []
>>> def direct_match(ctx): calls.append("direct"); return None
>>> def two_operand(ctx): calls.append("derive"); return "derived"
>>> def run(rules, ctx): return next((v for r in rules if (v := r(ctx)) is not None), None)
>>> class Ctx: notes = {}
>>> store = {}
>>> both = (direct_match, two_operand)
>>> run_pair(store, (0, 1), True, both, Ctx(), run)
'derived'
>>> run_pair(store, (0, 1), False, both[1:], Ctx(), run)  # (not run again)
'derived'
>>> calls
['direct', 'derive']
"""

from __future__ import annotations

from collections.abc import Callable

from crossfoot.model.context import ClaimContext, Rule, Scope, Verdict
from crossfoot.model.types import SourceValue
from crossfoot.rules.direct import _DEFERRED

__all__ = ["cut_scope", "run_pair"]

_SLOT = "engine.rerun_pair"  # (in the answer's own store: the last run with direct_match)
_Run = Callable[[tuple[Rule, ...], ClaimContext], "Verdict | None"]


def run_pair(
    store: dict[str, object],
    key: tuple[int, ...],
    direct: bool,
    rules: tuple[Rule, ...],
    again: ClaimContext,
    run: _Run,
) -> Verdict | None:
    """``run(rules, again)``, or the verdict of the run with ``direct_match`` just made for the
    same ``key`` (figure, filter, claims) when it cannot differ (module docstring). ``store``
    is the answer's per-answer store; ``rules`` open with ``direct_match`` when ``direct``."""
    last = store.pop(_SLOT, None)
    if not direct:
        if isinstance(last, tuple) and last[0] == key:
            return last[1]  # type: ignore[no-any-return]
        return run(rules, again)
    if not rules or getattr(rules[0], "__name__", "") != "direct_match":
        return run(rules, again)  # (a rule list of another shape: no shortcut)
    first = run(rules[:1], again)
    if first is not None:
        return first
    if _DEFERRED in again.notes:
        return run(rules[1:], again)  # (deferred_row_verdict may give the held verdict)
    rest = run(rules[1:], again)
    store[_SLOT] = (key, rest)
    return rest


def cut_scope(scope: Scope, keep: Callable[[SourceValue], bool]) -> Scope:
    """``scope`` with the values ``keep`` accepts only. A value is in the scope's index and in
    its group: ``keep`` reads its labels once."""
    seen: dict[int, bool] = {}  # (the scope holds every value: an id is not reused meanwhile)

    def kept(v: SourceValue) -> bool:
        ok = seen.get(id(v))
        if ok is None:
            ok = seen[id(v)] = keep(v)
        return ok

    index = scope.index.where(kept)
    return Scope(scope.sources, scope.cited, index, tuple(g.where(kept) for g in scope.groups))
