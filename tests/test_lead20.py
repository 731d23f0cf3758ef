"""The lead's round-20 class through ``trace``: a result set whose rows are first named by their
period ("month, region, sales") is keyed by its later text column (``sources.rows_key``), and a
figure must sit in the named region's row of the named period (``rules.row_months``). Cases:
tests/vectors/lead20_keys.json (both twins per month format).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crossfoot import trace
from crossfoot.sources.rows_months import names_periods, period_memo

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "vectors" / "lead20_keys.json").read_text()
)["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_vectors(case: dict[str, Any]) -> None:
    got = [c.status for c in trace(case["answer"], case["rows"]).claims]
    assert got == case["statuses"]


def test_the_wrong_region_names_the_region_of_the_cell() -> None:
    rows = [
        {"month": "2024-01", "region": "North", "sales": 3.9},
        {"month": "2024-01", "region": "South", "sales": 1.2},
    ]
    claim = trace("North sales were 1.2 in January 2024.", rows).claims[0]
    assert claim.status == "wrong_row"
    assert "South" in claim.message


def test_a_period_column_yields_the_key_to_a_later_text_column() -> None:
    assert names_periods(["2024-01", "2024-02"]) and not names_periods(["North", "South"])
    assert period_memo([("2024-01", "2024-02"), (3.9, 4.2)], 0)["month key"] is True
    assert "month key" not in period_memo([("N", "S"), ("2024-01", "2024-02"), (1, 2)], 0)
