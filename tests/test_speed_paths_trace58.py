"""trace's large result sets read whole, round 42 (issue 19, trace58): exact cuts.

- ``sources.rows_whole.whole_cells`` makes every cell of a table column by column: it equals
  ``RowTable.cell`` over the row-major picks ``AnswerOperands.sources_for`` made before (every
  field, the operand flags, the period and year of each cell), returns the same objects as
  ``cell`` on the same table, and declines (None) a table with a column lacking a row's cell.
- The per-label readings keep :data:`~crossfoot.language.rowtokens.LABELS_KEPT` labels: a
  result set of 20,000 rows read again by the re-check finds them all kept.
"""

from __future__ import annotations

from decimal import Decimal
from itertools import starmap
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language import labelquote, rowtokens
from crossfoot.language.asked import read_question as parse_ask
from crossfoot.language.owncount import singular
from crossfoot.language.question import grown
from crossfoot.model.types import SourceValue, kind_family
from crossfoot.numbers.extract import extract
from crossfoot.rules import _named, counts
from crossfoot.rules._bar_pool import named_cells, named_sources
from crossfoot.rules._named import Named, value_years
from crossfoot.sources.rows import read_tables
from crossfoot.sources.rows_whole import every_cell, whole_cells

_LABELS = st.sampled_from(["item 1", "2021", "March 2022", "Q3 2023", "Cedar Fox", None, "x 5"])
_VALUES = st.one_of(
    st.integers(-(10**6), 10**6),
    st.sampled_from(["12.5%", "$4.2M", "n/a", "", "7", "2019", "1,234.5", "-3"]),
    st.none(),
)
_COLUMNS = st.lists(
    st.sampled_from(["revenue", "growth %", "year", "2023", "month", "orders", "price_usd", "id"]),
    min_size=1,
    max_size=4,
    unique=True,
)


def _rows(data: Any, columns: list[str], n: int, ints: bool) -> list[dict[str, Any]]:
    labels = [f"{data.draw(_LABELS)} {i}" if i % 3 else data.draw(_LABELS) for i in range(n)]
    out = []
    for i in range(n):
        row: dict[str, Any] = {"name": labels[i]}
        for c in columns:
            row[c] = data.draw(st.integers(0, 10**6)) if ints else data.draw(_VALUES)
        out.append(row)
    return out


def _picked(table: Any, operands: set[int]) -> tuple[Any, ...]:
    """The cells as ``sources_for`` picked them before round 42: every (row, column) holding
    a cell, sorted, each made by ``RowTable.cell``."""
    picked = sorted((i, j) for j, col in enumerate(table.cells) for i in col)
    return tuple(starmap(table.cell, ((i, j, i in operands) for i, j in picked)))


@settings(max_examples=50, deadline=None)
@given(st.data(), _COLUMNS, st.integers(1, 40), st.booleans())
def test_whole_cells_equal_the_picks(data: Any, columns: list[str], n: int, ints: bool) -> None:
    rows = _rows(data, columns, n, ints)
    operands = set(data.draw(st.lists(st.integers(0, n - 1), max_size=5)))
    one = read_tables([dict(r) for r in rows])[0][0]
    two = read_tables([dict(r) for r in rows])[0][0]
    made = whole_cells(one, operands)
    full = all(len(col) == one.rows for col in one.cells if col)
    assert (made is not None) == full
    if made is None:
        return
    before = _picked(two, operands)
    assert made == before  # every field equal, in the same order
    assert [v.period for v in made] == [v.period for v in before]
    assert all(v is one.cell(v.row_index, v.col_index, v.row_index in operands) for v in made)


def test_whole_cells_reuse_the_cells_made_before() -> None:
    rows = [{"name": f"item {i}", "a": i, "b": 2 * i} for i in range(600)]
    table = read_tables(rows)[0][0]
    early = table.cell(5, 2, True)
    got = every_cell(table, {5})
    assert got is not None and got.values[5 * 2 + 1] is early
    small = read_tables(rows[:10])[0][0]
    assert every_cell(small, set()) is None  # a small table keeps its picks (sources.rows_kept)


