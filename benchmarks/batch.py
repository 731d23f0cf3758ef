"""Batch runs: answers per second on every development corpus, and memory while streaming.

    python benchmarks/batch.py                            # all modes, all corpora, RSS at 10k / 1M
    python benchmarks/batch.py --modes seq 2proc --limit 200 --no-rss    # a quick look
    python benchmarks/batch.py --rss-sizes 10000 100000 --no-speed

Speed: every answer of the four answer corpora (``run_all.ADAPTERS``) is checked

- ``seq``: :func:`crossfoot.batch.check_many` with ``workers=1`` (in this process);
- ``2proc``: ``check_many`` with ``workers=2`` (two processes, chunked);
- ``spark``: ``crossfoot.integrations.spark.check_dataframe`` on Spark ``local[2]``;
- ``ray``: ``crossfoot.integrations.ray.check_dataset`` on a local Ray instance with 2 CPUs.

``seq`` and ``2proc`` run ``--repeat`` times alternately (side by side, so a change in the machine's
load hits both); the best run of each is reported, with the load average before and after. Spark
and Ray are timed from the first action to the last row, without starting the session. Every
mode's verdicts are compared with ``seq`` item by item (``passed``, ``score``, ``ungrounded``,
``statuses``; ``2proc`` the whole ``Report.to_dict()``): the script exits 1 when any differs.

Memory: ``crossfoot eval`` streams N synthetic answers (made up here, seeded: short answers over
a thousand rotating records, one figure in ten wrong) from a JSONL file to a JSONL file with
``--workers 2``; the peak resident memory (VmHWM) of every process of the run is read from /proc,
and the main process's peak and the sum over the tree are reported for each N.

Results: ``benchmarks/results/batch.{json,md,png}``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

__all__ = ["main"]

RESULTS = Path(__file__).resolve().parent / "results"
MODES = ("seq", "2proc", "spark", "ray")


# ------------------------------------------------------------------------------------ items
def corpus_items(limit: int | None) -> dict[str, list[dict[str, Any]]]:
    """Check items of every development corpus, by corpus."""
    from corpora.common import data_root
    from run_all import ADAPTERS

    try:  # HF datasets shows tqdm bars while loading: no monitor thread, so that crossfoot.batch
        import tqdm  # may fork its workers (it spawns them in a process that runs threads)

        tqdm.tqdm.monitor_interval = 0
    except ImportError:
        pass

    out: dict[str, list[dict[str, Any]]] = {}
    for name, adapter in ADAPTERS.items():
        out[name] = [
            {
                "name": f"{name}:{i.id}",
                "output": i.answer,
                "sources": list(i.sources),
                "question": i.question or None,
            }
            for i in adapter.load(data_root(), limit)
        ]
    return out


def _verdict(row: dict[str, Any]) -> tuple[Any, ...]:
    score = None if row["score"] is None else round(float(row["score"]), 12)
    return (bool(row["passed"]), score, list(row["ungrounded"]), list(row["statuses"]))


# ------------------------------------------------------------------------------------ modes
def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    import resource

    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run_local(items: list[dict[str, Any]], workers: int) -> tuple[float, float, dict[str, Any]]:
    """Wall seconds, CPU seconds (this process and the workers) and the results by name."""
    from crossfoot.batch import check_many

    cpu, start = _cpu(), time.perf_counter()
    results = {r.name: r for r in check_many(items, workers=workers)}
    return time.perf_counter() - start, _cpu() - cpu, results


def run_spark(items: list[dict[str, Any]]) -> tuple[float, float, dict[str, tuple[Any, ...]]]:
    from pyspark.sql import SparkSession

    from crossfoot.integrations.spark import check_dataframe

    os.environ["PYSPARK_PYTHON"] = sys.executable
    t0 = time.perf_counter()
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("crossfoot-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "2g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.createDataFrame(
        [(i["name"], i["output"], i["question"], i["sources"]) for i in items],
        "name string, output string, question string, sources array<string>",
    ).repartition(8)
    df = df.cache()
    df.count()  # the input is in Spark before the clock starts, as a table would be
    started = time.perf_counter() - t0
    start = time.perf_counter()
    out = check_dataframe(df, question="question", name="name")
    rows = out.select("name", "passed", "score", "ungrounded", "statuses").collect()
    elapsed = time.perf_counter() - start
    spark.stop()
    return elapsed, started, {r["name"]: _verdict(r.asDict()) for r in rows}


def run_ray(items: list[dict[str, Any]]) -> tuple[float, float, dict[str, tuple[Any, ...]]]:
    import ray

    from crossfoot.integrations.ray import check_dataset

    t0 = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    ds = ray.data.from_items(items).materialize()
    started = time.perf_counter() - t0
    start = time.perf_counter()
    rows = check_dataset(ds, question="question", name="name", batch_size=32).take_all()
    elapsed = time.perf_counter() - start
    ray.shutdown()
    return elapsed, started, {r["name"]: _verdict(r) for r in rows}


def speed(
    items_by: dict[str, list[dict[str, Any]]], modes: list[str], repeat: int
) -> dict[str, Any]:
    items = [i for group in items_by.values() for i in group]
    n = len(items)
    load_before = os.getloadavg()
    times: dict[str, list[float]] = {"seq": [], "2proc": []}
    cpus: dict[str, list[float]] = {"seq": [], "2proc": []}
    seq: dict[str, Any] = {}
    two: dict[str, Any] = {}
    run_local(items[:50], 1)  # the engine's modules are imported before any clock starts
    for _ in range(repeat):
        for mode, workers in (("seq", 1), ("2proc", 2)):
            if mode not in modes and not (mode == "seq"):
                continue
            elapsed, cpu, results = run_local(items, workers)
            times[mode].append(elapsed)
            cpus[mode].append(cpu)
            (seq if workers == 1 else two).update(results)
            print(
                f"{mode}: {n} answers in {elapsed:.1f}s ({n / elapsed:.0f}/s), {cpu:.1f}s CPU, "
                f"load {os.getloadavg()[0]:.1f}",
                file=sys.stderr,
            )
    reference = {name: _verdict(r.to_dict()) for name, r in seq.items()}
    out: dict[str, Any] = {"answers": n, "corpora": {k: len(v) for k, v in items_by.items()}}
    rows: dict[str, Any] = {}
    for mode in ("seq", "2proc"):
        if times[mode]:
            best = min(times[mode])
            rows[mode] = {
                "seconds": round(best, 2),
                "runs": [round(t, 2) for t in times[mode]],
                "answers_per_second": round(n / best, 1),
                "cpu_seconds": round(min(cpus[mode]), 2),
                "cpu_runs": [round(t, 2) for t in cpus[mode]],
                "differ": 0,
            }
    if "2proc" in rows:
        rows["2proc"]["differ"] = sum(
            two[k].report != seq[k].report or two[k].error != seq[k].error for k in seq
        )
    for mode, runner in (("spark", run_spark), ("ray", run_ray)):
        if mode not in modes:
            continue
        elapsed, started, verdicts = runner(items)
        differ = sum(verdicts.get(k) != v for k, v in reference.items())
        rows[mode] = {
            "seconds": round(elapsed, 2),
            "startup_seconds": round(started, 2),
            "answers_per_second": round(n / elapsed, 1),
            "differ": differ,
        }
        print(f"{mode}: {n} answers in {elapsed:.1f}s, {differ} verdicts differ", file=sys.stderr)
    out["modes"] = rows
    if "seq" in rows and "2proc" in rows:
        out["speedup_2proc"] = round(rows["seq"]["seconds"] / rows["2proc"]["seconds"], 2)
        # the CPU the two workers spend over what one process spends: the part of 2x lost to
        # running in two processes (a busy machine blurs wall time; CPU time much less)
        out["cpu_ratio_2proc"] = round(rows["2proc"]["cpu_seconds"] / rows["seq"]["cpu_seconds"], 2)
    out["load_average_before"] = [round(x, 2) for x in load_before]
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    return out


# -------------------------------------------------------------------------------------- RSS
_RECORD_ROWS = ("revenue", "cost of sales", "operating income", "net income", "headcount")


def synthetic_cases(n: int, path: Path, seed: int = 18) -> None:
    """``n`` made-up cases, one JSON line each: an answer over one of 1,000 records."""
    rng = random.Random(seed)
    records = []
    for _ in range(1000):
        fields = {
            f"{name.replace(' ', '_')}_{y}": rng.randint(1_000, 9_000_000)
            for name in _RECORD_ROWS
            for y in (2023, 2024)
        }
        records.append([{"id": "R1", "fields": fields}])
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            k = rng.randrange(1000)
            fields = records[k][0]["fields"]
            row = rng.choice(_RECORD_ROWS)
            value = fields[f"{row.replace(' ', '_')}_2024"]
            wrong = i % 10 == 0
            shown = value * 13 // 10 if wrong else value
            case = {
                "name": f"a{i}",
                "output": f"In 2024 {row} was {shown:,} [R1].",
                "sources": records[k],
                "expect": "fail" if wrong else "pass",
            }
            fh.write(json.dumps(case) + "\n")


def _tree(pid: int) -> list[int]:
    """``pid`` and every descendant, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                parent = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def _hwm_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def peak_rss(n: int, workdir: Path) -> dict[str, Any]:
    """Stream ``n`` synthetic answers through ``crossfoot eval`` and watch its memory."""
    cases, out = workdir / f"cases-{n}.jsonl", workdir / f"out-{n}.jsonl"
    synthetic_cases(n, cases)
    cmd = [
        sys.executable,
        "-m",
        "crossfoot.cli",
        "eval",
        str(cases),
        "--out",
        str(out),
        "--workers",
        "2",
        "--brief",
        "--min-accuracy",
        "0",
    ]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peaks: dict[int, int] = {}
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            peaks[pid] = max(peaks.get(pid, 0), _hwm_kib(pid))
        time.sleep(0.5)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"crossfoot eval exited {proc.returncode}: {err[-2000:]}")
    lines = sum(1 for _ in out.open("rb"))
    main_peak = peaks.get(proc.pid, 0)
    result = {
        "answers": n,
        "lines_written": lines,
        "seconds": round(elapsed, 1),
        "answers_per_second": round(n / elapsed, 1),
        "main_peak_mib": round(main_peak / 1024, 1),
        "largest_worker_peak_mib": round(
            max((v for p, v in peaks.items() if p != proc.pid), default=0) / 1024, 1
        ),
        "tree_peak_sum_mib": round(sum(peaks.values()) / 1024, 1),
        "processes": len(peaks),
    }
    cases.unlink()
    out.unlink()
    print(f"rss {n}: {result}", file=sys.stderr)
    return result


