"""Sums and means of 3..k values, and CAGR over a span of years.

**The bound.** Two-operand search can run backwards by bisection; a sum of k operands cannot
without enumerating subsets, and the number of subsets (hence the chance that *some* subset adds up
to a wrong figure by luck) grows combinatorially. So subsets are drawn only from *lines*: the
cells of one table row, the cells of one table column, the fields of one record that form one
series (``revenue_2021`` ... ``revenue_2024``, one stem with periods), or all the fields of one
small record (segments: ``americas``, ``emea``, ``apac``). A line longer than
:data:`LINE_CAP` (12) values is not searched. Within a line:

* a time series (every value names a distinct period) and any table row or column offer only
  runs of adjacent values of length 3..k ("the average of 2021-2023", a block of segments), plus
  the whole line (the column total): at most 2 * 12 - 5 = 19 + 1 subsets for a 12-value line;
* the fields of one small record have no order and offer every subset of size 3..k plus the
  whole record: with k = ``options.max_sum_operands`` (default 4) at most
  C(12,3) + C(12,4) + 1 = 716 subsets.

A group is searched at all only up to the claim's limit (:func:`~crossfoot.rules._derive_shared.
derivation_limit`: by its precision, or ``max_derivation_operands``) values, so the search stays
small and the coincidence rate stays low and measurable (see :mod:`crossfoot.report.coincidence`).
The claim's sentence narrows it further (years and row names it states, see
:func:`crossfoot.rules._derive_shared.focus_ok`).

**CAGR** ``((end / start) ** (1 / n) - 1) * 100``: percent claims only, only when the sentence
says the rate is annual ("CAGR", "compound", "annual", "a year", "per year"), between two values
of one quantity. ``n`` is the span of the operands' years, or of the years the sentence states
("from 2019 to 2023", "over 4 years") when the operands name none; both must agree when both
exist. The partner is found by bisection like every two-operand formula.

>>> from decimal import Decimal
>>> from crossfoot.model.index import ValueIndex
>>> from crossfoot.model.types import Mention, Sentence, SourceValue
>>> from crossfoot.model.context import ClaimContext, Scope
>>> from crossfoot.model.options import Options
>>> vals = [SourceValue(Decimal(v), "R1", field=f"seg_{i}") for i, v in enumerate((120, 340, 75))]
>>> text = "Segments total $535."
>>> m = Mention("$535", 15, 19, Decimal(535), "money", Decimal("0.5"), currency="$")
>>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
...     Scope((), False, ValueIndex(vals), (ValueIndex(vals),)), Options())
>>> multi_operand(ctx).evidence.formula
'seg_0 (120) + seg_1 (340) + seg_2 (75) = 535'
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from decimal import Decimal, getcontext
from functools import partial
from itertools import combinations
from operator import attrgetter

from crossfoot.language.rowmatch import focus_group, focus_text, states_a_cell
from crossfoot.language.years import field_stem, period, related_score, same_quantity, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import evict_oldest, per_answer
from crossfoot.model.types import SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules import _prose_series as _series
from crossfoot.rules._derive_kinds import (
    currency_ok,
    is_nil,
    label,
    operand_class,
    same_item,
    views_compatible,
)
from crossfoot.rules._derive_shared import (
    Candidate,
    best_verdict,
    change_candidate,
    claim_interval,
    claim_worded,
    derivable,
    derivation_limit,
    fmt_result,
    focus_ok,
    group_too_large,
    kind_allowed,
    mean_worded,
)
from crossfoot.rules._derive_wording import as_written, search_worded
from crossfoot.rules._double_count import double_counted
from crossfoot.rules._line_rows import named_rows, rows_alone
from crossfoot.rules._prose_pairs import prose_sum_ok
from crossfoot.rules._series_span import span_fits
from crossfoot.rules._whole_column import whole_column
from crossfoot.rules.net_sum import net_sum

__all__ = ["LINE_CAP", "lines", "multi_operand"]

#: Longest line (row, column, series) whose subsets are enumerated.
LINE_CAP = 12

# The sentence says the rate is per year.
_ANNUAL = WordGated(
    re.compile(
        r"(?i)\b(?:cagr|compound(?:ed)?|annual(?:ly|ized|ised)?|a year|per year|per annum|"
        r"each year|yearly)\b"
    ),
    tuple("cagr compound annu year".split()),
)
# "over 4 years", "5-year", "five-year" spans.
_SPAN = re.compile(r"(?i)\b(\d{1,2})[- ]years?\b")
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_SPAN_WORD = re.compile(r"(?i)\b(two|three|four|five|six|seven|eight|nine|ten)[- ]years?\b")


def lines(group: ValueIndex, cls: str) -> list[tuple[SourceValue, ...]]:
    """The lines of a group whose values are all of operand class ``cls``, each in one unit view,
    in row/column/period order, deduplicated.
    """
    buckets: dict[tuple[object, ...], list[SourceValue]] = {}
    runs: dict[str, _ProseRuns] = {}
    for v in sorted(group.values, key=_span_start):
        if operand_class(v) != cls:
            continue
        keys: list[tuple[object, ...]] = []
        if v.table is not None:
            if v.row_index is not None:
                keys.append(("row", v.source_id, v.table, v.row_index))
            if v.col_index is not None:
                keys.append(("col", v.source_id, v.table, v.col_index))
        elif v.field is not None:
            stem = field_stem(v)
            if stem is not None:
                keys.append(("stem", v.source_id, stem))
            keys.append(("record", v.source_id))
        elif v.span is not None:
            keys.append(("prose", v.source_id, runs.setdefault(v.source_id, _ProseRuns()).of(v)))
        views = _VIEWS.get(v.view, ())
        for key in keys:
            for view in views:
                buckets.setdefault((*key, view), []).append(v)
    out: list[tuple[SourceValue, ...]] = []
    seen: set[frozenset[int]] = set()
    for key, members in buckets.items():
        if len(members) < 3:
            continue
        ids = frozenset(map(id, members))
        if ids in seen:
            continue
        seen.add(ids)
        if key[0] == "row":
            members.sort(key=lambda v: v.col_index or 0)
        elif key[0] == "col":
            members.sort(key=lambda v: v.row_index or 0)
        elif key[0] == "prose":
            members.sort(key=_span_start)
        else:
            members.sort(key=_order_key)
        out.append(tuple(members))
    return out


# Figures of running text listed together ("$118 million, $169 million and $60 million") form a
# line: each starts at most this many characters after the one before it.
_LIST_GAP = 80


def _span_start(v: SourceValue) -> int:
    return v.span[0] if v.span is not None else -1


class _ProseRuns:
    """Numbers runs of prose figures of one source: a new run where a figure starts more than
    ``_LIST_GAP`` characters after the previous one (values come in span order)."""

    __slots__ = ("last", "run")

    def __init__(self) -> None:
        self.run, self.last = 0, -1

    def of(self, v: SourceValue) -> int:
        start = _span_start(v)
        if self.last >= 0 and start - self.last > _LIST_GAP:
            self.run += 1
        self.last = start
        return self.run


# The unit views a value belongs to, in bucket order (a "both" value is in either view's lines).
_VIEWS = {"both": ("true", "written"), "true": ("true",), "written": ("written",)}


def _answer_lines(ctx: ClaimContext, group: ValueIndex, cls: str) -> list[tuple[SourceValue, ...]]:
    """:func:`lines`, built once per answer for each group (every claim reads the same ones)."""
    return per_answer(ctx, f"multi.lines.{cls}", group, lambda g: lines(g, cls))


def _order_key(v: SourceValue) -> tuple[int, int, str]:
    p = period(v)
    return (p[0], p[1] or 12, v.field or "") if p is not None else (0, 0, v.field or "")


def _is_series(line: Sequence[SourceValue]) -> tuple[SourceValue, ...] | None:
    """The line sorted by period when every value names a distinct period, else ``None``."""
    keyed = []
    for v in line:
        p = period(v)
        if p is None:
            return None
        keyed.append(((p[0], p[1] or 12), v))
    if len({k for k, _ in keyed}) != len(keyed):
        return None
    keyed.sort(key=lambda kv: kv[0])
    return tuple(v for _, v in keyed)


def _subsets(
    line: tuple[SourceValue, ...], k_max: int, runs_only: bool
) -> Iterator[tuple[SourceValue, ...]]:
    series = _is_series(line)
    ordered = series if series is not None else line
    n = len(line)
    if series is not None or runs_only:
        for k in range(3, min(k_max, n) + 1):
            for i in range(n - k + 1):
                yield ordered[i : i + k]
    else:
        for k in range(3, min(k_max, n) + 1):
            yield from combinations(line, k)
    if n > k_max:
        yield ordered


# One subset a line offers: (sum, mean, the subset, its line); the same for every claim. A plain
# tuple: a NamedTuple's constructor is a Python call, and hundreds are made per answer.
_Subset = tuple[Decimal, Decimal, tuple[SourceValue, ...], tuple[SourceValue, ...]]


def _answer_subsets(ctx: ClaimContext, group: ValueIndex, cls: str) -> list[_Subset]:
    """Every subset of every searchable line of a group with its sum and mean, in search order,
    summed once per group (kept across answers): each claim then only compares numbers."""
    k_max = ctx.options.max_sum_operands
    # (the means are divided in the decimal context in force: the engine's, EXACT)
    key = (id(group), cls, k_max, getcontext().prec)
    hit = _SUBSETS.get(key)
    if hit is None or hit[0] is not group:
        out: list[_Subset] = []
        for line in _answer_lines(ctx, group, cls):
            if len(line) > LINE_CAP:
                continue
            # Table rows and columns have an order: only runs of adjacent cells (a block of
            # segments, consecutive years) and the whole line are summed; so have figures listed
            # in running text. Record fields have none: every subset.
            runs_only = line[0].table is not None or line[0].field is None
            for subset in _subsets(line, k_max, runs_only):
                total = sum(map(_VALUE, subset), Decimal(0))
                out.append((total, total / len(subset), subset, line))
            figures = tuple(v for v in line if not is_nil(v))
            if len(figures) < len(line):
                # A dash is a term of a mean, never of a sum: the line's figures alone are
                # summed (and averaged) as their own line.
                for subset in _subsets(figures, k_max, runs_only):
                    total = sum(map(_VALUE, subset), Decimal(0))
                    out.append((total, total / len(subset), subset, figures))
            out.extend(rows_alone(line))  # (rules._line_rows: a column's rows without its totals)
            # (rules._prose_series: a run's year series, its figures across a part, its pairs)
            out.extend(_series.alone(line, k_max))
        evict_oldest(_SUBSETS, _SUBSETS_KEPT)
        hit = _SUBSETS[key] = (group, out)
    return hit[1]


# _answer_subsets by group, across answers: a group (an immutable ValueIndex) is the same object
# for every question check() asks of the same passages. Each entry holds its group, so the id()
# in its key is not reused meanwhile; the oldest entry goes first.
_SUBSETS: dict[tuple[int, str, int, int], tuple[ValueIndex, list[_Subset]]] = {}
_SUBSETS_KEPT = 64


_VALUE = attrgetter("value")


def _sums(ctx: ClaimContext, group: ValueIndex) -> Iterator[Candidate]:
    m = ctx.mention
    if m.kind not in ("money", "number", "percent"):
        return
    cls = "percent" if m.kind == "percent" else "amount"
    lo, hi = claim_interval(ctx)
    want_sum, want_mean = kind_allowed(ctx, "sum"), kind_allowed(ctx, "average")
    want_mean = want_mean and mean_worded(ctx)
    unit = "%" if m.kind == "percent" else ""
    subsets = _answer_subsets(ctx, group, cls)
    if lo > 0:
        # A positive figure may state the size of a sum of negative values ("net cash used in
        # financing averaged $615 million" over cells (709), (707), (429)), as it may state a
        # negative cell's size.
        subsets = [_sized(s) for s in subsets]
    # The common case: no subset lands in the window, and nothing more is done for the claim.
    if want_sum and want_mean:
        matched = [s for s in subsets if lo <= s[0] <= hi or lo <= s[1] <= hi]
    elif want_sum:
        matched = [s for s in subsets if lo <= s[0] <= hi]
    elif want_mean:
        matched = [s for s in subsets if lo <= s[1] <= hi]
    else:
        return
    # Growth wording ("rose", "the change is") is never a sum or mean. Read only when a subset
    # matched: most claims match none, and the wording costs more than the comparison.
    if not matched or (claim_worded(ctx) and search_worded(ctx) is not False):
        return  # (False: a level at an end of a stated move, "rose to 10,827", may be a sum)
    currency_fits: dict[int, bool] = {}  # per line, for money claims
    for total, mean, subset, line in matched:
        if m.kind == "money":
            fits = currency_fits.get(id(line))
            if fits is None:
                fits = all(currency_ok(m.currency, v.currency) for v in line)
                currency_fits[id(line)] = fits
            if not fits:
                continue
        if not (focus_ok(ctx, subset, False) or whole_column(ctx, subset, line)) or _twice(
            subset, line
        ):
            continue
        if not (_series.years_fit(ctx, subset) and span_fits(ctx, subset)):  # (rules._series_span)
            continue
        is_sum = want_sum and lo <= total <= hi and not any(map(is_nil, subset))
        is_mean = want_mean and lo <= mean <= hi
        for wanted, kind, value in ((is_sum, "sum", total), (is_mean, "average", mean)):
            if wanted and prose_sum_ok(ctx, subset, kind):
                sized = value > 0 and subset[0].value < 0  # _sized: every value negative
                yield Candidate(
                    kind,
                    partial(_line_formula, ctx, subset, value, kind == "average", unit),
                    subset,
                    value,
                    True,
                    "the size of a sum of negative values" if sized else "",
                    related_score(subset),
                    abs(value - m.value),
                )


def _twice(subset: tuple[SourceValue, ...], line: tuple[SourceValue, ...] = ()) -> bool:
    """Whether a run of table cells holds a total and a line it totals (rules._double_count):
    "Debt 65 + Payables 40 + Total 105 = 210" counts the debt twice, so lands on nothing; or a
    run of running text's figures a part and its whole (rules._prose_series.part_twice)."""
    if subset[0].table is None:
        return _series.part_twice(subset, line)
    return any(double_counted(a, b) for a, b in combinations(subset, 2))


