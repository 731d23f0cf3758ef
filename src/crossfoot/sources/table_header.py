"""The one header reader: every table format's grid is read here into column labels and units.

A grid (rows of cell strings, from any serialization) is first tidied (:func:`tidy_grid`):
whitespace in cells collapsed, ragged rows padded, empty rows and columns dropped, and a column
that holds only currency symbols folded into the figures beside it ("$ | 5,686": the symbol
joins its figure, and a year written over the symbol heads the figure). Then :func:`read_header`
finds the header block and what it says of each column:

* the header is the leading rows with no figure other than a year ("2019", "FY2019", "Q4 2023"),
  up to the last that labels a column: rows with text in their first cell only are section rows
  of the body;
* a column's label stacks its header cells top to bottom ("Fiscal" over "2019": "Fiscal 2019"); a
  cell written once over several columns (a group label, a period) spreads right to the next one,
  and back to the first figure column; unit text and footnote markers are left out of labels;
* units: a column's own header cell ("2019 €m") > a unit in the label column, a lone unit cell in
  a header row or a unit row just under the header ("(in millions)") > the caption or the text
  around the table. "except per share" in the unit spares rows that name a per-share figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.sources.cells import CellNumber, Unit, is_blank, parse_cell, unit_in_cell

__all__ = [
    "LONE_CURRENCY",
    "PERCENT_LABEL",
    "Header",
    "Tidy",
    "cell_number",
    "clean_label",
    "header_count",
    "header_label",
    "tidy_grid",
]

_WS = re.compile(r"\s+")
# A year written with its digits spaced out ("2 0 1 9", "December 31, 2 0 1 8"), as a PDF's
# letter-spaced header comes out: one year, not four figures.
_SPACED_YEAR = re.compile(r"(?<![\d.,])(?:1 9|2 0) \d \d(?![\d.,]| \d)")
_HEAD_ROWS = 4  # (the rows a header may sit in, searched for spaced years)
LONE_CURRENCY = re.compile(r"^\s*((?:US|A|C|HK|S|NZ)?\$|[€£¥₹])\s*$")
# A footnote marker after a label or a figure: "(1)", "(a)", "(iii)", "*", "†", "¹"; spaced
# inside its parentheses as PDF extraction writes it ("2018 ( 1 )", "minimum rental ( a )").
# (Searched in every label: the look-ahead on the characters a marker or its space opens with
# lets ``re`` leave the others after one test.)
_FOOTNOTE = re.compile(
    r"(?=[\s(*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰])\s*(?:\(\s?(?:\d|[a-h]|i{1,3}|iv|v)\s?\)|\*{1,3}|[†‡§]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$"
)
# A label whose unit is percent: "%", "(%)", "% change", "percent of sales". A percentage written
# in a label ("5.25% notes due 2025", "5.25 % notes", "( 4.07 % )") names the item, not the unit
# of its cells; a year or a period's code before the sign heads a column of percents ("2019 %",
# "Q1 %", "FY19 %").
PERCENT_LABEL = re.compile(
    r"(?=[%pP])(?:(?:(?<![\d.])(?<![\d.]\s)|(?<=\b(?:19|20)\d\d\s)|(?<=[a-z]\d\s)|(?<=[a-z]\d\d\s))%"
    r"|\bpercent|\bpct\b)",
    re.I,
)
# A cell that starts with a (non-year) number followed by a parenthesis: "27% ( 27 % )".
_NUMBER_FIRST = re.compile(
    r"\s*[-−–$€£¥₹(]*\s*(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?\s*%?\s*\)?\s*\("
)


_DIGIT = re.compile(r"\d")


def cell_number(cell: str) -> CellNumber | None:
    """One cell's number, a footnote marker after it left out ("1,234*", "310 (2)").

    >>> cell_number("310 (2)").value, cell_number("(2)").value, cell_number("Net") is None
    (Decimal('310'), Decimal('-2'), True)
    """
    if _DIGIT.search(cell) is None and READING_LOCALE.get() is None:
        return None  # (a label: every reading of a cell but a locale's holds a digit, ``\d``)
    found = parse_cell(cell)
    if found is not None or not cell:
        return found
    marker = _FOOTNOTE.search(cell)
    if marker is None or marker.start() == 0:
        return None
    return parse_cell(cell[: marker.start()])


@lru_cache(maxsize=8192)  # labels repeat across tables
def clean_label(label: str) -> str:
    """A label without its footnote markers: "Revenue (a)" -> "Revenue".

    >>> clean_label("Adjusted EBITDA*"), clean_label("Net income (loss)"), clean_label("(1)")
    ('Adjusted EBITDA', 'Net income (loss)', '(1)')
    >>> clean_label("minimum rental ( a )"), clean_label("2018 ( 1 )")
    ('minimum rental', '2018')
    """
    out = label
    while (m := _FOOTNOTE.search(out)) is not None and m.start() > 0:
        out = out[: m.start()]
    return out.strip() or label


@dataclass(frozen=True, slots=True)
class Tidy:
    """A tidy grid, and where each of its rows and columns stood in the grid as given."""

    grid: list[list[str]]
    rows: list[int]
    cols: list[int]


def tidy_grid(rows: Sequence[Sequence[str]]) -> Tidy:
    """One grid whatever the format wrote: cells with single spaces, rows of one width, no
    empty row or column, and currency symbols in a column of their own joined to their figures.

    >>> t = tidy_grid([["", "2019", "", "2018", ""], ["Sales", "$", "5,686", "$", " 4,102"]])
    >>> t.grid, t.cols
    ([['', '2019', '2018'], ['Sales', '$ 5,686', '$ 4,102']], [0, 2, 4])
    >>> tidy_grid([["", "2 0 1 9", "December 31, 2 0 1 8"], ["Sales", "5", "4"]]).grid
    [['', '2019', 'December 31, 2018'], ['Sales', '5', '4']]
    """
    grid = [[_WS.sub(" ", str(c)).strip() for c in row] for row in rows]
    for row in grid[:_HEAD_ROWS]:
        for j, c in enumerate(row):
            if " 0 " in c or " 9 " in c:
                row[j] = _SPACED_YEAR.sub(lambda m: m.group(0).replace(" ", ""), c)
    width = max((len(r) for r in grid), default=0)
    kept_rows = [i for i, r in enumerate(grid) if any(r)]
    grid = [grid[i] + [""] * (width - len(grid[i])) for i in kept_rows]
    cols = [j for j in range(width) if any(r[j] for r in grid)]
    if len(cols) < width:
        grid = [[r[j] for j in cols] for r in grid]
    _fold_currency(grid, cols)
    return Tidy(grid, kept_rows, cols)


def _fold_currency(grid: list[list[str]], cols: list[int]) -> None:
    """Join a column of lone currency symbols to the figure column right of it (in place)."""
    width = len(grid[0]) if grid else 0
    for j in range(width - 2, 0, -1):
        symbols = [r for r in grid if LONE_CURRENCY.match(r[j])]
        if not symbols:
            continue
        rest = [r for r in grid if r[j] and not LONE_CURRENCY.match(r[j])]
        # Only a column of symbols (and header text) beside a column of figures.
        if any(cell_number(r[j + 1]) is None and not is_blank(r[j + 1]) for r in symbols):
            continue
        if any((c := cell_number(r[j])) is not None and not c.year_like for r in rest):
            continue
        for r in grid:
            if LONE_CURRENCY.match(r[j]):
                r[j + 1] = f"{r[j]} {r[j + 1]}".strip()
            elif r[j] and not r[j + 1]:
                r[j + 1] = r[j]  # "2019" written over the symbol heads the figure
            del r[j]
        del cols[j]


@dataclass(frozen=True, slots=True)
class Header:
    """What the header block says of each column of a tidy grid."""

    rows: int  # header rows
    first_data: int  # first row after the header and any unit rows under it
    labels: list[str]  # column labels ("" when the header names none)
    years: list[int | None]
    percent: list[bool]  # a column of percentages by its label or its unit row
    units: list[Unit | None]  # the unit of each column's figures (None: as written)


def header_count(grid: Sequence[Sequence[str]], parsed: list[list[CellNumber | None]]) -> int:
    """Leading rows with no number other than a year, up to the last with column text."""
    n = len(parsed)
    last_with_columns = -1
    seen_years = False
    for i in range(n):
        numbers = [c for c in parsed[i] if c is not None]
        if any(not c.year_like for c in numbers):
            break
        if any(
            p is None and _NUMBER_FIRST.match(c) for c, p in zip(grid[i], parsed[i], strict=True)
        ):
            break  # "27% ( 27 % )", "1,234 (a)": a number with a note is data, not a header
        has_years = bool(numbers)
        # Years appear once in a header; a second row of year-like cells is data ("Shares | 2014").
        if has_years and seen_years and not header_label(grid[i][0]):
            break
        seen_years = seen_years or has_years
        if has_years or any(not is_blank(c) for c in grid[i][1:]):
            last_with_columns = i
    count = last_with_columns + 1
    if count >= n:
        count = 1 if n > 1 else 0  # every row looks like a header: only the first is
    return count


def header_label(cell: str) -> bool:
    """A label cell a header row may carry: blank or a unit ("(In thousands)"), not a row name."""
    return is_blank(cell) or unit_in_cell(cell) is not None
