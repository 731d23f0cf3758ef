"""``ragbench-finqa-interpdetect``: RAGBench-FinQA test questions answered by Qwen3-0.6B and
labelled by two LLM judges (1 = unsupported).

``good`` when both judges say supported, ``bad`` when both say unsupported, unknown when they
disagree. Sources are the RAGBench documents as shipped (tables are already JSON-style strings).
"""

from __future__ import annotations

from pathlib import Path

from ._load import load_json_rows
from .common import Item, Label, source_tables

__all__ = ["DIRNAME", "NAME", "load"]

NAME = "ragbench-interp"
DIRNAME = "ragbench-finqa-interpdetect"
FILE = "test_qwen3-0.6b_w_labels.jsonl"


def load(root: Path, limit: int | None = None) -> list[Item]:
    """One item per response (some questions were answered twice: ``id#n``)."""
    items: list[Item] = []
    seen: dict[str, int] = {}
    for row in load_json_rows(root / DIRNAME / FILE, limit):
        llama, gpt = int(row["labels_llama"]), int(row["labels_gpt"])
        label: Label | None
        label = "bad" if (llama, gpt) == (1, 1) else "good" if (llama, gpt) == (0, 0) else None
        n = seen.get(row["id"], 0)
        seen[row["id"]] = n + 1
        docs = [str(d) for d in row["documents"]]
        spans = [(int(a), int(b)) for a, b in row.get("response_spans") or []]
        items.append(
            Item(
                corpus=NAME,
                id=row["id"] if n == 0 else f"{row['id']}#{n}",
                question=row["question"],
                answer=row["response"],
                sources=docs,
                tables=source_tables(docs),
                label=label,
                sentences=spans,
                meta={
                    "llama": llama,
                    "gpt": gpt,
                    "judge_llama": row["hallucinated_llama-4-maverick-17b-128e-instruct"],
                    "judge_gpt": row["hallucinated_gpt-oss-120b"],
                },
            )
        )
    return items
