"""Hostile input (issue 17): the reproducers of every fault found by trying crossfoot as an
attacker would, each the test that failed before its fix.

Blow-ups are caught with a CPU-time budget (``SIGPROF``, so other processes on a shared machine
do not count) of 10-50 times what the input takes once the work is linear: these guard against a
quadratic or exponential path coming back, they do not measure speed (``benchmarks/
adversarial.py`` does, at 10 KB, 100 KB and 1 MB).
"""

from __future__ import annotations

import contextlib
import json
import signal
import tracemalloc
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from crossfoot import STRICT, CrossfootError, check, trace
from crossfoot.cli import main as cli

R1 = {"id": "R1", "fields": {"revenue_2023": 2_870_000_000, "revenue_2024": 3_214_000_000}}
ROWS = [{"region": "Europe", "year": 2024, "revenue": 5}]


class OverBudget(Exception):
    """The CPU-time budget of a blow-up guard ran out."""


@contextlib.contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise :class:`OverBudget` inside the block once it has used ``seconds`` of CPU time."""

    def expire(signum: int, frame: Any) -> None:
        raise OverBudget(f"more than {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def peak_mb(run: Callable[[], object]) -> float:
    """Peak memory Python allocated while ``run`` ran, in MB."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


# -- time and memory ---------------------------------------------------------------------------


def test_restatements_do_not_copy_each_other() -> None:
    # Each "12%" restates the one before; evidence that copied the previous formula grew as
    # 1 + 2 + ... + n (40 KB of it needed 1.7 GB).
    # (An unsupported figure: each later one restates it.)
    text = "12% " * 2_500
    assert peak_mb(lambda: check(text, [R1])) < 20


def test_a_long_written_sum_is_linear() -> None:
    # 5,000 terms: about 2.2 s of CPU at 0.44 ms a figure (10,000 took 4.4 s, too near the budget
    # on a loaded machine); a quadratic reading is far past it at this size too.
    text = " + ".join(["1"] * 5_000) + " = 5000"
    with cpu_budget(5):
        report = check(text, [R1], max_claims=20_000)
    assert report.checked > 0


def test_many_sentences_are_linear() -> None:
    # Each claim rescanned every earlier mention (_prevsentence): 1 MB did not finish in 120 s.
    # 8,000 sentences (200 KB) take ~2.3 s of CPU: half the budget, so a second pytest worker
    # does not push it over, while a rescan per claim would need minutes.
    text = "Revenue was $3.2bn [R1]. " * 8_000
    with cpu_budget(5):
        report = check(text, [R1], max_claims=20_000)
    assert report.passed and report.checked == 8_000


def test_one_huge_sentence_is_linear() -> None:
    # A per-claim pattern ran over the whole sentence (rules/derive.py): 10,000 figures in one
    # sentence took 250 s; a claim now reads a window around it.
    text = "the total was 17 units and then " * 10_000
    with cpu_budget(5):
        report = check(text, [R1], max_claims=20_000)
    assert report.checked == 10_000


def test_a_source_of_nested_brackets_is_linear() -> None:
    # The records reader scanned from every "[{" to its closing bracket: 100 KB of "([{([{..."
    # in a source took 100 s (30 KB: 40 s).
    text = "([{" * 10_000 + "1.5" + "}])" * 10_000
    with cpu_budget(5):
        report = check("It was 1.5 [R1].", [{"id": "R1", "text": text}])
    assert report.passed


def test_a_table_after_an_unclosed_nested_list_is_read() -> None:
    # The records reader gives up on a list as soon as it is deeper than flat records, so an
    # unclosed one no longer hides every later table (the figure matched the prose before).
    rows = '[{"region": "EU", "revenue": 1200}, {"region": "US", "revenue": 5}]'
    text = '[{"a": [1,  rows: ' + rows
    report = check("EU revenue was 1,200 [R1].", [{"id": "R1", "text": text}])
    evidence = report.claims[0].evidence
    assert report.passed and evidence is not None
    assert [(v.row, v.column) for v in evidence.operands] == [("EU", "revenue")]


def test_an_answer_with_more_figures_than_max_claims_fails_closed() -> None:
    text = "Revenue was $3.2bn [R1]. " * 30
    report = check(text, [R1], max_claims=20)
    assert report.checked == 20 and all(c.passed for c in report.claims)
    assert not report.passed
    assert report.issues == (
        "the answer states 30 figures; at most 20 are checked (option max_claims), "
        "so the figures after figure 20 were not",
    )
    assert check(text, [R1], max_claims=30).passed
    with pytest.raises(CrossfootError, match="option 'max_claims' must be an int >= 0"):
        check(text, [R1], max_claims=-1)
    assert not trace("Europe had revenue of 5. " * 3, ROWS, max_claims=2).passed


