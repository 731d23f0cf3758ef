"""An amount's change, average or total asked, answered over the row's share column.

Tables of results often give each line twice a year: the amount and its share of a whole
("2019 | % of net sales | 2018 | % of net sales"). "What was the change in research and
development from 2018 to 2019?" asks about the amounts; "8.0% - 7.0% = 1.0%" computes over the
shares, values of the named row and of the asked years that answer "what was the change in
research and development as a percentage of net sales?", another question. For
:func:`crossfoot.rules.alignment.misfit`: a figure all of whose operands are cells of share
columns (a column label "% of ...", "percent of ...") is ``off_question`` when the question asks
for a change, an average or a total, says no word of a percentage, a share or a rate, and each
operand's row holds an amount (a cell of no share column, not a percentage) in the operand's
year.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import Named, value_years

__all__ = ["share_column_misfit"]

_SHARE_COLUMN = re.compile(r"(?i)(?:%|\bpercent(?:age)?)\s*(?:of|to)\s+(?!change)")
# A question that asks about a percentage, a share, a rate or a ratio may mean the share column.
_RATED_QUESTION = re.compile(
    r"(?i)%|percent|proportion|\bshare|\bratio|\bmargin|\brate\b|\bportion|fraction|\bmix\b|"
    r"\bweight|\bof\s+(?:total\s+|net\s+)?(?:sales|revenues?)\b"
)
_OPS = frozenset({"change", "percent_change", "average", "sum"})


@lru_cache(maxsize=1024)  # (one question, many answers and claims)
def _rated(question: str) -> bool:
    return _RATED_QUESTION.search(question) is not None


def _amount_beside(v: SourceValue, values: Sequence[SourceValue]) -> bool:
    """Whether ``v``'s row holds an amount of ``v``'s year outside the share columns."""
    years = value_years(v)
    return any(
        x.source_id == v.source_id
        and x.table == v.table
        and x.row_index == v.row_index
        and x.kind not in ("percent", "pp")
        and not _SHARE_COLUMN.search(x.column or "")
        and value_years(x) == years
        for x in values
    )


def share_column_misfit(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """Why a figure over share-column cells does not answer an amount's change, average or
    total (the module docstring), or None.

    >>> from decimal import Decimal
    >>> cell = lambda x, col, y, kind: SourceValue(Decimal(x), "S1", kind=kind, table=0,
    ...     row="R&D", column=col, row_index=1, year=y, label=f"R&D / {col}")
    >>> values = (cell(680, "2019", 2019, "number"), cell(8, "2019 % of net sales", 2019,
    ...     "percent"), cell(553, "2018", 2018, "number"), cell(7, "2018 % of net sales", 2018,
    ...     "percent"))
    >>> q = "What was the change in R&D from 2018 to 2019?"
    >>> ask = Ask(q, frozenset({2018, 2019}), "change")
    >>> ev = Evidence("arithmetic", "difference", "8 - 7", (values[1], values[3]), Decimal(1))
    >>> share_column_misfit(ask, ev, Named(ask, values))[:50]
    'the question asks about the amounts of R&D; this f'
    """
    ops = ev.operands
    if ask.op not in _OPS or not ops or _rated(ask.text):
        return None
    if any(v.table is None or not _SHARE_COLUMN.search(v.column or "") for v in ops):
        return None
    if not all(_amount_beside(v, named.values) for v in ops):
        return None
    return (
        f"the question asks about the amounts of {ops[0].row}; this figure comes from its "
        f"share column ({ops[0].column})"
    )
