"""Tables written as plain lines of text: delimited (CSV, semicolon, TSV) and whitespace-aligned.

Both are found only where the lines of a text agree on a shape, so prose is not read as a table:

* Delimited: two or more consecutive lines that split (quotes respected, :mod:`csv`) into the same
  number of fields, two or more, on one delimiter (tab, semicolon, comma), with a figure in some
  field that is not the first.
* Aligned (PDF text extraction): lines whose pieces stand two or more spaces apart. Two or more
  such lines with figures (or one under a header) fix the columns (the character positions some
  body line fills); the
  header lines above are placed by where their pieces stand, a label centred over several
  columns in the first of them (a spanning cell is written once, as in a JSON-style grid), and
  short one-piece lines between body lines are section rows.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from crossfoot.sources.table_grid import TextTable, inside

__all__ = ["aligned_tables", "delimited_tables"]

#: Is this cell one figure (not a year)? The caller passes the cell reader's answer.
IsFigure = Callable[[str], bool]


_WS = re.compile(r"\s+")
_DELIMITERS = (("\t", "tsv"), (";", "csv-semicolon"), (",", "csv"))
# A comma, a space and a lower-case word: prose ("In 2023, revenue was 1,200, up 5%").
_PROSE_COMMA = re.compile(r",\s+[a-z]")
_QUOTED = re.compile(r'"[^"]*"')
# A number of prose cut at its commas: a field ending in a digit, then one that goes on with
# three digits and words ("amount to US$9,319,000 as at 30 June").
_CUT_HEAD = re.compile(r"\d$")
_CUT_TAIL = re.compile(r"\d{3}\s+[a-z]")
_MAX_FIELD = 400  # a longer field is prose, not a cell


def _lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end, line) for every line of ``text``, without the line break."""
    out = []
    pos = 0
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        out.append((pos, pos + len(body), body))
        pos += len(line)
    return out


def _split(line: str, delimiter: str) -> list[str] | None:
    if delimiter not in line:
        return None
    if delimiter != "\t" and "   " in line:
        return None  # columns set apart by runs of spaces: aligned text, not delimited
    if delimiter == "," and _PROSE_COMMA.search(_QUOTED.sub('""', line)):
        return None  # ", revenue was": a clause of prose, not a field
    try:
        fields = next(csv.reader([line], delimiter=delimiter, skipinitialspace=False))
    except (csv.Error, StopIteration):
        return None
    if delimiter == "," and any(
        _CUT_HEAD.search(a) and _CUT_TAIL.match(b) for a, b in pairwise(fields)
    ):
        return None  # "amount to US$9,319,000": a number of prose cut at its commas
    cells = [_WS.sub(" ", f).strip() for f in fields]
    if len(cells) < 2 or any(len(c) > _MAX_FIELD for c in cells):
        return None
    return cells


def delimited_tables(
    text: str, is_figure: IsFigure, taken: Sequence[tuple[int, int]] = ()
) -> list[TextTable]:
    """CSV, semicolon and tab separated tables in a text (outside the ``taken`` spans).

    >>> from decimal import Decimal
    >>> fig = lambda c: c.replace(",", "").replace(".", "").isdigit()
    >>> [t.rows for t in delimited_tables(',2019\\nSales,"1,200"', fig)]
    [(('', '2019'), ('Sales', '1,200'))]
    """
    lines = [ln for ln in _lines(text) if not inside(ln[0], taken)]
    found: list[TextTable] = []
    used: set[int] = set()
    for delimiter, name in _DELIMITERS:
        if delimiter not in text:
            continue
        block: list[tuple[int, int, list[str]]] = []

        def flush(block: list[tuple[int, int, list[str]]] = block, name: str = name) -> None:
            if len(block) >= 2 and any(
                any(is_figure(c) for c in cells[1:]) for _, _, cells in block
            ):
                found.append(
                    TextTable(
                        block[0][0],
                        block[-1][1],
                        tuple(tuple(c) for _, _, c in block),
                        None,
                        "",
                        name,
                    )
                )
                used.update(s for s, _, _ in block)
            block.clear()

        prev_end = -2
        for start, end, line in lines:
            cells = None if start in used else _split(line, delimiter)
            contiguous = start == prev_end + 1 or start == prev_end + 2  # "\n" or "\r\n"
            if cells is None or (block and (len(cells) != len(block[0][2]) or not contiguous)):
                flush()
            if cells is not None:
                block.append((start, end, cells))
            prev_end = end
        flush()
    found.sort(key=lambda t: t.start)
    return found


