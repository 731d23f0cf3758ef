"""``crossfoot.batch``: many items on several processes, in order, with flat memory."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from batch_sample import corpus_items, direct, vector_cases
from crossfoot import batch
from crossfoot.batch import Invalid, ItemResult, check_many, map_in_order

CASES = vector_cases()


def _assert_expected(result: ItemResult, expect: dict[str, Any]) -> None:
    if "error" in expect:
        assert result.error is not None and expect["error"] in result.error, result.error
        assert result.passed is False and result.score is None  # fail closed
        return
    assert result.error is None, result.error
    assert result.passed is expect["passed"]
    assert result.ungrounded == expect["ungrounded"]
    if "statuses" in expect:
        assert result.statuses == expect["statuses"]


@pytest.mark.parametrize("workers", [1, 2])
def test_vectors_in_order_on_one_and_two_processes(workers: int) -> None:
    results = list(check_many([c["item"] for c in CASES], workers=workers, chunk_size=3))
    assert [r.index for r in results] == list(range(len(CASES)))
    for case, result in zip(CASES, results, strict=True):
        _assert_expected(result, case["expect"])


def test_two_processes_equal_direct_calls_on_every_corpus() -> None:
    items = corpus_items(per_corpus=5) + [c["item"] for c in CASES if "error" not in c["expect"]]
    results = list(check_many(items, workers=2, chunk_size=4))
    assert len(results) == len(items)
    for item, result in zip(items, results, strict=True):
        assert result.name == item["name"]
        assert result.report == direct(item), item["name"]


def test_input_is_read_lazily() -> None:
    pulled = 0

    def endless() -> Iterator[dict[str, Any]]:
        nonlocal pulled
        for i in itertools.count():
            pulled += 1
            yield {"output": f"We sold {i} units.", "sources": [f"{i} units were sold."]}

    results = check_many(endless(), workers=2, chunk_size=4)
    first = list(itertools.islice(results, 40))
    results.close()  # stops the pool; must not hang on the endless input
    assert all(r.passed for r in first) and [r.index for r in first] == list(range(40))
    # 40 read, plus at most the chunks in flight (four per worker) and the one being formed
    assert pulled <= 40 + 4 * (4 * 2 + 2)


def test_equal_sources_share_one_checker_and_content_decides() -> None:
    batch._CHECKERS.clear()
    shared = ["Acme sold 12 units in 2023 and 15 units in 2024."]
    items = [{"output": "Acme sold 12 units.", "sources": shared} for _ in range(20)]
    items += [{"output": "Acme sold 12 units.", "sources": list(shared)} for _ in range(5)]
    assert all(r.passed for r in check_many(items, workers=1))
    assert len(batch._CHECKERS) == 1  # 25 answers, one index
    # The key is the content, not the object: a list changed in place is indexed anew.
    mutable = ["Acme sold 12 units."]
    first = next(check_many([{"output": "Acme sold 12 units.", "sources": mutable}], workers=1))
    mutable[0] = "Acme sold 20 units."
    second = next(check_many([{"output": "Acme sold 12 units.", "sources": mutable}], workers=1))
    assert (first.passed, second.passed) == (True, False)
    assert len(batch._CHECKERS) == 3


def test_options_apply_under_each_items_own() -> None:
    src = [{"id": "R1", "fields": {"revenue": 3_214_000_000}}]
    items = [
        {"output": "Revenue reached $3.2bn [R1].", "sources": src},
        {
            "output": "Revenue reached $3.2bn [R1].",
            "sources": src,
            "options": {"allow_rounding": True},
        },
    ]
    strict = list(check_many(items, workers=1, allow_rounding=False))
    assert [r.passed for r in strict] == [False, True]


def test_rows_that_are_not_json_are_checked_without_sharing() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"region": ["Europe", "Americas"], "stores": [52, 61]})
    items = [
        {"output": "Europe has 52 stores.", "rows": frame},
        {"output": "Europe has 61 stores.", "rows": frame},
    ]
    assert [r.passed for r in check_many(items, workers=1)] == [True, False]


def test_invalid_keeps_its_place_and_numbering_starts_where_asked() -> None:
    items: list[Any] = [
        {"output": "We sold 12 units.", "sources": ["12 units sold."]},
        Invalid("line 9: not valid JSON", name="line 9"),
        {"output": "We sold 13 units.", "sources": ["12 units sold."]},
    ]
    results = list(check_many(items, workers=1, start=7))
    assert [(r.index, r.name, r.passed, r.error) for r in results] == [
        (7, None, True, None),
        (8, "line 9", False, "line 9: not valid JSON"),
        (9, None, False, None),
    ]
    assert results[2].to_dict(report=False) == {
        "index": 9,
        "name": None,
        "passed": False,
        "score": 0.0,
        "ungrounded": ["13"],
        "statuses": ["unsupported"],
        "error": None,
    }


@pytest.mark.parametrize(("workers", "chunk_size"), [(0, 4), (2, 0)])
def test_bad_settings_are_errors(workers: int, chunk_size: int) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        list(map_in_order(abs, [1], workers=workers, chunk_size=chunk_size))


@settings(max_examples=25)  # each two-process example starts a pool
@given(
    st.lists(st.integers(), max_size=60),
    st.integers(min_value=1, max_value=9),
    st.sampled_from([1, 2]),
)
def test_map_in_order_is_map(values: list[int], chunk_size: int, workers: int) -> None:
    got = list(map_in_order(abs, values, workers=workers, chunk_size=chunk_size))
    assert got == [abs(v) for v in values]


def _pid(_: object) -> int:
    return os.getpid()


@pytest.mark.skipif(batch.default_workers() < 2, reason="needs two CPUs")
def test_the_default_count_starts_a_pool_only_for_a_larger_input() -> None:
    small = set(map_in_order(_pid, range(batch.AUTO_POOL_MIN), chunk_size=8))
    assert small == {os.getpid()}  # in this process: a pool would cost more than it saves
    large = set(map_in_order(_pid, range(batch.AUTO_POOL_MIN + 1), chunk_size=8))
    assert os.getpid() not in large and len(large) >= 1
    explicit = set(map_in_order(_pid, range(20), workers=2, chunk_size=8))
    assert os.getpid() not in explicit  # asked for two processes: more than one chunk gets them


@pytest.mark.parametrize(
    ("items", "workers", "chunk_size"),
    [(5, 2, 8), (8, 2, 8), (9, 2, 8), (20, 1, 4), (20, 2, 4), (batch.AUTO_POOL_MIN, None, 8)],
)
def test_workers_for_says_what_map_in_order_does(
    items: int, workers: int | None, chunk_size: int
) -> None:
    # The CLI prints workers_for's count on its closing line: it must be the count that ran.
    pids = set(map_in_order(_pid, range(items), workers=workers, chunk_size=chunk_size))
    in_process = pids == {os.getpid()}
    assert (batch.workers_for(items, workers, chunk_size) == 1) == in_process


def test_a_process_running_threads_spawns_its_workers() -> None:
    # Forking a process that runs threads can copy a held lock: batch spawns clean workers then.
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        assert batch._context().get_start_method() == "spawn"
        results = list(check_many([c["item"] for c in CASES], workers=2, chunk_size=4))
    finally:
        stop.set()
        other.join()
    for case, result in zip(CASES, results, strict=True):
        _assert_expected(result, case["expect"])
    # a fresh single-threaded process forks on Linux
    code = "from crossfoot.batch import _context; print(_context().get_start_method())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ("fork" if sys.platform.startswith("linux") else "spawn")


_CTRL_C_STORM = """
import os, signal, threading
from crossfoot.batch import map_in_order

held = []
signal.signal(signal.SIGINT, lambda *_: held.append(1))  # this process counts them and goes on
stop = threading.Event()

def storm():
    while not stop.wait(0.002):
        os.killpg(0, signal.SIGINT)  # as a terminal sends Ctrl-C: to every process of the group

threading.Thread(target=storm, daemon=True).start()  # a thread: the workers are spawned
try:
    out = list(map_in_order(abs, range(-400, 0), workers=2, chunk_size=10))
finally:
    stop.set()
print(out == list(range(400, 0, -1)), len(held) > 0)
"""


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
def test_ctrl_c_while_workers_start_neither_kills_nor_hangs_them() -> None:
    # A worker that got Ctrl-C before it came to ignore it died mid-start, and the pool waited for
    # it for ever (the CLI's Ctrl-C test hung on a loaded machine). Workers start with it held.
    proc = subprocess.Popen(
        [sys.executable, "-c", _CTRL_C_STORM],
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        pytest.fail("the pool hung after Ctrl-C reached a starting worker")
    assert proc.returncode == 0, err
    assert out.split() == ["True", "True"], err
    assert "KeyboardInterrupt" not in err
