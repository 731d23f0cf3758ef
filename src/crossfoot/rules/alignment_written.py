"""The operation of a calculation the answer writes out, for the rules that read an operation.

"Subscription revenue was $4,310 thousand and services revenue $905 thousand. 4,310 + 905 =
5,215. Answer: $5,215 thousand" for "What was the total of subscription revenue and licence
revenue in 2021?" takes a row the question does not name, as the same answer without the
written sum does. The alignment rules judge a calculation by its kind (a sum, a difference, a
share, a mean, a percentage change); the engine's steps give those kinds, while a written
calculation is of the kind ``written_calculation`` whatever it does, and so passed them all.

:func:`typed` reads the operation of a written calculation from its formula when it is one of
those shapes, over as many grounded operands as it writes figures:

- ``a + b (+ c ...)``: a sum; ``a - b``: a difference; ``a / b`` (or ``÷``, ``× 100`` after):
  a ratio;
- ``(a + b (+ ...)) / n`` with ``n`` the number of its terms: a mean;
- ``(a - b) / b`` (``× 100`` after): a percentage change.

Any other formula (a mix of operations, a constant, a sign written before a figure) keeps the
kind ``written_calculation``, as do the engine's own kinds.

>>> from decimal import Decimal
>>> from crossfoot.model.types import Evidence, SourceValue
>>> ops = (SourceValue(Decimal(4310), "S1"), SourceValue(Decimal(905), "S1"))
>>> typed(Evidence("arithmetic", "written_calculation", "4,310 + 905 = 5,215", ops)).kind
'sum'
>>> typed(Evidence("arithmetic", "written_calculation", "(4,310 - 905) / 905 = 376%", ops)).kind
'percent_change'
>>> typed(Evidence("arithmetic", "written_calculation", "4,310 + 905 - 12 = 5,203", ops)).kind
'written_calculation'
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.model.types import Evidence

__all__ = ["typed"]

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_NOISE = re.compile(r"[\s$€£¥%]|(?<![a-z])(?:million|billion|thousand|[mbk]n?)\b", re.IGNORECASE)
_TIMES_100 = re.compile(r"[x×*]n$")
_SHAPES = (
    (re.compile(r"^n(?:\+n)+$"), "sum"),
    (re.compile(r"^n[-−–]n$"), "difference"),
    (re.compile(r"^n[/÷]n$"), "ratio"),
)
_CHANGE = re.compile(r"^\(n[-−–]n\)[/÷]n$")
_MEAN = re.compile(r"^\(n(?:\+n)+\)[/÷]n$")


def _kind(formula: str, operands: int) -> str | None:
    """The operation the written ``formula`` performs on ``operands`` figures, or None."""
    compact = _NOISE.sub("", formula.rsplit("=", 1)[0])
    numbers = _NUMBER.findall(compact)
    shape = _NUMBER.sub("n", compact)
    if _TIMES_100.search(shape) and numbers[-1] == "100":
        shape, numbers = shape[:-2], numbers[:-1]  # ("x 100": a percentage of the quotient)
    if _MEAN.match(shape):
        count = len(numbers) - 1
        if count == operands and Decimal(numbers[-1].replace(",", "")) == count:
            return "mean"
        return None
    if _CHANGE.match(shape):  # ((a - b) / b: the base written twice, one operand)
        return "percent_change" if operands == 2 and numbers[1] == numbers[2] else None
    if len(numbers) != operands:
        return None
    for pattern, kind in _SHAPES:
        if pattern.match(shape):
            return kind
    return None


def typed(ev: Evidence) -> Evidence:
    """``ev`` with the kind of operation its written calculation performs (module docstring),
    else ``ev`` itself."""
    if ev.kind != "written_calculation" or len(ev.operands) < 2:
        return ev
    kind = _kind(ev.formula, len(ev.operands))
    return ev if kind is None else replace(ev, kind=kind)
