"""Helpers shared by the derivation rules: :mod:`crossfoot.rules.derive` (which re-exports them),
:mod:`~crossfoot.rules.multi`, :mod:`~crossfoot.rules.rowsums` and :mod:`~crossfoot.rules.steps`.

They read the claim (how finely it is stated, the interval of true values it stands for, its
direction, whether its wording names only a change), judge operands (class, unit view, currency,
same cell, the years and table rows the sentence focuses on), and turn the derivations that
matched into one verdict (:class:`Candidate`, :func:`change_candidate`, :func:`best_verdict`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.language.bounds import claimed_bound, clip
from crossfoot.language.changewords import CHANGE, words
from crossfoot.language.direction import sign_words, stated_direction
from crossfoot.language.order import answer_order
from crossfoot.language.prose_order import prose_order
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.turns import OVER
from crossfoot.language.years import known_order, period, related_score, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Evidence, Mention, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._base_year import base_year
from crossfoot.rules._claim_year import own_year, series_years, year_before_stated
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._focus_rows import named_table_rows
from crossfoot.rules._loss_words import loss_agrees
from crossfoot.rules._month_focus import claim_months, months_fit
from crossfoot.rules._quarter_focus import periods_fit
from crossfoot.rules._signed_change import dropped_sign
from crossfoot.rules._since_year import change_end
from crossfoot.rules._tie_years import best_of
from crossfoot.rules._worded_fraction import fraction_window, worded_fraction
from crossfoot.rules.signs import cost_sizes_agree

__all__ = [
    "Candidate",
    "approx_float",
    "best_verdict",
    "change_candidate",
    "claim_direction",
    "claim_interval",
    "claim_worded",
    "claim_years",
    "derivable",
    "derivation_limit",
    "fmt_result",
    "focus_ok",
    "group_too_large",
    "kind_allowed",
    "known_worded",
    "mean_worded",
    "names_only_a_change",
    "order_of",
]

_ONE = Decimal(1)
_ZERO = Decimal(0)
# Precision limits of derivable(), made once (a Decimal from a string costs a parse per call).
_HALF, _FIVE, _FIVE_PCT, _ONE_PCT = Decimal("0.5"), Decimal(5), Decimal("0.05"), Decimal("0.01")
# Window for a claim that reports zero precision (an exact value): the decimal context's noise.
_TINY = Decimal("1e-9")


def approx_float(x: Decimal) -> float | None:
    """``x`` as a float when that float is within a relative 1e-16 of it (normal range), else
    None: the float prefilters of the rules then leave ``x`` to their exact Decimal search."""
    f = float(x)
    if f == 0.0:
        return 0.0 if x == 0 else None
    return f if 1e-150 < abs(f) < 1e150 else None  # False for nan too


def derivable(m: Mention, in_flat_mode: bool) -> bool:
    """Is the claim stated finely enough to be derived at all (see module docstring)?"""
    if m.value == 0 and m.high is None:
        return False
    if in_flat_mode:
        return True
    p = m.precision
    if m.high is not None:
        # A range ("181-360", "10-12%") is as loose as half its width: rarely derivable.
        p += abs(m.high - m.value) / 2
    if m.kind in ("percent", "pp"):
        return p <= _HALF
    if m.kind == "bps":
        return p <= _FIVE
    if m.kind == "ratio":
        return p <= abs(m.value) * _FIVE_PCT
    if m.kind in ("money", "number"):
        return p <= abs(m.value) * _ONE_PCT
    return False


_OPEN = Decimal("1e-9")  # a window end left open: far below any precision a figure states


def _odd_last_digit(value: Decimal, half_unit: Decimal) -> bool:
    """Whether ``value``'s last digit at its unit (twice ``half_unit``) is odd; False when the
    value is not a whole number of units (an approximate window: nothing to round to).

    >>> _odd_last_digit(Decimal(9), Decimal("0.5"))
    True
    >>> _odd_last_digit(Decimal("-1.2"), Decimal("0.05"))
    False
    """
    units = value / (half_unit * 2)
    return units == units.to_integral_value() and int(units) % 2 == 1


def claim_interval(ctx: ClaimContext) -> tuple[Decimal, Decimal]:
    """The signed interval of true values the claim stands for: ``value ± window``.

    The window is the stated precision, or the flat tolerance (``rel_tolerance`` of the value,
    ``abs_tolerance``, whichever is wider) when either is set. After a bound word only the
    claimed half is kept ("more than 30%": 30 to 35, see :mod:`crossfoot.language.bounds`).
    """
    m, o = ctx.mention, ctx.options
    # Several rules ask for it per claim: kept in the claim's notes with the mention, options and
    # text it was made of (a rule may judge a copy of the context with another reading of the
    # figure, sharing the notes).
    made = ctx.notes.get("derive.interval")
    if type(made) is tuple and made[0] is m and made[1] is o and made[2] is ctx.text:
        return made[3]  # type: ignore[no-any-return]
    if worded_fraction(m) and o.rel_tolerance is None and o.abs_tolerance is None:
        return fraction_window(ctx)  # "nearly a quarter": plain-language words
    high = m.high if m.high is not None else m.value
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        w = _ZERO
        if o.rel_tolerance is not None:
            w = max(w, max(abs(m.value), abs(high)) * o.rel_tolerance)
        if o.abs_tolerance is not None:
            w = max(w, o.abs_tolerance)
    else:
        w = m.precision if m.precision > 0 else _TINY
    lo, hi = min(m.value, high) - w, max(m.value, high) + w
    if m.high is None and w == m.precision and w > 0 and _odd_last_digit(m.value, w):
        # A value half a unit past the figure, away from zero, rounds away from it both half up
        # and half to even (9.5 is "10", never "9"): the window's far end is open. For an even
        # last digit it stays closed: half to even (Python's format, numpy) writes 54,182.5 as
        # "54,182".
        if m.value >= 0:
            hi -= w * _OPEN
        else:
            lo += w * _OPEN
    if m.high is None:
        # "more than 30%" is not true of 27%: a bound word keeps one half of the window
        lo, hi = clip(lo, hi, m.value, *(claimed_bound(ctx.text, m) or (None, False)))
    ctx.notes["derive.interval"] = (m, o, ctx.text, (lo, hi))
    return lo, hi


def _words(ctx: ClaimContext) -> str | None:
    """The direction the words around the claim state (stated_direction), once per claim."""
    notes = ctx.notes
    if "derive.words" in notes:
        return notes["derive.words"]  # type: ignore[return-value]
    m, s = ctx.mention, ctx.sentence
    words = stated_direction(ctx.text, s.start, s.end, m.start, m.end)
    notes["derive.words"] = words
    return words


def claim_worded(ctx: ClaimContext) -> bool:
    """``worded`` of :func:`claim_direction` without reading the number's sign words."""
    return _words(ctx) is not None


