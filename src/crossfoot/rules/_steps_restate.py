"""Restatements for :mod:`crossfoot.rules.steps`: a claim that repeats a figure the answer grounded.

The claim passes with that figure's evidence when it states the figure at its own precision ("= 67"
then "the average is $67 million"), also across a dropped unit, but not across a scale word that
contradicts the figure's table unit ("$283 billion" restating "$283" of a table in millions). A
restated change keeps its direction: wording that says the opposite makes the claim
``contradicted``. The true (scaled) value of a grounded figure is also read by the step search.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.language.answermark import marker_end
from crossfoot.language.bounds import Side, claimed_bound
from crossfoot.language.prevsentence import same_currency
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Claim, Evidence, Mention
from crossfoot.rules._derive_shared import claim_direction
from crossfoot.rules._periods import counts_periods
from crossfoot.rules._relabelled import relabels
from crossfoot.rules._steps_percent import restates_as_percent

# Evidence kinds that are changes (the step search reads it too).
_CHANGE = frozenset({"percent_change", "difference", "pp_change", "bps_change"})


def _kinds_agree(a: Mention, b: Mention) -> bool:
    if a.kind in ("money", "number") and b.kind in ("money", "number"):
        # one currency written as a symbol or as a code ("$13k" restated as "USD 13 thousand")
        return a.currency is None or b.currency is None or same_currency(a.currency, b.currency)
    if {a.kind, b.kind} <= {"ratio", "number"}:
        return True
    return a.kind == b.kind


def _final_drops_percent(ctx: ClaimContext, g: Mention) -> bool:
    """A plain final figure restating the answer's own percentage without its sign ("... =
    28.24%.\nAnswer: 28.24"): after the answer marker, no unit of its own, a percentage before
    it (the answer's own figure, so a count or an amount that happens to equal it elsewhere in
    the answer is not read so)."""
    m = ctx.mention
    if g.kind != "percent" or m.kind != "number" or m.currency or m.scale != 1:
        return False
    memo = ctx.shared.get("steps.marker", -1)
    if memo == -1:
        memo = ctx.shared["steps.marker"] = marker_end(ctx.text)
    return isinstance(memo, int) and m.start >= memo > g.end


def _same_figure(m: Mention, g: Mention) -> bool:
    """``m`` states ``g`` at ``m``'s own precision (also across a dropped unit: "67" / "$67m")."""
    if abs(m.value - g.value) <= m.precision:
        return True
    if not (m.negative or m.value < 0) and abs(abs(m.value) - abs(g.value)) <= m.precision:
        return True  # "a loss of $5m" restated as "$5m"
    if m.scale != g.scale and (m.scale == 1 or g.scale == 1) and m.written and g.written:
        prec = m.precision / m.scale
        return abs(m.written - g.written) <= prec
    return False


def _same_high(m: Mention, g: Mention) -> bool:
    """A range claim ("8.0 million to 13.4 million") restates a range with the same high end:
    a figure that matches its low end leaves the high end unchecked."""
    return g.high is not None and abs(m.high - g.high) <= m.precision  # type: ignore[operator]


# Grounded figures a restatement may repeat, newest first: a claim costs this many at most, not
# every figure grounded so far (the furthest back a restatement reaches on the benchmark data is
# 9 figures).
_POOL = 64


def _restatement(ctx: ClaimContext) -> Verdict | None:
    m = ctx.mention
    grounded = ctx.grounded
    bound: tuple[Side, bool] | None = None
    read = False  # the claim's bound is read once, for the first figure it could restate
    for k in range(len(grounded) - 1, max(-1, len(grounded) - 1 - _POOL), -1):
        g = grounded[k]
        gm = g.mention
        if gm.kind == "year":
            continue
        if not _same_figure(m, gm):
            if restates_as_percent(m, g):  # "= 1.3566, or 135.66%"
                return _restates(ctx, g)
            continue
        if not _kinds_agree(m, gm) and not _final_drops_percent(ctx, gm):
            continue
        if m.high is not None and not _same_high(m, gm):
            continue  # "8.0 million to 15.1 million" restates 8.0 million only with its high end
        if not read:
            bound, read = claimed_bound(ctx.text, m), True
        if bound is not None and not _on_side(ctx, bound, gm):
            continue  # "$70.5 million ... less than $70.5 million" restates no bound
        if m.scale != gm.scale and m.scale != 1 and not _true_units_agree(ctx, m, g):
            continue  # "$283 billion" restating "$283" of a table in millions
        # (a claim without a scale word restating "$528.4 million" only drops the unit)
        dropped = m.scale == 1 and gm.scale != 1  # precisions in two scales do not compare
        if dropped and counts_periods(ctx.text, m.end):
            continue  # "each 7-month period" restates no "7.5 million" (rules._periods)
        if not dropped and m.precision < gm.precision and _finer_than_source(ctx, m, g):
            # "$9.6M ($9,600,000)" of a value of 9,630,000: the finer figure restates no rounding
            # of the value, it is a new figure the sources do not state.
            continue
        if relabels(ctx, g):
            continue  # "Interest expense was $5.2m. Tax expense was $5.2m" (rules._relabelled)
        return _restates(ctx, g)
    return None


