"""Tables in sources: find them in a text, whatever format they were written in.

Every format is read into one grid (:class:`~crossfoot.sources.table_grid.TextTable`: rows of
cell strings and their span in the text), then every grid is read the same way by
:func:`~crossfoot.sources.table_read.read_table` (one header reader for all formats). Formats
found inside free text, in this order (a later one is not looked for inside an earlier one):

* JSON-style (or Python-literal) lists of rows: ``[["", "2019"], ["Net sales", "7,630.0"]]``
  (:mod:`~crossfoot.sources.table_json`);
* records, a list of flat objects: ``[{"region": "EU", "2019": "1,200"}]``
  (:mod:`~crossfoot.sources.table_records`);
* HTML ``<table>`` with ``colspan``/``rowspan`` and ``<caption>``
  (:mod:`~crossfoot.sources.table_html`, standard library ``html.parser``);
* markdown and bare pipe tables, outer pipes optional (:mod:`~crossfoot.sources.table_pipe`);
* CSV, semicolon and tab separated lines, then whitespace-aligned text as PDF extraction writes
  it (:mod:`~crossfoot.sources.table_text`).

Tables found in free text tolerate ragged rows (text copied out of documents drops trailing
empty cells); tables given in a record are checked for width by :mod:`crossfoot.sources.load`.
"""

from __future__ import annotations

from crossfoot.sources.cells import (
    CellNumber,
    Unit,
    find_unit_headers,
    is_blank,
    is_figure,
    parse_cell,
    unit_in_cell,
    year_in,
)
from crossfoot.sources.table_grid import TextTable
from crossfoot.sources.table_html import html_tables
from crossfoot.sources.table_json import json_tables
from crossfoot.sources.table_pipe import pipe_tables
from crossfoot.sources.table_read import read_table
from crossfoot.sources.table_records import record_tables
from crossfoot.sources.table_text import aligned_tables, delimited_tables

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


def _spans(found: list[TextTable]) -> list[tuple[int, int]]:
    return sorted((t.start, t.end) for t in found)


def _outside(tables: list[TextTable], taken: list[tuple[int, int]]) -> list[TextTable]:
    return [t for t in tables if not any(a < t.end and t.start < b for a, b in taken)]


def find_tables(text: str) -> list[TextTable]:
    """Every table of a text, in any format, in order of position.

    >>> [t.rows[1] for t in find_tables('see [["", "2019"], ["Sales", "5"]] and more')]
    [('Sales', '5')]
    >>> [(t.format, t.rows[1]) for t in find_tables("<table><tr><td></td><td>2019</td></tr>"
    ...                                          "<tr><td>Sales</td><td>5</td></tr></table>")]
    [('html', ('Sales', '5'))]
    """
    found: list[TextTable] = []
    if "[" in text:
        found += json_tables(text)
        found += _outside(record_tables(text), _spans(found))
    if "<" in text:
        found += _outside(html_tables(text), _spans(found))
    if "|" in text:
        found += pipe_tables(text, _spans(found))
    if "\n" in text:
        found += delimited_tables(text, is_figure, _spans(found))
        found += aligned_tables(text, is_figure, _spans(found))
    found.sort(key=lambda t: t.start)
    return found
