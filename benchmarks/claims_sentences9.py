"""Labelled answers for classes of sentence of issue 15's ninth pass (claims9), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``pooled_years``: "What was the average revenue of A in 2023 and 2024?" answered with the
  average of those two years (true), or of 2022 and 2023 (wrong: a pool of other years).

- ``ratio_order``: "What was the ratio of A's revenue to B's revenue in 2024?" answered with A's
  over B's (true), or B's over A's (wrong: the inverse of the ratio asked).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in pooled_years(random.Random(3))]
[('pooled_years', True), ('pooled_years_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES9", "pooled_years", "ratio_order"]


def _twins(
    category: str, wrong: str, text: str, right_value: float, wrong_value: float, rows: Any, q: str
) -> list[Raw]:
    """The true answer and its wrong twin: ``text`` written with each value as ``v``."""
    return [
        (category, True, text.format(v=right_value), rows, q),
        (wrong, False, text.format(v=wrong_value), rows, q),
    ]


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
    text = f"The {word} is ${{v:,.1f}}.\nAnswer: ${{v:,.1f}}"
    return _twins("pooled_years", "pooled_years_wrong", text, right, wrong, rows, q)


def ratio_order(rng: random.Random) -> list[Raw]:
    """Two rows' 2024 revenue divided in the order the question names, stated with both values;
    the wrong twin divides them the other way round."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": int(a * rng.uniform(0.8, 1.3))}
        )
    a, b = rng.sample(rows, 2)
    x, y = a["revenue_2024"], b["revenue_2024"]
    if abs(x / y - y / x) < 0.05:
        return []
    q = f"What was the ratio of {a['region']}'s revenue to {b['region']}'s revenue in 2024?"
    said = f"{a['region']}'s revenue was ${x:,} and {b['region']}'s ${y:,}."
    text = said + " The ratio is {v:.2f}.\nAnswer: {v:.2f}"
    return _twins("ratio_order", "ratio_order_inverted", text, x / y, y / x, rows, q)


SENTENCE_CLASSES9: tuple[Callable[[random.Random], list[Raw]], ...] = (pooled_years, ratio_order)
