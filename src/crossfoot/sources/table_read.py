"""Reading a table cell by cell: every figure becomes a :class:`SourceValue` with its row label,
column label, year and unit, whatever format the table was written in.

The grid is tidied and its header read by :mod:`table_header`; then each body row:

* the row label is its first text cell ("2019" in the first column is a label too), footnote
  markers left out (a blank one of sums is a total: table_subtotal); a body row without figures
  whose other cells are empty is a section row ("Industrial Solutions:"): its text prefixes the
  labels of the rows below it. A row of dashes is a row without values, not a section;
* a heading row naming one year ("Year Ended December 31, 2018") dates the rows below it when
  their columns name none (stacked yearly blocks);
* cells: ``$1,200``, ``(1,234)`` (negative), ``12.3%`` (percent), blanks (``—``, ``-``, ``n/a``,
  empty) hold no value, except that a dash in a dated column of a row of figures is nil, an
  exact 0 (an operand of a mean, never a term of a sum: rules._derive_kinds.is_nil); a lone
  currency symbol gives the figure after it its currency; a cell with several numbers is read
  by the ``fallback`` reader;
* a header label over any column of a group the row below repeats ("| | 2019 | | 2018" over
  "Gross | Accumulated | Gross | Accumulated") heads the whole group;
* under a unit, a cell yields two values: as written (view ``written``) and scaled (``true``),
  unless the unit spares its row ("in millions, except per share data": "Earnings per share").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from crossfoot.language.period_columns import cell_period
from crossfoot.model.types import SourceValue
from crossfoot.sources.cells import (
    CellNumber,
    Unit,
    bare_scale,
    is_blank,
    label_without_unit,
    normalize_currency,
    parse_cell,
    unit_in_cell,
    year_in,
)
from crossfoot.sources.table_header import (
    LONE_CURRENCY,
    PERCENT_LABEL,
    Header,
    cell_number,
    clean_label,
    header_count,
    header_label,
    tidy_grid,
)
from crossfoot.sources.table_labels import column_labels
from crossfoot.sources.table_long_years import long_readings
from crossfoot.sources.table_long_years import row_year as long_row_year
from crossfoot.sources.table_sections import row_section
from crossfoot.sources.table_subtotal import BlankTotals
from crossfoot.sources.unit_marks import corner_scale, unit_rows
from crossfoot.sources.unit_notes import body_unit, trailing_unit, year_units
from crossfoot.sources.unit_subject import counted_between, row_subject_unit

__all__ = ["CellFallback", "read_header", "read_table"]

#: Fallback for cells that are not exactly one number ("1,234 (a)", "27% ( 27 % )"): returns the
#: numbers in the cell. Set by the source loader to a reader built on the number extractor.
CellFallback = Callable[[str], list[CellNumber]]

# A row label naming a rate ("State and local income tax rate", "Gross margin"); an exchange
# rate is a price, not a percentage.
_RATE_LABEL = re.compile(r"(?i)(?<!exchange )\b(?:rates?|margins?|yields?)\b")
# "except per share data", "except share and per share amounts": rows these name keep their
# figures as written.
_EXCEPT = re.compile(r"(?i)\bexcept\b(?P<what>[^()]*)")
_PER_SHARE = re.compile(r"(?i)\bper[\s-]+(?:common\s+|diluted\s+|basic\s+)?share\b")
_SHARES = re.compile(r"(?i)\bshares?\b")
# A cell that leaves a section row a section: empty, or a lone currency or percent sign.
_NO_VALUE = re.compile(r"^(?:|(?:US|A|C|HK|S|NZ)?\$|[€£¥₹%])$")

# A cell that is one dash, with a currency sign at most ("—", "$ -", "$—"): nil.
_NIL_DASH = re.compile(r"^\s*[$€£¥₹]?\s*[-—–−]\s*$")
_DASH = re.compile(r"[-—–−]")


def _worded_years(row: Sequence[str], at: Sequence[int]) -> bool:
    """Whether a row names two different years or more, each inside words of its own column
    cell, and nothing else ("Breakup of revenue growth | FY 2019 (%) | FY 2018 (%) | |"): no
    body row holds such cells as its values, so the row heads a second block whatever its
    label says. A row of bare years ("Expires | 2025 | 2030") may be data, and a row with any
    other text beside its dates ("CHF250 | may 2014 | may 2024") is one; both keep needing a
    header's label."""
    if len(at) < 2 or len({year_in(row[j]) for j in at}) != len(at):
        return False
    if any(row[j] and not is_blank(row[j]) for j in range(1, len(row)) if j not in at):
        return False
    return all(cell_number(row[j]) is None for j in at)


