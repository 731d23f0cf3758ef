"""trace's fast paths of round 8 (issue 19, speed7) give what the plain path gives.

- An answer with no number, no "[" and no question skips the engine (``front.trace.FAST_EMPTY``):
  the report must equal the engine's on any such text, with prose sources, several result sets
  and issues of the sources; a gate that lets a citation through is caught.
- The row checks after the engine (``front.trace_checks.finish``) read a failing claim through
  ``_worded_failing`` only: it must equal ``_anchored`` then ``_worded`` on every failing claim
  (every failing status, evidence of every rule and kind, every policy); a shortcut that forgets
  the share's renaming is caught.
- The keep filter returns at once for a figure that is not a plain number: its verdicts on
  every mention of random answers equal the full reading's.
- ``RowTable.near_many`` searches int columns with whole-number window ends
  (``sources.rows_cells.whole_bounds``): the cells found equal the float search's on random
  tables (ints, huge ints, floats, blanks; small, per-column and whole-number searches) and
  windows (whole, fractional, infinite ends); a bound rounded the wrong way is caught.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace as trace_module
import crossfoot.sources.rows_cells as rows_cells
import crossfoot.sources.rows_table as rows_table
from crossfoot import trace
from crossfoot.front.policy import Policy
from crossfoot.front.trace_checks import TraceContext, _anchored, _worded, _worded_failing
from crossfoot.front.trace_keep import keep_filter
from crossfoot.model.types import FAILING_STATUSES, Claim, Evidence, Mention, Sentence
from crossfoot.numbers.extract import extract
from crossfoot.report.result import Report
from crossfoot.sources.rows import AnswerOperands, read_tables
from deep import examples

_ROWS = [
    {"region": "Europe", "revenue": 3_150_000, "orders": 120},
    {"region": "Americas", "revenue": 4_820_000, "orders": 95},
    {"region": "Asia", "revenue": 1_000_000, "orders": 40},
]
_WORDS = ["The", "regions", "are", "listed", "below", "Europe", "grew", "three", "a", "dozen",
          "**bold**", "`code`", "$x$", "[sic]", "[R1]", "[R9]", "[1]", "[results]", "Doc",
          "(see", "table)", "no", "change", "1,234.5", "1.234,5", "v2", "Q3", "§", "—", "\n",
          "million", "%", "percent", "twenty-one", "half", ",", ".", "!", "?", ";"]  # fmt: skip


@contextmanager
def _engine_only() -> Iterator[None]:
    trace_module.FAST_EMPTY = False
    try:
        yield
    finally:
        trace_module.FAST_EMPTY = True


def _full(report: Report) -> tuple[Any, ...]:
    return (report.to_dict(), report.text, report.issues, report.warnings, report.options)


def _both(text: str, **kwargs: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    fast = _full(trace(text, **kwargs))
    with _engine_only():
        return fast, _full(trace(text, **kwargs))


_NOTES = "Revenue rose 12% in Europe, 5% in Asia and 7% in Americas."
_SOURCES = [
    {"rows": _ROWS},
    {"results": {"R1": _ROWS, "notes": "Revenue rose 12% in Europe."}},
    {"results": [_ROWS, _ROWS[:1]]},
    {"results": {"R1": _ROWS, "notes": _NOTES}, "max_source_numbers": 1},  # read in part
    {"rows": [{"a": "x"}]},
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(st.sampled_from(_WORDS), max_size=12),
    joiner=st.sampled_from([" ", "", "\n"]),
    source=st.sampled_from(_SOURCES),
)
@example(words=["Listed", "in", "[R9]", "."], joiner=" ", source=_SOURCES[1])
@example(words=["See", "[notes]", "."], joiner=" ", source=_SOURCES[1])
def test_an_answer_without_figures_reads_as_the_engine_reads_it(
    words: list[str], joiner: str, source: dict[str, Any]
) -> None:
    fast, full = _both(joiner.join(words), **source)
    assert fast == full


def test_the_fast_path_is_taken_and_returns_the_rows_issues() -> None:
    calls: list[Any] = []
    real = trace_module._VERIFY[:]
    trace_module._VERIFY[:] = [lambda *a, **k: calls.append(a) or real[0](*a, **k)]
    try:
        report = trace("The regions are listed below.", **_SOURCES[3])
        assert calls == []  # the engine was not asked
        assert report.passed and report.checked == 0 and report.issues == ()
        assert "max_source_numbers=1" in report.warnings[0]  # the sources' issues, as warnings
        trace("The regions are listed below [R9].", _ROWS)
        assert len(calls) == 1  # a bracket: the engine reads it
    finally:
        trace_module._VERIFY[:] = real


def test_a_gate_that_lets_a_citation_through_is_caught() -> None:
    text = "Europe is listed in [R9] and [notes]."
    fast, full = _both(text, results={"R1": _ROWS, "notes": "Revenue rose 12%."})
    assert fast == full
    assert full[2]  # the unknown citation is an issue
    saved = trace_module._DIGIT_OR_BRACKET
    trace_module._DIGIT_OR_BRACKET = re.compile(r"(?!)")  # broken: every text goes through
    try:
        broken, full = _both(text, results={"R1": _ROWS, "notes": "Revenue rose 12%."})
    finally:
        trace_module._DIGIT_OR_BRACKET = saved
    assert broken != full


# --- finish: a failing claim ---------------------------------------------------------------

_tables, _prose, _order, _issues = read_tables(_ROWS)
_OPERANDS = AnswerOperands(_tables, _prose, _order, _issues, max_rows=12)
_SOURCESET = _OPERANDS.sources_for("Europe and Americas had 3,150,000 and 4,820,000 and 120.")
_CELLS = _SOURCESET.sources[0].values
_TEXT = "Europe revenue was 53% more than Americas, a share of 40% of revenue in total."


def _unasked(on: object) -> Report:
    raise AssertionError("a failing claim is never checked again against narrowed cells")


def _slow(c: Claim, policy: Policy) -> Claim | None:
    """finish's reading of one claim without the shortcut."""
    ctx = TraceContext(policy, _OPERANDS.info)
    report = Report(_TEXT, (c,))
    anchored, final = _anchored(report, c, 0, ctx, _unasked, _SOURCESET)
    return anchored if final else _worded(_TEXT, anchored, ctx)


