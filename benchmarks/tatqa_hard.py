"""Harder TAT-QA-style tables for ``tatqa_shapes.py --hard``: the axes a real filing has and the
plain generator lacks.

- headers: years spaced or split across two rows ("December 31," over "2019"), fiscal years
  named by dates ("September 28, 2019", "29 June 2019"), "FY19", the unit in the corner cell
  ("(in thousands, except percentages)"), an amount and a "% of revenue" column per year;
- sections repeating their line labels ("Federal" / "State" / "Other" under "Current:" and
  "Deferred:"), each closed by a subtotal row with a blank label;
- negative cells as "(1,234)", "$(1,234)" or "-1,234", nothing as "-", "–" or "—", rows whose
  sign changes between years;
- percent rows between the money rows ("% of net sales" under each line);
- change columns after two years ("Change" / "% Change", "Increase (Decrease) 2019 vs 2018" /
  "%"), drawn from the table's own values (a seed's other cases stay as they were);
- answers coarser than the cells ("1.23 million" for 1,234 thousand) and questions phrased as
  TAT-QA phrases them ("In 2019, what was ...", "between 2019 and 2018", "the 2019 average").

Our own words and seeded numbers only, as in ``tatqa_shapes``.
"""

from __future__ import annotations

import random
import re
from decimal import Decimal

import tatqa_shapes as ts
from tatqa_shapes import Table

__all__ = ["coarsen", "make_hard_table", "rephrase"]

# (section headings, the lines each repeats, the grand total's label)
SECTIONS: list[tuple[list[str], list[str], str]] = [
    (["Current:", "Deferred:"], ["Federal", "State", "Foreign", "Other"], "Total tax provision"),
    (["Domestic", "International"], ["Product", "Services", "Other"], "Total revenue"),
    (["Americas:", "Europe:", "Asia Pacific:"], ["Hardware", "Software", "Other"], "Total"),
    (
        ["Operating leases:", "Finance leases:"],
        ["Right-of-use assets", "Lease liabilities"],
        "Total",
    ),
]
# (no January: a year ended in January is named for the year before it)
MONTHS = ["September", "June", "March", "December"]


def _fmt(v: Decimal, decimals: int, dollar: bool, neg: str, nil: str) -> str:
    if v == 0:
        return nil
    q = Decimal(1).scaleb(-decimals)
    s = f"{abs(v.quantize(q)):,}"
    if v < 0:
        if neg == "paren":
            return f"$({s})" if dollar else f"({s})"
        return f"$-{s}" if dollar else f"-{s}"
    return f"${s}" if dollar else s


def _heads(years: list[int], rng: random.Random) -> list[list[str]]:
    """One or two header rows naming the years, without the label column."""
    style = rng.choice(["spaced", "split", "split", "fiscal_date", "dmy", "fy", "plain"])
    if style == "spaced":
        return [[" ".join(str(y)) for y in years]]
    if style == "split":
        top = rng.choice(["December 31,", "Year Ended December 31,", "Fiscal Year"])
        if top.startswith("Year"):
            return [[top, *[""] * (len(years) - 1)], [str(y) for y in years]]
        return [[top] * len(years), [str(y) for y in years]]
    month = rng.choice(MONTHS)
    if style == "fiscal_date":
        return [[f"{month} {rng.randint(24, 30)}, {y}" for y in years]]
    if style == "dmy":
        return [[f"{rng.randint(24, 30)} {month} {y}" for y in years]]
    if style == "fy":
        return [[f"FY{y % 100:02d}" if rng.random() < 0.5 else f"FY {y}" for y in years]]
    return [[str(y) for y in years]]


def _series(rng: random.Random, years: list[int], size: int, decimals: int) -> list[Decimal]:
    vals = ts._values(rng, years, size, decimals)
    r = rng.random()
    if r < 0.08:
        return [-v for v in vals]  # a line shown negative every year
    if r < 0.14:
        i = rng.randrange(len(vals))
        vals[i] = -vals[i]  # a line whose sign changes
    elif r < 0.2:
        vals[rng.randrange(len(vals))] = Decimal(0)  # nothing that year
    return vals


def _lines(
    rng: random.Random, years: list[int], size: int, decimals: int
) -> tuple[list[tuple[str, str, list[Decimal]]], str | None]:
    """(shown label, the question's name, values) in table order; the grand total's name."""
    out: list[tuple[str, str, list[Decimal]]] = []
    if rng.random() < 0.55:
        heads, lines, total = rng.choice(SECTIONS)
        heads = heads[: rng.randint(2, len(heads))]
        subs = []
        for h in heads:
            out.append((h, "", []))
            word = h.rstrip(":").lower()
            sec = []
            for lab in lines[: rng.randint(2, len(lines))]:
                vals = _series(rng, years, size, decimals)
                name = f"{word} {lab.lower()}" if rng.random() < 0.6 else f"{lab.lower()} {word}"
                sec.append((lab, name, vals))
            out.extend(sec)
            sub = [sum((v[i] for _, _, v in sec), Decimal(0)) for i in range(len(years))]
            out.append(("", f"Total {word}", sub))  # a subtotal with a blank label
            subs.append(sub)
        grand = [sum((s[i] for s in subs), Decimal(0)) for i in range(len(years))]
        out.append((total, total, grand))
        return out, total
    pool, total = ts.GROUPS[rng.choice(list(ts.GROUPS))]
    for lab in rng.sample(pool, rng.randint(3, min(7, len(pool)))):
        out.append((lab, lab, _series(rng, years, size, decimals)))
    tot = [sum((v[i] for _, _, v in out), Decimal(0)) for i in range(len(years))]
    out.append((total, total, tot))
    return out, total


