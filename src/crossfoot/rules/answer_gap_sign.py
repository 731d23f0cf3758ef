"""A difference asked in words that set no order, answered with a negative figure.

"What is the difference in net deferred tax assets between 2018 and 2019?", "What is the
difference between deferred revenue and other liabilities?": a difference asked so, with no word
of change, movement or comparison ("from 2018 to 2019", "increase", "more than", "compared
to"), is the gap between the two values, a size. "The difference is -$466" takes one value less
the other in an order the question does not set: the answer reports a signed change where a
size was asked. (``rules.answer_difference`` reads the order a question does fix: "how much
more was A than B".)

For :func:`crossfoot.rules.answer_sign.final_misfits` (a question of a change), a passing final
figure is ``off_question`` when the question writes "difference" (or "differ") between two
sides ("between", "and": "the difference in X in 2019" names one, and is not judged) and none
of those words, nor a percentage, a ratio or a share; the figure is written negative; it is
computed from figures the answer shows (its own calculation or its stated values: a figure the
search derives alone is not judged) over exactly two positive source values, and its size is
their gap (the figure's value, or its digits as written in a stated unit); and no sentence of
the figure or of a figure restating it writes a direction ("-466, a decrease" says which way it
reads).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.direction import direction_words
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.answer_difference import _says_way

__all__ = ["negative_gap_misfits", "order_free"]

_KINDS = frozenset({"difference", "written_calculation", "change", "pp_change"})
# Words that set an order or a direction, or ask another figure than the gap of two values.
_ORDERED = re.compile(
    r"(?i)\b(?:chang\w*|from|to|compared?|comparing|versus|vs|than|over|against|relative|"
    r"more|less|fewer|higher|lower|greater|smaller|larger|exceed\w*|signed|"
    r"percent\w*|ratio|share|proportion|times|growth|grow\w*|gain\w*|"
    r"net\s+differ\w*|increas\w*|decreas\w*|declin\w*|ris(?:e|es|ing|en)|rose|fell|fall\w*|drop\w*)\b"
)
# The two sides a gap is between: "between A and B", "the difference in A and B", "A & B".
_TWO_SIDES = re.compile(r"(?i)\bbetween\b|\band\b|&")
_DIFFER = re.compile(r"(?i)\bdiffer(?:ence|ences|ed|s)?\b")
_TOLERANCE = Decimal("0.0005")


def order_free(question: str) -> bool:
    """Whether the question asks a difference in words that set no order or direction.

    >>> order_free("What is the difference in net assets between 2018 and 2019?")
    True
    >>> order_free("What is the difference in net assets from 2018 to 2019?")
    False
    >>> order_free("What is the percentage difference in net assets between 2018 and 2019?")
    False
    >>> order_free("What was the difference in net assets in 2019?")
    False
    """
    # (a substring gate before the case-blind patterns)
    if "%" in question or "differ" not in question.lower() or not _DIFFER.search(question):
        return False
    if _TWO_SIDES.search(question) is None:  # ("the difference in X in 2019": one side, open)
        return False
    return _ORDERED.search(question) is None and not direction_words(question, 0, len(question))


def _is_gap(c: Claim, evs: Sequence[Evidence | None]) -> bool:
    """Whether an evidence of ``c`` shows it computed over two positive values whose gap is its
    size (the figure's scaled value, or its digits as written: "-466" in thousands)."""
    m = c.mention
    for ev in evs:
        if ev is None or ev.rule not in SHOWN or ev.kind not in _KINDS:
            continue
        ops = ev.operands
        if len(ops) != 2 or ops[0].value <= 0 or ops[1].value <= 0:
            continue
        gap = abs(ops[0].value - ops[1].value)
        tol = gap * _TOLERANCE
        if gap and (abs(abs(m.value) - gap) <= tol or abs(abs(m.written) - gap) <= tol):
            return True
    return False


def negative_gap_misfits(
    ask: Ask,
    claims: Sequence[Claim],
    shown: Sequence[tuple[Claim, Sequence[Evidence | None]]],
) -> dict[int, str]:
    """The passing final figures that answer an order-free difference with a negative figure,
    by ``id`` (see the module docstring).

    >>> negative_gap_misfits(Ask("What is the difference in sales between 2024 and 2025?"), [], [])
    {}
    """
    if not shown or not order_free(ask.text):
        return {}
    out: dict[int, str] = {}
    for c, evs in shown:
        m = c.mention
        if m.value >= 0 or m.high is not None or m.kind not in ("money", "number", "percent"):
            continue
        labels = " ".join(
            x for ev in evs if ev is not None for v in ev.operands for x in (v.label, v.row) if x
        )
        if not _says_way(c, claims, labels) and _is_gap(c, evs):
            out[id(c)] = (
                "the question asks for the difference between two values, in words that set "
                "no order; this figure is written negative (one less the other, a signed change)"
            )
    return out
