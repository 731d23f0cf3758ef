"""A zero for a blank cell: "The lease obligation was $0 thousand in 2018."

A financial table writes nil as a dash or leaves the cell empty ("Lease obligation | 2,047 | —"),
and the sources index no value for it. An answer that reads the blank as zero states what the
table says, yet no source value is 0, so the figure failed as unsupported: a false alarm on a
correct sentence.

A zero figure (``$0``, ``0``, ``$0 thousand``; not a range) passes as ``supported_exact`` when
the sentence names a row of a table in full (:func:`crossfoot.language.rowtokens.names_row`) and
that row has no value in a column the sentence points at: a column of the year written nearest
the figure, or a column whose label the sentence names ("the allowance for losses ... is $0" of a
column *Allowance for Losses*). A row of a dated section ("December 31, 2019: Servicing related")
must fit that year too. Anything else (no row named, every column of the row filled) leaves the
figure to the rules after this one, as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.rowtokens import names_row
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import value_years

__all__ = ["blank_zero"]

_ZERO = Decimal(0)
Key = tuple[str, int]  # (source id, table)


def blank_zero(ctx: ClaimContext) -> Verdict | None:
    """Rule: a zero figure for a blank cell of a row the sentence names (module docstring).

    >>> from crossfoot import check
    >>> table = '[["", "2019", "2018"], ["Lease obligation", "2,047", ""], ["Accrued", "14", "25"]]'
    >>> check("The lease obligation was $0 in 2018.", [table]).claims[0].status
    'supported_exact'
    """
    m = ctx.mention
    if m.value != _ZERO or m.high is not None or m.kind not in ("money", "number"):
        return None
    s = ctx.sentence
    year = _nearest_year(ctx)
    tables: dict[Key, list[SourceValue]] = {}
    for v in ctx.scope.values():
        if v.table is not None and v.row_index is not None and v.col_index is not None:
            tables.setdefault((v.source_id, v.table), []).append(v)
    for cells in tables.values():
        found = _blank_in(cells, s.text, year)
        if found is not None:
            row, column = found
            formula = f"{row} / {column} is blank in the table (nil)"
            return Verdict("supported_exact", Evidence("direct", "blank", formula, (), _ZERO))
    return None


def _nearest_year(ctx: ClaimContext) -> int | None:
    """The year the figure is of: the first one after it ("$0 in 2018") with no other figure in
    between, else the last one before it ("in 2019 is $0"), else None."""
    m, s = ctx.mention, ctx.sentence
    figures = [x.start for x in ctx.mentions if x.kind != "year" and s.start <= x.start < s.end]
    years = [x for x in ctx.mentions if x.kind == "year" and s.start <= x.start < s.end]
    after = [y for y in years if y.start > m.start]
    if after and not any(m.start < f < after[0].start for f in figures):
        return int(after[0].value)
    before = [y for y in years if y.start < m.start]
    if before and not any(before[-1].start < f < m.start for f in figures):
        return int(before[-1].value)
    return None


def _blank_in(
    cells: Sequence[SourceValue], sentence: str, year: int | None
) -> tuple[str, str] | None:
    """``(row, column)`` of a blank cell the sentence points at in one table, or None."""
    columns: dict[int, tuple[str, set[int]]] = {}
    rows: dict[int, list[SourceValue]] = {}
    for v in cells:
        assert v.col_index is not None and v.row_index is not None
        label, years = columns.setdefault(v.col_index, (v.column or "", set()))
        if not _row_dated(v):
            years.update(value_years(v))
        rows.setdefault(v.row_index, []).append(v)
    for values in rows.values():
        label = values[0].row or ""
        if not label or not names_row(label, sentence):
            continue
        own = {v.col_index for v in values}
        dated = set().union(*(value_years(v) for v in values if _row_dated(v)))
        if year is not None and dated and year not in dated:
            continue  # a dated section of another year ("December 31, 2018: ...")
        for col, (name, years) in sorted(columns.items()):
            if col in own:
                continue
            if (year is not None and year in years) or (name and names_row(name, sentence)):
                return label, name or f"column {col + 1}"
    return None


def _row_dated(v: SourceValue) -> bool:
    """Whether the value's year comes from its row (a dated section), not its column."""
    return v.year is not None and not years_in_text(v.column or "")