def test_a_long_answer_over_max_claims_is_read_only_as_far_as_needed() -> None:
    # 40,000 figures: the first 2,000 are checked exactly as in the whole answer, and the answer
    # fails without every number of it being read.
    text = "Revenue was $3.2bn [R1]. " * 40_000
    with cpu_budget(5):
        report = check(text, [R1])
    assert report.checked == 2_000 and all(c.passed for c in report.claims)
    assert not report.passed and report.text == text
    assert report.issues[0].startswith("the answer states more than ")
    whole = check(text[: 25 * 2_100], [R1])
    assert whole.to_dict()["claims"] == report.to_dict()["claims"]


# -- crashes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "year",
    [
        float("inf"),
        float("-inf"),
        float("nan"),
        1e300,
        "inf",
    ],
)
def test_trace_reads_a_year_cell_that_is_no_year(year: object) -> None:
    report = trace("Revenue was 5 in 2020.", [{"year": year, "revenue": 5}])
    assert report.passed, report.summary()


@pytest.mark.parametrize(
    "record",
    [
        {"id": "R1", "table": [[]]},
        {"id": "R1", "table": [[], []]},
        {"id": "R1", "tables": [[[]], []]},
    ],
    ids=["one-empty-row", "two-empty-rows", "tables"],
)
def test_an_empty_table_row_holds_no_values(record: dict[str, Any]) -> None:
    report = check("Revenue was 5.", [record])
    assert report.ungrounded == ["5"]


def test_trace_takes_a_preset_by_name() -> None:
    text = "Europe had revenue of 5 in 2024."
    for name in ("STRICT", "strict"):
        assert (
            trace(text, ROWS, policy=name).to_dict() == trace(text, ROWS, policy=STRICT).to_dict()
        )


@pytest.mark.parametrize("policy", ["STRCT", 5, {"rel_tolerance": 0.1}])
def test_trace_names_what_policy_must_be(policy: object) -> None:
    with pytest.raises(CrossfootError, match=r"policy.*STRICT, LENIENT"):
        trace("Revenue was 5.", ROWS, policy=policy)


# -- errors a user can act on ------------------------------------------------------------------


@pytest.mark.parametrize("key", [5, [5], ["region", None], b"region"])
def test_trace_key_of_the_wrong_type_is_named(key: object) -> None:
    with pytest.raises(CrossfootError, match=r"option 'key' must be a column name"):
        trace("Revenue was 5.", ROWS, key=key)


# Option -> a value of the wrong kind, for the options check and trace share.
_BAD = [
    ("derivations", "bogus", r"unknown derivation kind 'bogus'"),
    ("derivations", 5, r"option 'derivations' must be"),
    ("rel_tolerance", -1, r"option 'rel_tolerance' must be a finite number >= 0"),
    ("rel_tolerance", "ten", r"option 'rel_tolerance' must be a number"),
    ("rel_tolerance", True, r"option 'rel_tolerance' must be a number"),
    ("abs_tolerance", float("nan"), r"option 'abs_tolerance' must be a finite number >= 0"),
]


@pytest.mark.parametrize(("name", "value", "message"), _BAD)
@pytest.mark.parametrize("door", ["check", "Checker.check", "trace"])
def test_every_option_is_validated_the_same_way(
    door: str, name: str, value: object, message: str
) -> None:
    with pytest.raises(CrossfootError, match=message) as caught:
        if door == "check":
            check("Revenue was 5.", [R1], **{name: value})
        elif door == "Checker.check":
            from crossfoot import Checker

            Checker([R1]).check("Revenue was 5.", **{name: value})
        else:
            trace("Revenue was 5.", ROWS, **{name: value})
    # Both built-in kinds, so code written against either front door's old errors still works.
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)


