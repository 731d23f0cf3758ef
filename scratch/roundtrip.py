import sys, re, json
sys.path.insert(0, "/work/wt-tables/benchmarks")
from corpora.render import render, FORMATS, BENCH_FORMATS
from corpora.common import data_root, parse_table_json
from crossfoot._tables import find_tables, parse_cell
from table_html import html_tables
from table_text import delimited_tables, aligned_tables

WS = re.compile(r"\s+")
def normalize(rows):
    rows = [[WS.sub(" ", c).strip() for c in r] for r in rows]
    w = max((len(r) for r in rows), default=0)
    rows = [r + [""] * (w - len(r)) for r in rows]
    rows = [r for r in rows if any(rows and c for c in r)]
    keep = [j for j in range(w) if any(r[j] for r in rows)]
    return [[r[j] for j in keep] for r in rows]

FIG = re.compile(r"^[\s$€£¥₹(+\-−–]*\.?\d")
def is_figure(c):
    p = parse_cell(c)
    if p is not None:
        return not p.year_like
    return bool(FIG.match(c))

def parse_any(text):
    out = []
    from crossfoot._tables import _json_tables
    from table_pipe import pipe_tables
    t = _json_tables(text)
    t += pipe_tables(text, [(x.start, x.end) for x in t])
    taken = [(x.start, x.end) for x in t]
    out += [(x.start, list(map(list, x.rows))) for x in t]
    h = html_tables(text)
    # html first in real code; here formats don't mix
    out += [(x.start, list(map(list, x.rows))) for x in h]
    taken += [(x.start, x.end) for x in h]
    d = delimited_tables(text, is_figure, taken)
    out += [(x.start, list(map(list, x.rows))) for x in d]
    taken += [(x.start, x.end) for x in d]
    a = aligned_tables(text, is_figure, taken)
    out += [(x.start, list(map(list, x.rows))) for x in a]
    return [r for _, r in sorted(out, key=lambda z: z[0])]

if __name__ == "__main__":
    from corpora import pot_tatqa, tatqa, convfinqa, ragbench_interp
    r = data_root()
    fmts = sys.argv[1:] or [f for f in FORMATS if f != "records"]
    tables = []
    seen = set()
    for m in (pot_tatqa, tatqa, convfinqa, ragbench_interp):
        for it in m.load(r):
            for s in it.sources:
                t = parse_table_json(s)
                if t is not None and s not in seen:
                    seen.add(s); tables.append((m.NAME, t))
    for fmt in fmts:
        bad = 0; shown = 0
        for name, t in tables:
            want = normalize(t)
            got = parse_any(render(t, fmt))
            got = [normalize(g) for g in got]
            if got != [want]:
                bad += 1
                if shown < 2:
                    shown += 1
                    print("----", fmt, name, "tables found", len(got))
                    print(render(t, fmt)[:1500])
                    for g in got[:2]:
                        for row, wrow in zip(g, want):
                            if row != wrow: print("  got ", row, "\n  want", wrow)
                        if len(g) != len(want): print("  rows", len(g), len(want))
        print(fmt, "mismatch", bad, "of", len(tables))

def values_of(rows):
    from crossfoot._tables import read_table
    from crossfoot._source_prose import _cell_fallback
    vals = read_table(rows, source_id="S1", table_index=0, fallback=_cell_fallback)
    return sorted((v.label, str(v.value), v.year, v.kind, v.currency, v.view, v.unit_header, v.row, v.column) for v in vals)

def value_check(fmts):
    from corpora import pot_tatqa, tatqa, convfinqa, ragbench_interp
    r = data_root()
    tables = []; seen = set()
    for m in (pot_tatqa, tatqa, convfinqa, ragbench_interp):
        for it in m.load(r):
            for s in it.sources:
                t = parse_table_json(s)
                if t is not None and s not in seen:
                    seen.add(s); tables.append((m.NAME, t))
    for fmt in fmts:
        bad = 0; shown = 0
        for name, t in tables:
            want = engine_values(json.dumps(t))
            gotv = engine_values(render(t, fmt))
            if gotv != want:
                bad += 1
                if shown < 3:
                    shown += 1
                    print("----", fmt, name)
                    print(render(t, fmt)[:1500])
                    a = set(gotv); b = set(want)
                    for x in sorted(a - b)[:4]: print("  extra", x)
                    for x in sorted(b - a)[:4]: print("  missing", x)
        print(fmt, "value mismatch", bad, "of", len(tables))


def engine_values(text):
    from crossfoot import load_sources
    vals = load_sources([text]).sources[0].values
    return sorted(repr((v.label, str(v.value), v.year, v.kind, v.currency, v.view, v.unit_header, v.row, v.column, v.table is None)) for v in vals)
