"""Labelled answers for classes of sentence of issue 15's ninth pass (claims9), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``pooled_years``: "What was the average revenue of A in 2023 and 2024?" answered with the
  average of those two years (true), or of 2022 and 2023 (wrong: a pool of other years).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in pooled_years(random.Random(3))]
[('pooled_years', True), ('pooled_years_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES9", "pooled_years"]


def pooled_years(rng: random.Random) -> list[Raw]:
    """An average (or a total) of one row over the two years the question names; the wrong
    twin pools the year before with the first of them."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        b = int(a * rng.uniform(0.8, 1.3))
        rows.append({"region": name, "revenue_2022": a, "revenue_2023": b,
                     "revenue_2024": int(b * rng.uniform(0.8, 1.3))})  # fmt: skip
    r = rng.choice(rows)
    total = rng.random() < 0.5
    word = "total" if total else "average"
    div = 1 if total else 2
    right = (r["revenue_2023"] + r["revenue_2024"]) / div
    wrong = (r["revenue_2022"] + r["revenue_2023"]) / div
    if abs(right - wrong) < 0.01 * abs(right):
        return []
    q = f"What was the {word} revenue of {r['region']} in 2023 and 2024?"
    return [
        ("pooled_years", True, f"The {word} is ${right:,.1f}.\nAnswer: ${right:,.1f}", rows, q),
        (
            "pooled_years_wrong",
            False,
            f"The {word} is ${wrong:,.1f}.\nAnswer: ${wrong:,.1f}",
            rows,
            q,
        ),
    ]


SENTENCE_CLASSES9: tuple[Callable[[random.Random], list[Raw]], ...] = (pooled_years,)
