"""The wrong-row check's gate (language/rowgate.py) only passes what the full reading passes.

Whenever :func:`plainly_passes` says a claim passes, the full reading of ``row_verdict`` (the
gate switched off) must return ``None`` for that claim, and whole reports must be the same with
the gate and without it. The tables mix what each check of the full reading reads: section rows
repeating a label, bare and named "Total" rows, generic rows, year columns, dated columns,
qualifier columns, year rows (transposed), monthly rows; the answers use their labels, section
words, years, dates, "total", "average", a change, a year before, two figures in a sentence and
bare answer lines, in several table formats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpora.render import FORMATS, render
from crossfoot import check, trace
from crossfoot.language import rowgate, rowmatch
from crossfoot.rules import direct

_LABELS = [
    "Net sales",
    "Cost of sales",
    "Operating income",
    "Deferred revenue",
    "Revenue",
    "Other",
    "Total",
    "Total sales",
    "Underlying EBITDA",
    "EBITDA",
    "Research and development",
    "January",
    "February",
]
_SECTIONS = ["Industrial Solutions:", "Communications Solutions:"]
_COLUMNS = {
    "years": ["2019", "2018"],
    "dated": ["June 30, 2025", "March 31, 2025"],
    "qualified": ["Domestic", "International"],
    "mixed": ["2019", "Change"],
}
_VALUES = ["5", "7", "12", "120"]
_LEADS = [
    "{row} was",
    "The {row} in {year} is",
    "{section} {row} was",
    "Total {row} was",
    "The average {row} is",
    "The change in {row} is",
    "{qualifier} {row} was",
    "{row} rose to",
    "In {year}, {row} had",
    "Answer:",
    "The answer is",
    "{row} on {date} was",
]
_TAILS = ["", " in {year}", " the year before", " on {date}", " of {row}", ", respectively"]
_SECOND = ["", " and {row} was {value} in {year}", ", while {row} was {value}"]
_BEFORE = ["", "{row} was {value} in {year}. ", "What was {row}? ", "## {row} in {year}\n\n"]


@contextmanager
def _calls(gate_on: bool) -> Iterator[list[tuple[bool, Any]]]:
    """Record, per row_verdict call, the gate's answer and the verdict; the gate is consulted
    but not obeyed unless ``gate_on``."""
    seen: list[tuple[bool, Any]] = []
    slot: list[bool] = []
    real_gate = rowgate.plainly_passes
    real_verdict: Callable[..., Any] = rowmatch.row_verdict

    def gate(ctx: Any, matches: Any) -> bool:
        said = real_gate(ctx, matches)
        slot.append(said)
        return said and gate_on

    def verdict(ctx: Any, matches: Any) -> Any:
        slot.clear()
        got = real_verdict(ctx, matches)
        seen.append((bool(slot and slot[0]), got))
        return got

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rowmatch, "plainly_passes", gate)
        direct._ROW_VERDICT[:] = [verdict]
        try:
            yield seen
        finally:
            direct._ROW_VERDICT[:] = [real_verdict]


def _report(answer: str, sources: list[str], gate_on: bool) -> tuple[list[Any], list[Any]]:
    with _calls(gate_on) as seen:
        report = check(answer, sources)
    return [(c.text, c.status, c.message) for c in report.claims], seen


def _grid(data: st.DataObject) -> tuple[list[list[str]], dict[str, str]]:
    """A table and the words an answer about it may use."""
    kind = data.draw(st.sampled_from([*_COLUMNS, "transposed"]))
    labels = data.draw(st.lists(st.sampled_from(_LABELS), min_size=1, max_size=4, unique=True))
    draw_value: Callable[[], str] = lambda: data.draw(st.sampled_from(_VALUES))  # noqa: E731
    if kind == "transposed":  # years as row labels, the line items as columns
        header = ["", *labels[:3]]
        body = [[year, *(draw_value() for _ in labels[:3])] for year in ("2019", "2018")]
        return [header, *body], {"row": labels[0], "column": labels[0]}
    columns = _COLUMNS[kind]
    body = []
    sectioned = data.draw(st.booleans())
    for section in _SECTIONS if sectioned else [""]:
        if section:
            body.append([section, *("" for _ in columns)])
        body += [[label, *(draw_value() for _ in columns)] for label in labels]
    words = {"section": _SECTIONS[data.draw(st.integers(0, 1))].rstrip(":"), "column": columns[0]}
    return [["", *columns], *body], words


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_gate_passes_only_what_the_full_reading_passes(data: st.DataObject) -> None:
    grid, words = _grid(data)
    rows = [r[0] for r in grid[1:] if r[0] and not r[0].endswith(":")]
    fill = {
        "row": data.draw(st.sampled_from([*rows, words.get("section", "sales")])).lower(),
        "section": words.get("section", ""),
        "qualifier": data.draw(st.sampled_from(["Domestic", "International", "Swiss"])),
        "year": data.draw(st.sampled_from(["2019", "2018", "2025"])),
        "date": data.draw(st.sampled_from(["June 30, 2025", "March 31, 2025"])),
        "value": data.draw(st.sampled_from(_VALUES)),
    }
    parts = [st.sampled_from(x) for x in (_BEFORE, _LEADS, _TAILS, _SECOND)]
    before, lead, tail, second = (data.draw(p).format(**fill) for p in parts)
    own = [c for r in grid[1:] if r[0].lower() == fill["row"] for c in r[1:] if c]
    value = data.draw(st.sampled_from(own or _VALUES) | st.sampled_from(_VALUES))
    fill["row"] = data.draw(st.sampled_from(rows)).lower()
    answer = f"{before}{lead} {value}{tail}{second.format(**fill)}."
    fmt = data.draw(st.sampled_from(FORMATS))
    sources = [render(grid, fmt)]
    slow, seen = _report(answer, sources, gate_on=False)
    for passed, verdict in seen:
        assert not passed or verdict is None, (answer, fmt, grid, verdict)
    fast, _ = _report(answer, sources, gate_on=True)
    assert fast == slow


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["North", "South", "Total"]), min_size=1, max_size=3, unique=True),
    st.sampled_from(["{region} had {v} in January", "In February, {region} had {v}", "{v}"]),
    st.sampled_from(["4.2", "3.1", "7"]),
)
def test_the_gate_in_trace_over_monthly_rows(regions: list[str], lead: str, v: str) -> None:
    rows = [
        {"region": r, "month": m, "revenue": val}
        for r in regions
        for m, val in (("2024-01", 4.2), ("2024-02", 3.1))
    ] + [{"region": regions[0], "month": "2024-03", "revenue": 7}]
    answer = lead.format(region=regions[-1], v=v) + "."
    with _calls(gate_on=False) as seen:
        slow = [(c.text, c.status, c.message) for c in trace(answer, rows).claims]
    assert all(not passed or verdict is None for passed, verdict in seen)
    with _calls(gate_on=True):
        fast = [(c.text, c.status, c.message) for c in trace(answer, rows).claims]
    assert fast == slow


_TABLE = [["", "2019", "2018"], ["Revenue", "450", "420"], ["Cost of sales", "120", "110"]]


@pytest.mark.parametrize("fmt", ["markdown", "html", "csv", "json", "aligned"])
def test_the_gate_is_taken_when_the_sentence_names_the_cells_own_row(fmt: str) -> None:
    claims, seen = _report("Revenue was 450 in 2019.", [render(_TABLE, fmt)], gate_on=True)
    assert [s for _t, s, _m in claims] == ["supported_exact"]
    assert [passed for passed, _v in seen] == [True]


_DATED = [
    ["", "June 30, 2025", "March 31, 2025"],
    ["Price", "45.10", "44.00"],
    ["Volume", "9", "8"],
]


@pytest.mark.parametrize(
    ("answer", "table"),
    [
        ("Cost of sales was 450 in 2019.", _TABLE),  # another row named
        ("Revenue was 450 in 2018.", _TABLE),  # another year of the row
        ("The change in revenue is 450.", _TABLE),  # a level stated as a change
        ("The average revenue is 450.", _TABLE),  # a level stated as an average
        ("The cost of sales was 110. Answer: 420", _TABLE),  # a bare answer line
        ("The price was 44.00 on June 30, 2025.", _DATED),  # another date's column
        ("The figure is 120 of revenue2019.", _TABLE),  # a stretch that ends inside a word
        ("Revenue was 420 in 2019, versus 450 the year before.", _TABLE),  # 2018's, not 2019's
    ],
)
def test_the_gate_leaves_other_rows_and_years_to_the_full_reading(
    answer: str, table: list[list[str]]
) -> None:
    claims, seen = _report(answer, [render(table, "markdown")], gate_on=True)
    assert seen[-1][0] is False  # (the figure that fails: the last)
    assert claims[-1][1] == "wrong_row"
