"""Plug the scratch parsers into today's engine (prototype only)."""
import re
import crossfoot._sources as S
import crossfoot._tables as T
from crossfoot._tables import TextTable, _json_tables, parse_cell
from table_html import html_tables
from table_pipe import pipe_tables
from table_text import aligned_tables, delimited_tables

FIG = re.compile(r"^[\s$€£¥₹(+\-−–]*\.?\d")
LETTERS = re.compile(r"[^\W\d_]")
def is_figure(c):
    p = parse_cell(c)
    if p is not None:
        return not p.year_like
    m = FIG.match(c)
    if m is None or re.match(r"\s*(?:19|20)\d\d(?![\d,.])", c):
        return False  # "2019 vs. 2018" heads a column
    return len(LETTERS.findall(c[m.end():])) <= 3

def find_tables(text):
    found = [t for t in _json_tables(text)] if "[" in text else []
    taken = [(t.start, t.end) for t in found]
    for h in html_tables(text):
        if not any(a <= h.start < b for a, b in taken):
            found.append(TextTable(h.start, h.end, h.rows, None)); taken.append((h.start, h.end))
    for r in __import__("table_records").record_tables(text):
        if not any(a <= r.start < b for a, b in taken):
            found.append(TextTable(r.start, r.end, r.rows, 1)); taken.append((r.start, r.end))
    taken.sort()
    if "|" in text:
        for p in pipe_tables(text, taken):
            found.append(TextTable(p.start, p.end, p.rows, p.header_rows))
        taken = sorted((t.start, t.end) for t in found)
    for d in delimited_tables(text, is_figure, taken):
        found.append(TextTable(d.start, d.end, d.rows, None))
    taken = sorted((t.start, t.end) for t in found)
    for a in aligned_tables(text, is_figure, taken):
        found.append(TextTable(a.start, a.end, a.rows, None))
    found.sort(key=lambda t: t.start)
    return found

S.find_tables = find_tables
T.find_tables = find_tables

_WS = re.compile(r"\s+")
_orig_read = T.read_table
def normalize(rows):
    rows = [[_WS.sub(" ", c).strip() for c in r] for r in rows]
    w = max((len(r) for r in rows), default=0)
    rows = [r + [""] * (w - len(r)) for r in rows]
    rows = [r for r in rows if any(c for c in r)]
    keep = [j for j in range(w) if any(r[j] for r in rows)]
    return [[r[j] for j in keep] for r in rows]
def read_table(rows, **kw):
    kw["header_rows"] = None
    return _orig_read(normalize(rows), **kw)
S.read_table = read_table

import table_read
def read_table2(rows, **kw):
    return table_read.read_table(rows, **kw)
S.read_table = read_table2
