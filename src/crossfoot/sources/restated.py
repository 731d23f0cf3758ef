"""The unit of a table that states none, read from the prose that restates its cells.

Filings and RAG prompts often give a table without its "(in thousands)" (it sat in a heading the
parser dropped) next to prose that restates some of its cells in words: a cell "48,215" and "freight
revenue was $48.2 million". The restatement fixes the unit: the cell counts thousands. Without it,
"$48,215 thousand" in an answer matches nothing and a correct sentence is flagged.

A table's unit is inferred when prose amounts stated to 1 % or finer (three significant digits or
more) restate cells of at least three significant digits ("4,402", "24.9", "53.0"; not "12" or
"3.2", which a scale word meets by chance) at one power of ten (thousands, millions or billions),
and at no other. The change of a row between two years is restated as often as a cell ("revenue
increased $3.10 million" for cells "48,215" and "45,120") and counts the same way, a change of
three significant digits or more restated to 1 % or finer, when the words before the figure
name the row (a row has many changes: a figure of prose meets one of them by chance). The
table's cells are then offered in both views, as under a stated unit header: as written and
scaled, the scaled view noting where the unit came from. A table that states a unit, or whose
restatements disagree, is left as it is; a figure that needs a unit nobody states stays
``unit_unstated`` (:mod:`crossfoot.rules.units`).

>>> from decimal import Decimal
>>> from crossfoot.model.types import Source, SourceValue
>>> table = Source("S1", values=(SourceValue(Decimal(48215), "S1", kind="money", table=0),))
>>> said = SourceValue(Decimal(48_200_000), "S2", kind="money", label="$48.2 million",
...     span=(20, 33), precision=Decimal(50_000))
>>> digits = SourceValue(Decimal("48.2"), "S2", span=(20, 33), operand=False)
>>> prose = Source("S2", values=(said, digits))
>>> [(str(v.value), v.view) for v in infer_units([table, prose])[0].values]
[('48215', 'written'), ('48215000', 'true')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import Source, SourceValue

__all__ = ["infer_units"]

_POWERS = {3: "thousands", 6: "millions", 9: "billions"}
_FINE = Decimal("0.01")  # a restatement stated to 1 % or finer
# Cells of at least three significant digits: "12" matches "$12 million" by chance, "24.9" as
# rarely as "249" does (a value at least 200 half-units of its last digit).
_CELL_DIGITS = 200
_AMOUNTS = frozenset({"money", "number"})


def _restatements(sources: Sequence[Source]) -> list[SourceValue]:
    """Prose amounts stated with a scale word, finely enough to pin a cell down."""
    out = []
    for s in sources:
        spans: dict[tuple[int, int], int] = {}
        for v in s.values:
            if v.span is not None:
                spans[v.span] = spans.get(v.span, 0) + 1
        out += [
            v
            for v in s.values
            if v.span is not None
            # a scale word: the figure is also offered as its written digits ("$48.2 million"
            # and "48.2"); "approximately 125,000 square feet" is as coarse, but counts feet
            and spans[v.span] > 1
            and v.view == "both"
            and v.kind in _AMOUNTS
            and v.value != 0
            and v.precision >= 500  # at thousands or above
            and v.precision <= abs(v.value) * _FINE
        ]
    return out


def _changes(cells: list[SourceValue]) -> list[SourceValue]:
    """The change between two years of each row of ``cells`` with as many digits as a cell
    needs to be restated (see the module docstring), as a value of that row."""
    rows: dict[int | None, list[SourceValue]] = {}
    for c in cells:
        if c.year is not None:
            rows.setdefault(c.row_index, []).append(c)
    out = []
    for row in rows.values():
        for i, a in enumerate(row):
            for b in row[i + 1 :]:
                change = a.value - b.value
                precision = max(a.precision, b.precision)
                if a.year != b.year and abs(change) >= _CELL_DIGITS * precision:
                    out.append(replace(a, value=change, precision=precision))
    return out


# Words of a prose figure's label that name no row ("$3.10 million"; "other" names none alone).
_NO_ROW = frozenset({"thousand", "million", "billion", "other"})


def _power(
    cells: list[SourceValue], prose: list[SourceValue], changes: list[SourceValue]
) -> tuple[int, SourceValue] | None:
    """The one power of ten at which prose restates cells of the table, or changes of rows the
    words before the figure name, with a restatement."""
    rows = [(frozenset(tokens(c.row or "")) - _NO_ROW, c) for c in changes]
    found: dict[int, SourceValue] = {}
    for p in prose:
        size, window = abs(p.value), p.precision
        said = frozenset(tokens(p.label)) if rows else frozenset()
        named = [c for words, c in rows if words & said]
        for k in _POWERS:
            unit = Decimal(10) ** k
            for c in (*cells, *named):
                if c.currency and p.currency and c.currency != p.currency:
                    continue
                if abs(abs(c.value) * unit - size) <= window:
                    found.setdefault(k, p)
                    break
    if len(found) != 1:
        return None
    return next(iter(found.items()))


def infer_units(sources: Sequence[Source]) -> list[Source]:
    """``sources`` with each table that states no unit scaled by the unit its restatements
    imply (see the module docstring); the other sources unchanged."""
    prose = _restatements(sources)
    if not prose:
        return list(sources)
    out: list[Source] = []
    for s in sources:
        tables: dict[int, list[SourceValue]] = {}
        for v in s.values:
            if v.table is not None:
                tables.setdefault(v.table, []).append(v)
        scale: dict[int, tuple[Decimal, str]] = {}
        for t, vals in tables.items():
            if any(v.view != "both" for v in vals):
                continue  # the table states its unit
            cells = [
                v for v in vals if v.kind in _AMOUNTS and abs(v.value) >= _CELL_DIGITS * v.precision
            ]
            hit = _power(cells, prose, _changes(cells))
            if hit is not None:
                k, p = hit
                note = f"unit inferred: {_POWERS[k]}, as [{p.source_id}] restates ({p.label})"
                scale[t] = (Decimal(10) ** k, note)
        if not scale:
            out.append(s)
            continue
        values: list[SourceValue] = []
        for v in s.values:
            unit = scale.get(v.table) if v.table is not None else None
            if unit is None or v.kind not in _AMOUNTS or v.view != "both":
                values.append(v)
                continue
            factor, note = unit
            values.append(replace(v, view="written"))
            values.append(
                replace(
                    v,
                    value=v.value * factor,
                    precision=v.precision * factor,
                    view="true",
                    unit_header=note,
                )
            )
        out.append(replace(s, values=tuple(values)))
    return out
