"""Year series and part figures inside a run of running text's figures (round 40, conv40a).

The search of sums and means (``rules.multi``) reads figures listed together in running text as
one line, summed only in runs of adjacent figures, or by period when every figure of the run names
a distinct one. A filing's sentence often lists one quantity by year with another amount between
its figures: "cash paid for interest, net of $12.6 capitalized, was $121.1 in 2016, $97.5 in 2015
(including $8.4 of fees), and $132.4 in 2014". The three years' figures are no run of the line,
and the line is no series (two of its figures name no year), so their total and their average
were never offered.

:func:`years_alone` offers the run's figures that each name a year as a series of their own:
runs of adjacent years (3..k of them) and, when longer than k, the whole series, as a series of
table cells is searched. A year named by two figures of the run is its first figure's ("$1,250
million in 2013, $310 million of which was spent on the plant, ..."): the figures after it are a
part or a note of it. At least three years, and fewer than the run's figures (a run that is a
series already is searched so).

A sum of a year series of running text is of the years the claim names, its sentence, the one
before, or the question (:func:`years_fit`): "the losses of 2007, 2008 and 2009 combined" is no sum
of 2008 to 2010, as a table row's years are held to them.

A figure the text gives as a part or a note of the one before it ("of which $48 million",
"(including $8.4 of fees)", "net of $12.6 capitalized", "excluding $30 million") is no item of
the list: the run without its part figures offers its runs across them too (:func:`parts_alone`),
and a subset that sums a part figure with the figure just before it counts the part twice
(:func:`part_twice`).

Figures listed in pairs, two quantities for each year or item ("net sales and operating profit
were $540 and $61 in 2012, $510 and $57 in 2011 and $480 and $52 in 2010"), put one quantity's
figures at every other place of the run: :func:`pairs_alone` offers the runs (3..k) of every
other figure.

>>> from decimal import Decimal as D
>>> from crossfoot.model.types import SourceValue
>>> run = tuple(SourceValue(D(v), "S", year=y, span=(i * 10, i * 10 + 4))
...             for i, (v, y) in enumerate([("12.6", None), ("121.1", 2016), ("97.5", 2015),
...                                         ("8.4", None), ("132.4", 2014)]))
>>> [(str(total), [str(v.value) for v in subset]) for total, _, subset, _ in years_alone(run, 4)]
[('351.0', ['132.4', '97.5', '121.1'])]
>>> part = SourceValue(D(8), "S", label="( including $ 8", span=(12, 13))
>>> line = (SourceValue(D(50), "S", span=(0, 2)), part,
...         *(SourceValue(D(v), "S", span=(20 + v, 22 + v)) for v in (30, 20)))
>>> [str(total) for total, _, _, _ in parts_alone(line, 4)], part_twice(line[:2], line)
(['100'], True)
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._year_focus import named_years

__all__ = ["alone", "pairs_alone", "part_twice", "parts_alone", "years_alone", "years_fit"]

_LEAST = 3  # (the search's least subset)

_Subset = tuple[Decimal, Decimal, tuple[SourceValue, ...], tuple[SourceValue, ...]]


def years_alone(line: tuple[SourceValue, ...], k_max: int) -> list[_Subset]:
    """For a line of running text's figures that is no series, its figures that name distinct
    years as a series: (sum, mean, subset, the series) of each run of adjacent years of length
    3..``k_max``, and of the whole series when longer; nothing otherwise."""
    first = line[0]
    if first.table is not None or first.field is not None or first.span is None:
        return []
    dated: dict[tuple[int, int], SourceValue] = {}
    for v in line:  # (in the text's order: a year's first figure is the one the year is of)
        p = period(v)
        if p is not None:
            dated.setdefault((p[0], p[1] or 12), v)
    if not _LEAST <= len(dated) < len(line):
        return []
    series = tuple(dated[k] for k in sorted(dated))
    n = len(series)
    out: list[_Subset] = []
    spans = [series[i : i + k] for k in range(_LEAST, min(k_max, n) + 1) for i in range(n - k + 1)]
    if n > k_max:
        spans.append(series)
    for subset in spans:
        total = sum((v.value for v in subset), Decimal(0))
        out.append((total, total / len(subset), subset, series))
    return out


# Words that open a part or a note of the figure before ("of which $48 million was ...").
_PART_WORDS = ("of which", "including", "net of", "excluding")


def _is_part(v: SourceValue, before: SourceValue | None) -> bool:
    """Whether a figure of running text is given as a part or a note of the one before it: a
    part word among the words just before it (its label is the text that leads to it), and no
    year of its own other than the figure before's ("$45 million in 2015 and, including the
    acquisition, $40 million in 2014": the words qualify 2014's figure, no part of 2015's)."""
    lead = v.label[-40:].lower()
    if not any(w in lead for w in _PART_WORDS):
        return False
    return v.year is None or before is None or before.year is None or v.year == before.year


