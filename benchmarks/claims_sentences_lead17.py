"""Labelled answers for the lead's classes of sentence of round 17, for ``claims_cases.py`` (and
so ``trace_vs_figured.py``): one true and one wrong category each, from seeded random tables
(fictional).

- ``year_of_a_long_row``: "Iberia's revenue was $X in 2024." over a long result set (``region,
  year, revenue``: one row per region and year), X the region's 2024 row (true) or its 2023 row
  (wrong: the right region, the wrong year; sources.rows_years). Before round 17 the year of a
  long row was not read, and any row of the region passed.

- ``bar_over_a_change``: "Iberia's revenue grew by more than $B in 2024." (or "rose by over",
  "grew by less than") over one named row of a wide result set, B a round line: the row's
  change from 2023 to 2024 on the stated side (true) or on the other (wrong;
  rules.change_bar). Before round 17 a right bar failed as unsupported.

- ``comparison_names_no_row``: "In 2024 Iberia had $B, versus $A in the prior year." where A is
  the row's 2023 cell (true) or another row's 2023 cell (wrong; language.prior_year's
  ``names_no_subject``). Before round 17 a figure after "versus" named no row when the
  sentence opened with its year, and any row's cell of that year passed.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in year_of_a_long_row(random.Random(3))]
[('year_of_a_long_row', True), ('year_of_a_long_row_wrong', False)]
>>> [c[:2] for c in bar_over_a_change(random.Random(3))]
[('bar_over_a_change', True), ('bar_over_a_change_wrong', False)]
>>> [c[:2] for c in comparison_names_no_row(random.Random(3))]
[('comparison_names_no_row', True), ('comparison_names_no_row_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = [
    "SENTENCE_CLASSES_LEAD17",
    "bar_over_a_change",
    "comparison_names_no_row",
    "year_of_a_long_row",
]


def _levels(rng: random.Random, n: int) -> list[int]:
    """``n`` distinct levels, in tens of thousands (no two cells equal)."""
    return [v * 10_000 for v in rng.sample(range(150, 900), n)]


def year_of_a_long_row(rng: random.Random) -> list[Raw]:
    """Three regions of two years, one row each; the sentence states the region's 2024 row
    (true) or its 2023 row for 2024 (wrong)."""
    names = rng.sample(REGIONS, 3)
    levels = _levels(rng, 6)
    rows: list[dict[str, Any]] = []
    for k, name in enumerate(names):
        rows.append({"region": name, "year": 2023, "revenue": levels[2 * k]})
        rows.append({"region": name, "year": 2024, "revenue": levels[2 * k + 1]})
    rng.shuffle(rows)
    name = names[0]
    cell = {r["year"]: r["revenue"] for r in rows if r["region"] == name}
    text = "{n}'s revenue was ${v:,} in 2024."
    return [
        ("year_of_a_long_row", True, text.format(n=name, v=cell[2024]), rows, None),
        ("year_of_a_long_row_wrong", False, text.format(n=name, v=cell[2023]), rows, None),
    ]


_MOVES = (
    ("{n}'s revenue grew by more than ${b:,} in 2024.", ">"),
    ("{n}'s revenue rose by over ${b:,} from 2023 to 2024.", ">"),
    ("{n}'s revenue grew by less than ${b:,} in 2024.", "<"),
)


def bar_over_a_change(rng: random.Random) -> list[Raw]:
    """Three rows of 2023 and 2024 revenue, each grown; a round bar below the named row's
    change and one above it (two significant digits, within a factor of ten): the sentence's
    side holds for one (true) and not for the other (wrong)."""
    names = rng.sample(REGIONS, 3)
    rows: list[dict[str, Any]] = []
    for name in names:
        old = rng.randrange(200, 600) * 10_000
        rows.append(
            {
                "region": name,
                "revenue_2023": old,
                "revenue_2024": old + rng.randrange(21, 90) * 10_000,
            }
        )
    change = rows[0]["revenue_2024"] - rows[0]["revenue_2023"]
    lower = (change // 100_000) * 100_000  # a round line at or below the change
    lower = lower if lower < change else lower - 100_000
    upper = lower + 200_000  # above the change, with a margin
    text, side = rng.choice(_MOVES)
    right, wrong = (lower, upper) if side == ">" else (upper, lower)
    return [
        ("bar_over_a_change", True, text.format(n=names[0], b=right), rows, None),
        ("bar_over_a_change_wrong", False, text.format(n=names[0], b=wrong), rows, None),
    ]


_COMPARED = (
    "In 2024 {n} had ${b:,}, versus ${a:,} in the prior year.",
    "In 2024 {n} had ${b:,}, compared with ${a:,} a year earlier.",
    "In 2024 {n} had ${b:,}, up from ${a:,} the year before.",
)


def comparison_names_no_row(rng: random.Random) -> list[Raw]:
    """Three rows of 2023 and 2024 revenue (each grown); the compared figure is the named
    row's 2023 cell (true) or another row's 2023 cell, below the named row's 2024 one (wrong)."""
    names = rng.sample(REGIONS, 3)
    olds = sorted(_levels(rng, 3))
    rows = [
        {"region": n, "revenue_2023": o, "revenue_2024": olds[-1] + (k + 1) * 70_000}
        for k, (n, o) in enumerate(zip(names, olds, strict=True))
    ]
    row, other = rows[0], rows[1]
    text = rng.choice(_COMPARED)
    b = row["revenue_2024"]
    return [
        (
            "comparison_names_no_row",
            True,
            text.format(n=names[0], b=b, a=row["revenue_2023"]),
            rows,
            None,
        ),
        (
            "comparison_names_no_row_wrong",
            False,
            text.format(n=names[0], b=b, a=other["revenue_2023"]),
            rows,
            None,
        ),
    ]


SENTENCE_CLASSES_LEAD17: tuple[Callable[[random.Random], list[Raw]], ...] = (
    year_of_a_long_row,
    bar_over_a_change,
    comparison_names_no_row,
)
