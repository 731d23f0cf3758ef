"""What a record gives besides its text: fields (name -> number) and tables (lists of rows).

Both are checked as they are read: a field that is not a number, or a table row of the wrong
width, raises :class:`~crossfoot.model.errors.SourceError` naming the record, the field or the
table and row, and what was expected. Part of :mod:`crossfoot.sources.load`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.model.errors import SourceError
from crossfoot.model.types import Kind, SourceValue
from crossfoot.sources.prose import _parse_number_string
from crossfoot.sources.tables import find_tables, parse_cell, year_in

__all__ = ["explicit_table", "field_value"]

_PERCENT_FIELD = re.compile(r"(?:_pct|_percent)$|percent|pct", re.I)


def explicit_table(
    table: object, name: str, t: int
) -> list[tuple[Sequence[Sequence[str]], int | None]]:
    """Rows of a table given in a record, checked: a list of rows of equal width."""
    if isinstance(table, str):
        found = find_tables(table)
        if not found:
            raise SourceError(
                f"{name}, table {t}: expected a list of rows or a JSON/markdown table string, "
                "found no table in the string"
            )
        return [(f.rows, f.header_rows) for f in found]
    if not isinstance(table, (list, tuple)):
        raise SourceError(
            f"{name}, table {t}: expected a list of rows (lists of cells), "
            f"got {type(table).__name__}"
        )
    rows: list[list[str]] = []
    width = -1
    for r, row in enumerate(table):
        if not isinstance(row, (list, tuple)):
            raise SourceError(
                f"{name}, table {t}, row {r}: expected a list of cells, got {type(row).__name__}"
            )
        if width < 0:
            width = len(row)
        elif len(row) != width:
            raise SourceError(
                f"{name}, table {t}, row {r}: expected {width} cells (the width of row 0), "
                f"got {len(row)}"
            )
        cells: list[str] = []
        for c, cell in enumerate(row):
            if cell is None:
                cells.append("")
            elif isinstance(cell, bool):
                raise SourceError(
                    f"{name}, table {t}, row {r}, cell {c}: expected a string or a number, got bool"
                )
            elif isinstance(cell, str):
                cells.append(cell)
            elif isinstance(cell, (int, float, Decimal)):
                if isinstance(cell, float) and not math.isfinite(cell):
                    raise SourceError(
                        f"{name}, table {t}, row {r}, cell {c}: expected a finite number, "
                        f"got {cell!r}"
                    )
                cells.append(str(cell))
            else:
                raise SourceError(
                    f"{name}, table {t}, row {r}, cell {c}: expected a string or a number, "
                    f"got {type(cell).__name__}"
                )
        rows.append(cells)
    return [(rows, None)] if rows else []


def field_value(sid: str, name: str, field: object, raw: object) -> SourceValue:
    if not isinstance(field, str) or not field:
        raise SourceError(f"{name}: field names must be non-empty strings, got {field!r}")
    expected = 'a number or a numeric string such as "4,820,000", "$1,200" or "12%"'
    where = f"{name}, field {field!r}"
    currency: str | None = None
    percent = bool(_PERCENT_FIELD.search(field))
    if isinstance(raw, bool) or raw is None:
        raise SourceError(f"{where}: expected {expected}, got {raw!r}")
    if isinstance(raw, int):
        value = Decimal(raw)
    elif isinstance(raw, float):
        if not math.isfinite(raw):
            raise SourceError(f"{where}: expected {expected}, got {raw!r}")
        value = Decimal(str(raw))
    elif isinstance(raw, Decimal):
        if not raw.is_finite():
            raise SourceError(f"{where}: expected {expected}, got {raw!r}")
        value = raw
    elif isinstance(raw, str):
        cell = parse_cell(raw) or _parse_number_string(raw)
        if cell is None:
            raise SourceError(f"{where}: expected {expected}, got {raw!r}")
        value, currency = cell.value, cell.currency
        percent = percent or cell.kind == "percent"
    else:
        raise SourceError(f"{where}: expected {expected}, got {type(raw).__name__}")
    kind: Kind = "percent" if percent else ("money" if currency else "number")
    return SourceValue(
        value=value,
        source_id=sid,
        kind=kind,
        label=field,
        field=field,
        year=year_in(field),
        precision=Decimal(0),
        currency=currency,
    )
