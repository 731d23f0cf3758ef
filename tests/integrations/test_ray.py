"""Ray Data on a local instance: ``check_dataset`` (``map_batches``) equals direct checks.

One local Ray instance (2 CPUs) for the module, tiny data, no dashboard, no network.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import ray

from batch_sample import assert_columns_match, table_rows
from crossfoot.integrations import ray as adapter
from crossfoot.integrations.ray import check_dataset
from doctest_run import assert_examples_hold


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
        namespace="crossfoot-test",
    )
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield
    ray.shutdown()


def test_json_sources_match_direct_checks(local_ray: None) -> None:
    rows, items = table_rows()
    ds = ray.data.from_items(rows, override_num_blocks=4)
    out = check_dataset(
        ds, json_columns=["sources"], question="question", name="name", batch_size=4
    )
    got = {r["name"]: r for r in out.take_all()}
    assert len(got) == len(rows)
    assert_columns_match(got, items)


def test_column_mistakes_are_errors_before_any_work(local_ray: None) -> None:
    ds = ray.data.from_items([{"output": "12 units.", "sources": ["12"], "score": 1.0}])
    with pytest.raises(ValueError, match="prefix="):
        check_dataset(ds)
    with pytest.raises(ValueError, match="column 'answer' not found"):
        check_dataset(ds, output="answer", prefix="x_")


def test_docstring_examples(local_ray: None) -> None:
    # on the module's Ray instance: the example's from_items would start a second one otherwise
    assert assert_examples_hold(adapter) == 3
