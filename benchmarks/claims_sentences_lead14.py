"""Labelled answers for the lead's classes of sentence of round 14, for ``claims_cases.py`` (and
so ``trace_vs_figured.py``): one true and one wrong category per class, from seeded random tables
(fictional).

- ``count_own_bar``: "3 of the 6 regions had 2024 revenue above $X." with NO question: the
  sentence states its own bar, so its count is checked against the rows past it (true: the
  count right; wrong: the count one off, rules.sentence_counts). Before round 14 ``trace``
  dropped such a count as a count of some of the rows, so a wrong one passed.

- ``move_against_order``: "Iberia's revenue rose to $B in 2024 from $A in 2023." where the row
  went from A to B (true), and the same sentence with the other movement word (wrong: each
  figure is a right cell, the words run against their order, rules.stated_moves).

- ``rank_against_column``: "Iberia had the highest 2024 revenue at $X." for the row that has it
  (true) and for another row with its own cell (wrong: the cell is right, the rank is not,
  rules.extremes); "highest" or "lowest".

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in count_own_bar(random.Random(3))]
[('count_own_bar', True), ('count_own_bar_wrong', False)]
>>> [c[:2] for c in move_against_order(random.Random(3))]
[('move_against_order', True), ('move_against_order_wrong', False)]
>>> [c[:2] for c in rank_against_column(random.Random(3))]
[('rank_against_column', True), ('rank_against_column_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD14", "count_own_bar", "move_against_order", "rank_against_column"]


def count_own_bar(rng: random.Random) -> list[Raw]:
    """Some of the rows past the sentence's own bar, counted right (true) or one off (wrong);
    the bar after the count or before it, above or below."""
    rows: list[dict[str, Any]] = []
    for name in rng.sample(REGIONS, 6):
        rows.append({"region": name, "revenue_2024": rng.randint(150, 900) * 10_000})
    values = sorted(r["revenue_2024"] for r in rows)
    cut = rng.randint(1, 4)
    bar = (values[cut] + values[cut + 1]) // 2 // 10_000 * 10_000 + 5_000
    below = rng.random() < 0.5
    word = "below" if below else "above"
    n = sum((v < bar) if below else (v > bar) for v in values)
    wrong = n + 1 if n < 5 else n - 1
    if rng.random() < 0.5:
        text = "{n} of the 6 regions had 2024 revenue " + word + " ${b:,}."
    else:
        text = "In 2024, revenue was " + word + " ${b:,} in {n} of the 6 regions."
    return [
        ("count_own_bar", True, text.format(n=n, b=bar), rows, None),
        ("count_own_bar_wrong", False, text.format(n=wrong, b=bar), rows, None),
    ]


def move_against_order(rng: random.Random) -> list[Raw]:
    """A row's move between two years stated with its own movement word (true) or the other
    one (wrong), in one of three word orders."""
    names = rng.sample(REGIONS, 3)
    rows: list[dict[str, Any]] = []
    for name in names:
        a = rng.randint(150, 900) * 10_000
        b = a + rng.choice((-1, 1)) * rng.randint(5, 60) * 10_000
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": b})
    row = rows[0]
    a, b = row["revenue_2023"], row["revenue_2024"]
    up = b > a
    shape = rng.randrange(3)
    if shape == 0:
        text = f"{names[0]}'s revenue {{w}} to ${b:,} in 2024 from ${a:,} in 2023."
        words = ("rose", "fell")
    elif shape == 1:
        text = f"{names[0]}'s revenue {{w}} from ${a:,} in 2023 to ${b:,} in 2024."
        words = ("increased", "declined")
    else:
        text = f"{names[0]}'s revenue was ${b:,} in 2024, {{w}} from ${a:,} in 2023."
        words = ("up", "down")
    right, other = words if up else words[::-1]
    return [
        ("move_against_order", True, text.format(w=right), rows, None),
        ("move_against_order_wrong", False, text.format(w=other), rows, None),
    ]


def rank_against_column(rng: random.Random) -> list[Raw]:
    """The row with a column's extreme called so with its cell (true), and another row called
    so with its own cell (wrong)."""
    names = rng.sample(REGIONS, 5)
    values = rng.sample(range(150, 900), 5)
    rows: list[dict[str, Any]] = [
        {"region": n, "revenue_2024": v * 10_000} for n, v in zip(names, values, strict=True)
    ]
    high = rng.random() < 0.5
    ranked = sorted(rows, key=lambda r: r["revenue_2024"], reverse=high)
    best, other = ranked[0], ranked[rng.randint(1, 4)]
    word = "highest" if high else "lowest"
    text = "{r} had the " + word + " 2024 revenue at ${v:,}."
    return [
        (
            "rank_against_column",
            True,
            text.format(r=best["region"], v=best["revenue_2024"]),
            rows,
            None,
        ),
        (
            "rank_against_column_wrong",
            False,
            text.format(r=other["region"], v=other["revenue_2024"]),
            rows,
            None,
        ),
    ]


SENTENCE_CLASSES_LEAD14: tuple[Callable[[random.Random], list[Raw]], ...] = (
    count_own_bar,
    move_against_order,
    rank_against_column,
)
