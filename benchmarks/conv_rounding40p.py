"""Which written rounding of a convfinqa program's value the engine refuses (round 40, prec40).

For each item of the TUNING half whose gold program reads (binary steps), the final turn is
answered "The answer is X." with X the program's exact value written the ways people and
reports round it: 6 significant digits (the reference), 2 / 3 / 4 significant digits, 0 / 1 / 2
decimals, truncated instead of rounded, a fraction written as a percent and a percent written
as a fraction, and the program run with each intermediate step rounded before the last step.
Counts only, per rounding and program shape: how many pass with the exact value and fail
rounded (the refusals to study), over the table in the corpus's own format and as a markdown
table.

    python benchmarks/conv_rounding40p.py --data-root /work/shared/data [--show 5]

``--show N`` prints N refused tuning items per rounding (question, program, written figure and
the refusing claim's status and rule): tuning items only, never the validation half.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, localcontext
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa
from corpora.common import Item, data_root, in_half
from crossfoot.model.types import PASSING_STATUSES
from run_all import crossfoot_options

__all__ = ["chained_value", "roundings"]

_STEP = convfinqa._STEP


def _sig(v: Decimal, digits: int, how: str = ROUND_HALF_UP) -> Decimal:
    """``v`` at ``digits`` significant digits."""
    if v == 0:
        return v
    exp = v.adjusted() - digits + 1
    return v.quantize(Decimal(1).scaleb(exp), rounding=how)


def _dec(v: Decimal, places: int, how: str = ROUND_HALF_UP) -> Decimal:
    return v.quantize(Decimal(1).scaleb(-places), rounding=how)


def _text(v: Decimal) -> str:
    """``v`` written plainly (no exponent), thousands separated."""
    sign = "-" if v < 0 else ""
    a = abs(v)
    if a == a.to_integral_value() and a.as_tuple().exponent >= 0:  # type: ignore[operator]
        return f"{sign}{int(a):,}"
    return f"{sign}{a:,f}"


def chained_value(program: str, step_round: Callable[[Decimal], Decimal]) -> Decimal | None:
    """The program's value with every step before the last rounded by ``step_round``.

    >>> chained_value("x0 = 10 / 3; ans = x0 * 3", lambda d: d.quantize(Decimal("0.01")))
    Decimal('9.99')
    """
    env: dict[str, Decimal] = {}
    steps = program.split(";")
    with localcontext() as ctx:
        ctx.prec = 40
        for k, step in enumerate(steps):
            m = _STEP.fullmatch(step)
            if m is None:
                return None
            try:
                a, b = (env[t] if t in env else Decimal(t) for t in (m.group(2), m.group(4)))
            except Exception:
                return None
            op = m.group(3)
            if op == "/" and b == 0:
                return None
            v = a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b
            env[m.group(1)] = step_round(v) if k < len(steps) - 1 else v
    return env.get("ans")


def _report_round(v: Decimal) -> Decimal:
    """2 decimals at or above 1, 4 below (the corpus's own writing)."""
    return _dec(v, 2 if abs(v) >= 1 else 4)


def roundings(exact: Decimal, program: str, question: str) -> dict[str, str]:
    """The written forms of ``exact`` by rounding name (only forms that differ from 6 sig)."""
    out: dict[str, str] = {"exact": _text(_sig(exact, 6)), "corpus": convfinqa.answer_text(exact)}
    for d in (2, 3, 4):
        out[f"sig{d}"] = _text(_sig(exact, d))
        out[f"sig{d} truncated"] = _text(_sig(exact, d, ROUND_DOWN))
    if abs(exact) >= 1:
        for p in (0, 1, 2):
            out[f"dec{p}"] = _text(_dec(exact, p))
        out["dec2 truncated"] = _text(_dec(exact, 2, ROUND_DOWN))
        out["dec1 truncated"] = _text(_dec(exact, 1, ROUND_DOWN))
    if abs(exact) < 1:
        for p in (0, 1, 2):
            out[f"percent dec{p}"] = _text(_dec(exact * 100, p)) + "%"
        out["percent dec1 truncated"] = _text(_dec(exact * 100, 1, ROUND_DOWN)) + "%"
        out["dec2 (fraction)"] = _text(_dec(exact, 2))
        out["dec3 (fraction)"] = _text(_dec(exact, 3))
    if 1 <= abs(exact) < 1000 and "percent" in question.lower():
        out["percent as fraction dec4"] = _text(_dec(exact / 100, 4))
        out["percent written %"] = _text(_dec(exact, 1)) + "%"
    if ";" in program:
        for name, how in (
            ("chained 2dp", _report_round),
            ("chained sig3", lambda d: _sig(d, 3)),
            ("chained 1dp", lambda d: _dec(d, 1)),
            ("chained 0dp", lambda d: _dec(d, 0)),
        ):
            v = chained_value(program, how)
            if v is not None and v != 0:
                out[name] = _text(_report_round(v))
                if abs(v) < 1:
                    out[name + " as percent dec1"] = _text(_dec(v * 100, 1)) + "%"
    ref = out["exact"]
    return {k: v for k, v in out.items() if k == "exact" or v != ref}


def _shape(program: str) -> str:
    ops = []
    for step in program.split(";"):
        m = _STEP.fullmatch(step)
        ops.append(m.group(3) if m else "?")
    return " ".join(ops)


def _markdown(item: Item) -> Item:
    table = item.tables[0]
    lines = ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
    lines += ["| " + " | ".join(r) + " |" for r in table[1:]]
    return Item(
        item.corpus,
        item.id + "#md",
        item.question,
        item.answer,
        ["\n".join(lines), *item.sources[1:]],
        tables=item.tables,
        label=item.label,
        sentences=item.sentences,
        meta=item.meta,
    )


def _last(tool: Any, item: Item, text: str) -> Any:
    report = tool._checker(item).check(text, question=item.question or None)
    return report.claims[-1] if report.claims else None


def run(items: list[Item], tool: Any, show: int, formats: Sequence[str]) -> None:
    """Print the counts (and ``show`` refused tuning items per rounding)."""
    counts: Counter[tuple[str, str, str]] = Counter()
    shown: Counter[str] = Counter()
    for item in items:
        program = str(item.meta.get("program") or "")
        exact = convfinqa.program_value(program) if program else None
        if exact is None or exact == 0 or not item.tables:
            continue
        at = item.answer.rfind("The answer is ")
        if at < 0:
            continue
        lead = item.answer[:at]
        shape = _shape(program)
        for fmt in formats:
            it = _markdown(item) if fmt == "markdown" else item
            forms = roundings(exact, program, item.question or "")
            first = _last(tool, it, f"{lead}The answer is {forms['exact']}.")
            base_ok = first is not None and first.status in PASSING_STATUSES
            counts[(fmt, "exact", "pass" if base_ok else "fail")] += 1
            if not base_ok:
                continue
            for name, written in forms.items():
                if name == "exact":
                    continue
                claim = _last(tool, it, f"{lead}The answer is {written}.")
                ok = claim is not None and claim.status in PASSING_STATUSES
                counts[(fmt, name, "pass" if ok else "fail")] += 1
                if not ok:
                    counts[(fmt, f"{name} | {shape}", "fail")] += 1
                    if shown[name] < show and fmt == formats[0]:
                        shown[name] += 1
                        why = f"{claim.status} {claim.describe()[:90]}" if claim else "no claim"
                        print(
                            f"[{name}] {item.question!r} program {program!r} "
                            f"exact {forms['exact']} written {written}: {why}"
                        )
    names = sorted({k[1] for k in counts})
    for fmt in formats:
        print(f"\n## {fmt}: rounding: pass / fail (items whose exact value passes)")
        for name in names:
            p, f = counts[(fmt, name, "pass")], counts[(fmt, name, "fail")]
            if p or f:
                print(f"  {name:45s} {p:4d} / {f:3d}")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    p.add_argument("--show", type=int, default=0)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--formats", nargs="+", default=["corpus"], choices=["corpus", "markdown"])
    args = p.parse_args(argv)
    items = in_half(convfinqa.load(data_root(args.data_root)), "tune")[: args.limit]
    tool = ragbench.make_tools(["crossfoot"], crossfoot_options([]))[0]
    run(items, tool, args.show, args.formats)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def refusal_tags(items: list[Item], tool: Any) -> Counter[str]:
    """Counts only, for either half: of the items whose written answer fails and whose program
    value written at 6 significant digits passes, the rule and kind that pass the 6-digit
    figure, the written figure's significant digits and whether it is the exact value."""
    out: Counter[str] = Counter()
    for item in items:
        program = str(item.meta.get("program") or "")
        exact = convfinqa.program_value(program) if program else None
        if exact is None or exact == 0:
            continue
        at = item.answer.rfind("The answer is ")
        if at < 0:  # (no final figure to rewrite: "[:-1]" would cut the answer's last letter)
            continue
        written = _last(tool, item, item.answer)
        if written is None or written.status in PASSING_STATUSES:
            continue
        six = _last(tool, item, f"{item.answer[:at]}The answer is {_text(_sig(exact, 6))}.")
        if six is None or six.status not in PASSING_STATUSES or six.evidence is None:
            continue
        ev = six.evidence
        digits = len(written.mention.value.normalize().as_tuple().digits)
        same = written.mention.value == exact
        how = f"written {digits} digits, exact: {same}; {written.status}"
        out[f"6 sig passes by {ev.rule}/{ev.kind}; {how}"] += 1
        out[f"program {_shape(program)}"] += 1
    return out
