"""A direction word against the sign of the change cell a figure matches.

"Service revenue grew 9%" over a table whose "Change" column shows (9)% for that row matched the
cell by its size and passed: a cell of a change column states a direction by its sign, as a
prose value does by its words ("the $29.3 million increase"). The figure is ``contradicted``
when its sentence states the other direction ("grew", "fell") and:

- the cell is of a column whose header names a change ("Change", "% change", "YoY", "growth",
  "Increase (decrease)", "vs. prior year"), not a column of favourable and unfavourable
  variances, nor one that names a single direction ("Decrease"), and it is not zero;
- the row is not a loss line ("Net loss", "Impairment losses": "the loss fell 46%" is the size of
  a loss shrinking, whatever sign the table gives its change);
- the row's own period cells, when the table holds two of other years, move the way the cell's
  sign says: a table whose sign convention differs from the cells' move (a variance column) is
  left alone.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.direction import stated_direction
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["change_cell_direction"]

_CHANGE_HEADER = re.compile(
    r"(?i)(?:\bchange|\bchg\b|\bgrowth\b|\byoy\b|\by/y\b|\bqoq\b|\bq/q\b|"
    r"\bincrease\s*(?:/|\()\s*\(?decrease|\bvs\.?\s|\bversus\b|\bvariance\b|\bdelta\b)"
)
# One direction named ("Decrease", "Decline"), or variances for and against ("Favorable
# (Unfavorable)", "Better/(Worse)"): the sign does not state a rise or a fall.
_NOT_SIGNED = re.compile(r"(?i)\b(?:favou?rable|unfavou?rable|better|worse|b/\(?w\)?)\b")
_ONE_WAY = re.compile(r"(?i)\b(?:decrease|decline|reduction|increase)s?\b")
_BOTH_WAYS = re.compile(r"(?i)\bincrease\s*(?:/|\()\s*\(?decrease")
_LOSS = re.compile(r"(?i)\b(?:loss(?:es)?|deficits?)\b")
_WORDS = {"up": "an increase", "down": "a decrease"}


@lru_cache(maxsize=1024)  # (a table's few column labels, read for every cell a claim meets)
def _signed_change_column(col: str) -> bool:
    """Whether a column labelled ``col`` states a change by its cells' signs."""
    if not col or _CHANGE_HEADER.search(col) is None or _NOT_SIGNED.search(col) is not None:
        return False
    return _ONE_WAY.search(col) is None or _BOTH_WAYS.search(col) is not None


def change_cell_direction(ctx: ClaimContext, sv: SourceValue) -> Verdict | None:
    """``contradicted`` when the figure's words state the other direction than the sign of the
    change cell it matched (module docstring), else None."""
    if sv.value == 0 or sv.row_index is None or sv.span is not None:
        return None
    if not _signed_change_column(sv.column or ""):
        return None
    if _LOSS.search(f"{sv.row or ''} {sv.field or ''}"):
        return None
    m, s = ctx.mention, ctx.sentence
    said = stated_direction(ctx.text, s.start, s.end, m.start, m.end)
    if said is None:
        return None
    cell = "up" if sv.value > 0 else "down"
    if said == cell or _moves_otherwise(ctx, sv, cell):
        return None
    note = (
        f"the answer states {_WORDS[said]}, but {sv.describe()} is {_WORDS[cell]} "
        f"(the sign of its change column)"
    )
    return Verdict(
        "contradicted", Evidence("direct", "exact", sv.describe(), (sv,), sv.value), note
    )


def _moves_otherwise(ctx: ClaimContext, sv: SourceValue, cell: str) -> bool:
    """Whether the row's own cells of two years move against the change cell's sign (a table
    whose change column follows another convention). Read only after every cheap gate held."""
    years: dict[int, SourceValue] = {}
    for v in ctx.scope.values():
        if (
            v.row_index == sv.row_index
            and v.table == sv.table
            and v.source_id == sv.source_id
            and v.col_index != sv.col_index
            and v.year is not None
            and v.view != "true"
        ):
            years.setdefault(v.year, v)
    if len(years) < 2:
        return False
    ordered = sorted(years)
    early, late = years[ordered[-2]], years[ordered[-1]]
    if late.value == early.value:
        return True
    return ("up" if late.value > early.value else "down") != cell
