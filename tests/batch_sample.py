"""Items shared by the batch tests (``check_many``, the CLI, Spark, Ray, HF ``datasets``).

- :func:`vector_items`: ``tests/vectors/batch.json``, each class of item with its passing and
  failing twin and the bad items that must come back as results carrying their error;
- :func:`corpus_items`: a seeded sample of every development corpus under the data root
  (``$CROSSFOOT_DATA`` or ``../shared/data``), as a RAG prompt would pass them;
- :func:`direct`: the verdict of ``crossfoot.check`` / ``trace`` called one item at a time,
  the reference every parallel run must equal.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import sys
from pathlib import Path
from typing import Any

VECTORS = Path(__file__).resolve().parent / "vectors" / "batch.json"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def vector_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))["items"]
    return cases


def corpus_items(per_corpus: int = 6, seed: int = 18) -> list[dict[str, Any]]:
    """``per_corpus`` answers of each development corpus, as check items (empty without the data
    or without HF ``datasets``, which reads them: the vectors still run)."""
    return copy.deepcopy(_corpus_items(per_corpus, seed))


@functools.lru_cache(maxsize=8)  # the corpora are read once per test session, not per test
def _corpus_items(per_corpus: int, seed: int) -> list[dict[str, Any]]:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    from corpora._load import MissingData
    from corpora.common import data_root
    from run_all import ADAPTERS

    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for name, adapter in ADAPTERS.items():
        try:
            items = adapter.load(data_root())
        except (MissingData, ImportError):  # no data here, or no `datasets` (make test-fast)
            continue
        for item in rng.sample(items, min(per_corpus, len(items))):
            out.append(
                {
                    "name": f"{name}:{item.id}",
                    "output": item.answer,
                    "sources": item.sources,
                    "question": item.question or None,
                }
            )
    return out


def direct(item: Any) -> dict[str, Any] | None:
    """``Report.to_dict()`` of the front door called directly; None when it raises."""
    import crossfoot

    try:
        if "sources" in item:
            report = crossfoot.check(
                item.get("output", item.get("answer")),
                item["sources"],
                question=item.get("question"),
                **item.get("options", {}),
            )
        else:
            report = crossfoot.trace(
                item["output"],
                item.get("rows"),
                results=item.get("results"),
                question=item.get("question"),
                **item.get("options", {}),
            )
    except Exception:
        return None
    return report.to_dict()


def table_rows() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The sample as table rows for the Spark, Ray and ``datasets`` helpers: ``(rows, items)``.

    Each row has ``name``, ``output``, ``question`` and ``sources`` as JSON text (records and
    strings mixed, so one column type fits every row); ``items`` are the same answers as check
    items. One row holds text that is not JSON, and one has no sources at all: both must come
    back with an error, not a verdict.
    """
    items = corpus_items(per_corpus=4)
    items += [c["item"] for c in vector_cases() if isinstance(c["item"], dict)]
    items = [i for i in items if "sources" in i and isinstance(i.get("output"), str)]
    items = [i for i in items if isinstance(i.get("question"), (str, type(None)))]
    items = [i for i in items if set(i) <= {"name", "output", "sources", "question"}]
    rows = [
        {
            "name": i["name"],
            "output": i["output"],
            "question": i.get("question"),
            "sources": json.dumps(i["sources"]),
        }
        for i in items
    ]
    rows.append({"name": "not-json", "output": "12 units.", "question": None, "sources": "[12"})
    rows.append({"name": "no-sources", "output": "12 units.", "question": None, "sources": None})
    return rows, items


def assert_columns_match(got: dict[str, dict[str, Any]], items: list[dict[str, Any]]) -> None:
    """``got`` (name -> added columns) equals the direct verdict of every item."""
    for item in items:
        want = direct(item)
        row = got[item["name"]]
        if want is None:  # the front door raises: the row carries an error and fails
            assert row["error"] and row["passed"] is False and row["score"] is None, row
            continue
        assert row["error"] is None, (item["name"], row["error"])
        assert row["passed"] is want["passed"], item["name"]
        assert row["score"] == pytest_approx(want["score"]), item["name"]
        assert list(row["ungrounded"]) == want["ungrounded"], item["name"]
        assert list(row["statuses"]) == [c["status"] for c in want["claims"]], item["name"]
    assert got["not-json"]["passed"] is False
    assert "column 'sources' is not valid JSON" in got["not-json"]["error"]
    assert got["no-sources"]["passed"] is False and got["no-sources"]["score"] is None
    assert "give exactly one of 'sources'" in got["no-sources"]["error"]


def pytest_approx(value: float) -> Any:
    import pytest

    return pytest.approx(value, abs=1e-12)
