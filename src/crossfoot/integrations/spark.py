"""Spark: add crossfoot's verdict columns to a DataFrame with ``mapInPandas``.

Each Spark task checks its partition's Arrow batches in its Python worker; sources shared by many
rows are indexed once per worker. The added columns are ``passed``, ``score``, ``ungrounded``,
``statuses`` and ``error`` (see :mod:`crossfoot.integrations._frames`). Needs
``pip install "crossfoot[spark]"`` and Java 17 or later. The Python workers must import crossfoot
too: Spark starts them with ``PYSPARK_PYTHON`` (``python3`` on the ``PATH`` when unset), so point
it at the interpreter crossfoot is installed in before the session starts.

>>> import os, sys
>>> os.environ["PYSPARK_PYTHON"] = sys.executable
>>> from pyspark.sql import SparkSession
>>> spark = SparkSession.builder.master("local[2]").getOrCreate()
>>> df = spark.createDataFrame([("We sold 12 units.", ["12 units sold."])],
...                            "output string, sources array<string>")
>>> check_dataframe(df).select("passed", "ungrounded").first()
Row(passed=True, ungrounded=[])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from . import require
from ._frames import RESULT_COLUMNS, Columns, check_pandas

__all__ = ["check_dataframe", "result_schema"]


def check_dataframe(
    df: Any,
    *,
    output: str = "output",
    sources: str | None = "sources",
    rows: str | None = None,
    results: str | None = None,
    question: str | None = None,
    name: str | None = None,
    json_columns: Sequence[str] = (),
    prefix: str = "",
    **options: Any,
) -> Any:
    """``df`` with the verdict columns appended, computed on the executors.

    Column arguments name where each item field is: ``sources`` (an array of strings, or JSON
    text listed in ``json_columns``) for :func:`crossfoot.check`, or ``rows`` / ``results`` for
    :func:`crossfoot.trace`. ``options`` go to every check. Lazy, like every transformation.
    """
    require("pyspark", "spark")
    spec = Columns(output, sources, rows, results, question, name, tuple(json_columns), prefix)
    spec.check_clash(list(df.columns))
    return df.mapInPandas(
        partial(_map, spec=spec, options=dict(options)), result_schema(df.schema, prefix)
    )


def result_schema(schema: Any, prefix: str = "") -> Any:
    """``schema`` (a ``StructType``) with the verdict columns appended."""
    types = require("pyspark.sql.types", "spark")
    out = types.StructType(list(schema.fields))
    for column, kind in RESULT_COLUMNS:
        out = out.add(prefix + column, types._parse_datatype_string(kind), nullable=True)
    return out


def _map(frames: Iterator[Any], spec: Columns, options: dict[str, Any]) -> Iterator[Any]:
    for frame in frames:
        yield check_pandas(frame, spec, options)
