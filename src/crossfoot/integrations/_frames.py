"""Columns in, columns out: what the Spark, Ray and HF ``datasets`` helpers share.

A table-shaped batch (a pandas frame, or a dict of column lists) is turned into
:func:`crossfoot.batch.check_many` items by a :class:`Columns` spec, checked in this process
(the framework runs the batches in parallel), and the verdicts come back as columns:

- ``passed`` (bool; False for a row that could not be checked: fail closed)
- ``score`` (float; None for such a row)
- ``ungrounded`` (list of the failing figures as written)
- ``statuses`` (list of every claim's status, in the order of the answer)
- ``error`` (str; None when the row was checked)

Only the standard library is imported here; numpy arrays and scalars are recognised by duck
typing (``tolist``), so a column read through Arrow becomes plain lists and dicts.

>>> spec = Columns(output="answer", sources="contexts")
>>> batch = {"answer": ["Sales were 12 units."], "contexts": [["12 units were sold."]]}
>>> check_columns(batch, spec, {})["passed"]
[True]
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossfoot.batch import Invalid, ItemResult, check_many

__all__ = ["RESULT_COLUMNS", "Columns", "check_columns", "plain", "result_columns"]

#: The columns every helper adds, and their Spark/Arrow types.
RESULT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("passed", "boolean"),
    ("score", "double"),
    ("ungrounded", "array<string>"),
    ("statuses", "array<string>"),
    ("error", "string"),
)


@dataclass(frozen=True, slots=True)
class Columns:
    """Which input column holds which item field; ``prefix`` goes before every added column.

    Give ``sources`` (for :func:`crossfoot.check`) or ``rows`` / ``results`` (for
    :func:`crossfoot.trace`). ``json_columns`` names columns that hold JSON text (sources kept
    as a string in a warehouse table), parsed before checking.

    >>> Columns(sources=None, rows="result_rows").given
    ('rows', 'result_rows')
    """

    output: str = "output"
    sources: str | None = "sources"
    rows: str | None = None
    results: str | None = None
    question: str | None = None
    name: str | None = None
    json_columns: tuple[str, ...] = ()
    prefix: str = ""

    def __post_init__(self) -> None:
        given = [c for c in (self.sources, self.rows, self.results) if c is not None]
        if len(given) != 1:
            raise ValueError(
                f"give exactly one of the column names sources=, rows=, results= (got {len(given)})"
            )

    @property
    def given(self) -> tuple[str, str]:
        """``(field, column)`` of the evidence: sources, rows or results."""
        if self.sources is not None:
            return ("sources", self.sources)
        if self.rows is not None:
            return ("rows", self.rows)
        assert self.results is not None
        return ("results", self.results)

    @property
    def inputs(self) -> list[str]:
        """Every input column the spec reads."""
        cols = [self.output, self.given[1], self.question, self.name]
        return [c for c in cols if c is not None]

    def added(self) -> list[str]:
        """The names of the added columns, prefixed."""
        return [self.prefix + name for name, _ in RESULT_COLUMNS]

    def check_clash(self, existing: Sequence[str]) -> None:
        """Raise ``ValueError`` when an input column is missing or an added one exists."""
        missing = [c for c in self.inputs if c not in existing]
        if missing:
            raise ValueError(
                f"column {missing[0]!r} not found; the data has {', '.join(map(str, existing))}"
            )
        clash = [c for c in self.added() if c in existing]
        if clash:
            raise ValueError(
                f"the data already has a column {clash[0]!r}: pass prefix='crossfoot_' (or "
                "another) so the verdict columns get new names"
            )


def plain(value: Any) -> Any:
    """Arrow/numpy values as plain Python: arrays to lists, scalars to numbers, recursively.

    >>> plain({"a": (1, 2), "b": [None]})
    {'a': [1, 2], 'b': [None]}
    """
    if isinstance(value, (str, bytes, bool, int, float)) or value is None:
        return value
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    tolist = getattr(value, "tolist", None)
    if callable(tolist):  # numpy array or scalar; the elements may themselves be arrays
        return plain(tolist())
    return value


def _missing(value: Any) -> bool:
    # None, a float NaN (how pandas fills an absent value in an object column), or pandas' NA
    if value is None or (isinstance(value, float) and value != value):
        return True
    return type(value).__name__ in ("NAType", "NaTType")


def _items(
    batch: Mapping[str, Sequence[Any]], spec: Columns, start: int = 0
) -> Iterator[dict[str, Any] | Invalid]:
    field, column = spec.given
    n = len(batch[spec.output])
    for k in range(n):
        item: dict[str, Any] = {"output": plain(batch[spec.output][k])}
        name = None if spec.name is None else plain(batch[spec.name][k])
        if not _missing(name):
            item["name"] = str(name)
        if spec.question is not None:
            q = plain(batch[spec.question][k])
            item["question"] = None if _missing(q) else q
        value = plain(batch[column][k])
        if column in spec.json_columns and isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as exc:
                where = f"item {start + k}" + ("" if "name" not in item else f" ({item['name']})")
                yield Invalid(f"{where}: column {column!r} is not valid JSON ({exc})", name)
                continue
        item[field] = None if _missing(value) else value
        yield item


def result_columns(results: Sequence[ItemResult], prefix: str = "") -> dict[str, list[Any]]:
    """The added columns for ``results`` (see the module docstring).

    >>> result_columns([ItemResult(0, None, None, "bad row")])["error"]
    ['bad row']
    """
    return {
        prefix + "passed": [r.passed for r in results],
        prefix + "score": [r.score for r in results],
        prefix + "ungrounded": [r.ungrounded for r in results],
        prefix + "statuses": [r.statuses for r in results],
        prefix + "error": [r.error for r in results],
    }


def check_columns(
    batch: Mapping[str, Sequence[Any]],
    spec: Columns,
    options: Mapping[str, Any],
    start: int = 0,
) -> dict[str, list[Any]]:
    """Check every row of ``batch`` in this process and return the added columns; errors name
    a row by its position, counted from ``start``."""
    results = list(check_many(_items(batch, spec, start), workers=1, start=start, **options))
    return result_columns(results, spec.prefix)


def check_pandas(frame: Any, spec: Columns, options: Mapping[str, Any]) -> Any:
    """``frame`` (a pandas DataFrame) with the verdict columns added (Spark and Ray batches)."""
    import pandas as pd  # present wherever Spark's or Ray's pandas batches are

    batch = {c: frame[c].tolist() for c in dict.fromkeys(spec.inputs)}
    added = check_columns(batch, spec, options)
    out = frame.copy()
    for column, values in added.items():
        # object dtype keeps each list one cell (a list of equal-length lists would become 2-D)
        out[column] = pd.Series(values, index=frame.index, dtype=object)
    return out
