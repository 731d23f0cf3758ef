"""Counts-only: one joint tag per convfinqa false alarm of one operation over two numbers (a
difference, a change over a base, a quotient), both halves side by side (round 42, conv42b).

``cause_counts.py`` counts each tag of ``conv_steps39b`` / ``conv_steps40b`` /
``conv_program_tags`` on its own; here the tags of one false alarm are joined into one key (the
program's operations, where its operands sit, what the last turn names, the step that refuses),
so a class of like false alarms shows as one count. Keys are fixed words only: never a
sentence, a question, a table, a label or a number of an item.

    python benchmarks/conv_joint42b.py --data-root ../shared/data
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from conv_program_tags import program_tags
from conv_steps39b import _apply, _literals, _readings, _window, step_tags
from conv_steps40b import _last_turn_names, search_tags
from corpora import convfinqa
from corpora.common import HALVES, data_root, in_half
from run_all import crossfoot_options

__all__ = ["joint_tag", "main"]

_PROGRAMS = ("-", "- /", "/ -", "/")
_KEEP = ("operands:", "rows named:", "text figures:", "answer:", "engine:")


def joint_tag(item: object, tool: object) -> str | None:
    """The joint tag of one false alarm (module docstring); None for other programs."""
    figure = item.answer.rsplit("The answer is ", 1)[-1]  # type: ignore[attr-defined]
    report = tool._checker(item).check(item.answer, question=item.question or None)  # type: ignore[attr-defined]
    last = report.claims[-1] if report.claims else None
    if last is None:
        return None
    ev = last.evidence
    claim = {"text": last.text, "status": last.status, "rule": ev.rule if ev else None}
    tags = program_tags(item, claim, None)  # type: ignore[arg-type]
    prog = next((t.split(": ", 1)[1] for t in tags if t.startswith("program: ")), "")
    if prog not in _PROGRAMS:
        return None
    parts = [f"[{prog}]"] + [t for t in tags if t.startswith(_KEEP)]
    parts.append(_last_turn_names(item).replace("the last turn names ", "last turn: "))  # type: ignore[arg-type]
    steps = step_tags(item, figure, tool)  # type: ignore[arg-type]
    parts += [t.split("] ", 1)[1] for t in steps if " | " in t or "read:" in t]
    parts += [t.split("] ", 1)[1] for t in search_tags(item, figure, tool)]  # type: ignore[arg-type]
    parts += _detail(item, figure)
    parts += _unbound(item, figure, tool)
    return " ; ".join(parts)


def _unbound(item: object, figure: str, tool: object) -> list[str]:
    """For a text figure and a cell: the first test of ``rules.table_chain_unbound`` (the text
    figure and cell bound by no words) that keeps the program's pair out."""
    from decimal import Decimal

    import crossfoot.rules.table_chain_unbound as unb
    from crossfoot.rules._chance import band
    from crossfoot.rules._derive_shared import claim_interval
    from crossfoot.rules.turn_chain import fine_figure

    got, win = _literals(item), _window(figure)  # type: ignore[arg-type]
    if got is None or win is None:
        return []
    _, a, b = got
    seen: dict[str, object] = {}
    orig = unb.fine_figure  # (the rule's first call: its name read at call time)
    start = item.answer.rfind(figure.strip().rstrip("."))  # type: ignore[attr-defined]

    def spy(ctx: object, finest: Decimal = unb._FINE) -> bool:
        if ctx.mention.start == start:  # type: ignore[attr-defined]
            seen["ctx"] = ctx
        return orig(ctx, finest)  # type: ignore[arg-type]

    unb.fine_figure = spy  # type: ignore[assignment]
    try:
        tool._checker(item).check(item.answer, question=item.question or None)  # type: ignore[attr-defined]
    finally:
        unb.fine_figure = orig  # type: ignore[assignment]
    ctx = seen.get("ctx")
    if ctx is None:
        return ["unbound: never ran on the figure"]
    out = []
    if not fine_figure(ctx, unb._FINE):  # type: ignore[arg-type]
        out.append("unbound: gate: coarser than four digits (the tests past it read all the same)")
    if ctx.scope is None or ctx.scope.cited or len(ctx.scope.groups) < 2:  # type: ignore[attr-defined]
        return [*out, "unbound: gate: scope cited or of one group"]
    ops = unb._operands(ctx)  # type: ignore[arg-type]
    mags = {a, b}
    text = [p for p in ops.prose if abs(p.value) in mags]
    cells = [c for c in ops.cells if abs(c.value) in mags]
    if not text or not cells:
        return [*out, "unbound: operands: " + ("no text figure" if not text else "no cell")]
    named = {id(p) for p, _ in ops.by_sentence}
    out.append(
        "unbound: text figure "
        + ("named by its sentence" if all(id(p) in named for p in text) else "free")
    )
    out.append(
        "unbound: years "
        + ",".join(sorted({"dated" if p.year else "undated" for p in text}))
        + " / cells "
        + ",".join(sorted({"dated" if c.year else "undated" for c in cells}))
    )
    keys, _ = unb._changes(ops)
    if not keys:
        return [*out, "unbound: no changes (over the pair limit, or none)"]
    lo, hi = claim_interval(ctx)  # type: ignore[arg-type]
    chance = band(ctx.mention.value)  # type: ignore[attr-defined]
    low, high = chance.floats()
    near = sum(1 for k in keys if low <= k <= high)
    odds = chance.odds(near, hi - lo) / unb._BUDGET
    bin_ = "<=1" if odds <= 1 else "1-3" if odds <= 3 else "3-10" if odds <= 10 else ">10"
    met = any(float(lo) - 1e-9 <= k <= float(hi) + 1e-9 for k in keys)
    out.append(f"unbound: a change meets the window: {'yes' if met else 'no'}; odds/budget {bin_}")
    return out


