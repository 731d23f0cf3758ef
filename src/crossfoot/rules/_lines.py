"""The mean or total of a whole table row or column, for :mod:`crossfoot.rules.alignment`.

"What is the average share of orders from Stores?" asks for the mean of every year of the row;
"What is the average staff of the branches?" for the mean of every row of the column. A figure
that states one cell, or the mean of part of the line, is judged again against the whole line
(the asked years of it when the question names some) before it is called off the question.

>>> from decimal import Decimal
>>> _power_of_ten(Decimal("0.99"))
Decimal('1')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._derive_kinds import is_nil
from crossfoot.rules._named import TOTAL_LABEL, Named, value_years
from crossfoot.rules.off_question_count import counted

__all__ = ["line_misnamed", "line_witness", "named_line_witness"]


def line_witness(ask: Ask, c: Claim, values: Sequence[SourceValue]) -> Evidence | None:
    """For an average or total asked and answered with one cell, or with the mean (or sum) of
    part of one row or column: the mean (or sum) of the whole row or column that the figure
    states, over the asked years when the question names some."""
    ev = c.evidence
    if ask.op not in ("average", "sum") or ev is None or not ev.operands:
        return None
    sv = ev.operands[0]
    if sv.table is None or not sv.value:
        return None
    m = c.mention
    if ev.rule == "direct":
        scale = m.value / sv.value
    elif ev.kind in ("mean", "average", "sum") and ev.result:
        scale = _power_of_ten(m.value / ev.result)
    else:
        return None
    row = [v for v in values if _same_line(v, sv, "row_index")]
    col = [
        v for v in values if _same_line(v, sv, "col_index") and not TOTAL_LABEL.search(v.row or "")
    ]
    for line in (row, col):
        if ev.rule != "direct" and not all(v in line for v in ev.operands):
            continue
        found = _states(ask, c, line, scale)
        if found is not None:
            return found
    return None


def line_misnamed(ev: Evidence, named: Named) -> bool:
    """Whether ``ev`` is the mean (or sum) of one table row while the question firmly names
    another row of that table: "What is the average revenue in 2018 and 2019?" is not answered
    by the mean of the cost of sales line, whatever years it takes."""
    ops = ev.operands
    if not ops or ops[0].table is None or not ops[0].row:
        return False
    first = ops[0]
    if any(v.row_index != first.row_index or v.table != first.table for v in ops):
        return False  # a column's line: the rows are its parts, not a row the question names
    asked = named.labels_named(first, "row")
    if not asked:
        return False
    if first.row in asked:  # (its label named, but under a section the question does not name)
        return named.misnamed(first) is not None
    return any(named.firm(label, first) for label in asked)


def named_line_witness(
    ask: Ask, c: Claim, values: Sequence[SourceValue], named: Named
) -> Evidence | None:
    """For an average or total asked and a figure nothing proves: the mean (or sum) of a row or
    column the question names (a column only when it names no row of that table)."""
    if ask.op not in ("average", "sum"):
        return None
    lines: dict[tuple[object, ...], list[SourceValue]] = {}
    for v in values:
        if v.table is None or not v.operand:
            continue
        if named.names(v, "row") and not named.names(v, "column"):
            lines.setdefault(("row", v.source_id, v.table, v.view, v.row_index), []).append(v)
        elif named.names(v, "column") and not named.labels_named(v, "row"):
            if not TOTAL_LABEL.search(v.row or ""):
                lines.setdefault(("col", v.source_id, v.table, v.view, v.col_index), []).append(v)
    for line in lines.values():
        found = _states(ask, c, line, Decimal(1))
        if found is not None:
            return found
    return None


def _states(ask: Ask, c: Claim, line: Sequence[SourceValue], scale: Decimal) -> Evidence | None:
    """The mean (or sum) of ``line`` (its asked years, its dated values, or all) that ``c``'s
    figure states at its precision, as evidence; None when none does."""
    m = c.mention
    if ask.op == "sum":
        line = [v for v in line if not is_nil(v)]  # a dash adds nothing to a total
    picked = [v for v in line if value_years(v) & ask.years] if ask.years else []
    dated = [v for v in line if value_years(v)]
    # the asked years' values when the line has two or more of them: the mean (or sum) of
    # other years, or of every year, answers another question
    groups: tuple[Sequence[SourceValue], ...] = (picked,) if len(picked) >= 2 else (dated, line)
    if (n := counted(ask)) is not None:  # "over the last two years": two of them
        groups = tuple(g for g in groups if _years_taken(g) == n)
    for group in groups:
        if len(group) < 2:
            continue
        total = sum((v.value for v in group), Decimal(0))
        result = total / len(group) if ask.op == "average" else total
        if abs(abs(result * scale) - abs(m.value)) <= m.precision:
            word = "mean" if ask.op == "average" else "sum"
            formula = f"{word} of " + ", ".join(f"{v.label} ({v.value})" for v in group)
            return Evidence("question", word, formula, tuple(group), result)
    return None


def _years_taken(group: Sequence[SourceValue]) -> int:
    """How many years ``group`` takes (its values when some are of no year: a cell seen in two
    views counts once by its year)."""
    years = [value_years(v) for v in group]
    if not all(years):
        return len(group)
    return len(frozenset().union(*years))


def _power_of_ten(ratio: Decimal) -> Decimal:
    """The power of ten nearest a figure's ratio to its evidence (1 for "67%" of a mean 67.5)."""
    if ratio <= 0:
        return Decimal(1)
    return Decimal(10) ** round(ratio.log10())


def _same_line(v: SourceValue, sv: SourceValue, axis: str) -> bool:
    return (
        v.source_id == sv.source_id
        and v.table == sv.table
        and getattr(v, axis) == getattr(sv, axis)
        and v.view == sv.view
    )
