"""Rule: restatements and step-by-step arithmetic over numbers the answer already grounded.

An answer that works through a problem states its operands first ("revenue was $4.2m in 2018 and
$5.5m in 2019") and then a result ("an increase of 31%"). When the result is not itself a source
value, it may still be derived from the figures the answer has *already grounded*:

- **restatement**: the claim repeats an earlier grounded figure ("= 67" then "the average is
  $67 million"); it passes with that figure's evidence (:mod:`crossfoot.rules._steps_restate`);
- **step**: a two-operand result (difference, sum, % change, share, ratio, average, product, pp /
  bps change) over figures grounded in the same sentence or the two before it.

Changes follow the direction rules of the derivation rules: the order of the two figures comes from
the answer's wording ("from A to B", "B − A") or from their years; a direction word that
contradicts a known order makes the claim ``contradicted``; with no known order only the magnitude
is checked and the evidence says so. A dropped-unit alias (a source value with ``operand=False``,
such as "2.2" standing for "$2.2 billion") is never an operand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from crossfoot.arithmetic.calculations import calculations_of
from crossfoot.language.bounds import claimed_bound, clip
from crossfoot.language.order import mention_order, number_year
from crossfoot.model.context import ClaimContext, Verdict, index_of
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._derive_shared import approx_float, claim_direction, claim_worded, known_worded
from crossfoot.rules._rounded_points import at_points
from crossfoot.rules._signed_change import plus_signed
from crossfoot.rules._steps_math import (
    _PERCENT,
    _ZERO,
    _Approx,
    _cls,
    _compute,
    _describe,
    _Fig,
    _fine_enough,
    _may_match,
    _Op,
    _ops,
    _pairs,
    _Reading,
    _spread,
    _Window,
    _written_window,
)
from crossfoot.rules._steps_restate import _CHANGE, _cached_true, _restatement, _same_figure
from crossfoot.rules._steps_rounded import at_cells, cell_reading, rounded_cells

__all__ = ["step_arithmetic"]

_POOL = 12  # grounded figures considered (the most recent ones): 12 * 11 ordered pairs at most
_WORDED = {
    "sum": re.compile(
        r"(?i)\b(?:total|totals|totall?ed|combined|sum|together|altogether|in\s+all|aggregate)\b"
    ),
    "average": re.compile(r"(?i)\b(?:average|averaged|mean|avg)\b"),
    "share": re.compile(
        r"(?i)\b(?:share|accounted|accounts|portion|proportion|represent\w*|of\s+(?:the\s+)?total)\b"
    ),
    "ratio": re.compile(r"(?i)\b(?:ratio|times|multiple|x)\b"),
    "difference": re.compile(
        r"(?i)\b(?:difference|gap|more|less|higher|lower|exceed\w*|change[ds]?)\b"
    ),
    "product": re.compile(r"(?i)\b(?:times|multipl\w*|product)\b"),
}


def step_arithmetic(ctx: ClaimContext) -> Verdict | None:
    """Rule: a restatement of a grounded figure, or one step of arithmetic over recent ones.

    See the module docstring; unit tests in ``tests/test_steps.py``.
    """
    m = ctx.mention
    if not m.claim or m.kind == "year" or not ctx.grounded:
        return None
    restated = _restatement(ctx)
    if restated is not None:
        return restated
    if not ctx.options.allow_derived or m.high is not None or _repeats_wrong_result(ctx):
        return None  # (a range: one step meets one value, never both ends)
    return _step(ctx)


def _repeats_wrong_result(ctx: ClaimContext) -> bool:
    """The claim repeats the stated result of a written calculation that does not add up
    ("(49 + 3 + 0) / 3 = 16.3 ... Answer: 16.3"): a coincidental derivation must not bless it."""
    m = ctx.mention
    for calc in calculations_of(ctx):
        stated = ctx.mentions[calc.result]
        if not calc.correct and stated.start < m.start and _same_figure(m, stated):
            return True
    return False


# --- one step of arithmetic --------------------------------------------------------------------


def _figures(ctx: ClaimContext) -> list[_Fig]:
    """The last :data:`_POOL` grounded figures before the claim in its sentence or the two
    before it, oldest first. Read newest first, stopping once the pool is full or the sentences
    are left behind: a claim costs the pool, not every figure grounded so far."""
    out: list[_Fig] = []
    first_sentence = ctx.sentence.index - 2
    start = ctx.mention.start
    memo: dict[int, tuple[Claim, _Fig | None]]
    memo = ctx.shared.setdefault("steps.figs", {})  # type: ignore[assignment]
    for g in reversed(ctx.grounded):
        if g.sentence.index < first_sentence:
            break  # (grounded claims are in text order)
        gm = g.mention
        if gm.kind == "year" or gm.start >= start:
            continue
        # _fig_of's memo read inline: every claim looks back at the same few figures.
        hit = memo.get(id(g))
        fig = hit[1] if hit is not None and hit[0] is g else _fig_of(ctx, g)
        if fig is not None:
            out.append(fig)
            if len(out) == _POOL:
                break
    out.reverse()
    return out


def _fig_of(ctx: ClaimContext, g: Claim) -> _Fig | None:
    """A grounded claim as an operand (None for a dropped-unit alias), made once per answer:
    every later claim looks back at the same figures."""
    memo: dict[int, tuple[Claim, _Fig | None]]
    memo = ctx.shared.setdefault("steps.figs", {})  # type: ignore[assignment]
    hit = memo.get(id(g))
    if hit is not None and hit[0] is g:
        return hit[1]
    gm = g.mention
    ev = g.evidence
    fig: _Fig | None = None
    if gm.high is None and not (
        ev is not None and ev.operands and not any(sv.operand for sv in ev.operands)
    ):
        # (otherwise a range, no one operand, or a dropped-unit alias: matches directly, never
        # an operand)
        year = _evidence_year(ev.operands if ev is not None else ())
        if year is None:
            s = g.sentence
            year = number_year(ctx.text, s.start, s.end, ctx.mentions, index_of(ctx, gm))
        written = gm.written if gm.written else abs(gm.value)
        signed_written = -written if gm.value < 0 else written
        # A figure the source states exactly carries no rounding of its own, nor does one that
        # states its derivation's exact result ("a net change of -$94 million" for 680 - 774):
        # a percentage worked out from it is held to the exact figure, not to a rounded one.
        exact = g.status == "supported_exact" or (
            g.status == "derived" and ev is not None and ev.result == gm.value
        )
        precision = Decimal(0) if exact else gm.precision
        fig = _Fig(
            g,
            gm.value,
            signed_written,
            precision,
            year,
            approx_float(gm.value),
            approx_float(signed_written),
        )
    memo[id(g)] = (g, fig)
    return fig


def _evidence_year(operands: tuple[SourceValue, ...]) -> int | None:
    years = {sv.year for sv in operands}
    if len(operands) and len(years) == 1:
        return next(iter(years))
    return None


@dataclass(frozen=True, slots=True)
class _Hit:
    kind: str
    op: _Op  # the formula's text is made for the best hit only (see formula())
    unit: str
    result: Decimal
    first: _Fig
    second: _Fig
    passed: bool
    note: str
    error: Decimal

    def formula(self) -> str:
        return _describe(self.op, self.first, self.second, self.result, self.unit)


def _order(ctx: ClaimContext, a: _Fig, b: _Fig) -> tuple[_Fig, _Fig] | None:
    said = mention_order(ctx.text, a.claim.mention, b.claim.mention)
    if said is not None:
        return (a, b) if said[0] is a.claim.mention else (b, a)
    if a.year is not None and b.year is not None and a.year != b.year:
        return (a, b) if a.year < b.year else (b, a)
    return None


def _hits(ctx: ClaimContext, figs: list[_Fig]) -> Iterator[_Hit]:
    return _Search(ctx, figs).hits()


class _Search:
    """One claim's search over ordered pairs of grounded figures, formula by formula; what the
    formulas share (windows, pairs, readings, what the wording says) is made once."""

    __slots__ = (
        "cells",
        "ctx",
        "fine",
        "fine_relaxed",
        "named",
        "pairs",
        "pools",
        "rescaled_readings",
        "unit",
        "windows",
        "worded",
        "written",
    )

    def __init__(self, ctx: ClaimContext, figs: list[_Fig]) -> None:
        m = ctx.mention
        self.ctx = ctx
        # Whether words state a direction (then only a change may match): read from the wording
        # only once a non-change formula passes the prefilter, or for a coarse figure (most
        # claims match nothing, and the wording costs more than the pair search). None: not
        # read yet.
        self.worded = known_worded(ctx)
        self.named: set[str] | None = None  # operations the wording names: read when it matters
        # _fine_enough only loosens with ``relaxed``: a claim fine enough without it never needs
        # the wording, so the six regexes run only for coarse figures.
        self.fine, self.fine_relaxed = _fine_enough(m, False), _fine_enough(m, True)
        self.unit = {"percent": "%", "pp": " pp", "bps": " bps"}.get(m.kind, "")
        lo, hi = m.value - m.precision, m.value + m.precision
        # "more than 30%": the claimed half of the window only
        lo, hi = clip(lo, hi, m.value, *(claimed_bound(ctx.text, m) or (None, False)))
        self.windows = {False: (lo, hi, approx_float(lo), approx_float(hi))}
        self.pools: dict[str | None, list[_Fig]] = {}  # figures by operand class, sorted once
        for f in figs:
            self.pools.setdefault(_cls(f.claim.mention), []).append(f)
        # Ordered pairs (a, b) of each class, made once per claim rather than once per formula.
        self.pairs: dict[str, list[tuple[_Fig, _Fig, bool, bool]]] = {}
        self.rescaled_readings: dict[
            tuple[int, int, bool], tuple[list[_Reading], list[_Approx]]
        ] = {}
        self.written: _Window | None = None  # the claim's window as written (a dropped unit)
        self.cells = rounded_cells(figs)  # the cells rounded figures restate (rules._steps_rounded)

    def hits(self) -> Iterator[_Hit]:
        m = self.ctx.mention
        for op in _ops(m):
            is_change = op.kind in _CHANGE
            if self.worded and not is_change:
                continue  # growth wording is matched only by a change
            exact_only = self._exact_only(op, is_change)
            if exact_only is None:
                continue
            class_pairs = self.pairs.get(op.operands)
            if class_pairs is None:
                pool = self.pools.get(op.operands, [])
                class_pairs = self.pairs[op.operands] = _pairs(m, pool)
            if exact_only not in self.windows:
                fv = approx_float(m.value)
                self.windows[True] = (m.value, m.value, fv, fv)
            yield from self._pair_hits(op, class_pairs, exact_only, is_change)

    def _exact_only(self, op: _Op, is_change: bool) -> bool | None:
        """Whether ``op`` may match only exactly; None when it may not match at all."""
        if self.fine:
            return False
        if self.named is None:
            self.worded = claim_worded(self.ctx)
            if self.worded and not is_change:
                return None
            self.named = _named_operations(self.ctx, self.worded)
        relaxed = op.kind in self.named or (is_change and "difference" in self.named)
        # A coarse figure ("an increase of $0.03") is accepted only when its wording names
        # the operation and the arithmetic is exact: rounding windows that wide invite
        # coincidences.
        exact_only = not (relaxed and self.fine_relaxed)
        if exact_only and not relaxed:
            return None
        return exact_only

    def _pair_hits(
        self,
        op: _Op,
        class_pairs: list[tuple[_Fig, _Fig, bool, bool]],
        exact_only: bool,
        is_change: bool,
    ) -> Iterator[_Hit]:
        ctx = self.ctx
        window = self.windows[exact_only]
        wlo, whi, flo, fhi = window
        symmetric = op.op in _SYMMETRIC
        rescaled = op.op in _RESCALED
        factor = float(op.factor)
        for a, b, later, dropped in class_pairs:
            if symmetric and later:
                continue  # a symmetric formula is judged once, with ``a`` first
            if exact_only and (a.precision or b.precision):
                continue  # exactness needs operands the sources state exactly
            # The common case: the float estimate misses, and nothing is done in Decimal.
            if rescaled and dropped:
                readings, approx = self._dropped_readings(a, b, exact_only, window)
                for x, y, u, v in approx:  # (a loop: a generator costs more than two calls)
                    if _may_match(op.op, factor, x, y, u, v, is_change):
                        break
                else:
                    continue
            elif _may_match(op.op, factor, a.approx, b.approx, flo, fhi, is_change):
                readings = [(a.value, b.value, wlo, whi)]
            elif not self.cells:
                continue
            else:
                readings = cell_reading(self.cells, op, a, b, window, is_change)
                if not readings:
                    continue
            if not is_change:
                if self.worded is None:
                    self.worded = claim_worded(ctx)
                if self.worded:
                    return  # growth wording is matched only by a change
            hit = _try(ctx, op, a, b, readings, is_change, self.unit, self.cells)
            if hit is None and self.cells and not (rescaled and dropped):  # rules._rounded_points
                readings = cell_reading(self.cells, op, a, b, window, is_change)
                hit = _try(ctx, op, a, b, readings, is_change, self.unit, self.cells)
            if hit is not None:
                if readings[0][0] is not a.value or readings[0][1] is not b.value:  # (the cells)
                    hit = replace(hit, note=at_cells(hit.note))
                yield hit

    def _dropped_readings(
        self, a: _Fig, b: _Fig, exact_only: bool, window: _Window
    ) -> tuple[list[_Reading], list[_Approx]]:
        # The readings are the same for diff, sum and mean: made once per pair.
        key = (id(a), id(b), exact_only)
        both = self.rescaled_readings.get(key)
        if both is None:
            if self.written is None:
                self.written = _written_window(self.ctx.mention)
            both = _readings(self.ctx, a, b, window, self.written)
            self.rescaled_readings[key] = both
        return both


_SYMMETRIC = frozenset({"sum", "mean", "prod"})
# Formulas _try also reads across a unit dropped on one side (a second reading of the pair).
_RESCALED = frozenset({"diff", "sum", "mean"})


def _named_operations(ctx: ClaimContext, worded: bool) -> set[str]:
    """The operations the words around the claim name ("total", "average", "share", ...)."""
    m, s = ctx.mention, ctx.sentence
    context = ctx.text[max(s.start, m.start - 80) : min(s.end, m.end + 30)]
    named = {k for k, rx in _WORDED.items() if rx.search(context)}
    if worded:
        named.add("difference")
    return named


def _readings(
    ctx: ClaimContext,
    a: _Fig,
    b: _Fig,
    window: _Window,
    written: _Window,
) -> tuple[list[_Reading], list[_Approx]]:
    """The ways to read a pair with a unit dropped on one side (``dropped`` of :func:`_pairs`)
    against the claim, and the same as floats: as stated, and across the dropped unit."""
    lo, hi, flo, fhi = window
    readings = [(a.value, b.value, lo, hi)]
    approx = [(a.approx, b.approx, flo, fhi)]
    # "$5,829m and $5,735m ... a difference of 94". Two different stated scales ("$44.1 million
    # - $56.7 million = $12.6 billion") are a wrong unit, not a dropped one (no reading here).
    ta, tb = _cached_true(ctx, a.claim), _cached_true(ctx, b.claim)
    if ctx.mention.scale != 1 and ta is not None and tb is not None:
        # Both operands are cells of a known unit ("$70 - $53" of a table in millions): the
        # claim's scale word is checked against it, "$17 billion" is not "$17 million".
        readings.append((ta, tb, lo, hi))
        approx.append((approx_float(ta), approx_float(tb), flo, fhi))
    else:
        wlo, whi, fwlo, fwhi = written
        readings.append((a.written, b.written, wlo, whi))
        approx.append((a.approx_written, b.approx_written, fwlo, fwhi))
    return readings, approx


def _try(
    ctx: ClaimContext,
    op: _Op,
    a: _Fig,
    b: _Fig,
    readings: list[_Reading],
    is_change: bool,
    unit: str,
    cells: dict[int, tuple[Decimal, float | None]],
) -> _Hit | None:
    m = ctx.mention
    if op.op in ("sum", "mean", "prod") and a.claim.mention.start > b.claim.mention.start:
        return None  # symmetric: judged once
    for va, vb, rlo, rhi in readings:
        r = _compute(op.op, op.factor, va, vb)
        if r is None:
            continue
        if is_change:
            mag_lo, mag_hi = (max(_ZERO, min(abs(rlo), abs(rhi))), max(abs(rlo), abs(rhi)))
            if rlo <= 0 <= rhi:
                mag_lo = _ZERO
            value = abs(r)
        else:
            mag_lo, mag_hi, value = rlo, rhi, r
        ok = mag_lo <= value <= mag_hi
        if not ok:
            spread = _spread(op.op, op.factor, *at_points(cells, a, b), r)
            if r != 0 and spread <= abs(r) * _PERCENT:
                ok = mag_lo - spread <= value <= mag_hi + spread
        if not ok:
            continue
        error = abs(value - abs(m.value)) if is_change else abs(r - m.value)
        if not is_change:
            return _Hit(op.kind, op, unit, r, a, b, True, "", error)
        order = _order(ctx, a, b)
        if order is None:
            if op.op == "diff" and a.claim.mention.start > b.claim.mention.start:
                return None  # both orientations give one magnitude: judge one
            note = "order unknown: magnitude only"
            return _Hit(op.kind, op, unit, r, a, b, True, note, error)
        if order[0] is not a:
            return None  # judged in the other orientation
        direction, _ = claim_direction(ctx)  # read only for a change that matched
        if direction is None and plus_signed(ctx.text, m.start):
            direction = "up"  # "3,802 → 3,540 (+262)": a plus on the figure claims a rise
        if direction is None or r == 0 or (r > 0) == (direction == "up"):
            return _Hit(op.kind, op, unit, r, a, b, True, "", error)
        formula = _describe(op, a, b, r, unit)
        note = f"magnitude matches {formula}, but the wording states the opposite direction"
        return _Hit(op.kind, op, unit, r, a, b, False, note, error)
    return None


def _step(ctx: ClaimContext) -> Verdict | None:
    figs = _figures(ctx)
    if len(figs) < 2:
        return None
    best: _Hit | None = None
    for hit in _hits(ctx, figs):
        key = (hit.passed, hit.note == "", -hit.error)
        if best is None or key > (best.passed, best.note == "", -best.error):
            best = hit
    if best is None:
        return None
    operands: list[SourceValue] = []
    for f in (best.first, best.second):
        ev = f.claim.evidence
        if ev is not None:
            operands.extend(sv for sv in ev.operands if sv not in operands)
    note = best.note if best.passed else ""
    evidence = Evidence("steps", best.kind, best.formula(), tuple(operands), best.result, note)
    if best.passed:
        return Verdict("derived", evidence)
    return Verdict("contradicted", evidence, best.note)