def _prose(line: tuple[SourceValue, ...]) -> bool:
    first = line[0]
    return first.table is None and first.field is None and first.span is not None


def parts_alone(line: tuple[SourceValue, ...], k_max: int) -> list[_Subset]:
    """For a line of running text's figures that holds part figures, the runs (3..``k_max``) of
    its other figures that step across a part figure, and the whole of them when longer; nothing
    otherwise (runs without a part figure between are runs of the line already)."""
    if not _prose(line):
        return []
    marks = [_is_part(v, line[i - 1] if i else None) for i, v in enumerate(line)]
    if not any(marks):
        return []
    items = [(i, v) for i, (v, part) in enumerate(zip(line, marks, strict=True)) if not part]
    n = len(items)
    if n < _LEAST:
        return []
    rest = tuple(v for _, v in items)
    out: list[_Subset] = []
    for k in range(_LEAST, min(k_max, n) + 1):
        for i in range(n - k + 1):
            if items[i + k - 1][0] - items[i][0] == k - 1:
                continue  # (no part figure between: a run of the line)
            subset = rest[i : i + k]
            total = sum((v.value for v in subset), Decimal(0))
            out.append((total, total / k, subset, rest))
    if n > k_max:
        total = sum((v.value for v in rest), Decimal(0))
        out.append((total, total / n, rest, rest))
    return out


def part_twice(subset: tuple[SourceValue, ...], line: tuple[SourceValue, ...]) -> bool:
    """Whether a subset of a line of running text sums a part figure with the figure just before
    it in the line, the whole it is a part of ("$366 million, of which $48 million ..."): the
    part is counted twice."""
    if len(subset) < 2 or not line or not _prose(line):
        return False
    held = set(map(id, subset))
    return any(
        _is_part(v, line[i - 1]) and id(v) in held and id(line[i - 1]) in held
        for i, v in enumerate(line)
        if i > 0
    )


def years_fit(ctx: ClaimContext, subset: tuple[SourceValue, ...]) -> bool:
    """Whether a subset of running text's figures lies inside the span of the years the claim
    names (``rules._year_focus.named_years``: its sentence, the one before, or the question),
    when it names two or more and the figures name theirs; True otherwise."""
    if subset[0].table is not None or subset[0].span is None:
        return True
    years = [v.year for v in subset if v.year is not None]
    if not years:
        return True
    named = ctx.notes.get("prose_series.named")  # (once per claim: asked per subset)
    if not isinstance(named, set):
        named = ctx.notes["prose_series.named"] = named_years(ctx)
    if len(named) < 2:
        return True
    lo, hi = min(named), max(named)
    return all(lo <= y <= hi for y in years)


def pairs_alone(line: tuple[SourceValue, ...], k_max: int) -> list[_Subset]:
    """For a line of running text's figures, the runs (3..``k_max``) of every other figure (a
    list of pairs: one quantity's figures at every other place); nothing for a line of fewer
    than five figures."""
    if len(line) < 2 * _LEAST - 1 or not _prose(line):
        return []
    out: list[_Subset] = []
    for start in (0, 1):
        every = line[start::2]
        n = len(every)
        for k in range(_LEAST, min(k_max, n) + 1):
            for i in range(n - k + 1):
                subset = every[i : i + k]
                total = sum((v.value for v in subset), Decimal(0))
                out.append((total, total / k, subset, every))
    return out


def alone(line: tuple[SourceValue, ...], k_max: int) -> list[_Subset]:
    """Every subset this module adds to the search for a line (``rules.multi``): its year
    series, its figures across a part figure, its pairs; nothing for a line of cells or fields."""
    if not _prose(line):
        return []
    return [*years_alone(line, k_max), *parts_alone(line, k_max), *pairs_alone(line, k_max)]
