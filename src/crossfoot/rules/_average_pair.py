"""A mean per period over two cells of a longer row is the answer's only when it names them.

"New customers averaged about 354 per quarter" over a row of four quarters (310, 285, 342,
398): 354 is the mean of the first and the last quarter, not of the four (333.75). For a
sentence that words a mean per period ("per quarter", "a month", "the quarterly average"), a
mean of two cells of one table row is taken only when the row has no other cell of their kind,
or the answer names one of the two columns by the words that tell it from the row's other columns
("the average of 2019 and 2018"; "Q1" of "Q1 2025" beside "Q2 2025").
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["unnamed_pair_of_many", "year_average"]


def unnamed_pair_of_many(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a mean of ``x`` and ``y`` is refused (see the module docstring).

    >>> from crossfoot import check
    >>> table = "| | Q1 | Q2 | Q3 | Q4 |\\n|---|---|---|---|---|\\n"
    >>> table += "| Orders | 310 | 285 | 342 | 398 |\\n"
    >>> check("Orders averaged 354 per quarter.", [table]).claims[0].status
    'unsupported'
    >>> check("Orders averaged 354 a quarter in Q1 and Q4.", [table]).claims[0].status
    'derived'
    """
    if not _per_period(ctx.sentence.text):
        return False  # (the question may name two columns: "the average for 2019 and 2018")
    row = (x.source_id, x.table, x.row_index)
    if x.table is None or x.row_index is None or row != (y.source_id, y.table, y.row_index):
        return False
    percent = x.kind == "percent"
    columns: dict[int | None, SourceValue] = {}
    for v in ctx.scope.index.values:
        if (v.source_id, v.table, v.row_index) == row and (v.kind == "percent") == percent:
            columns.setdefault(v.col_index, v)
    if len(columns) <= 2:
        return False
    said = _tokens(ctx.text)
    labels = [_tokens(c.column or "") for c in columns.values()]
    common = frozenset.intersection(*labels)
    for v in (x, y):
        own = _tokens(v.column or "") - common  # ("Q1" of "Q1 2025" beside "Q2 2025")
        if own and own <= said:
            return False
    return True


def _tokens(text: str) -> frozenset[str]:
    return frozenset(tokens(text))  # (as row labels are read: language.rowtokens)


@lru_cache(maxsize=256)  # (asked for each candidate pair of a claim: one sentence's answer)
def _per_period(sentence: str) -> bool:
    return _PER_PERIOD.search(sentence) is not None


_PER_PERIOD = re.compile(
    r"(?i)\b(?:(?:per|a|each|every)\s+(?:quarter|month|year|week|day|period)"
    r"|(?:quarterly|monthly|annual|yearly|weekly|daily)\s+average)\b"
)


_YEAR_AVERAGE = re.compile(r"(?i)\b(?:19|20)\d\d\s+average\b")


def year_average(sentence: str) -> bool:
    """Whether the sentence names "the <year> average": a balance's average over that year, of
    its opening (the prior year's close) and its closing.

    >>> year_average("The 2019 average free cash flow is 4,227.5 million."), year_average("x")
    (True, False)
    """
    return "average" in sentence.lower() and _YEAR_AVERAGE.search(sentence) is not None
