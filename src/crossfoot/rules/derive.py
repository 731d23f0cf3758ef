"""Two-operand derivations: % change, difference, sum, share, ratio, pp / bps change, average.

The search runs backwards from the stated number. For every operand ``x`` of a group and every
formula, the partner ``y`` that would give the stated value ± its window is solved for and looked
up by bisection (:meth:`ValueIndex.between`), so a group of n values costs O(n log n) per claim.
A float pass first drops the bases with no partner (its ranges are widened far beyond float error,
so it never drops one the ``Decimal`` search would pair). Every hit is then recomputed exactly in
``Decimal`` and kept only when it lands in the window.

What may match what (a percentage only as a percentage, a plain number only as a plain number):

========  ===============================================================================
claim     formulas
========  ===============================================================================
percent   percent_change (amounts or percents), share a/b*100 (amounts, at most 100 %),
          pp_change written as "%" (difference of two percents), sum / average of percents
pp        pp_change (difference of two percents)
bps       bps_change ((b - a) * 100 of two percents)
ratio     ratio a/b of amounts ("2.8:1", "1.28 times")
number    difference, sum, average, ratio a/b, share a/b and percent_change as a fraction
money     difference, sum, average of amounts (currencies must agree)
========  ===============================================================================

Sanity limits (precision-aware mode): derived amounts and plain numbers must be stated to about
1 % (precision/|value| <= 0.01: "$3.21bn" may be derived, "$3bn" not); percents, pp to half a
point or finer ("12%" yes); bps to 5 bps; ratios to 5 % ("2.8:1" yes, "3:1" no). Growth wording
("rose", "fell") is matched only by a change. A group with more operand values than the claim's
limit (:func:`~crossfoot.rules._derive_shared.derivation_limit`: larger for finer figures, or
``max_derivation_operands``) is not searched: coincidences become likely.

>>> from decimal import Decimal
>>> from crossfoot.model.index import ValueIndex
>>> from crossfoot.model.types import Mention, Sentence, SourceValue
>>> from crossfoot.model.context import ClaimContext, Scope
>>> from crossfoot.model.options import Options
>>> vals = [SourceValue(Decimal(2870), "R1", field="revenue_2023"),
...         SourceValue(Decimal(3214), "R1", field="revenue_2024")]
>>> m = Mention("12%", 10, 13, Decimal(12), "percent", Decimal("0.5"))
>>> text = "Revenue up 12%."
>>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
...     Scope((), False, ValueIndex(vals), (ValueIndex(vals),)), Options())
>>> two_operand(ctx).evidence.formula
'% change revenue_2023 (2,870) -> revenue_2024 (3,214) = 11.99%'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from crossfoot.language.rowmatch import focus_group, states_a_cell
from crossfoot.language.years import aligned, related_score, same_quantity
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import evict_oldest
from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.rules._answer_focus import ratio_named
from crossfoot.rules._asked_change import change_share_ok
from crossfoot.rules._average_pair import unnamed_pair_of_many, year_average
from crossfoot.rules._derive_beyond import beyond_asked, share_beyond
from crossfoot.rules._derive_formulas import (
    _HUNDRED,
    _compute,
    _float_bounds,
    _float_window,
    _live_bases,
    _partner_ranges,
    _Spec,
)
from crossfoot.rules._derive_kinds import currency_ok, label, operand_class, same_item, same_kind
from crossfoot.rules._derive_multiple import (
    multiple_misfit,
    multiple_ratio,
    multiple_runs_right,
)
from crossfoot.rules._derive_nil import restated
from crossfoot.rules._derive_shared import (
    _ZERO,
    Candidate,
    _magnitude,
    best_verdict,
    change_candidate,
    claim_direction,
    claim_interval,
    claim_worded,
    derivation_limit,
    fmt_result,
    focus_ok,
    group_too_large,
)
from crossfoot.rules._derive_wording import about_window as _window
from crossfoot.rules._derive_wording import (
    as_written,
    part_of_whole,
    search_worded,
    whole_of_year,
    wording_specs,
)
from crossfoot.rules._double_count import double_counted
from crossfoot.rules._gap_moved import moved_gap_pair
from crossfoot.rules._gap_named import gap_named, unworded_ok
from crossfoot.rules._gap_order import GAP_KINDS, worded_gap
from crossfoot.rules._latest_pair import off_latest
from crossfoot.rules._near import NEAR, offered_pairs, three_digits
from crossfoot.rules._own_sign import signed_kinds
from crossfoot.rules._prose_pairs import prose_pair_ok, worded_kinds
from crossfoot.rules._prose_prior import with_prior_year
from crossfoot.rules._relative_gap import relative_gap
from crossfoot.rules._rounded_reach import derivable_rounded
from crossfoot.rules._series_span import span_fits
from crossfoot.rules._views import views_agree
from crossfoot.rules._year_focus import coarse_group, prose_focus
from crossfoot.rules.joined_share import joined_part

__all__ = ["CHANGE_KINDS", "pair_candidates", "two_operand"]

#: Evidence kinds that are changes: they carry a direction and may meet growth wording.
CHANGE_KINDS = frozenset({"percent_change", "difference", "pp_change", "bps_change", "cagr"})


# --- the rule ----------------------------------------------------------------------------------


def _describe(ctx: ClaimContext, spec: _Spec, x: SourceValue, y: SourceValue, r: Decimal) -> str:
    mixed = x.source_id != y.source_id
    lx, ly = label(x, mixed), label(y, mixed)
    fx, fy = format_decimal(x.value), format_decimal(y.value)
    res = fmt_result(ctx, r)
    unit = {"percent": "%", "pp": " pp", "bps": " bps"}.get(ctx.mention.kind, "")
    if spec.op == "pct_change":
        return f"% change {lx} ({fx}) -> {ly} ({fy}) = {res}{unit}"
    if spec.op == "quotient":
        if spec.kind == "share":
            return f"share {ly} ({fy}) of {lx} ({fx}) = {res}{unit}"
        return f"{ly} ({fy}) / {lx} ({fx}) = {res}"
    if spec.op == "diff":
        mult = " x 100" if spec.factor == _HUNDRED else ""
        body = f"{ly} ({fy}) - {lx} ({fx})"
        return f"({body}){mult} = {res}{unit}" if mult else f"{body} = {res}{unit}"
    if spec.op == "sum":
        return f"{lx} ({fx}) + {ly} ({fy}) = {res}{unit}"
    return f"({lx} ({fx}) + {ly} ({fy})) / 2 = {res}{unit}"


def _pair_ok(ctx: ClaimContext, spec: _Spec, x: SourceValue, y: SourceValue) -> bool:
    if operand_class(y) != spec.cls or same_item(x, y) or not views_agree(x, y):
        return False
    if spec.op in ("sum", "diff") and (not same_kind(x, y) or restated(ctx, spec, x, y)):
        return False
    if spec.op in ("sum", "mean") and (double_counted(x, y) or not span_fits(ctx, (x, y))):
        return False  # a total and a line it holds (rules._double_count)
    if spec.kind == "share" and joined_part(ctx, x, y):
        return False  # "North and South made up 75%": one part, not one over the other
    if (
        x.span is not None
        and y.span is not None
        and x.source_id == y.source_id
        and _far_apart(ctx, x.span, y.span)
    ):
        return False
    if not currency_ok(x.currency, y.currency):
        return False
    if (x.table is None or y.table is None) and not prose_pair_ok(ctx, spec.op, x, y):
        return False  # figures of running text: worded, about the subject, of one kind
    if ctx.mention.kind == "money" and not (
        currency_ok(ctx.mention.currency, x.currency)
        and currency_ok(ctx.mention.currency, y.currency)
    ):
        return False
    if spec.kind in CHANGE_KINDS and off_latest(ctx, x, y):
        return False  # "grew 8% month over month": the line's latest step (rules._latest_pair)
    # Cells of one table combine only along a row or a column (crossfooting), never diagonally;
    # a change also needs both values to be one quantity (one series, two periods).
    if spec.kind == "difference" and claim_direction(ctx)[0] is None:
        # Without direction words a difference is a change of one quantity ("changed by $344m
        # in 2024") or a gap between two things of one period ("the gap between A and B").
        return (
            (same_quantity(x, y) and focus_ok(ctx, (x, y), True))
            or (aligned(x, y) and gap_named(ctx, x, y) and focus_ok(ctx, (x, y), False))
        ) and unworded_ok(
            ctx, x, y
        )  # rules._gap_named: a sentence's own line, no difference worded
    if spec.kind in GAP_KINDS and (
        worded_gap(ctx, x, y) or moved_gap_pair(ctx.sentence.text, x, y)  # "the gap ... widened"
    ):  # "the difference in A and B"
        return focus_ok(ctx, (x, y), False)
    if spec.kind == "average" and unnamed_pair_of_many(ctx, x, y):
        return False  # "averaged 354 per quarter": two of four quarters (rules._average_pair)
    if spec.kind == "percent_change" and relative_gap(ctx, x, y):
        # "A's sales were 31% higher than B's" (rules._relative_gap)
        return focus_ok(ctx, (x, y), False)
    if spec.kind in CHANGE_KINDS or spec.kind == "average":
        # An average of two is of one quantity over time (or of unlabelled fields), like a change.
        # "the 2019 average" of a balance is of its opening and closing: read as a change is
        # (ends in 2019, starts in 2019 or 2018; rules._average_pair)
        yearly = spec.kind in CHANGE_KINDS or year_average(ctx.sentence.text)
        return same_quantity(x, y) and focus_ok(ctx, (x, y), yearly)
    if spec.kind in ("share", "ratio") and not change_share_ok(ctx, x, y):
        return False  # a relative change asked: a quotient of a change (rules._asked_change)
    if spec.kind == "ratio" and (not ratio_named(ctx, x, y) or multiple_misfit(ctx, x, y)):
        return False  # a bare line's ratio of lines not asked; "1.6 times its 2020 level"
    if spec.kind == "share" and not part_of_whole(ctx, x, y):
        return False  # "62% of the market value": a part and its whole, of one period
    whole_year = spec.kind == "share" and whole_of_year(ctx, x, y)  # "66.2% of 2018 revenue"
    return (aligned(x, y) or whole_year) and focus_ok(ctx, (x, y), False)


@dataclass(frozen=True, slots=True)
class _Group:
    """A group's values as the search reads them, made once per group (see _profile): every
    claim of an answer searches the same groups."""

    group: ValueIndex  # held: the memo is keyed by id(), which must not be reused meanwhile
    # Operand class -> (value, its float or None), in the group's order.
    bases: dict[str | None, list[tuple[SourceValue, float | None]]]
    keys: list[float] | None  # the values as floats, ascending (None: a value is no number)


# _Group by group, across answers: check() reuses the sources (and so the groups, immutable
# ValueIndexes) of the same passages for every question on them. The group is held by its entry,
# so its id() is not reused meanwhile; the oldest entry goes first.
_PROFILES: dict[int, _Group] = {}
_PROFILES_KEPT = 64


def _profile(ctx: ClaimContext, group: ValueIndex) -> _Group:
    hit = _PROFILES.get(id(group))
    if hit is not None and hit.group is group:
        return hit
    bases: dict[str | None, list[tuple[SourceValue, float | None]]] = {}
    # float() of a Decimal is correctly rounded, hence monotone: the keys stay sorted.
    floats = [float(x.value) for x in group.values]
    for x, f in zip(group.values, floats, strict=True):
        # As approx_float(x.value), from the float already made.
        a = f if 1e-150 < abs(f) < 1e150 or (f == 0.0 and x.value == 0) else None
        bases.setdefault(operand_class(x), []).append((x, a))
    nan = any(k != k for k in floats)  # then leave everything to the Decimal search
    made = _Group(group, bases, None if nan else floats)
    evict_oldest(_PROFILES, _PROFILES_KEPT)
    _PROFILES[id(group)] = made
    return made


def _worded(ctx: ClaimContext, worded: bool | None) -> bool:
    """``worded`` when known (True: the sentence names only a change), else the claim's own
    direction words (read once per claim, memoised by claim_direction)."""
    return worded if worded is not None else claim_worded(ctx)


#: Source-value pairs one claim's two-operand search may look at. The benchmark corpora's claims
#: look at 284 at most; only a value repeated hundreds of times reaches this (quadratic).
PAIR_BUDGET = 20_000


def _search_group(ctx: ClaimContext, group: ValueIndex, worded: bool | None) -> Iterator[Candidate]:
    if not len(group):
        return
    lo, hi = claim_interval(ctx)
    mag = _magnitude(lo, hi)
    prof = _profile(ctx, group)
    keys = prof.keys
    window = _float_window(lo, hi, mag) if keys is not None else None  # floats, prefilter
    # The group is sorted: a partner range outside [first, last] holds no value.
    first, last = group.values[0].value, group.values[-1].value
    for spec in wording_specs(ctx):
        change = spec.op in ("pct_change", "diff")
        free = change or multiple_ratio(ctx, spec)  # growth words admit a change, "grew 3.2x"
        if worded and not free:
            continue  # growth wording is never a share, sum, ratio or mean
        if spec.max_value is not None and lo > spec.max_value and not beyond_asked(ctx):
            continue
        if spec.op == "quotient" and hi <= 0:
            continue
        bases = prof.bases.get(spec.cls)
        if not bases:
            continue
        if window is None or keys is None:
            candidates = [x for x, _ in bases]
        else:
            w_lo, w_hi, m_lo, m_hi = window
            if change:
                targets_f = [(m_lo, m_hi), (-m_hi, -m_lo)]
            elif spec.op == "quotient":
                targets_f = [(max(w_lo, 0.0), w_hi)]
            elif spec.op in _SIZED and w_lo > 0:
                targets_f = [(w_lo, w_hi), (-w_hi, -w_lo)]
            else:
                targets_f = [(w_lo, w_hi)]
            # A cheap float test first: most bases have no partner at all.
            bounds = _float_bounds(spec.op, float(spec.factor), targets_f)
            candidates = _live_bases(bounds, bases, keys)
            if not candidates:
                continue
        if not free and _worded(ctx, worded):
            continue
        if change:
            targets = [mag, (-mag[1], -mag[0])]
        elif spec.op == "quotient":
            targets = [(max(lo, _ZERO), hi)]
        elif spec.op in _SIZED and lo > 0:
            targets = [(lo, hi), (-hi, -lo)]  # the size of a sum of two negative values
        else:
            targets = [(lo, hi)]
        seen: set[tuple[int, int]] = set()
        spent: list[int] = ctx.notes.setdefault("derive.pairs", [0])  # type: ignore[assignment]
        for x in candidates:
            for plo, phi in _partner_ranges(spec.op, spec.factor, x.value, targets):
                if (plo if plo > phi else phi) < first or (phi if plo > phi else plo) > last:
                    continue
                pairs = group.between(plo, phi)
                spent[0] += len(pairs)
                if spent[0] > PAIR_BUDGET:
                    # Values repeated hundreds of times (a pasted run of one number) make every
                    # pair a candidate: the search stops, and the claim is judged on what it
                    # found, failing when that is nothing (fail closed, never a pass).
                    return
                for y in pairs:
                    if not _pair_ok(ctx, spec, x, y):
                        continue
                    if spec.op in ("sum", "mean"):
                        key = (min(id(x), id(y)), max(id(x), id(y)))
                        if key in seen:
                            continue
                        seen.add(key)
                    yield from _judge(ctx, spec, x, y, lo, hi, change)


def _judge(
    ctx: ClaimContext,
    spec: _Spec,
    x: SourceValue,
    y: SourceValue,
    lo: Decimal,
    hi: Decimal,
    change: bool,
) -> Iterator[Candidate]:
    def compute(a: SourceValue, b: SourceValue) -> Decimal | None:
        if spec.op == "pct_change" and a.value < 0 < b.value and claim_direction(ctx)[1]:
            # A loss turned into a gain: its % change over the signed base (-2,404 -> 1,318 is
            # -154.83 %) is a convention no direction word ("rose", "fell") can be checked with.
            return None
        return _compute(spec.op, spec.factor, a, b)

    def describe(a: SourceValue, b: SourceValue, r: Decimal) -> str:
        return _describe(ctx, spec, a, b, r)

    if change:
        cand = change_candidate(ctx, spec.kind, x, y, compute, describe, spec.note)
        if cand is not None:
            yield cand
        return
    r = compute(x, y)
    note = spec.note
    if r is not None and spec.op in _SIZED and r < 0 < lo and x.value < 0 and y.value < 0:
        r, note = -r, "the size of a sum of negative values"  # "used $615 million" of (709)...
    if r is None or not lo <= r <= hi or not multiple_runs_right(ctx, x, y):
        return
    if spec.max_value is not None and r > spec.max_value and not share_beyond(ctx, x, y):
        return
    yield Candidate(
        spec.kind,
        lambda: describe(x, y, r),
        (x, y),
        r,
        True,
        note,
        related_score((x, y)),
        abs(r - ctx.mention.value),
    )


# Prose pairs have no rows or columns to keep them apart: two figures of a long passage combine
# by chance as easily as two of a paragraph. A figure stated to fewer than about four
# significant digits (half unit over 0.05 % of it) is derived from two prose values only when
# they stand within a passage of each other. Measured on both halves (docs/derivations.md).
_NEAR = 500  # characters between the two operands' starts
_FINE = Decimal("0.0005")
_NEAR_ONLY = "derive.near_only"  # set while a pool is searched by its nearby pairs only


def _far_apart(ctx: ClaimContext, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two prose operands too far apart for a figure stated this coarsely, or for a pool
    searched by its nearby pairs only (rules._near)."""
    if ctx.notes.get(_NEAR_ONLY):
        return abs(a[0] - b[0]) > NEAR
    m = ctx.mention
    if m.value == 0 or m.precision <= abs(m.value) * _FINE:
        return False
    return abs(a[0] - b[0]) > _NEAR


