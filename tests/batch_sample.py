"""Items shared by the batch tests (``check_many``, the CLI, Spark, Ray, HF ``datasets``).

- :func:`vector_items`: ``tests/vectors/batch.json``, each class of item with its passing and
  failing twin and the bad items that must come back as results carrying their error;
- :func:`corpus_items`: a seeded sample of every development corpus under the data root
  (``$CROSSFOOT_DATA`` or ``../shared/data``), as a RAG prompt would pass them;
- :func:`direct`: the verdict of ``crossfoot.check`` / ``trace`` called one item at a time,
  the reference every parallel run must equal.
"""

from __future__ import annotations

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
    """``per_corpus`` answers of each development corpus, as check items (empty without data)."""
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
        except MissingData:
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