def read_header(
    grid: Sequence[Sequence[str]], parsed: list[list[CellNumber | None]], outside: Unit | None
) -> Header:
    """The header block of a tidy grid: labels, years, percent columns and units per column."""
    width = len(grid[0]) if grid else 0
    n_header = header_count(grid, parsed)
    table_unit: Unit | None = None
    label_rows: list[Sequence[str]] = []
    for row in grid[:n_header]:
        nonblank = [j for j, c in enumerate(row) if c]
        lone = unit_in_cell(row[nonblank[0]]) if len(nonblank) == 1 else None
        table_unit = table_unit or unit_in_cell(row[0]) or lone or corner_scale(row)
        # A lone "(in millions)" names the unit of the table, not of the column it sits in, and
        # no header row at all: a label row above it spreads as it would without it (round 40).
        if lone is None:
            label_rows.append(row)
    labels = column_labels(label_rows, width) if n_header else [""] * width
    percent = [bool(label) and PERCENT_LABEL.search(label) is not None for label in labels]
    # A unit row after the header and before the first figure (["(In thousands)", "", ""]).
    first_data = n_header
    for i in range(n_header, len(grid)):
        if any(c is not None for c in parsed[i]):
            break
        first_data = i + 1
        for j, written in enumerate(grid[i]):
            if written in ("%", "(%)"):
                percent[j] = True
        filled = [c for c in grid[i] if c]
        if table_unit is None and len(filled) == 1:
            table_unit = unit_in_cell(filled[0])
        elif table_unit is None and all(_NO_VALUE.match(c) for c in grid[i][1:]):
            # "(in thousands of dollars) | $ | $ | %": the unit in the label column.
            table_unit = unit_in_cell(grid[i][0])
    table_unit = table_unit or outside
    units: list[Unit | None] = [table_unit] * width
    marked = unit_rows(label_rows)  # rows where a bare scale mark ("M") is a unit
    for j in range(1, width):
        for k, row in enumerate(label_rows):
            found = unit_in_cell(row[j]) if row[j] else None
            found = found or (bare_scale(row[j]) if marked[k] and row[j] else None)
            if found is not None:
                units[j] = found
                break
    # A column whose first and last figures are written with "%" (as "$" is) holds percents.
    for j in range(width):
        column = [n for prow in parsed[n_header:] if (n := prow[j]) is not None]
        if len(column) >= 2 and column[0].kind == "percent" and column[-1].kind == "percent":
            percent[j] = True
    years = [year_in(label) for label in labels]
    return Header(n_header, first_data, labels, years, percent, units)


def spares(unit: Unit, row_label: str) -> bool:
    """Whether ``unit`` leaves this row's figures as written ("except per share data").

    >>> from decimal import Decimal
    >>> u = Unit("(in millions, except per share data)", Decimal(10) ** 6)
    >>> spares(u, "Diluted earnings per share"), spares(u, "Net income")
    (True, False)
    """
    return _spares(unit.text, row_label)


@lru_cache(maxsize=8192)
def _spares(unit_text: str, row_label: str) -> bool:
    m = _EXCEPT.search(unit_text)
    if m is None:
        return False
    what = m.group("what")
    if _PER_SHARE.search(what) and _PER_SHARE.search(row_label):
        return True
    rest = _PER_SHARE.sub(" ", what)
    return bool(_SHARES.search(rest)) and bool(_SHARES.search(row_label))


_value = SourceValue  # (called with every field in order: no keyword dict per cell)


