"""A column's total called "the total" in a sentence that also names some of its rows.

"The total is 9,820, of which North and South are 8,177": the search of sums and means
(``rules.multi``) keeps to the rows a sentence names (``focus_ok``: every operand in a named row
when it names two or more), which is right for "North and South are 8,177" and refuses the
first figure, the column's total over every row. A sum over the whole column is that total when
the figure's own clause (``claim_clause``: cut at ", ", "; ", " and ") says so with a word that
gathers ("total", "totaling", "summed", "aggregate", "combined", "altogether", "overall", "in
all") and names none of the rows; a stated year must be the column's, and the sentence names
no other column of the table ("Q4 was the strongest quarter with 400 units in total" is not
Q3's total). "North and South sold 9,820 in total" names rows in its own clause: it stays
theirs to add up, and fails when they do not.
"""

from __future__ import annotations

import re

from crossfoot.language.rowtokens import names_row, tokens
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._rowsums_groups import claim_clause

__all__ = ["whole_column"]

# (the total words of rules.rowsums._TOTAL and rules._prose_pairs' "sum", in their forms)
_GATHER = frozenset(
    "total totals totaled totalled totaling totalling sum summed combined altogether overall all "
    "aggregate cumulative".split()
)
_MIN_ROWS = 3  # (two rows named of two: the named rows are the whole column anyway)


def whole_column(
    ctx: ClaimContext, subset: tuple[SourceValue, ...], line: tuple[SourceValue, ...]
) -> bool:
    """Whether ``subset`` is the whole table column ``line`` and the claim's own clause calls
    it the total without naming a row of it (module docstring)."""
    if len(subset) != len(line) or len(subset) < _MIN_ROWS:
        return False
    first = subset[0]
    if first.table is None or first.column is None or first.row is None:
        return False
    key = (first.source_id, first.table, first.column)
    if any((v.source_id, v.table, v.column) != key for v in subset):
        return False  # (a row's cells across its columns: no column total)
    before, after = claim_clause(ctx)
    clause = f"{before} {after}"
    if _GATHER.isdisjoint(re.findall(r"[a-z]+", clause.lower())):
        return False
    years = years_in_text(ctx.sentence.text)
    if years and first.year is not None and first.year not in years:
        return False
    if _other_column_named(ctx, first):
        return False  # ("Q4 was the strongest quarter with 400 in total": Q3's total is not Q4's)
    return not any(names_row(v.row or "", clause) for v in subset)


def _other_column_named(ctx: ClaimContext, cell: SourceValue) -> bool:
    """Whether the sentence names another column of ``cell``'s table ("Q4", "February")."""
    said = frozenset(tokens(ctx.sentence.text))
    columns = {
        v.column
        for v in ctx.scope.index.values
        if v.source_id == cell.source_id and v.table == cell.table and v.column != cell.column
    }
    return any((need := frozenset(tokens(c or ""))) and need <= said for c in columns)
