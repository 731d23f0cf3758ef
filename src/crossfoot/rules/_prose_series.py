"""A year series inside a run of running text's figures (round 40, conv40a).

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

>>> from decimal import Decimal as D
>>> from crossfoot.model.types import SourceValue
>>> run = tuple(SourceValue(D(v), "S", year=y, span=(i * 10, i * 10 + 4))
...             for i, (v, y) in enumerate([(12.6, None), (121.1, 2016), (97.5, 2015),
...                                         (8.4, None), (132.4, 2014)]))
>>> [(str(total), [str(v.value) for v in subset]) for total, _, subset, _ in years_alone(run, 4)]
[('351.0', ['132.4', '97.5', '121.1'])]
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.language.years import period
from crossfoot.model.types import SourceValue

__all__ = ["years_alone"]

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
