"""Which path supported the final figure of an answer that passed: where alignment is weak.

For every labelled pot-tatqa answer of a half that crossfoot passes (no claim fails), the final
figure's evidence (the answer's last final figure, read through its restatements) is described
along several axes, and right and wrong answers are counted per value of each axis:

- ``kind``: the evidence's rule and kind (``direct/cell``, ``steps/share``, ``derive/average``);
- ``kind*op``: the same with the operation the question asks (``-`` for none);
- ``years``: the operands' years against the question's (``same``, ``subset``, ``superset``,
  ``other``; ``q-noyear``: the question names none; ``op-noyear``: the operands have none);
- ``rows``: whether the question names the operands' rows (``all-rows``, ``some-rows``,
  ``no-row``; ``none-named``: it names no row of the sources);
- ``op-fit``: whether the evidence's kind is the operation asked (``asked``) or another
  (``asked->kind``: a share where a change is asked; a cell where no operation is asked is asked);
- ``cols``: whether the question names the operands' columns, as ``rows`` does;
- ``sign``: every operand a negative cell, and the figure written positive or negative;
- ``mention``: the figure's kind (money, number, percent).

A value of an axis whose wrong answers pass at a much higher rate than the half's is a path that
demands too little of the figure (docs/claims.md, "Round 18 (flag18)"). Study the tuning half;
the validation half only confirms.

    python benchmarks/final_paths.py --half tune [--min 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora import pot_tatqa
from corpora.common import data_root, in_half
from crossfoot.language.asked import read_question
from crossfoot.model.types import Claim, SourceValue
from crossfoot.rules._named import Named, value_years
from crossfoot.rules.alignment import final_figures, underlying


def _years_axis(asked: frozenset[int], ops: Sequence[SourceValue]) -> str:
    have = {y for v in ops for y in value_years(v)}
    if not asked:
        return "q-noyear"
    if not have:
        return "op-noyear"
    if have == asked:
        return "same"
    if have < asked:
        return "subset"
    return "superset" if have > asked else "other"


def _rows_axis(named: Named, ops: Sequence[SourceValue]) -> str:
    if not named.any_named():
        return "none-named"
    said = [named.names(v, "row") for v in ops]
    if said and all(said):
        return "all-rows"
    return "some-rows" if any(said) else "no-row"


# the evidence kinds that carry out each operation a question asks (None: a plain value)
_DOES: dict[str | None, frozenset[str]] = {
    "change": frozenset({"difference", "pp_change"}),
    "percent_change": frozenset({"percent_change", "pp_change"}),
    "average": frozenset({"average", "mean"}),
    "sum": frozenset({"sum"}),
    "ratio": frozenset({"share", "ratio"}),
    "count": frozenset({"count"}),
    None: frozenset({"cell", "exact", "rounded"}),
}


def _op_axis(op: str | None, kind: str) -> str:
    return "asked" if kind in _DOES.get(op, frozenset()) else f"{op or '-'}->{kind}"


def _cols_axis(named: Named, ops: Sequence[SourceValue]) -> str:
    said = [named.names(v, "column") for v in ops]
    if not any(named.labels_named(v, "column") for v in ops):
        return "none-named"
    if said and all(said):
        return "all-cols"
    return "some-cols" if any(said) else "no-col"


def _sign_axis(c: Claim, ops: Sequence[SourceValue]) -> str:
    if not ops or not all(v.value < 0 for v in ops):
        return "-"
    written = c.mention.text.lstrip()
    return "neg-cells/written-" if written.startswith(("-", "(", "−")) else "neg-cells/written+"


def _axes(
    question: str, finals: Sequence[Claim], claims: Sequence[Claim], sources: Any
) -> list[tuple[str, str]]:
    if not finals:
        return [("kind", "no final figure")]
    c = finals[-1]
    ev = underlying(claims, c)
    ask = read_question(question)
    values = sources.index(None).values
    named = Named(ask, values, {s.id: s.text for s in sources.sources})
    ops = ev.operands if ev is not None else ()
    kind = f"{ev.rule}/{ev.kind}" if ev is not None else c.status
    return [
        ("kind", kind),
        ("kind*op", f"{kind} {ask.op or '-'}"),
        ("years", _years_axis(ask.years, ops)),
        ("kind*years", f"{kind} {_years_axis(ask.years, ops)}"),
        ("rows", _rows_axis(named, ops)),
        ("kind*rows", f"{kind} {_rows_axis(named, ops)}"),
        ("op-fit", _op_axis(ask.op, ev.kind if ev is not None else c.status)),
        ("cols", _cols_axis(named, ops)),
        ("sign", _sign_axis(c, ops)),
        ("mention", c.mention.kind),
    ]


def run(half: str, root: Path) -> tuple[dict[tuple[str, str], list[int]], list[dict[str, Any]]]:
    """Per (axis, value): [right, wrong] passed answers; and one record per passed answer."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    records: list[dict[str, Any]] = []
    for item in in_half(pot_tatqa.load(root), half):
        if item.label is None:
            continue
        checker = crossfoot.Checker(item.sources, require_citations=False)
        report = checker.check(item.answer, question=item.question)
        if not report.passed:
            continue
        finals = final_figures(item.answer, report.claims)[0]
        found = _axes(item.question, finals, report.claims, checker.sources)
        for key in found:
            counts[key][item.label == "bad"] += 1
        records.append({"id": item.id, "label": item.label, "axes": dict(found)})
    return counts, records


def table(counts: dict[tuple[str, str], list[int]], least: int) -> str:
    """A markdown table per axis, the wrong share of each value (values with ``least`` answers)."""
    right = sum(v[0] for (axis, _), v in counts.items() if axis == "kind")
    wrong = sum(v[1] for (axis, _), v in counts.items() if axis == "kind")
    lines = [
        f"passed answers: {right} right, {wrong} wrong "
        f"({100 * wrong / max(1, right + wrong):.1f}%)",
        "",
        "| axis | value | right | wrong | wrong % |",
        "|---|---|---:|---:|---:|",
    ]
    for (axis, value), (r, w) in sorted(counts.items(), key=lambda x: (x[0][0], -sum(x[1]))):
        if r + w >= least:
            lines.append(f"| {axis} | {value} | {r} | {w} | {100 * w / (r + w):.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--half", default="tune", choices=("tune", "valid", "all"))
    p.add_argument("--data-root", type=Path, default=None)
    p.add_argument("--min", type=int, default=3, help="show values with at least this many")
    p.add_argument("--json", type=Path, default=None, help="write one record per passed answer")
    args = p.parse_args(argv)
    counts, records = run(args.half, args.data_root or data_root())
    print(table(counts, args.min))
    if args.json is not None:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
