"""TAT-QA-style cases of our own: small financial tables, the questions TAT-QA asks of them, and
the gold answer written as the ``tatqa`` corpus writes it ("The answer is -12.6 million.").

Held out by construction: no string or number of any corpus, every table, label and value drawn
from a seeded generator. Each case is run twice: the right figure (a flag is a false alarm) and a
wrong figure of the same shape (a pass is a miss), so a rule that passes everything shows.

    python benchmarks/tatqa_shapes.py --n 2000 --seed 1            # rates by question kind
    python benchmarks/tatqa_shapes.py --n 2000 --show 20           # and 20 false alarms, in full
    python benchmarks/tatqa_shapes.py --n 2000 --kind pct_change   # one kind only
    python benchmarks/tatqa_shapes.py --n 2000 --hard              # the harder shapes (tatqa_hard)

The false alarms are grouped by mechanism: the failing claim's status and its message or rule.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora.tatqa import answer_text

__all__ = ["KINDS", "Case", "make_case", "make_cases", "run_case"]

# Row labels of an ordinary filing (our own words; plural nouns on purpose).
ASSETS = [
    "Cash and cash equivalents",
    "Short-term investments",
    "Accounts receivable, net",
    "Inventories",
    "Prepaid expenses",
    "Other current assets",
    "Raw materials",
    "Work in process",
    "Finished goods",
    "Land",
    "Buildings and improvements",
    "Machinery and equipment",
    "Leasehold improvements",
    "Computer software",
    "Furniture and fixtures",
    "Construction in progress",
]
COSTS = [
    "Cost of revenues",
    "Research and development",
    "Sales and marketing",
    "General and administrative",
    "Depreciation and amortization",
    "Restructuring charges",
    "Interest expense",
    "Income tax expense",
    "Stock-based compensation",
    "Professional fees",
    "Employee benefits",
    "Occupancy costs",
    "Travel expenses",
]
LIABS = [
    "Accounts payable",
    "Accrued compensation",
    "Deferred revenue",
    "Accrued warranty",
    "Operating lease liabilities",
    "Customer deposits",
    "Income taxes payable",
    "Other accrued liabilities",
    "Current portion of long-term debt",
]
REVENUE = [
    "Product revenue",
    "Subscription revenue",
    "Services revenue",
    "Licence fees",
    "Maintenance revenue",
    "Hardware sales",
    "Consulting revenue",
]
RATES = [
    "Risk-free interest rate",
    "Expected volatility",
    "Dividend yield",
    "Discount rate",
    "Rate of compensation increase",
    "Effective tax rate",
]
GROUPS: dict[str, tuple[list[str], str]] = {
    "assets": (ASSETS, "Total"),
    "costs": (COSTS, "Total operating expenses"),
    "liabs": (LIABS, "Total current liabilities"),
    "revenue": (REVENUE, "Total revenue"),
}
# Units: (how the table shows it, where: "row" / "corner" / "cell", the gold's scale word)
UNITS: list[tuple[str, str, str]] = [
    ("(in thousands)", "row", "thousand"),
    ("(In millions)", "corner", "million"),
    ("$'000", "cell", "thousand"),
    ("$000", "row", "thousand"),
    ("$m", "cell", "million"),
    ("€m", "cell", "million"),
    ("(Dollars in thousands)", "row", "thousand"),
    ("", "none", ""),
]
KINDS = (
    "change",
    "pct_change",
    "average",
    "share",
    "sum",
    "ratio",
    "row_diff",
    "avg3",
    "cell",
    "avg_change",
    "avg_all",
    "change_all",
)
TWO = Decimal("0.01")


@dataclass
class Case:
    """One generated question over one generated table, its gold and a wrong figure."""

    kind: str
    table: list[list[str]]
    paragraphs: list[str]
    question: str
    gold: str  # the answer figure as tatqa writes it
    wrong: str  # a wrong figure of the same shape
    note: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def sources(self) -> list[str]:
        return [json.dumps(self.table), *self.paragraphs]

    def answer(self, figure: str) -> str:
        lead = self.question if self.question.endswith("?") else self.question + "?"
        return f"{lead} The answer is {figure}."


def _fmt_cell(v: Decimal, dollar: bool, decimals: int, neg_paren: bool) -> str:
    q = Decimal(1).scaleb(-decimals)
    s = f"{abs(v.quantize(q)):,}"
    if dollar:
        s = "$ " + s if random.random() < 0.5 else "$" + s
    if v < 0:
        s = f"({s})" if neg_paren else "-" + s
    return s


def _label_in_q(label: str, rng: random.Random) -> str:
    """The row as a question names it: lower case, maybe 'the', maybe singular, no ', net'."""
    name = label.split(",")[0] if rng.random() < 0.5 else label
    r = rng.random()
    if r < 0.6:
        name = name.lower()
    elif r < 0.7:
        name = name.title()
    if name.endswith("s") and not name.endswith("ss") and rng.random() < 0.2:
        name = name[:-3] + "y" if name.endswith("ies") else name[:-1]
    if rng.random() < 0.4:
        name = "the " + name
    return name


def _rounded(x: Decimal, places: int) -> Decimal:
    return x.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _gold(value: Decimal, scale: str, places: int) -> Decimal:
    v = _rounded(value, places)
    return v.normalize() if v == v.to_integral_value() else v


def _wrong(value: Decimal, rng: random.Random, places: int) -> Decimal:
    """A wrong figure of the same size and precision: 6-30 % off."""
    f = Decimal(str(round(rng.uniform(1.06, 1.3), 3)))
    w = value * f if rng.random() < 0.5 else value / f
    if w == value or abs(value) < Decimal("0.05"):
        w = value + Decimal(3)
    return _rounded(w, places)


def _as_text(v: Decimal, scale: str) -> str:
    return answer_text(float(v) if v != v.to_integral_value() else int(v), scale)


@dataclass
class Table:
    rows: list[tuple[str, list[Decimal]]]  # label, values in column order
    years: list[int]  # column order
    table: list[list[str]]
    scale: str
    total: str | None
    percent: bool
    paragraphs: list[str] = field(default_factory=list)
    signed: set[str] = field(default_factory=set)  # rows shown negative (in parentheses)
    pct_rows: set[str] = field(default_factory=set)  # rows of percents in an amount table


def _year_head(y: int, style: str) -> str:
    return {
        "plain": f"{y}",
        "fiscal": f"Fiscal {y}",
        "date": f"December 31, {y}",
        "fy": f"FY{y}",
        "ended": f"Year ended June 30, {y}",
    }[style]


def _values(rng: random.Random, years: list[int], size: int, decimals: int) -> list[Decimal]:
    base = Decimal(rng.randint(max(size // 30, 3), size)) / (10 if decimals else 1)
    return [
        _rounded(base * Decimal(str(round(rng.uniform(0.7, 1.35), 3))), decimals) for _ in years
    ]


def _make_table(rng: random.Random) -> Table:
    n_years = 3 if rng.random() < 0.35 else 2
    first = rng.randint(2015, 2021)
    years = list(range(first, first + n_years))
    if rng.random() < 0.8:
        years.reverse()  # filings put the latest year first
    ystyle = rng.choice(["plain"] * 6 + ["fiscal", "date", "fy", "ended"])
    percent = rng.random() < 0.12
    if percent:
        labels = rng.sample(RATES, rng.randint(3, 5))
        rows = [(lab, [Decimal(rng.randint(5, 450)) / 10 for _ in years]) for lab in labels]
        head = [["", *[_year_head(y, ystyle) for y in years]]]
        body = [[lab, *[f"{v}%" for v in vals]] for lab, vals in rows]
        return Table(rows, years, head + body, "", None, True)
    decimals = 1 if rng.random() < 0.2 else 0
    size = rng.choice([300, 900, 9_000, 90_000, 900_000])
    unit, where, scale = rng.choice(UNITS)
    dollar = rng.random() < 0.4 and "€" not in unit
    paren = rng.random() < 0.8
    note = rng.random() < 0.15
    # One section, or two sections with subtotals and a grand total.
    n_sections = 2 if rng.random() < 0.3 else 1
    groups = rng.sample(list(GROUPS), n_sections)
    rows: list[tuple[str, list[Decimal]]] = []
    body: list[list[str]] = []
    signed: set[str] = set()
    sub_totals: list[list[Decimal]] = []
    total = None
    for g in groups:
        pool, total_label = GROUPS[g]
        k = rng.randint(3, min(8, len(pool))) if n_sections == 2 else rng.randint(3, len(pool))
        labels = rng.sample(pool, k)
        if n_sections == 2:
            body.append([g.title() + ":", *[""] * len(years)])
        sec: list[tuple[str, list[Decimal]]] = []
        for i, lab in enumerate(labels):
            vals = _values(rng, years, size, decimals)
            if note and i == 0:
                lab = lab + " (1)"
            if rng.random() < 0.07:
                signed.add(lab)
            sec.append((lab, vals))
        for j, (lab, vals) in enumerate(sec):
            if rng.random() < 0.06:
                vals[rng.randrange(len(vals))] = Decimal(0)  # a dash: nothing that year
                sec[j] = (lab, vals)
            shown = [-v if lab in signed else v for v in vals]
            body.append(
                [
                    lab,
                    *[
                        "—" if v == 0 else _fmt_cell(v, dollar and not body, decimals, paren)
                        for v in shown
                    ],
                ]
            )
        rows.extend(sec)
        if n_sections == 2 or rng.random() < 0.7:
            tot = [
                sum((-v[i] if la in signed else v[i] for la, v in sec), Decimal(0))
                for i in range(len(years))
            ]
            body.append([total_label, *[_fmt_cell(v, dollar, decimals, paren) for v in tot]])
            rows.append((total_label, tot))
            total = total_label if n_sections == 1 else None
            sub_totals.append(tot)
    pct_rows: set[str] = set()
    if rng.random() < 0.25:
        # a margin row of percents under the amounts ("Gross margin 38.7%")
        mlab = rng.choice(["Gross margin", "Operating margin", "% of revenue", "Margin"])
        mvals = [Decimal(rng.randint(50, 600)) / 10 for _ in years]
        body.append([mlab, *[f"{v}%" for v in mvals]])
        rows.append((mlab, mvals))
        pct_rows.add(mlab)
    if n_sections == 2 and len(sub_totals) == 2:
        grand = [a + b for a, b in zip(*sub_totals, strict=True)]
        body.append(["Total", *[_fmt_cell(v, dollar, decimals, paren) for v in grand]])
        rows.append(("Total", grand))
    yh = [_year_head(y, ystyle) for y in years]
    paragraphs: list[str] = []
    if where == "cell":
        if rng.random() < 0.5:
            head = [["", *[f"{y} {unit}" for y in yh]]]
        else:
            head = [["", *yh], ["", *[unit] * len(years)]]
    elif where == "corner":
        head = [[unit, *yh]]
    elif where == "row":
        head = [["", *yh], [unit, *[""] * len(years)]]
        if rng.random() < 0.5:
            head = [["", *yh], ["", unit, *[""] * (len(years) - 1)]]
    else:
        head = [["", *yh]]
    if where == "row" and rng.random() < 0.25:
        # the unit said in the text before the table only
        head = [["", *yh]]
        paragraphs.append(
            f"The following table summarizes the components for the years ended {years[0]} "
            f"and {years[1]} {unit if unit.startswith('(') else '(in thousands)'}:"
        )
    if len(years) == 2 and rng.random() < 0.25:
        # a "% Change" column after the years
        for row in head:
            row.append("% Change" if row is head[0] else "")
        for row in body:
            vals_ = dict(rows).get(row[0])
            if not vals_ or row[0] in pct_rows or vals_[1] == 0:
                row.append("")
                continue
            ch = (vals_[0] - vals_[1]) / vals_[1] * 100 * (1 if years[0] > years[1] else -1)
            r = ch.quantize(Decimal(1), rounding=ROUND_HALF_UP)
            row.append(f"({abs(r)})%" if r < 0 else f"{r}%")
    if rng.random() < 0.3:
        head = [["", "Year Ended December 31,", *[""] * (len(years) - 1)], *head]
    if rng.random() < 0.3:
        lab0 = rows[0][0]
        paragraphs.append(
            f"{lab0.split(' (')[0]} increased primarily due to higher volumes, partially offset "
            f"by a {rng.randint(2, 9)}% decrease in average prices over {rng.randint(2, 4)} "
            f"quarters."
        )
    return Table(rows, years, head + body, scale, total, False, paragraphs, signed, pct_rows)


def _years_phrase(a: int, b: int, rng: random.Random) -> str:
    return rng.choice(
        [
            f"from {a} to {b}",
            f"between {a} and {b}",
            f"in {b} from {a}",
            f"from {a} to {b}",
        ]
    )


def _ask(kind: str, t: Table, rng: random.Random) -> tuple[str, Decimal, str, int] | None:
    """(question, exact value, scale word of the gold, decimals to round to)."""
    lines = [r for r in t.rows if r[0] != t.total]
    lab, vals = rng.choice(lines)
    if lab in t.signed and kind not in (
        "change",
        "pct_change",
        "cell",
        "average",
        "avg3",
        "avg_all",
    ):
        return None
    if lab in t.signed and kind != "pct_change":
        vals = [-v for v in vals]  # as shown; a % change compares sizes, as TAT-QA writes it
    if lab in t.pct_rows and kind not in ("change", "average", "avg3", "avg_all", "cell"):
        return None
    if Decimal(0) in vals and kind not in ("change", "change_all", "cell"):
        return None  # a dash year: only its change is asked here
    name = _label_in_q(lab.replace(" (1)", ""), rng)
    ys = t.years
    col = {y: i for i, y in enumerate(ys)}
    y_lo, y_hi = sorted(rng.sample(ys, 2))
    if len(ys) == 3 and rng.random() < 0.6:
        y_lo, y_hi = sorted(ys)[-2:]  # mostly the latest two years
    v_lo, v_hi = vals[col[y_lo]], vals[col[y_hi]]
    y = rng.choice(ys)
    amount_scale = "percent" if t.percent or lab in t.pct_rows else t.scale
    places = rng.choice([2, 2, 2, 1])
    if kind == "change":
        q = rng.choice(
            [
                f"What was the change in {name} {_years_phrase(y_lo, y_hi, rng)}",
                f"What is the change in {name} {_years_phrase(y_lo, y_hi, rng)}",
                f"How much did {name} change {_years_phrase(y_lo, y_hi, rng)}",
                f"What was the increase / (decrease) in {name} {_years_phrase(y_lo, y_hi, rng)}",
            ]
        )
        return q, v_hi - v_lo, amount_scale, 2
    if kind == "pct_change":
        if v_lo == 0:
            return None
        q = rng.choice(
            [
                f"What was the percentage change in {name} {_years_phrase(y_lo, y_hi, rng)}",
                f"What is the percentage change in {name} {_years_phrase(y_lo, y_hi, rng)}",
                f"What was the % change in {name} {_years_phrase(y_lo, y_hi, rng)}",
                f"What is the percentage increase / (decrease) in {name} "
                + _years_phrase(y_lo, y_hi, rng),
            ]
        )
        return q, (v_hi - v_lo) / v_lo * 100, "percent", places
    if kind == "average":
        q = rng.choice(
            [
                f"What was the average {name} for {y_lo} and {y_hi}",
                f"What is the average {name} in {y_lo} and {y_hi}",
                f"What was the average of {name} in {y_hi} and {y_lo}",
                f"What is the average {name} {_years_phrase(y_lo, y_hi, rng)}"
                if len(ys) == 2
                else f"What is the average {name} for {y_lo} and {y_hi}",
            ]
        )
        return q, (v_lo + v_hi) / 2, amount_scale, 2
    if kind == "avg3":
        if len(ys) < 3:
            return None
        lo, hi = min(ys), max(ys)
        q = rng.choice(
            [
                f"What was the average {name} from {lo} to {hi}",
                f"What is the average {name} for {lo}, {lo + 1} and {hi}",
                f"What was the average {name} over the 3 years from {lo} to {hi}",
            ]
        )
        return q, sum(vals, Decimal(0)) / 3, amount_scale, 2
    if kind == "avg_all":
        q = rng.choice([f"What was the average {name}", f"What is the average {name}"])
        return q, sum(vals, Decimal(0)) / len(vals), amount_scale, 2
    if kind == "change_all":
        if len(ys) != 2:
            return None
        q = rng.choice([f"What was the change in {name}", f"What is the change in {name}"])
        return q, v_hi - v_lo, amount_scale, 2
    if kind == "avg_change":
        if len(ys) < 3:
            return None
        s = sorted(ys)
        vs = [vals[col[x]] for x in s]
        q = rng.choice(
            [
                f"What was the average change in {name} from {s[0]} to {s[2]}",
                f"What is the average change in {name} between {s[0]} and {s[2]}",
                f"What was the average annual change in {name} from {s[0]} to {s[2]}",
            ]
        )
        return q, ((vs[1] - vs[0]) + (vs[2] - vs[1])) / 2, amount_scale, 2
    if kind == "share":
        if t.total is None or t.percent:
            return None
        tot = dict(t.rows)[t.total][col[y]]
        if tot <= 0 or vals[col[y]] <= 0:
            return None
        tname = _label_in_q(t.total, rng)
        q = rng.choice(
            [
                f"What was {name} as a percentage of {tname} in {y}",
                f"What percentage of {tname} was {name} in {y}",
                f"What is the proportion of {name} over {tname} in {y}",
            ]
        )
        return q, vals[col[y]] / tot * 100, "percent", places
    other = [r for r in lines if r[0] != lab and r[0] not in t.signed | t.pct_rows]
    if not other:
        return None
    lab2, vals2 = rng.choice(other)
    name2 = _label_in_q(lab2.replace(" (1)", ""), rng)
    a, b = vals[col[y]], vals2[col[y]]
    if kind == "sum":
        if lab2.startswith("Total") or lab.startswith("Total"):
            return None  # a line and a total that holds it: no question adds them
        if rng.random() < 0.3:
            q = f"What is the total {name} in {y_lo} and {y_hi}"
            return q, v_lo + v_hi, amount_scale, 2
        q = rng.choice(
            [
                f"What is the sum of {name} and {name2} in {y}",
                f"What was the total of {name} and {name2} in {y}",
            ]
        )
        return q, a + b, amount_scale, 2
    if kind == "ratio":
        if b == 0 or t.percent:
            return None
        q = rng.choice(
            [
                f"What is the ratio of {name} to {name2} in {y}",
                f"What was the ratio of {name} to {name2} in {y}",
            ]
        )
        return q, a / b, "", places
    if kind == "row_diff":
        q = rng.choice(
            [
                f"What is the difference between {name} and {name2} in {y}",
                f"What was the difference between {name} and {name2} in {y}",
            ]
        )
        return q, a - b, amount_scale, 2
    if kind == "cell":
        q = rng.choice([f"What was the {name} in {y}", f"What is the value of {name} in {y}"])
        return q, a, amount_scale, 2
    raise ValueError(kind)


def make_case(rng: random.Random, kind: str | None = None, hard: bool = False) -> Case | None:
    """One case, or ``None`` when the drawn table cannot ask the drawn kind."""
    if hard:
        import tatqa_hard

        t = tatqa_hard.make_hard_table(rng)
    else:
        t = _make_table(rng)
    kind = kind or rng.choice(KINDS)
    if hard and kind in ("pct_change", "share", "ratio", "avg_change"):
        # a size compared: only lines positive every year
        t = replace(t, rows=[r for r in t.rows if all(v > 0 for v in r[1])])
        if t.total is not None and t.total not in dict(t.rows):
            t.total = None
        if not [r for r in t.rows if r[0] != t.total]:
            return None
    asked = _ask(kind, t, rng)
    if asked is None:
        return None
    q, exact, scale, places = asked
    if hard:
        coarse = tatqa_hard.coarsen(exact, scale, kind, rng)
        if coarse is not None:
            exact, scale, places = coarse
        q = tatqa_hard.rephrase(q, rng)
    q = q[0].upper() + q[1:] + "?"
    gold = _gold(exact, scale, places)
    wrong = _wrong(gold, rng, places)
    return Case(
        kind,
        t.table,
        t.paragraphs,
        q,
        _as_text(gold, scale),
        _as_text(wrong, scale),
        meta={"exact": str(exact)},
    )


def make_cases(n: int, seed: int, kind: str | None = None, hard: bool = False) -> list[Case]:
    rng = random.Random(seed)
    random.seed(seed)  # the cell formatter's coin
    out: list[Case] = []
    while len(out) < n:
        c = make_case(rng, kind, hard)
        if c is not None:
            out.append(c)
    return out


def run_case(checker: Any, case: Case, figure: str) -> list[Any]:
    """The failing claims of the answer sentence with ``figure``."""
    text = case.answer(figure)
    start = text.index(" The answer is ") + 1
    report = checker.check(text, question=case.question)
    return [c for c in report.claims if c.mention.start >= start and not c.passed]


def _why(c: Any) -> str:
    ev = getattr(c, "evidence", None)
    if ev is not None:
        return f"{c.status} {ev.rule}/{ev.kind}"
    return f"{c.status} {(c.message or '')[:70]}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kind", choices=KINDS)
    p.add_argument("--show", type=int, default=0, help="print this many false alarms in full")
    p.add_argument("--show-kind", help="only false alarms of this kind")
    p.add_argument("--misses", type=int, default=0, help="print this many missed wrong figures")
    p.add_argument("--hard", action="store_true", help="the harder shapes of tatqa_hard.py")
    p.add_argument("--json", type=Path, help="write the per-case outcome here")
    a = p.parse_args(argv)
    import crossfoot
    from ragbench import CROSSFOOT_OPTIONS

    cases = make_cases(a.n, a.seed, a.kind, a.hard)
    fa: Counter[str] = Counter()
    miss: Counter[str] = Counter()
    total: Counter[str] = Counter()
    why: Counter[str] = Counter()
    shown: list[tuple[Case, list[Any]]] = []
    missed: list[tuple[Case, list[Any]]] = []
    outcome: dict[int, tuple[bool, bool]] = {}
    for i, c in enumerate(cases):
        checker = crossfoot.Checker(c.sources(), **CROSSFOOT_OPTIONS)
        bad = run_case(checker, c, c.gold)
        caught = bool(run_case(checker, c, c.wrong))
        total[c.kind] += 1
        outcome[i] = (bool(bad), caught)
        if bad:
            fa[c.kind] += 1
            for b in bad[:1]:
                why[_why(b)] += 1
            if not a.show_kind or a.show_kind == c.kind:
                shown.append((c, bad))
        if not caught:
            miss[c.kind] += 1
            missed.append((c, []))
    n = sum(total.values())
    print(
        f"{n} cases, seed {a.seed}: false alarms {sum(fa.values())} "
        f"({100 * sum(fa.values()) / n:.1f}%), wrong figures missed {sum(miss.values())} "
        f"({100 * sum(miss.values()) / n:.1f}%)"
    )
    for k in KINDS:
        if total[k]:
            print(
                f"  {k:11} {total[k]:5}  false alarms {fa[k]:4} ({100 * fa[k] / total[k]:5.1f}%)"
                f"  missed {miss[k]:4} ({100 * miss[k] / total[k]:5.1f}%)"
            )
    print("false alarms by mechanism:")
    for w, k in why.most_common():
        print(f"  {k:5}  {w}")
    for c, bad in shown[: a.show]:
        print("----", c.kind, c.meta.get("exact"))
        for row in c.table:
            print("   ", row)
        print("  ", c.answer(c.gold))
        for b in bad:
            print("   ->", _why(b), "|", b.message[:200] if b.message else "")
    for c, _ in missed[: a.misses]:
        print("---- MISS", c.kind)
        for row in c.table:
            print("   ", row)
        print("  ", c.answer(c.wrong), "(gold", c.gold + ")")
    if a.json:
        a.json.write_text(json.dumps({str(k): v for k, v in outcome.items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
