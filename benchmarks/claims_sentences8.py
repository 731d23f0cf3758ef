"""Labelled answers for classes of sentence of issue 15's eighth pass (claims8), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``year_before_figure``: "In 2023 A's revenue grew 7.2%, and in 2024 it grew 20.2%" (true), the
  two years' changes swapped (wrong).
- ``year_in_parentheses``: "A's revenue grew 7.2% (2023) and 20.2% (2024)" (true), swapped (wrong).
- ``about_amount``: "A's revenue rose by approximately $41,000 in 2024" for a change of 41,3xx
  (true: the half unit of its last nonzero digit), the figure 20% off (wrong).
- ``whole_year_after_noun``: "A's 2024 revenue was 84.2% of B's revenue in 2023" (true), the share
  of B's 2024 revenue (wrong).
- ``percent_change_unsigned``: "What was the percentage change in A's revenue from 2023 to 2024?"
  answered "Answer: 12.35" (true), the change over the 2024 figure (wrong).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in year_before_figure(random.Random(3))]
[('year_before_figure', True), ('year_before_figure_swapped', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw, Rows

__all__ = [
    "SENTENCE_CLASSES8",
    "about_amount",
    "percent_change_unsigned",
    "whole_year_after_noun",
    "year_before_figure",
    "year_in_parentheses",
]


def _three_years(rng: random.Random) -> tuple[Rows, dict[str, Any], float, float] | None:
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        b = int(a * rng.uniform(1.02, 1.3))
        rows.append({"region": name, "revenue_2022": a, "revenue_2023": b,
                     "revenue_2024": int(b * rng.uniform(1.02, 1.3))})  # fmt: skip
    r = rng.choice(rows)
    first = 100 * (r["revenue_2023"] / r["revenue_2022"] - 1)
    second = 100 * (r["revenue_2024"] / r["revenue_2023"] - 1)
    if abs(first - second) < 1:
        return None
    return rows, r, first, second


def _swapped_twins(
    category: str, text: str, drawn: tuple[Rows, dict[str, Any], float, float]
) -> list[Raw]:
    """The true answer (each year's change in its place) and its twin with the two swapped."""
    rows, r, first, second = drawn
    return [
        (category, True, text.format(n=r["region"], a=first, b=second), rows, None),
        (f"{category}_swapped", False, text.format(n=r["region"], a=second, b=first), rows, None),
    ]


def year_before_figure(rng: random.Random) -> list[Raw]:
    """Two clauses, each opening with its year and holding that year's change; the wrong twin
    gives each year the other's change."""
    drawn = _three_years(rng)
    if drawn is None:
        return []
    text = "In 2023 {n}'s revenue grew {a:.1f}%, and in 2024 it grew {b:.1f}%."
    return _swapped_twins("year_before_figure", text, drawn)


def year_in_parentheses(rng: random.Random) -> list[Raw]:
    """Two changes, each followed by its year in parentheses; the wrong twin swaps them."""
    drawn = _three_years(rng)
    if drawn is None:
        return []
    text = "{n}'s revenue grew {a:.1f}% (2023) and {b:.1f}% (2024)."
    return _swapped_twins("year_in_parentheses", text, drawn)


def about_amount(rng: random.Random) -> list[Raw]:
    """A change written "approximately" to two significant digits, the change within a quarter of
    its last digit's unit (past the 1% a derivation otherwise needs); the wrong twin is 20% off."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.8, 1.3))}
        )
    r = rng.choice(rows)
    written = rng.choice([k for k in range(11, 100) if k % 10]) * 1_000  # two significant digits
    r["revenue_2024"] = r["revenue_2023"] + written + rng.randint(-250, 250)
    word = rng.choice(["about", "roughly", "approximately", "around"])
    text = "{n}'s revenue rose by {w} ${d:,} in 2024."
    return [
        ("about_amount", True, text.format(n=r["region"], w=word, d=written), rows, None),
        (
            "about_amount_wrong",
            False,
            text.format(n=r["region"], w=word, d=round(written * 1.2 / 1_000) * 1_000),
            rows,
            None,
        ),
    ]


def whole_year_after_noun(rng: random.Random) -> list[Raw]:
    """One row's 2024 revenue as a share of another row's revenue "in 2023" (the whole's year
    after its noun); the wrong twin is the share of the other row's 2024 revenue."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.7, 1.3))}
        )
    a, b = rng.sample(rows, 2)
    if a["revenue_2024"] >= b["revenue_2023"]:
        a, b = b, a
    right = 100 * a["revenue_2024"] / b["revenue_2023"]
    wrong = 100 * a["revenue_2024"] / b["revenue_2024"]
    if abs(right - wrong) < 0.5 or right > 100:
        return []
    text = "{a}'s 2024 revenue was {p:.1f}% of {b}'s revenue in 2023."
    return [
        (
            "whole_year_after_noun",
            True,
            text.format(a=a["region"], b=b["region"], p=right),
            rows,
            None,
        ),
        (
            "whole_year_after_noun_wrong",
            False,
            text.format(a=a["region"], b=b["region"], p=wrong),
            rows,
            None,
        ),
    ]


def percent_change_unsigned(rng: random.Random) -> list[Raw]:
    """A percentage change asked and answered as a plain number to two decimals; the wrong twin
    is the change over the later year."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(1.05, 1.4))}
        )
    r = rng.choice(rows)
    old, new = r["revenue_2023"], r["revenue_2024"]
    right, wrong = 100 * (new - old) / old, 100 * (new - old) / new
    q = f"What was the percentage change in {r['region']}'s revenue from 2023 to 2024?"
    return [
        ("percent_change_unsigned", True, f"Answer: {right:.2f}", rows, q),
        ("percent_change_unsigned_wrong", False, f"Answer: {wrong:.2f}", rows, q),
    ]


SENTENCE_CLASSES8: tuple[Callable[[random.Random], list[Raw]], ...] = (
    year_before_figure,
    year_in_parentheses,
    about_amount,
    whole_year_after_noun,
    percent_change_unsigned,
)
