"""HF ``datasets``: ``check_dataset`` on two processes equals checking each row directly."""

from __future__ import annotations

from typing import Any

import datasets
import pytest

from batch_sample import assert_columns_match, table_rows
from crossfoot.integrations import datasets as adapter
from crossfoot.integrations.datasets import check_dataset
from doctest_run import assert_examples_hold


def test_two_processes_match_direct_checks_in_order() -> None:
    rows, items = table_rows()
    ds = datasets.Dataset.from_list(rows)
    out = check_dataset(
        ds, json_columns=["sources"], question="question", name="name", num_proc=2, batch_size=5
    )
    got: list[dict[str, Any]] = out.to_list()
    assert [r["name"] for r in got] == [r["name"] for r in rows]  # order kept
    assert_columns_match({r["name"]: r for r in got}, items)
    # a row's error names its position in the whole dataset, not in its batch
    assert got[-1]["error"].startswith(f"item {len(rows) - 1} (no-sources): ")


def test_column_mistakes_are_errors_before_any_work() -> None:
    ds = datasets.Dataset.from_list([{"output": "12 units.", "sources": ["12"], "passed": True}])
    with pytest.raises(ValueError, match="prefix="):
        check_dataset(ds)
    out = check_dataset(ds, prefix="crossfoot_")
    assert out["crossfoot_passed"] == [True] and out["passed"] == [True]
    with pytest.raises(ValueError, match="column 'answer' not found"):
        check_dataset(ds, output="answer")
    with pytest.raises(ValueError, match="exactly one of"):
        check_dataset(ds, rows="sources")


def test_docstring_examples() -> None:
    # the module's example: a one-row Dataset checked on two processes
    assert assert_examples_hold(adapter) == 3
