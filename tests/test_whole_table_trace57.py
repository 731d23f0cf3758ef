"""Words of periods ("grew every month", "month over month", "rose in 2 of the 5 years") read
a large result set whole only when it holds periods (``sources.whole_table``; trace57): over
2,000 rows of "item N" they cost seconds a trace at 20,000 rows and had nothing to walk. Words
about rows of any kind (a rank, a bar of the answer's own, "only") still read every row; a
small table or a series of periods is read whole as before. Counted in cells, not timed."""

from __future__ import annotations

import random

import pytest

from crossfoot.sources.rows import AnswerOperands, read_tables

N = 600  # (past sources.whole_table.WHOLE_ROWS)


def _items(n: int, key: str = "item", periods: bool = False) -> list[dict[str, object]]:
    rng = random.Random(n)
    rows: list[dict[str, object]] = []
    for i in range(n):
        name = f"{2000 + i // 12}-{i % 12 + 1:02d}" if periods else f"{key} {i + 1}"
        rows.append(
            {"name": name, "revenue": rng.randint(100, 999_999), "orders": rng.randint(10, 9_999)}
        )
    return rows


def _cells(rows: list[dict[str, object]], text: str) -> int:
    tables, prose, order, issues = read_tables(rows)
    ops = AnswerOperands(tables, prose, order, issues, max_rows=12)
    return len(ops.sources_for(text).sources[0].values)


PERIOD_WORDS = [
    "Revenue grew 3.2% month over month, reaching 16,198 and 138 orders.",
    "Revenue grew every month, reaching 16,198.",
    "Revenue rose in 2 of the 5 years, reaching 16,198.",
]
ROW_WORDS = [
    "item 7 had the highest revenue, 16,198.",
    "Only item 3 had revenue above 900,000.",
    "2 of the 600 items had revenue above 990,000.",
]


@pytest.mark.parametrize("text", PERIOD_WORDS)
def test_period_words_read_no_large_table_of_other_rows(text: str) -> None:
    assert _cells(_items(N), text) < 100  # (main: every cell, 1,200)


@pytest.mark.parametrize("text", PERIOD_WORDS)
def test_period_words_read_a_series_of_months_whole(text: str) -> None:
    assert _cells(_items(N, periods=True), text) == 2 * N


@pytest.mark.parametrize("text", PERIOD_WORDS + ROW_WORDS)
def test_a_small_table_is_read_whole(text: str) -> None:
    assert _cells(_items(40), text) == 80


@pytest.mark.parametrize("text", ROW_WORDS)
def test_words_of_rows_read_every_row(text: str) -> None:
    assert _cells(_items(N), text) == 2 * N


def test_period_columns_are_periods() -> None:
    rows = [{"name": f"item {i}", "2023": 10 + i, "2024": 20 + i} for i in range(N)]
    assert _cells(rows, "Revenue grew every year, 138 items.") == 2 * N
