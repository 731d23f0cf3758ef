"""The short cuts of round 23 (issue 19, speed29: the trace's fixed cost on small tables)
against the readings they skip:

- ``bounds._may_end_in_bound``: the tail of the window before a figure read for the last word
  of a bound word (after its fillers, whitespace and currency sign) before ``_SIDE`` tries
  every start of the window; hypothesis texts of bound words in both cases, fillers, currency
  signs, every kind of whitespace, digits, negations, glued letters and the characters that
  fold to ASCII letters, every figure position and floor, against the pattern alone. A tail
  reading that forgets a bound word's last word ("in excess of", "tops", ...) is caught.
- ``rowtables.label_tables`` by the ids of the cells: the same cells in a new tuple (the cells
  near the same figures of a kept result set, for a new answer) take the tables read for them;
  hypothesis pairs of sources of the same, other or reordered cells against a fresh reading. A
  key blind to the cells' order, or one of their count, is caught.
- ``memo.by_cells`` (``engine._labels``, the labels with digits, once per tuple of the same
  cells): hypothesis picks of objects in new tuples against the reading itself, and a key blind
  to the order is caught; a kept result set traced again and again gives a fresh read's report.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.front import trace_rows
from crossfoot.front.trace import trace
from crossfoot.language import bounds, rowtables
from crossfoot.language.bounds import bound_before
from crossfoot.language.rowtables import LabelTable, label_tables
from crossfoot.model.memo import by_cells
from crossfoot.model.types import Source, SourceValue
from deep import examples

# ----------------------------------------------------------------------------- bound_before

_PIECES = st.sampled_from(
    ["more than", "MORE THAN", "Less Than", "at least", "at most", "up to", "upwards of",
     "in excess of", "in  Excess\tof", "no more than", "not more than", "isn't above",
     "never under", "greater than or equal to", "fewer than", "exceeded", "Surpassing",
     "topped", "top", "crossed", "passed", "passes the", "above", "over", "below", "under",
     "the", "a", "an", "of", "of the", "to", "rose to", "a mean of", "revenue", "was",
     "mover", "gabove", "x_over", "5over", "$", "~", "\u20ac", "\u00a3", "\u00a5", "\u20b9",
     " ", "  ", "\t", "\n", "\x1c", "\xa0", "\u2009", "5", "30%", "1,250", ".", ",", "(",
     "\u017furpassed", "\u212aeep", "\u0130", "abov\u0131", "\u00e9t\u00e9"]
)  # fmt: skip


# Every bound word's last word, each before a figure: a word the gate forgets is caught here.
_WORDS = (
    "exceed exceeds exceeded exceeding surpass surpasses surpassed surpassing tops topped "
    "topping cross crosses crossed crossing above over below under"
).split()
_PHRASES = [
    "pass the",
    "passes the",
    "passed the",
    "passing the",
    "in excess of",
    "upwards of",
    "at least",
    "more than",
    "up to",
    "at most",
]
_EVERY = " ".join(f"Sales {w} 42 and" for w in [*_WORDS, *_PHRASES])  # fmt: skip


def _texts() -> st.SearchStrategy[str]:
    return st.lists(_PIECES, max_size=9).map(lambda parts: " ".join(parts) + " 42")


def _both(text: str, start: int, floor: int) -> Iterator[object]:
    for gated in (True, False):
        bounds.GATED = gated
        try:
            yield bound_before(text, start, floor)
        finally:
            bounds.GATED = True


@settings(max_examples=examples(50, 400), deadline=None)
@given(_texts(), st.integers(0, 40))
@example("Sales were in excess of $ 42", 0)
@example("Sales were in excess of the 42", 0)
@example("It was not more than 42", 0)
@example("Sales passed the 42", 0)
@example("Sales were greater than or equal to \u20ac 42", 0)
@example("Sales were More Than\n42", 0)
@example("Sales \u017furpassed 42", 0)
@example("Sales were upwards of  42", 30)
@example(_EVERY, 0)
def test_gate_reads_as_the_pattern(text: str, floor: int) -> None:
    for start in range(len(text) + 1):
        gated, plain = _both(text, start, floor)
        assert gated == plain, (text, start, floor)


def test_gate_skips_plain_windows() -> None:
    # The gate is no guess: it says "no match" for the plain windows a trace asks about...
    for window in ("item 1 had ", "a mean of ", "We also saw 123,457 events, a ", "rose by "):
        assert not bounds._may_end_in_bound(window)
    # ...and "maybe" for every bound word's ending, fillers and signs after it.
    for window in ("in excess of ", "upwards of the $ ", "at least a ", "topped ", "up to ~"):
        assert bounds._may_end_in_bound(window)


def test_a_broken_gate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # Forget that "of" may end a bound word ("in excess of"): the property must see it.
    monkeypatch.setattr(bounds, "_LAST_WORDS", bounds._LAST_WORDS - {"excess"})
    text = "Sales were in excess of $ 42"
    gated, plain = _both(text, len(text) - 2, 0)
    assert plain == (">", True) and gated is None


# ----------------------------------------------------------------------------- label_tables

_ROW_LABELS = ["item 1", "Europe", "Total", "Net sales", "2023", "Other", "", None]
_COLUMN_NAMES = ["revenue", "Revenue", "orders", "Domestic 2022", "", None]


@st.composite
def _two_sources(draw: st.DrawFn) -> tuple[Source, Source]:
    pool = [
        SourceValue(
            Decimal(i),
            "rows",
            row=draw(st.sampled_from(_ROW_LABELS)),
            column=draw(st.sampled_from(_COLUMN_NAMES)),
            table=draw(st.sampled_from([0, 0, 1, None])),
            year=draw(st.sampled_from([None, None, 2023])),
            row_index=i,
        )
        for i in range(draw(st.integers(1, 8)))
    ]
    picks = st.lists(st.integers(0, len(pool) - 1), max_size=8)
    first = draw(picks)
    # the same cells again (in a new tuple), or others, or the same in another order
    second = draw(st.one_of(st.just(list(first)), picks, st.permutations(first)))
    return (
        Source("rows", values=tuple(pool[i] for i in first)),
        Source("rows", values=tuple(pool[i] for i in second)),
    )


def _read_alike(got: dict[int, LabelTable], values: tuple[SourceValue, ...]) -> bool:
    plain = rowtables._read_tables(values)
    if list(got) != list(plain):
        return False
    return all(
        got[t] == plain[t]
        and list(got[t].rows.items()) == list(plain[t].rows.items())
        and list(got[t].column_roots.items()) == list(plain[t].column_roots.items())
        for t in got
    )


@settings(max_examples=examples(50, 400), deadline=None)
@given(_two_sources())
def test_label_tables_by_cells_read_as_afresh(sources: tuple[Source, Source]) -> None:
    for source in sources:
        assert _read_alike(label_tables(source), source.values)


def test_a_key_blind_to_the_cells_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    cells = tuple(
        SourceValue(Decimal(i), "rows", row=row, column="revenue", table=0, row_index=i)
        for i, row in enumerate(["Europe", "Asia"])
    )
    one, other = Source("rows", values=cells), Source("rows", values=cells[::-1])
    # the same cells in a new tuple are a hit, and read as afresh
    again = Source("rows", values=tuple(cells))
    assert label_tables(again) is label_tables(one)
    assert _read_alike(label_tables(other), other.values)
    # a key that forgets the order hands one order's tables to the other: seen by the property
    monkeypatch.setattr(rowtables, "_cells_key", lambda values: tuple(sorted(map(id, values))))
    monkeypatch.setattr(rowtables, "_CACHE", {})
    monkeypatch.setattr(rowtables, "_BY_CELLS", {})
    label_tables(Source("rows", values=tuple(cells)))
    broken = label_tables(Source("rows", values=cells[::-1]))
    assert not _read_alike(broken, cells[::-1])


# ----------------------------------------------------------------------------- by_cells


@settings(max_examples=examples(50, 400), deadline=None)
@given(st.lists(st.lists(st.integers(0, 5), max_size=6), min_size=1, max_size=6))
def test_by_cells_is_the_reading_of_those_cells(picks: list[list[int]]) -> None:
    pool = [(f"cell {i}",) for i in range(6)]  # (frozen objects, each its own)
    memo: dict[tuple[int, ...], tuple[object, tuple[str, ...]]] = {}
    for pick in picks:
        cells = tuple(pool[i] for i in pick)  # a new tuple every time
        assert by_cells(memo, cells, 4, _joined) == _joined(cells)
    # a key blind to the order hands one order's reading to another
    broken: dict[tuple[int, ...], tuple[object, tuple[str, ...]]] = {}
    first, second = (pool[0], pool[1]), (pool[1], pool[0])
    _broken_by_cells(broken, first)
    assert _broken_by_cells(broken, second) != _joined(second)


def _joined(cells: tuple[object, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cells)


def _broken_by_cells(
    memo: dict[tuple[int, ...], tuple[object, tuple[str, ...]]], cells: tuple[object, ...]
) -> tuple[str, ...]:
    key = tuple(sorted(map(id, cells)))
    if key not in memo:
        memo[key] = (cells, _joined(cells))
    return memo[key][1]


def test_a_kept_result_set_traces_as_a_fresh_read() -> None:
    # The same rows (a copy) and answer again and again: the kept read hands every trace the
    # same cells in new Sources (label_tables, engine._labels by cells), as a fresh read does not.
    rows = [
        {"region": "Unit 1", "revenue": 4_820_000, "orders": 120},
        {"region": "Unit 2", "revenue": 3_150_000, "orders": 95},
    ]
    answers = [
        "Unit 1 had $4.82M, 53% more than Unit 2.",
        "Unit 2 had 120 orders.",  # another unit's cell
        "The 2 units had $7.97M together, Unit 1 above $4M.",
    ]
    for text in answers:
        kept = [trace(text, [dict(r) for r in rows]).to_dict() for _ in range(3)]
        trace_rows.KEEP[0] = False
        try:
            fresh = trace(text, [dict(r) for r in rows]).to_dict()
        finally:
            trace_rows.KEEP[0] = True
        assert kept == [fresh] * 3
