"""JSON-style tables in a text: lists of rows of cells, as TAT-QA and FinQA ship them.

``[["", "2019", "2018"], ["Net sales", "7,630.0", "6,710.4"]]``, also as a Python literal with
single quotes (read with the safe literal parser, never ``eval``). A list counts as a table when
every row is a list of scalars and some row has two or more cells.
"""

from __future__ import annotations

import ast
import json
import re
from decimal import Decimal

from crossfoot.sources.table_grid import TextTable

__all__ = ["json_tables"]

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


_DECODER = json.JSONDecoder()


def _whole_json(text: str, start: int) -> tuple[object, int] | None:
    """The JSON value that opens at ``start`` and its end, None when none does. For the first
    table of a text it is what the pairing of brackets finds (:func:`_bracket_pairs` scans from
    there, and within a JSON value its strings are the scan's), without a token per cell."""
    try:
        return _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return None


def json_tables(text: str) -> list[TextTable]:
    """Every JSON-style (or Python-literal) list of rows in a text, in order.

    >>> [t.rows for t in json_tables('see [["", "2019"], ["Sales", "5"]] and more')]
    [(('', '2019'), ('Sales', '5'))]
    """
    found: list[TextTable] = []
    first = _TABLE_START.search(text)
    if first is None:
        return found
    pairs: dict[int, int] | None = None  # (read when a table is not one JSON value from its "[")
    last_end = 0
    unclosed = False  # a literal scan already ran to the end of the text: skip further ones
    for m in _TABLE_START.finditer(text, first.start()):
        start = m.start()
        if start < last_end:
            continue
        obj: object = None
        end = -1
        close = None
        got = _whole_json(text, start) if start == first.start() else None
        if got is not None:
            obj, end = got
        else:
            if pairs is None:
                pairs = _bracket_pairs(text, first.start())
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
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    # (TypeError: an unhashable member of a set or key, "{[1]}": no table)
                    obj = None
        rows = _as_rows(obj)
        if rows is not None:
            found.append(TextTable(start, end, rows))
            last_end = end
    return found