@dataclass(frozen=True, slots=True)
class _Where:
    """The provenance every value of a table shares, and where each tidy row and column stood
    in the table as given (provenance names the table the user gave)."""

    source_id: str
    table: int
    rows: list[int]
    cols: list[int]


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

    ``unit`` is the unit governing the table from outside (the caption or the text around it); a
    unit in the table's own header cells takes precedence. ``header_rows`` is accepted for
    callers that know where a header ends, but the header reader decides (formats disagree on
    what they mark: a markdown ``|---|`` line stands under the first row only).

    >>> vals = read_table([["", "2019"], ["Sales", "1,200"]], source_id="S1", table_index=0)
    >>> [(v.label, str(v.value), v.year) for v in vals]
    [('Sales / 2019', '1200', 2019)]
    """
    tidy = tidy_grid(rows)
    if not tidy.grid:
        return []
    parsed = [[cell_number(c) for c in row] for row in tidy.grid]
    header = year_units(read_header(tidy.grid, parsed, trailing_unit(tidy.grid, parsed) or unit))
    where = _Where(source_id, table_index, tidy.rows, tidy.cols)
    return _Body(tidy.grid, parsed, header, where, fallback).values()


class _Body:
    """The body rows of one table, read into values (one pass, state carried row to row)."""

    def __init__(
        self,
        grid: list[list[str]],
        parsed: list[list[CellNumber | None]],
        header: Header,
        where: _Where,
        fallback: CellFallback | None,
    ) -> None:
        self.grid, self.parsed, self.h = grid, parsed, header
        self.where, self.fallback = where, fallback
        # the column labelling the rows ("month | region": region labels), a long table's dated
        # rows, its rows' months (rules.row_months)
        self.key, self.dated, self.periods = long_readings(grid, parsed, header.rows)
        width = len(grid[0])
        self.blank = [
            [p is None and is_blank(c) for c, p in zip(row, prow, strict=True)]
            for row, prow in zip(grid, parsed, strict=True)
        ]
        # A column that writes "%" on some cells: its bare cells in a rate row are percents too.
        self.signed_pct = [
            any((c := row[j]) is not None and c.kind == "percent" for row in parsed[header.rows :])
            for j in range(width)
        ]
        self.names = [
            label or f"column {where.cols[j] + 1}" for j, label in enumerate(header.labels)
        ]
        years = header.years
        self.one_year = len(set(years[1:])) == 1 and years[-1] is not None
        self.year_cols = [j for j in range(1, width) if years[j] is not None]
        self.section, self.sums = "", BlankTotals()
        self.section_year: int | None = None
        self.counted = self._counted()

    def _counted(self) -> frozenset[int]:
        """Body rows that count a unit note's subject without naming it (sources.unit_subject)."""
        if not any(u is not None and u.subject is not None for u in self.h.units):
            return frozenset()
        rows = []
        for i in range(self.h.rows, len(self.grid)):
            col, numbers = self._row(i)
            label = (clean_label(self.grid[i][col]),) if col >= 0 else ()
            rows.append((label, {j: (c.value, c.precision) for j, c in numbers if not c.own_scale}))
        return frozenset(self.h.rows + k for k in counted_between(rows, self.h.units))

    def values(self) -> list[SourceValue]:
        out: list[SourceValue] = []
        for i in range(self.h.rows, len(self.grid)):
            if self._restarts_header(i):
                continue
            label_col, numbers = self._row(i)
            row = self.grid[i]
            row_label = clean_label(row[label_col]) if label_col >= 0 else ""
            if numbers:
                numbers = self._with_nil(i, label_col, numbers)
                row_label = self.sums.label(self.section, row_label, numbers)
                out.extend(self._cells(i, label_col, row_label, numbers))
                continue
            others = [c for j, c in enumerate(row) if j != label_col]
            if i >= self.h.first_data and (noted := body_unit(self.h, row)) is not None:
                # a unit note between figure rows governs the rows below; no section of its own
                self.h, row_label = noted, label_without_unit(row_label)
                self.section = row_label
            unit_row = i < self.h.first_data and unit_in_cell(row_label) is not None
            if row_label and not unit_row and all(_NO_VALUE.match(c) for c in others):
                self.section = row_label.rstrip(" :")
            heading_year = year_in(" ".join(row))
            if heading_year is not None:
                self.section_year = heading_year
        return out

    def _restarts_header(self, i: int) -> bool:
        """Whether body row ``i`` heads a second block of a stacked table ("(In Millions) | Dec
        30, 2017 | Acquisitions | Dec 29, 2018" under the 2019 block): its cells become the
        labels and years of their columns for the rows below (read as data, every figure below
        kept the first block's years). Such a row names two years or more in its own columns
        (each once, or in the columns the first header dates) and holds no other figure; its
        label cell is blank, a unit, or the first header's. The figure-less rows just above it
        stack onto its labels, as in a header ("12 Weeks Ended" over "September 30," over
        "2018")."""
        row, cells = self.grid[i], self.parsed[i]
        if any(c is not None and not c.year_like for c in cells[1:]):
            return False
        first = self.grid[0][0] if self.h.rows else ""
        at = [j for j in range(1, len(row)) if year_in(row[j]) is not None]
        distinct = len({year_in(row[j]) for j in at})
        if not (header_label(row[0]) or (row[0] and row[0] == first) or _worded_years(row, at)):
            return False
        # Two years or more, each once; or years in the very columns the header gives years
        # to ("2018 | 2018 | 2018" under a "2019 | 2019 | 2019" header of quarters).
        if len(at) < 2 or (distinct < len(at) and at != self.year_cols):
            return False
        start = i  # the block's rows above it without a figure ("12 Weeks Ended | | Ended")
        while start - 1 >= self.h.rows and all(c is None for c in self.parsed[start - 1]):
            if not header_label(self.grid[start - 1][0]):
                break
            start -= 1
        block = column_labels(self.grid[start : i + 1], len(row))
        h = self.h
        labels, names, years_of = list(h.labels), list(self.names), list(h.years)
        percent, units = list(h.percent), list(h.units)
        for j in range(1, len(row)):
            text = block[j]
            if not text:
                continue  # a column the new block leaves blank keeps its label
            labels[j] = names[j] = text
            years_of[j] = year_in(text)
            percent[j] = PERCENT_LABEL.search(text) is not None
            units[j] = unit_in_cell(row[j]) or unit_in_cell(row[0]) or units[j]
        self.h = replace(self.h, labels=labels, years=years_of, percent=percent, units=units)
        self.names = names
        self.one_year = len(set(years_of[1:])) == 1 and years_of[-1] is not None
        self.section, self.section_year = "", None
        return True

    def _row(self, i: int) -> tuple[int, list[tuple[int, CellNumber]]]:
        """The label column of body row ``i`` (-1: none) and its numbers by column."""
        row, cells, blanks = self.grid[i], self.parsed[i], self.blank[i]
        label_col = next((j for j, c in enumerate(cells) if c is None and not blanks[j]), -1)
        if self.key is not None and cells[self.key] is None and not blanks[self.key]:
            label_col = self.key
        # A year in the first column of a data row is its label ("2019 | 1,200 | 1,100").
        first = cells[0]
        if label_col != 0 and first is not None and first.year_like and any(cells[1:]):
            label_col = 0  # (a CellNumber is never falsy: any() asks for one that is not None)
        numbers: list[tuple[int, CellNumber]] = []
        for j, found in enumerate(cells):
            if j == label_col or (self.key and not j):  # (the key's periods: no amounts)
                continue
            if found is not None:
                numbers.append((j, found))
            elif self.fallback is not None and not blanks[j] and any(ch.isdigit() for ch in row[j]):
                numbers.extend((j, extra) for extra in self.fallback(row[j]))
        return label_col, numbers

    def _cells(
        self, i: int, label_col: int, row_label: str, numbers: list[tuple[int, CellNumber]]
    ) -> list[SourceValue]:
        h = self.h
        row_year, year_col = long_row_year(row_label, h.labels, numbers, self.dated.get(i))
        row_pct = bool(PERCENT_LABEL.search(row_label))
        rate_row = _RATE_LABEL.search(row_label) is not None
        # A row label that states its own unit ("Total bookings (in millions)") governs its row.
        row_unit = unit_in_cell(row_label) if row_label else None
        section, self.section = row_section(self.section, row_label)  # (ends at its total)
        prefix = f"{section}: " if section and section != row_label else ""
        row_part = f"{prefix}{row_label or f'row {self.where.rows[i] + 1}'} / "
        row = row_label or None
        out: list[SourceValue] = []
        where, add = self.where, out.append
        # What a column's unit makes of this row (its subject unit, whether it spares the row):
        # the same for every column of one unit (most tables have one), so read once per unit.
        read: dict[int, tuple[Unit | None, bool]] = {}
        for j, cell in numbers:
            kind = "year" if j == year_col else cell.kind
            if kind != "percent" and cell.currency is None:
                if row_pct or h.percent[j] or (rate_row and self.signed_pct[j]):
                    kind = "percent"
            unit = row_unit or h.units[j]
            got = read.get(id(unit))
            if got is None:
                got = read[id(unit)] = self._unit_reading(i, unit, row_unit, row_label, section)
            unit, spared = got
            currency = cell.currency or self._lone_currency(i, j, label_col)
            if currency is None and unit is not None and kind != "percent":
                currency = unit.currency
            if kind == "number" and currency:
                kind = "money"
            year = h.years[j] if h.years[j] is not None else row_year
            if (
                self.section_year is not None
                and row_year is None
                and (year is None or self.one_year)
            ):
                year = self.section_year  # the header's one year was the first block's heading
            # SourceValue's fields in order (tests/test_speed_paths_speed42.py): value, then
            # ``at`` (source_id, kind, label, field, row, column, year, table, row_index,
            # col_index, span), unit_header, view, operand, precision, currency, period.
            period = self.periods.get(i) or cell_period(h.labels[j], year)  # (row, column)
            at = (
                where.source_id,
                kind,
                f"{row_part}{self.names[j]}",
                None,
                row,
                h.labels[j] or None,
                year,
                where.table,
                where.rows[i],
                where.cols[j],
                None,
            )
            v, p = cell.value, cell.precision
            if unit is not None and kind != "percent" and not cell.own_scale and not spared:
                # Under a unit a cell is offered in both views: as written and scaled.
                s = unit.scale
                add(_value(v, *at, None, "written", True, p, currency, period))
                add(_value(v * s, *at, unit.text, "true", True, p * s, currency, period))
            else:
                add(_value(v, *at, None, "both", True, p, currency, period))
        return out

    def _unit_reading(
        self, i: int, unit: Unit | None, row_unit: Unit | None, row_label: str, section: str
    ) -> tuple[Unit | None, bool]:
        """The unit a cell of row ``i`` under ``unit`` takes (its subject's, when the row counts
        that subject) and whether the unit spares the row (leaves it as written:
        a section row "Per Common Share Data:" spares the rows below it too)."""
        subject = None if row_unit else row_subject_unit(unit, row_label, section)
        if subject is None and not row_unit and unit is not None and i in self.counted:
            subject = unit.subject
        spared = (
            unit is not None
            and subject is None
            and (spares(unit, row_label) or bool(section and spares(unit, section)))
        )
        return subject or unit, spared

    def _with_nil(
        self, i: int, label_col: int, numbers: list[tuple[int, CellNumber]]
    ) -> list[tuple[int, CellNumber]]:
        """``numbers`` with a zero for each dash ("—", "$ -") in a dated column of a row of
        figures: a report writes nil as a dash, and "the average of 2018 and 2019" over
        "16,451 | —" is 16,451 / 2. Other blanks ("", "n/a") state nothing."""
        row, blanks, h = self.grid[i], self.blank[i], self.h
        taken = {j for j, _ in numbers}
        nil: list[tuple[int, CellNumber]] = []
        for j, cell in enumerate(row):
            if j == label_col or j in taken or not blanks[j] or h.years[j] is None:
                continue
            if _NIL_DASH.match(cell):
                zero = parse_cell(_DASH.sub("0", cell, count=1))
                if zero is not None:
                    # precision 0: a nil is exact, and marks the zero as a dash's (rules.
                    # _derive_kinds.is_nil: never a term of a sum or difference)
                    nil.append((j, replace(zero, precision=Decimal(0))))
        return sorted(numbers + nil, key=lambda n: n[0]) if nil else numbers

    def _lone_currency(self, i: int, j: int, label_col: int) -> str | None:
        """A lone "$" cell before the figure (some documents split currency into its own cell)."""
        row, blanks = self.grid[i], self.blank[i]
        k = j - 1
        while k > label_col and blanks[k]:
            symbol = LONE_CURRENCY.match(row[k])
            if symbol is not None:
                return normalize_currency(symbol.group(1))
            k -= 1
        return None
