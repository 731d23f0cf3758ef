"""Labelled answers for classes of sentence of issue 15's tenth pass (claims10), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``difference_between_rows``: "What was the difference between A's revenue and B's revenue in
  2024?" answered with A's 2024 revenue less B's (true), or with A's 2024 revenue less A's 2023
  revenue (wrong: a change of one of the two rows, not the difference between them).

- ``level_for_change``: "What was the change in A's revenue from 2023 to 2024?" answered with
  the change (true), or with A's 2024 revenue (wrong: a level for a change).

- ``share_of_other_year``: "What was A's revenue in 2024 as a percentage of total revenue?"
  answered over the 2024 total (true), or over the 2023 total (wrong: another year's whole).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in difference_between_rows(random.Random(3))]
[('difference_between_rows', True), ('difference_between_rows_one_row', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = [
    "SENTENCE_CLASSES10",
    "difference_between_rows",
    "level_for_change",
    "share_of_other_year",
]


def _money(v: int) -> str:
    """``v`` as an amount of dollars, the sign before the symbol ("-$10,706")."""
    return f"-${-v:,}" if v < 0 else f"${v:,}"


def difference_between_rows(rng: random.Random) -> list[Raw]:
    """Two regions' 2024 revenue and their difference, stated with both values; the wrong twin
    states the first region's two years and their change."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.7, 1.4))}
        )
    a, b = rng.sample(rows, 2)
    right = a["revenue_2024"] - b["revenue_2024"]
    wrong = a["revenue_2024"] - a["revenue_2023"]
    if abs(right - wrong) < 0.01 * max(abs(right), 1) or min(abs(right), abs(wrong)) < 1_000:
        return []
    q = (
        f"What was the difference between {a['region']}'s revenue and {b['region']}'s revenue "
        "in 2024?"
    )
    true = (
        f"{a['region']}'s revenue was ${a['revenue_2024']:,} and {b['region']}'s "
        f"${b['revenue_2024']:,} in 2024. The difference is {_money(right)}."
        f"\nAnswer: {_money(right)}"
    )
    false = (
        f"{a['region']}'s revenue was ${a['revenue_2024']:,} in 2024 and "
        f"${a['revenue_2023']:,} in 2023. The difference is {_money(wrong)}."
        f"\nAnswer: {_money(wrong)}"
    )
    return [
        ("difference_between_rows", True, true, rows, q),
        ("difference_between_rows_one_row", False, false, rows, q),
    ]


def _regions(rng: random.Random) -> list[dict[str, Any]]:
    """Four regions' revenue in 2023 and 2024 and their total row."""
    rows: list[dict[str, Any]] = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.7, 1.4))}
        )
    rows.append(
        {
            "region": "Total",
            "revenue_2023": sum(r["revenue_2023"] for r in rows),
            "revenue_2024": sum(r["revenue_2024"] for r in rows),
        }
    )
    return rows


def level_for_change(rng: random.Random) -> list[Raw]:
    """A region's change from 2023 to 2024 as the answer; the wrong twin answers with its 2024
    revenue."""
    rows = _regions(rng)
    a = rng.choice(rows[:4])
    change = a["revenue_2024"] - a["revenue_2023"]
    level = a["revenue_2024"]
    if abs(change) < 1_000 or any(
        level == r[k] for r in rows if r is not a for k in r if k != "region"
    ):
        return []
    q = f"What was the change in {a['region']}'s revenue from 2023 to 2024?"
    return [
        ("level_for_change", True, f"Answer: {_money(change)}", rows, q),
        ("level_for_change_level", False, f"Answer: ${level:,}", rows, q),
    ]


def share_of_other_year(rng: random.Random) -> list[Raw]:
    """A region's 2024 revenue over the 2024 total, written out; the wrong twin divides by the
    2023 total."""
    rows = _regions(rng)
    a, total = rng.choice(rows[:4]), rows[4]
    x, right_whole, wrong_whole = a["revenue_2024"], total["revenue_2024"], total["revenue_2023"]
    right, wrong = 100 * x / right_whole, 100 * x / wrong_whole
    if abs(right - wrong) < 0.05:
        return []
    q = f"What was {a['region']}'s revenue in 2024 as a percentage of total revenue?"

    def text(whole: int, pct: float) -> str:
        return f"{x:,} / {whole:,} = {pct:.2f}%.\nAnswer: {pct:.2f}%"

    return [
        ("share_of_other_year", True, text(right_whole, right), rows, q),
        ("share_of_other_year_wrong", False, text(wrong_whole, wrong), rows, q),
    ]


SENTENCE_CLASSES10: tuple[Callable[[random.Random], list[Raw]], ...] = (
    difference_between_rows,
    level_for_change,
    share_of_other_year,
)