def _detail(item: object, figure: str) -> list[str]:
    """The operands' years and signs: whether the program's result over the signed readings, in
    the program's order, meets the written figure's window, and in which order of years."""
    from crossfoot.sources.load import load_sources

    got, win = _literals(item), _window(figure)  # type: ignore[arg-type]
    if got is None or win is None:
        return []
    prog, a, b = got
    values = [v for s in load_sources(item.sources).sources for v in s.values]  # type: ignore[attr-defined]
    ra, rb = _readings(values, a), _readings(values, b)
    if not (ra and rb):
        return []
    lo, hi = win
    out = set()
    for x in ra:
        for y in rb:
            r = _apply(prog, x.value, y.value)
            signed = r is not None and lo <= r <= hi
            years = (
                "years: none"
                if x.year is None and y.year is None
                else "years: one"
                if x.year is None or y.year is None
                else "years: same"
                if x.year == y.year
                else "years: first later"
                if x.year > y.year
                else "years: first earlier"
            )
            neg = "signs: " + ("-" if x.value < 0 else "+") + ("-" if y.value < 0 else "+")
            meets = "meets" if signed else "misses"
            out.add(f"signed result {meets} ({years}, {neg}, views {x.view}/{y.view})")
    return sorted(out)


def cause_tag(rec: dict[str, object], item: object, tool: object) -> str:
    """``--causes``: the benchmark's cause of one false alarm, its program's operations, where
    its operands sit and what the last turn names (fixed words only)."""
    from corpora.causes import classify_number

    claims = rec["claims"]  # type: ignore[index]
    c = claims[-1] if claims else {}  # type: ignore[index]
    cause = "no claim"
    if c:
        cause = classify_number(c["text"], item.sources, item.question, "")  # type: ignore[attr-defined]
    report = tool._checker(item).check(item.answer, question=item.question or None)  # type: ignore[attr-defined]
    last = report.claims[-1] if report.claims else None
    ev = last.evidence if last else None
    claim = {"text": last.text if last else "", "status": last.status if last else None}
    claim["rule"] = ev.rule if ev else None
    tags = program_tags(item, claim, None)  # type: ignore[arg-type]
    keep = ("program:", "operands:", "rows named:", "answer:")
    last_turn = _last_turn_names(item).replace("the last turn names ", "last turn: ")  # type: ignore[arg-type]
    return " ; ".join(
        [cause.split(" (")[0]] + [t for t in tags if t.startswith(keep)] + [last_turn]
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    p.add_argument("--causes", action="store_true", help="every false alarm: cause and program")
    args = p.parse_args(argv)
    every = convfinqa.load(data_root(args.data_root), None)
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    table: dict[str, Counter[str]] = {}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "convfinqa", False)
        table[half] = Counter()
        for rec in o.records:
            if rec["type"] == "false_alarm":
                item = items[rec["id"]]
                tag = cause_tag(rec, item, tools[0]) if args.causes else joint_tag(item, tools[0])
                if tag:
                    table[half][tag] += 1
    print(f"## convfinqa: one operation over two numbers, joint tags ({' / '.join(HALVES)})")
    keys = set().union(*table.values())
    for k in sorted(keys, key=lambda k: (-table["valid"][k], -table["tune"][k], k)):
        print(" ".join(f"{table[h][k]:4d}" for h in HALVES) + "  " + k)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