# --------------------------------------------------------------------------------------------
# Aligned text

_PIECE = re.compile(r"\S+(?: \S+)*")  # pieces of a line stand two or more spaces apart


def _pieces(line: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group(0)) for m in _PIECE.finditer(line.expandtabs(8))]


@dataclass
class _Line:
    start: int
    end: int
    pieces: list[tuple[int, int, str]]
    body: bool  # holds a figure away from the line's start: a table row with values

    @property
    def head(self) -> bool:
        """A header line: not a body line, and several pieces or one indented piece."""
        return not self.body and (len(self.pieces) >= 2 or self.pieces[0][0] >= 2)


def _columns(body: Sequence[_Line]) -> list[tuple[int, int]]:
    """Column extents: runs of character positions some body line fills."""
    filled: set[int] = set()
    for line in body:
        for a, b, _ in line.pieces:
            filled.update(range(a, b))
    cols: list[tuple[int, int]] = []
    for x in sorted(filled):
        if cols and x == cols[-1][1]:
            cols[-1] = (cols[-1][0], x + 1)
        else:
            cols.append((x, x + 1))
    return cols


def _empty_columns(chosen: Sequence[_Line], cols: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Columns no figure fills: a label of the last header line above the body that stands clear
    of every column ("Note" over an empty column of note numbers)."""
    first_body = next(k for k, ln in enumerate(chosen) if ln.body)
    head = next((ln for ln in reversed(chosen[:first_body]) if ln.head), None)
    if head is None or not cols:
        return cols
    extra = [
        (a, b) for a, b, _ in head.pieces if a >= cols[0][1] and not any(_overlaps(a, b, cols))
    ]
    return sorted(cols + extra) if extra else cols


def _anchor(a: int, b: int, cols: Sequence[tuple[int, int]]) -> int | None:
    """The column a header label heads by standing right-aligned over it, reaching into no other
    column, else None."""
    over = _overlaps(a, b, cols)
    for j in range(1, len(cols)):
        if abs(cols[j][1] - b) <= 1 and not any(o for m, o in enumerate(over) if m != j):
            return j
    return None


def _header_widths(chosen: Sequence[_Line], cols: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Columns widened to the header labels right-aligned over them: a label wider than its
    figures moves the column's centre, which places the spanning labels above it."""
    out = list(cols)
    for line in chosen:
        if line.body:
            continue
        for a, b, _ in line.pieces:
            j = _anchor(a, b, out)
            if j is not None and a < out[j][0] and a >= out[j - 1][1]:
                out[j] = (a, out[j][1])
    return out


def _overlaps(a: int, b: int, cols: Sequence[tuple[int, int]]) -> list[int]:
    return [max(0, min(b, e) - max(a, s)) for s, e in cols]


def _place(line: _Line, cols: Sequence[tuple[int, int]]) -> list[str]:
    """A line's pieces in the columns they stand in.

    A body line's piece goes to the column it overlaps most (the nearest when none). In a header
    line, a label that ends where a column ends, and reaches into no other column, heads that
    column (figures stand right-aligned); any other label spans a group of columns, centred
    over it, that runs right to the next label (as a spanning cell does in a grid): placed from
    the right, each in the first column of the group whose centre is nearest its own.
    """
    cells = [""] * len(cols)
    pieces = list(line.pieces)
    if line.body or len(cols) < 2:
        for a, b, piece in pieces:
            overlaps = _overlaps(a, b, cols)
            best = max(range(len(cols)), key=lambda j: overlaps[j])
            if overlaps[best] == 0:
                centre = (a + b) / 2
                best = min(
                    range(len(cols)), key=lambda j: abs((cols[j][0] + cols[j][1]) / 2 - centre)
                )
            cells[best] = f"{cells[best]} {piece}".strip()
        return cells
    if pieces and _overlaps(*pieces[0][:2], cols)[0] > 0:
        cells[0] = pieces.pop(0)[2]  # the label column: a unit or a title
    at = [_anchor(a, b, cols) for a, b, _ in pieces]
    for k in range(len(pieces) - 1, -1, -1):
        if at[k] is not None:
            continue
        right = next((at[m] for m in range(k + 1, len(pieces)) if at[m] is not None), len(cols))
        left = next((at[m] for m in range(k - 1, -1, -1) if at[m] is not None), 0)
        end = right - 1  # type: ignore[operator]
        lo = left + 1  # type: ignore[operator]
        if end < lo:
            continue
        centre = (pieces[k][0] + pieces[k][1]) / 2
        at[k] = min(range(lo, end + 1), key=lambda p: abs((cols[p][0] + cols[end][1]) / 2 - centre))
    for (_, _, text), j in zip(pieces, at, strict=True):
        if j is not None:
            cells[j] = f"{cells[j]} {text}".strip()
        else:
            cells[-1] = f"{cells[-1]} {text}".strip()
    return cells


def aligned_tables(
    text: str, is_figure: IsFigure, taken: Sequence[tuple[int, int]] = ()
) -> list[TextTable]:
    """Whitespace-aligned tables (as PDF text extraction writes them) outside ``taken``.

    >>> fig = lambda c: c.replace(",", "").replace(".", "").isdigit() and len(c) != 4
    >>> text = "           2019     2018\\nSales     1,200    1,100\\nCosts       300      250"
    >>> aligned_tables(text, fig)[0].rows
    (('', '2019', '2018'), ('Sales', '1,200', '1,100'), ('Costs', '300', '250'))
    """
    if "  " not in text:
        return []
    lines: list[_Line | None] = []
    for start, end, raw in _lines(text):
        pieces = _pieces(raw) if not inside(start, taken) else []
        body = any(a > 0 and is_figure(p) for a, _, p in pieces)
        lines.append(_Line(start, end, pieces, body) if pieces else None)
    found: list[TextTable] = []
    i = 0
    while i < len(lines):
        block = _block(lines, i)
        if block is None:
            i += 1
            continue
        first, last = block
        chosen = [ln for ln in lines[first : last + 1] if ln is not None]
        cols = _columns([ln for ln in chosen if ln.body])
        cols = _header_widths(chosen, _empty_columns(chosen, cols))
        rows = tuple(tuple(_place(ln, cols)) for ln in chosen)
        found.append(TextTable(chosen[0].start, chosen[-1].end, rows, None, "", "aligned"))
        i = last + 1
    return found


_TITLE_CHARS = 60  # a one-piece line directly above the header is the table's title
_TEXT_RUN = 2  # at most this many long one-piece lines in a row inside a table (section labels)
_SHORT = 60  # a one-piece line this short is a row label (a section, a row without figures)
_TEXT_CHARS = 200  # a longer line is prose


def _block(lines: Sequence[_Line | None], i: int) -> tuple[int, int] | None:
    """The line range of the aligned table whose first body line is ``i``, else None.

    Below ``i``: body and header lines, short one-piece lines (section rows, rows without
    figures), runs of up to two long ones and single blank lines, up to the last body line.
    Above: the same up to the header lines, and one short title line on top. Needs two body
    lines, or one under a header with a line of several pieces.
    """
    line = lines[i]
    if line is None or not line.body:
        return None
    last, bodies, run = i, 1, 0
    j = i + 1
    while j < len(lines):
        ln = lines[j]
        if ln is None:
            nxt = lines[j + 1] if j + 1 < len(lines) else None
            if nxt is None or not (nxt.body or len(nxt.pieces[0][2]) <= _SHORT):
                break
        elif ln.body:
            last, bodies, run = j, bodies + 1, 0
        elif not ln.head and len(ln.pieces[0][2]) > _SHORT:
            run += 1
            if run > _TEXT_RUN or len(ln.pieces[0][2]) > _TEXT_CHARS:
                break
        j += 1
    first, run = i, 0
    while first > 0 and (above := lines[first - 1]) is not None:
        if not above.head and len(above.pieces[0][2]) > _SHORT:
            run += 1
            if run > _TEXT_RUN or len(above.pieces[0][2]) > _TEXT_CHARS:
                break
        elif above.head:
            run = 0
        first -= 1
    # One-piece lines on top: the last may be the table's title; those above it are prose.
    top = first
    while top < i and not lines[top].head:  # type: ignore[union-attr]
        top += 1
    if top > first and len(lines[top - 1].pieces[0][2]) <= _TITLE_CHARS:  # type: ignore[union-attr]
        top -= 1
    if bodies < 2 and not _headed(line, [ln for ln in lines[top:i] if ln is not None]):
        return None
    return top, last


def _headed(body: _Line, above: Sequence[_Line]) -> bool:
    """Whether one body line is a table: under a header line of several labels, or of one
    label right-aligned over one of its figures."""
    ends = {b for _, b, _ in body.pieces[1:]}
    for line in above:
        if not line.head:
            continue
        if len(line.pieces) >= 2 or any(abs(line.pieces[0][1] - e) <= 1 for e in ends):
            return True
    return False
