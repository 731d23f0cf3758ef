"""A question about all the rows of a kind, answered from one of them.

"What is the difference between 91-180 and >180 days overdue for all regions?" over rows
*Region risk: North*, *Region risk: South* and *Total* asks about the total row: a figure
computed from the North row alone (or that row's cell) answers the question for one region. For
:func:`crossfoot.rules.alignment.misfit`: the question writes "for (across, of, in, from, among)
all <noun>", the noun names two rows or more of the figure's table, the table has a total row,
and the figure takes one of the named rows (alone, or beside the total row: the total less one
region is another region); a sum or an average over several of them, or the total row itself,
answers it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import root, tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._named import TOTAL_LABEL
from crossfoot.rules._table_labels import table_labels

__all__ = ["all_rows_misfit"]

_ALL = WordGated(  # (word-gated: misfit reads every question for it)
    re.compile(
        r"(?i)\b(?:for|across|of|in|from|among)\s+all\s+(?:of\s+)?(?:the\s+|its\s+|our\s+)?"
        r"([a-z][a-z-]+)"
    ),
    ("all",),
)


def all_rows_misfit(ask: Ask, ev: Evidence, values: Sequence[SourceValue]) -> str | None:
    """Why a figure of one row does not answer a question about all the rows of its kind.

    >>> from decimal import Decimal
    >>> from crossfoot.language.asked import read_question
    >>> rows = ["Region: North", "Region: South", "Total"]
    >>> vals = [SourceValue(Decimal(i + 1), "S1", row=r, column="2024", table=0, row_index=i,
    ...                     col_index=1) for i, r in enumerate(rows)]
    >>> ask = read_question("What were sales in 2024 for all regions?")
    >>> all_rows_misfit(ask, Evidence("direct", "cell", "1", (vals[0],)), vals)[:54]
    'the question asks about all regions; this figure comes'
    >>> all_rows_misfit(ask, Evidence("direct", "cell", "3", (vals[2],)), vals) is None
    True
    """
    m = _ALL.search(ask.text)
    ops = ev.operands
    if m is None or not ops or ops[0].table is None:
        return None
    v = ops[0]
    if any((o.source_id, o.table) != (v.source_id, v.table) for o in ops):
        return None
    kind = {root(t) for t in tokens(m.group(1))}
    rows = table_labels(values, v)[0]
    named = [r for r in rows if kind & {root(t) for t in tokens(r)} and not TOTAL_LABEL.search(r)]
    totals = [r for r in rows if TOTAL_LABEL.search(r)]
    if len(named) < 2 or not totals:
        return None
    used = {o.row for o in ops if o.row in named}
    if not used or (len(used) >= 2 and all(o.row in named for o in ops)):
        return None  # the total row, or a sum or a mean over several of the rows
    # one of the rows, or the total less one of them (another row's figure by arithmetic)
    return (
        f"the question asks about all {m.group(1)}; this figure comes from"
        f" {', '.join(sorted(map(str, used)))}, and the table totals them in {totals[0]}"
    )
