"""Speed of the agent monitor, side by side with figured 0.4.3 when it is installed.

    python benchmarks/agent_speed.py [--calls 2000] [--quick] [--clock cpu|wall]

Prints, for each library:
* ``before_call`` p50/p99 (µs) for a call whose values are all in context, and for one with a
  made-up value (the miss path), as the context grows from 20 KB to 2 MB of tool results;
* the cost of ingesting one tool result of 2 KB, 100 KB and 1 MB into a fresh monitor (ms, median);
* memory held by the monitor at 200 KB and 2 MB of context (MB, tracemalloc), to show it is linear.

The context is synthetic, fictional order data generated from a fixed seed (no data set is read).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

SIZES_KB = (20, 200, 2000)
# CPU time of this process by default: on a shared machine wall-clock timings include the time
# the scheduler gives to other processes. --clock wall measures wall-clock time instead.
CLOCK: Callable[[], int] = time.process_time_ns
INGEST_KB = (2, 100, 1000)


def _order(rng: random.Random, n: int) -> dict[str, Any]:
    items: list[dict[str, Any]] = [
        {
            "item_id": f"{rng.randrange(10**9, 10**10)}",
            "name": rng.choice(["Desk Lamp", "Kettle", "Backpack", "Headphones", "Bike Lock"]),
            "price": round(rng.uniform(5, 900), 2),
            "options": {"color": rng.choice(["red", "blue", "black"]), "size": rng.choice("SML")},
        }
        for _ in range(rng.randint(1, 4))
    ]
    return {
        "order_id": f"#K{rng.randrange(10**6, 10**7)}",
        "user_id": f"user_{n}_{rng.randrange(1000, 9999)}",
        "email": f"customer{n}@mail.example",
        "status": rng.choice(["pending", "delivered", "cancelled"]),
        "placed": f"2031-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "items": items,
        "payment": {
            "method": f"card_{rng.randrange(10**6, 10**7)}",
            "amount": round(sum(i["price"] for i in items), 2),
        },
        "address": {
            "line1": f"{rng.randint(1, 999)} Elm Street",
            "city": "Springfield",
            "zip": f"{rng.randint(10000, 99999)}",
        },
    }


def tool_result(kb: int, seed: int) -> tuple[str, list[dict[str, Any]]]:
    """A JSON list of orders of about ``kb`` kilobytes, and the orders."""
    rng = random.Random(seed)
    orders: list[dict[str, Any]] = []
    size = 0
    while size < kb * 1000:
        o = _order(rng, len(orders))
        orders.append(o)
        size += len(json.dumps(o)) + 2
    return json.dumps(orders), orders


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _libraries() -> dict[str, Callable[[], Any]]:
    from crossfoot.agents import RunMonitor as CrossfootMonitor

    libs: dict[str, Callable[[], Any]] = {"crossfoot": CrossfootMonitor}
    try:
        from figured.agents import RunMonitor as FiguredMonitor

        libs["figured 0.4.3"] = FiguredMonitor
    except ImportError:
        print(
            "figured not installed (pip install 'crossfoot[bench]'): crossfoot only",
            file=sys.stderr,
        )
    return libs


def build(factory: Callable[[], Any], kb: int) -> tuple[Any, list[dict[str, Any]]]:
    """A monitor holding ``kb`` KB of context in 20 KB tool results."""
    m = factory()
    m.system("You are a store assistant. Order ids look like #K0000000. Be brief.")
    m.user("Hi, I need help with a refund for my order.")
    all_orders: list[dict[str, Any]] = []
    for i in range(max(1, kb // 20)):
        text, orders = tool_result(20, seed=i)
        m.tool_result("list_orders", text)
        all_orders.extend(orders)
    return m, all_orders


def argsets(orders: list[dict[str, Any]], calls: int, miss: bool) -> list[dict[str, Any]]:
    """Refund calls over orders in context; with ``miss``, each has a made-up order id."""
    rng = random.Random(7)
    out = []
    for _ in range(calls):
        o = rng.choice(orders)
        item = o["items"][0]
        args = {
            "order_id": o["order_id"],
            "user_id": o["user_id"],
            "item_ids": [item["item_id"]],
            "amount": item["price"],
            "placed": o["placed"],
        }
        if miss:
            args["order_id"] = "#K" + str(
                10**7 - 1 - rng.randrange(1000)
            )  # made-up, not in context
        out.append(args)
    return out


BLOCK = 50  # calls timed on one library before switching to the other


def time_calls(monitors: dict[str, Any], calls: list[dict[str, Any]]) -> dict[str, list[float]]:
    """Time each call on every monitor, in alternating blocks of ``BLOCK`` calls, so a noisy
    machine slows all alike. Blocks rather than call-by-call alternation: switching library on
    every call evicts each one's indexes from the CPU caches, which no real run does."""
    out: dict[str, list[float]] = {name: [] for name in monitors}
    names = list(monitors)
    gc.disable()
    try:
        for b, start in enumerate(range(0, len(calls), BLOCK)):
            block = calls[start : start + BLOCK]
            for name in names if b % 2 else reversed(names):
                m = monitors[name]
                for args in block:
                    t0 = CLOCK()
                    m.before_call("refund_order", args)
                    out[name].append((CLOCK() - t0) / 1000)
    finally:
        gc.enable()
    return out


