"""``convfinqa-pot``: ConvFinQA dev final turns as reference answers (like :mod:`tatqa`).

The final question is followed by "The answer is X." with the gold answer rounded the way a
report would write it (2 decimals, 4 below 1); that sentence is measured.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from ._load import load_json_rows
from .common import Item, number_tokens, pipe_table

__all__ = ["DIRNAME", "NAME", "answer_text", "load"]

NAME = "convfinqa"
DIRNAME = "convfinqa-pot"
FILE = "convfinqa_dev.json"


def answer_text(answer: float) -> str:
    """The gold answer as a report would write it.

    >>> answer_text(1.42403), answer_text(-0.0123456), answer_text(2400.0), answer_text(0.25)
    ('1.42', '-0.0123', '2,400', '0.25')
    """
    d = Decimal(repr(float(answer)))
    if d == d.to_integral_value():
        q = Decimal(1)
    elif abs(d) >= 1:
        q = Decimal("0.01")
    else:
        q = Decimal("0.0001")
    d = d.quantize(q, rounding=ROUND_HALF_UP)
    if d != d.to_integral_value():
        d = d.normalize()  # an exact 0.25 is written 0.25, not 0.2500
    sign = "-" if d < 0 else ""
    return f"{sign}{abs(d):,}"


def load(root: Path, limit: int | None = None) -> list[Item]:
    """One item per conversation (final turn)."""
    items: list[Item] = []
    for row in load_json_rows(root / DIRNAME / FILE, limit):
        try:
            float(row["answer"])
        except (TypeError, ValueError):
            continue  # yes/no answers carry no number to verify
        table = pipe_table(row["table"], blank=("-",))
        question = str(row["questions"][-1]).strip()
        lead = question if question.endswith("?") else question + "?"
        answer = f"{lead} The answer is {answer_text(row['answer'])}."
        programs = row.get("programs") or []
        items.append(
            Item(
                corpus=NAME,
                id=row["id"],
                question=question,
                answer=answer,
                sources=[json.dumps(table), row["text"]],
                tables=[table],
                label="good",
                sentences=[(len(lead) + 1, len(answer))],
                meta={
                    "reference": True,
                    "program": programs[-1] if programs else "",
                    "operands": len({abs(t.value) for t in number_tokens(programs[-1])})
                    if programs
                    else 0,
                    "turns": row["questions"],
                },
            )
        )
    return items