def _sized(s: _Subset) -> _Subset:
    """A subset of negative values as the sizes of its sum and mean (else unchanged)."""
    total, mean, subset, line = s
    if total < 0 and all(v.value < 0 for v in subset):
        return (-total, -mean, subset, line)
    return s


def _line_formula(
    ctx: ClaimContext, subset: tuple[SourceValue, ...], value: Decimal, mean: bool, unit: str
) -> str:
    terms = " + ".join(f"{label(v)} ({format_decimal(v.value)})" for v in subset)
    if mean:
        return f"({terms}) / {len(subset)} = {fmt_result(ctx, value)}{unit}"
    return f"{terms} = {fmt_result(ctx, value)}{unit}"


def _stated_span(sentence: str) -> int | None:
    years = years_in_text(sentence)
    if len(set(years)) >= 2:
        return max(years) - min(years)
    span = _SPAN.search(sentence)
    if span:
        return int(span.group(1))
    word = _SPAN_WORD.search(sentence)
    if word:
        return _WORDS.get(word.group(1).lower(), 10)
    return None


def _cagr_value(x: SourceValue, y: SourceValue, n: int) -> Decimal | None:
    if x.value <= 0 or y.value <= 0 or n <= 0:
        return None
    # The n-th root is the one step Decimal cannot take exactly; float is ample for a rate
    # compared at its stated precision (a percent stated to 0.005 needs ~6 digits).
    root = math.pow(float(y.value / x.value), 1.0 / n)
    return Decimal(repr(root)) * 100 - 100


