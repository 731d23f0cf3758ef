"""The working shown after an answer marker: "The answer is 372 - 361 = 11 million." states the
answer (11 million) and the calculation that gives it. The operands before the "=" are the
figures the answer is computed from, not answers themselves: the alignment with the question
(rules.alignment) reads the figures after the last "=" of such a calculation, and the written
calculation itself is checked by rules.arithmetic as anywhere else. Its result is judged against
the question by the cells its operands read (:func:`worked_misfit`): a calculation over a year
outside the span asked, or over a row other than the one asked, answers another question.

>>> import json, crossfoot
>>> grid = [["", "2019", "2018"], ["Interest expense", "2,082", "2,025"]]
>>> q = "What was the change in interest expense from 2018 to 2019?"
>>> crossfoot.check("The answer is 2,082 - 2,025 = 57.", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("The answer is 2,082 - 2,025 = 59.", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._named import Named, value_years

__all__ = ["past_working", "worked_misfit"]

# What may stand between an operand and the "=" besides other figures: operators, brackets,
# spaces and the constants of a formula ("/ 2", "* 100"). A word there ("11 million, or
# 372 - 361 = 11") ends the calculation.
_CALC = frozenset(" \t+-−–*/×÷·()[]%$€£,.x0123456789")
_EQUALS = ("=", "≈")


def past_working(text: str, finals: Sequence[Claim]) -> tuple[Claim, ...]:
    """``finals`` (the claims after an answer marker) without the operands of a calculation
    written there: the figures that stand, with only operators and other figures between them,
    before an "=" that a figure follows.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention, Sentence
    >>> def claim(t, at):
    ...     m = Mention(t, at, at + len(t), Decimal(t), "number", Decimal("0.5"))
    ...     return Claim(m, Sentence(0, 0, 17, "Answer: 9 - 4 = 5"), "supported")
    >>> text = "Answer: 9 - 4 = 5"
    >>> [c.text for c in past_working(text, [claim("9", 8), claim("4", 12), claim("5", 16)])]
    ['5']
    """
    if len(finals) < 2 or not any(e in text for e in _EQUALS):
        return tuple(finals)
    kept: list[Claim] = []
    for i, c in enumerate(finals):
        if not _operand(text, finals, i):
            kept.append(c)
    return tuple(kept) if kept else tuple(finals)


def _operand(text: str, finals: Sequence[Claim], i: int) -> bool:
    """Whether claim ``i`` stands before an "=" (past operators and later operands only) that a
    later figure follows."""
    at = finals[i].mention.end
    for nxt in finals[i + 1 :]:
        gap = text[at : nxt.mention.start]
        eq = min((k for k in (gap.find(e) for e in _EQUALS) if k >= 0), default=-1)
        if eq >= 0:
            return all(ch in _CALC for ch in gap[:eq]) and gap[eq + 1 :].strip(" \t$€£(") == ""
        if not all(ch in _CALC for ch in gap):
            return False
        at = nxt.mention.end
    return False


# The operations whose question names one quantity: every operand is a cell of its row.
_ONE_ROW = frozenset({"change", "percent_change", "average", "sum"})


def worked_misfit(ask: Ask, ev: Evidence, named: Named) -> tuple[str, str] | None:
    """Why a calculation written in the answer does not answer ``ask``, as (year or row, the
    reason in words), or None: an operand cell of a year outside the span the question asks
    about ("the change from 2018 to 2019" worked over 2017; an average may take the year before),
    or, for a change, average or sum, of a row where the question names another row."""
    if ev.kind != "written_calculation" or not ev.operands:
        return None
    if len(ask.years) >= 2:
        # an average of a year is over that year and the one before ("the 2019 average
        # balance": the opening and the closing one)
        lo, hi = min(ask.years) - ("average" in ask.text.lower()), max(ask.years)
        for v in ev.operands:
            years = value_years(v)
            if v.table is not None and years and not any(lo <= y <= hi for y in years):
                asked = ", ".join(str(y) for y in sorted(ask.years))
                return "year", f"the question asks about {asked}; this calculation takes {v.label}"
    if ask.op in _ONE_ROW:
        rows = named.named_rows()  # (a column the question names is no row of it)
        for v in ev.operands:
            other = named.misnamed(v)
            if other is not None and other in rows and named.firm(str(other), v):
                return "row", f"the question names {other!r}; this calculation takes {v.label}"
    return None
