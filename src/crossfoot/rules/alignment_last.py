"""The final figure of an answer with no answer marker: the calculation its last sentence shows.

"Explanation: The cost in 2019 is $100 million and the cost in 2018 is $82 million. The net
change in cost is $18 million. The increase is 21.95%." has no "Answer:" line, and
:func:`crossfoot.rules.alignment.final_figures` then takes every figure as a candidate answer: the
change of $18 million fits "What was the change in the cost?", so nothing is judged. The answer's
own order says otherwise: figures stated first and combined last are steps, and the figure the
last sentence computes from them is what the answer answers. For
:mod:`crossfoot.rules.alignment`: when no marker is written and the last sentence that holds a
figure computes it from figures stated in earlier sentences (the "steps" and "arithmetic" rules,
a restatement of such a step too), that sentence's figures are the final ones, read as if
marked (but the operands its calculation writes before the result, of the year and row asked:
those are steps). An answer whose last figure is a value quoted from the sources, or a bare
figure the search derives, keeps the reading of every figure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crossfoot.model.types import Claim
from crossfoot.rules._shown import SHOWN

__all__ = ["computed_last"]


def _computed(c: Claim) -> bool:
    ev = c.evidence
    return c.passed and ev is not None and ev.rule in SHOWN and len(ev.operands) >= 2


def computed_last(
    finals: Sequence[Claim], marked: bool, placed: Callable[[Claim], bool] = lambda c: True
) -> tuple[tuple[Claim, ...], bool]:
    """``finals`` and ``marked`` as :func:`final_figures` gives them, or, for an answer with no
    marker whose last sentence computes its figure from earlier sentences' figures, that
    sentence's figures, marked.

    >>> computed_last((), False)
    ((), False)
    """
    if marked or len(finals) < 2:
        return tuple(finals), marked
    last = max(c.sentence.index for c in finals)
    tail = tuple(c for c in finals if c.sentence.index == last)
    if len(tail) == len(finals) or not _computed(tail[-1]):
        return tuple(finals), marked
    return _results(tail, placed), True


def _results(tail: tuple[Claim, ...], placed: Callable[[Claim], bool]) -> tuple[Claim, ...]:
    """The last sentence's figures but the operands its calculation writes before its result
    ("The change is 39,884 - 19,377 = $20,507": 39,884 and 19,377 are steps, not answers), as
    far as ``placed`` finds them of the year and row the question asks (one of another row
    stays a final figure, and is judged as one)."""
    last = tail[-1]
    ev = last.evidence
    ops = {abs(v.value) for v in ev.operands} if ev is not None else set()
    return tuple(
        c
        for c in tail
        if c is last
        or c.mention.start > last.mention.start
        or abs(c.value) not in ops
        or not placed(c)
    )