def _cagrs(ctx: ClaimContext, group: ValueIndex) -> Iterator[Candidate]:
    m = ctx.mention
    if m.kind != "percent" or not kind_allowed(ctx, "cagr"):
        return
    text = ctx.sentence.text
    if not _ANNUAL.search(text):
        # A bare answer ("The answer is 11.23%") to a question that asks for the compound
        # annual rate: the sentence before (or the question the figure is judged with) says it.
        text = focus_text(ctx)
        if not _ANNUAL.search(text):
            return
    stated = _stated_span(text)
    lo, hi = claim_interval(ctx)
    mag_hi = max(abs(lo), abs(hi))
    mag_lo = Decimal(0) if lo <= 0 <= hi else min(abs(lo), abs(hi))
    years = {p[0] for v in group.values if (p := period(v)) is not None}
    for x in group.values:
        if operand_class(x) != "amount" or x.value <= 0:
            continue
        px = period(x)
        spans: set[int] = set()
        if px is not None:
            spans = {y - px[0] for y in years if y != px[0]}
            if stated is not None:
                spans = {n for n in spans if abs(n) == stated}
        elif stated is not None:
            spans = {stated, -stated}
        for n in spans:
            steps = abs(n)
            for sign in (1, -1):
                r_lo, r_hi = sign * mag_lo, sign * mag_hi
                if min(r_lo, r_hi) <= -100:
                    continue
                b_lo = x.value * (1 + r_lo / 100) ** steps
                b_hi = x.value * (1 + r_hi / 100) ** steps
                if n < 0:  # x is the later value: the partner is the start
                    b_lo = x.value / (1 + r_lo / 100) ** steps
                    b_hi = x.value / (1 + r_hi / 100) ** steps
                for y in group.between(b_lo, b_hi):
                    if (
                        operand_class(y) != "amount"
                        or same_item(x, y)
                        or not views_compatible(x, y)
                        or not same_quantity(x, y)
                    ):
                        continue
                    py = period(y)
                    if px is not None and (py is None or py[0] - px[0] != n):
                        continue
                    first, second = (x, y) if n > 0 else (y, x)
                    if not focus_ok(ctx, (first, second), True):
                        continue
                    yield from _cagr_candidate(ctx, first, second, steps)


