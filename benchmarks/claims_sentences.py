"""Labelled answers for classes of sentence of issue 15's seventh pass (claims7), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``about_figure``: "about 20%" for a change that rounds to 20% (true), "about 30%" (wrong).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in about_figure(random.Random(3))]
[('about_figure', True), ('about_figure_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

__all__ = ["SENTENCE_CLASSES", "about_figure"]

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


SENTENCE_CLASSES: tuple[Callable[[random.Random], list[Raw]], ...] = (about_figure,)
