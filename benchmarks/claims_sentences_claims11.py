"""Labelled answers for classes of sentence of issue 15's eleventh pass (claims11), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``share_of_stated_year``: "What was A's revenue in 2024 as a percentage of B's revenue in
  2023?" answered over B's 2023 revenue (true), or over B's 2024 revenue (wrong: the base read
  at the numerator's year, not the year the question gives it).

- ``ratio_for_change``: "What was A's revenue in 2024 as a percentage of its revenue in 2023?"
  answered with the ratio (true), or with the percentage change (wrong: another question).

- ``percent_for_amount``: "What was A's revenue in 2024?" answered with the amount (true), or
  with its share of the total revenue (wrong: a percentage for an amount).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in share_of_stated_year(random.Random(3))]
[('share_of_stated_year', True), ('share_of_stated_year_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = [
    "SENTENCE_CLASSES_CLAIMS11",
    "percent_for_amount",
    "ratio_for_change",
    "share_of_stated_year",
]


def _regions(rng: random.Random) -> list[dict[str, Any]]:
    """Four regions' revenue in 2023 and 2024."""
    rows: list[dict[str, Any]] = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.7, 1.4))}
        )
    return rows


def share_of_stated_year(rng: random.Random) -> list[Raw]:
    """One region's 2024 revenue over another's 2023 revenue, written out; the wrong twin divides
    by the other region's 2024 revenue."""
    rows = _regions(rng)
    a, b = rng.sample(rows, 2)
    x, right_base, wrong_base = a["revenue_2024"], b["revenue_2023"], b["revenue_2024"]
    right, wrong = 100 * x / right_base, 100 * x / wrong_base
    if abs(right - wrong) < 0.05:
        return []
    q = (
        f"What was {a['region']}'s revenue in 2024 as a percentage of {b['region']}'s revenue "
        "in 2023?"
    )

    def text(base: int, pct: float) -> str:
        return f"{x:,} / {base:,} = {pct:.2f}%.\nAnswer: {pct:.2f}%"

    return [
        ("share_of_stated_year", True, text(right_base, right), rows, q),
        ("share_of_stated_year_wrong", False, text(wrong_base, wrong), rows, q),
    ]


def ratio_for_change(rng: random.Random) -> list[Raw]:
    """One region's 2024 revenue as a percentage of its 2023 revenue, stated with both values;
    the wrong twin gives the percentage change."""
    rows = _regions(rng)
    a = rng.choice(rows)
    new, old = a["revenue_2024"], a["revenue_2023"]
    ratio, change = 100 * new / old, 100 * (new - old) / old
    if abs(change) < 1:
        return []
    q = f"What was {a['region']}'s revenue in 2024 as a percentage of its revenue in 2023?"
    said = f"{a['region']}'s revenue was ${new:,} in 2024 and ${old:,} in 2023."
    return [
        ("ratio_for_change", True, f"{said} The percentage is {ratio:.2f}%.", rows, q),
        ("ratio_for_change_change", False, f"{said} The percentage is {change:.2f}%.", rows, q),
    ]


def percent_for_amount(rng: random.Random) -> list[Raw]:
    """One region's 2024 revenue as the answer; the wrong twin ends on its share of the total."""
    rows = _regions(rng)
    total = {k: sum(r[k] for r in rows) for k in ("revenue_2023", "revenue_2024")}
    rows.append({"region": "Total", **total})
    a = rng.choice(rows[:4])
    x = a["revenue_2024"]
    share = 100 * x / total["revenue_2024"]
    q = f"What was {a['region']}'s revenue in 2024?"
    said = f"{a['region']}'s revenue was ${x:,} in 2024"
    return [
        ("percent_for_amount", True, f"{said}.\nAnswer: ${x:,}", rows, q),
        (
            "percent_for_amount_share",
            False,
            f"{said}, which is {share:.2f}% of total revenue.\nAnswer: {share:.2f}%",
            rows,
            q,
        ),
    ]


SENTENCE_CLASSES_CLAIMS11: tuple[Callable[[random.Random], list[Raw]], ...] = (
    share_of_stated_year,
    ratio_for_change,
    percent_for_amount,
)
