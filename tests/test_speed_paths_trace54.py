"""trace's large result sets, round 39 (issue 19, trace54): speed only, each against the plain
reading.

- ``sources.rows_stats.int_columns``: a long int column's sum is read right after its least
  and greatest (its cells still in cache) when a window lies beyond its every cell; the bounds
  and sums equal the lazy readings (``RowTable._int_bounds``, ``sum``), and the reports equal
  those made with the sums read when asked.
- ``language.rowtables.LabelTable``: ``sectioned`` scans the cells only when some label holds
  ": " (a section needs "<section>: <row>"); ``row_roots`` reads each token once.
- ``sources.rows_names._Labels.spaced``: labels stripped by ``_labels`` (no whitespace at
  either end) skip the scans for a separator beside a space.
- ``front.trace._narrow``: a column word read once per column, not per cell.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.front.trace import _narrow, trace
from crossfoot.front.trace_keep import column_words
from crossfoot.language.rowtables import LabelTable, _read_tables, section_of
from crossfoot.language.rowtokens import root
from crossfoot.model.types import Source, SourceValue
from crossfoot.sources import rows_stats
from crossfoot.sources.load import SourceSet
from crossfoot.sources.rows import read_tables
from crossfoot.sources.rows_names import _ODD_SPACE, _labels

_INTS = st.one_of(st.integers(-5, 10**6), st.integers(-(2**60), 2**60))


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(_INTS, min_size=1, max_size=6), min_size=1, max_size=4),
    st.lists(st.tuples(st.floats(-(2.0**62), 2.0**62), st.floats(0, 2.0**40)), max_size=4),
)
@example([[2**53 + 1, 1]], [(3.0e16, 4.0e16)])  # beyond what a float holds: no bounds, no sum
@example([[-(2**53) - 1, 1]], [])
@example([[5, 7]], [(8.0, 9.0)])  # a window beyond the greatest: the sum read with the bounds
@example([[5, 7]], [(-9.0, -8.0)])  # and beyond the least, negated
def test_int_columns_equal_the_lazy_readings(
    columns: list[list[int]], spans: list[tuple[float, float]]
) -> None:
    # rows repeated up to the length whose sums are read with the bounds (MIN_CELLS)
    n = rows_stats.MIN_CELLS
    rows = [
        {"k": f"r{i}", **{f"c{j}": col[i % len(col)] for j, col in enumerate(columns)}}
        for i in range(n)
    ]
    windows = [(lo, lo + width) for lo, width in spans]
    eager, lazy = read_tables(rows)[0][0], read_tables(rows)[0][0]
    got = rows_stats.int_columns(eager._ints, eager.cells, eager._bounds, windows)
    assert got == [j for j in range(len(lazy.cells)) if lazy._int_bounds(j) is not None]
    assert eager._bounds == lazy._bounds
    for j, ints in enumerate(eager._ints):
        if not ints or eager._bounds[j] is None:
            continue
        low, high = eager._bounds[j]  # type: ignore[misc]
        most = max(high, -low)
        beyond = any(lo > most or hi < -most for lo, hi in windows)
        total = eager.cells[j].total  # type: ignore[attr-defined]
        assert total == (sum(ints) if beyond else None)
        assert eager.cells[j].numbers().sum() == sum(ints)  # type: ignore[attr-defined]


def test_short_columns_read_their_sums_when_asked() -> None:
    rows = [{"k": "a", "x": 1}, {"k": "b", "x": 5}, {"k": "c", "x": 3}]
    table = read_tables(rows)[0][0]
    assert rows_stats.int_columns(table._ints, table.cells, table._bounds, [(90.0, 99.0)]) == [1]
    assert table._bounds == {0: None, 1: (1, 5)} and table.cells[1].total is None  # type: ignore[attr-defined]
    assert table.cells[1].numbers().sum() == 9  # type: ignore[attr-defined]


def _answer(rng: random.Random, rows: list[dict[str, Any]]) -> str:
    a, b = rng.sample(range(len(rows)), 2)
    total = sum(r["x"] for r in rows) + rng.choice((0, 0, 1, 40))
    return (
        f"{rows[a]['k']} had {rows[a]['x']:,} and {rows[b]['k']} {rows[b]['y']:,} orders. "
        f"Together x reached {total:,}, a mean of {total / len(rows):,.0f}; "
        f"orders averaged {sum(r['y'] for r in rows) / len(rows):,.1f}."
    )


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_reports_equal_those_of_the_lazy_readings(seed: int) -> None:
    rng = random.Random(seed)
    rows = [
        {"k": f"item {i + 1}", "x": int(10 ** rng.uniform(2, 6)), "y": rng.randint(-50, 900)}
        for i in range(rows_stats.MIN_CELLS + 100)
    ]
    text = _answer(rng, rows)

    def verdicts() -> list[tuple[Any, ...]]:
        return [
            (c.status, c.mention.text, c.message, c.evidence.formula if c.evidence else None)
            for c in trace(text, rows).claims
        ]

    eager = verdicts()
    try:
        rows_stats.STATS[0] = False
        lazy = verdicts()
    finally:
        rows_stats.STATS[0] = True
    assert eager == lazy


_LABEL = st.text(st.sampled_from(["a", "B", ":", " ", "/", "x", "1"]), max_size=8)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(_LABEL, _LABEL, st.sampled_from(["x", "y"])), min_size=1, max_size=8))
@example([("Industrial: Net sales", "Net sales", "2025")])  # "Industrial: Net sales / 2025"
@example([("a: b / c", "b", "x")])
def test_label_tables_equal_the_plain_reading(cells: list[tuple[str, str, str]]) -> None:
    values = tuple(
        SourceValue(1, "t", "number", label=f"{head} / {col}", row=row or None, column=col, table=0)
        for head, row, col in cells
    )
    tables = _read_tables(values)
    assert len(tables) == (1 if any(row for _, row, _ in cells) else 0)
    for table in tables.values():
        assert isinstance(table, LabelTable)
        assert table.sectioned == any(section_of(sv) is not None for sv in table.cells)
        assert table.row_roots == frozenset(root(t) for ts in table.rows.values() for t in ts)


_PIECES = ("item", "North", " ", "  ", "-", "_", "\t", "é", "7", "\x01", "\x01 ", " \x01")


def _padded(lower: tuple[str, ...]) -> bool:
    """The reading of the lowercased labels joined, a separator at each end (round 36's)."""
    joined = "\x01" + "\x01".join(lower) + "\x01"
    odd = ("\x01 ", " \x01", "  ", *_ODD_SPACE)
    return joined.isascii() and not any(map(joined.__contains__, odd))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map("".join)))
@example(["North", "a\x01 b"])  # a label holding the separator beside a space
@example(["item 1", "item  2"])
def test_stripped_labels_are_spaced_as_the_padded_join(cells: list[str]) -> None:
    labels = _labels(tuple(cells), {str})
    assert labels.spaced() == _padded(labels.lower())


def test_narrowed_to_a_column_word_as_per_cell() -> None:
    values = tuple(
        SourceValue(v, "Q1", "number", row=f"r{v}", column=col, table=0)
        for v, col in enumerate(["orders", "revenue", "orders_2024", None, "Orders", "stores"])
    )
    sources = SourceSet([Source(id="Q1", values=values), Source(id="notes", values=values)], ())
    got = _narrow(sources, frozenset({"Q1"}), "order")
    plain = tuple(v for v in values if "order" in column_words(v.column or ""))
    assert got.sources[0].values == plain and len(plain) == 3
    assert got.sources[1].values == values  # (not a result set: as it was)
    rows = _narrow(sources, frozenset({"Q1"}), frozenset({"r1", "r4"}))
    assert [v.row for v in rows.sources[0].values] == ["r1", "r4"]
