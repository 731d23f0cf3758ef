"""Labelled answers for the lead's class of sentence of round 16, for ``claims_cases.py`` (and so
``trace_vs_figured.py``): one true and one wrong category, from seeded random tables
(fictional).

- ``figure_of_the_year_before``: "Iberia's revenue rose to $B in 2024, up from $A the year
  before." (or "compared with $A a year earlier", "versus $A in the prior year") where A is the
  row's 2023 cell (true), and the same sentence with the row's 2022 cell (wrong: a right cell
  of the row, of the wrong year; language.prior_year). Before round 16 any cell of the named
  row passed.

- ``bar_over_one_row``: "Iberia exceeded $X in 2024 revenue." (or "... stayed below $X",
  "... had 2024 revenue of more than $X") over one named row, X a round line no cell equals:
  the row's cell on the stated side (true) or another row's, on the other side (wrong;
  rules.one_row_bar). Before round 16 a right bar failed as unsupported, and a wrong one
  passed when it rounded to another row's cell.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in figure_of_the_year_before(random.Random(3))]
[('figure_of_the_year_before', True), ('figure_of_the_year_before_wrong', False)]
>>> [c[:2] for c in bar_over_one_row(random.Random(3))]
[('bar_over_one_row', True), ('bar_over_one_row_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD16", "bar_over_one_row", "figure_of_the_year_before"]

_WORDINGS = (
    "{n}'s revenue rose to ${b:,} in 2024, up from ${a:,} the year before.",
    "{n}'s revenue was ${b:,} in 2024, compared with ${a:,} a year earlier.",
    "In 2024, {n}'s revenue reached ${b:,} versus ${a:,} in the prior year.",
)


def figure_of_the_year_before(rng: random.Random) -> list[Raw]:
    """Three rows of three years; the sentence's earlier figure is the row's 2023 cell (true)
    or its 2022 cell (wrong)."""
    names = rng.sample(REGIONS, 3)
    rows: list[dict[str, Any]] = []
    for name in names:
        # three distinct levels per row, so no cell of the row equals another year's; 2024 the
        # highest, so "rose ... up from" holds of either earlier cell (only the year is wrong)
        x, y, c = sorted(rng.sample(range(150, 900), 3))
        a, b = (x, y) if rng.random() < 0.5 else (y, x)
        rows.append(
            {
                "region": name,
                "revenue_2022": a * 10_000,
                "revenue_2023": b * 10_000,
                "revenue_2024": c * 10_000,
            }
        )
    row = rows[0]
    text = rng.choice(_WORDINGS)
    right = text.format(n=names[0], b=row["revenue_2024"], a=row["revenue_2023"])
    wrong = text.format(n=names[0], b=row["revenue_2024"], a=row["revenue_2022"])
    return [
        ("figure_of_the_year_before", True, right, rows, None),
        ("figure_of_the_year_before_wrong", False, wrong, rows, None),
    ]


_BARS = (
    ("{n} exceeded ${b:,} in 2024 revenue.", ">"),
    ("{n} stayed below ${b:,} in 2024 revenue.", "<"),
    ("{n} had 2024 revenue of more than ${b:,}.", ">"),
)


def bar_over_one_row(rng: random.Random) -> list[Raw]:
    """Four rows of 2024 revenue; a round bar between two cells (two significant digits, off
    every cell); the sentence names a row past it (true) or one not past it (wrong)."""
    names = rng.sample(REGIONS, 4)
    levels = sorted(rng.sample(range(15, 95), 4))
    # a gap of at least 2 between two neighbours, so a round bar fits strictly between them
    gaps = [i for i in range(3) if levels[i + 1] - levels[i] >= 2]
    if not gaps:
        levels = [15, 30, 55, 80]
        gaps = [0, 1, 2]
    i = rng.choice(gaps)
    bar = (levels[i] + 1) * 100_000
    rows: list[dict[str, Any]] = [
        {"region": n, "revenue_2024": v * 100_000 + rng.randrange(1, 9) * 1_000}
        for n, v in zip(names, levels, strict=True)
    ]
    text, side = rng.choice(_BARS)
    above = [r["region"] for r in rows if r["revenue_2024"] > bar]
    below = [r["region"] for r in rows if r["revenue_2024"] < bar]
    right, wrong = (above, below) if side == ">" else (below, above)
    return [
        ("bar_over_one_row", True, text.format(n=rng.choice(right), b=bar), rows, None),
        ("bar_over_one_row_wrong", False, text.format(n=rng.choice(wrong), b=bar), rows, None),
    ]


SENTENCE_CLASSES_LEAD16: tuple[Callable[[random.Random], list[Raw]], ...] = (
    figure_of_the_year_before,
    bar_over_one_row,
)