def test_the_per_label_readings_keep_a_large_result_sets_labels() -> None:
    readers = [
        rowtokens.label_reading,
        rowtokens.label_tokens,
        rowtokens.required_tokens,
        rowtokens.acronym,
        rowtokens.ways_to_name,
        labelquote._label_sides,
        _named._figures_of,
        _named._label_tokens,
        _named._own_words,
    ]
    for read in readers:
        assert read.cache_info().maxsize == rowtokens.LABELS_KEPT >= 20_000, read


_CELL = st.builds(
    lambda sid, table, row, column, value, view, kind: SourceValue(
        Decimal(value), sid, kind, row=row, column=column, table=table, view=view
    ),
    st.sampled_from(["rows", "S1"]),
    st.sampled_from([0, 1, None]),
    st.sampled_from(["North", "South", "item 3", None]),
    st.sampled_from(["revenue", "orders", "growth %", None]),
    st.integers(-50, 50),
    st.sampled_from(["both", "true", "written"]),
    st.sampled_from(["number", "money", "percent"]),
)


@settings(max_examples=50, deadline=None)
@given(st.lists(_CELL, max_size=40), st.sampled_from(["row", "column"]), st.data())
def test_the_bar_read_by_column_equals_the_per_cell_filter(
    cells: list[SourceValue], axis: str, data: Any
) -> None:
    values = tuple(cells)
    ask = parse_ask(data.draw(st.sampled_from(_QUESTIONS)))
    named = Named(ask, values, {})
    assert named_cells(values, named.names, axis) == [v for v in values if named.names(v, axis)]
    plain = {v.source_id for v in values if named.names(v, "column") or named.names(v, "row")}
    assert named_sources(values, named.names) == plain
    bar = next((m for m in extract(ask.text) if m.kind != "year"), None)
    if bar is None:
        return
    for periods in (False, True):
        got = counts.bar_values(values, ask, bar, named, periods)
        assert got == _plain_bar_values(values, ask, bar, named, periods)
        assert counts.bar_values(values, ask, bar, named, periods) == got  # (kept, again)
    pool = counts.bar_pool(values, ask, bar)
    pool.clear()  # (a caller's copy: the kept pool is not changed)
    assert counts.bar_pool(values, ask, bar) == _plain_pool(values, ask, bar)


_QUESTIONS = [
    "How many rows had revenue above 10?",
    "How many regions had orders below 5%?",
    "How many items grew by more than 5%?",
    "How many years did North exceed 20?",
    "In how many quarters was South's revenue above $3M?",
]


def _plain_pool(values: Any, ask: Any, bar: Any) -> list[SourceValue]:
    """``counts.bar_pool`` before round 42 (no kept pool)."""
    views = ("both", "true") if bar.scale != 1 else ("both", "true", "written")
    family = kind_family(bar.kind)
    moved = family == "percent" and grown(ask.text, 0, len(ask.text))
    return [
        v
        for v in values
        if v.table is not None
        and v.view in views
        and (
            kind_family(v.kind) == family
            or (family == "percent" and v.kind == "number" and (not moved or counts._of_changes(v)))
        )
    ]


def _plain_bar_values(values: Any, ask: Any, bar: Any, named: Any, periods: bool) -> Any:
    """``counts.bar_values`` before round 42: the per-cell filter over a pool made anew."""
    pool = _plain_pool(values, ask, bar)
    for axis in ("row", "column") if periods else ("column", "row"):
        chosen = [v for v in pool if named.names(v, axis)]
        if ask.years:
            chosen = [v for v in chosen if value_years(v) & ask.years or not value_years(v)]
        if periods:
            quarters = singular(ask.counted or "") == "quarter"
            chosen = [v for v in chosen if value_years(v) or (quarters and counts._quarters([v]))]
        found: dict[tuple[object, ...], SourceValue] = {}
        for v in chosen:
            key = (v.source_id, v.table, v.row_index, v.col_index)
            if key not in found or v.view == "true":
                found[key] = v
        if found:
            return list(found.values())
    return [] if periods else counts.year_column_values(pool, ask)
