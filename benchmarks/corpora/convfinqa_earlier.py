"""``convfinqa-earlier``: the earlier turns of each ConvFinQA conversation that compute a figure,
each as its own reference answer (a labelled line of the results, not the headline).

The headline (:mod:`convfinqa`) measures each conversation's final turn only; ConvFinQA gives every
turn its own program ("ans = 93 - 103", "x0 = 93 - 103; ans = x0 / 103"). Here each earlier turn
whose program computes (has an operation) is a question followed by "The answer is X." with the
program's exact value written as the final turns write theirs (:func:`convfinqa.answer_text`);
``question=`` is that turn alone, as the headline passes its final turn alone.

Bare lookups ("ans = 60.94": the turn asks for one cell) are left out: the answer quotes a figure
the sources state, which says nothing of the derivations the headline's false alarms are about,
and they would outnumber the computations in a rate that should measure those. A program that is
no chain of binary steps (a comparison, "ans = 36197 > 345059") is left out too: it has no figure.

Items keep the corpus name ``convfinqa`` and the conversation's sources, so a turn is in the half
of its conversation's final turn (the split hashes the corpus name and the documents), and the
halves stay apart. A turn that repeats another turn of the same document (same question, same
program) is kept once.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from . import convfinqa
from ._load import load_json_rows
from .common import Item, number_tokens, pipe_table

__all__ = ["LABEL", "NAME", "is_lookup", "load"]

NAME = "convfinqa-earlier"
LABEL = "convfinqa (earlier turns)"

_LOOKUP = re.compile(r"\s*ans\s*=\s*-?[\d.]+\s*")


def is_lookup(program: str) -> bool:
    """A program that names one figure and computes nothing.

    >>> is_lookup("ans = 60.94"), is_lookup("ans = 93 - 103"), is_lookup("x0 = 1 / 2; ans = x0")
    (True, False, False)
    """
    return _LOOKUP.fullmatch(program) is not None


def load(root: Path, limit: int | None = None) -> list[Item]:
    """One item per earlier turn that computes a figure (``limit``: conversations read)."""
    items: list[Item] = []
    seen: set[tuple[str, ...]] = set()
    for row in load_json_rows(root / convfinqa.DIRNAME / convfinqa.FILE, limit):
        questions = [str(q).strip() for q in row["questions"]]
        programs = [str(p) for p in row.get("programs") or []]
        if len(programs) != len(questions):
            continue  # no program per turn (a yes/no conversation may carry none)
        table = pipe_table(row["table"], blank=("-",))
        sources = [json.dumps(table), row["text"]]
        # every turn but the last (the headline's)
        for k, (question, program) in enumerate(zip(questions[:-1], programs[:-1], strict=True)):
            value = None if is_lookup(program) else convfinqa.program_value(program)
            key = (*sources, question.lower(), program.replace(" ", ""))
            if value is None or not question or key in seen:
                continue
            seen.add(key)
            lead = question if question.endswith("?") else question + "?"
            answer = f"{lead} The answer is {convfinqa.answer_text(value)}."
            items.append(
                Item(
                    corpus=convfinqa.NAME,
                    id=f"{row['id']}#turn{k + 1}",
                    question=question,
                    answer=answer,
                    sources=sources,
                    tables=[table],
                    label="good",
                    sentences=[(len(lead) + 1, len(answer))],
                    meta={
                        "reference": True,
                        "program": program,
                        "operands": len({abs(t.value) for t in number_tokens(program)}),
                        "turns": questions[: k + 1],
                        "turn": k + 1,
                    },
                )
            )
    return items
