"""The re-run pair of round 30 (issue 19, speed40) against the runs it saves.

``rules._rerun.run_pair``: ``engine.rerun`` with ``direct=False`` right after the same figure,
filter and claims were run with ``direct=True`` gives that run's verdict when ``direct_match``
found nothing there and held no wrong-row verdict. The unit cases pin each branch (a direct
verdict, a held verdict, another key, a slot another run consumed: the second run is made);
answers whose final figure is of another row than the question names (so ``_refit`` runs both)
give the same report with the shortcut as without it, and the shortcut is taken on them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.rules import _rerun
from crossfoot.rules._rerun import run_pair
from crossfoot.rules.direct import _DEFERRED
from strategies import two_year_table


class _Ctx:
    def __init__(self) -> None:
        self.notes: dict[str, object] = {}


def _rules(direct: object, rest: object, calls: list[str]) -> tuple[Any, ...]:
    def direct_match(ctx: _Ctx) -> object:
        calls.append("direct")
        if direct == "hold":
            ctx.notes[_DEFERRED] = "held"
            return None
        return direct

    def two_operand(ctx: _Ctx) -> object:
        calls.append("derive")
        return rest

    return (direct_match, two_operand)


def _run(rules: tuple[Any, ...], ctx: Any) -> Any:
    return next((v for r in rules if (v := r(ctx)) is not None), None)


def _pair(direct: object, rest: object, keys: tuple[Any, Any] = ((1,), (1,))) -> list[str]:
    calls: list[str] = []
    both = _rules(direct, rest, calls)
    store: dict[str, object] = {}
    first = run_pair(store, keys[0], True, both, _Ctx(), _run)  # type: ignore[arg-type]
    second = run_pair(store, keys[1], False, both[1:], _Ctx(), _run)  # type: ignore[arg-type]
    assert first == (direct if direct not in (None, "hold") else rest)
    assert second == rest
    return calls


def test_the_second_run_is_saved_when_direct_match_found_nothing() -> None:
    assert _pair(None, "derived") == ["direct", "derive"]
    assert _pair(None, None) == ["direct", "derive"]


def test_the_second_run_is_made_otherwise() -> None:
    assert _pair("direct verdict", None) == ["direct", "derive"]
    assert _pair("direct verdict", "derived") == ["direct", "derive"]
    assert _pair("hold", None) == ["direct", "derive", "derive"]  # (a held wrong-row verdict)
    assert _pair(None, "derived", ((1,), (2,))) == ["direct", "derive", "derive"]


def test_a_slot_serves_the_next_run_only() -> None:
    calls: list[str] = []
    both = _rules(None, "derived", calls)
    store: dict[str, object] = {}
    run_pair(store, (1,), True, both, _Ctx(), _run)  # type: ignore[arg-type]
    run_pair(store, (2,), True, both, _Ctx(), _run)  # type: ignore[arg-type]
    assert run_pair(store, (1,), False, both[1:], _Ctx(), _run) == "derived"  # type: ignore[arg-type]
    assert calls == ["direct", "derive", "direct", "derive", "derive"]


# ------------------------------------------------------------------ reports with and without


@contextmanager
def _counted() -> Iterator[list[int]]:
    """The shortcut taken, counted (a second run answered from the slot)."""
    taken = [0]
    plain = _rerun.run_pair

    def spy(store: Any, key: Any, direct: bool, rules: Any, again: Any, run: Any) -> Any:
        slot = store.get(_rerun._SLOT)
        if not direct and isinstance(slot, tuple) and slot[0] == key:
            taken[0] += 1
        return plain(store, key, direct, rules, again, run)

    with patch("crossfoot.engine.run_pair", spy):
        yield taken


@contextmanager
def _never() -> Iterator[None]:
    """Every second run made."""
    plain = _rerun.run_pair

    def always(store: Any, key: Any, direct: bool, rules: Any, again: Any, run: Any) -> Any:
        store.pop(_rerun._SLOT, None)
        return plain(store, key, direct, rules, again, run) if direct else run(rules, again)

    with patch("crossfoot.engine.run_pair", always):
        yield


def _reports(answer: str, sources: list[str], question: str) -> tuple[Any, Any, int]:
    with _counted() as taken:
        short = check(answer, sources, question=question).to_dict()
    with _never():
        plain = check(answer, sources, question=question).to_dict()
    return short, plain, taken[0]


_TWINS = [
    # the change of another row than the question names: judged again, nothing fits
    ("The change is $50 million.", "What was the change in Revenue from 2018 to 2019?"),
    ("Revenue grew by $50 million.", "What was the change in Revenue from 2018 to 2019?"),
    # the row the question names: fits at once
    ("The change is $100 million.", "What was the change in Revenue from 2018 to 2019?"),
    # a level of another row given for the asked one
    ("Revenue in 2019 was $300 million.", "What was the Revenue in 2019?"),
]


def test_refits_report_the_same_with_the_shortcut() -> None:
    rows = {"Revenue": (Decimal(500), Decimal(400)), "Cost of sales": (Decimal(300), Decimal(250))}
    taken = 0
    for layout in ("markdown", "pipes", "tabs"):
        sources = [two_year_table(rows, layout)]
        for answer, question in _TWINS:
            short, plain, n = _reports(answer, sources, question)
            assert short == plain, (layout, answer)
            taken += n
    assert taken > 0  # the shortcut is taken on these refits


_VALUES = st.integers(1, 9_000).map(Decimal)


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(_VALUES, _VALUES, _VALUES, _VALUES),
    st.sampled_from(["markdown", "pipes", "tabs"]),
    st.sampled_from(["change", "other", "level", "sum"]),
)
def test_reports_are_the_same_with_and_without_the_shortcut(
    values: tuple[Decimal, Decimal, Decimal, Decimal], layout: str, said: str
) -> None:
    a, b, c, d = values
    rows = {"Revenue": (a, b), "Cost of sales": (c, d)}
    figure = {"change": a - b, "other": c - d, "level": c, "sum": c + d}[said]
    answer = f"Explanation: the figures are given. Answer: ${figure:,} million."
    question = "What was the change in Revenue from 2018 to 2019?"
    short, plain, _ = _reports(answer, [two_year_table(rows, layout)], question)
    assert short == plain
