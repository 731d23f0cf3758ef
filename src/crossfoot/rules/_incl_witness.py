"""A total "including" one named line: the figure as the sum of a run of cells that holds it.

A conversation builds a total step by step ("what were finished products in 2017? and work in
process? what is their sum? and including the raw materials and supplies?") and its last turn
names only the line added last. The answer, the sum of three adjacent lines of a column, is
often written in the table too, as the column's total (or a balance a roll-forward crossfoots),
or lands on a difference of other lines first: read so, the figure comes from a row the question
does not name, and ``off_question`` fired on a right answer.

Here such a misfit figure is read again, once, as a sum that takes the named line: a run of 3 or
4 adjacent lines of the named line's column (total lines left out) that holds the named line and
adds up to the figure at its stated precision. Only when the question words an inclusion
("including", "adding", "plus") and names the lines of one row of a table; the runs that hold one
cell are few (at most seven), so a wrong figure rarely meets one by chance.

>>> from decimal import Decimal
>>> from crossfoot.language.asked import read_question
>>> ask = read_question("and including the raw materials?")
>>> "including" in _words(ask.text)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import is_nil
from crossfoot.rules._named import TOTAL_LABEL, Named

__all__ = ["inclusion_witness"]

# The words of a turn that adds a line to a total built before.
_INCLUDE = frozenset({"including", "include", "includes", "adding", "add", "plus"})
_RUNS = (3, 4)
_WORD = re.compile(r"[a-z]+")


def _words(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text.lower()))


def inclusion_witness(
    ask: Ask, c: Claim, values: Sequence[SourceValue], named: Named
) -> Evidence | None:
    """The sum of a run of 3 or 4 adjacent lines of one column that holds the one line the
    question names, when ``c``'s figure states it and the question words an inclusion (module
    docstring), as evidence; else None."""
    if c.mention.kind not in ("money", "number") or not (_words(ask.text) & _INCLUDE):
        return None
    fits = named.keeps()[0]  # (the asked years)
    cells = [
        v for v in values if v.table is not None and v.operand and named.names(v, "row") and fits(v)
    ]
    if len({(v.source_id, v.table, v.row_index) for v in cells}) != 1:
        return None  # no line named, or several: not "including the X"
    for x in cells:
        column = _column(x, values)
        if x not in column:
            continue
        at = column.index(x)
        for k in _RUNS:
            for start in range(max(0, at - k + 1), min(at, len(column) - k) + 1):
                found = _states(c, column[start : start + k])
                if found is not None:
                    return found
    return None


def _column(x: SourceValue, values: Sequence[SourceValue]) -> list[SourceValue]:
    """The figures of ``x``'s column in its unit view, in row order, total lines left out."""
    out: dict[int, SourceValue] = {}
    for v in values:
        if (
            v.source_id == x.source_id
            and v.table == x.table
            and v.col_index == x.col_index
            and v.view == x.view
            and v.row_index is not None
            and v.operand
            and not is_nil(v)
            and not TOTAL_LABEL.search(v.row or "")
        ):
            out.setdefault(v.row_index, v)
    return [out[k] for k in sorted(out)]


def _states(c: Claim, run: Sequence[SourceValue]) -> Evidence | None:
    m = c.mention
    total = sum((v.value for v in run), Decimal(0))
    if abs(total - m.value) > m.precision:
        return None
    formula = " + ".join(f"{v.label} ({format_decimal(v.value)})" for v in run)
    return Evidence("question", "sum", f"{formula} = {format_decimal(total)}", tuple(run), total)
