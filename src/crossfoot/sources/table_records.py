"""Records in a text: a JSON (or Python-literal) list of objects, one object per table row.

The keys of the objects are the column labels (their union, in order of first appearance; the
"Unnamed: 2" pandas gives a column without a label is an empty label); the header is one row of
them, and each object a row of its values (missing keys are empty cells).
Only flat objects of scalars count: nested values mean the list is data, not a table.
"""

from __future__ import annotations

import ast
import json
import re
from decimal import Decimal

from crossfoot.sources.table_grid import Grid, TextTable

__all__ = ["record_tables"]

_START = re.compile(r"\[\s*\{")
_UNNAMED = re.compile(r"^Unnamed: \d+$")
_TOKEN = re.compile(r"""[\[\]{}]|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'""")


# Deeper than a list of flat objects: no table (the scan stops there).
_TOO_DEEP = -1


def _end(text: str, start: int) -> int | None:
    """Where the list opened at ``start`` closes; None when it never does, ``_TOO_DEEP`` as soon
    as it nests deeper than ``[{...}]``. A list of flat records is never deeper, and stopping
    there keeps the scans linear: nested brackets ("[{[{[{...") made every start scan to the
    end of the text (a 100 KB source took 100 s)."""
    depth = 0
    for tok in _TOKEN.finditer(text, start):
        t = tok.group(0)
        if t in "[{":
            depth += 1
            if depth > 2:
                return _TOO_DEEP
        elif t in "]}":
            depth -= 1
            if depth == 0:
                return tok.end()
    return None


def _scalar(value: object) -> str | None:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (str, int, float, Decimal)):
        return str(value)
    return None


def _grid(obj: object) -> Grid | None:
    if not isinstance(obj, list) or not obj or not all(isinstance(r, dict) for r in obj):
        return None
    keys: dict[str, None] = {}
    for record in obj:
        for k in record:
            if not isinstance(k, str):
                return None
            keys.setdefault(k, None)
    if len(keys) < 2:
        return None
    # pandas names a column without a label "Unnamed: 3": the label is empty
    rows = [tuple("" if _UNNAMED.match(k) else k for k in keys)]
    for record in obj:
        cells = [_scalar(record.get(k)) for k in keys]
        if any(c is None for c in cells):
            return None
        rows.append(tuple(c for c in cells if c is not None))
    return tuple(rows)


def record_tables(text: str) -> list[TextTable]:
    """Every list of flat records in a text, as a grid.

    >>> text = 'rows: [{"region": "EU", "2019": "1,200"}, {"region": "US", "2019": 5}]'
    >>> record_tables(text)[0].rows
    (('region', '2019'), ('EU', '1,200'), ('US', '5'))
    """
    found: list[TextTable] = []
    pos = 0
    for m in _START.finditer(text):
        if m.start() < pos:
            continue
        end = _end(text, m.start())
        if end is None:
            break
        if end == _TOO_DEEP:
            continue
        chunk = text[m.start() : end]
        # Neither parser may raise on what a document holds: JSON nested thousands deep
        # (RecursionError) or a literal with a list inside a set ("{[1]}", TypeError) is no table.
        try:
            obj = json.loads(chunk)
        except (ValueError, RecursionError):
            try:
                obj = ast.literal_eval(chunk)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
        rows = _grid(obj)
        if rows is not None:
            found.append(TextTable(m.start(), end, rows, 1, "", "records"))
            pos = end
    return found
