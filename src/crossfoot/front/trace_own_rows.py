"""What clears a cell of a row the figure's clause does not name, in ``trace``'s wrong-row check
(:func:`crossfoot.front.trace_checks._other_row`).

- a cell of a named row that also matches the figure (duplicate values), or a named row's own
  change that does ("X dropped by $20");
- the sum of the rows the sentence names, in the matched cell's column (lead42): "Email and
  Direct together brought in $54,000" over 24,000 and 30,000 is theirs, though Search's cell is
  54,000 too. The figure is then ``derived`` from the named rows' cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.changewords import move_stated, moved_by
from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal

__all__ = ["named_sum", "own_value"]


def own_value(text: str, c: Claim, cell: SourceValue, own: Sequence[SourceValue]) -> bool:
    """Whether a cell of a named row (``own``) matches the figure too, or the named row's own
    change does."""
    m = c.mention
    lo, hi = m.value - m.precision, m.value + m.precision
    for v in own:
        if v.kind == cell.kind and (lo <= v.value <= hi or lo <= -v.value <= hi):
            return True
    way = move_stated(text, c.sentence.start, m.start)  # "X dropped by $20": X's own change?
    return way is not None and moved_by(own, m.value, m.precision, way)


def named_sum(
    c: Claim,
    cell: SourceValue,
    values: Sequence[SourceValue],
    labels: Sequence[str | None],
    said: frozenset[str],
) -> Claim | None:
    """``c`` derived as the sum of the cells of two or more rows the sentence names (``said``:
    their labels; ``labels``: the result set's, by row index) in ``cell``'s column, when they add
    up to the figure; else None.

    >>> from decimal import Decimal as D
    >>> from crossfoot.model.types import Mention, Sentence
    >>> t = "Email and Direct together brought in $54,000."
    >>> m = Mention("$54,000", 37, 44, D(54000), "money", D("0.5"))
    >>> cells = [SourceValue(D(v), "Q1", row_index=i, column="revenue", label=f"r{i}")
    ...          for i, v in enumerate((24000, 54000, 30000))]
    >>> c = Claim(m, Sentence(0, 0, len(t), t), "supported_exact", None, "")
    >>> said = frozenset({"Email", "Direct"})
    >>> named_sum(c, cells[1], cells, ["Email", "Search", "Direct"], said).status
    'derived'
    """
    m = c.mention
    rows: dict[int | None, SourceValue] = {}
    for v in values:
        i = v.row_index
        if v.column != cell.column or v.kind != cell.kind or i is None or not 0 <= i < len(labels):
            continue
        if labels[i] in said:
            rows.setdefault(i, v)
    if len(rows) < 2:
        return None
    ops = tuple(sorted(rows.values(), key=lambda v: v.row_index or 0))
    total = sum((v.value for v in ops), Decimal(0))
    if not m.value - m.precision <= total <= m.value + m.precision:
        return None
    terms = " + ".join(f"{v.label} ({format_decimal(v.value)})" for v in ops)
    ev = Evidence("derive", "sum", f"{terms} = {format_decimal(total)}", ops, total)
    return replace(c, status="derived", evidence=ev, message="")