@st.composite
def _failing_claims(draw: st.DrawFn) -> tuple[Claim, Policy]:
    kind = draw(st.sampled_from(["number", "percent", "pp", "money", "bps", "ratio"]))
    start = draw(st.sampled_from([19, 56]))
    m = Mention(_TEXT[start : start + 3], start, start + 3, Decimal(53), kind, Decimal("0.5"))
    evidence = None
    if draw(st.booleans()):
        operands = tuple(draw(st.lists(st.sampled_from(_CELLS), max_size=3)))
        evidence = Evidence(
            draw(st.sampled_from(["derive", "direct", "rowsums", "steps", "multi"])),
            draw(st.sampled_from(["share", "cell", "percent_change", "pp_change", "difference"])),
            "a formula",
            operands,
            Decimal(53),
        )
    status = draw(st.sampled_from(sorted(FAILING_STATUSES)))
    claim = Claim(m, Sentence(0, 0, len(_TEXT), _TEXT), status, evidence, "why")
    policy = Policy(
        unmatched_percent=draw(st.sampled_from(["flag", "pass"])),
        rel_tolerance=draw(st.sampled_from([None, Decimal("0.05")])),
    )
    return claim, policy


@settings(max_examples=examples(300, 400), deadline=None)
@given(_failing_claims())
def test_a_failing_claim_is_read_as_finish_reads_it(case: tuple[Claim, Policy]) -> None:
    claim, policy = case
    assert _worded_failing(claim, policy) == _slow(claim, policy)


def test_a_shortcut_that_forgets_the_share_is_caught() -> None:
    share = Evidence("derive", "share", "a / b", _CELLS[:2], Decimal(53))
    m = Mention("53%", 41, 44, Decimal(53), "percent", Decimal("0.5"))
    claim = Claim(m, Sentence(0, 0, len(_TEXT), _TEXT), "contradicted", share, "why")
    policy = Policy()
    assert _slow(claim, policy) != claim  # the evidence is renamed: the case tests something
    assert _worded_failing(claim, policy) == _slow(claim, policy)

    def forgetful(c: Claim, p: Policy) -> Claim | None:
        return None if p.unmatched_percent == "pass" and c.status == "unsupported" else c

    assert forgetful(claim, policy) != _slow(claim, policy)


# --- the keep filter -------------------------------------------------------------------------

_KEEP_WORDS = ["top", "5", "3", "regions", "stores", "revenue", "in", "2024", "$4.2M", "12.5%",
               "the", "last", "30", "days", "#1", "`7`", "largest", "2", "orders", "4", "1,999",
               "rank", "0.5", "€12", "1.5x", "~40", "Q3", "week", "12", ",", "."]  # fmt: skip


