"""Labelled answers for what a figure in a sentence claims (issue 15), for ``trace_vs_figured.py``.

One true and one wrong category per class, generated from seeded random tables (fictional):
restatements in parentheses, ranges, decreases written as positive amounts, differences to a named
year, sums across columns of one quantity, counts given as context, number words that count rows,
sign words, comparisons between two rows, fields of another entity, four-digit counts, written
arithmetic in a scaled unit, money minus a count, a scale word away from the figure, and the
question: the asked year, row and operation, and counts of rows past a bar; then the wrong final
answers of pot-tatqa's kinds: an average over part of the named row or column, a change found in
a row the answer never names, a change between other years than the span asked, and the
years past a bar the question asks for with one left out, and a count stated as money; and a
computed answer stated more coarsely than two decimals (trace option ``answer_decimals=2``).

Each class draws its own random numbers from its own stream, so adding a class changes no other.
A case is ``(category, truth, text, rows, question)``; ``question`` is None when the answer has none
(figured takes no question: it is given the same text and rows).

>>> import random
>>> cases = claims_cases(random.Random(1), 2)
>>> sorted({c[0] for c in cases})[:3]
['average_every_row', 'average_every_year', 'average_some_rows']
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from claims_sentences import SENTENCE_CLASSES
from claims_sentences8 import SENTENCE_CLASSES8
from claims_sentences9 import SENTENCE_CLASSES9
from claims_sentences10 import SENTENCE_CLASSES10
from claims_sentences10b import SENTENCE_CLASSES10B
from claims_sentences_claims11 import SENTENCE_CLASSES_CLAIMS11
from claims_sentences_failopen11 import SENTENCE_CLASSES_FAILOPEN11
from claims_sentences_lead13 import SENTENCE_CLASSES_LEAD13
from claims_sentences_lead14 import SENTENCE_CLASSES_LEAD14
from claims_sentences_lead15 import SENTENCE_CLASSES_LEAD15
from claims_sentences_lead16 import SENTENCE_CLASSES_LEAD16
from claims_sentences_lead17 import SENTENCE_CLASSES_LEAD17
from claims_sentences_lead18 import SENTENCE_CLASSES_LEAD18
from claims_sentences_lead19 import SENTENCE_CLASSES_LEAD19
from claims_sentences_lead20 import SENTENCE_CLASSES_LEAD20
from claims_sentences_lead25 import SENTENCE_CLASSES_LEAD25

__all__ = ["CLASSES", "claims_cases"]

Rows = list[dict[str, Any]]
# (a sixth member, when present, holds trace options the case needs: ``answer_decimals``)
Raw = tuple[str, bool, str, Rows, "str | None"] | tuple[str, bool, str, Rows, "str | None", Any]

REGIONS = ["Nordics", "Iberia", "Benelux", "Alps", "Baltics", "Balkans", "Andes", "Oceania"]
WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def _m(v: float) -> str:
    """Dollars in millions with two decimals: ``$4.82M``."""
    return f"${v / 1e6:.2f}M"


def _yearly(rng: random.Random, n: int) -> Rows:
    """Regions with revenue in two years (round to $10,000) and a store count."""
    rows = []
    for name in rng.sample(REGIONS, n):
        a = rng.randint(150, 900) * 10_000
        b = int(a * rng.uniform(0.7, 1.3)) // 10_000 * 10_000
        rows.append(
            {"region": name, "revenue_2023": a, "revenue_2024": b, "stores": rng.randint(8, 95)}
        )
    return rows


def _changed(rows: Rows) -> tuple[dict[str, Any], dict[str, Any]]:
    """A row whose revenue fell and one whose revenue rose (equal rows are redrawn by callers)."""
    down = min(rows, key=lambda r: r["revenue_2024"] - r["revenue_2023"])
    up = max(rows, key=lambda r: r["revenue_2024"] - r["revenue_2023"])
    return down, up


def _restatement(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    r = rng.choice(rows)
    v = r["revenue_2024"]
    bad = v + rng.choice([-1, 1]) * rng.randint(3, 9) * 10_000
    return [
        (
            "restatement_parens",
            True,
            f"{r['region']} made ${v / 1e6:.1f}M (${v:,}) in 2024.",
            rows,
            None,
        ),
        (
            "restatement_parens_wrong",
            False,
            f"{r['region']} made ${v / 1e6:.1f}M (${bad:,}) in 2024.",
            rows,
            None,
        ),
    ]


def _range(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    r = rng.choice(rows)
    v = r["revenue_2024"] / 1e6
    lo, hi = round(v * 0.9, 1), round(v * 1.1, 1)
    wlo, whi = round(v * 1.15, 1), round(v * 1.3, 1)
    return [
        ("range", True, f"{r['region']} made between ${lo}M and ${hi}M in 2024.", rows, None),
        (
            "range_wrong",
            False,
            f"{r['region']} made between ${wlo}M and ${whi}M in 2024.",
            rows,
            None,
        ),
    ]


def _decrease(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    down, _ = _changed(rows)
    gap = down["revenue_2023"] - down["revenue_2024"]
    if gap <= 0:
        return []
    return [
        (
            "decrease_positive",
            True,
            f"{down['region']}'s revenue dropped by ${gap:,} in 2024.",
            rows,
            None,
        ),
        (
            "decrease_positive_wrong",
            False,
            f"{down['region']}'s revenue rose by ${gap:,} in 2024.",
            rows,
            None,
        ),
    ]


def _one_year(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    _, up = _changed(rows)
    gap = up["revenue_2024"] - up["revenue_2023"]
    if gap <= 0:
        return []
    off = gap + rng.randint(3, 9) * 10_000
    text = "{r}'s 2024 revenue was ${g:,} above the 2023 figure."
    return [
        ("difference_named_year", True, text.format(r=up["region"], g=gap), rows, None),
        ("difference_named_year_wrong", False, text.format(r=up["region"], g=off), rows, None),
    ]


def _columns(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    r = rng.choice(rows)
    both = r["revenue_2023"] + r["revenue_2024"]
    mixed = r["revenue_2024"] + r["stores"]
    return [
        (
            "sum_same_quantity",
            True,
            f"{r['region']}'s 2023 and 2024 revenue together came to ${both:,}.",
            rows,
            None,
        ),
        (
            "sum_mixed_quantities",
            False,
            f"{r['region']}'s 2024 revenue and stores together came to {mixed:,}.",
            rows,
            None,
        ),
    ]


def _context(rng: random.Random) -> list[Raw]:
    rows = []
    for name in rng.sample(REGIONS, 4):
        rows.append(
            {
                "region": name,
                "average_basket": rng.randint(25, 90),
                "orders": rng.randint(4_000, 30_000),
            }
        )
    a, b = rng.sample(rows, 2)
    text = "{r} had an average basket of €{v} across {n:,} orders."
    return [
        (
            "count_as_context",
            True,
            text.format(r=a["region"], v=a["average_basket"], n=a["orders"]),
            rows,
            None,
        ),
        (
            "count_as_context_other_row",
            False,
            text.format(r=a["region"], v=a["average_basket"], n=b["orders"]),
            rows,
            None,
        ),
    ]


def _number_words(rng: random.Random) -> list[Raw]:
    n = rng.randint(2, 5)
    rows = _yearly(rng, n)
    total = sum(r["revenue_2024"] for r in rows)
    text = "All {w} regions together made ${t:,} in 2024."
    return [
        ("number_word_rows", True, text.format(w=WORDS[n], t=total), rows, None),
        ("number_word_rows_wrong", False, text.format(w=WORDS[n + 1], t=total), rows, None),
    ]


def _signs(rng: random.Random) -> list[Raw]:
    rows = []
    for name in rng.sample(REGIONS, 4):
        v = rng.randint(20, 400) * 10_000
        rows.append({"region": name, "net_income": v if rng.random() < 0.5 else -v})
    neg = [r for r in rows if r["net_income"] < 0]
    pos = [r for r in rows if r["net_income"] > 0]
    if not neg or not pos:
        return []
    a, b = rng.choice(neg), rng.choice(pos)
    text = "{r} posted a net loss of ${v:,}."
    return [
        ("sign_word", True, text.format(r=a["region"], v=-a["net_income"]), rows, None),
        ("sign_word_wrong", False, text.format(r=b["region"], v=b["net_income"]), rows, None),
    ]


def _comparison(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    a, b = rng.sample(rows, 2)
    if a["revenue_2024"] == b["revenue_2024"]:
        return []
    hi, lo = (a, b) if a["revenue_2024"] > b["revenue_2024"] else (b, a)
    text = "In 2024 {x} outsold {y} ({vx} vs {vy})."
    return [
        (
            "comparison",
            True,
            text.format(
                x=hi["region"], y=lo["region"], vx=_m(hi["revenue_2024"]), vy=_m(lo["revenue_2024"])
            ),
            rows,
            None,
        ),
        (
            "comparison_wrong_way",
            False,
            text.format(
                x=lo["region"], y=hi["region"], vx=_m(lo["revenue_2024"]), vy=_m(hi["revenue_2024"])
            ),
            rows,
            None,
        ),
    ]


def _fields(rng: random.Random) -> list[Raw]:
    names = rng.sample(["germany", "france", "spain", "italy", "poland"], 3)
    row = {f"{n}_sales": rng.randint(100, 900) * 1_000_000 for n in names}
    a, b = names[0], names[1]
    if row[f"{a}_sales"] == row[f"{b}_sales"]:
        return []
    text = "{c} contributed €{v}m."
    return [
        (
            "field_own_entity",
            True,
            text.format(c=a.title(), v=row[f"{a}_sales"] // 1_000_000),
            [row],
            None,
        ),
        (
            "field_other_entity",
            False,
            text.format(c=a.title(), v=row[f"{b}_sales"] // 1_000_000),
            [row],
            None,
        ),
    ]


def _four_digits(rng: random.Random) -> list[Raw]:
    rows = [{"plant": name, "vehicles": rng.randint(1900, 2099)} for name in rng.sample(REGIONS, 3)]
    a, b = rng.sample(rows, 2)
    if a["vehicles"] == b["vehicles"]:
        return []
    text = "The {p} plant built {v} vehicles."
    return [
        ("four_digit_count", True, text.format(p=a["plant"], v=a["vehicles"]), rows, None),
        ("four_digit_count_wrong", False, text.format(p=a["plant"], v=b["vehicles"]), rows, None),
    ]


def _scaled(rng: random.Random) -> list[Raw]:
    a = rng.randint(15, 60) * 100_000
    b = rng.randint(15, 60) * 100_000
    if a == b:
        return []
    rows = [{"year": 2023, "sales": a}, {"year": 2024, "sales": b}]
    pct = (b - a) / a * 100
    body = f"Growth was ({b / 1e6:.1f} − {a / 1e6:.1f}) / {a / 1e6:.1f} × 100 = "
    return [
        ("scaled_arithmetic", True, body + f"{pct:.1f}%.", rows, None),
        (
            "scaled_arithmetic_wrong",
            False,
            body + f"{pct + rng.choice([-1, 1]) * rng.uniform(4, 9):.1f}%.",
            rows,
            None,
        ),
    ]


def _minus_count(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 3)
    r = rng.choice(rows)
    v = r["revenue_2024"]
    return [
        ("negative_money", True, f"{r['region']}'s revenue in 2024 was ${v:,}.", rows, None),
        (
            "money_minus_count",
            False,
            f"{r['region']}'s revenue in 2024 was -${v - r['stores']:,}.",
            rows,
            None,
        ),
    ]


def _scale_away(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 3)
    r = rng.choice(rows)
    v = r["revenue_2024"] / 1e6
    text = "{x}'s revenue in 2024 was ${v:.2f} (all figures in {u})."
    return [
        ("scale_note", True, text.format(x=r["region"], v=v, u="millions"), rows, None),
        ("scale_note_wrong", False, text.format(x=r["region"], v=v, u="billions"), rows, None),
    ]


def _question(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    a, b = rng.sample(rows, 2)
    out: list[Raw] = []
    if a["revenue_2023"] != a["revenue_2024"]:
        q = f"What was {a['region']}'s revenue in 2024?"
        out += [
            ("question_year", True, f"It was ${a['revenue_2024']:,}.", rows, q),
            ("question_other_year", False, f"It was ${a['revenue_2023']:,}.", rows, q),
        ]
    if a["revenue_2024"] != b["revenue_2024"]:
        q = f"What was {a['region']}'s revenue in 2024?"
        out += [("question_other_row", False, f"The answer is ${b['revenue_2024']:,}.", rows, q)]
    gap = a["revenue_2024"] - a["revenue_2023"]
    if gap:
        # "How much": an amount asked. "What was the change in ...?" admits a relative change
        # since round 25 (rules.alignment_change, offq25: TAT-QA's answers use it so); under
        # that wording the percentage below passed (0/25 caught, docs/claims.md).
        q = f"How much did {a['region']}'s revenue change from 2023 to 2024?"
        pct = gap / a["revenue_2023"] * 100
        out += [
            ("question_operation", True, f"The change was ${gap:,}.", rows, q),
            ("question_other_operation", False, f"The change was {pct:.1f}%.", rows, q),
        ]
    return out


def _count_answer(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 6)
    values = sorted(r["revenue_2024"] for r in rows)
    bar = (values[2] + values[3]) // 2 // 10_000 * 10_000
    n = sum(v > bar for v in values)
    q = f"How many regions had 2024 revenue above ${bar:,}?"
    return [
        ("count_answer", True, f"{n} regions had 2024 revenue above ${bar:,}.", rows, q),
        ("count_answer_wrong", False, f"{n + 1} regions had 2024 revenue above ${bar:,}.", rows, q),
    ]


def _three_years(rng: random.Random, n: int) -> Rows:
    """Regions with revenue in 2022-2024 (round to $10,000) and a store count."""
    rows = []
    for name in rng.sample(REGIONS, n):
        a = rng.randint(150, 900) * 10_000
        row: dict[str, Any] = {"region": name, "revenue_2022": a}
        for year in (2023, 2024):
            a = int(a * rng.uniform(0.75, 1.35)) // 10_000 * 10_000
            row[f"revenue_{year}"] = a
        row["stores"] = rng.randint(8, 95)
        rows.append(row)
    return rows


def _partial_average(rng: random.Random) -> list[Raw]:
    rows = _three_years(rng, 4)
    a = rng.choice(rows)
    years = [a[f"revenue_{y}"] for y in (2022, 2023, 2024)]
    every, part = sum(years) / 3, (years[1] + years[2]) / 2
    stores = [r["stores"] for r in rows]
    out: list[Raw] = []
    q = f"What was the average revenue of {a['region']}?"
    if abs(every - part) > 20_000:
        out += [
            ("average_every_year", True, f"The average was ${every:,.0f}.", rows, q),
            ("average_some_years", False, f"The average was ${part:,.0f}.", rows, q),
        ]
    q = "What is the average number of stores of the regions?"
    mean, pair = sum(stores) / 4, (stores[0] + stores[1]) / 2
    if abs(mean - pair) > 0.5:
        out += [
            ("average_every_row", True, f"The average is {mean:.2f}.", rows, q),
            ("average_some_rows", False, f"The average is {pair:.2f}.", rows, q),
        ]
    return out


def _own_rows(rng: random.Random) -> list[Raw]:
    rows = _three_years(rng, 4)
    a, b = rng.sample(rows, 2)
    pa = (a["revenue_2024"] - a["revenue_2022"]) / a["revenue_2022"] * 100
    pb = (b["revenue_2024"] - b["revenue_2022"]) / b["revenue_2022"] * 100
    if abs(pa - pb) < 0.5:
        return []
    said = f"{a['region']} had ${a['revenue_2022']:,} in 2022 and ${a['revenue_2024']:,} in 2024."
    return [
        ("change_of_own_rows", True, f"{said} The percentage change is {pa:.1f}%.", rows, None),
        ("change_of_unnamed_row", False, f"{said} The percentage change is {pb:.1f}%.", rows, None),
    ]


def _span(rng: random.Random) -> list[Raw]:
    rows = _three_years(rng, 4)
    a = rng.choice(rows)
    whole = a["revenue_2024"] - a["revenue_2022"]
    inner = a["revenue_2024"] - a["revenue_2023"]
    if whole == inner or not inner:
        return []
    q = f"What was the change in {a['region']}'s revenue from 2022 to 2024?"
    return [
        ("change_over_span", True, f"The change was ${whole:,}.", rows, q),
        ("change_inside_span", False, f"The change was ${inner:,}.", rows, q),
    ]


def _which_years(rng: random.Random) -> list[Raw]:
    rows = _three_years(rng, 4)
    a = rng.choice(rows)
    values = sorted(a[f"revenue_{y}"] for y in (2022, 2023, 2024))
    if values[1] - values[0] < 20_000:
        return []
    bar = (values[0] + values[1]) // 2 // 10_000 * 10_000  # two years above it, one below
    above = [y for y in (2022, 2023, 2024) if a[f"revenue_{y}"] > bar]
    q = f"In which years was {a['region']}'s revenue above ${bar:,}?"
    said = f"{a['region']}'s revenue was above ${bar:,} in"
    return [
        ("years_past_bar", True, f"{said} {above[0]} and {above[1]}.", rows, q),
        ("years_past_bar_left_out", False, f"{said} {above[1]}.", rows, q),
    ]


def _money_from_count(rng: random.Random) -> list[Raw]:
    rows = _yearly(rng, 4)
    a = rng.choice(rows)
    return [
        ("count_as_count", True, f"{a['region']} ran {a['stores']} stores.", rows, None),
        ("count_as_money", False, f"{a['region']} spent ${a['stores']} on its stores.", rows, None),
    ]


def _answer_decimals(rng: random.Random) -> list[Raw]:
    """A percentage change answered to two decimals, and the same answer to one (trace option
    ``answer_decimals=2``: the convention of financial QA golds; rules.answer_decimals)."""
    rows = _yearly(rng, 3)
    a = rng.choice(rows)
    old, new = a["revenue_2023"], a["revenue_2024"]
    change = (new - old) / old * 100
    two, one = f"{change:.2f}%", f"{change:.1f}%"
    if float(two[:-1]) == float(one[:-1]) or abs(change) < 1:
        return []
    q = f"What was the percentage change in {a['region']}'s revenue from 2023 to 2024?"
    said = f"{a['region']}'s revenue was ${old:,} in 2023 and ${new:,} in 2024."
    opts = {"answer_decimals": 2}
    return [
        ("answer_two_decimals", True, f"{said} The change is {two}.\nAnswer: {two}", rows, q, opts),
        ("answer_one_decimal", False, f"{said} The change is {one}.\nAnswer: {one}", rows, q, opts),
    ]


def _change_sign(rng: random.Random) -> list[Raw]:
    """A change the answer names with no direction word: its sign must be the sign its own two
    figures show (rules.change_signs)."""
    rows = _yearly(rng, 4)
    down, _ = _changed(rows)
    old, new = down["revenue_2023"], down["revenue_2024"]
    if new >= old:
        return []
    said = f"{down['region']}'s revenue was ${old:,} in 2023 and ${new:,} in 2024."
    return [
        ("change_signed", True, f"{said} The net change is -${old - new:,}.", rows, None),
        ("change_sign_wrong", False, f"{said} The net change is ${old - new:,}.", rows, None),
    ]


def _which_period(rng: random.Random) -> list[Raw]:
    """A which-year question with a superlative, answered with the right year and with another
    (rules.which_period)."""
    rows = _three_years(rng, 4)
    a = rng.choice(rows)
    by_year = {y: a[f"revenue_{y}"] for y in (2022, 2023, 2024)}
    top = max(by_year, key=lambda y: by_year[y])
    if sorted(by_year.values())[-1] == sorted(by_year.values())[-2]:
        return []
    other = rng.choice([y for y in by_year if y != top])
    q = f"In which year was {a['region']}'s revenue highest?"
    return [
        ("which_period_extreme", True, f"Answer: {top}", rows, q),
        ("which_period_not_extreme", False, f"Answer: {other}", rows, q),
    ]


def _which_period_bare(rng: random.Random) -> list[Raw]:
    """A which-year question answered with nothing but a year ("2023", "In 2022."): the answer
    itself, as after an answer marker (rules.which_period.answer_start)."""
    rows = _three_years(rng, 4)
    a = rng.choice(rows)
    by_year = {y: a[f"revenue_{y}"] for y in (2022, 2023, 2024)}
    low = min(by_year, key=lambda y: by_year[y])
    if sorted(by_year.values())[0] == sorted(by_year.values())[1]:
        return []
    other = rng.choice([y for y in by_year if y != low])
    q = f"In which year was {a['region']}'s revenue lowest?"
    shape = rng.choice(["{y}", "In {y}.", "{y}."])
    return [
        ("which_period_bare_year", True, shape.format(y=low), rows, q),
        ("which_period_bare_wrong_year", False, shape.format(y=other), rows, q),
    ]


def _period_compare(rng: random.Random) -> list[Raw]:
    """Two years of one row compared in words, the right way and the wrong way
    (rules.period_compare)."""
    rows = _yearly(rng, 4)
    a = rng.choice(rows)
    old, new = a["revenue_2023"], a["revenue_2024"]
    if old == new:
        return []
    word, other = ("higher", "lower") if new > old else ("lower", "higher")
    said = f"{a['region']}'s revenue was ${old:,} in 2023 and ${new:,} in 2024."
    text = "{s} Its revenue in 2024 was {w} than in 2023."
    return [
        ("period_compare", True, text.format(s=said, w=word), rows, None),
        ("period_compare_wrong_way", False, text.format(s=said, w=other), rows, None),
    ]


CLASSES: tuple[Callable[[random.Random], list[Raw]], ...] = (
    _restatement, _range, _decrease, _one_year, _columns, _context, _number_words, _signs,
    _comparison, _fields, _four_digits, _scaled, _minus_count, _scale_away, _question,
    _count_answer, _partial_average, _own_rows, _span, _which_years, _money_from_count,
    _answer_decimals, _change_sign, _which_period, _period_compare, _which_period_bare,
    *SENTENCE_CLASSES,  # claims7's classes of sentence (claims_sentences.py)
    *SENTENCE_CLASSES8,  # claims8's (claims_sentences8.py)
    *SENTENCE_CLASSES9,  # claims9's (claims_sentences9.py)
    *SENTENCE_CLASSES10,  # claims10's (claims_sentences10.py)
    *SENTENCE_CLASSES10B,  # failopen10's (claims_sentences10b.py)
    *SENTENCE_CLASSES_CLAIMS11,  # claims11's (claims_sentences_claims11.py)
    *SENTENCE_CLASSES_FAILOPEN11,  # failopen11's (claims_sentences_failopen11.py)
    *SENTENCE_CLASSES_LEAD13,  # the lead's of round 13 (claims_sentences_lead13.py)
    *SENTENCE_CLASSES_LEAD14,  # the lead's of round 14 (claims_sentences_lead14.py)
    *SENTENCE_CLASSES_LEAD15,  # the lead's of round 15 (claims_sentences_lead15.py)
    *SENTENCE_CLASSES_LEAD16,  # the lead's of round 16 (claims_sentences_lead16.py)
    *SENTENCE_CLASSES_LEAD17,  # the lead's of round 17 (claims_sentences_lead17.py)
    *SENTENCE_CLASSES_LEAD18,  # the lead's of round 18 (claims_sentences_lead18.py)
    *SENTENCE_CLASSES_LEAD19,  # the lead's of round 19 (claims_sentences_lead19.py)
    *SENTENCE_CLASSES_LEAD20,  # the lead's of round 20 (claims_sentences_lead20.py)
    *SENTENCE_CLASSES_LEAD25,  # the lead's of round 25 (claims_sentences_lead25.py)
)  # fmt: skip


def claims_cases(rng: random.Random, tables: int) -> list[Raw]:
    """``tables`` draws of every class; each class from its own stream seeded from ``rng``."""
    out: list[Raw] = []
    for make in CLASSES:
        stream = random.Random(rng.randrange(2**32))
        for _ in range(tables):
            out += make(stream)
    return out
