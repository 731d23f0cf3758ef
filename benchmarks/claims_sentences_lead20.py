"""Labelled answers for the lead's class of sentence of round 20, for ``claims_cases.py`` (and so
``trace_vs_figured.py``): one true and two wrong categories, from seeded random tables
(fictional).

- ``period_first_key``: a result set in the order a ``GROUP BY month, region`` query returns it
  (``month, region, revenue``; the month written as "2024-03", "Mar 2024" or "March 2024") and
  "Iberia's revenue was $X in March 2024." with X Iberia's March cell (true), Iberia's cell of
  another month (``_wrong_month``) or another region's March cell (``_wrong_region``). Before
  round 20 the month column labelled the rows and both wrong ones passed
  (``sources.rows_key``).

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[1] for c in period_first_key(random.Random(3))]
[True, False, False]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw
from claims_sentences_lead19 import _NAMES, _month

__all__ = ["SENTENCE_CLASSES_LEAD20", "period_first_key"]


def period_first_key(rng: random.Random) -> list[Raw]:
    """Two or three regions over three to six months, month first; a region's figure in its
    month (true), in another month (wrong) or another region's figure of that month (wrong)."""
    names = rng.sample(REGIONS, rng.randint(2, 3))
    months = rng.randint(3, 6)
    style = (0, 2, 3)[rng.randrange(3)]  # ISO, 'Mar 2024', 'March 2024' (lead19's styles)
    levels = [v * 1_000 for v in rng.sample(range(100, 999), len(names) * months)]
    rows: list[dict[str, Any]] = [
        {"month": _month(m + 1, style), "region": n, "revenue": levels[k * months + m]}
        for m in range(months)
        for k, n in enumerate(names)
    ]
    k, j = rng.sample(range(len(names)), 2)
    said, other = rng.sample(range(months), 2)
    word = _NAMES.split()[said]
    text = "{n}'s revenue was ${v:,} in {w} 2024."
    return [
        ("period_first_key", True, text.format(n=names[k], v=levels[k * months + said], w=word),
         rows, None),
        ("period_first_key_wrong_month", False,
         text.format(n=names[k], v=levels[k * months + other], w=word), rows, None),
        ("period_first_key_wrong_region", False,
         text.format(n=names[k], v=levels[j * months + said], w=word), rows, None),
    ]  # fmt: skip


SENTENCE_CLASSES_LEAD20: tuple[Callable[[random.Random], list[Raw]], ...] = (period_first_key,)