def make_hard_table(rng: random.Random) -> Table:
    """A table with the harder shapes, in the plain generator's ``Table``."""
    n_years = 3 if rng.random() < 0.3 else 2
    first = rng.randint(2015, 2021)
    years = list(range(first, first + n_years))
    if rng.random() < 0.85:
        years.reverse()
    decimals = 1 if rng.random() < 0.15 else 0
    unit, where, scale = rng.choice(
        [*ts.UNITS, ("(in thousands, except percentages)", "corner", "thousand")]
    )
    size = rng.choice(
        {"million": [900, 9_000, 90_000], "": [900_000, 9_000_000]}.get(
            scale, [900, 9_000, 90_000, 900_000]
        )
    )  # a table with no unit shows whole dollars
    dollar = rng.random() < 0.4 and "€" not in unit
    neg = "paren" if rng.random() < 0.8 else "minus"
    nil = rng.choice(["-", "–", "—", "—"])
    lines, total = _lines(rng, years, size, decimals)
    mixed = rng.random() < 0.2  # a "% of net sales" row under each line
    pct_cols = not mixed and total is not None and rng.random() < 0.2
    ncol = len(years) * (2 if pct_cols else 1)
    body: list[list[str]] = []
    rows: list[tuple[str, list[Decimal]]] = []
    pct_rows: set[str] = set()
    tot_vals = next((v for s, _, v in lines if s == total), None)
    for shown, name, vals in lines:
        if not vals:
            body.append([shown, *[""] * ncol])
            continue
        cells: list[str] = []
        for i, v in enumerate(vals):
            cells.append(_fmt(v, decimals, dollar and not body, neg, nil))
            if pct_cols and tot_vals:
                share = v / tot_vals[i] * 100 if tot_vals[i] else Decimal(0)
                cells.append(f"{share.quantize(Decimal('0.1'))}%")
        body.append([shown, *cells])
        rows.append((name, vals))
        if mixed and shown != total and shown:
            lab = rng.choice(["% of net sales", "As a % of revenue", "% of total"])
            pv = [Decimal(rng.randint(5, 600)) / 10 for _ in years]
            body.append([lab, *[f"{p}%" for p in pv]])  # repeated labels, never asked
    head = _heads(years, rng)
    if pct_cols:
        head = [[c for h in row for c in (h, "")] for row in head]
        head.append([c for _ in years for c in ("Amount", "% of total")])
    if where == "corner":
        table_head = [[unit if i == 0 else "", *row] for i, row in enumerate(head)]
    elif where == "cell":  # (over the amounts only, beside "% of total")
        units = [unit, ""] * len(years) if pct_cols else [unit] * ncol
        table_head = [["", *row] for row in head] + [["", *units]]
    elif where == "row":
        table_head = [["", *row] for row in head] + [[unit, *[""] * ncol]]
    else:
        table_head = [["", *row] for row in head]
    grid = table_head + body
    # Change columns after two years ("Change", "% Change"), drawn from the table's own values
    # so that the main draws (and every other case of a seed) stay as they were.
    sub = random.Random(repr([v for _, _, v in lines]))
    if len(years) == 2 and not pct_cols and sub.random() < 0.3:
        _change_columns(grid, len(table_head), lines, years, decimals, neg, nil, sub)
    t = Table(rows, years, grid, scale, total, False, [], set(), pct_rows)
    return t


def _change_columns(
    grid: list[list[str]],
    n_head: int,
    lines: list[tuple[str, str, list[Decimal]]],
    years: list[int],
    decimals: int,
    neg: str,
    nil: str,
    rng: random.Random,
) -> None:
    """Append an amount change and a percent change column (latest year over the earlier)."""
    late, early = (0, 1) if years[0] > years[1] else (1, 0)
    words = rng.choice([("Change", "% Change"), ("$ Change", "%"), ("Increase (Decrease)", "%")])
    if rng.random() < 0.4:
        words = (f"{words[0]} {years[late]} vs {years[early]}", words[1])
    for r, row in enumerate(grid[:n_head]):
        row.extend(words if r == 0 else ("", ""))
    values = iter([v for _, _, v in lines if v])
    for row in grid[n_head:]:
        if not any(row[1:]) or row[0].startswith(("%", "As a %")):
            row.extend(("", ""))  # a section heading, a percent row under a line
            continue
        vals = next(values)
        ch = vals[late] - vals[early]
        pct = f"{(ch / abs(vals[early]) * 100).quantize(Decimal('0.1'))}%" if vals[early] else "n/m"
        row.extend((_fmt(ch, decimals, False, neg, nil), pct))


def coarsen(
    exact: Decimal, scale: str, kind: str, rng: random.Random
) -> tuple[Decimal, str, int] | None:
    """The answer one scale coarser than the cells ("1.23 million" for 1,234 thousand)."""
    if kind in ("pct_change", "share", "ratio") or rng.random() < 0.6:
        return None
    up = {"thousand": ("million", 1000), "million": ("billion", 1000), "": ("million", 10**6)}
    if scale not in up:
        return None
    word, f = up[scale]
    if abs(exact) < f:
        return None
    return exact / f, word, rng.choice([1, 2, 2])


def rephrase(q: str, rng: random.Random) -> str:
    """A TAT-QA wording of a generated question (the year first, the later year first)."""
    if rng.random() < 0.25:
        m = re.search(r" in (\d{4})$", q)
        if m:
            q = f"In {m.group(1)}, {q[0].lower()}{q[1 : m.start()]}"
    if rng.random() < 0.3:
        q = re.sub(r"between (\d{4}) and (\d{4})", r"between \2 and \1", q)
    return q
