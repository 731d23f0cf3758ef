"""Labelled answers for the lead's class of sentence of round 15, for ``claims_cases.py`` (and so
``trace_vs_figured.py``): one true and one wrong category, from seeded random tables
(fictional).

- ``multiple_in_words``: "Iberia's revenue tripled from $A in 2023 to $B in 2024." (or with no
  figure, "... roughly tripled from 2023 to 2024", or one, "... tripled to $B in 2024 from
  2023") where the row's ratio B / A is near the word's factor (true), and the same sentence
  with another word whose window the ratio misses (wrong: each figure is a right cell, the
  multiple is not, rules.multiples). Before round 15 no such word was a claim.

- ``bar_over_named_rows``: "Only Iberia and Nordic had 2024 revenue above $X." (or "Both ...",
  "Neither ... nor ...") where the sentence holds of the rows (true), and the same sentence
  over rows it does not hold for (wrong: the bar lies between the named rows' cells and the
  others', rules.row_bars). Before round 15 the bar was matched as a figure of the data: a
  right one failed unless it equalled some cell.

- ``count_of_moves``: "Revenue fell in 2 of the 5 regions from 2023 to 2024." (or "Two regions
  saw revenue decline in 2024.") with the number of rows that moved that way (true) or one off
  (wrong, rules.moved_counts). Before round 15 such a count in words was no claim and in digits
  failed as unsupported.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in multiple_in_words(random.Random(3))]
[('multiple_in_words', True), ('multiple_in_words_wrong', False)]
>>> [c[:2] for c in bar_over_named_rows(random.Random(3))]
[('bar_over_named_rows', True), ('bar_over_named_rows_wrong', False)]
>>> [c[:2] for c in count_of_moves(random.Random(3))]
[('count_of_moves', True), ('count_of_moves_wrong', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = [
    "SENTENCE_CLASSES_LEAD15",
    "bar_over_named_rows",
    "count_of_moves",
    "multiple_in_words",
]

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five")

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


def bar_over_named_rows(rng: random.Random) -> list[Raw]:
    """Five rows; a round bar between the k-th and (k+1)-th largest cells; the sentence names
    the rows above it (true) or others (wrong), with "only", "both" or "neither"."""
    names = rng.sample(REGIONS, 5)
    values = sorted(rng.sample(range(150, 900), 5), reverse=True)
    rows: list[dict[str, Any]] = [
        {"region": n, "revenue_2024": v * 10_000} for n, v in zip(names, values, strict=True)
    ]
    word = rng.choice(("only", "both", "neither"))
    k = 2 if word == "both" else rng.randint(1, 2)
    bar = (values[k - 1] + values[k]) // 2 * 10_000
    above, below = names[:k], names[k:]
    if word == "only":
        right, wrong = above, [*above[:-1], below[0]]
        text = "Only {r} had 2024 revenue above ${b:,}."
    elif word == "both":
        right, wrong = above, [above[0], below[0]]
        text = "Both {r} had 2024 revenue above ${b:,}."
    else:
        right, wrong = below[:2], [below[0], above[0]]
        text = "Neither {r} had 2024 revenue above ${b:,}."
    joint = " nor " if word == "neither" else " and "
    return [
        ("bar_over_named_rows", True, text.format(r=joint.join(right), b=bar), rows, None),
        ("bar_over_named_rows_wrong", False, text.format(r=joint.join(wrong), b=bar), rows, None),
    ]


def count_of_moves(rng: random.Random) -> list[Raw]:
    """Five rows with a 2023 and a 2024 cell each; the number that rose (or fell) stated right
    (true) or one off (wrong), in digits with "of the 5" or in words."""
    names = rng.sample(REGIONS, 5)
    rows: list[dict[str, Any]] = []
    for name in names:
        a = rng.randint(150, 900) * 10_000
        b = a + rng.choice((-1, 1)) * rng.randint(5, 60) * 10_000
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": b})
    up = rng.random() < 0.5
    n = sum((r["revenue_2024"] > r["revenue_2023"]) == up for r in rows)
    wrong = n + 1 if n < 5 else n - 1
    if rng.random() < 0.5:
        word = "rose" if up else "fell"
        text = "Revenue " + word + " in {n} of the 5 regions from 2023 to 2024."
        right_text, wrong_text = text.format(n=n), text.format(n=wrong)
    else:
        word = "growth" if up else "a decline"
        text = "{n} regions saw " + word + " in revenue in 2024."
        right_text = text.format(n=_NUMBER_WORDS[n].capitalize())
        wrong_text = text.format(n=_NUMBER_WORDS[wrong].capitalize())
        if n in (0, 1) or wrong in (0, 1):  # ("No regions", "One regions": not English)
            right_text = f"Revenue {'rose' if up else 'fell'} in {n} of the 5 regions in 2024."
            wrong_text = f"Revenue {'rose' if up else 'fell'} in {wrong} of the 5 regions in 2024."
    return [
        ("count_of_moves", True, right_text, rows, None),
        ("count_of_moves_wrong", False, wrong_text, rows, None),
    ]


SENTENCE_CLASSES_LEAD15: tuple[Callable[[random.Random], list[Raw]], ...] = (
    multiple_in_words,
    bar_over_named_rows,
    count_of_moves,
)
