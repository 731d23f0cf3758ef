"""A total "including" one named line: the figure as the sum of a run of cells that holds it.

A conversation builds a total step by step ("what were finished products in 2017? and work in
process? what is their sum? and including the raw materials and supplies?") and its last turn
names only the line added last. The answer, the sum of three adjacent lines of a column, is
often written in the table too, as the column's total (or a balance a roll-forward crossfoots),
or lands on a difference of other lines first: read so, the figure comes from a row the question
does not name, and ``off_question`` fired on a right answer.

Here such a misfit figure is read again, once, as a sum that takes what the question names: a
run of 3 or 4 adjacent lines of the named line's column (total lines left out) that holds the
named line, or, when the question names a year ("and including 2014?"), a run of 3 or 4 adjacent
cells of the misfit figure's own row (a total column left out) that holds that year's cell; the
run must add up to the figure at its stated precision. Only when the question words an inclusion
("including", "adding", "plus"); a line is taken only when the question names the lines of one
row. The runs that hold one cell are few (at most seven a line), so a wrong figure rarely meets
one by chance.

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
from crossfoot.rules._named_years import value_years

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
    """The sum of a run of 3 or 4 adjacent cells of one line that holds the line or the year
    the question names, when ``c``'s figure states it and the question words an inclusion
    (module docstring), as evidence; else None."""
    if c.mention.kind not in ("money", "number") or not (_words(ask.text) & _INCLUDE):
        return None
    fits = named.keeps()[0]  # (the asked years)
    cells = [
        v for v in values if v.table is not None and v.operand and named.names(v, "row") and fits(v)
    ]
    lines: list[list[SourceValue]] = []
    held: list[SourceValue] = []
    if len({(v.source_id, v.table, v.row_index) for v in cells}) == 1:
        # "including the X": the runs of X's column
        lines.extend(_line(x, values, "col_index") for x in cells)
        held.extend(cells)
    ev = c.evidence
    if ask.years and ev is not None and ev.operands and ev.operands[0].table is not None:
        # "including 2014": the runs of the misfit figure's own row that hold the asked year
        row = _line(ev.operands[0], values, "row_index")
        lines.append(row)
        held.extend(v for v in row if value_years(v) & ask.years)
    for line in lines:
        for x in held:
            if x not in line:
                continue
            at = line.index(x)
            for k in _RUNS:
                for start in range(max(0, at - k + 1), min(at, len(line) - k) + 1):
                    found = _states(c, line[start : start + k])
                    if found is not None:
                        return found
    return None


def _line(x: SourceValue, values: Sequence[SourceValue], axis: str) -> list[SourceValue]:
    """The figures of ``x``'s column (``axis`` "col_index") or row in its unit view, in order,
    total lines (or total columns) left out."""
    across = "row_index" if axis == "col_index" else "col_index"
    out: dict[int, SourceValue] = {}
    for v in values:
        at = getattr(v, across)
        if (
            v.source_id == x.source_id
            and v.table == x.table
            and getattr(v, axis) == getattr(x, axis)
            and v.view == x.view
            and at is not None
            and v.operand
            and not is_nil(v)
            and not TOTAL_LABEL.search((v.row if axis == "col_index" else v.column) or "")
        ):
            out.setdefault(at, v)
    return [out[k] for k in sorted(out)]


def _states(c: Claim, run: Sequence[SourceValue]) -> Evidence | None:
    m = c.mention
    total = sum((v.value for v in run), Decimal(0))
    if abs(total - m.value) > m.precision:
        return None
    formula = " + ".join(f"{v.label} ({format_decimal(v.value)})" for v in run)
    return Evidence("question", "sum", f"{formula} = {format_decimal(total)}", tuple(run), total)
