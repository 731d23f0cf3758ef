"""Labelled answers for the lead's classes of sentence of round 18, for ``claims_cases.py`` (and
so ``trace_vs_figured.py``): one true and one wrong category each, from seeded random tables
(fictional).

- ``bar_at_the_cell``: "Iberia's revenue was at least $X in 2024." with X the row's own 2024
  cell (true: "at least" holds the line itself), or "Iberia's revenue exceeded $X in 2024."
  with the same X (wrong: "exceeded" does not; language.bounds.bound_before). Before round 18
  both passed.

- ``another_row_same_year``: "Iberia had $A in 2024, versus $B for Nordics." with B Nordics'
  2024 cell (true) or its 2023 cell (wrong: the sentence compares two rows in one year;
  language.cross_row_year). Before round 18 the second figure had no year and both passed.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in bar_at_the_cell(random.Random(3))]
[('bar_at_the_cell', True), ('bar_at_the_cell_wrong', False)]
>>> [c[:2] for c in another_row_same_year(random.Random(3))]
[('another_row_same_year', True), ('another_row_same_year_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD18", "another_row_same_year", "bar_at_the_cell"]


def _rows(rng: random.Random) -> tuple[list[str], list[dict[str, Any]]]:
    """Three regions' 2023 and 2024 revenue, no two cells equal (tens of thousands)."""
    names = rng.sample(REGIONS, 3)
    levels = [v * 10_000 for v in rng.sample(range(150, 900), 6)]
    rows = [
        {"region": n, "revenue_2023": levels[2 * k], "revenue_2024": levels[2 * k + 1]}
        for k, n in enumerate(names)
    ]
    return names, rows


def bar_at_the_cell(rng: random.Random) -> list[Raw]:
    """A bar drawn at the named row's own 2024 cell: inclusive words (true), strict (wrong)."""
    names, rows = _rows(rng)
    v = rows[0]["revenue_2024"]
    right = rng.choice(("was at least", "was no less than"))
    wrong = rng.choice(("exceeded", "was more than", "topped"))
    text = "{n}'s revenue {w} ${v:,} in 2024."
    return [
        ("bar_at_the_cell", True, text.format(n=names[0], w=right, v=v), rows, None),
        ("bar_at_the_cell_wrong", False, text.format(n=names[0], w=wrong, v=v), rows, None),
    ]


_VERSUS = (
    "{n} had ${a:,} in 2024, versus ${b:,} for {m}.",
    "In 2024, {n} had ${a:,}, while {m} had ${b:,}.",
    "{n} had ${a:,} in 2024, compared with ${b:,} for {m}.",
)


def another_row_same_year(rng: random.Random) -> list[Raw]:
    """The first row's 2024 cell, then the second row's 2024 cell (true) or 2023 cell (wrong)."""
    names, rows = _rows(rng)
    text = rng.choice(_VERSUS)
    a, other = rows[0]["revenue_2024"], rows[1]
    return [
        (
            "another_row_same_year",
            True,
            text.format(n=names[0], a=a, b=other["revenue_2024"], m=names[1]),
            rows,
            None,
        ),
        (
            "another_row_same_year_wrong",
            False,
            text.format(n=names[0], a=a, b=other["revenue_2023"], m=names[1]),
            rows,
            None,
        ),
    ]


SENTENCE_CLASSES_LEAD18: tuple[Callable[[random.Random], list[Raw]], ...] = (
    bar_at_the_cell,
    another_row_same_year,
)
