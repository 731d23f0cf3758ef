"""``convfinqa-pot``: ConvFinQA dev final turns as reference answers (like :mod:`tatqa`).

The final question is followed by "The answer is X." with the gold answer rounded the way a
report would write it (2 decimals, 4 below 1); that sentence is measured.

The gold is rounded once, from the value of the gold program ("x0 = 6635 - 5520; ans = x0 /
5520") when that program gives the data set's answer at the answer's own precision. The data set
stores answers already rounded (-0.03065 for -0.030648...): rounding that again to 4 places gave
-0.0307, a figure the program does not give (-0.0306). The stored answer is used when the program
cannot be read or disagrees with it.
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from pathlib import Path

from ._load import load_json_rows
from .common import Item, number_tokens, pipe_table

__all__ = [
    "DIRNAME",
    "NAME",
    "answer_text",
    "conversation",
    "gold_value",
    "load",
    "program_value",
]

NAME = "convfinqa"
DIRNAME = "convfinqa-pot"
FILE = "convfinqa_dev.json"


def answer_text(answer: float | Decimal) -> str:
    """The gold answer as a report would write it: rounded once, half up, to 2 decimals (4 below
    1); trailing zeros are dropped only when the value has no further digits.

    >>> answer_text(1.42403), answer_text(-0.0123456), answer_text(2400.0), answer_text(0.25)
    ('1.42', '-0.0123', '2,400', '0.25')
    >>> answer_text(Decimal(4) / Decimal(87))  # 0.04597...: the rounded zero is a stated digit
    '0.0460'
    """
    d = answer if isinstance(answer, Decimal) else Decimal(repr(float(answer)))
    if d == d.to_integral_value():
        q = Decimal(1)
    elif abs(d) >= 1:
        q = Decimal("0.01")
    else:
        q = Decimal("0.0001")
    rounded = d.quantize(q, rounding=ROUND_HALF_UP)
    if rounded != rounded.to_integral_value() and rounded == d:
        rounded = rounded.normalize()  # an exact 0.25 is written 0.25, not 0.2500
    sign = "-" if rounded < 0 else ""
    return f"{sign}{abs(rounded):,}"


_STEP = re.compile(r"\s*(x\d+|ans)\s*=\s*(-?[\w.]+)\s*([-+*/])\s*(-?[\w.]+)\s*")


def program_value(program: str) -> Decimal | None:
    """The exact value of a gold program of binary steps, or None when a step is not one.

    >>> program_value("x0 = 172945 - 178413; ans = x0 / 178413").quantize(Decimal("0.000001"))
    Decimal('-0.030648')
    >>> program_value("ans = 36197 > 345059") is None
    True
    """
    env: dict[str, Decimal] = {}
    with localcontext() as ctx:
        ctx.prec = 40
        for step in program.split(";"):
            m = _STEP.fullmatch(step)
            if m is None:
                return None
            try:
                a, b = (env[t] if t in env else Decimal(t) for t in (m.group(2), m.group(4)))
            except (InvalidOperation, KeyError):
                return None
            op = m.group(3)
            if op == "/" and b == 0:
                return None
            env[m.group(1)] = (
                a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b
            )
    return env.get("ans")


def gold_value(answer: float, program: str) -> Decimal:
    """The program's exact value when it rounds to the stored ``answer`` at the answer's own
    precision (the data set rounds its answers), else the stored answer.

    >>> gold_value(-0.03065, "x0 = 172945 - 178413; ans = x0 / 178413") < Decimal("-0.03064")
    True
    >>> gold_value(-0.030650000000000004, "x0 = 172945 - 178413; ans = x0 / 178413") < 0
    True
    >>> gold_value(0.5, "ans = 1 / 3")  # the program disagrees: the stored answer stands
    Decimal('0.5')
    """
    # float noise of the loader (-0.030650000000000004) is no stated precision
    stored = Decimal(repr(round(float(answer), 10)))
    exact = program_value(program) if program else None
    if exact is None:
        return stored
    exponent = stored.as_tuple().exponent
    places = Decimal(1).scaleb(min(int(exponent), 0)) if isinstance(exponent, int) else Decimal(1)
    if exact.quantize(places, rounding=ROUND_HALF_UP) != stored.quantize(places):
        return stored
    return exact


def conversation(turns: list[str]) -> str:
    """The questions of a conversation as a chat assistant's user would pass them: every turn,
    in order, each ending in its question mark (the last is the ask, the others its context).

    >>> conversation(["what was revenue in 2017?", "and in 2016", " what was the change?"])
    'what was revenue in 2017? and in 2016? what was the change?'
    """
    asked = (str(t).strip() for t in turns)
    return " ".join(t if t.endswith("?") else t + "?" for t in asked if t)


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
        programs = row.get("programs") or []
        gold = gold_value(row["answer"], programs[-1] if programs else "")
        answer = f"{lead} The answer is {answer_text(gold)}."
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
