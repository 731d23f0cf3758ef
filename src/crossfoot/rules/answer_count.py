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
  years, a revenue line does not);
- the noun names lines of a table ("How many components are there under deferred tax
  assets?": components, categories, items, types) and the figure is one table value whose
  labels do not name the noun, above the number of lines of its table: no count of its lines
  is one (a "Number of segments" line may hold the count).

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
from typing import TYPE_CHECKING

from crossfoot.language.asked import Ask
from crossfoot.language.owncount import singular
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules.alignment import final_figures, marker_end, underlying
from crossfoot.rules.count_words import question_word_counts
from crossfoot.rules.counts import is_count_answer

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["counted_answer", "lines_noun"]

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


# nouns that count the lines of a table ("How many components are there under ...?")
_LINE_NOUNS = frozenset(
    {"component", "category", "item", "type", "kind", "element", "class", "part", "segment"}
)
_WORDS = re.compile(r"[A-Za-z]+")


def lines_noun(question: str) -> str | None:
    """The noun of a "how many" question that counts a table's lines, in the three words
    after "how many" ("How many major components ..."), or None.

    >>> lines_noun("How many major components are there in the cash flow?")
    'component'
    >>> lines_noun("How many shares were granted?") is None
    True
    """
    at = question.lower().find("how many")
    if at < 0:
        return None
    for word in _WORDS.findall(question, at + 8)[:3]:
        noun = singular(word)
        noun = noun[:-1] if noun.endswith("sse") else noun  # "classes"
        if noun in _LINE_NOUNS:
            return noun
    return None


def _lines_why(noun: str, ev: Evidence | None, values: Sequence[SourceValue]) -> str | None:
    """One table value for a count of lines, above the number of lines of its table."""
    if ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None:
        return None
    labels = " ".join(x for x in (v.row, v.column, v.label, v.unit_header) if x).lower()
    if noun in {singular(w) for w in _WORDS.findall(labels)}:
        return None
    lines = {x.row_index for x in values if (x.source_id, x.table) == (v.source_id, v.table)}
    if abs(v.value) <= len(lines):
        return None
    return (
        f"the question asks how many {noun}s; this figure is the value of {v.label or v.row}, "
        f"not a count of the table's {len(lines)} lines"
    )


def counted_answer(
    ask: Ask | None, claims: Sequence[Claim], text: str, sources: SourceSet | None = None
) -> list[Claim]:
    """The claims, the final figures after an answer marker that answer "how many" with a
    value instead of a count made ``off_question`` (see the module docstring; ``sources``: for
    the lines of a table). An answer that gives a count
    (``rules.counts.is_count_answer``) is not judged, unless it is a table's value above a
    count of its lines: the other figures restate the question's bar or the values counted."""
    out = question_word_counts(ask, claims, text, sources)  # "Three years: ..." (count_words)
    if ask is None or ask.op != "count" or not ask.counted or ask.counted.startswith("percent"):
        return out
    finals, marked = final_figures(text, claims)
    if not marked:
        return out
    wrong: dict[int, str] = {}
    lines = lines_noun(ask.text)
    if lines is not None and sources is not None:
        values = sources.index(None).values
        for c in finals:
            if c.passed and (why := _lines_why(lines, underlying(claims, c), values)) is not None:
                wrong[id(c)] = why
    at = marker_end(text)
    if wrong or any(is_count_answer(ask, text, c.mention, at) for c in finals):
        return _marked(out, wrong)
    noun = singular(ask.counted)
    for c in finals:
        if c.passed and (why := _why(ask, c, underlying(claims, c), noun)) is not None:
            wrong[id(c)] = why
    return _marked(out, wrong)


def _marked(out: list[Claim], wrong: dict[int, str]) -> list[Claim]:
    return [
        replace(c, status="off_question", message=wrong[id(c)]) if id(c) in wrong else c
        for c in out
    ]
