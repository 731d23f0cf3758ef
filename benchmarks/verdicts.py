"""Snapshot every verdict crossfoot gives on the benchmark data, and compare two snapshots.

A speed change or a refactor must not change a verdict; a rule change should change only the
verdicts it means to. Take a snapshot before, one after, and diff them::

    python benchmarks/verdicts.py snapshot /tmp/before.json      # ~35 s on the full data
    python benchmarks/verdicts.py snapshot /tmp/after.json
    python benchmarks/verdicts.py diff /tmp/before.json /tmp/after.json   # exit 1 if any differ

A snapshot holds ``Report.to_dict()`` of:

- ``trace`` on the generated tables of ``trace_vs_figured.py`` (labelled answers with default and
  all derivations, random figures on 3x3, 12x5 and 200x10 tables with and without named rows,
  the timing answers up to 2,000 rows), seeded, so two runs see the same inputs;
- ``check`` on every answer of each corpus under the data root, and the counts and flag/miss
  records of the harness's injected variants (``ragbench.evaluate``), without timings; the
  labelled convfinqa lines too (``run_all.LABELLED``: the turns as the question, the earlier
  turns), whose answers take paths the headline's do not (a conversation read as the question,
  turns of one step), so a change on those paths shows in the diff.

Data are read from ``--data-root``, else ``$CROSSFOOT_DATA``, else ``../shared/data``.
``snapshot --workers 2`` checks the corpus answers through :func:`crossfoot.batch.check_many` on two
processes: its diff with a snapshot of one process shows whether the batch path changes a verdict.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

__all__ = ["diff", "main", "snapshot"]


def _trace_entries(tables: int) -> dict[str, Any]:
    import trace_vs_figured as tvf
    from crossfoot import trace

    out: dict[str, Any] = {}
    rng = random.Random(7)
    for i, case in enumerate(tvf.labelled_cases(rng, tables)):
        out[f"trace:labelled:{i}"] = trace(case.text, case.rows).to_dict()
        out[f"trace:labelled-all:{i}"] = trace(case.text, case.rows, derivations="all").to_dict()
    for size in ((3, 3), (12, 5), (200, 10)):
        for t in range(4 if size[0] < 200 else 2):
            rows = tvf.random_table(rng, *size)
            cells = [v for r in rows for k, v in r.items() if k != "name"]
            for d in range(25):
                figure = tvf.random_figure(rng, min(cells), max(cells))
                a, b = rng.sample(rows, 2)
                texts = {
                    "plain": f"The figure for the group was {figure}.",
                    "named": f"Comparing {a['name']} with {b['name']}, the figure was {figure}.",
                }
                for how, text in texts.items():
                    out[f"trace:random:{size[0]}x{size[1]}:{t}:{d}:{how}"] = trace(
                        text, rows
                    ).to_dict()
            out[f"trace:timing:{size[0]}x{size[1]}:{t}"] = trace(
                tvf.timing_answer(rows), rows
            ).to_dict()
    for n, c in ((2, 3), (12, 5), (2000, 10)):
        rows = tvf.random_table(rng, n, c)
        out[f"trace:timing:{n}x{c}"] = trace(tvf.timing_answer(rows), rows).to_dict()
    return out


def _answer_entries(
    root: Path, limit: int | None, corpora: list[str], workers: int = 1, chunk_size: int = 32
) -> dict[str, Any]:
    import crossfoot
    import ragbench
    from run_all import ADAPTERS, LABELLED

    out: dict[str, Any] = {}
    tools = ragbench.make_tools(["crossfoot"])
    for name in corpora:
        items = (ADAPTERS.get(name) or LABELLED[name]).load(root, limit)
        if workers > 1:  # the same checks through crossfoot.batch on several processes
            out.update(_batch_entries(name, items, workers, chunk_size))
        else:
            for item in items:
                try:
                    question = item.question or None
                    report = crossfoot.check(item.answer, item.sources, question=question)
                    out[f"{name}:{item.id}"] = report.to_dict()
                except Exception as err:  # a crash is a verdict too: it must not change either
                    out[f"{name}:{item.id}"] = f"error: {err!r}"
        o = ragbench.evaluate(items, tools, 0, name, False)
        stats = {k: v for k, v in o.stats["crossfoot"].items() if "second" not in k}
        out[f"{name}:stats"] = stats
        out[f"{name}:records"] = o.records
    return out


def _batch_entries(name: str, items: list[Any], workers: int, chunk_size: int) -> dict[str, Any]:
    from crossfoot.batch import check_many

    batch = [
        {"output": i.answer, "sources": i.sources, "question": i.question or None} for i in items
    ]
    out: dict[str, Any] = {}
    for item, result in zip(
        items, check_many(batch, workers=workers, chunk_size=chunk_size), strict=True
    ):
        out[f"{name}:{item.id}"] = (
            result.report if result.error is None else f"error: {result.error}"
        )
    return out


def snapshot(
    path: Path,
    data_root: str | None = None,
    limit: int | None = None,
    corpora: list[str] | None = None,
    tables: int = 25,
    workers: int = 1,
    chunk_size: int = 32,
) -> int:
    """Write the snapshot to ``path``; returns the number of entries.

    >>> # snapshot(Path("/tmp/before.json"))
    """
    from corpora.common import data_root as resolve
    from run_all import ADAPTERS, LABELLED

    entries = _trace_entries(tables)
    names = corpora or [*ADAPTERS, *LABELLED]
    entries.update(_answer_entries(resolve(data_root), limit, names, workers, chunk_size))
    path.write_text(json.dumps(entries, default=str, sort_keys=True))
    return len(entries)


def diff(a: Path, b: Path, show: int = 15) -> list[str]:
    """The keys whose verdicts differ between two snapshots (printed with the first change).

    >>> # diff(Path("/tmp/before.json"), Path("/tmp/after.json"))
    """
    old, new = json.loads(a.read_text()), json.loads(b.read_text())
    changed = [k for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)]
    print(f"{len(old)} vs {len(new)} entries; {len(changed)} differ")
    for key in changed[:show]:
        x = json.dumps(old.get(key), sort_keys=True)
        y = json.dumps(new.get(key), sort_keys=True)
        i = next((j for j in range(min(len(x), len(y))) if x[j] != y[j]), min(len(x), len(y)))
        lo, hi = max(0, i - 120), i + 200
        print(f"- {key}\n    before: …{x[lo:hi]}\n    after:  …{y[lo:hi]}")
    return changed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("snapshot", help="write every verdict to a JSON file")
    s.add_argument("out", type=Path)
    s.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    s.add_argument("--limit", type=int, default=None, help="rows per corpus")
    s.add_argument("--corpora", nargs="+", default=None)
    s.add_argument("--tables", type=int, default=25, help="labelled trace tables")
    s.add_argument(
        "--workers",
        type=int,
        default=1,
        help="check the corpus answers with crossfoot.batch on N processes (diff with a run of 1)",
    )
    d = sub.add_parser("diff", help="compare two snapshots; exit 1 when any verdict differs")
    d.add_argument("before", type=Path)
    d.add_argument("after", type=Path)
    args = ap.parse_args(argv)
    if args.command == "snapshot":
        n = snapshot(args.out, args.data_root, args.limit, args.corpora, args.tables, args.workers)
        print(f"{n} entries -> {args.out}")
        return 0
    return 1 if diff(args.before, args.after) else 0


if __name__ == "__main__":
    raise SystemExit(main())