def claim_direction(ctx: ClaimContext) -> tuple[str | None, bool]:
    """``(direction, worded)``: "up"/"down"/None from the sign and the words around the number;
    ``worded`` is True when direction words were found (then only a change may match)."""
    cached = ctx.notes.get("derive.direction")
    if not isinstance(cached, tuple):
        m, s = ctx.mention, ctx.sentence
        words = _words(ctx)
        negative = m.negative or m.value < 0 or sign_words(ctx.text, s.start, s.end, m.start, m.end)
        # The number's own sign ("-5%", "(97,150)", "a loss of") wins over a direction word.
        cached = ("down" if negative else words, words is not None)
        ctx.notes["derive.direction"] = cached
    direction, worded = cached
    return (direction if direction in ("up", "down") else None), bool(worded)


def known_worded(ctx: ClaimContext) -> bool | None:
    """``worded`` of :func:`claim_direction` when an earlier rule already read it, else None
    (then a rule reads it only once something matched)."""
    notes = ctx.notes
    return notes["derive.words"] is not None if "derive.words" in notes else None


def order_of(
    ctx: ClaimContext, a: SourceValue, b: SourceValue
) -> tuple[SourceValue, SourceValue] | None:
    """Earlier/first operand, then later: the answer's own wording first, then years."""
    said = answer_order(ctx, a, b)
    if said is not None:
        return said
    return known_order(a, b) or prose_order(ctx, a, b)


# Sizes of recently seen groups: a group is built once per scope and asked about for every
# claim; the cache holds the group itself so its id cannot be reused while cached.
_SIZES: dict[int, tuple[ValueIndex, int]] = {}