def test_unknown_options_say_the_same_thing_everywhere() -> None:
    with pytest.raises(CrossfootError, match=r"unknown option 'tolerance' \(did you mean"):
        check("Revenue was 5.", [R1], tolerance=0.1)
    with pytest.raises(CrossfootError, match=r"unknown trace option 'tolerance' \(did you mean"):
        trace("Revenue was 5.", ROWS, tolerance=0.1)


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [
        ("--derivations", "bogus", "unknown derivation kind 'bogus'"),
        # (the CLI names the flag where the validator names the keyword)
        ("--tolerance", "-1", "option --tolerance must be a finite number >= 0"),
        ("--tolerance", "nan", "option --tolerance must be a finite number >= 0"),
        ("--tolerance", "abc", "option --tolerance must be a number, got 'abc'"),
        ("--ignore-below", "1e", "option --ignore-below must be a number, got '1e'"),
        ("--max-rows", "-3", "option --max-rows must be an int >= 0"),
    ],
)
def test_the_cli_validates_options_with_the_same_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str, message: str
) -> None:
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps(ROWS))
    assert cli(["trace", "Revenue was 5.", "--rows", str(rows), flag, value]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


# -- the digit limit, end to end ---------------------------------------------------------------


def test_a_64_digit_figure_is_checked_at_its_value() -> None:
    digits = "1" * 64
    source = [{"id": "R1", "fields": {"total": int(digits)}}]
    assert check(f"The total was {digits}.", source).passed
    assert not check(f"The total was {digits[:-1]}2.", source).passed


def test_a_65_digit_figure_is_reported_not_dropped() -> None:
    report = check("The total was " + "9" * 65 + ".", [{"id": "R1", "fields": {"total": 5}}])
    assert not report.passed and report.checked == 1


@pytest.mark.parametrize("figure", ["$\u0669\u0669\u0669 million", "$\uff19\uff19\uff19 million"])
def test_a_figure_in_other_digits_is_checked(figure: str) -> None:
    # Arabic-Indic and fullwidth 999: the wrong figure passed as no figure at all.
    report = check(f"Revenue was {figure} [R1].", [R1])
    assert not report.passed and report.checked == 1


def test_apostrophe_grouping_is_read_whole() -> None:
    report = check("It was $120'999'000 [R1].", [{"id": "R1", "fields": {"x": 120}}])
    assert not report.passed


def test_decimal_values_keep_every_digit() -> None:
    # (The engine compares Decimals; the default context rounds to 28 digits.)
    value = Decimal("1" * 40 + ".5")
    assert check(f"It was {value}.", [{"id": "R1", "fields": {"x": value}}]).passed


def test_check_accepts_every_kind_the_rules_produce() -> None:
    # check(derivations=...) validates names against ENGINE_KINDS: a rule's kind missing there
    # could not be chosen.
    import re

    from crossfoot.model.validate import ENGINE_KINDS

    rules = Path(__file__).resolve().parents[1] / "src" / "crossfoot" / "rules"
    source = "\n".join(p.read_text() for p in rules.glob("*.py"))
    named = set(re.findall(r"kind_allowed\(ctx, \"(\w+)\"\)", source))
    named |= set(re.findall(r"_Spec\(\s*\"(\w+)\"", source))
    assert named and named <= ENGINE_KINDS, named - ENGINE_KINDS
    assert check("Revenue was 5.", [R1], derivations=sorted(ENGINE_KINDS)).checked == 1


_SPLIT = ["Retail sales were $100 million and wholesale sales were $250 million in 2019."]


@pytest.mark.parametrize(
    "answer", ["Together they made $350 million.", "Wholesale was $150 million more than retail."]
)
def test_the_pair_budget_stops_the_two_value_search_and_fails_closed(
    answer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One value pasted hundreds of times makes every pair of copies a candidate (a fuzzed 3 KB
    # answer took 3.7 s). derive.PAIR_BUDGET bounds the pairs one claim looks at; when it bites,
    # what was not searched cannot be proven, so the figure fails rather than passes.
    from importlib import import_module

    from crossfoot import check

    derive = import_module("crossfoot.rules.derive")
    assert check(answer, _SPLIT).passed  # the passing twin: the default budget finds the pair
    monkeypatch.setattr(derive, "PAIR_BUDGET", 0)
    report = check(answer, _SPLIT)
    assert [c.status for c in report.claims] == ["unsupported"]


@pytest.mark.parametrize(
    ("tail", "status"),
    [
        ("Sales rose from $10 million to $12 million, an increase of $2 million.", "derived"),
        ("Sales went from $10 million to $12 million, a decrease of $2 million.", "contradicted"),
    ],
)
def test_order_words_are_read_after_a_long_run_of_figures(
    tail: str, status: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # answer_order pairs every figure of its window with every other only up to _POOL_ALL
    # figures (a fuzzed run of one repeated value made it quadratic: 1.1 s for 3.6 KB); past
    # that, figures a few places apart. "from A to B" after eighty figures is still read, with
    # the verdict of the exhaustive pairing.
    from importlib import import_module

    from crossfoot import check

    order = import_module("crossfoot.language.order")
    answer = "Codes: " + ", ".join(str(n) for n in range(100, 180)) + ". " + tail
    sources = ["Sales were $10 million in 2018 and $12 million in 2019."]
    got = check(answer, sources).claims[-1]
    assert (got.text, got.status) == ("$2 million", status)
    monkeypatch.setattr(order, "_POOL_ALL", 10**6)
    assert check(answer, sources).claims[-1].status == status
