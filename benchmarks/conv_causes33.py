"""Where the two operands of a convfinqa false alarm sit, as counts only, both halves side by
side (round 33, conv33).

``cause_counts.py`` names the operation the benchmark's own search finds for each false alarm
("one change as a fraction of two source numbers, not found"); this script says, for the same
sentences, where such a pair of source numbers sits and how the final turn is worded, as tags
counted separately (never a sentence, a question, a table or a number of the validation half):

- ``pair: <where>``: the pairs of source numbers that give the figure by that operation, by place
  (``same row``, ``same column``, ``other row and column`` of the table, ``table+text``,
  ``text+text``; ``year operand`` when one of them is a year);
- ``answer: <how written>``: ``4 places``, ``2 places``, ``short`` (an exact value written with
  fewer places: "0.4"), ``integer``; ``negative``;
- ``turn: <wording>``: the last turn points back ("that", "this", "it"), names a year, asks a
  percentage, names words of the sources.

    python benchmarks/conv_causes33.py --data-root ../shared/data
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa
from corpora.causes import classify_records
from corpora.common import HALVES, Item, data_root, in_half, number_tokens
from run_all import crossfoot_options

__all__ = ["main", "tags"]

_OPS: dict[str, Callable[[Decimal, Decimal], Decimal]] = {
    "difference": lambda a, b: a - b,
    "sum": lambda a, b: a + b,
    "average": lambda a, b: (a + b) / 2,
    "percent change": lambda a, b: (a - b) / b * 100,
    "change as a fraction": lambda a, b: (a - b) / b,
    "ratio / share (%)": lambda a, b: a / b * 100,
    "ratio": lambda a, b: a / b,
}
_BACK = re.compile(r"\b(that|this|these|those|it|then)\b")
_YEAR = re.compile(r"\b(19|20)\d\d\b")


def _places(item: Item) -> list[tuple[Decimal, str]]:
    """Every number of the item's sources with its place: ``t<row>:<col>`` or ``x`` (``x%`` a
    percent, ``xs`` with a scale word)."""
    out: list[tuple[Decimal, str]] = []
    for r, row in enumerate(item.tables[0] if item.tables else []):
        for c, cell in enumerate(row):
            out.extend((t.value, f"t{r}:{c}") for t in number_tokens(cell))
    for t in number_tokens(item.sources[1]):
        out.append((t.value, "x%" if t.percent else "xs" if t.scale_word else "x"))
    return out


def _where(p: str, q: str, a: Decimal, b: Decimal) -> str:
    year = any(1900 <= abs(v) <= 2100 and v == v.to_integral_value() for v in (a, b))
    if p[0] == "x" and q[0] == "x":
        place = "text+text"
    elif p[0] == "x" or q[0] == "x":
        text = p if p[0] == "x" else q
        place = "table+text, text " + ("first" if text == p else "second")
        place += {"x%": " (percent)", "xs": " (scale word)"}.get(text, "")
    else:
        (r1, c1), (r2, c2) = (s[1:].split(":") for s in (p, q))
        place = (
            "same cell"
            if (r1, c1) == (r2, c2)
            else "same row"
            if r1 == r2
            else "same column"
            if c1 == c2
            else "other row and column"
        )
    return place + (", year operand" if year else "")


def tags(item: Item, cause: str, text: str) -> list[str]:
    """The counts-only tags of one false-alarm figure (module docstring)."""
    toks = number_tokens(text)
    if not toks:
        return []
    t = toks[0]
    out = []
    op = next((k for k in _OPS if cause == f"one {k} of two source numbers, not found"), None)
    if op is not None:
        places = _places(item)
        found = set()
        for a, p in places:
            for b, q in places:
                for sa in (a, -a):
                    try:
                        v = _OPS[op](sa, b)
                    except (InvalidOperation, ZeroDivisionError, ArithmeticError):
                        continue
                    if abs(v - t.value) <= t.half_unit:
                        found.add(_where(p, q, sa, b) + (", signed" if sa != a else ""))
        out += [f"pair: {w}" for w in sorted(found)] or ["pair: none (signs or scale)"]
        plain = sorted({w.split(",")[0] for w in found if "year" not in w})
        out.append("pairs without a year: " + (" / ".join(plain) or "none"))
        out.append(f"pairs found: {min(len(found), 3)}{'+' if len(found) > 3 else ''}")
    if t.decimals == 0:
        out.append("answer: integer")
    elif t.decimals == 4 or (abs(t.value) >= 1 and t.decimals == 2):
        out.append(f"answer: {t.decimals} places")
    else:
        out.append("answer: short")
    if t.value < 0:
        out.append("answer: negative")
    pairs = next((x for x in out if x.startswith("pairs without a year: ")), None)
    form = next(x for x in out if x.startswith("answer: "))
    if pairs is not None:
        where = pairs.removeprefix("pairs without a year: ")
        out.append(f"{form}{', negative' if t.value < 0 else ''}; {where}")
    q = item.question.lower()
    if _BACK.search(q):
        out.append("turn: points back")
    if _YEAR.search(q):
        out.append("turn: names a year")
    if "percent" in q:
        out.append("turn: asks a percentage")
    out.append(f"turns: {min(len(item.meta.get('turns') or []), 5)}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    every = convfinqa.load(data_root(args.data_root))
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    table: dict[str, Counter[str]] = {}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "convfinqa", False)
        counts: Counter[str] = Counter()
        for rec in o.records:
            if rec["type"] != "false_alarm":
                continue
            cls = classify_records([rec], items, examples=0).get("false_alarm", {})
            cause = next(iter(cls), "")
            short = cause.split(" of two")[0].removeprefix("one ")
            for c in rec["claims"]:
                for tag in tags(items[rec["id"]], cause, str(c["text"])):
                    counts[f"{short[:28]:28} | {tag}"] += 1
        table[half] = counts
    keys = set().union(*table.values())
    print(f"## convfinqa false alarms: tags by cause ({' / '.join(HALVES)})")
    for k in sorted(keys):
        print(" ".join(f"{table[h][k]:4d}" for h in HALVES) + f"  {k}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