def _cagr_candidate(
    ctx: ClaimContext, first: SourceValue, second: SourceValue, steps: int
) -> Iterator[Candidate]:
    def compute(a: SourceValue, b: SourceValue) -> Decimal | None:
        return _cagr_value(a, b, steps)

    def describe(a: SourceValue, b: SourceValue, r: Decimal) -> str:
        mixed = a.source_id != b.source_id
        return (
            f"CAGR {label(a, mixed)} ({format_decimal(a.value)}) -> {label(b, mixed)} "
            f"({format_decimal(b.value)}) over {steps} years = {fmt_result(ctx, r)}%"
        )

    cand = change_candidate(ctx, "cagr", first, second, compute, describe)
    if cand is not None:
        yield cand


def multi_operand(ctx: ClaimContext) -> Verdict | None:
    """Sums / means of 3..k values of one line, and CAGR (see the module docstring).

    Returns ``derived`` with the formula, ``contradicted`` for a CAGR of the wrong direction
    (known order), or ``None``.
    """
    m, o = ctx.mention, ctx.options
    if not o.allow_derived or not m.claim:
        return None
    flat = o.rel_tolerance is not None or o.abs_tolerance is not None
    rates_only = False
    if not derivable(m, flat):
        # "a CAGR of about 20%" is read as "20%" is (as two_operand reads it); for the rate
        # only: a sum of many cells in a window that wide would meet them by chance
        ctx = as_written(ctx, lambda x: derivable(x, flat))
        if ctx.mention is m or m.kind != "percent":
            return net_sum(ctx, _answer_subsets)  # (rules.net_sum: inflows and outflows netted)
        rates_only = True
    if states_a_cell(ctx, m.kind in ("money", "number")):
        return None  # (a row's cell of a year, as two_operand: "The X in 2017 is 27.1%")
    # (memoised, cheap; a level at either end of a stated move, "rose to 10,827", is any sum)
    worded = rates_only or bool(search_worded(ctx))
    found: list[Candidate] = []
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if group_too_large(group, limit):
            # Too large to search whole: search the table rows the answer names, if few enough.
            focused = focus_group(ctx, group)
            if focused is None or group_too_large(focused, limit):
                continue
            group = focused
        if not worded:
            found.extend(_sums(ctx, group))
            if not found and (named := named_rows(ctx, group)) is not None:  # rules._line_rows
                found.extend(_sums(ctx, named))
        found.extend(_cagrs(ctx, group))
    return best_verdict(ctx, found)
