"""``pot-tatqa-llm-outputs``: text-davinci-002 chain-of-thought answers on TAT-QA dev.

An answer is ``good`` when its final answer equals the gold at the gold's precision and scale
(:func:`common.answers_match`), ``bad`` when it does not, unknown for undecidable text spans.
Sources are what the prompt showed: the table (as a JSON-style table string) and the paragraphs.
"""

from __future__ import annotations

import json
from pathlib import Path

from ._load import load_json_rows
from .common import Item, Label, answers_match, pipe_table

__all__ = ["DIRNAME", "NAME", "load"]

NAME = "pot-tatqa"
DIRNAME = "pot-tatqa-llm-outputs"
FILE = "tatqa_dev_cot_text-davinci-002.jsonl.gz"


def load(root: Path, limit: int | None = None) -> list[Item]:
    """Items for every row with a generated answer.

    >>> # load(data_root())[0].label in ("good", "bad", None)
    """
    items: list[Item] = []
    for row in load_json_rows(root / DIRNAME / FILE, limit):
        generated = row.get("generated") or []
        if not generated:
            continue  # the model produced nothing: no answer to check
        # the re-packaging writes empty cells as an em dash
        table = pipe_table(row["table"], blank=("—",))
        verdict = answers_match(row["answer"], row["scale"], row["pred_answer"])
        label: Label | None
        label = None if verdict is None else ("good" if verdict else "bad")
        items.append(
            Item(
                corpus=NAME,
                id=row["question_id"],
                question=row["question"],
                answer=generated[0],
                sources=[json.dumps(table), row["text"]],
                tables=[table],
                label=label,
                meta={
                    "answer_type": row["answer_type"],
                    "gold": row["answer"],
                    "scale": row["scale"],
                    "pred": row["pred_answer"],
                    "derivation": row["derivation"],
                },
            )
        )
    return items