def group_too_large(group: ValueIndex, limit: int) -> bool:
    """More operand values than ``limit`` in either unit view."""
    if len(group) <= limit:
        return False
    cached = _SIZES.get(id(group))
    if cached is None or cached[0] is not group:
        true_n = written_n = 0
        for v in group.values:
            if operand_class(v) is None:
                continue
            if v.view in ("both", "true"):
                true_n += 1
            if v.view in ("both", "written"):
                written_n += 1
        if len(_SIZES) > 256:
            _SIZES.clear()
        cached = (group, max(true_n, written_n))
        _SIZES[id(group)] = cached
    return cached[1] > limit


# The chance-match budget of the derivation search. A group of n operand values offers about n**2
# operand pairs, and a claim stated to a relative window w (its half unit over its size) is met by
# a pair picked at random about w of the time: some n**2 * w pairs match by chance. A group (or
# the rows of it the answer names) is searched while n**2 * w stays within _BUDGET, and always when
# it holds at most _SMALL values; so "12%" (w = 4%) searches 12 values, "0.2020" (w = 0.025%)
# searches 89 and "114.89%" 214 (measured on the tuning halves, docs/bench.md).
_BUDGET = 2.0
_SMALL = 12
_LARGEST = 2000


def derivation_limit(ctx: ClaimContext) -> int:
    """How many operand values a group may hold and still be searched for this claim:
    ``max_derivation_operands`` when set, else the precision-aware limit above.

    >>> from crossfoot.model.types import Mention
    >>> from crossfoot.rules import Options
    >>> def limit(text, value, precision, kind="number"):
    ...     m = Mention(text, 0, len(text), Decimal(value), kind, Decimal(precision))
    ...     return derivation_limit(ClaimContext(m, None, text, (m,), 0, None, Options()))
    >>> limit("12%", 12, "0.5", "percent"), limit("0.2020", "0.202", "0.00005")
    (12, 89)
    """
    fixed = ctx.options.max_derivation_operands
    if fixed is not None:
        return fixed
    m = ctx.mention
    size = abs(m.value)
    if m.kind in ("percent", "pp", "bps"):
        size = max(size, _ONE)  # a window of points: below 1% it stays a window of points
    if size == 0 or m.precision <= 0:
        return _SMALL
    window = float(m.precision / size)
    n = int(math.sqrt(_BUDGET / window)) if window > 0 else _LARGEST
    return max(_SMALL, min(n, _LARGEST))


# Words that name a mean: a mean of source values is a figure the answer (its sentence, the one
# before) or the question words as one ("per segment" too). Unworded, a mean of two or more of a
# table's values lands near almost any figure of their size (171 between 240 and 102). "Per share"
# and "weighted average shares" name a quantity of the data, not a mean the answer takes.
_MEAN_RE = re.compile(
    r"(?i)(?<!weighted[\s-])\b(?:averag(?:e[ds]?|ing)|mean|avg|divided\s+by|midpoint|halfway|half"
    rf"|per(?!\s+(?:cent|(?:common\s+|basic\s+|diluted\s+)?share)))\b|{OVER}"
)
_MEAN_WORDS = WordGated(
    _MEAN_RE, ("averag", "mean", "avg", "divided", "midpoint", "half", "per", "over")
)


