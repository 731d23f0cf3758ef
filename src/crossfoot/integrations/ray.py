"""Ray Data: add crossfoot's verdict columns to a ``ray.data.Dataset`` with ``map_batches``.

Ray runs the batches as tasks on every core of every node it has; sources shared by many rows are
indexed once per worker process. The added columns are ``passed``, ``score``, ``ungrounded``,
``statuses`` and ``error`` (see :mod:`crossfoot.integrations._frames`). Needs
``pip install "crossfoot[ray]"``.

>>> import ray
>>> ds = ray.data.from_items([{"output": "We sold 12 units.", "sources": ["12 units sold."]}])
>>> check_dataset(ds).take(1)[0]["passed"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from . import require
from ._frames import Columns, check_pandas

__all__ = ["check_dataset"]


def check_dataset(
    dataset: Any,
    *,
    output: str = "output",
    sources: str | None = "sources",
    rows: str | None = None,
    results: str | None = None,
    question: str | None = None,
    name: str | None = None,
    json_columns: Sequence[str] = (),
    prefix: str = "",
    batch_size: int = 64,
    **options: Any,
) -> Any:
    """``dataset`` with the verdict columns added, one Ray task per batch (lazy, like every
    ``map_batches``).

    Column arguments name where each item field is: ``sources`` for :func:`crossfoot.check`, or
    ``rows`` / ``results`` for :func:`crossfoot.trace`. ``options`` go to every check.
    """
    require("ray.data", "ray")
    spec = Columns(output, sources, rows, results, question, name, tuple(json_columns), prefix)
    columns = dataset.columns(fetch_if_missing=True)
    if columns is not None:
        spec.check_clash(list(columns))
    return dataset.map_batches(
        partial(check_pandas, spec=spec, options=dict(options)),
        batch_format="pandas",
        batch_size=batch_size,
    )
