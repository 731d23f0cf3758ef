"""HTML tables in a text: ``<table>`` read with the standard library's :mod:`html.parser`.

Cells are ``<td>``/``<th>``; ``<br>`` and block tags inside a cell become spaces; entities are
decoded. A cell spanning columns (``colspan``) is written once, in its first column, with empty
cells after it, as a spanning header cell is in a JSON-style grid (the header reader spreads it); a
cell spanning rows (``rowspan``) repeats in each row it covers (a row label names every row it
spans). A ``<caption>`` is kept: it may name the table's unit. A table nested in a cell is read as
that cell's text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from crossfoot.sources.table_grid import Grid, TextTable

__all__ = ["html_tables"]

_TABLE_TAG = re.compile(r"<(/?)table\b[^>]*>", re.I)
_WS = re.compile(r"\s+")
_MAX_SPAN = 1000  # a colspan="99999" must not allocate a huge grid
_BREAKS = frozenset({"br", "p", "div", "li", "tr"})


def _span(value: str | None) -> int:
    if value is None:
        return 1
    digits = re.match(r"\s*(\d+)", value)
    return min(max(int(digits.group(1)), 1), _MAX_SPAN) if digits else 1


class _Reader(HTMLParser):
    """Collects the rows of one table: per cell its text, rowspan and colspan."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, int, int]]] = []
        self.caption: list[str] = []
        self._cell: list[str] | None = None
        self._spans = (1, 1)
        self._depth = 0  # table nesting: only the outer table's rows and cells count
        self._in_caption = False
        self._in_head = False
        self.head_rows = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._depth += 1
            if self._depth > 1 and self._cell is not None:
                self._cell.append(" ")
            return
        if self._depth != 1:
            if self._cell is not None and tag in _BREAKS | {"td", "th"}:
                self._cell.append(" ")
            return
        if tag == "tr":
            self.close_cell()
            self.rows.append([])
            self.head_rows += self._in_head
        elif tag == "thead":
            self._in_head = True
        elif tag in ("td", "th"):
            self.close_cell()
            if not self.rows:
                self.rows.append([])
            found = dict(attrs)
            self._cell = []
            self._spans = (_span(found.get("rowspan")), _span(found.get("colspan")))
        elif tag == "caption":
            self._in_caption = True
        elif tag in _BREAKS and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._depth -= 1
            return
        if self._depth != 1:
            return
        if tag in ("td", "th", "tr"):
            self.close_cell()
        elif tag == "thead":
            self._in_head = False
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._in_caption:
            self.caption.append(data)

    def close_cell(self) -> None:
        if self._cell is not None:
            text = _WS.sub(" ", "".join(self._cell)).strip()
            self.rows[-1].append((text, *self._spans))
            self._cell = None


def _grid(rows: list[list[tuple[str, int, int]]]) -> Grid:
    """Place cells with their spans: colspan leaves empty cells, rowspan repeats the text."""
    grid: dict[tuple[int, int], str] = {}
    width = 0
    for r, row in enumerate(rows):
        c = 0
        for text, rowspan, colspan in row:
            while (r, c) in grid:
                c += 1
            for dr in range(min(rowspan, len(rows) - r)):
                grid[(r + dr, c)] = text
                for dc in range(1, colspan):
                    grid[(r + dr, c + dc)] = ""
            c += colspan
            width = max(width, c)
    return tuple(
        tuple(grid.get((r, c), "") for c in range(width))
        for r in range(len(rows))
        if any((r, c) in grid for c in range(width))
    )


def _read(text: str, start: int, end: int) -> TextTable | None:
    reader = _Reader()
    reader.feed(text[start:end])
    reader.close()
    reader.close_cell()
    rows = _grid(reader.rows)
    if len(rows) < 2:
        return None
    caption = _WS.sub(" ", "".join(reader.caption)).strip()
    header = reader.head_rows or None  # rows in <thead>: the format's own mark, not trusted
    return TextTable(start, end, rows, header, caption, "html")


def html_tables(text: str) -> list[TextTable]:
    """Every outermost ``<table>`` of a text with at least two rows, in order.

    >>> t = html_tables('<p>x</p><table><tr><th colspan="2">2019</th></tr>'
    ...                 '<tr><td>Sales</td><td>1,200</td></tr></table>')[0]
    >>> t.rows
    (('2019', ''), ('Sales', '1,200'))
    """
    if "<" not in text:
        return []
    found: list[TextTable] = []
    depth, start = 0, -1
    for m in _TABLE_TAG.finditer(text):
        if m.group(1) == "":
            if depth == 0:
                start = m.start()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                table = _read(text, start, m.end())
                if table is not None:
                    found.append(table)
    return found
