"""The final figure of an answer with no answer marker: the calculation its last sentence shows.

"Explanation: The cost in 2019 is $100 million and the cost in 2018 is $82 million. The increase
is 21.95%." has no "Answer:" line, and :func:`crossfoot.rules.alignment.final_figures` then takes
every figure as a candidate answer: the two costs fit "What was the change in the cost?" (values of
the asked years), so nothing is judged. The answer's own order says otherwise: figures stated
first and combined last are operands, and the figure the last sentence computes from them is what
the answer answers. For :mod:`crossfoot.rules.alignment`: when no marker is written and the last
sentence that holds a figure computes it from figures stated before it (the "steps" and
"arithmetic" rules, a restatement of such a step too), that sentence's figures are the final
ones, read as if marked (the computed ones only, when the sentence writes its own operands: "...
is 27,633 + 32,389 = 60,022."). An answer whose last figure is a value quoted from the sources,
or a bare figure the search derives, keeps the reading of every figure.

:func:`listed_parts`: an answer with no marker that gives one source value per year a total or
an average asks about, and nothing that combines them, gives the parts, not the one figure.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim
from crossfoot.rules._named import value_years

__all__ = ["computed_last", "listed_parts"]

_SHOWN = frozenset({"steps", "arithmetic"})


def _computed(c: Claim) -> bool:
    ev = c.evidence
    return c.passed and ev is not None and ev.rule in _SHOWN and len(ev.operands) >= 2


def computed_last(finals: Sequence[Claim], marked: bool) -> tuple[tuple[Claim, ...], bool]:
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
    if not _computed(tail[-1]):
        return tuple(finals), marked
    if len(tail) < len(finals):
        return tail, True
    # one sentence that writes its calculation ("... is 27,633 + 32,389 = 60,022."): its result
    return tuple(c for c in tail if _computed(c)), True


def listed_parts(ask: Ask, finals: Sequence[Claim]) -> bool:
    """An answer with no marker that gives one value for each year a total or an average asks
    about ("The total cost of revenue in 2019 is $48,881 and in 2018 $51,896." for "What is the
    total cost of revenue in both 2019 and 2018?"): source values of the asked years, one per
    year, and nothing that combines them (judged as a marked answer that gives the parts).

    >>> listed_parts(Ask("What is the total cost in 2019 and 2018?"), ())
    False
    """
    if len(ask.years) < 2 or len(finals) != len(ask.years):
        return False
    years: set[int] = set()
    for c in finals:
        ev = c.evidence
        if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
            return False
        ys = value_years(ev.operands[0])
        if len(ys) != 1 or not ys <= ask.years:
            return False
        years |= ys
    return years == ask.years
