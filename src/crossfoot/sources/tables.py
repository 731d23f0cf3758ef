"""Tables in sources: find them in text and read them cell by cell.

Two table shapes are found inside free text:

* JSON-style (or Python-literal) lists of lists, as TAT-QA and FinQA ship them:
  ``[["", "2019", "2018"], ["Net sales", "7,630.0", "6,710.4"]]``.
* Pipe tables: markdown (``| Region | 2024 |`` with a ``|---|`` separator) and bare pipe rows
  (``revenue | $ 60.94 | $ 37.84``), two or more consecutive lines.

Tables found in free text tolerate ragged rows: short rows are padded with empty cells, because text
copied out of documents often drops trailing empties. Explicit tables given in a record are checked
for width by :mod:`crossfoot.sources.load` instead.

Reading a table (:func:`read_table`):

* Header rows are the leading rows with no number other than a year ("2019", "FY2019" is text).
  Stacked header cells make the column label ("Year Ended December 31, 2019"); a header row above
  the last one spreads a lone spanning cell over the columns around it.
* The row label is the first non-numeric cell of a row. A body row without numbers is a section
  heading: it gives context to the label of the rows below and no values.
* The year comes from the column label, else from the row label (when exactly one year is named).
* Cells: ``$1,200``, ``(1,234)`` (negative), ``12.3%`` (percent), ``—``/``-``/``n/a``/empty (no
  value). A cell is exact as written with precision half a unit of its last digit. One cell's
  number, a label's year and unit headers are read by :mod:`crossfoot.sources.cells`.
* Unit headers ("(in millions)", "£m", "$'000", ...) in a header cell or in the surrounding text
  make every non-percent cell yield two values: as written (view ``written``) and scaled (view
  ``true``).
"""

from __future__ import annotations

import ast
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from crossfoot.model.types import SourceValue
from crossfoot.sources.cells import (
    CellNumber,
    Unit,
    _normalize_currency,
    find_unit_headers,
    is_blank,
    parse_cell,
    unit_in_cell,
    year_in,
)

__all__ = [
    "CellNumber",
    "TextTable",
    "Unit",
    "find_tables",
    "find_unit_headers",
    "is_blank",
    "parse_cell",
    "read_table",
    "unit_in_cell",
    "year_in",
]


# --------------------------------------------------------------------------------------------
# Finding tables in text


@dataclass(frozen=True, slots=True)
class TextTable:
    """A table found inside a text: its span and its rows as cell strings.

    ``header_rows`` is set when the table marks its header (a markdown ``|---|`` separator), else
    None and :func:`read_table` detects it.
    """

    start: int
    end: int
    rows: tuple[tuple[str, ...], ...]
    header_rows: int | None = None


