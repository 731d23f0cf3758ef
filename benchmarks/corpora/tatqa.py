"""``tatqa``: TAT-QA dev + test_gold arithmetic questions as reference answers.

For each arithmetic question the gold answer, written as an analyst would ("-12.6 million",
"-22.22%"), follows the question; the answer sentence is the one measured. Every such sentence is
correct by construction, so a flag is a false alarm and a pass is derivation coverage.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from ._load import load_json_rows
from .common import Item, number_tokens

__all__ = ["DIRNAME", "NAME", "answer_text", "load"]

NAME = "tatqa"
DIRNAME = "tatqa"
FILES = ("tatqa_dataset_dev.json", "tatqa_dataset_test_gold.json")
_UNIT = {"thousand": " thousand", "million": " million", "billion": " billion", "percent": "%"}


def answer_text(answer: Any, scale: str) -> str:
    """The gold answer as written in a sentence.

    >>> answer_text(-12.6, "million"), answer_text(-22.22, "percent"), answer_text(13989.0, "")
    ('-12.6 million', '-22.22%', '13,989')
    >>> answer_text(0.7000000000000001, "")
    '0.7'
    """
    # round away float noise (0.7000000000000001): it is not a stated precision
    d = Decimal(repr(round(answer, 8))) if isinstance(answer, float) else Decimal(str(answer))
    if d == d.to_integral_value():
        d = d.quantize(Decimal(1))
    sign = "-" if d < 0 else ""
    return f"{sign}{abs(d):,}{_UNIT.get(scale, '')}"


def load(root: Path, limit: int | None = None) -> list[Item]:
    """One item per arithmetic question (``limit`` counts contexts per file)."""
    items: list[Item] = []
    for fname in FILES:
        for ctx in load_json_rows(root / DIRNAME / fname, limit):
            table = [[str(c) for c in r] for r in ctx["table"]["table"]]
            paras = [p["text"] for p in sorted(ctx["paragraphs"], key=lambda p: p["order"])]
            sources = [json.dumps(table), *paras]
            for q in ctx["questions"]:
                if q["answer_type"] != "arithmetic" or isinstance(q["answer"], (list, str)):
                    continue
                question = q["question"].strip()
                lead = question if question.endswith("?") else question + "?"
                sentence = f"The answer is {answer_text(q['answer'], q['scale'])}."
                answer = f"{lead} {sentence}"
                start = len(lead) + 1
                items.append(
                    Item(
                        corpus=NAME,
                        id=q["uid"],
                        question=question,
                        answer=answer,
                        sources=sources,
                        tables=[table],
                        label="good",
                        sentences=[(start, len(answer))],
                        meta={
                            "reference": True,
                            "file": fname,
                            "derivation": q["derivation"],
                            "operands": len({abs(t.value) for t in number_tokens(q["derivation"])}),
                            "scale": q["scale"],
                        },
                    )
                )
    return items