# ---------------------------------------------------------------------------------- outputs
def write_results(res: dict[str, Any], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [out_dir / "batch.json", out_dir / "batch.md"]
    paths[0].write_text(json.dumps(res, indent=2) + "\n")
    lines = ["# Batch runs (generated by benchmarks/batch.py)", ""]

    def measured(part: dict[str, Any]) -> list[str]:
        m = part["measured"]
        return [f"Measured {m['date']}, commit {m['commit']}: `{m['command']}`", ""]

    sp = res.get("speed")
    if sp:
        lines += ["## Answers per second", "", *measured(sp)]
        lines += [
            f"{sp['answers']} answers of the development corpora "
            f"({', '.join(f'{k} {v}' for k, v in sp['corpora'].items())}); load average "
            f"{sp['load_average_before'][0]} before, {sp['load_average_after'][0]} after "
            f"(2 cores).",
            "",
            "| mode | seconds | answers/s | CPU seconds | verdicts differing from seq |",
            "|---|---:|---:|---:|---:|",
        ]
        for mode, row in sp["modes"].items():
            extra = f" (+{row['startup_seconds']}s to start)" if "startup_seconds" in row else ""
            rate, differ = row["answers_per_second"], row["differ"]
            cpu = row.get("cpu_seconds", "")
            lines.append(f"| {mode} | {row['seconds']}{extra} | {rate} | {cpu} | {differ} |")
        if "speedup_2proc" in sp:
            lines += [
                "",
                f"2 processes vs 1: **{sp['speedup_2proc']}x** (best of "
                f"{len(sp['modes']['seq']['runs'])} alternating runs each); the two workers "
                f"together spend {sp.get('cpu_ratio_2proc', '?')}x the CPU of one process.",
            ]
        lines.append("")
    rss = res.get("rss")
    if rss:
        lines += ["## Peak memory while streaming", "", *measured(rss)]
        lines += [
            "| answers streamed | seconds | answers/s | main peak MiB | largest worker MiB | "
            "sum of peaks MiB |",
            "|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rss["runs"]:
            lines.append(
                f"| {row['answers']:,} | {row['seconds']} | {row['answers_per_second']} | "
                f"{row['main_peak_mib']} | {row['largest_worker_peak_mib']} | "
                f"{row['tree_peak_sum_mib']} |"
            )
        if "ratio_largest_to_smallest" in rss:
            lines += [
                "",
                f"Sum of peaks at the largest size / at the smallest: "
                f"**{rss['ratio_largest_to_smallest']}x**.",
            ]
    paths[1].write_text("\n".join(lines) + "\n")
    png = _plot(res, out_dir / "batch.png")
    return paths + ([png] if png else [])


def _plot(res: dict[str, Any], path: Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    sp = res.get("speed")
    if sp:
        modes = list(sp["modes"])
        axes[0].bar(modes, [sp["modes"][m]["answers_per_second"] for m in modes], color="#4c72b0")
        axes[0].set_ylabel("answers / second")
        axes[0].set_title(f"{sp['answers']} development answers, 2 cores")
    rss = res.get("rss")
    if rss:
        xs = [r["answers"] for r in rss["runs"]]
        axes[1].plot(xs, [r["tree_peak_sum_mib"] for r in rss["runs"]], "o-", label="sum of peaks")
        axes[1].plot(xs, [r["main_peak_mib"] for r in rss["runs"]], "s--", label="main process")
        axes[1].set_xscale("log")
        axes[1].set_ylim(bottom=0)
        axes[1].set_xlabel("answers streamed (crossfoot eval --workers 2)")
        axes[1].set_ylabel("peak RSS, MiB")
        axes[1].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    from ragbench import run_meta

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--modes", nargs="+", default=list(MODES), choices=MODES)
    ap.add_argument("--limit", type=int, default=None, help="answers per corpus")
    ap.add_argument("--repeat", type=int, default=3, help="alternating seq / 2proc runs")
    ap.add_argument("--rss-sizes", nargs="+", type=int, default=[10_000, 1_000_000])
    ap.add_argument("--no-rss", action="store_true")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--out-dir", type=Path, default=RESULTS)
    ap.add_argument(
        "--keep", action="store_true", help="keep the parts of an earlier batch.json not rerun"
    )
    args = ap.parse_args(argv)
    res: dict[str, Any] = {}
    earlier = args.out_dir / "batch.json"
    if args.keep and earlier.exists():
        res = {k: v for k, v in json.loads(earlier.read_text()).items() if k != "meta"}
    differ = 0
    if not args.no_speed:
        res["speed"] = speed(corpus_items(args.limit), args.modes, args.repeat)
        differ = sum(m["differ"] for m in res["speed"]["modes"].values())
    if not args.no_rss:
        with tempfile.TemporaryDirectory(prefix="crossfoot-batch-") as tmp:
            runs = [peak_rss(n, Path(tmp)) for n in sorted(args.rss_sizes)]
        res["rss"] = {"runs": runs}
        if len(runs) > 1 and runs[0]["tree_peak_sum_mib"]:
            res["rss"]["ratio_largest_to_smallest"] = round(
                runs[-1]["tree_peak_sum_mib"] / runs[0]["tree_peak_sum_mib"], 2
            )
    command = "python benchmarks/batch.py " + " ".join(sys.argv[1:] if argv is None else argv)
    res["meta"] = run_meta(command, cpus=os.cpu_count())
    for part in ("speed", "rss"):  # each part says when and how it was measured
        if part in res and "measured" not in res[part]:
            res[part]["measured"] = {k: res["meta"][k] for k in ("date", "commit", "command")}
    for p in write_results(res, args.out_dir):
        print(p)
    print(json.dumps({k: v for k, v in res.items() if k != "meta"}, indent=1))
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
