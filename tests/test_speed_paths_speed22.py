"""The gates of round 14 (issue 19, speed22) give what the plain readings give.

- ``sources.rows_names.row_named`` tests the spaced label in the spaced text before it makes
  the label's pattern: in ASCII text, a label whose words (lowercased, joined by one space)
  are not in the text (lowercased, each run of separators one space) cannot be named there.
  On random labels and texts of words, digits, separators (``-``, ``_``, tabs, runs of
  spaces), case changes and the letters a case-insensitive pattern matches beyond ASCII (the
  Kelvin sign, the long s, dotted capital I), the answer equals the pattern's alone
  (``GATE_NAMED`` off); a gate that does not make runs of separators one space, or that
  compares without lowering, is caught.
- ``language.labelquote.quoted_in_label`` skips a label that does not hold the figure's digits
  (commas taken out) without reading its numbers: on random labels and answers of figures with
  and without grouping commas, decimals and bounds, the evidence equals reading every label
  (``GATE_DIGITS`` off); a gate that keeps the label's commas is caught.
- A trace keeps no result set alive once its report is dropped: ``sources.rows`` ties a
  per-answer source to its table weakly, and ``rules._rowsums_tables`` keeps a table's
  rows-sums reading on the table (both held them in memos across answers: the last 512 and
  32 result sets, ~10 MB each at 20,000x10). A report still rechecks alike after a
  collection; a registry holding its tables strongly is caught.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import crossfoot.language.labelquote as labelquote
import crossfoot.sources.rows as rows_module
import crossfoot.sources.rows_names as rows_names
from crossfoot import trace
from crossfoot.numbers.extract import extract
from crossfoot.sources.rows_table import RowTable
from deep import examples


@contextmanager
def _flag(flag: list[bool], on: bool) -> Iterator[None]:
    saved = flag[0]
    flag[0] = on
    try:
        yield
    finally:
        flag[0] = saved


def _named_both(label: str | None, text: str) -> tuple[bool, bool]:
    with _flag(rows_names.GATE_NAMED, True):
        fast = rows_names.row_named(label, text)
    with _flag(rows_names.GATE_NAMED, False):
        slow = rows_names.row_named(label, text)
    return fast, slow


_WORDS = ["item", "Item", "ITEM", "north", "America", "eu", "EU", "k", "s", "i", "12", "2023"]
_ODD = ["\u212a", "\u017f", "\u0130", "\u00e9"]  # Kelvin sign, long s, dotted I, e acute
_SEPS = [" ", "  ", "-", "_", "\t", " - ", "__", "\x1c", "-_ "]
_PIECE = st.sampled_from(_WORDS + _ODD) | st.text(alphabet="aAkKsS1-_ .'", max_size=4)


@st.composite
def _label_and_text(draw: st.DrawFn) -> tuple[str, str]:
    words = draw(st.lists(_PIECE, min_size=1, max_size=3))
    label = draw(st.sampled_from(_SEPS)).join(words)
    if draw(st.booleans()):
        label = draw(st.sampled_from(["", " ", "-"])) + label + draw(st.sampled_from(["", " "]))
    # The text: the label's words again (case changed, other separators) among other pieces,
    # or unrelated pieces.
    said = [draw(st.sampled_from([w, w.upper(), w.lower(), w.title()])) for w in words]
    inner = draw(st.sampled_from(_SEPS)).join(said)
    before = draw(st.lists(_PIECE, max_size=3))
    after = draw(st.lists(_PIECE, max_size=3))
    sep = draw(st.sampled_from([*_SEPS, "", "'s ", "1"]))
    if draw(st.booleans()):
        text = sep.join([*before, inner, *after])
    else:
        text = sep.join([*before, *after])
    return label, text


@settings(max_examples=examples(300, 600), deadline=None)
@given(_label_and_text())
@example(("North America", "north-america's revenue"))
@example(("north_america", "North  America grew"))
@example(("k", "\u212a grew"))  # (the pattern matches the Kelvin sign: the gate must not say no)
@example(("s", "\u017f"))
@example(("-5", "x_-5"))
@example(("a - b", "A b"))
@example(("EU", "EUR 5"))
@example(("item 12", "item 1 and item 2"))
def test_the_named_gate_answers_as_the_pattern(case: tuple[str, str]) -> None:
    fast, slow = _named_both(*case)
    assert fast == slow


@pytest.mark.parametrize(
    ("label", "text"),
    [("North America", "North-America's revenue"), ("item 12", "ITEM  12 grew")],
)
def test_a_gate_without_separator_runs_or_lowering_is_caught(
    monkeypatch: pytest.MonkeyPatch, label: str, text: str
) -> None:
    assert _named_both(label, text) == (True, True)
    rows_names._SPACED.clear()
    monkeypatch.setattr(rows_names, "_spaced", lambda t: t.lower())  # no runs made one space
    assert rows_names.row_named(label, text) is False
    rows_names._SPACED.clear()
    monkeypatch.setattr(rows_names, "_spaced", lambda t: rows_names._SEPARATORS.sub(" ", t))
    assert rows_names.row_named(label, text) is False  # (not lowered)


_FIGURE = st.sampled_from(["5", "12", "1,400", "1400", "2.5", "30", "0.5", "2,5"])
_LABEL_WORDS = st.sampled_from(
    ["More than", "Less than", "due in", "years", "year", "Gains, net of tax of", "item", "$"]
)


@st.composite
def _quote_case(draw: st.DrawFn) -> tuple[str, list[str]]:
    labels = []
    for _ in range(draw(st.integers(1, 6))):
        parts = draw(st.lists(_LABEL_WORDS | _FIGURE, min_size=1, max_size=4))
        labels.append(draw(st.sampled_from([" ", "_", ", "])).join(parts))
    figure = draw(_FIGURE)
    words = draw(st.lists(_LABEL_WORDS, max_size=3))
    tail = draw(st.lists(_LABEL_WORDS, max_size=2))
    text = " ".join([*words, figure, *tail, "were $1,234."])
    return text, labels


def _quoted_both(text: str, labels: list[str]) -> list[tuple[object, object]]:
    out: list[tuple[object, object]] = []
    for mention in extract(text):
        got: list[object] = []
        for on in (True, False):
            with _flag(labelquote.GATE_DIGITS, on):
                got.append(labelquote.quoted_in_label(text, mention, labels))
        out.append((got[0], got[1]))
    return out


@settings(max_examples=examples(300, 400), deadline=None)
@given(_quote_case())
@example(("Leases due in more than 5 years were $1,400.", ["More than 5 years"]))
@example(("Gains of $1,400 were $1,234.", ["Gains of 1,400 thousand"]))
@example(("due in 1,400 years were $1,234.", ["due_in_1400_years"]))
def test_the_digits_gate_answers_as_reading_every_label(case: tuple[str, list[str]]) -> None:
    for fast, slow in _quoted_both(*case):
        assert fast == slow


def test_a_digits_gate_that_keeps_the_commas_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    text, labels = "Gains of $1,400 were $1,234.", ["Gains of 1,400 thousand"]
    ((fast, slow), _) = _quoted_both(text, labels)
    assert fast is not None and fast == slow
    monkeypatch.setattr(labelquote, "_holds", lambda label, digits: digits in label)
    with _flag(labelquote.GATE_DIGITS, True):
        assert labelquote.quoted_in_label(text, extract(text)[0], labels) is None


# ------------------------------------------------------------------ result sets not kept alive


def _tables_alive() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is RowTable)


def _result(seed: int, n: int = 150) -> list[dict[str, object]]:
    rng = random.Random(seed)  # (1,500 cells: more than front.trace_rows keeps)
    return [
        {"name": f"item {i + 1}", **{f"m{c}": rng.randint(100, 10**6) for c in range(9)}}
        for i in range(n)
    ]


def _answer(rows: list[dict[str, object]]) -> str:
    a, b = rows[0], rows[1]
    total = sum(int(r["m0"]) for r in rows)  # type: ignore[call-overload]
    return f"item 1 had {a['m0']:,} and item 2 had {b['m0']:,}; the m0 total is {total:,}."


def test_a_trace_keeps_no_large_result_set_alive() -> None:
    before = _tables_alive()
    reports = [trace(_answer(rows), rows) for rows in map(_result, range(4))]
    assert all(r.ok for r in reports)  # (the column total read the whole table)
    assert _tables_alive() == before + 4  # a report holds its tables (its recheck reads them)
    del reports
    assert _tables_alive() == before


def test_a_registry_holding_its_tables_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _tables_alive()
    monkeypatch.setattr(rows_module, "ref", lambda table: lambda: table)  # (held strongly)
    for rows in map(_result, range(10, 13)):
        trace(_answer(rows), rows)
    assert _tables_alive() > before
    rows_module._TABLES.clear()


def test_a_report_rechecks_alike_after_a_collection() -> None:
    rows = _result(7)
    report = trace(_answer(rows), rows)
    first = report.coincidence(draws=12)
    gc.collect()
    assert report.coincidence(draws=12) == first
    assert [c.status for c in trace(_answer(rows), rows).claims] == [
        c.status for c in report.claims
    ]
