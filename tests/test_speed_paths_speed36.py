"""The reading of a small result set (issue 19, speed36) gives what it gave before.

``RowTable`` reads the periods of a result set (``spoken_rows``, ``row_periods``, the period
column's name) only when it has a column of months, looks for months and dates in no column of
plain ints, and ``names_periods`` answers a second ask of the same tuple of cells from the
first. Proven here: on random small result sets (keys of names, months, quarters, days, years;
a column of months or none, one of ints like years) the table's period memo, spoken names, row
periods, row years and period column are what the readings give over every column, called as
before; the memo answers only for the very tuple it read, never for a list (which may change in
place).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot.sources.rows_months as rows_months
from crossfoot.sources.rows import read_tables
from crossfoot.sources.rows_months import names_periods, period_memo, row_periods, spoken_rows
from crossfoot.sources.rows_table import _period_column
from crossfoot.sources.rows_years import date_years, row_years

_KEYS = st.sampled_from(
    ["North", "South", "2024-01", "2024-02", "Q1 2024", "Q2", "March", "2024-03-05", "2023", None]
)


@st.composite
def _result_sets(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(1, 5))
    month_col = draw(st.booleans())
    rows = []
    for i in range(n):
        row: dict[str, Any] = {"key": draw(_KEYS)}
        if month_col:
            row["month"] = draw(st.sampled_from(["2024-01", "2024-02", "Jan 2024", "Q3", None]))
        row["revenue"] = draw(st.integers(0, 10**6))
        if month_col:  # (a column of ints that read like years: no date, no month)
            row["year"] = draw(st.sampled_from([2023, 2024]))
        row["rate"] = draw(st.sampled_from([1.5, 2.25, None, "3.5%"])) if i % 2 else 0.5
        rows.append(row)
    return rows


@settings(max_examples=50, deadline=None)
@given(_result_sets())
def test_periods_read_as_before(rows: list[dict[str, Any]]) -> None:
    tables = read_tables(rows)[0]
    assert len(tables) == 1
    t = tables[0]
    raw = [tuple(r.get(c) for r in rows) for c in t.columns]
    # (the ints skipped: nothing found there; "texts", the columns' cells groups38's categories
    # read, is kept beside the periods' memo)
    periods = {k: v for k, v in t.memo.items() if k != "texts"}
    assert periods == period_memo(raw, t.key_col)
    years = row_years(t._meta, t.key_col, t._ints, t.cells) or date_years(raw, t.key_col, t.labels)
    spoken = spoken_rows(t.memo, t.rows)  # the readings as RowTable called them before
    if spoken is None:
        assert dict(t.row_year_map()) == dict(years)
    if spoken is not None:
        assert tuple(t.spoken) == spoken[0] and t._periods == spoken[2]
        # (a row's own year, from a year column or its key, wins over its month's: RowTable)
        assert dict(t.row_year_map()) == {**spoken[1], **dict(years)}
    else:
        assert tuple(t.spoken) == tuple(t.labels)
        assert t._periods == row_periods(t.memo, t.labels, t.rows)
    col = t.memo.get("month column")
    if col is None:  # (before: _period_column looked for a column that is None: none is)
        assert t.info.periods is None and _period_column(t.columns, raw, None) is None
    else:  # the column of months by name (raw is rebuilt here: found by equality)
        assert t.info.periods in {
            c for c, cells in zip(t.columns, raw, strict=True) if cells == col
        }


def test_names_periods_keeps_only_the_tuple_it_read() -> None:
    months = ("2024-01", "2024-02")
    assert names_periods(months) and names_periods(months)
    assert rows_months._NAMES_PERIODS[0][0] is months
    assert not names_periods(("North", "South"))  # another tuple: read afresh
    cells = ["2024-01", "2024-02"]
    assert names_periods(cells)
    cells[0] = "North"  # a list may change in place: never answered from the memo
    assert not names_periods(cells)
    assert rows_months._NAMES_PERIODS[0][0] is not cells


def test_a_month_key_series_is_still_spoken_by_its_months() -> None:
    rows = [{"month": "2024-01", "revenue": 5}, {"month": "2024-02", "revenue": 7}]
    t = read_tables(rows)[0][0]
    assert tuple(t.spoken) == ("January", "February")
    assert t.info.periods is None or t.info.periods == "month"
    plain = read_tables([{"region": "North", "revenue": 5}, {"region": "South", "revenue": 7}])
    u = plain[0][0]
    assert tuple(u.spoken) == ("North", "South") and u._periods is None and u.info.periods is None
