"""The bounds on how much of an input is read (issue 17): ``max_source_numbers`` for the source
texts of ``check``, ``Checker``, ``trace`` and the CLI, ``max_numbers`` for ``extract``.

Each bound has its passing twin (under it: the same verdicts as with no bound, and no note) and
its failing one (over it: the note naming the source and how much was read, and a figure whose
value lies only in the unread part fails). Blow-up guards use a CPU-time budget of ten or more
times what the input takes (``tests/test_hostile.py``); speed itself is measured by
``benchmarks/adversarial.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import crossfoot.language.claims as claims_module
from crossfoot import Checker, CrossfootError, InputTooLarge, Policy, check, extract, trace
from crossfoot.cli import main as cli
from crossfoot.language.claims import read_prefix
from crossfoot.model.options import MAX_SOURCE_NUMBERS, Options
from crossfoot.numbers.extract import extract as read_every_number
from crossfoot.sources.budget import number_at
from test_hostile import cpu_budget

# Three passages of a filing: 3 + 2 + 1 numbers.
PASSAGES = [
    "Revenue was $3.2bn in 2024.\nCosts were $1.1bn.",
    "Net income was $0.9bn, up 12%.",
    "The dividend was $0.40 a share.",
]
ANSWER = "Revenue was $3.2bn, net income $0.9bn, and the dividend $0.40 a share."


def _claims(report: Any) -> list[tuple[str, str]]:
    return [(c.text, c.status) for c in report.claims]


# -- max_source_numbers: the passing twin -------------------------------------------------------


@pytest.mark.parametrize("bound", [6, 7, 1_000, MAX_SOURCE_NUMBERS])
def test_sources_under_the_bound_get_the_verdicts_of_no_bound(bound: int) -> None:
    # The passages hold 6 numbers (2024 counts: the bound counts what the reader may read,
    # years included).
    unbounded = check(ANSWER, PASSAGES, max_source_numbers=None)
    bounded = check(ANSWER, PASSAGES, max_source_numbers=bound)
    assert unbounded.passed, unbounded.summary()
    assert bounded.to_dict() == unbounded.to_dict()
    assert bounded.warnings == ()


def test_the_default_bound_is_the_documented_one() -> None:
    assert Options().max_source_numbers == MAX_SOURCE_NUMBERS == 20_000
    assert Policy().max_source_numbers == MAX_SOURCE_NUMBERS


# -- max_source_numbers: the failing twin -------------------------------------------------------


def test_a_source_cut_by_the_bound_is_named_and_its_unread_figures_fail() -> None:
    report = check(ANSWER, PASSAGES, max_source_numbers=4)
    assert _claims(report) == [
        ("$3.2bn", "supported_exact"),  # read: the first passage
        ("$0.9bn", "supported_exact"),  # read: the fourth number, before the cut
        ("$0.40", "unsupported"),  # only in a passage not read
    ]
    assert not report.passed
    assert report.warnings == (
        "source S2: only the first 26 of its 30 characters were read (option "
        "max_source_numbers=4: the source texts of one check are read up to that many numbers, "
        "all together); a figure stated only after them is not found",
        "sources not read: S3 (option max_source_numbers=4: the source texts before them hold "
        "that many numbers); a figure stated only there is not found",
    )
    spent = check(ANSWER, PASSAGES, max_source_numbers=3)  # the first passage takes all three
    assert [c.status for c in spent.claims] == ["supported_exact", "unsupported", "unsupported"]
    assert spent.warnings[0].startswith("sources not read: S2, S3 (")


def test_a_figure_past_the_bound_in_the_same_text_fails() -> None:
    text = "Revenue was 5.\n" + "Units: 1, 2, 3, 4.\n" + "Costs were 7."
    assert check("Costs were 7.", [text], max_source_numbers=None).passed
    report = check("Revenue was 5 and costs were 7.", [text], max_source_numbers=5)
    assert _claims(report) == [("5", "supported_exact"), ("7", "unsupported")]
    # cut after the line holding the fifth number, before the line holding the sixth
    assert "only the first 34 of its 47 characters were read" in report.warnings[0]


def test_the_cut_never_reads_a_number_in_part() -> None:
    # "1 234 567" is one number in three digit groups: a cut before its second group would read
    # it as 1. The cut goes back to the space before it instead.
    source = ["a 7 b 1 234 567 c"]
    assert check("The total was 1,234,567.", source, max_source_numbers=None).passed
    report = check("The total was 1 and 1,234,567.", source, max_source_numbers=1)
    assert [c.status for c in report.claims] == ["unsupported", "unsupported"]
    assert "only the first 6 of its 17 characters" in report.warnings[0]


def test_many_unread_sources_are_named_in_one_note() -> None:
    passages = [f"Item {i} cost ${i}0." for i in range(1, 13)]
    report = check("Item 12 cost $120.", passages, max_source_numbers=4)
    assert report.claims[-1].status == "unsupported"
    assert report.warnings[-1].startswith(
        "sources not read: S3, S4, S5, S6, S7 and 5 more (option max_source_numbers=4:"
    )


def test_record_texts_count_and_record_fields_are_read_whole() -> None:
    records = [
        {"id": "R1", "text": "Revenue was 5, 6 and 7."},
        {"id": "R2", "text": "Costs were 8.", "fields": {"units": 12_400}},
    ]
    report = check("Costs were 8 on 12,400 units.", records, max_source_numbers=3)
    assert _claims(report) == [("8", "unsupported"), ("12,400", "supported_exact")]
    assert report.warnings[-1].startswith("sources not read: R2 ")
    assert check("Costs were 8 on 12,400 units.", records, max_source_numbers=4).passed


def test_checker_reads_its_sources_again_for_another_bound() -> None:
    checker = Checker(PASSAGES, max_source_numbers=2)
    assert not checker.check(ANSWER).passed
    assert checker.check(ANSWER, max_source_numbers=None).passed
    assert not checker.check(ANSWER).passed  # (the override was for that call only)
    assert Checker(PASSAGES).check(ANSWER).passed


def test_trace_bounds_its_prose_sources() -> None:
    rows = [{"region": "EU", "stores": 52}]
    prose = "EU opened 3 stores. Later it opened 7."
    answer = "EU has 52 stores and opened 7."
    assert trace(answer, results=[rows, prose]).passed
    report = trace(answer, results=[rows, prose], max_source_numbers=1)
    assert _claims(report) == [("52", "supported_exact"), ("7", "unsupported")]
    assert report.warnings[0].startswith("source Q2: only the first 36 of its 38 characters")
    strict = Policy(max_source_numbers=1)
    assert trace(answer, results=[rows, prose], policy=strict).to_dict() == report.to_dict()


@pytest.mark.parametrize("value", [-1, 2.5, "5", True])
@pytest.mark.parametrize("door", ["check", "Checker", "Checker.check", "trace", "Policy"])
def test_max_source_numbers_is_validated_the_same_way(door: str, value: object) -> None:
    message = rf"option 'max_source_numbers' must be an int >= 0, got {value!r}"
    with pytest.raises(CrossfootError, match=message):
        if door == "check":
            check("Revenue was 5.", PASSAGES, max_source_numbers=value)
        elif door == "Checker":
            Checker(PASSAGES, max_source_numbers=value)
        elif door == "Checker.check":
            Checker(PASSAGES).check("Revenue was 5.", max_source_numbers=value)
        elif door == "trace":
            trace("Revenue was 5.", results=["Revenue 5."], max_source_numbers=value)
        else:
            Policy(max_source_numbers=value)  # type: ignore[arg-type]


def test_a_megabyte_source_is_read_in_bounded_time_and_says_so() -> None:
    source = {"id": "R1", "text": "1-" * 500_000 + "Revenue was 42."}
    with cpu_budget(10):  # ~0.5 s bounded; the whole megabyte took 12 s
        report = Checker([source]).check("Revenue was 42 [R1].")
    assert report.claims[0].status == "unsupported"  # 42 lies past the bound: never a pass
    assert report.warnings[0].startswith("source R1: only the first 40,000 of its 1,000,015 ")


# -- the command line ---------------------------------------------------------------------------


def _files(tmp_path: Path) -> tuple[str, str]:
    sources, rows = tmp_path / "sources.json", tmp_path / "rows.json"
    sources.write_text(json.dumps(PASSAGES))
    rows.write_text(json.dumps([{"region": "EU", "revenue": 5}]))
    return str(sources), str(rows)


def test_the_cli_takes_both_bounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sources, rows = _files(tmp_path)
    assert cli(["check", ANSWER, "--sources", sources]) == 0
    assert cli(["check", ANSWER, "--sources", sources, "--max-source-numbers", "4"]) == 1
    out = capsys.readouterr().out
    assert "warning: sources not read: S3" in out
    assert cli(["check", ANSWER, "--sources", sources, "--max-claims", "2"]) == 1
    assert "at most 2 are checked (option max_claims)" in capsys.readouterr().out
    assert cli(["trace", "EU had 5 and 5.", "--rows", rows, "--max-claims", "1"]) == 1
    assert "at most 1 are checked" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["check", "trace"])
@pytest.mark.parametrize("flag", ["--max-claims", "--max-source-numbers"])
def test_the_cli_names_a_bad_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, flag: str
) -> None:
    sources, rows = _files(tmp_path)
    given = ["--sources", sources] if command == "check" else ["--rows", rows]
    assert cli([command, "Revenue was 5.", *given, flag, "-1"]) == 2
    err = capsys.readouterr().err
    assert f"option {flag} must be an int >= 0, got -1" in err and "Traceback" not in err


# -- counting -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "index", "expected"),
    [
        ("1,234.5 and 2", 1, (12, 1)),  # one number with its groups
        ("2024-01-31", 2, (8, 2)),  # three digit runs
        ("twelve and 3 and a million", 2, (17, 2)),  # "a million" starts at "a"
        ("no numbers here", 0, (None, 0)),
        ("٣ and ٤", 1, (6, 1)),  # every script's digits
    ],
)
def test_numbers_are_counted_as_the_reader_may_read_them(
    text: str, index: int, expected: tuple[int | None, int]
) -> None:
    assert number_at(text, index) == expected


# -- extract(max_numbers=) ----------------------------------------------------------------------


def test_extract_under_its_bound_returns_every_number() -> None:
    text = "Revenue rose 12% to $3.2bn in 2024, from $2.87bn. " * 50  # 200 numbers
    assert extract(text, max_numbers=200) == read_every_number(text)
    assert extract(text) == extract(text, max_numbers=None) == read_every_number(text)


def test_extract_over_its_bound_raises_naming_it() -> None:
    text = "Revenue rose 12% to $3.2bn in 2024, from $2.87bn. " * 50
    with pytest.raises(InputTooLarge) as caught:
        extract(text, max_numbers=199)
    assert str(caught.value) == (
        "extract(): the text holds more than 199 numbers (option max_numbers=199); reading "
        "stopped at character 2,491 of 2,500. Pass a larger max_numbers, or max_numbers=None "
        "to read every number"
    )
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, CrossfootError)


@pytest.mark.parametrize("value", [-1, 1.5, "10"])
def test_extract_validates_its_bound(value: object) -> None:
    with pytest.raises(CrossfootError, match="option 'max_numbers' must be an int >= 0"):
        extract("Revenue was 5.", max_numbers=value)  # type: ignore[arg-type]


def test_extract_refuses_a_dense_megabyte_in_bounded_time() -> None:
    with cpu_budget(10), pytest.raises(InputTooLarge, match="more than 10,000 numbers"):
        extract("1-" * 500_000)  # read whole, 9.4 s


def test_number_words_are_read_in_linear_time() -> None:
    # A text of number words and no digit after them searched for a digit to its end once per
    # word: quadratic (100 KB took 1.7 s, 300 KB ~15 s; linear, 0.2 s).
    text = "seven apples and " * 18_000
    with cpu_budget(5):
        found = extract(text, max_numbers=None)
    assert len(found) == 18_000


# -- max_claims: the prefix read of a long answer -----------------------------------------------


def test_a_long_answer_with_few_claims_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2,858 digit runs but 1,429 claims ("Chapter 1" is a reference): more runs than max_claims,
    # yet no prefix can hold that many claims before the middle of the text, so none is tried
    # (the prefixes of 16, 32 and 64 KB were read before the whole: 12x the time of 10 KB).
    text = ("Chapter 1" + "." * 26 + " Total 1" + "-" * 26 + " ") * 1_429
    calls: list[int] = []
    real = claims_module.claims_of

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(text))
        return real(text, *args, **kwargs)

    monkeypatch.setattr(claims_module, "claims_of", counted)
    assert read_prefix(text, Options()) == text
    assert calls == []
    dense = "Revenue was $3.2bn [R1]. " * 40_000
    prefix = read_prefix(dense, Options())
    assert len(calls) <= 4 and len(prefix) < len(dense) // 8
