"""HF ``datasets``: add crossfoot's verdict columns to a :class:`datasets.Dataset`.

:func:`check_dataset` runs ``Dataset.map(batched=True, num_proc=N)``: ``N`` processes each check
a batch of rows, and every row gets ``passed``, ``score``, ``ungrounded``, ``statuses`` and
``error`` (see :mod:`crossfoot.integrations._frames`). Needs ``pip install "crossfoot[bench]"``
(or any install of ``datasets``).

>>> from datasets import Dataset
>>> ds = Dataset.from_list([{"output": "We sold 12 units.", "sources": ["12 units sold."]}])
>>> check_dataset(ds, num_proc=2)[0]["passed"]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import require
from ._frames import Columns, check_columns

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
    num_proc: int | None = None,
    batch_size: int = 64,
    **options: Any,
) -> Any:
    """A copy of ``dataset`` with the verdict columns added, checked on ``num_proc`` processes.

    Column arguments name where each item field is (``sources`` for :func:`crossfoot.check`, or
    ``rows`` / ``results`` for :func:`crossfoot.trace`); ``options`` go to every check.
    """
    hf = require("datasets", "bench")
    spec = Columns(output, sources, rows, results, question, name, tuple(json_columns), prefix)
    spec.check_clash(list(dataset.column_names))
    return dataset.map(
        _map_batch,
        batched=True,
        with_indices=True,
        batch_size=batch_size,
        num_proc=num_proc,
        fn_kwargs={"spec": spec, "options": dict(options)},
        features=_features(hf, dataset.features, spec.prefix),
        desc="crossfoot",
        load_from_cache_file=False,
    )


def _features(hf: Any, existing: Any, prefix: str) -> Any:
    # Declared, not inferred: a batch whose rows all passed has only None errors, and an inferred
    # null column would then refuse a later batch's error text.
    strings = (
        hf.List(hf.Value("string")) if hasattr(hf, "List") else hf.Sequence(hf.Value("string"))
    )
    added = {
        prefix + "passed": hf.Value("bool"),
        prefix + "score": hf.Value("float64"),
        prefix + "ungrounded": strings,
        prefix + "statuses": strings,
        prefix + "error": hf.Value("string"),
    }
    return hf.Features({**existing, **added})


def _map_batch(
    batch: Any, indices: list[int], spec: Columns, options: dict[str, Any]
) -> dict[str, list[Any]]:
    return check_columns(batch, spec, options, start=indices[0] if indices else 0)
