"""Properties of the convfinqa5 rule (issue 14): a table too large for a figure's limit by its
cell count is searched for a percent change when its crossfooting pairs (cells sharing a row or a
column) fit the same chance budget. The sentence classes with their failing twins are vectors
(``tests/vectors/convfinqa5.json``)."""

from __future__ import annotations

import json
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._near import line_pairs


def _ctx() -> ClaimContext:
    m = Mention("1", 0, 1, Decimal(1), "number", Decimal("0.5"))
    return ClaimContext(m, None, "1", (m,), 0, None, Options())  # type: ignore[arg-type]


@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=40))
def test_line_pairs_counts_every_ordered_pair_sharing_a_row_or_a_column(
    cells: set[tuple[int, int]],
) -> None:
    values = [
        SourceValue(
            Decimal(i + 1), "S", row=str(r), column=str(c), table=0, row_index=r, col_index=c
        )
        for i, (r, c) in enumerate(sorted(cells))
    ]
    brute = sum((a[0] == b[0]) + (a[1] == b[1]) for a in cells for b in cells if a != b)
    assert line_pairs(_ctx(), ValueIndex(values)) == brute


def test_line_pairs_is_none_for_running_text() -> None:
    prose = SourceValue(Decimal(5), "S", span=(0, 1))
    cell = SourceValue(Decimal(5), "S", row="a", column="2024", table=0, row_index=1, col_index=1)
    assert line_pairs(_ctx(), ValueIndex([prose, cell])) is None


_YEARS = [str(y) for y in range(2020, 2026)]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=1000, max_value=9999), min_size=6, max_size=6),
        min_size=6,
        max_size=6,
    ),
    st.integers(0, 5),
    st.integers(0, 4),
    st.integers(1100, 1199),
)
def test_a_change_of_one_row_of_a_large_table_is_derived(
    grid: list[list[int]], row: int, col: int, rise: int
) -> None:
    # 36 cells: more than the limit of a change 0.1xx (20 to 28 values), while the 360 pairs
    # along rows and columns fit its budget
    grid[row][col + 1] = grid[row][col] * rise // 1000
    table = [["(in millions)", *_YEARS]] + [
        [f"line {chr(97 + i)}", *(f"{v / 10:.1f}" for v in r)] for i, r in enumerate(grid)
    ]
    a, b = Decimal(grid[row][col]), Decimal(grid[row][col + 1])
    change = (b / a - 1).quantize(Decimal("0.001"))
    if not Decimal("0.1") <= change < Decimal("0.2"):
        return
    text = f"and what is that change over the earlier value? The answer is {change}."
    report = crossfoot.check(text, [json.dumps(table)], require_citations=False)
    assert report.claims[-1].status == "derived", report.explain()
