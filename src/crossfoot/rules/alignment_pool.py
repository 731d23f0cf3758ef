"""A total (or an average) of two named things asked, answered with one of them (or its change).

"What is the sum of stock options and RSUs expense in 2019?" asks for two rows combined. "The
stock options expense in 2019 is $1,200 thousand. Answer: 1,200" quotes one of the two: the cell
is grounded, of the named row and the asked year, and answers "what was the stock options
expense?", another question. For :func:`crossfoot.rules.alignment.misfit`: a final figure that
is one table cell is ``off_question`` when

- the question pools two things in so many words ("the sum of A and B", "the total of A and
  B", "the combined value of A and B", "the average of A and B"): one "and" (or "plus") after
  the pooling word, no "both", "each" or "respective";
- the cell's row (or column) is named by the words of one side only, and the other side names
  another row of the same table (not a total line) that holds a value other than zero in the
  cell's column (or another column, in the cell's row): the figure leaves that line out.

A change asked of the pool ("the change in the total of A and B from 2018 to 2019") answered
with the change of one of them (a difference or a percentage change of A's two cells) is judged
the same way.

A total line that happens to hold the sum ("Total" under the two rows) names neither side and
is not judged; nor is a question of two years ("the sum of 2018 and 2019 revenue"), whose two
sides name one row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import TOTAL_LABEL

__all__ = ["pool_misfit"]

_POOL_OF = re.compile(
    r"(?i)\b(?:sum|total|average|mean|combined)\s+(?:value\s+|amount\s+)?(?:of|for)\s+"
)
_JOIN = re.compile(r"(?i)\s(?:and|plus)\s")
_SEVERAL = re.compile(r"(?i)\b(?:both|each|respective(?:ly)?)\b")
_CHANGES = frozenset({"difference", "percent_change"})
_YEAR_PAIR = re.compile(r"(?<!\d)(?:19|20)\d\d\s+(?:and|plus)\s+(?:fiscal\s+)?(?:19|20)\d\d(?!\d)")
_WHY = "the question asks for two things combined; this figure is one of them"


@lru_cache(maxsize=1024)  # (one question, many claims)
def _sides(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words of the two things the question pools ("the sum of A and B"), or None."""
    text = _YEAR_PAIR.sub("years", text)  # ("between 2018 and 2019" joins no two things)
    m = _POOL_OF.search(text)
    if m is None or _SEVERAL.search(text):
        return None
    joins = list(_JOIN.finditer(text, m.end()))
    if len(joins) != 1:
        return None
    j = joins[0]
    return _words(text[m.end() : j.start()]), _words(text[j.end() :])


def _words(text: str) -> frozenset[str]:
    return frozenset(tokens(_YEAR.sub(" ", text)))


def _names(side: frozenset[str], row: str) -> bool:
    req = required_tokens(_YEAR.sub(" ", row))
    return bool(req) and req <= side


def _lines(ev: Evidence) -> list[tuple[str | None, str, str]]:
    """The lines of ``ev`` that may be one side of a pool: a cell's row and column; the row of
    a change (a difference or a percentage change) of one row's two cells."""
    ops = ev.operands
    if not ops or any(v.table is None or not v.value for v in ops):
        return []
    v = ops[0]
    if ev.rule == "direct" and len(ops) == 1:
        return [(v.row, "row", "col_index"), (v.column, "column", "row_index")]
    one_row = all(
        (x.source_id, x.table, x.row_index) == (v.source_id, v.table, v.row_index) for x in ops
    )
    if ev.kind in _CHANGES and len(ops) == 2 and one_row:
        return [(v.row, "row", "col_index")]
    return []


def pool_misfit(ask: Ask, ev: Evidence, values: Sequence[SourceValue]) -> str | None:
    """Why one cell does not answer a pool of two named things (the module docstring), or None.

    >>> from decimal import Decimal
    >>> q = "What is the sum of stock options and RSUs expense in 2019?"
    >>> ask = Ask(q, frozenset({2019}))
    >>> cell = lambda x, row: SourceValue(Decimal(x), "S1", table=0, row=row, row_index=len(row),
    ...                                   col_index=1, column="2019", year=2019)
    >>> rows = [cell(1200, "Stock options"), cell(3400, "RSUs"), cell(4600, "Total")]
    >>> ev = Evidence("direct", "cell", "", (rows[0],))
    >>> pool_misfit(ask, ev, rows)
    'the question asks for two things combined; this figure is one of them (Stock options)'
    """
    lines = _lines(ev)
    if not lines:
        return None
    v = ev.operands[0]
    sides = _sides(ask.text)
    if sides is None:
        return None
    a, b = sides
    for mine, axis, across in lines:
        if not mine or TOTAL_LABEL.search(mine):
            continue
        named = [_names(a, mine), _names(b, mine)]
        if named.count(True) != 1:
            continue
        other = b if named[0] else a
        for x in values:
            label = getattr(x, axis)
            if (
                x.source_id == v.source_id
                and x.table == v.table
                and x.view == v.view
                and getattr(x, across) == getattr(v, across)
                and label
                and label != mine
                and x.value
                and not TOTAL_LABEL.search(label)
                and _names(other, label)
            ):
                return f"{_WHY} ({mine})"
    return None
