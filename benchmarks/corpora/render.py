"""Write one table (a grid: rows of cell strings) in every serialization users paste into prompts.

Shared by ``benchmarks/formats.py`` (the same answers against the same tables in each format) and
``tests/test_table_formats.py`` (a random grid written in any format reads back to the same cells).
The renderers are independent of the engine: they only decide where a table's header ends, with a
rule of their own (:func:`header_rows`), the way a document parser would.

Formats:

* ``json``: the JSON-style list of rows the corpora ship (``[["", "2019"], ["Sales", "5"]]``);
* ``markdown``: a pipe table with outer pipes; the first row is the markdown header and the other
  header rows follow the ``|---|`` line as body rows (as Docling, Unstructured and LlamaParse export
  a header of several rows);
* ``markdown-bare``: the same without outer pipes;
* ``html``: ``<table>`` with ``<thead>``/``<th>``; a header label that stands over empty cells spans
  them (``colspan``) and the empty top-left corner spans the header rows (``rowspan``);
* ``csv``, ``csv-semicolon``, ``tsv``: delimited text, quoted where needed (``"1,452.4"``);
* ``records``: a JSON list of objects, one per body row, keyed by the column labels of the header;
* ``aligned``: whitespace-aligned text as PDF extraction writes it: labels left, figures right,
  columns at least two spaces apart, a spanning header label centred over the columns it spans.

>>> grid = [["", "2019"], ["Sales", "1,200"]]
>>> print(render(grid, "markdown"))
|  | 2019 |
|---|---|
| Sales | 1,200 |
>>> print(render(grid, "csv"))
,2019
Sales,"1,200"
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Sequence

__all__ = ["BENCH_FORMATS", "FORMATS", "header_rows", "render", "spans"]

#: The serializations ``benchmarks/formats.py`` measures.
BENCH_FORMATS: tuple[str, ...] = ("json", "markdown", "markdown-bare", "html", "csv", "aligned")
#: Every serialization :func:`render` writes.
FORMATS: tuple[str, ...] = (*BENCH_FORMATS, "csv-semicolon", "tsv", "records")

Grid = Sequence[Sequence[str]]

# A cell that holds a figure (not a year): a number first, then at most a short unit or note
# ("1,234", "(12.3)", "27% ( 27 % )", "(55) bps"); a header ends at the first row holding one.
_FIGURE = re.compile(r"^[\s$€£¥₹(+\-−–]*\.?\d")
_LEADING_YEAR = re.compile(r"^\s*(?:19|20)\d\d(?![\d,.])")
_LETTER = re.compile(r"[^\W\d_]")
_WS = re.compile(r"\s+")
# A cell that holds no value: a dash or "n/a" (a row of them is a row of the body).
_BLANK = re.compile(r"^\s*(?:[-—–]+|n/?a)\s*$", re.I)


def _is_figure(cell: str) -> bool:
    m = _FIGURE.match(cell)
    if m is None or _LEADING_YEAR.match(cell):
        return False
    return len(_LETTER.findall(cell, m.end())) <= 3


def header_rows(grid: Grid) -> int:
    """Leading rows with no figure other than a year, up to the last that labels a column (a
    row with text in its first cell only is a section of the body): the renderer's own rule.

    >>> header_rows([["", "", "Fiscal"], ["", "2019", "2018"], ["A:", ""], ["Sales", "5", "6"]])
    2
    """
    last = -1
    for i, row in enumerate(grid):
        if any(_is_figure(c) for c in row[1:]):
            break
        if any(c.strip() and not _BLANK.match(c) for c in row[1:]):
            last = i
    return last + 1 if last >= 0 else min(1, len(grid))


def _width(grid: Grid) -> int:
    return max((len(r) for r in grid), default=0)


def _padded(grid: Grid) -> list[list[str]]:
    w = _width(grid)
    return [[str(c) for c in r] + [""] * (w - len(r)) for r in grid]


def spans(grid: Grid) -> list[list[tuple[int, int]]]:
    """For each cell, its ``(rowspan, colspan)``; ``(0, 0)`` for a cell covered by another.

    Only header rows span: a label over empty cells to its right spans them, and an empty
    top-left corner spans every header row (how HTML exporters write a header of several rows).

    >>> spans([["", "", "Fiscal", ""], ["", "2019", "2018", "2017"], ["A", "1", "2", "3"]])[0]
    [(2, 1), (1, 1), (1, 2), (0, 0)]
    """
    rows = _padded(grid)
    n_head = header_rows(rows) if len(rows) > 1 else 0
    out = [[(1, 1)] * len(r) for r in rows]
    if n_head > 1 and all(not rows[i][0].strip() for i in range(n_head)):
        out[0][0] = (n_head, 1)
        for i in range(1, n_head):
            out[i][0] = (0, 0)
    for i in range(max(n_head - 1, 0)):  # the last header row names each column on its own
        row = rows[i]
        j = 1
        while j < len(row):
            if row[j].strip():
                k = j + 1
                while k < len(row) and not row[k].strip():
                    k += 1
                out[i][j] = (1, k - j)
                for m in range(j + 1, k):
                    out[i][m] = (0, 0)
                j = k
            else:
                j += 1
    return out


def _markdown(grid: Grid, outer: bool) -> str:
    rows = _padded(grid)

    def line(cells: Sequence[str]) -> str:
        text = " | ".join(_one_line(c).replace("|", "\\|") for c in cells)
        return f"| {text} |" if outer else text.strip()

    sep = "|".join("---" for _ in rows[0]) if rows else ""
    out = [line(rows[0]), f"|{sep}|" if outer else sep, *(line(r) for r in rows[1:])]
    return "\n".join(out)


def _html(grid: Grid) -> str:
    rows = _padded(grid)
    cover = spans(rows)
    n_head = header_rows(rows) if len(rows) > 1 else 0
    out = ["<table>"]
    for i, row in enumerate(rows):
        if i == 0 and n_head:
            out.append("<thead>")
        if i == n_head:
            out.append("<tbody>")
        tag = "th" if i < n_head else "td"
        cells = []
        for j, cell in enumerate(row):
            rs, cs = cover[i][j]
            if rs == 0:
                continue
            attrs = (f' rowspan="{rs}"' if rs > 1 else "") + (f' colspan="{cs}"' if cs > 1 else "")
            cells.append(f"<{tag}{attrs}>{html.escape(cell)}</{tag}>")
        out.append("<tr>" + "".join(cells) + "</tr>")
        if i == n_head - 1:
            out.append("</thead>")
    if len(rows) > n_head:
        out.append("</tbody>")
    out.append("</table>")
    return "\n".join(out)


def _delimited(grid: Grid, delimiter: str) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
    for row in _padded(grid):
        writer.writerow([_one_line(c) for c in row])
    return buf.getvalue().rstrip("\n")


def _records(grid: Grid) -> str:
    rows = [[_one_line(c) for c in r] for r in _padded(grid)]
    n_head = max(header_rows(rows), 1) if len(rows) > 1 else 0
    w = _width(rows)
    stacked: list[list[str]] = [[] for _ in range(w)]
    for i in range(n_head):
        row = list(rows[i])
        if n_head > 1:
            # a label in a header of several rows names every column it stands over: a lone one
            # names all the figure columns, else each runs right to the next label
            filled = [j for j in range(1, w) if row[j]]
            for j in range(1, w):
                left = [k for k in filled if k <= j]
                src = filled[0] if len(filled) == 1 else (left[-1] if left else None)
                row[j] = row[src] if src is not None else ""
        for j in range(w):
            if row[j] and row[j] not in stacked[j]:
                stacked[j].append(row[j])
    keys: list[str] = []
    for j in range(w):
        key = " ".join(stacked[j])
        if key in keys or (j and not key):
            key = f"Unnamed: {j}"  # keys are unique: pandas names a column without a label so
        keys.append(key)
    body = [dict(zip(keys, r, strict=True)) for r in _padded(grid)[n_head:]]
    return json.dumps(body, ensure_ascii=False)


def _one_line(cell: str) -> str:
    return _WS.sub(" ", cell).strip()


def _aligned(grid: Grid, gap: int = 3) -> str:
    rows = [[_one_line(c) for c in r] for r in _padded(grid)]
    cover = spans(rows)
    w = _width(rows)
    widths = [0] * w
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cover[i][j][1] == 1:
                widths[j] = max(widths[j], len(cell))
    # a spanning label wider than the columns it spans widens the last of them
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            cs = cover[i][j][1]
            if cs > 1:
                room = sum(widths[j : j + cs]) + gap * (cs - 1)
                widths[j + cs - 1] += max(0, len(cell) - room)
    starts = [0] * w
    for j in range(1, w):
        starts[j] = starts[j - 1] + widths[j - 1] + gap
    lines = []
    for i, row in enumerate(rows):
        line = [" "] * (starts[-1] + widths[-1] if w else 0)
        for j, cell in enumerate(row):
            rs, cs = cover[i][j]
            if rs == 0 or not cell:
                continue
            if cs > 1:  # centred over the columns it spans
                room = starts[j + cs - 1] + widths[j + cs - 1] - starts[j]
                at = starts[j] + (room - len(cell)) // 2
            elif j == 0:
                at = 0
            else:
                at = starts[j] + widths[j] - len(cell)
            line[at : at + len(cell)] = cell
        lines.append("".join(line).rstrip())
    return "\n".join(lines)


def render(grid: Grid, fmt: str) -> str:
    """``grid`` written as ``fmt`` (one of :data:`FORMATS`).

    >>> print(render([["", "2019"], ["Sales", "1,200"]], "aligned"))
             2019
    Sales   1,200
    """
    if fmt == "json":
        return json.dumps([[str(c) for c in r] for r in grid])
    if fmt == "markdown":
        return _markdown(grid, outer=True)
    if fmt == "markdown-bare":
        return _markdown(grid, outer=False)
    if fmt == "html":
        return _html(grid)
    if fmt == "csv":
        return _delimited(grid, ",")
    if fmt == "csv-semicolon":
        return _delimited(grid, ";")
    if fmt == "tsv":
        return _delimited(grid, "\t")
    if fmt == "records":
        return _records(grid)
    if fmt == "aligned":
        return _aligned(grid)
    raise ValueError(f"unknown table format {fmt!r}; expected one of {', '.join(FORMATS)}")
