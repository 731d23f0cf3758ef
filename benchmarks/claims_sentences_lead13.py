"""Labelled answers for the lead's classes of sentence of round 13, for ``claims_cases.py`` (and
so ``trace_vs_figured.py``): one true and one wrong category per class, from seeded random tables
(fictional).

- ``moved_by_other_cell``: "Iberia's revenue dropped by $X from 2023 to 2024." where X, the
  row's own change, is also another row's cell (true: the words state a move of the row they
  name), and the same sentence for a row that did not move by X (wrong: X is only the other
  row's cell, language.rowmatch).
- ``count_of_whole``: "2 of the 6 regions had 2024 revenue above $X." (true), and with the
  whole miscounted, "2 of the 7 regions" (wrong: the whole is checked against the rows the
  question's count looks at, rules.counts).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in count_of_whole(random.Random(3))]
[('count_of_whole', True), ('count_of_whole_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD13", "count_of_whole", "moved_by_other_cell"]


def moved_by_other_cell(rng: random.Random) -> list[Raw]:
    """A row's drop that equals another row's 2023 cell: stated for that row (true) and for a
    row whose figures never differ by it (wrong)."""
    names = rng.sample(REGIONS, 4)
    old = rng.randint(300, 900) * 1_000
    drop = rng.randint(40, 250) * 1_000
    rows: list[dict[str, Any]] = [
        {"region": names[0], "revenue_2023": old, "revenue_2024": old - drop},
        {"region": names[1], "revenue_2023": drop, "revenue_2024": drop + 17_000},
    ]
    for name in names[2:]:
        a = rng.randint(300, 900) * 1_000
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": a + 9_000})
    text = "{r}'s revenue dropped by ${d:,} from 2023 to 2024."
    return [
        ("moved_by_other_cell", True, text.format(r=names[0], d=drop), rows, None),
        ("moved_by_other_cell_wrong", False, text.format(r=names[2], d=drop), rows, None),
    ]


def count_of_whole(rng: random.Random) -> list[Raw]:
    """Some of a whole past the question's bar, the whole counted right (true) or not (wrong)."""
    rows: list[dict[str, Any]] = []
    for name in rng.sample(REGIONS, 6):
        rows.append({"region": name, "revenue_2024": rng.randint(150, 900) * 10_000})
    values = sorted(r["revenue_2024"] for r in rows)
    bar = (values[2] + values[3]) // 2 // 10_000 * 10_000
    n = sum(v > bar for v in values)
    q = f"How many regions had 2024 revenue above ${bar:,}?"
    text = "{n} of the {w} regions had 2024 revenue above ${b:,}."
    return [
        ("count_of_whole", True, text.format(n=n, w=len(rows), b=bar), rows, q),
        ("count_of_whole_wrong", False, text.format(n=n, w=len(rows) + 1, b=bar), rows, q),
    ]


SENTENCE_CLASSES_LEAD13: tuple[Callable[[random.Random], list[Raw]], ...] = (
    moved_by_other_cell,
    count_of_whole,
)
