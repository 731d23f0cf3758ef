"""Labelled answers for classes of sentence of issue 15's tenth pass (claims10), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``difference_between_rows``: "What was the difference between A's revenue and B's revenue in
  2024?" answered with A's 2024 revenue less B's (true), or with A's 2024 revenue less A's 2023
  revenue (wrong: a change of one of the two rows, not the difference between them).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in difference_between_rows(random.Random(3))]
[('difference_between_rows', True), ('difference_between_rows_one_row', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES10", "difference_between_rows"]


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
        f"${b['revenue_2024']:,} in 2024. The difference is ${right:,}.\nAnswer: ${right:,}"
    )
    false = (
        f"{a['region']}'s revenue was ${a['revenue_2024']:,} in 2024 and "
        f"${a['revenue_2023']:,} in 2023. The difference is ${wrong:,}.\nAnswer: ${wrong:,}"
    )
    return [
        ("difference_between_rows", True, true, rows, q),
        ("difference_between_rows_one_row", False, false, rows, q),
    ]


SENTENCE_CLASSES10: tuple[Callable[[random.Random], list[Raw]], ...] = (difference_between_rows,)
