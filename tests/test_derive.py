"""Two-operand derivations (crossfoot.rules.derive) on hand-built claim contexts.

Expected results live in tests/vectors/derive.json; the properties below check, for random
records, that every true derivation of a supported kind is found at its natural precision, that
the same figure moved beyond its precision is not, and that the opposite sign on a known-order
change is contradicted.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.rules import ClaimContext, Options, Verdict
from crossfoot.rules._derive_shared import derivation_limit
from crossfoot.rules.derive import two_operand
from rule_contexts import make_ctx, source_value

VECTORS = json.loads((Path(__file__).parent / "vectors" / "derive.json").read_text())["cases"]


def options_from(spec: dict[str, Any] | None) -> Options:
    spec = dict(spec or {})
    for key in ("rel_tolerance", "abs_tolerance"):
        if key in spec:
            spec[key] = Decimal(spec[key])
    if "derivations" in spec:
        spec["derivations"] = frozenset(spec["derivations"])
    return Options(**spec)


def ctx_from_case(case: dict[str, Any]) -> ClaimContext:
    values = [source_value(v) for v in case["values"]]
    groups = None
    if "groups" in case:
        groups = [[values[i] for i in g] for g in case["groups"]]
    return make_ctx(
        case["text"],
        case["claim"],
        case["kind"],
        Decimal(case["value"]),
        Decimal(case["precision"]),
        values,
        currency=case.get("currency"),
        options=options_from(case.get("options")),
        groups=groups,
        high=Decimal(case["high"]) if "high" in case else None,
    )


def check_case(case: dict[str, Any], verdict: Verdict | None) -> None:
    if case["expect"] is None:
        assert verdict is None, verdict
        return
    assert verdict is not None
    assert verdict.status == case["expect"], verdict
    ev = verdict.evidence
    assert ev is not None and ev.rule == "derive"
    if "evidence_kind" in case:
        assert ev.kind == case["evidence_kind"], ev
    if "formula" in case:
        assert case["formula"] in ev.formula, ev.formula
    if "note" in case:
        assert case["note"] in ev.note, ev.note


@pytest.mark.parametrize("case", VECTORS, ids=[c["name"] for c in VECTORS])
def test_vector(case: dict[str, Any]) -> None:
    check_case(case, two_operand(ctx_from_case(case)))


def test_group_above_max_derivation_operands_is_not_searched() -> None:
    """With the option set, a group above it is never searched, whatever the claim states."""
    pair = [
        SourceValue(Decimal(2870), "R1", field="revenue_2023"),
        SourceValue(Decimal(3214), "R1", field="revenue_2024"),
    ]
    filler = [SourceValue(Decimal(10**6 + i * 7919), "R1", field=f"item_{i}") for i in range(29)]
    text = "Revenue up 11.99%."
    fixed = Options(max_derivation_operands=30)

    def ctx(values: list[SourceValue], options: Options) -> ClaimContext:
        return make_ctx(
            text, "11.99%", "percent", Decimal("11.99"), Decimal("0.005"), values, options=options
        )

    assert two_operand(ctx(pair + filler[:28], fixed)) is not None  # 30 values: searched
    assert two_operand(ctx(pair + filler, fixed)) is None  # 31: too many from the sources alone
    assert two_operand(ctx(pair + filler, Options(max_derivation_operands=31))) is not None


def test_default_limit_follows_the_stated_precision() -> None:
    """By default a finely stated figure searches a larger group than a coarse one: "12%" a
    group of 12 values, "11.99%" one of 31 (n**2 times the claim's relative window <= 2)."""
    pair = [
        SourceValue(Decimal(2870), "R1", field="revenue_2023"),
        SourceValue(Decimal(3214), "R1", field="revenue_2024"),
    ]
    filler = [SourceValue(Decimal(10**6 + i * 7919), "R1", field=f"item_{i}") for i in range(29)]
    text = "Revenue up 12%."
    coarse = make_ctx(text, "12%", "percent", Decimal(12), Decimal("0.5"), pair + filler[:10])
    assert derivation_limit(coarse) == 12 and two_operand(coarse) is not None  # 12 values
    wide = make_ctx(text, "12%", "percent", Decimal(12), Decimal("0.5"), pair + filler[:11])
    assert two_operand(wide) is None  # 13 values: "12%" would meet some pair by chance
    fine = make_ctx(
        "Revenue up 11.99%.", "11.99%", "percent", Decimal("11.99"), Decimal("0.005"), pair + filler
    )
    assert derivation_limit(fine) >= 31 and two_operand(fine) is not None


@given(st.integers(1, 6), st.integers(1, 6))
def test_default_limit_grows_with_precision(digits: int, more: int) -> None:
    """A figure stated to more digits never searches a smaller group."""
    value = Decimal("123.456789")

    def limit(places: int) -> int:
        q = Decimal(1).scaleb(-places)
        m = make_ctx("x", "x", "number", value.quantize(q), q / 2, [])
        return derivation_limit(m)

    assert limit(digits + more) >= limit(digits)


def test_large_table_is_searched_within_the_rows_the_answer_names() -> None:
    """A table above max_derivation_operands is still searched in the rows the sentence (or the
    question before it) names; a row it does not name is never an operand."""
    cells = [
        SourceValue(Decimal(v), "R1", row=row, year=year, table=0, row_index=i, col_index=j)
        for i, row in enumerate(
            "Autos Trucks Sensors Energy Appliances Devices Aerospace Mining Retail Banking Media "
            "Travel".split()
        )
        for j, (year, v) in enumerate([(2019, 1000 + 37 * i), (2018, 1100 + 53 * i), (2017, 900)])
    ]
    text = "What was the change in Sensors from 2018 to 2019? The answer is -132."
    ctx = make_ctx(text, "-132", "number", Decimal(-132), Decimal("0.5"), cells)
    verdict = two_operand(ctx)
    assert verdict is not None and verdict.status == "derived"
    assert verdict.evidence is not None and "Sensors" in verdict.evidence.formula
    text = "What was the change in Energy from 2018 to 2019? The answer is -132."
    assert (
        two_operand(make_ctx(text, "-132", "number", Decimal(-132), Decimal("0.5"), cells)) is None
    )


def test_coarse_figure_derives_only_exactly_from_a_named_row_by_a_named_operation() -> None:
    cells = [
        SourceValue(Decimal(v), "R1", row=row, year=year, table=0, row_index=i, col_index=j)
        for i, (row, pair) in enumerate([("Cost", (100, 82)), ("Selling", (453, 361))])
        for j, (year, v) in enumerate(zip((2019, 2018), pair, strict=True))
    ]

    def verdict(text: str, claim: str = "18") -> Verdict | None:
        value = Decimal(claim)
        return two_operand(make_ctx(text, claim, "number", value, Decimal("0.5"), cells))

    named = verdict("What was the change in cost from 2018 to 2019? The answer is 18.")
    assert named is not None and named.status == "derived"
    assert verdict("The answer is 18.") is None  # no row named
    assert verdict("The cost in 2019 is 18.") is None  # no operation named
    assert verdict("The change in cost is 19.", "19") is None  # not exact


def test_a_row_and_year_statement_is_that_cell_not_a_coincidental_derivation() -> None:
    from crossfoot import check

    table = '[["", "2019", "2018"], ["Adjusted EBITDA", "344", "185"], ["Revenue", "500", "185"]]'
    # 344 - 185 = 159, but the sentence states the 2019 cell of a named row (which is 344).
    stated = check("The Adjusted EBITDA in 2019 is 159.", [table]).claims[0]
    assert stated.status == "unsupported"
    changed = check("The change in Adjusted EBITDA from 2018 to 2019 is 159.", [table]).claims[-1]
    assert changed.status == "derived"


def test_a_figure_called_a_change_is_never_a_sum() -> None:
    from crossfoot import check

    table = '[["", "2019", "2018"], ["Deposits", "30", "27"], ["Loans", "40", "45"]]'
    assert check("The change in deposits is 3.", [table]).claims[-1].status == "derived"
    assert check("The change in deposits is 57.", [table]).claims[-1].status == "unsupported"
    assert check("The total of deposits is 57.", [table]).claims[-1].status == "derived"


def test_zero_change_of_a_named_row_is_derived_exactly() -> None:
    from crossfoot import check

    table = '[["Region", "2018", "2019"], ["Taiwan", "36.4%", "36.4%"], ["Japan", "3.9%", "6.6%"]]'
    question = "What is the change in Taiwan from 2018 to 2019? "
    assert check(question + "The answer is 0%.", [table]).claims[-1].status == "derived"
    other = "What is the change in Japan from 2018 to 2019? The answer is 0%."
    assert check(other, [table]).claims[-1].status == "unsupported"


def test_aliases_and_years_do_not_count_or_combine() -> None:
    alias = SourceValue(Decimal(3214), "R1", field="revenue_2024", operand=False)
    base = SourceValue(Decimal(2870), "R1", field="revenue_2023")
    ctx = make_ctx("Up 12%.", "12%", "percent", Decimal(12), Decimal("0.5"), [base, alias])
    assert two_operand(ctx) is None


def test_passing_derivation_beats_contradicted_one() -> None:
    # 100 -> 112 (2023 -> 2024) is +12 %; 112 -> 100 in another series is -10.7 %, and a third
    # series 125 -> 110 is -12 %: a "-12%" claim has one consistent derivation and must pass.
    values = [
        SourceValue(Decimal(100), "R1", field="a_2023"),
        SourceValue(Decimal(112), "R1", field="a_2024"),
        SourceValue(Decimal(125), "R1", field="b_2023"),
        SourceValue(Decimal(110), "R1", field="b_2024"),
    ]
    verdict = two_operand(
        make_ctx("Change -12%.", "-12%", "percent", Decimal(-12), Decimal("0.5"), values)
    )
    assert verdict is not None and verdict.status == "derived"
    assert verdict.evidence is not None and "b_2023" in verdict.evidence.formula


def test_prefers_related_operands() -> None:
    # Both pairs give 10 %; the pair within one table row is named in the evidence.
    values = [
        SourceValue(
            Decimal(200), "R1", table=0, row_index=1, col_index=1, label="x / 2023", year=2023
        ),
        SourceValue(
            Decimal(220), "R1", table=0, row_index=1, col_index=2, label="x / 2024", year=2024
        ),
        SourceValue(Decimal(1000), "R1", field="other"),
        SourceValue(Decimal(1100), "R1", field="other_b"),
    ]
    verdict = two_operand(
        make_ctx("Up 10%.", "10%", "percent", Decimal(10), Decimal("0.5"), values)
    )
    assert verdict is not None and verdict.evidence is not None
    assert "x / 2023" in verdict.evidence.formula and verdict.evidence.note == ""


# --- properties ------------------------------------------------------------------------------

amounts = st.integers(min_value=1_000, max_value=9_999_999).map(Decimal)


def _quantize(value: Decimal, precision: Decimal) -> Decimal:
    return value.quantize(precision * 2)


def _record(a: Decimal, b: Decimal) -> list[SourceValue]:
    return [SourceValue(a, "R1", field="sales_2023"), SourceValue(b, "R1", field="sales_2024")]


@settings(max_examples=60, deadline=None)
@given(a=amounts, b=amounts)
def test_true_percent_change_is_derived(a: Decimal, b: Decimal) -> None:
    assume(a != b)
    precision = Decimal("0.05")
    stated = _quantize((b - a) / a * 100, precision)
    assume(0 < abs(stated) < 1000)  # "0.0%" is never derived: zero says nothing
    text = f"Sales changed {stated}%."
    verdict = two_operand(make_ctx(text, f"{stated}%", "percent", stated, precision, _record(a, b)))
    assert verdict is not None and verdict.status == "derived"


@settings(max_examples=60, deadline=None)
@given(a=amounts, b=amounts, kind=st.sampled_from(["difference", "sum", "average"]))
def test_true_amount_derivation_is_derived(a: Decimal, b: Decimal, kind: str) -> None:
    assume(a != b)
    exact = {"difference": b - a, "sum": a + b, "average": (a + b) / 2}[kind]
    assume(abs(exact) >= 100)
    # natural precision: 4 significant digits
    precision = Decimal(1).scaleb(abs(exact).adjusted() - 3) / 2
    stated = _quantize(exact, precision)
    # (a smaller operand within one unit of the figure's last digit, under 1% of the larger, only
    # restates the larger in a sum or difference: rules._negligible)
    assume(kind == "average" or min(a, b) > 2 * precision or min(a, b) * 100 > max(a, b))
    # (a mean is derived only where the answer or the question words one: rules.derive)
    text = f"The average is {stated}." if kind == "average" else f"It is {stated}."
    verdict = two_operand(make_ctx(text, f"{stated}", "number", stated, precision, _record(a, b)))
    assert verdict is not None and verdict.status == "derived"


def _pair_results(a: Decimal, b: Decimal) -> list[Decimal]:
    """Every percent-claim formula value for the pair, both orientations."""
    out = []
    for x, y in ((a, b), (b, a)):
        out += [(y - x) / x * 100, -(y - x) / x * 100, y / x * 100]
    return out


@settings(max_examples=60, deadline=None)
@given(a=amounts, b=amounts, shift=st.integers(min_value=2, max_value=40), up=st.booleans())
def test_figure_moved_beyond_precision_is_not_derived(
    a: Decimal, b: Decimal, shift: int, up: bool
) -> None:
    assume(a != b)
    precision = Decimal("0.05")
    true = _quantize((b - a) / a * 100, precision)
    moved = true + (shift if up else -shift) * precision * 2
    assume(moved != 0)
    assume(all(abs(abs(moved) - abs(r)) > precision for r in _pair_results(a, b)))
    text = f"Sales changed {moved}%."
    assert (
        two_operand(make_ctx(text, f"{moved}%", "percent", moved, precision, _record(a, b))) is None
    )


@settings(max_examples=60, deadline=None)
@given(a=amounts, b=amounts)
def test_opposite_sign_on_known_order_is_contradicted(a: Decimal, b: Decimal) -> None:
    precision = Decimal("0.05")
    true = _quantize((b - a) / a * 100, precision)
    assume(true >= 1)  # an unsigned figure without words is judged by magnitude only
    # A second orientation could also match by magnitude (100 -> 105 is +5 %, 105 -> 100 is
    # -4.8 %); the order is known, so only 2023 -> 2024 counts.
    wrong = -true
    text = f"Sales changed {wrong}%."
    verdict = two_operand(make_ctx(text, f"{wrong}%", "percent", wrong, precision, _record(a, b)))
    assert verdict is not None and verdict.status == "contradicted"


@settings(max_examples=40, deadline=None)
@given(a=amounts, b=amounts)
def test_opposite_direction_word_is_contradicted(a: Decimal, b: Decimal) -> None:
    precision = Decimal("0.05")
    true = _quantize((b - a) / a * 100, precision)
    assume(abs(true) >= 1)
    word = "fell" if true > 0 else "rose"
    text = f"Sales {word} {abs(true)}% in 2024."
    verdict = two_operand(
        make_ctx(text, f"{abs(true)}%", "percent", abs(true), precision, _record(a, b))
    )
    assert verdict is not None and verdict.status == "contradicted"


# --- end to end through crossfoot.check ------------------------------------------------------

RECORDS = [
    {
        "id": "R1",
        "fields": {
            "revenue_2023": 2_870_000_000,
            "revenue_2024": 3_214_000_000,
            "net_income_2023": 455_000_000,
            "net_income_2024": 412_000_000,
        },
    }
]

END_TO_END = [
    ("Revenue grew 12% to $3.21bn [R1].", "12%", "derived", "percent_change"),
    ("Net income rose 9.5% to $412m [R1].", "9.5%", "contradicted", "percent_change"),
    ("Net income fell 9.5% to $412m [R1].", "9.5%", "derived", "percent_change"),
    ("Revenue increased by $344m [R1].", "$344m", "derived", "difference"),
    ("Revenue decreased by $344m [R1].", "$344m", "contradicted", "difference"),
    ("Net income was 12.8% of revenue in 2024 [R1].", "12.8%", "derived", "share"),
    ("Net income rose 12.8% [R1].", "12.8%", "unsupported", None),
    ("Revenue grew 0.1199 [R1].", "0.1199", "derived", "percent_change"),
    ("Revenue grew $0.3bn [R1].", "$0.3bn", "unsupported", None),
]


@pytest.mark.parametrize(("text", "figure", "status", "kind"), END_TO_END)
def test_end_to_end(text: str, figure: str, status: str, kind: str | None) -> None:
    from crossfoot import check

    report = check(text, RECORDS)
    claim = next(c for c in report.claims if c.text == figure)
    assert claim.status == status, claim.describe()
    if kind is not None:
        assert claim.evidence is not None and claim.evidence.kind == kind
