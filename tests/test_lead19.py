"""The lead's round-19 class through ``trace``: a monthly (quarterly, daily) result set gives its
rows their period (``sources.rows_months``), and a figure whose clause names one period must sit
in a row of it (``rules.row_months``). Cases: tests/vectors/lead19.json (both twins per format).
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import trace
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import month_of, row_months

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "vectors" / "lead19.json").read_text()
)["cases"]
MONTHS = "January February March April May June July August September October November December"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_vectors(case: dict[str, Any]) -> None:
    got = [c.status for c in trace(case["answer"], case["rows"]).claims]
    assert got == case["statuses"]


def test_the_wrong_month_names_both_months() -> None:
    rows = [
        {"sku": "A-1", "month": date(2024, m, 1), "units": u}
        for m, u in ((1, 120), (2, 135), (3, 150))
    ]
    claim = trace("A-1 sold 135 units in March.", rows, key="sku").claims[0]
    assert claim.status == "wrong_row"
    assert "February 2024" in claim.message and "March" in claim.message


def test_a_month_column_is_read_only_as_a_series() -> None:
    assert row_months(["2024-01", "2024-02"], ["N", "N"]) == {0: (2024, 1), 1: (2024, 2)}
    assert row_months(["2024-01", "2024-01"], ["N", "S"]) == {}  # one month: no series
    assert row_months(["2024-01", "total"], ["N", "N"]) == {}  # a cell that is no month
    assert month_of("2024-13") is None and month_of("Mayday") is None
    assert named_month("January or February") == ()
    assert row_months(["2024-01-05", "2024-01-05"], ["N", "N"]) == {}  # one day twice


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 4),
    st.integers(2, 5),
    st.data(),
)
def test_a_figure_passes_only_in_its_own_month(labels: int, months: int, data: Any) -> None:
    values = data.draw(
        st.lists(
            st.integers(100, 999), min_size=labels * months, max_size=labels * months, unique=True
        )
    )
    names = ["North", "South", "East", "West"][:labels]
    rows = [
        {"region": r, "month": f"2024-{m + 1:02d}", "revenue": values[i * months + m]}
        for i, r in enumerate(names)
        for m in range(months)
    ]
    i = data.draw(st.integers(0, labels - 1))
    cell_month = data.draw(st.integers(0, months - 1))
    said_month = data.draw(st.integers(0, months - 1))
    value = values[i * months + cell_month]
    said = MONTHS.split()[said_month]
    claim = trace(f"{names[i]} had revenue of {value} in {said} 2024.", rows).claims[0]
    assert claim.status == ("supported_exact" if said_month == cell_month else "wrong_row")
