"""The agent's prose is read in time linear in its text, and as the plain reading reads it
(round 13, hostile13).

- ``agents._written_ids._prose_ids(text, shortest)`` skips, inside the pattern, the runs too short
  to hold an identifier prose checks, and reads a run it has already read from its memo: its
  tokens equal the backtracking pattern's (the slow path, kept in ``test_agent_readers``) with
  the length test applied after;
- ``check_prose`` (which uses both, and makes the finding of a repeated value once) gives the
  checks and findings the slow path gives, on texts dense in repeated and short identifiers;
- an assistant message of 1 MB of a link's segments ("a1/b2&...") took ~1 s, 15 times a user
  message of the same text: each two-character segment went through the Python loop. Now no
  such segment does, a repeated identifier is read once, and the time grows linearly.

Each fast path is also broken on purpose, and the same comparison finds it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from cpu_time import best_cpu
from crossfoot.agents import RunMonitor
from crossfoot.agents import _written as written
from crossfoot.agents import _written_ids as written_ids
from crossfoot.agents._context import ContextStore
from strategies import texts_over

_SETTINGS = settings(
    max_examples=300, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)
_FIND = settings(max_examples=2_000, database=None, suppress_health_check=list(HealthCheck))
# The pattern the linear reader replaced (as in tests/agents/test_agent_readers.py).
OLD_PROSE_ID = re.compile(
    r"(?<![\w@.])#?[A-Za-z][\w-]*\d[\w-]*|(?<![\w@.#$,])\d[\w-]*[A-Za-z][\w-]*"
)
# Pieces that make short runs, runs just at the length bound, repeats, and each character the
# starts look behind at ("#", "@", ".", "$", ",", "-", "_").
_PIECES = ["a1", "ab12", "#ab1", "ORD-8821", "x9", "-", "_", " ", "/", "#", "@", ".", "$", ",", "é"]
_TEXTS = texts_over(_PIECES, 24)


def _slow_ids(text: str, shortest: int = 1) -> list[tuple[int, str]]:
    return [
        (m.start(), m[0]) for m in OLD_PROSE_ID.finditer(text) if len(m[0].rstrip("-_")) >= shortest
    ]


@contextmanager
def _slow_path() -> Iterator[None]:
    """check_prose reading every token with the backtracking pattern, and keeping no memo."""
    saved = written._prose_ids, written._RUNS_KEPT
    written._prose_ids, written._RUNS_KEPT = _slow_ids, 0  # type: ignore[assignment]
    try:
        yield
    finally:
        written._prose_ids, written._RUNS_KEPT = saved


def _store() -> ContextStore:
    store = ContextStore()
    store.add("tool", '{"order": "ORD-8821", "ref": "ab12", "total": 1200.0}', tool="get_order")
    return store


def _prose(text: str) -> tuple[Any, Any]:
    computed: dict[Decimal, str] = {}
    return written.check_prose(_store(), computed, text, 2)


# --- _prose_ids ------------------------------------------------------------------------------


@_SETTINGS
@given(text=_TEXTS, shortest=st.integers(1, 7))
def test_prose_ids_are_the_slow_matches_of_their_length(text: str, shortest: int) -> None:
    assert list(written._prose_ids(text, shortest)) == _slow_ids(text, shortest)


def _ids_agree(text: str) -> bool:
    return list(written._prose_ids(text, 5)) == _slow_ids(text, 5)


def test_a_run_filter_one_character_too_strict_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # Runs of four characters hold identifiers of five with a "#" before them.
    strict = re.compile(written_ids._ID_RUN_4.pattern.replace("{4}", "{5}"))
    monkeypatch.setattr(written_ids, "_ID_RUN_4", strict)
    find(_TEXTS, lambda t: not _ids_agree(t), settings=_FIND)


def test_a_memo_keyed_on_the_run_alone_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # What a run yields depends on the two characters before it ("@ab12" vs " ab12", "#ab12").
    run_id = written_ids._run_id
    memo: dict[str, tuple[int, str] | None] = {}

    def keyed_on_the_run(text: str, begin: int, stop: int, shortest: int) -> Any:
        key = text[begin:stop]
        if key not in memo:
            memo[key] = run_id(text, begin, stop, shortest)
        return memo[key]

    def agrees(text: str) -> bool:
        memo.clear()
        return _ids_agree(text)

    monkeypatch.setattr(written_ids, "_run_id", keyed_on_the_run)
    find(_TEXTS, lambda t: not agrees(t), settings=_FIND)


# --- check_prose -----------------------------------------------------------------------------


@_SETTINGS
@given(text=texts_over([*_PIECES, " $1,200.00 ", " 88213 ", " a@b.example "], 24))
def test_prose_checks_are_the_slow_paths(text: str) -> None:
    fast = _prose(text)
    with _slow_path():
        slow = _prose(text)
    assert fast == slow


def test_a_repeated_value_is_read_once_and_its_finding_made_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    run_id = written_ids._run_id

    def counted(text: str, begin: int, stop: int, shortest: int) -> Any:
        calls.append(begin)
        return run_id(text, begin, stop, shortest)

    monkeypatch.setattr(written_ids, "_run_id", counted)
    text = "Order ORD-9921 again, " * 2_000 + "https://e.example/" + "a1/b2&" * 2_000
    checks, findings = _prose(text)
    assert len(calls) == 1  # the order id once; no two-character segment of the link at all
    assert len(checks) == 2_000 and len(findings) == 2_000
    assert len({id(f) for f in findings}) == 1
    assert findings[0].message == "assistant wrote ORD-9921, which is not in context"


# --- linear at small sizes -------------------------------------------------------------------


@pytest.mark.parametrize(
    "unit",
    [
        "a1/b2&",  # a link's segments
        "ab12c/",  # identifiers of five, each read by the Python loop
        "ORD-88213 $1,200.00 2024-06-30 ",  # one id, amount and date repeated
        "K%06dx ",  # distinct identifiers, past the cap of checked values
    ],
)
def test_an_assistant_message_grows_linearly(unit: str) -> None:
    # 64 KB and 256 KB: 4x the text must not take more than 8x the time (linear is 4x).
    def run(n: int) -> Callable[[], object]:
        if "%" in unit:
            text = "".join(unit % i for i in range(n // len(unit % 0)))
        else:
            text = unit * (n // len(unit))

        def go() -> None:
            m = RunMonitor()
            m.tool_result("quote", "12.5")
            m.assistant(text)

        return go

    small, large = best_cpu(run(64_000), 3), best_cpu(run(256_000), 3)
    assert large < 8 * small, (small, large)
