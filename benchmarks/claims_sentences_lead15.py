"""Labelled answers for the lead's class of sentence of round 15, for ``claims_cases.py`` (and so
``trace_vs_figured.py``): one true and one wrong category, from seeded random tables
(fictional).

- ``multiple_in_words``: "Iberia's revenue tripled from $A in 2023 to $B in 2024." (or with no
  figure, "... roughly tripled from 2023 to 2024", or one, "... tripled to $B in 2024 from
  2023") where the row's ratio B / A is near the word's factor (true), and the same sentence
  with another word whose window the ratio misses (wrong: each figure is a right cell, the
  multiple is not, rules.multiples). Before round 15 no such word was a claim.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in multiple_in_words(random.Random(3))]
[('multiple_in_words', True), ('multiple_in_words_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_LEAD15", "multiple_in_words"]

_WORDS = {"halved": 0.5, "doubled": 2.0, "tripled": 3.0, "quadrupled": 4.0}


def multiple_in_words(rng: random.Random) -> list[Raw]:
    """A row whose level moved by a factor near a word's (true) and another word (wrong), in
    one of three shapes: both figures, one figure and the other year, no figure."""
    names = rng.sample(REGIONS, 3)
    word, other = rng.sample(sorted(_WORDS), 2)
    rows: list[dict[str, Any]] = []
    for name in names:
        a = rng.randint(150, 900) * 10_000
        ratio = _WORDS[word] * rng.uniform(0.95, 1.05)
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": round(a * ratio, -4)})
    a, b = rows[0]["revenue_2023"], rows[0]["revenue_2024"]
    shape = rng.randrange(3)
    if shape == 0:
        text = f"{names[0]}'s revenue {{w}} from ${a:,} in 2023 to ${b:,.0f} in 2024."
    elif shape == 1:
        text = f"{names[0]}'s revenue {{w}} to ${b:,.0f} in 2024 from 2023."
    else:
        text = f"{names[0]}'s revenue roughly {{w}} from 2023 to 2024."
    return [
        ("multiple_in_words", True, text.format(w=word), rows, None),
        ("multiple_in_words_wrong", False, text.format(w=other), rows, None),
    ]


SENTENCE_CLASSES_LEAD15: tuple[Callable[[random.Random], list[Raw]], ...] = (multiple_in_words,)
