"""A "how many" question answered with a value of the data instead of a count.

"How many years did revenue exceed $4,000 thousand?" answered "$4,820 thousand" quotes the cell
that passed the bar: the figure is in the data, the count is not given. ``rules.counts`` checks
a whole number that answers the count; a money figure, or a table value of a line that measures
no such period, is another answer. For the engine (which aligns no count question with
:func:`crossfoot.rules.alignment.align_answer`), a passing final figure of a question that asks
"how many <noun>" (``Ask.op`` "count"; not "how many percent", which asks for a rate), after an
answer marker that no count follows (a whole number of a count's size), is ``off_question`` when:

- it is an amount of money (a currency written with it): no count is one;
- the noun is a period (years, quarters, months) and the figure is one table value whose
  labels say nothing of that period or of a length of time ("Useful life (in years)" holds
  years, a revenue line does not).

>>> import json, crossfoot
>>> grid = [["", "2019", "2018"], ["Revenue", "4,820", "3,910"]]
>>> q = "How many years did revenue exceed $4,000?"
>>> crossfoot.check("Answer: 1", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("Answer: $4,820", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.asked import Ask
from crossfoot.language.owncount import singular
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules.alignment import final_figures, marker_end, underlying
from crossfoot.rules.counts import is_count_answer

__all__ = ["counted_answer"]

_PERIODS = frozenset({"year", "quarter", "month", "week", "day"})
# labels of a length of time: a value of such a line may count periods
_DURATION = re.compile(
    r"(?i)\b(?:years?|quarters?|months?|weeks?|days?|life|lives|term|duration)\b"
)


def _why(ask: Ask, c: Claim, ev: Evidence | None, noun: str) -> str | None:
    asked = f"the question asks how many {ask.counted}"
    if c.mention.kind == "money" and c.mention.currency:
        return f"{asked}; this figure is an amount of money"
    if noun not in _PERIODS or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None:
        return None
    labels = " ".join(x for x in (v.row, v.column, v.label, v.unit_header) if x)
    if _DURATION.search(labels):
        return None
    return f"{asked}; this figure is the value of {v.label or v.row}, not a count"


def counted_answer(ask: Ask | None, claims: Sequence[Claim], text: str) -> list[Claim]:
    """The claims, the final figures after an answer marker that answer "how many" with a
    value instead of a count made ``off_question`` (see the module docstring). An answer that
    gives a count (``rules.counts.is_count_answer``) is not judged: the other figures restate
    the question's bar or the values counted."""
    out = list(claims)
    if ask is None or ask.op != "count" or not ask.counted or ask.counted.startswith("percent"):
        return out
    finals, marked = final_figures(text, claims)
    at = marker_end(text)
    if not marked or any(is_count_answer(ask, text, c.mention, at) for c in finals):
        return out
    noun = singular(ask.counted)
    wrong: dict[int, str] = {}
    for c in finals:
        if c.passed and (why := _why(ask, c, underlying(claims, c), noun)) is not None:
            wrong[id(c)] = why
    return [
        replace(c, status="off_question", message=wrong[id(c)]) if id(c) in wrong else c
        for c in out
    ]
