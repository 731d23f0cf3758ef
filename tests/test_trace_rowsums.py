"""Row derivations on hand-built claim contexts (crossfoot.rules.rowsums)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Kind, Mention, Sentence
from crossfoot.rules import ClaimContext, Options, Scope, Verdict
from crossfoot.rules.rowsums import row_derivations
from crossfoot.sources.rows import rows_to_sources

ROWS = [
    {"region": "North America", "revenue": 4_820_000, "orders": 61_300, "stores": 40},
    {"region": "Europe", "revenue": 3_150_000, "orders": 47_900, "stores": 52},
    {"region": "APAC", "revenue": 1_930_000, "orders": 35_100, "stores": 17},
]
WIDE = [
    {"region": "EU", "sales_q1": 100, "sales_q2": 120, "sales_q3": 130, "headcount": 9},
    {"region": "US", "sales_q1": 200, "sales_q2": 210, "sales_q3": 190, "headcount": 14},
]


def run(
    text: str,
    figure: str,
    value: str,
    kind: Kind = "number",
    precision: str = "0.5",
    rows: object = ROWS,
    currency: str | None = None,
    **options: object,
) -> Verdict | None:
    start = text.index(figure)
    mention = Mention(
        figure, start, start + len(figure), Decimal(value), kind, Decimal(precision), currency
    )
    sources = rows_to_sources(rows, max_rows=options.pop("max_rows", 12))  # type: ignore[arg-type]
    values = [v for s in sources for v in s.values]
    scope = Scope(sources, False, ValueIndex(values), tuple(ValueIndex(s.values) for s in sources))
    opts = Options(result_rows=True, **options)  # type: ignore[arg-type]
    ctx = ClaimContext(mention, Sentence(0, 0, len(text), text), text, (mention,), 0, scope, opts)
    return row_derivations(ctx)


def kind_of(verdict: Verdict | None) -> str | None:
    if verdict is None or verdict.evidence is None:
        return None
    assert verdict.status == "derived"
    return verdict.evidence.kind


def test_column_sum_at_stated_precision() -> None:
    v = run(
        "The three regions combined reached $9.9M.",
        "$9.9M",
        "9900000",
        "money",
        "50000",
        currency="$",
    )
    assert kind_of(v) == "column_sum"
    assert v is not None and v.evidence is not None
    assert v.evidence.formula == "sum of revenue over 3 rows = 9,900,000"
    assert len(v.evidence.operands) == 3


def test_column_sum_false_precision_fails() -> None:
    # 9,900,000 is the total; "$9.95M" states a precision the data does not give.
    assert run("Combined $9.95M.", "$9.95M", "9950000", "money", "5000") is None


def test_column_mean() -> None:
    v = run("Average orders per region were 48,100.", "48,100", "48100")
    assert kind_of(v) == "column_mean"


def test_share_of_column_total() -> None:
    v = run("Europe made 32% of revenue.", "32%", "32", "percent")
    assert kind_of(v) == "share"
    assert v is not None and v.evidence is not None
    assert v.evidence.operands[0].row == "Europe"


def test_share_as_fraction() -> None:
    assert (
        kind_of(run("Europe's share was 0.318.", "0.318", "0.318", precision="0.0005")) == "share"
    )


def test_share_not_offered_for_growth_wording() -> None:
    assert run("Revenue rose 32% in Europe.", "32%", "32", "percent") is None


def test_row_sum_over_one_unit_family() -> None:
    v = run("EU sold 350 units in the first half of the year.", "350", "350", rows=WIDE)
    assert kind_of(v) == "row_sum"
    assert v is not None and v.evidence is not None
    assert {o.column for o in v.evidence.operands} == {"sales_q1", "sales_q2", "sales_q3"}


def test_row_sum_never_adds_other_units() -> None:
    # 359 = EU sales q1+q2+q3 (350) + headcount (9): dollars and heads do not add.
    assert run("EU totalled 359.", "359", "359", rows=WIDE) is None


def test_pair_sum_within_one_column() -> None:
    v = run("Europe and APAC together had 83,000 orders.", "83,000", "83000")
    assert kind_of(v) == "sum"


def test_no_sum_across_columns() -> None:
    # revenue[APAC] + orders[APAC] = 1,965,100: meaningless, must not match.
    assert run("APAC reached 1,965,100.", "1,965,100", "1965100") is None


def test_adjacent_run_sum() -> None:
    rows = [{"month": m, "visits": v} for m, v in zip("ABCDE", (10, 21, 32, 43, 54), strict=True)]
    v = run("Visits from B to D were 96.", "96", "96", rows=rows)
    assert kind_of(v) == "sum"
    assert v is not None and v.evidence is not None and len(v.evidence.operands) == 3


def test_pairwise_limited_to_max_rows() -> None:
    rows = [{"month": f"M{i}", "visits": 10 ** (i % 5) + i} for i in range(20)]
    # rows 15 and 18 are beyond max_rows=12: their sum is not offered.
    total = rows[15]["visits"] + rows[18]["visits"]  # type: ignore[operator]
    assert run(f"Combined {total} visits.", str(total), str(total), rows=rows) is None


def test_row_count() -> None:
    assert kind_of(run("Sales came from 3 regions.", "3", "3")) == "row_count"
    # "3 stores" names a measured column: it is a value, not the number of rows.
    assert run("APAC has 3 stores.", "3", "3") is None


def test_coarse_figures_do_not_search_pairs() -> None:
    # 5,000,000 = revenue NA + 180,000? No pair is tried for a figure stated to 10 %.
    assert run("Roughly 5 million.", "5 million", "5000000", precision="500000") is None


@pytest.mark.parametrize(
    ("kinds", "expected"),
    [
        (frozenset({"cell"}), None),
        (frozenset({"cell", "column_mean"}), None),
        (frozenset({"cell", "column_sum"}), "column_sum"),
    ],
)
def test_derivations_option(kinds: frozenset[str], expected: str | None) -> None:
    v = run("Combined 144,300 orders.", "144,300", "144300", derivations=kinds)
    assert kind_of(v) == expected


def test_flat_tolerance_mode() -> None:
    # 144,300 is the orders total; 145,000 is within 1 % but not at its stated precision.
    assert run("Combined 145,000 orders.", "145,000", "145000") is None
    v = run("Combined 145,000 orders.", "145,000", "145000", rel_tolerance=Decimal("0.01"))
    assert kind_of(v) == "column_sum"


def test_off_without_result_rows() -> None:
    text = "Combined 144,300 orders."
    m = Mention("144,300", 9, 16, Decimal(144300), "number", Decimal("0.5"))
    (src,) = rows_to_sources(ROWS)
    scope = Scope((src,), False, ValueIndex(src.values), (ValueIndex(src.values),))
    ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options())
    assert row_derivations(ctx) is None


def test_share_needs_the_row_named() -> None:
    # 32% is Europe's share of revenue; without naming Europe any of the rows could be meant.
    assert run("One region made 32% of revenue.", "32%", "32", "percent") is None


def test_pair_sum_needs_both_rows_named() -> None:
    assert run("Two regions together had 83,000 orders.", "83,000", "83000") is None


def test_answer_operands_are_the_named_rows() -> None:
    from crossfoot.sources.rows import AnswerOperands, read_tables

    tables, prose, order, issues = read_tables(ROWS)
    ops = AnswerOperands(tables, prose, order, issues, max_rows=12)
    values = ops.sources_for("Europe and APAC had 83,000 orders.").sources[0].values
    operands = {v.label for v in values if v.operand}
    assert operands == {
        "revenue[Europe]",
        "orders[Europe]",
        "stores[Europe]",
        "revenue[APAC]",
        "orders[APAC]",
        "stores[APAC]",
    }
    # Cells near the answer's numbers are indexed too, as non-operands: 83,000 is near nothing.
    assert all(v.row in ("Europe", "APAC") for v in values)