# Formulas a positive figure may state the size of, over two negative values.
_SIZED = frozenset({"sum", "mean"})


def two_operand(ctx: ClaimContext) -> Verdict | None:
    """Derive the claim from two source values of one group (see the module docstring).

    Returns ``derived`` with the formula as evidence, ``contradicted`` when only a change of the
    opposite direction (known order) matches, or ``None``.
    """
    if not ctx.options.allow_derived or not ctx.mention.claim:
        return None
    flat = ctx.options.rel_tolerance is not None or ctx.options.abs_tolerance is not None
    ctx = as_written(ctx, lambda m: derivable_rounded(m, flat))  # "about 20%" as "20%"
    m, o = ctx.mention, ctx.options
    coarse = not derivable_rounded(m, flat)
    if coarse:
        # A coarse figure ("18 million", the change of a row from $100m to $82m) is derived only
        # exactly, from table rows the answer names: a window of a few percent over a whole
        # table would invite coincidences.
        # A zero ("The answer is 0%") is derived only as an exact zero change of a named row.
        zero = m.value == 0 and m.kind in ("money", "number", "percent")
        # A range claimed as a range ("grew by 12% to 15%") is derived the same way: from the
        # rows the answer names, by the operation it words, inside the range.
        ranged = m.high is not None and m.kind in ("money", "number", "percent")
        if flat or not (zero or ranged or m.kind in ("money", "number")):
            return None
        # ... and only as an operation the wording names ("the change in cost", "the average").
        kinds = worded_kinds(ctx) | signed_kinds(ctx)  # "(+25)": rules._own_sign
        if zero or (ranged and m.kind == "percent"):
            kinds &= {"difference"}
            if kinds and m.kind == "percent":
                kinds = frozenset({"percent_change", "pp_change"})
        if o.derivations is not None:
            kinds &= o.derivations
        if not kinds:
            return None
        m = replace(m, precision=_window(ctx))  # exact, or an "about" amount's window
        ctx = replace(ctx, mention=m, options=replace(o, derivations=kinds))
    if states_a_cell(ctx, m.kind in ("money", "number")):
        return None
    worded = search_worded(ctx)  # growth wording admits only a change (a move's level: any)
    found: list[Candidate] = []
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if coarse:
            named = coarse_group(ctx, group, limit)
            if named is None:
                continue
            group = with_prior_year(ctx, group, named, limit)  # "rose $1.3m in 2009": and 2008
        elif group_too_large(group, limit):
            found.extend(_search_large(ctx, group, limit, worded))
            continue
        found.extend(_search_group(ctx, group, worded))
    return best_verdict(ctx, found)


