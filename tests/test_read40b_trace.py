"""Read-through 40b: trace's chance gate (``front/trace_chance.py``) takes a row the answer names
by a text cell that is its own ("Client MV1 ordered 621.", a unique customer column beside the
key) as named, as it takes the key's label; a repeated text ("the East region", a quarter of the
rows) names no one row, and a named row without the figure keeps the figure unsupported."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

import crossfoot

_FORMATS = ("dicts", "tuples", "columns")


@cache
def _rows() -> tuple[dict[str, Any], ...]:
    rng = random.Random(7)
    return tuple(
        {
            "order_id": f"A{10000 + i}",
            "customer": f"Client {chr(65 + i % 26)}{chr(65 + i // 26 % 26)}{i // 676}",
            "region": ("North", "South", "East", "West")[i % 4],
            "amount": rng.randint(100, 2500),
            "units": rng.randint(100, 2500),
        }
        for i in range(5000)
    )


def _shaped(how: str) -> Any:
    rows = _rows()
    if how == "dicts":
        return [dict(r) for r in rows]
    if how == "tuples":
        return [tuple(rows[0]), *(tuple(r.values()) for r in rows)]
    return {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}


def _status(text: str, how: str) -> str:
    (claim,) = crossfoot.trace(text, _shaped(how)).claims
    return claim.status


def _without(amount: int) -> dict[str, Any]:
    """A row of another customer and region whose cells are not ``amount``."""
    return next(r for r in _rows()[2000:] if amount not in (r["amount"], r["units"]))


@pytest.mark.parametrize("how", _FORMATS)
def test_a_row_named_by_its_own_text_cell_keeps_its_figure(how: str) -> None:
    row = _rows()[1234]
    assert _status(f"{row['customer']} ordered {row['amount']}.", how) == "supported_exact"
    assert _status(f"Order {row['order_id']} came to {row['amount']}.", how) == "supported_exact"
    other = _without(row["amount"])
    assert _status(f"{other['customer']} ordered {row['amount']}.", how) == "unsupported"


@pytest.mark.parametrize("how", _FORMATS)
def test_a_repeated_text_names_no_row(how: str) -> None:
    row = _rows()[1234]
    assert _status(f"One {row['region']} order came to {row['amount']}.", how) == "unsupported"
