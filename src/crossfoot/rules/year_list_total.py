"""A coarse total or average of the figures one sentence of running text gives for the years the
question names: "Research and development expense was $5.2 million, $4.1 million and $3.9
million for 2019, 2018 and 2017, respectively." and "What was the average research and
development expense from 2017 to 2019? The answer is 4.4 million."

A sum or mean of three values or more is searched (rules.multi) only for a figure stated to 1 %
or finer: "4.40 million" passes, "4.4 million" (the same mean with its last zero dropped, as
reference answers and many models write it) did not, though over a table the rows the question
names settle it (rules.alignment). Here the values are as few as over a named row: one sentence's
figures, one for each year the question names (or each year of the span it names, "from 2017
to 2019"), the sentence about what the question names (rules._prose_subject). Three years or
more: two are a pair, which rules.derive searches.

>>> from crossfoot import check
>>> note = ("Research and development expense was $5.2 million, $4.1 million and $3.9 million "
...         "for 2025, 2024 and 2023, respectively.")
>>> q = "What was the average research and development expense from 2023 to 2025?"
>>> check(q + " The answer is 4.4 million.", [note], question=q).passed
True
>>> check(q + " The answer is 4.3 million.", [note], question=q).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Scope, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_shared import derivable
from crossfoot.rules._prose_subject import prose_named
from crossfoot.rules._year_focus import named_years

__all__ = ["year_list_total"]

_MEAN = frozenset({"average", "mean"})
_CHANGE = frozenset({"change", "increase", "decrease", "growth", "variation"})
_SUM = frozenset({"total", "sum", "combined", "altogether", "aggregate"})
_GATE = ("averag", "mean", "total", "sum", "combined", "altogether", "aggregate")
_KINDS = ("money", "number", "percent")
_MAX_SPAN = 5  # years of a span read as a list ("from 2017 to 2019")
_ENDS = (". ", "; ", "\n")
# the option's name of each operation
_KIND = {"mean": "average", "sum": "sum", "mean_change": "average"}


def _operation(text: str) -> str | None:
    low = text.lower()
    if not any(w in low for w in _GATE):  # a substring gate before the word scan
        return None
    words = set(tokens(low))
    if words & _MEAN:
        # "the change in the average X between 2017-2018 and 2018-2019", "the average annual
        # change from 2017 to 2019": over consecutive years both are (last - first) / (n - 1)
        return "mean_change" if words & _CHANGE else "mean"
    return "sum" if words & _SUM else None


def _year_sets(years: set[int]) -> list[frozenset[int]]:
    """The years named, and every year of the span they bound when that is more."""
    named = frozenset(years)
    low, high = min(years), max(years)
    sets = [named] if len(named) >= 3 else []
    if high - low + 1 > len(named) and high - low < _MAX_SPAN:
        sets.append(frozenset(range(low, high + 1)))
    return sets


def _lists(ctx: ClaimContext, plain: bool, percent: bool) -> list[list[SourceValue]]:
    """:func:`_lists_of` the claim's scope, once per answer (every claim reads the same)."""
    name = f"year_list_total.lists.{plain}.{percent}"
    return per_answer(ctx, name, ctx.scope, lambda scope: _lists_of(scope, plain, percent))


def _lists_of(scope: Scope, plain: bool, percent: bool) -> list[list[SourceValue]]:
    """The dated prose figures of each sentence of the scope, percentages for a percentage, in
    the view the claim reads (``plain``: a figure without a scale word reads "$5.2 million" as
    written, 5.2)."""
    chosen: dict[tuple[str, tuple[int, int]], SourceValue] = {}
    for v in scope.values():
        if v.table is not None or v.span is None or v.year is None or v.field is not None:
            continue
        if v.value <= 0 or (v.kind == "percent") != percent:
            continue
        written = v.view == "written"
        if written and not plain:
            continue
        key = (v.source_id, v.span)
        if written or key not in chosen:
            chosen[key] = v
    found: dict[tuple[str, int], list[SourceValue]] = {}
    for (source_id, (start, _)), v in chosen.items():
        src = scope.source(source_id)
        if src is not None:
            text = src.text
            begins = max((text.rfind(e, 0, start) for e in _ENDS), default=-1)
            found.setdefault((source_id, begins), []).append(v)
    return [vs for vs in found.values() if len(vs) >= 3]


def _one_per_year(values: Sequence[SourceValue], years: frozenset[int]) -> list[SourceValue]:
    """One figure for each of ``years`` (none when a year has none, or two)."""
    by_year: dict[int, SourceValue] = {}
    for v in values:
        if v.year in years:
            if v.year in by_year and by_year[v.year].value != v.value:
                return []
            by_year.setdefault(v.year, v)
    return [by_year[y] for y in sorted(years)] if len(by_year) == len(years) else []


def year_list_total(ctx: ClaimContext) -> Verdict | None:
    """Rule: a coarse sum or mean of one sentence's figures of the named years, or the average
    change over them (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in _KINDS or not m.claim or m.value == 0 or m.high is not None:
        return None
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    if ctx.scope is None:
        return None
    op = _operation(focus_text(ctx))
    if op is None or (o.derivations is not None and _KIND[op] not in o.derivations):
        return None
    if op != "mean_change" and (m.value < 0 or derivable(m, False)):
        return None  # a fine sum or mean had the whole search (rules.multi)
    years = named_years(ctx)
    if len(years) < 2:
        return None
    for line in _lists(ctx, m.scale_word is None, m.kind == "percent"):
        for ys in _year_sets(years):
            picked = _one_per_year(line, ys)
            if not picked or not any(prose_named(ctx, v) for v in picked):
                continue
            result = _result(op, picked)
            if abs(result - m.value) <= m.precision:
                return Verdict("derived", _evidence(op, picked, result))
    return None


def _result(op: str, picked: Sequence[SourceValue]) -> Decimal:
    """The sum, the mean, or the mean yearly change of ``picked`` (in year order)."""
    if op == "mean_change":
        return (picked[-1].value - picked[0].value) / (len(picked) - 1)
    total = sum((v.value for v in picked), Decimal(0))
    return total / len(picked) if op == "mean" else total


def _evidence(op: str, picked: Sequence[SourceValue], result: Decimal) -> Evidence:
    listed = ", ".join(f"{v.label} ({v.value:,})" for v in picked)
    if op == "mean_change":
        first, last = picked[0], picked[-1]
        formula = (
            f"({last.label} ({last.value:,}) - {first.label} ({first.value:,})) / "
            f"{len(picked) - 1}: the mean yearly change of {listed}"
        )
        return Evidence("derive", "average_change", formula, tuple(picked), result)
    word = "mean" if op == "mean" else "sum"
    return Evidence("derive", word, f"{word} of {listed}", tuple(picked), result)
