"""The derivation rules read a claim's direction wording only once something matched.

``claim_direction`` (the direction words around the number) is the costliest per-claim step of
the derivation rules, and most claims match nothing: rowsums, steps, derive and multi read it
lazily, only to judge a derivation that matched. These tests trace answers whose figures are
totals, means, gaps and changes of a small table, worded with and without growth words, once as
is and once with every derivation rule made to read the wording first (the eager order): every
verdict must be the same.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot.engine as engine
from crossfoot.front.trace import trace
from crossfoot.rules import ClaimContext, Rule, Verdict, rules
from crossfoot.rules._derive_shared import claim_direction

_LEADS = ["", "rose to ", "fell to ", "grew ", "was down ", "increased by ", "declined ", "was "]
_TAILS = ["", " higher", " lower", " more", " in total", " combined", " on average"]


def _eager(rule: Rule) -> Rule:
    def run(ctx: ClaimContext) -> Verdict | None:
        if rule.__module__.rsplit(".", 1)[-1] in ("rowsums", "steps", "derive", "multi"):
            claim_direction(ctx)  # the wording read before the rule runs, as it used to be
        return rule(ctx)

    run.__module__ = rule.__module__  # the engine picks its cross-record rules by module
    return run


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    a, b = rng.sample(range(len(rows)), 2)
    col = rng.choice(["revenue", "orders", "visits"])
    x, y = rows[a][col], rows[b][col]
    total = sum(r[col] for r in rows)
    figures = [
        f"{x + y:,}",
        f"{abs(y - x):,}",
        f"{total:,}",
        f"{total / len(rows):,.1f}",
        f"{(y - x) / x * 100:.1f}%",
        f"{x / total * 100:.1f}%",
        f"{rng.randint(100, 10**6):,}",
        # Three cells of one column or one row: only multi sums those.
        f"{sum(r[col] for r in rows[:3]):,}",
        f"{sum(v for k, v in rows[a].items() if k != 'name'):,}",
    ]
    parts = [f"{rows[a]['name']} had {x:,} {col} and {rows[b]['name']} had {y:,}."]
    for fig in rng.sample(figures, 4):
        parts.append(f"The {col} {rng.choice(_LEADS)}{fig}{rng.choice(_TAILS)}.")
    return " ".join(parts)


def _verdicts(text: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    claims: list[dict[str, Any]] = trace(text, rows).to_dict()["claims"]
    return claims


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 6))
def test_lazy_direction_gives_the_eager_verdicts(seed: int, n: int) -> None:
    rng = random.Random(seed)
    rows = [
        {
            "name": f"item {i + 1}",
            **{c: rng.randint(100, 20000) for c in ("revenue", "orders", "visits")},
        }
        for i in range(n)
    ]
    text = _answer(rng, rows)
    lazy = _verdicts(text, rows)
    wrapped = tuple(_eager(r) for r in rules())
    saved = engine.rules
    engine.rules = lambda: wrapped  # type: ignore[assignment]
    try:
        eager = _verdicts(text, rows)
    finally:
        engine.rules = saved  # type: ignore[assignment]
    assert lazy == eager, text
