"""Questions asked of a table the many ways people phrase them, answered truly and answered for
another question: which true answers crossfoot calls ``off_question``, which wrong ones pass.

    python benchmarks/offq25_questions.py                  # 400 seeded cases, a summary
    python benchmarks/offq25_questions.py --n 2000 --show 5 --seed 3

Every table, question and answer is generated here (fictional figures, seeded): a grid of line
items over two or three periods, its column headers written as years, fiscal years ("FY2019",
"Fiscal 2019", "FY19"), period ends ("December 31, 2019", "Year ended June 30, 2019") or a year with
a unit ("2019 $'000"), in the columns' either order, rendered in several serializations. A
question asks for one cell, a change, a percentage change, an average or a total, worded as
TAT-QA's annotators and users write them (years in either order, "vs", "compared to",
"year-over-year", "% change", "by how much percent", "as a percentage"), and names its line in
the table's words or in other words (lower case, plural, without "Total"). Each question gets a
true answer in three styles (TAT-QA's gold "The answer is X.", an explanation then "Answer: X",
one sentence) and a wrong-question twin: the figure for the other year, another line, or the
other operation (the change for the percentage change and the reverse, one year for an average).

Prints, per question shape, the true answers that get ``off_question`` (false alarms) and the
wrong twins that pass (misses), and with ``--show`` examples of each.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot
from corpora.render import render

__all__ = ["Case", "cases", "main"]

Grid = list[list[str]]
Lines = list[tuple[str, str]]

_LINES = [
    # (label in the table, other words a question uses)
    ("Revenue", "revenues"),
    ("Cost of sales", "cost of sales"),
    ("Gross profit", "gross profits"),
    ("Research and development", "research and development expenses"),
    ("Selling, general and administrative", "SG&A expenses"),
    ("Operating income", "operating income"),
    ("Interest expense", "interest expenses"),
    ("Net income", "net income"),
    ("Total assets", "total assets"),
    ("Accounts receivable, net", "net accounts receivable"),
    ("Deferred revenue", "deferred revenues"),
    ("Cash and cash equivalents", "cash and cash equivalents"),
    ("Inventories", "inventory"),
    ("Total current liabilities", "current liabilities"),
]
# A quantity the question names with a word the table leaves out ("ratio"): asked for its value
_RATIO_LINES = [
    ("Debt-to-equity", "debt-to-equity ratio"),
    ("Current", "current ratio"),
    ("Payout", "payout ratio"),
]

_UNITS = ["(in thousands)", "($ in millions)", "$'000", "(In millions)", ""]


def _header(style: str, y: int) -> str:
    return {
        "year": str(y),
        "fy": f"FY{y}",
        "fiscal": f"Fiscal {y}",
        "fy2": f"FY{y % 100:02d}",
        "dec31": f"December 31, {y}",
        "june30": f"June 30, {y}",
        "unit": f"{y} $'000",
        "slash": f"{y - 1}/{y % 100:02d}",
        "fydash": f"FY {y - 1}-{y % 100:02d}",
        "mar31": f"March 31, {y}",
    }[style]


def _year_words(style: str, y: int, rng: random.Random) -> str:
    """How a question names a year (the table's own words or another common way)."""
    if style == "fy2":
        return rng.choice([f"FY{y % 100:02d}", f"fiscal {y}", str(y)])
    if style in ("fy", "fiscal"):
        return rng.choice([f"fiscal {y}", f"FY{y}", str(y), f"fiscal year {y}"])
    if style == "dec31":
        return rng.choice([str(y), f"December 31, {y}", f"{y}"])
    if style == "june30":
        return rng.choice([str(y), f"June 30, {y}", f"fiscal {y}"])
    if style in ("slash", "fydash"):  # a fiscal year across two calendar years, named by either
        return rng.choice(
            [f"{y - 1}/{y % 100:02d}", f"FY{y % 100:02d}", f"{y - 1}-{y % 100:02d}", f"fiscal {y}"]
        )
    if style == "mar31":
        return rng.choice([f"fiscal {y}", f"FY{y % 100:02d}", f"March 31, {y}", str(y)])
    return str(y)


@dataclass(frozen=True)
class Case:
    """One question over one table, a true answer and a wrong-question answer."""

    shape: str
    grid: list[list[str]]
    question: str
    good: str
    bad: str
    bad_kind: str
    final_good: str
    final_bad: str


def _fmt_amount(v: Decimal) -> str:
    q = v.quantize(Decimal("0.01"), ROUND_HALF_UP).normalize()
    text = f"{q:,f}"
    return text


def _fmt_cell(v: int) -> str:
    return f"{v:,}" if v >= 0 else f"({-v:,})"


def _pct(a: Decimal, b: Decimal) -> str:
    return _fmt_amount((b - a) / a * 100) + "%"


def _write(style: str, q_subject: str, final: str, rng: random.Random) -> str:
    if style == "gold":
        return f"The answer is {final}."
    if style == "explain":
        return f"Explanation: {q_subject} is {final}.\nAnswer: {final}"
    return f"{q_subject[0].upper()}{q_subject[1:]} was {final}."


_PCT_Q = [
    "What was the percentage change in {row} between {a} and {b}?",
    "What was the percentage change in {row} from {a} to {b}?",
    "What was the percentage change in {row} between {b} and {a}?",
    "What is the % change in {row} from {a} to {b}?",
    "What was the % change in {row} in {b} vs {a}?",
    "What was the percentage change in {row} in {b} compared to {a}?",
    "What was the year-over-year percentage change in {row} in {b}?",
    "By how much percent did {row} change from {a} to {b}?",
    "What was the change in {row} from {a} to {b} as a percentage?",
    "What is the percentage increase / (decrease) in {row} from {a} to {b}?",
    "What was the growth rate of {row} from {a} to {b}?",
    "What was the percentage change in the {row} from {a} to {b}?",
    "How much did {row} change in percentage terms between {a} and {b}?",
    "What is the percent change of {row} in {b} from {a}?",
]
_CHANGE_Q = [
    "What was the change in {row} from {a} to {b}?",
    "What was the change in {row} between {a} and {b}?",
    "What is the increase / (decrease) in {row} from {a} to {b}?",
    "How much did {row} change from {a} to {b}?",
    "What was the change in {row} in {b} compared to {a}?",
    "What was the difference in {row} between {a} and {b}?",
    "By how much did {row} change in {b} vs {a}?",
    "What was the year-over-year change in {row} in {b}?",
    "What was the change in the {row} between {b} and {a}?",
]
_VALUE_Q = [
    "What was the {row} in {a}?",
    "What was {row} in {a}?",
    "What is the {a} {row}?",
    "What was the amount of {row} in {a}?",
    "What was the value of {row} for {a}?",
    "How much was {row} in {a}?",
    "What were the {row} as at {a}?",
]
_AVERAGE_Q = [
    "What was the average {row} for {a} and {b}?",
    "What is the average {row} in {a} and {b}?",
    "What was the mean {row} over {a} and {b}?",
]
_SUM_Q = [
    "What was the total {row} in {a} and {b}?",
    "What is the sum of {row} in {a} and {b}?",
    "What was the combined {row} for {a} and {b}?",
]


_SECTIONS = [
    # a section row, its lines (as the table writes them, as a question names them), its total
    (
        "Revenue:",
        [("Product", "product revenue"), ("Services", "revenue from services")],
        "Total revenue",
    ),
    (
        "Operating expenses:",
        [
            ("Sales and marketing", "sales and marketing expenses"),
            ("General and administrative", "G&A expenses"),
        ],
        "Total operating expenses",
    ),
    (
        "Current assets:",
        [("Trade receivables", "trade receivables"), ("Prepaid expenses", "prepaid expenses")],
        "Total current assets",
    ),
]


def _grid(rng: random.Random) -> tuple[list[list[str]], list[int], list[tuple[str, str]], str]:
    style = rng.choice(
        [
            "year",
            "year",
            "fy",
            "fiscal",
            "fy2",
            "dec31",
            "june30",
            "unit",
            "slash",
            "fydash",
            "mar31",
        ]
    )
    last = rng.randint(2015, 2023)
    years = [last - i for i in range(rng.choice([2, 2, 3]))]
    if rng.random() < 0.25:
        years.reverse()
    unit = rng.choice(_UNITS) if style != "unit" else ""
    head = [unit if unit and rng.random() < 0.6 else "", *(_header(style, y) for y in years)]
    hi, lo = max(years[:2]), min(years[:2])
    extra = rng.choice([[], [], ["Change"], ["% Change"], [f"{hi} vs {lo}"]])
    grid = []
    if style == "year" and rng.random() < 0.4:  # a group label above the years
        grid.append(["", "Year Ended December 31,", *[""] * (len(years) - 1 + len(extra))])
    grid.append([*head, *extra])
    if unit and not head[0]:
        grid.append(["", *[unit] * len(years), *[""] * len(extra)])
    lines: list[tuple[str, str]] = []
    if rng.random() < 0.4:
        sec, parts, total = rng.choice(_SECTIONS)
        grid.append([sec, *[""] * (len(years) + len(extra))])
        vals = []
        for label, words in parts:
            row = [int(rng.randint(120, 98000) * rng.uniform(0.7, 1.4)) for _ in years]
            vals.append(row)
            grid.append([label, *(_fmt_cell(v) for v in row), *_extra(extra, row, years)])
            lines.append((label, words))
        sums = [sum(col) for col in zip(*vals, strict=True)]
        grid.append([total, *(_fmt_cell(v) for v in sums), *_extra(extra, sums, years)])
        lines.append((total, total.lower()))
    picked = rng.sample(_LINES, rng.randint(2, 5))
    if rng.random() < 0.3:
        picked.append(rng.choice(_RATIO_LINES))
    for label, words in picked:
        base = rng.randint(120, 98000)
        row = [int(base * rng.uniform(0.7, 1.4)) for _ in years]
        grid.append([label, *(_fmt_cell(v) for v in row), *_extra(extra, row, years)])
        lines.append((label, words))
    return grid, years, lines, style


def _extra(extra: list[str], row: list[int], years: list[int]) -> list[str]:
    """The change columns beside the years: the latest year's figure less the one before."""
    new, old = (row[0], row[1]) if years[0] > years[1] else (row[1], row[0])
    d = new - old
    return [_fmt_cell(d) if "%" not in x else f"{d / old * 100:.1f}%" for x in extra]


def _value(grid: list[list[str]], label: str, col: int) -> Decimal:
    row = next(r for r in grid if r[0] == label)
    cell = row[col + 1].replace(",", "")
    return -Decimal(cell.strip("()")) if cell.startswith("(") else Decimal(cell)


def cases(n: int, seed: int) -> list[Case]:
    """``n`` seeded cases (a question, its table, a true answer and a wrong-question twin)."""
    rng = random.Random(seed)
    out: list[Case] = []
    ops: list[tuple[str, Callable[[random.Random, Grid, list[int], Lines, str], Case | None]]] = [
        ("pct", _pct_case),
        ("change", _change_case),
        ("value", _value_case),
        ("average", _average_case),
        ("sum", _sum_case),
        ("every", _every_case),
    ]
    while len(out) < n:
        grid, years, lines, style = _grid(rng)
        _, make = rng.choice(ops)
        case = make(rng, grid, years, lines, style)
        if case is not None:
            out.append(case)
    return out


def _pick(
    rng: random.Random,
    years: list[int],
    lines: list[tuple[str, str]],
    style: str,
    ratios: bool = False,
) -> tuple[int, int, tuple[str, str], tuple[str, str], str, str, str]:
    ia, ib = sorted(rng.sample(range(len(years)), 2), key=lambda i: years[i])
    line = rng.choice([x for x in lines if ratios or x not in _RATIO_LINES])
    other = rng.choice([x for x in lines if x != line])
    name = line[1] if line in _RATIO_LINES or rng.random() < 0.5 else line[0].lower()
    a, b = _year_words(style, years[ia], rng), _year_words(style, years[ib], rng)
    return ia, ib, line, other, name, a, b


def _pct_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    ia, ib, line, other, name, a, b = _pick(rng, years, lines, style)
    qi = rng.randrange(len(_PCT_Q))
    q = _PCT_Q[qi].format(row=name, a=a, b=b)
    va, vb = _value(grid, line[0], ia), _value(grid, line[0], ib)
    good = _pct(va, vb)
    kind = rng.choice(["amount", "other_row", "inverse"])
    if kind == "amount":
        bad = _fmt_amount(vb - va)
    elif kind == "other_row":
        bad = _pct(_value(grid, other[0], ia), _value(grid, other[0], ib))
    else:
        bad = _pct(vb, va)
    return _case(
        rng, f"pct{qi}/{style}", grid, q, f"the percentage change in {name}", (good, bad), kind
    )


def _change_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    ia, ib, line, other, name, a, b = _pick(rng, years, lines, style)
    qi = rng.randrange(len(_CHANGE_Q))
    q = _CHANGE_Q[qi].format(row=name, a=a, b=b)
    va, vb = _value(grid, line[0], ia), _value(grid, line[0], ib)
    good = _fmt_amount(vb - va)
    kind = rng.choice(["percent", "other_row"])
    ans = rng.choice(["gold", "explain", "sentence"])
    subj = f"the change in {name}"
    if kind == "percent":
        # "change" is asked of relative changes too: a bare percentage is not judged; one
        # after the answer's own amount change answers another question
        pct = _pct(va, vb)
        worked = (
            f"Explanation: The {name} in {b} is {_fmt_amount(vb)} and in {a} is "
            f"{_fmt_amount(va)}. The change in {name} is {good}. The percentage change "
            f"is {pct}.\nAnswer: {pct}"
        )
        if rng.random() < 0.5 and "how much" not in q.lower():  # ("how much": an amount)
            return Case(
                f"chgpct{qi}/{style}/{ans}",
                grid,
                q,
                _write(ans, subj, pct, rng),
                worked,
                kind,
                pct,
                pct,
            )
        return Case(
            f"chg{qi}/{style}/{ans}", grid, q, _write(ans, subj, good, rng), worked, kind, good, pct
        )
    bad = _fmt_amount(_value(grid, other[0], ib) - _value(grid, other[0], ia))
    return Case(
        f"chg{qi}/{style}/{ans}",
        grid,
        q,
        _write(ans, subj, good, rng),
        _write(ans, subj, bad, rng),
        kind,
        good,
        bad,
    )


def _value_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    ia, ib, line, other, name, a, _ = _pick(rng, years, lines, style, ratios=True)
    qi = rng.randrange(len(_VALUE_Q))
    q = _VALUE_Q[qi].format(row=name, a=a)
    good = _fmt_cell(int(_value(grid, line[0], ia)))
    kind = rng.choice(["other_year", "other_row"])
    v = _value(grid, line[0], ib) if kind == "other_year" else _value(grid, other[0], ia)
    bad = _fmt_cell(int(v))
    if bad == good:
        return None
    return _case(rng, f"val{qi}/{style}", grid, q, f"the {name} in {a}", (good, bad), kind)


_EVERY_Q = [
    "What is the average {row}?",
    "What was the average {row} across all years?",
    "What was the average {row} over the period?",
    "What is the average annual {row}?",
]


def _every_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    """An average (or total) asked of every year of a line, no year named."""
    _, _, line, other, name, _, _ = _pick(rng, years, lines, style)
    qi = rng.randrange(len(_EVERY_Q))
    q = _EVERY_Q[qi].format(row=name)
    vals = [_value(grid, line[0], i) for i in range(len(years))]
    good = _fmt_amount(sum(vals) / len(vals))
    kind = rng.choice(["one_year", "other_row"])
    if kind == "one_year":
        bad = _fmt_cell(int(vals[0]))
    else:
        others = [_value(grid, other[0], i) for i in range(len(years))]
        bad = _fmt_amount(sum(others) / len(others))
    return _case(rng, f"every{qi}/{style}", grid, q, f"the average {name}", (good, bad), kind)


def _case(
    rng: random.Random, tag: str, grid: Grid, q: str, subj: str, figs: tuple[str, str], kind: str
) -> Case:
    """A case answered both ways in one style of answer, drawn here (the tag ends with it)."""
    good, bad = figs
    ans = rng.choice(["gold", "explain", "sentence"])
    return Case(
        f"{tag}/{ans}", grid, q, _write(ans, subj, good, rng), _write(ans, subj, bad, rng), kind,
        good, bad,
    )  # fmt: skip


def _average_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    ia, ib, line, other, name, a, b = _pick(rng, years, lines, style)
    qi = rng.randrange(len(_AVERAGE_Q))
    q = _AVERAGE_Q[qi].format(row=name, a=a, b=b)
    va, vb = _value(grid, line[0], ia), _value(grid, line[0], ib)
    good = _fmt_amount((va + vb) / 2)
    kind = rng.choice(["sum", "other_row"])
    bad = (
        _fmt_amount(va + vb)
        if kind == "sum"
        else _fmt_amount((_value(grid, other[0], ia) + _value(grid, other[0], ib)) / 2)
    )
    return _case(rng, f"avg{qi}/{style}", grid, q, f"the average {name}", (good, bad), kind)


def _sum_case(
    rng: random.Random, grid: Grid, years: list[int], lines: Lines, style: str
) -> Case | None:
    ia, ib, line, other, name, a, b = _pick(rng, years, lines, style)
    qi = rng.randrange(len(_SUM_Q))
    q = _SUM_Q[qi].format(row=name, a=a, b=b)
    va, vb = _value(grid, line[0], ia), _value(grid, line[0], ib)
    good = _fmt_amount(va + vb)
    kind = rng.choice(["average", "other_row"])
    bad = (
        _fmt_amount((va + vb) / 2)
        if kind == "average"
        else _fmt_amount(_value(grid, other[0], ia) + _value(grid, other[0], ib))
    )
    return _case(rng, f"sum{qi}/{style}", grid, q, f"the total {name}", (good, bad), kind)


def _final_status(answer: str, final: str, sources: list[str], question: str) -> tuple[str, str]:
    report = crossfoot.check(answer, sources, question=question, require_citations=False)
    hits = [c for c in report.claims if c.text.strip().rstrip(".") == final]
    c = hits[-1] if hits else None
    if c is None:
        return "missing", report.explain()
    return c.status, report.explain()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=400)
    p.add_argument("--seed", type=int, default=25)
    p.add_argument("--formats", nargs="+", default=["json", "markdown", "html"])
    p.add_argument("--show", type=int, default=0)
    args = p.parse_args(argv)
    alarms: Counter[str] = Counter()
    misses: Counter[str] = Counter()
    other: Counter[str] = Counter()
    total: Counter[str] = Counter()
    shown: dict[str, list[str]] = defaultdict(list)
    for i, case in enumerate(cases(args.n, args.seed)):
        fmt = args.formats[i % len(args.formats)]
        sources = [render(case.grid, fmt)]
        op = case.shape.split("/")[0]
        total[op] += 1
        st, why = _final_status(case.good, case.final_good, sources, case.question)
        if st == "off_question":
            alarms[case.shape] += 1
            shown["alarm"].append(
                f"[{case.shape} {fmt}] Q: {case.question}\n{sources[0]}\nA: {case.good}\n{why}"
            )
        elif st not in crossfoot.PASSING_STATUSES:
            other[f"{op} {st}"] += 1
            shown["other"].append(
                f"[{case.shape} {fmt}] Q: {case.question}\n{sources[0]}\nA: {case.good}\n{why}"
            )
        st, why = _final_status(case.bad, case.final_bad, sources, case.question)
        if st in crossfoot.PASSING_STATUSES:
            misses[f"{op} {case.bad_kind}"] += 1
            shown["miss"].append(
                f"[{case.shape} {fmt} {case.bad_kind}] Q: {case.question}\n"
                f"{sources[0]}\nA: {case.bad}\n{why}"
            )
    print("cases by operation:", dict(total))
    print(f"true answers off_question: {sum(alarms.values())}")
    for k, v in sorted(alarms.items(), key=lambda kv: -kv[1]):
        print(f"  {v:4d} {k}")
    print(f"true answers failing otherwise: {sum(other.values())}")
    for k, v in sorted(other.items(), key=lambda kv: -kv[1]):
        print(f"  {v:4d} {k}")
    print(f"wrong-question answers passing: {sum(misses.values())}")
    for k, v in sorted(misses.items(), key=lambda kv: -kv[1]):
        print(f"  {v:4d} {k}")
    for kind, texts in shown.items():
        for t in texts[: args.show]:
            print(f"\n--- {kind}\n{t}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
