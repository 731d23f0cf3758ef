"""Labelled answers for classes of sentence of issue 15's tenth pass (failopen10), for
``claims_cases.py`` (and so ``trace_vs_figured.py``): one true and one wrong category per class,
from seeded random tables (fictional).

- ``signed_change``: "Iberia's revenue changed by -$420,000 from 2023 to 2024." for a row whose
  revenue fell, or by "$420,000" for one whose revenue rose (true); "changed by $420,000" for the
  row that fell (wrong: a change written positive with no word of a fall says it rose).

- ``result_first``: "The change is 31, (222 - 191)." (true: the result written before the
  calculation that gives it, its operands grounded after it), and the same with a result the
  calculation does not give (wrong).

The other two classes of failopen10 (a prose figure of the wrong year, the level a change
reached quoted as the change) are about running text, which ``trace``'s query rows do not have:
they are measured by ``tests/vectors/failopen10.json`` only.

A case is ``(category, truth, text, rows, question)`` as in ``claims_cases``.

>>> import random
>>> [c[:2] for c in signed_change(random.Random(3))]
[('signed_change', True), ('signed_change_dropped', False)]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import REGIONS, Raw

__all__ = ["SENTENCE_CLASSES10B", "result_first", "signed_change"]


def _rows(rng: random.Random) -> list[dict[str, Any]]:
    """Four regions with revenue in 2023 and 2024 (round to $10,000), at least one falling and
    one rising (else none: the caller's draw yields no case)."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900) * 10_000
        b = int(a * rng.uniform(0.7, 1.3)) // 10_000 * 10_000
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": b})
    return rows


def _moves(rows: list[dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    down = min(rows, key=lambda r: r["revenue_2024"] - r["revenue_2023"])
    up = max(rows, key=lambda r: r["revenue_2024"] - r["revenue_2023"])
    if down["revenue_2024"] >= down["revenue_2023"] or up["revenue_2024"] <= up["revenue_2023"]:
        return None
    return down, up


def signed_change(rng: random.Random) -> list[Raw]:
    """A change named "changed by" with its sign (true) and with the sign of a fall dropped."""
    rows = _rows(rng)
    moved = _moves(rows)
    if moved is None:
        return []
    down, up = moved
    fall = down["revenue_2023"] - down["revenue_2024"]
    text = "{r}'s revenue changed by {v} from 2023 to 2024."
    if rng.random() < 0.5:
        right = text.format(r=down["region"], v=f"-${fall:,}")
    else:
        rise = up["revenue_2024"] - up["revenue_2023"]
        right = text.format(r=up["region"], v=f"${rise:,}")
    wrong = text.format(r=down["region"], v=f"${fall:,}")
    return [("signed_change", True, right, rows, None),
            ("signed_change_dropped", False, wrong, rows, None)]  # fmt: skip


def result_first(rng: random.Random) -> list[Raw]:
    """A change of two digits written before the subtraction that gives it, over a row that rose
    (in $ thousands: a figure of two digits is derived only from rows the sentence names, so it
    is credited by its calculation alone); the wrong twin's result is off by 3 to 9."""
    rows = []
    for name in rng.sample(REGIONS, 4):
        a = rng.randint(150, 900)
        rows.append({"region": name, "revenue_2023": a, "revenue_2024": a + rng.randint(-90, 90)})
    up = rng.choice(rows)
    up["revenue_2024"] = up["revenue_2023"] + rng.randint(12, 95)
    old, new = up["revenue_2023"], up["revenue_2024"]
    rise = new - old
    off = rise + rng.choice([-1, 1]) * rng.randint(3, 9)
    text = "The change is {v:,}, ({n:,} - {o:,})."
    right, wrong = text.format(v=rise, n=new, o=old), text.format(v=off, n=new, o=old)
    return [("result_first", True, right, rows, None),
            ("result_first_wrong", False, wrong, rows, None)]  # fmt: skip


SENTENCE_CLASSES10B: tuple[Callable[[random.Random], list[Raw]], ...] = (
    signed_change,
    result_first,
)
