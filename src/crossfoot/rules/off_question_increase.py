"""A rise of a cost asked for, answered with the signed change of its negative cells.

A table often shows a cost or a loss in parentheses: "Net financing costs (389) (1,655)". "How
much did net financing costs increase by between 2018 and 2019?" asks for the size of the rise,
1,266: the costs grew from 389 to 1,655. An answer that takes the cells as signed numbers and
writes "The net change is -1,655 - -389 = -1,266" says the costs fell by 1,266, the opposite of
the rise its own values show and the question names. For
:func:`crossfoot.rules.alignment.misfit`, the final figure is ``off_question`` when:

- the question asks for an increase in one direction only ("How much did X increase",
  "What was the increase in X", "X rose by how much"; not "increase / (decrease)", which asks
  for a signed figure, nor a question that also names a fall);
- the line is a cost, an expense, a loss or a charge by its own label or the question's words
  (a negative net income that went further down did fall: its signed change is the honest one);
- the figure is derived from figures the answer shows (its own calculation or its stated
  values), the two years' values of one line, both negative, the later one larger in size: the
  cost rose;
- the figure is written negative, its size the change, and no sentence of the answer writes a
  fall in words ("decreased", "lower", "fell"): then its words, not its sign, say which way.

A cost that shrank in size, a line of positive values, and the positive size ("The increase is
1,266") are not judged.

>>> _asks_rise("How much did net financing costs increase by between 2018 and 2019?")
True
>>> _asks_rise("What is the increase / (decrease) in costs from 2018 to 2019?")
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._named import value_years
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_change import _SCALES
from crossfoot.rules.alignment_signs import _ASKS_DOWN, _CHANGE_KINDS, _SIGNED, _pair, sign_misfit

__all__ = ["increase_misfit", "sign_or_rise_misfit"]

_ASKS_UP = re.compile(r"(?i)\b(?:increas(?:e|ed|es)|r(?:i|o)se|grow|grew|gone\s+up|went\s+up)\b")
# A line that is a cost or a loss: its size is the quantity, whatever sign the table shows
_COST = re.compile(
    r"(?i)\b(?:costs?|expenses?|expenditures?|loss(?:es)?|charges?|outflows?|payments?|"
    r"spending|impairments?|depreciation|amortization)\b"
)
_PARENS = re.compile(r"\([^()]*\)")
_INCOME = re.compile(r"(?i)\b(?:income|gains?|profits?|earnings|additions|revenues?|sales)\b")
# Words of the answer that write a fall: then the minus sign restates them
_FALL = re.compile(r"(?i)\b(?:decreas\w*|declin\w*|fell|fall\w*|drop\w*|lower|reduc\w*|less)\b")


def _asks_rise(question: str) -> bool:
    """Whether the question asks for a rise only (see the module)."""
    if _SIGNED.search(question) or _ASKS_DOWN.search(question):
        return False
    return _ASKS_UP.search(question) is not None


def increase_misfit(
    ask: Ask, c: Claim, evs: Sequence[Evidence | None], claims: Sequence[Claim]
) -> str | None:
    """Why a figure answering a rise of a cost is written as a fall (see the module), or None."""
    m = c.mention
    if m.value >= 0 or m.high is not None or m.kind not in ("money", "number"):
        return None
    if ask.op != "change" or not _asks_rise(ask.text):
        return None
    if not any(ev is not None and ev.rule in SHOWN for ev in evs):
        return None
    for ev in evs:
        found = _cost_rise(ask, ev)
        if found is None:
            continue
        if any(_FALL.search(o.sentence.text) for o in claims):
            return None
        label, size = found
        return (
            f"the question asks how much {label} rose; its values grew in size by {size}, "
            f"and this figure is written as a fall"
        )
    return None


def _is_cost(label: str, question: str) -> bool:
    """Whether the line is a cost by its label's words outside parentheses, or by the
    question's: "Net income (loss)" names its negative side in parentheses, a line of gains and
    losses whose fall is a fall; so does a label with a word of income.

    >>> _is_cost("Net financing costs", "How much did they increase?")
    True
    >>> _is_cost("Net income (loss)", "How much did net income (loss) increase?")
    False
    >>> _is_cost("Cost of sales", "How much did it increase?")
    True
    """
    bare = _PARENS.sub(" ", label)
    if _COST.search(bare):
        return True  # ("Cost of sales" is a cost)
    if _INCOME.search(bare):
        return False
    return _COST.search(_PARENS.sub(" ", question)) is not None


def sign_or_rise_misfit(
    ask: Ask, c: Claim, evs: Sequence[Evidence | None], claims: Sequence[Claim]
) -> str | None:
    """:func:`crossfoot.rules.alignment_signs.sign_misfit`, then :func:`increase_misfit`: the
    two ways a change figure's sign answers against the question's own words."""
    return sign_misfit(ask, c, evs, claims) or increase_misfit(ask, c, evs, claims)


def _cost_rise(ask: Ask, ev: Evidence | None) -> tuple[str, Decimal] | None:
    """(the line's label, the rise in size) when ``ev`` derives the signed change of a cost's
    two negative values that grew in size, else None."""
    if ev is None or ev.kind not in _CHANGE_KINDS or ev.result is None or len(ev.operands) != 2:
        return None
    years = sorted(ask.years) if len(ask.years) == 2 else None
    if years is None:
        found = sorted({y for v in ev.operands for y in value_years(v)})
        years = found if len(found) == 2 else None
    if years is None:
        return None
    pair = _pair(ev.operands, (years[0], years[1]))
    if pair is None or pair[0] >= 0 or pair[1] >= 0 or abs(pair[1]) <= abs(pair[0]):
        return None
    label = ev.operands[0].row or ev.operands[0].label or ""
    if not _is_cost(label, ask.text):
        return None
    gap = abs(pair[1]) - abs(pair[0])
    size = abs(ev.result)
    if all(abs(size - gap * f) > gap * f * Decimal("0.0005") for f in _SCALES):
        return None
    return label.lower() or "the line", gap
