"""Labelled answers for classes of sentence of issue 15's eleventh pass (failopen11), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``column_qualifier``: "Iberia's domestic revenue was $523,000." over rows with a domestic and
  an international revenue column (true), and the same with the international figure (wrong: the
  qualifier names the column); the adjective "European" or "male" meets a column "Europe" or
  "men" the same way (language.rowtables).
- ``opening_year``: "In 2024, Iberia's revenue was $X and its costs were $Y." with both of 2024
  (true), and with the costs of 2023 (wrong: the opening year frames the whole sentence,
  language.order).
- ``fiscal_year_ended``: "Iberia's revenue was $X for the fiscal year ended June 30, 2024." (true)
  and with the 2023 figure (wrong: the period named by the day it ends names its year).

The source-prose side of the year classes (a source sentence opened by its year, sources.prose)
is about running text, which ``trace``'s query rows do not have: ``tests/vectors/failopen11.json``
measures it.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in column_qualifier(random.Random(3))]
[('column_qualifier', True), ('column_qualifier_other', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES_FAILOPEN11", "column_qualifier", "fiscal_year_ended", "opening_year"]

# (the word of the sentence, its column, the other column): noun, adjective and plural forms
_QUALIFIERS = (
    ("domestic", "domestic", "international"),
    ("international", "international", "domestic"),
    ("European", "europe", "americas"),
    ("American", "americas", "europe"),
    ("product", "products", "services"),
    ("service", "services", "products"),
)


def column_qualifier(rng: random.Random) -> list[Raw]:
    """A figure qualified by a word that names one of two columns: its own (true) or the
    other's (wrong)."""
    word, own, other = rng.choice(_QUALIFIERS)
    rows: list[dict[str, Any]] = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 1_000
        b = rng.randint(150, 900) * 1_000
        rows.append({"region": name, own: a, other: b if b != a else a + 7_000})
    row = rng.choice(rows)
    text = "{r}'s {w} revenue was ${v:,}."
    right = text.format(r=row["region"], w=word, v=row[own])
    wrong = text.format(r=row["region"], w=word, v=row[other])
    return [("column_qualifier", True, right, rows, None),
            ("column_qualifier_other", False, wrong, rows, None)]  # fmt: skip


def _yearly(rng: random.Random) -> list[dict[str, Any]]:
    rows = []
    for name in rng.sample(REGIONS, 4):
        row: dict[str, Any] = {"region": name}
        for year in (2023, 2024):
            row[f"revenue_{year}"] = rng.randint(300, 900) * 1_000
            row[f"costs_{year}"] = rng.randint(100, 290) * 1_000
        if row["costs_2023"] == row["costs_2024"]:
            row["costs_2023"] += 3_000
        if row["revenue_2023"] == row["revenue_2024"]:
            row["revenue_2023"] += 5_000
        rows.append(row)
    return rows


def opening_year(rng: random.Random) -> list[Raw]:
    """Two figures under a sentence's opening year: both of that year (true), or the second of
    the other year (wrong)."""
    rows = _yearly(rng)
    row = rng.choice(rows)
    year, other = rng.choice([(2024, 2023), (2023, 2024)])
    text = "In {y}, {r}'s revenue was ${a:,} and its costs were ${b:,}."
    right = text.format(y=year, r=row["region"], a=row[f"revenue_{year}"], b=row[f"costs_{year}"])
    wrong = text.format(y=year, r=row["region"], a=row[f"revenue_{year}"], b=row[f"costs_{other}"])
    return [("opening_year", True, right, rows, None),
            ("opening_year_other", False, wrong, rows, None)]  # fmt: skip


def fiscal_year_ended(rng: random.Random) -> list[Raw]:
    """A figure for "the fiscal year ended June 30, <year>": that year's (true) or the other's."""
    rows = _yearly(rng)
    row = rng.choice(rows)
    year, other = rng.choice([(2024, 2023), (2023, 2024)])
    text = "{r}'s revenue was ${v:,} for the fiscal year ended June 30, {y}."
    right = text.format(r=row["region"], v=row[f"revenue_{year}"], y=year)
    wrong = text.format(r=row["region"], v=row[f"revenue_{other}"], y=year)
    return [("fiscal_year_ended", True, right, rows, None),
            ("fiscal_year_ended_other", False, wrong, rows, None)]  # fmt: skip


SENTENCE_CLASSES_FAILOPEN11: tuple[Callable[[random.Random], list[Raw]], ...] = (
    column_qualifier,
    opening_year,
    fiscal_year_ended,
)