def time_ingest(factory: Callable[[], Any], kb: int, repeat: int) -> float:
    text, _ = tool_result(kb, seed=99)
    runs: list[float] = []
    for _ in range(repeat):
        m = factory()
        m.user("Show me my orders, please.")
        t0 = CLOCK()
        m.tool_result("list_orders", text)
        runs.append((CLOCK() - t0) / 1e6)
    return statistics.median(runs)


def memory_mb(factory: Callable[[], Any], kb: int) -> float:
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    m, orders = build(factory, kb)
    held = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del m, orders
    return held / 1e6 - 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--calls", type=int, default=2000, help="before_call timings per size")
    ap.add_argument("--quick", action="store_true", help="sizes up to 200 KB only, fewer repeats")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="timer (default cpu)")
    opts = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time_ns if opts.clock == "cpu" else time.perf_counter_ns
    libs = _libraries()
    sizes = SIZES_KB[:2] if opts.quick else SIZES_KB
    print(
        f"python {sys.version.split()[0]} · {opts.clock} clock · {opts.calls} calls per size · "
        "synthetic fictional orders\n"
    )
    print("before_call (µs)            " + "".join(f"{name:>28}" for name in libs))
    results: dict[str, dict[str, float]] = {name: {} for name in libs}
    for kb in sizes:
        built = {name: build(factory, kb) for name, factory in libs.items()}
        orders = next(iter(built.values()))[1]
        for miss in (False, True):
            timings = time_calls(
                {n: b[0] for n, b in built.items()}, argsets(orders, opts.calls, miss)
            )
            row = f"  {kb:>5} KB {'miss' if miss else 'found':<6} p50 / p99  "
            for name in libs:
                t = timings[name]
                p50, p99 = statistics.median(t), _percentile(t, 0.99)
                results[name][f"call_{kb}_{'miss' if miss else 'found'}"] = p50
                row += f"{p50:>18.1f} / {p99:>7.1f}"
            print(row)
        del built
    print("\ningest one tool result (ms, median)")
    for kb in INGEST_KB:
        row = f"  {kb:>5} KB                  "
        for name, factory in libs.items():
            repeat = 3 if kb >= 1000 or opts.quick else 15
            ms = time_ingest(factory, kb, repeat)
            results[name][f"ingest_{kb}"] = ms
            row += f"{ms:>28.2f}"
        print(row)
    print("\nmemory held (MB, tracemalloc)")
    for kb in sizes[1:]:
        row = f"  {kb:>5} KB of context       "
        for _name, factory in libs.items():
            row += f"{memory_mb(factory, kb):>28.1f}"
        print(row)
    if len(libs) == 2:
        a, b = list(libs)
        print(f"\nratios ({b} / {a}, >1 means {a} is faster)")
        for key, value in results[a].items():
            other = results[b].get(key)
            if other and value:
                print(f"  {key:<24} {other / value:6.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
