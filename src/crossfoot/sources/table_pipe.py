"""Pipe tables in a text: markdown (``| a | b |`` with a ``|---|`` line) and bare pipe rows.

Two or more consecutive lines holding a pipe make a table. Outer pipes are optional, as in
markdown: when the separator line (or, without one, every line) starts with a pipe, one leading
and one trailing pipe are the table's border; otherwise a pipe at the start or the end of a line
stands after an empty first cell or before an empty last cell (``| 2019 | 2018`` under
``---|---|---``: the corner cell is empty). ``\\|`` is a pipe inside a cell.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from crossfoot.sources.table_grid import TextTable

__all__ = ["pipe_tables"]

_SEPARATOR_CELL = re.compile(r"^\s*:?-+:?\s*$")
_WS = re.compile(r"\s+")


def _cells(line: str, outer: bool) -> list[str]:
    body = line.strip().replace("\\|", "\x00")
    if outer:
        if body.startswith("|"):
            body = body[1:]
        if body.endswith("|"):
            body = body[:-1]
    return [_WS.sub(" ", c).strip().replace("\x00", "|") for c in body.split("|")]


def _is_separator(line: str) -> bool:
    cells = [c for c in line.strip().strip("|").split("|")]
    if not all(_SEPARATOR_CELL.match(c) for c in cells):
        return False
    # "- | - | -" is a row of empty cells in FinQA-style text; a markdown separator has "---"/":".
    return any("---" in c or ":" in c for c in cells)


def _table(block: Sequence[tuple[int, int, str]]) -> TextTable | None:
    seps = [k for k, (_, _, line) in enumerate(block) if _is_separator(line)]
    sep = seps[0] if seps else None
    if sep is not None:
        outer = block[sep][2].strip().startswith("|")
    else:
        outer = all(line.strip().startswith("|") for _, _, line in block)
    rows = tuple(tuple(_cells(line, outer)) for k, (_, _, line) in enumerate(block) if k != sep)
    if len(rows) < 2 or not any(len(r) >= 2 for r in rows):
        return None
    fmt = "markdown" if sep is not None else "pipe"
    return TextTable(block[0][0], block[-1][1], rows, sep if sep else None, "", fmt)


def pipe_tables(text: str, taken: Sequence[tuple[int, int]] = ()) -> list[TextTable]:
    """Every pipe table of a text outside the ``taken`` spans (sorted, not overlapping).

    >>> [t.rows for t in pipe_tables("a | b\\n---|---\\n| 2019\\nSales | 5")]
    [(('a', 'b'), ('', '2019'), ('Sales', '5'))]
    """
    found: list[TextTable] = []
    block: list[tuple[int, int, str]] = []
    starts = [s for s, _ in taken]
    pos = 0
    for line in text.splitlines(keepends=True):
        start, end = pos, pos + len(line.rstrip("\r\n"))
        pos += len(line)
        k = bisect_right(starts, start) - 1
        inside = k >= 0 and start < taken[k][1]
        if "|" not in line or inside or (not line.strip().strip("|").strip() and "|" not in line):
            if block:
                table = _table(block)
                if table is not None:
                    found.append(table)
                block = []
            continue
        block.append((start, end, line.rstrip("\r\n")))
    if block:
        table = _table(block)
        if table is not None:
            found.append(table)
    return found
