"""A step of a written chain carried unrounded into the next step.

An answer that writes its working in steps shows each intermediate result rounded, and often
carries the unrounded value on: "612 / 4,520 = 0.135, and 0.135 × 4,010 = 542.9" (0.13540 ×
4,010 = 542.95; 0.135 × 4,010 = 541.35), "= 0.127, multiplied by 100 = 12.72%", or a margin
restated later in the answer ("... = 37.1% ... 37.1% − 34.9% = 2.17 points"). A careful reader
accepts either reading of such an operand: the figure as written, or the exact value of the
earlier step it states. Only the stated result of an earlier step that is itself right at its
own precision is carried (each step rounded as written), and only into a later calculation: the
operand is that result, or restates it (same kind, digits and scale, further on in the text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.arithmetic.evaluate import leaves
from crossfoot.arithmetic.parse import Node
from crossfoot.model.types import Mention

__all__ = ["carried_mentions", "step_value"]


def step_value(result: Mention, value: Decimal) -> Decimal | None:
    """The unsigned digits a right step's ``value`` (in its result's digits) carries on, or None
    when its sign is not the result's (a step read by its magnitude only) or there is none.

    >>> from crossfoot.numbers.extract import extract
    >>> step_value(extract("0.135")[0], Decimal("0.13540"))
    Decimal('0.13540')
    >>> step_value(extract("-4")[0], Decimal(4)) is None
    True
    """
    negative = result.negative or result.value < 0
    if value == 0 or result.written == 0 or (value < 0) != negative:
        return None
    return abs(value)


def _same_figure(a: Mention, b: Mention) -> bool:
    return (
        a.kind == b.kind
        and a.written == b.written
        and a.scale == b.scale
        and (a.negative or a.value < 0) == (b.negative or b.value < 0)
    )


def carried_mentions(
    tree: Node, result: int, ms: Sequence[Mention], steps: Mapping[int, Decimal]
) -> tuple[Mention, ...] | None:
    """``ms`` with each operand of ``tree`` that states an earlier right step's result
    (``steps``: result index -> its exact unsigned digits) read at that exact value; None when
    no operand does.

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.arithmetic.parse import BinOp, Num
    >>> ms = extract("612 / 4,520 = 0.135, and 0.135 × 4,010 = 542.9")
    >>> out = carried_mentions(BinOp("*", Num(3), Num(4)), 5, ms, {2: Decimal("0.13540")})
    >>> str(out[3].written), out[3].text
    ('0.13540', '0.135')
    """
    if not steps:
        return None
    changed: dict[int, Mention] = {}
    for i in leaves(tree):
        if i == result or i in changed:
            continue
        m = ms[i]
        for r, exact in steps.items():
            if r == i or (ms[r].start < m.start and _same_figure(ms[r], m)):
                changed[i] = replace(m, written=exact)
                break
    if not changed:
        return None
    return tuple(changed.get(i, m) for i, m in enumerate(ms))