def mean_worded(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence, the one before it, or the user's question names a mean."""
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("derive.mean_worded", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    found = memo.get(key)
    if found is None:
        asked = ctx.shared.get("ask.text")
        found = _MEAN_WORDS.search(focus_text(ctx)) is not None or (
            isinstance(asked, str) and _MEAN_WORDS.search(asked) is not None
        )
        memo[key] = found
    return found


def kind_allowed(ctx: ClaimContext, kind: str) -> bool:
    allowed = ctx.options.derivations
    return allowed is None or kind in allowed


@dataclass(frozen=True, slots=True)
class _Focus:
    years: tuple[int, ...]  # years the claim's sentence states, ascending
    rows: dict[tuple[str, int], frozenset[int]]  # tables the sentence names rows of -> row indexes
    base: bool = False  # the one year stated is the base of a comparison ("than the 2022 level")
    month: int | tuple[int, int] | None = None  # the month(s) named: rules._month_focus


def claim_years(ctx: ClaimContext, others: list[Mention] | None = None) -> set[int]:
    """The years a claim's sentence states for it: its own, a moved-from base's, else all."""
    s = ctx.sentence
    if others is None:
        others = [m for m in ctx.sentence_mentions if m.kind != "year"]
    years = set(years_in_text(s.text))
    # Drop "years" that are really amounts of the sentence ("$2,019" or "2019 units").
    for o in others:
        years.difference_update(years_in_text(ctx.text[o.start : o.end]))
    if (own := own_year(ctx.text, ctx.mention, others, s.start)) is not None:
        return {own}  # "rose 5.6% in 2018 and 12.1% in 2019": each figure of its own year
    if (prior := year_before_stated(ctx.text, ctx.mention, sorted(years), others)) is not None:
        return {prior}  # "... in 2019, compared with 33.0% a year earlier": 33.0% is of 2018
    return series_years(ctx.text, ctx.mention, others, s.start, years)  # "against an average of"


def _focus(ctx: ClaimContext) -> _Focus:
    cached = ctx.notes.get("derive.focus")
    if isinstance(cached, _Focus):
        return cached
    others = [m for m in ctx.sentence_mentions if m.kind != "year"]
    years = claim_years(ctx, others)
    rows = named_table_rows(ctx)  # (rules._focus_rows: once per answer, groups and sentence)
    base = len(years) == 1 and base_year(ctx, next(iter(years)))
    focus = _Focus(tuple(sorted(years)), rows, base, claim_months(ctx, others))
    ctx.notes["derive.focus"] = focus
    return focus


def focus_ok(ctx: ClaimContext, operands: tuple[SourceValue, ...], change: bool) -> bool:
    """Do the operands fit what the claim's sentence names?

    * Years: when the sentence states years and an operand names one, it must fit them. A change
      with two or more stated years runs between stated years ("from 2019 to 2023"); a change with
      one stated year Y ends in Y and starts in Y or Y-1 ("grew 12% in 2024"); other formulas stay
      inside the stated span ("the 2021-2023 average", "in 2024, 12.8% of revenue"). Months of a
      result set's rows likewise (rules._month_focus): "3.6% in February" of February's rows.
    * Rows: when the sentence names rows of a table (all of a row label's words), the operands
      taken from that table must sit in named rows: all of them when it names two or more rows
      ("the gap between A and B"), at least one when it names one ("margin rose as revenue grew").

    Both narrow the search to what the answer talks about, which is what keeps coincidental
    matches rare in tables with many values.
    """
    f = _focus(ctx)
    if f.month is not None and not months_fit(f.month, operands, change):
        return False
    if not periods_fit(ctx, operands, change):  # "from January 15 to January 22", "Q3 2022"
        return False
    if f.years:
        lo, hi = f.years[0], f.years[-1]
        for v in operands:
            p = period(v)
            if p is None:
                continue
            y = p[0]
            if change and len(f.years) >= 2:
                if y not in f.years:
                    return False
            elif change:
                # "grew 12% in 2024" ends in 2024; "$3.1M lower than the 2022 level" starts there
                if not change_end(ctx, hi, f.base, v, y):  # (rules._since_year: "since 2021")
                    return False
            elif not (lo <= y <= hi or (f.base and y == hi + 1)):
                return False  # (a level beside its base: "12,230, up 4.8% from 11,672 in 2022")
    if f.rows:
        tables = {(v.source_id, v.table) for v in operands if v.table is not None}
        for key in tables:
            named = f.rows.get(key)
            if named is None:
                continue
            inside = [v.row_index in named for v in operands if (v.source_id, v.table) == key]
            if not (all(inside) if len(named) >= 2 else any(inside)):
                return False
    return True


@dataclass(frozen=True, slots=True)
class Candidate:
    """One derivation that matched the claim's magnitude, before the direction verdict."""

    kind: str
    formula: Callable[[], str]  # built only for the candidate that is reported
    operands: tuple[SourceValue, ...]
    result: Decimal
    passed: bool
    note: str
    related: int
    error: Decimal  # distance from the stated value, for ranking


def best_verdict(ctx: ClaimContext, found: Iterable[Candidate]) -> Verdict | None:
    """Any consistent derivation wins; else the best contradicted one; else ``None``."""
    best = best_of(ctx, found)  # (rules._tie_years: on a tie of values, the years named)
    if best is None:
        return None
    formula = best.formula()
    if best.passed:
        return Verdict(
            "derived", Evidence("derive", best.kind, formula, best.operands, best.result, best.note)
        )
    opposite = f"magnitude matches {formula}, but the wording states the opposite direction"
    message = best.note or opposite
    ev = Evidence("derive", best.kind, formula, best.operands, best.result, message)
    return Verdict("contradicted", ev, message)


def change_candidate(
    ctx: ClaimContext,
    kind: str,
    first: SourceValue,
    second: SourceValue,
    compute: Callable[[SourceValue, SourceValue], Decimal | None],
    describe: Callable[[SourceValue, SourceValue, Decimal], str],
    note: str = "",
) -> Candidate | None:
    """Judge a change ``first -> second`` whose magnitude matched: with a known order the sign
    must agree with the claim's direction; with none, the magnitude alone decides.
    """
    lo, hi = claim_interval(ctx)
    order = order_of(ctx, first, second)
    if order is not None and order[0] is not first:
        return None  # the other orientation is judged when the partner is the base
    result = compute(first, second)
    if result is None:
        return None
    mag_lo, mag_hi = _magnitude(lo, hi)
    if not mag_lo <= abs(result) <= mag_hi:
        return None

    def formula() -> str:
        return describe(first, second, result)

    error = abs(abs(result) - abs(ctx.mention.value))
    related = related_score((first, second))
    notes = [note] if note else []
    if order is None:
        notes.append("order unknown: magnitude only")
        return Candidate(
            kind, formula, (first, second), result, True, "; ".join(notes), related, error
        )
    # The claim's direction is read only here, for a magnitude that matched: most claims match
    # nothing, and reading the wording is the costliest per-claim step.
    direction, _ = claim_direction(ctx)
    if direction is None and result < 0 and not cost_sizes_agree(first, second, "up"):
        why = dropped_sign(ctx, formula, first, second)  # "changed by 120" for a fall of 120
        if why is not None:
            return Candidate(kind, formula, (first, second), result, False, why, related, error)
    agrees = (result > 0) == (direction == "up") or cost_sizes_agree(first, second, direction)
    agrees, direction = loss_agrees(ctx, first, second, agrees, direction)  # "loss widened"
    if direction is None or result == 0 or agrees:
        return Candidate(
            kind, formula, (first, second), result, True, "; ".join(notes), related, error
        )
    return Candidate(kind, formula, (first, second), result, False, "", related, error)


def _magnitude(lo: Decimal, hi: Decimal) -> tuple[Decimal, Decimal]:
    if lo <= 0 <= hi:
        return _ZERO, max(-lo, hi)
    return min(abs(lo), abs(hi)), max(abs(lo), abs(hi))


def fmt_result(ctx: ClaimContext, value: Decimal) -> str:
    """The computed value rounded two digits finer than the claim states."""
    unit = ctx.mention.precision * 2 if ctx.mention.precision > 0 else _ONE
    places = max(0, min(6, -unit.normalize().as_tuple().exponent + 2))  # type: ignore[operator]
    return format_decimal(value.quantize(Decimal(1).scaleb(-places)).normalize())


_CHANGE_NAMED = words(CHANGE, "difference")
_OTHER_NAMED = re.compile(
    r"(?i)\b(?:total|totals|sum|combined|together|altogether|aggregate|average|mean|share"
    r"|proportion|ratio|times|accounted|represent\w*|of\s+(?:the\s+)?total)\b|%\s+of\b"
)


def names_only_a_change(ctx: ClaimContext) -> bool:
    """The claim's sentence calls it a change or difference and names no other operation ("The
    change is $57 thousand"): like growth words, only a change may match it, never a sum."""
    s = ctx.sentence
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("derive.names_only_a_change", {})  # type: ignore[assignment]
    said = memo.get((s.start, s.end))
    if said is None:  # once per sentence, not once per claim
        sentence = ctx.text[s.start : s.end]
        said = bool(_CHANGE_NAMED.search(sentence)) and not _OTHER_NAMED.search(sentence)
        memo[(s.start, s.end)] = said
    return said