def _on_side(ctx: ClaimContext, bound: tuple[Side, bool], g: Mention) -> bool:
    """Whether a claim that draws a ``bound`` ("more than $5M") holds of the earlier figure it
    would restate: that figure on the claimed side (or the line itself, for "at least"), or a
    bound of its own."""
    if claimed_bound(ctx.text, g) is not None:
        return True
    side, strict = bound
    gv, mv = abs(g.value), abs(ctx.mention.value)
    return (gv > mv if side == ">" else gv < mv) or (gv == mv and not strict)


def _restates(ctx: ClaimContext, g: Claim) -> Verdict:
    """The claim restates the grounded ``g``: its evidence, or ``contradicted`` when the wording
    gives a restated change the other direction."""
    m, gm, ev = ctx.mention, g.mention, g.evidence
    where = f"sentence {g.sentence.index + 1}"
    formula = f"restates {gm.text.strip()} ({where})"
    # A restatement of a restatement names the figure it restates and the grounding of the
    # first one, never the chain: copying the chain made n restatements cost n^2 memory.
    roots: dict[int, str] = ctx.shared.setdefault("steps.roots", {})  # type: ignore[assignment]
    root = None if ev is None else ev.formula
    if ev is not None and ev.kind == "restatement":
        root = roots.get(gm.start, root)
    if root is not None:
        formula += f": {root}"
        roots[m.start] = root
    exact = m.value == gm.value
    status = g.status if exact or g.status != "supported_exact" else "supported_rounded"
    evidence = Evidence(
        "steps",
        "restatement",
        formula,
        ev.operands if ev is not None else (),
        ev.result if ev is not None else gm.value,
    )
    signs = ctx.shared.setdefault("steps.signs", {})
    assert isinstance(signs, dict)
    sign = _change_sign(g, signs)
    said, worded = claim_direction(ctx)
    if sign is not None and worded and said is not None and said != sign:
        note = f"restates {gm.text.strip()} ({where}), a change {sign}; the wording says {said}"
        return Verdict("contradicted", replace(evidence, note=note), note)
    signs[m.start] = sign
    return Verdict(status, evidence)


def _finer_than_source(ctx: ClaimContext, m: Mention, g: Claim) -> bool:
    """Whether ``m``, stated finer than the figure ``g`` it would restate, misses the value
    behind ``g`` at its own precision (the value's true, scaled reading when known)."""
    ev = g.evidence
    if ev is None or ev.result is None:
        return False
    value = _cached_true(ctx, g)
    if value is None:
        if any(sv.view == "written" for sv in ev.operands):
            return False  # only the table's own digits are known: nothing to compare
        value = ev.result
    return abs(abs(m.value) - abs(value)) > m.precision


def _true_value(ctx: ClaimContext, g: Claim) -> Decimal | None:
    """The true (scaled) value of a grounded figure whose evidence is a table cell read as
    written under a unit header or a prose figure quoted without its scale word, or a formula
    over such values; None when no unit is known."""
    ev = g.evidence
    if ev is None or ev.result is None:
        return None
    for sv in ev.operands:
        if sv.view == "true":
            return ev.result
        if sv.view != "written" or sv.value == 0:
            continue
        for v in ctx.scope.values():
            if v.source_id != sv.source_id:
                continue
            cell = (
                v.view == "true"
                and sv.span is None
                and v.table == sv.table
                and v.row_index == sv.row_index
                and v.col_index == sv.col_index
            )
            # A prose figure quoted as written ("98" of "$98 million"): its scaled value has
            # the same span.
            prose = sv.span is not None and v.span == sv.span and v.view == "both"
            if cell or prose:
                return ev.result * (v.value / sv.value)
    return None


def _cached_true(ctx: ClaimContext, g: Claim) -> Decimal | None:
    cache = ctx.shared.setdefault("steps.true", {})
    assert isinstance(cache, dict)
    key = (g.mention.start, g.mention.end)
    if key not in cache:
        cache[key] = _true_value(ctx, g)
    value = cache[key]
    return value if isinstance(value, Decimal) else None


def _true_units_agree(ctx: ClaimContext, m: Mention, g: Claim) -> bool:
    """A restatement across a scale word is a dropped unit only when the grounded figure's true
    value is unknown or is what the claim states."""
    true = _cached_true(ctx, g)
    return true is None or abs(abs(m.value) - abs(true)) <= m.precision


def _change_sign(g: Claim, signs: dict[object, object]) -> str | None:
    """The direction of ``g`` when it is a change of known order ("The net change is 104" from
    2018 to 2019) or restates one: "up" or "down"; else None."""
    ev = g.evidence
    if ev is None:
        return None
    if ev.kind == "restatement":
        known = signs.get(g.mention.start)
        return known if isinstance(known, str) else None
    if ev.kind not in _CHANGE or "order unknown" in ev.note or not ev.result:
        return None
    return "up" if ev.result > 0 else "down"
