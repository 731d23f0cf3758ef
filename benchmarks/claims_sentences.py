"""Labelled answers for classes of sentence of issue 15's seventh pass (claims7), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``about_figure``: "about 20%" for a change that rounds to 20% (true), "about 30%" (wrong).
- ``share_other_year``: "A's 2024 revenue was 84.2% of B's 2023 revenue" (true), the share of
  B's 2024 revenue written with "2023" (wrong).
- ``two_changes``: "A's revenue grew 7.2% in 2023 and 20.2% in 2024" (true), the two years'
  changes swapped (wrong).
- ``label_number``: "A's payments due after 5 years were 3,400" over a field ``due_after_5_years``
  (true: the 5 quotes the label), "due after 4 years" (wrong: no label writes 4).
- ``bare_difference``: "What was the percentage change in A's revenue from 2023 to 2024?"
  answered with the percentage (true) and with the difference of the two years (wrong).
- ``change_named_base``: "A's revenue rose by $41,000 in 2024, 8.3% of the 2023 figure" (true),
  the change over the 2024 figure (wrong).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in about_figure(random.Random(3))]
[('about_figure', True), ('about_figure_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = [
    "SENTENCE_CLASSES",
    "about_figure",
    "bare_difference",
    "change_named_base",
    "label_number",
    "share_other_year",
    "two_changes",
]

Rows = list[dict[str, Any]]
Raw = tuple[str, bool, str, Rows, "str | None"]

REGIONS = ["Nordics", "Iberia", "Benelux", "Alps", "Baltics", "Balkans", "Andes", "Oceania"]


def about_figure(rng: random.Random) -> list[Raw]:
    """A change written "about T%" with T a multiple of ten, the change within 0.3 points of T:
    right at the written digits; the wrong twin names the next multiple of ten."""
    target = rng.choice([10, 20, 30, 40])
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.8, 1.5))}
        )
    r = rng.choice(rows)
    a = r["revenue_2023"]
    r["revenue_2024"] = round(a * (1 + (target + rng.uniform(-0.3, 0.3)) / 100))
    word = rng.choice(["about", "roughly", "approximately", "around"])
    text = "{n}'s revenue grew {w} {t}% in 2024."
    return [
        ("about_figure", True, text.format(n=r["region"], w=word, t=target), rows, None),
        (
            "about_figure_wrong",
            False,
            text.format(n=r["region"], w=word, t=target + 10),
            rows,
            None,
        ),
    ]


def _yearly(rng: random.Random, n: int) -> Rows:
    rows = []
    for name in rng.sample(REGIONS, n):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.7, 1.3))}
        )
    return rows


def share_other_year(rng: random.Random) -> list[Raw]:
    """One row's 2024 revenue as a share of another row's 2023 revenue (a diagonal share the
    sentence names both cells of); the wrong twin is the share of the other row's 2024 revenue."""
    rows = _yearly(rng, 4)
    a, b = rng.sample(rows, 2)
    if a["revenue_2024"] >= b["revenue_2023"]:
        a, b = b, a  # a share is a part of its whole: at most 100 %
    right = 100 * a["revenue_2024"] / b["revenue_2023"]
    wrong = 100 * a["revenue_2024"] / b["revenue_2024"]
    if abs(right - wrong) < 0.5 or right > 100:
        return []
    text = "{a}'s 2024 revenue was {p:.1f}% of {b}'s 2023 revenue."
    return [
        ("share_other_year", True, text.format(a=a["region"], b=b["region"], p=right), rows, None),
        (
            "share_other_year_wrong",
            False,
            text.format(a=a["region"], b=b["region"], p=wrong),
            rows,
            None,
        ),
    ]


def change_named_base(rng: random.Random) -> list[Raw]:
    """A change and its percentage "of the 2023 figure" (its base, the one year named); the
    wrong twin divides by the 2024 figure."""
    rows = _yearly(rng, 4)
    r = rng.choice(rows)
    old, new = r["revenue_2023"], r["revenue_2024"]
    if new <= old or abs(100 * (new - old) / old - 100 * (new - old) / new) < 0.5:
        return []
    text = "{n}'s revenue rose by ${d:,} in 2024, {p:.1f}% of the 2023 figure."
    d = new - old
    return [
        ("change_named_base", True, text.format(n=r["region"], d=d, p=100 * d / old), rows, None),
        (
            "change_named_base_wrong",
            False,
            text.format(n=r["region"], d=d, p=100 * d / new),
            rows,
            None,
        ),
    ]


def two_changes(rng: random.Random) -> list[Raw]:
    """Two changes of one row in one sentence, each followed by its own year; the wrong twin
    gives each year the other's change."""
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
        return []
    text = "{n}'s revenue grew {a:.1f}% in 2023 and {b:.1f}% in 2024."
    return [
        ("two_changes", True, text.format(n=r["region"], a=first, b=second), rows, None),
        ("two_changes_swapped", False, text.format(n=r["region"], a=second, b=first), rows, None),
    ]


def label_number(rng: random.Random) -> list[Raw]:
    """A number quoted inside a column label (a field name) with the label's words around it;
    the wrong twin writes a number no label has."""
    n = rng.choice([2, 3, 5, 10])
    far = f"due_after_{n}_years"
    rows = [
        {
            "plan": name,
            "due_within_1_year": rng.randint(100, 900) * 10,
            far: rng.randint(100, 900) * 10,
        }
        for name in rng.sample(REGIONS, 3)
    ]
    r = rng.choice(rows)
    text = "{p}'s payments due after {n} years were {v:,}."
    return [
        ("label_number", True, text.format(p=r["plan"], n=n, v=r[far]), rows, None),
        ("label_number_wrong", False, text.format(p=r["plan"], n=n + 1, v=r[far]), rows, None),
    ]


def bare_difference(rng: random.Random) -> list[Raw]:
    """A percentage change asked; the wrong twin answers the difference, a plain number."""
    rows = _yearly(rng, 4)
    r = rng.choice(rows)
    old, new = r["revenue_2023"], r["revenue_2024"]
    pct = 100 * (new - old) / old
    if old == new or abs(abs(pct) - abs(new - old)) < 1:
        return []
    q = f"What was the percentage change in {r['region']}'s revenue from 2023 to 2024?"
    said = f"{r['region']}'s revenue went from {old:,} to {new:,}."
    return [
        ("bare_difference_percent", True, f"{said}\nAnswer: {pct:.1f}%", rows, q),
        ("bare_difference", False, f"{said}\nAnswer: {new - old:,}", rows, q),
    ]


SENTENCE_CLASSES: tuple[Callable[[random.Random], list[Raw]], ...] = (
    about_figure,
    share_other_year,
    change_named_base,
    two_changes,
    label_number,
    bare_difference,
)