def _search_large(
    ctx: ClaimContext, group: ValueIndex, limit: int, worded: bool | None
) -> Iterator[Candidate]:
    """A group too large to search whole for the claim: the table rows the answer names, if
    few enough; else the prose figures it names by subject and year, the nearby pairs of a prose
    pool and the crossfooting pairs of a table, each when it fits the budget."""
    focused = focus_group(ctx, group)
    if focused is not None and not group_too_large(focused, limit):
        yield from _search_group(ctx, focused, worded)
        return
    # A prose pool: first the figures the claim names by subject and year (rules._year_focus).
    named = prose_focus(ctx, group) if focused is None else None
    if named is not None and not group_too_large(named, limit):
        yield from _search_group(ctx, named, worded)
    # A prose pool is still searched by its nearby pairs within the budget (limit**2 pairs).
    if not three_digits(ctx.mention):
        return
    offered = offered_pairs(ctx, group)
    if offered is not None and offered[0] == "lines":
        # A table offers only the pairs along its rows and columns: searched whole for a
        # percent change when those fit the same budget (docs/derivations.md).
        if ctx.options.max_derivation_operands is None and offered[1] <= limit * limit:
            yield from _search_group(_quotients(ctx), group, worded)
        return
    if offered is None or offered[1] > limit * limit:
        return
    ctx.notes[_NEAR_ONLY] = True
    try:
        yield from _search_group(ctx, group, worded)
    finally:
        del ctx.notes[_NEAR_ONLY]


# A table too large for its limit: crossfooting pairs, percent changes only (sums crowd a band).
_QUOTIENTS = frozenset({"percent_change"})


def _quotients(ctx: ClaimContext) -> ClaimContext:
    allowed = ctx.options.derivations
    kinds = _QUOTIENTS if allowed is None else _QUOTIENTS & allowed
    return replace(ctx, options=replace(ctx.options, derivations=kinds))


def pair_candidates(ctx: ClaimContext, group: ValueIndex) -> list[Candidate]:
    """Every two-operand derivation of ``group`` that meets the claim at its stated precision,
    with no gate on the group's size or the claim's precision: for a rule that has narrowed the
    group itself (rules.coarse_ratio). A level at an end of a stated move ("rose from 12% in 2020
    to 15%") is read as a level, as the full search reads it."""
    return list(_search_group(ctx, group, search_worded(ctx)))
