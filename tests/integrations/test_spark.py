"""Spark ``local[2]``: ``check_dataframe`` (``mapInPandas``) equals checking each row directly.

One session for the module, tiny data, no network; Spark's Python workers run this interpreter.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from batch_sample import assert_columns_match, corpus_items, direct, table_rows
from crossfoot.integrations import spark as adapter
from crossfoot.integrations.spark import check_dataframe
from doctest_run import assert_examples_hold


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable  # workers import this checkout's crossfoot
    session = (
        SparkSession.builder.master("local[2]")
        .appName("crossfoot-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_json_sources_match_direct_checks(spark: Any) -> None:
    rows, items = table_rows()
    schema = "name string, output string, question string, sources string"
    df = spark.createDataFrame([tuple(r.values()) for r in rows], schema).repartition(2)
    out = check_dataframe(df, json_columns=["sources"], question="question", name="name")
    assert out.columns[-5:] == ["passed", "score", "ungrounded", "statuses", "error"]
    got = {r["name"]: r.asDict() for r in out.collect()}
    assert len(got) == len(rows)
    assert_columns_match(got, items)


def test_array_column_of_strings_needs_no_json(spark: Any) -> None:
    items = corpus_items(per_corpus=2)
    if not items:
        pytest.skip("no development corpus under the data root")
    df = spark.createDataFrame(
        [(i["name"], i["output"], i["question"], i["sources"]) for i in items],
        "name string, output string, question string, sources array<string>",
    )
    out = check_dataframe(df, question="question", prefix="cf_")
    got = {r["name"]: r for r in out.collect()}
    for item in items:
        want = direct(item)
        assert want is not None
        assert got[item["name"]]["cf_passed"] is want["passed"]
        assert got[item["name"]]["cf_ungrounded"] == want["ungrounded"]


def test_column_mistakes_are_errors_before_any_work(spark: Any) -> None:
    df = spark.createDataFrame(
        [("12 units.", ["12"], True)], "output string, sources array<string>, passed boolean"
    )
    with pytest.raises(ValueError, match="prefix="):
        check_dataframe(df)
    with pytest.raises(ValueError, match="column 'answer' not found"):
        check_dataframe(df, output="answer", prefix="x_")


def test_docstring_examples(spark: Any) -> None:
    # the example's getOrCreate() returns the module's session (no second JVM start)
    assert assert_examples_hold(adapter) == 6