def _keep_full(text: str, policy: Policy) -> list[bool]:
    """The filter's verdicts as the reading before the shortcut gave them."""
    from crossfoot.front import trace_keep as tk

    info = _OPERANDS.info
    code = [(m.start(), m.end()) for m in tk._CODE.finditer(text)]
    measured: set[str] = set()
    row_nouns: set[str] = set()
    row_counts = {t.rows for t in info}
    most_rows = max(row_counts, default=0)
    for t in info:
        measured.update(tk.measured_words(t.columns, t.key))
        if t.key:
            row_nouns.update(tk._key_words(t.key))
    row_nouns -= measured
    out = []
    for m in extract(text):
        plain = m.kind == "number" and not m.currency
        before = text[max(0, m.start - 24) : m.start]
        after = text[m.end : m.end + 30]
        noun_match = tk._WORD.match(after.lstrip())
        noun = noun_match.group(0).lower().rstrip("s") if noun_match else ""
        whole = plain and m.value == m.value.to_integral_value() and m.precision <= 1
        if any(a <= m.start < b for a, b in code):
            verdict = False
        elif plain and policy.ignore_below and abs(m.value) <= policy.ignore_below:
            verdict = False
        elif plain and noun in measured:
            verdict = True
        elif (
            plain
            and policy.ignore_years
            and whole
            and 1900 <= m.value <= 2100
            and "," not in m.text
            and tk._YEAR_BEFORE.search(before)
        ):
            verdict = False
        elif not plain or not whole:
            verdict = True
        elif tk._RANK_BEFORE.search(before) or tk._SUPERLATIVE_AFTER.match(after):
            verdict = False
        elif tk._TIME_AFTER.match(after):
            verdict = False
        else:
            verdict = not (
                noun in row_nouns and 0 < m.value < most_rows and m.value not in row_counts
            )
        out.append(verdict)
    return out


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.sampled_from(_KEEP_WORDS), min_size=1, max_size=14),
    ignore_below=st.sampled_from([0, 5, 100]),
    ignore_years=st.booleans(),
)
def test_the_keep_filter_reads_every_mention_as_before(
    words: list[str], ignore_below: int, ignore_years: bool
) -> None:
    text = " ".join(words)
    policy = Policy(ignore_below=ignore_below, ignore_years=ignore_years)
    keep = keep_filter(text, policy, _OPERANDS.info)
    assert [keep(m) for m in extract(text)] == _keep_full(text, policy)


@pytest.mark.parametrize(
    "text", ["We had $5 and 5%, `7` orders, top 3 regions.", "in 2024, 4 regions"]
)
def test_the_keep_filter_fixed_cases(text: str) -> None:
    policy = Policy(ignore_below=5)
    keep = keep_filter(text, policy, _OPERANDS.info)
    assert [keep(m) for m in extract(text)] == _keep_full(text, policy)


# --- near_many: whole-number bounds on int columns --------------------------------------------


def _near(rows: list[dict[str, Any]], windows: list[tuple[float, float]]) -> list[Any]:
    table = read_tables(rows)[0][0]
    return [list(found) for found in table.near_many(windows)]


def _near_both(rows: list[dict[str, Any]], windows: list[tuple[float, float]]) -> tuple[Any, Any]:
    fast = _near(rows, windows)
    rows_cells.FAST_BOUNDS[0] = False
    try:
        return fast, _near(rows, windows)
    finally:
        rows_cells.FAST_BOUNDS[0] = True


_CELL = st.one_of(
    st.integers(-2000, 2000),
    st.integers(-(2**60), 2**60),
    st.sampled_from([0, 1, -1, 2**53, 2**53 + 1, 10**20]),
    st.floats(-2000, 2000, allow_nan=False).map(lambda x: round(x, 2)),
    st.none(),
)
_END = st.one_of(
    st.integers(-2100, 2100).map(float),
    st.floats(-2100, 2100, allow_nan=False),
    st.sampled_from([float("inf"), float("-inf"), 2.0**53, 1e20, -0.0]),
)


@st.composite
def _near_cases(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[tuple[float, float]]]:
    n = draw(st.sampled_from([1, 3, 12, 100, 300, 600]))  # merged, per column, whole numbers
    cols = draw(st.integers(1, 3))
    kinds = [draw(st.sampled_from(["int", "any"])) for _ in range(cols)]
    rows = []
    for i in range(n):
        row: dict[str, Any] = {"name": f"item {i}"}
        for c, kind in enumerate(kinds):
            row[f"m{c}"] = draw(_CELL) if kind == "any" else draw(st.integers(-3000, 3000))
        rows.append(row)
    windows = []
    for _ in range(draw(st.integers(1, 8))):
        a, b = draw(_END), draw(_END)
        windows.append((min(a, b), max(a, b)))
    return rows, windows


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_near_cases())
@example(
    (
        [{"name": "a", "m": 5}, {"name": "b", "m": 7}, {"name": "c", "m": 9}],
        [(4.5, 7.0), (5.0, 6.9)],
    )
)
def test_int_columns_searched_with_whole_bounds_find_the_same_cells(
    case: tuple[list[dict[str, Any]], list[tuple[float, float]]],
) -> None:
    fast, plain = _near_both(*case)
    assert fast == plain


@pytest.mark.parametrize(("n", "cols"), [(3, 1), (300, 3), (600, 2)])  # merged, column, whole
def test_a_whole_bound_rounded_the_wrong_way_is_caught(
    n: int, cols: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [{"name": f"item {i}", **{f"m{c}": 5 + i % 20 for c in range(cols)}} for i in range(n)]
    table = read_tables(rows)[0][0]
    merged, whole = n * (cols + 1) <= 768, table._whole_numbers([(4.5, 7.0)])
    assert (merged, bool(whole)) == {3: (True, False), 300: (False, False), 600: (False, True)}[n]
    windows = [(4.5, 7.0), (5.5, 6.5), (20.2, 20.8)]
    fast, plain = _near_both(rows, windows)
    assert fast == plain and all(plain[:2])

    def floor_both(bounds: Any) -> Any:
        return list(map(math.floor, bounds[0])), list(map(math.floor, bounds[1]))

    monkeypatch.setattr(rows_table, "whole_bounds", floor_both)  # (the name near_many calls)
    assert _near(rows, windows) != plain