_TABLE_START = re.compile(r"\[\s*\[(?!\s*\[)")  # "[[[" opens a list of tables, not a table
_LITERAL_TOKEN = re.compile(r"""[\[\]]|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")
_LITERAL_START = re.compile(r"\[\s*\[\s*'")
_JSON_TOKEN = re.compile(r'[\[\]]|"(?:[^"\\\n]|\\.)*"')


def _cell_text(cell: object) -> str | None:
    """A table cell as a string, or None when the cell is not a scalar."""
    if cell is None:
        return ""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, bool):
        return str(cell)
    if isinstance(cell, (int, float, Decimal)):
        return str(cell)
    return None


def _as_rows(obj: object) -> tuple[tuple[str, ...], ...] | None:
    """Rows of cell strings when ``obj`` is a list of lists of scalars with some row of 2+ cells."""
    if not isinstance(obj, list) or not obj:
        return None
    rows: list[tuple[str, ...]] = []
    wide = False
    for row in obj:
        if not isinstance(row, list):
            return None
        cells: list[str] = []
        for cell in row:
            text = _cell_text(cell)
            if text is None:
                return None
            cells.append(text)
        wide = wide or len(cells) >= 2
        rows.append(tuple(cells))
    return tuple(rows) if wide else None


def _literal_end(text: str, start: int) -> int | None:
    """End of the bracketed literal starting at ``start`` (quotes respected), or None."""
    depth = 0
    for tok in _LITERAL_TOKEN.finditer(text, start):
        t = tok.group(0)
        if t == "[":
            depth += 1
        elif t == "]":
            depth -= 1
            if depth == 0:
                return tok.end()
    return None


def _bracket_pairs(text: str, start: int) -> dict[int, int]:
    """Where each "[" from ``start`` on closes (index of its "]"), skipping JSON strings.

    One linear pass for the whole text, so a text with many "[[" that never close costs O(n),
    not O(n) per candidate.
    """
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for tok in _JSON_TOKEN.finditer(text, start):
        t = tok.group(0)
        if t == "[":
            stack.append(tok.start())
        elif t == "]":
            if stack:
                pairs[stack.pop()] = tok.start()
    return pairs


def _json_tables(text: str) -> list[TextTable]:
    found: list[TextTable] = []
    first = _TABLE_START.search(text)
    if first is None:
        return found
    pairs = _bracket_pairs(text, first.start())
    last_end = 0
    unclosed = False  # a literal scan already ran to the end of the text: skip further ones
    for m in _TABLE_START.finditer(text, first.start()):
        start = m.start()
        if start < last_end:
            continue
        obj: object = None
        end = -1
        close = pairs.get(start)
        if close is not None:
            end = close + 1
            try:
                obj = json.loads(text[start:end])
            except (ValueError, RecursionError):
                obj = None
        if obj is None and not unclosed and _LITERAL_START.match(text, start):
            # Python-literal tables ("[['', '2019']]") read with the safe literal parser; only
            # tried when the first cell is single-quoted, so prose brackets cost nothing.
            lit_end = _literal_end(text, start)
            if lit_end is None:
                unclosed = True
            else:
                try:
                    obj, end = ast.literal_eval(text[start:lit_end]), lit_end
                except (ValueError, SyntaxError, MemoryError, RecursionError):
                    obj = None
        rows = _as_rows(obj)
        if rows is not None:
            found.append(TextTable(start, end, rows))
            last_end = end
    return found


_SEPARATOR_CELL = re.compile(r"^\s*:?-+:?\s*$")


def _split_pipe_row(line: str) -> list[str] | None:
    stripped = line.strip()
    if "|" not in stripped:
        return None
    if stripped.startswith("|"):
        stripped = stripped[1:]
    if stripped.endswith("|") and not stripped.endswith("\\|"):
        stripped = stripped[:-1]
    cells = [c.strip().replace("\x00", "|") for c in stripped.replace("\\|", "\x00").split("|")]
    return cells if len(cells) >= 2 else None


def _is_separator(cells: list[str]) -> bool:
    if not all(_SEPARATOR_CELL.match(c) for c in cells):
        return False
    # "- | - | -" is a row of empty cells in FinQA-style text; a markdown separator has "---"/":".
    return any("---" in c or ":" in c for c in cells)


def _pipe_tables(text: str, taken: list[tuple[int, int]]) -> list[TextTable]:
    found: list[TextTable] = []
    block: list[tuple[int, int, list[str]]] = []

    def flush() -> None:
        rows: list[tuple[str, ...]] = []
        header: int | None = None
        for _, _, cells in block:
            if header is None and _is_separator(cells):
                header = len(rows)
                continue
            rows.append(tuple(cells))
        if len(rows) >= 2 and (header is None or header < len(rows)):
            found.append(TextTable(block[0][0], block[-1][1], tuple(rows), header or None))
        block.clear()

    starts = [s for s, _ in taken]
    pos = 0
    for line in text.splitlines(keepends=True):
        start, end = pos, pos + len(line.rstrip("\r\n"))
        pos += len(line)
        cells = _split_pipe_row(line) if "|" in line else None
        k = bisect_right(starts, start) - 1
        if cells is None or (k >= 0 and start < taken[k][1]):
            if block:
                flush()
            continue
        block.append((start, end, cells))
    if block:
        flush()
    return found


def find_tables(text: str) -> list[TextTable]:
    """Every JSON-style and pipe table in a text, in order of position.

    >>> [t.rows[1] for t in find_tables('see [["", "2019"], ["Sales", "5"]] and more')]
    [('Sales', '5')]
    """
    if "[" not in text and "|" not in text:
        return []
    tables = _json_tables(text) if "[" in text else []
    if "|" in text:
        tables += _pipe_tables(text, [(t.start, t.end) for t in tables])
    tables.sort(key=lambda t: t.start)
    return tables


# --------------------------------------------------------------------------------------------
# Reading a table

#: Fallback for cells that are not exactly one number ("1,234 (a)", "27% ( 27 % )"): returns the
# : numbers in the cell. Set by crossfoot.sources.load to a reader built on
# crossfoot.numbers.extract.
CellFallback = Callable[[str], list[CellNumber]]

_LONE_CURRENCY = re.compile(r"^\s*((?:US|A|C|HK|S|NZ)?\$|[€£¥₹])\s*$")
# A label whose unit is percent: "%", "(%)", "% change", "percent of sales". A percentage written
# in a label ("5.25% notes due 2025") names the item, not the unit of its cells.
_PERCENT_LABEL = re.compile(r"(?<![\d.])%|\bpercent|\bpct\b", re.I)


# A row label naming a rate ("State and local income tax rate", "Gross margin"); an exchange
# rate is a price, not a percentage.
_RATE_LABEL = re.compile(r"(?i)(?<!exchange )\b(?:rates?|margins?|yields?)\b")

# A cell that starts with a (non-year) number followed by a parenthesis: "27% ( 27 % )".
_NUMBER_FIRST = re.compile(
    r"\s*[-−–$€£¥₹(]*\s*(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?\s*%?\s*\)?\s*\("
)


def _header_label(cell: str) -> bool:
    """A label cell a header row may carry: blank or a unit ("(In thousands)"), not a row name."""
    return is_blank(cell) or unit_in_cell(cell) is not None


def _header_count(
    rows: Sequence[Sequence[str]],
    parsed: list[list[CellNumber | None]],
    blank: list[list[bool]],
) -> int:
    """Leading rows with no number other than a year; text-only rows after the last row with
    column text are section headings, not header rows."""
    n = len(parsed)
    count = 0
    last_with_columns = -1
    seen_years = False
    for i in range(n):
        numbers = [c for c in parsed[i] if c is not None]
        if any(not c.year_like for c in numbers):
            break
        if any(
            p is None and _NUMBER_FIRST.match(c) for c, p in zip(rows[i], parsed[i], strict=True)
        ):
            break  # "27% ( 27 % )", "1,234 (a)": a number with a note is data, not a header
        has_years = bool(numbers)
        # Years appear once in a header; a second row of year-like cells is data ("Shares | 2014").
        if has_years and seen_years and not _header_label(rows[i][0]):
            break
        seen_years = seen_years or has_years
        if has_years or any(not b for b in blank[i][1:]):
            last_with_columns = i
        count = i + 1
    count = last_with_columns + 1 if last_with_columns >= 0 else 0
    if count >= n:
        # Every row looks like a header: keep only the first, the rest is data.
        count = 1 if n > 1 else 0
    return count


def _column_labels(header: Sequence[Sequence[str]], width: int) -> list[str]:
    stacked: list[list[str]] = [[] for _ in range(width)]
    last = len(header) - 1
    for r, row in enumerate(header):
        cells = [c.strip() for c in row]
        if r < last:
            # A spanning cell ("Year Ended December 31,") is written once over several columns:
            # spread it right, and back to the first data column.
            fill = ""
            first = next((c for c in cells[1:] if c), "")
            bottom = header[last]
            for j in range(1, width):
                if cells[j]:
                    fill = cells[j]
                    continue
                spread = fill or first
                # "Percent Change" spanning its own columns is not the label of the year columns
                # beside it: a column whose own bottom cell is a year keeps amounts.
                if _PERCENT_LABEL.search(spread) and j < len(bottom) and year_in(bottom[j]):
                    continue
                cells[j] = spread
        for j in range(width):
            text = cells[j]
            if text and (not stacked[j] or stacked[j][-1] != text):
                stacked[j].append(text)
    return [" ".join(parts) for parts in stacked]


def read_table(
    rows: Sequence[Sequence[str]],
    *,
    source_id: str,
    table_index: int,
    unit: Unit | None = None,
    header_rows: int | None = None,
    fallback: CellFallback | None = None,
) -> list[SourceValue]:
    """Every number of a table as :class:`SourceValue` with row/column provenance.

    ``unit`` is the unit header governing the table from outside (the surrounding text); a unit in
    the table's own header cells takes precedence.

    >>> vals = read_table([["", "2019"], ["Sales", "1,200"]], source_id="S1", table_index=0)
    >>> [(v.label, str(v.value), v.year) for v in vals]
    [('Sales / 2019', '1200', 2019)]
    """
    width = max((len(r) for r in rows), default=0)
    if width == 0:  # no rows, or only empty ones ([[]]): no cells, so no values
        return []
    grid = [list(r) + [""] * (width - len(r)) for r in rows]
    parsed = [[parse_cell(c) for c in row] for row in grid]
    blank = [
        [p is None and is_blank(c) for c, p in zip(row, prow, strict=True)]
        for row, prow in zip(grid, parsed, strict=True)
    ]
    n_header = _header_count(grid, parsed, blank) if header_rows is None else header_rows
    header = grid[:n_header]

    # Units: a column's own header > the table's label column / lone spanning cell > outside text.
    table_unit: Unit | None = None
    label_rows: list[Sequence[str]] = []
    for row in header:
        nonblank = [j for j, c in enumerate(row) if c.strip()]
        lone = unit_in_cell(row[nonblank[0]]) if len(nonblank) == 1 else None
        table_unit = table_unit or unit_in_cell(row[0]) or lone
        # A lone "(in millions)" names the unit of the table, not of the column it sits in.
        label_rows.append(row if lone is None else [""] * width)
    labels = _column_labels(label_rows, width) if header else [""] * width
    col_years = [year_in(label) for label in labels]
    col_pct = [bool(label) and _PERCENT_LABEL.search(label) is not None for label in labels]
    # A column that writes "%" on some cells: its bare cells in a rate row are percents too.
    col_signed_pct = [
        any((c := row[j]) is not None and c.kind == "percent" for row in parsed[n_header:])
        for j in range(width)
    ]
    # A column whose first and last figures are written with "%" and the rest bare (the "%" is
    # written on the first and total rows only, as "$" is) is a column of percents.
    for j in range(width):
        column = [c for row in parsed[n_header:] if (c := row[j]) is not None]
        if len(column) >= 2 and column[0].kind == "percent" and column[-1].kind == "percent":
            col_pct[j] = True
    col_names = [label or f"column {j + 1}" for j, label in enumerate(labels)]

    # A unit row after the header and before the first figure (["(In thousands)", "", ""]) is
    # read as a section heading by the header detection, yet it names the unit of the table.
    first_data = n_header
    for i in range(n_header, len(grid)):
        if any(c is not None for c in parsed[i]):
            break
        first_data = i + 1
        for j, written in enumerate(grid[i]):
            if written.strip() in ("%", "(%)"):
                col_pct[j] = True  # a "%" unit row: ["", "%", "%"]
        filled = [c for c in grid[i] if c.strip()]
        if table_unit is None and len(filled) == 1:
            table_unit = unit_in_cell(filled[0])
    table_unit = table_unit or unit
    col_units: list[Unit | None] = [table_unit] * width
    for j in range(1, width):
        for label_row in label_rows:
            found = unit_in_cell(label_row[j]) if label_row[j] else None
            if found is not None:
                col_units[j] = found
                break

    values: list[SourceValue] = []
    section = ""
    # A heading row inside the body that names one year ("Year Ended December 31, 2018") dates
    # the rows below it when their columns and labels name none (stacked yearly blocks).
    section_year: int | None = None
    one_year = len({y for y in col_years[1:]}) == 1 and col_years[-1] is not None

    # Reads the loop's current cell when called (a closure, defined once for the table).
    def cell_value(
        value: Decimal,
        precision: Decimal,
        view: Literal["both", "true", "written"] = "both",
        unit_header: str | None = None,
    ) -> SourceValue:
        return SourceValue(
            value=value,
            source_id=source_id,
            kind=kind,
            label=label,
            row=row_value,
            column=column_value,
            year=year,
            table=table_index,
            row_index=i,
            col_index=j,
            unit_header=unit_header,
            view=view,
            precision=precision,
            currency=currency,
        )

    for i in range(n_header, len(grid)):
        row, cells, blanks = grid[i], parsed[i], blank[i]
        label_col = -1
        for j in range(width):
            if not blanks[j] and cells[j] is None:
                label_col = j
                break
        # A year in the first column of a data row is its label ("2019 | 1,200 | 1,100").
        first = cells[0]
        if (
            label_col != 0
            and first is not None
            and first.year_like
            and any(c is not None for c in cells[1:])
        ):
            label_col = 0
        numbers: list[tuple[int, CellNumber]] = []
        for j in range(width):
            if j == label_col:
                continue
            cell = cells[j]
            if cell is not None:
                numbers.append((j, cell))
            elif fallback is not None and not blanks[j] and any(ch.isdigit() for ch in row[j]):
                numbers.extend((j, extra) for extra in fallback(row[j]))
        row_label = row[label_col].strip() if label_col >= 0 else ""
        if not numbers:
            if row_label and not (i < first_data and unit_in_cell(row_label)):
                section = row_label.rstrip(" :")
            heading_year = year_in(" ".join(row))
            if heading_year is not None:
                section_year = heading_year
            continue
        row_year = year_in(row_label)
        row_is_pct = bool(_PERCENT_LABEL.search(row_label))
        rate_row = _RATE_LABEL.search(row_label) is not None
        pending_currency: str | None = None
        shown_row = row_label or f"row {i + 1}"
        prefix = f"{section}: " if section and section != row_label else ""
        row_part = f"{prefix}{shown_row} / "
        for j, cell in numbers:
            if pending_currency is None:
                # A lone "$" cell before the number (TAT-QA splits currency into its own column).
                k = j - 1
                while k > label_col and blanks[k]:
                    symbol = _LONE_CURRENCY.match(row[k])
                    if symbol is not None:
                        pending_currency = _normalize_currency(symbol.group(1))
                        break
                    k -= 1
            col_label = labels[j]
            col_unit = col_units[j]
            kind = cell.kind
            if kind != "percent" and cell.currency is None:
                if row_is_pct or col_pct[j] or (rate_row and col_signed_pct[j]):
                    kind = "percent"
            currency = cell.currency or pending_currency
            if currency is None and col_unit is not None and kind != "percent":
                currency = col_unit.currency
            if kind == "number" and currency:
                kind = "money"
            pending_currency = None
            year = col_years[j] if col_years[j] is not None else row_year
            if section_year is not None and row_year is None and (year is None or one_year):
                year = section_year  # the header's one year was the first block's heading
            label = f"{row_part}{col_names[j]}"
            row_value = row_label or None
            column_value = col_label or None
            if col_unit is not None and kind != "percent" and not cell.own_scale:
                # Under a unit header a cell is offered in both views: as written and scaled.
                values.append(cell_value(cell.value, cell.precision, "written"))
                values.append(
                    cell_value(
                        cell.value * col_unit.scale,
                        cell.precision * col_unit.scale,
                        "true",
                        col_unit.text,
                    )
                )
            else:
                values.append(cell_value(cell.value, cell.precision))
    return values
