"""Multi-operand derivations (crossfoot.rules.multi): sums and means of 3..k values of one line
(row, column, series, small record) and CAGR. Expected results: tests/vectors/derive_multi.json.
"""

from __future__ import annotations

import json
import math
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules import Options
from crossfoot.rules.multi import LINE_CAP, lines, multi_operand
from rule_contexts import make_ctx, source_value

VECTORS = json.loads((Path(__file__).parent / "vectors" / "derive_multi.json").read_text())["cases"]


@pytest.mark.parametrize("case", VECTORS, ids=[c["name"] for c in VECTORS])
def test_vector(case: dict[str, Any]) -> None:
    ctx = make_ctx(
        case["text"],
        case["claim"],
        case["kind"],
        Decimal(case["value"]),
        Decimal(case["precision"]),
        [source_value(v) for v in case["values"]],
        currency=case.get("currency"),
        options=Options(**case.get("options", {})),
    )
    verdict = multi_operand(ctx)
    if case["expect"] is None:
        assert verdict is None, verdict
        return
    assert verdict is not None and verdict.status == case["expect"], verdict
    ev = verdict.evidence
    assert ev is not None and ev.rule == "derive"
    if "evidence_kind" in case:
        assert ev.kind == case["evidence_kind"], ev
    if "formula" in case:
        assert case["formula"] in ev.formula, ev.formula
    if "note" in case:
        assert case["note"] in ev.note, ev.note


def test_lines_split_views_and_keep_row_order() -> None:
    cells = [
        SourceValue(Decimal(v), "R1", table=0, row_index=1, col_index=c)
        for c, v in ((3, 30), (1, 10), (2, 20))
    ]
    scaled = [SourceValue(Decimal(7), "R1", table=0, row_index=1, col_index=4, view="true")]
    found = lines(ValueIndex(cells + scaled), "amount")
    values = sorted([[int(v.value) for v in line] for line in found])
    # One line per view: the "true" view has the scaled cell, the "written" view does not.
    assert values == [[10, 20, 30], [10, 20, 30, 7]]


def test_line_cap_is_twelve() -> None:
    assert LINE_CAP == 12


def test_group_above_max_derivation_operands_is_not_searched() -> None:
    segs = [SourceValue(Decimal(v), "R1", field=n) for v, n in ((120, "a"), (340, "b"), (75, "c"))]
    filler = [
        SourceValue(Decimal(10**6 + i), "R1", table=1, row_index=i, col_index=0) for i in range(28)
    ]
    text = "Total 535."
    fixed = Options(max_derivation_operands=30)
    assert multi_operand(
        make_ctx(
            text, "535", "number", Decimal(535), Decimal("0.5"), segs + filler[:27], options=fixed
        )
    )
    assert (
        multi_operand(
            make_ctx(
                text, "535", "number", Decimal(535), Decimal("0.5"), segs + filler, options=fixed
            )
        )
        is None
    )
    # by default the limit follows the precision: "535" (a window of 0.09 %) searches 46 values
    assert multi_operand(
        make_ctx(text, "535", "number", Decimal(535), Decimal("0.5"), segs + filler)
    )


# --- properties ------------------------------------------------------------------------------

series_values = st.lists(st.integers(min_value=1_000, max_value=999_999), min_size=3, max_size=8)


@settings(max_examples=50, deadline=None)
@given(values=series_values, data=st.data())
def test_true_mean_of_consecutive_years_is_derived(values: list[int], data: st.DataObject) -> None:
    n = len(values)
    k = data.draw(st.integers(min_value=3, max_value=min(4, n)))
    i = data.draw(st.integers(min_value=0, max_value=n - k))
    record = [
        SourceValue(Decimal(v), "R1", field=f"sales_{2015 + j}") for j, v in enumerate(values)
    ]
    mean = Decimal(sum(values[i : i + k])) / k
    precision = Decimal("0.005")
    stated = mean.quantize(Decimal("0.01"))
    ctx = make_ctx(f"Average {stated}.", f"{stated}", "number", stated, precision, record)
    verdict = multi_operand(ctx)
    assert verdict is not None and verdict.status == "derived"


@settings(max_examples=50, deadline=None)
@given(
    start=st.integers(min_value=100, max_value=10**7),
    rate=st.integers(min_value=-300, max_value=600),
    years=st.integers(min_value=2, max_value=10),
)
def test_true_cagr_is_derived_and_moved_one_is_not(start: int, rate: int, years: int) -> None:
    end = Decimal(start) * (1 + Decimal(rate) / 1000) ** years
    end = end.quantize(Decimal("0.01"))
    assume(end > 0)
    exact = (math.pow(float(end / start), 1 / years) - 1) * 100
    stated = Decimal(repr(exact)).quantize(Decimal("0.01"))
    assume(stated != 0)
    record = [
        SourceValue(Decimal(start), "R1", field=f"revenue_{2010}"),
        SourceValue(end, "R1", field=f"revenue_{2010 + years}"),
    ]
    text = f"Revenue changed at a CAGR of {stated}%."
    ctx = make_ctx(text, f"{stated}%", "percent", stated, Decimal("0.005"), record)
    verdict = multi_operand(ctx)
    assert verdict is not None and verdict.status == "derived" and verdict.evidence is not None
    assert verdict.evidence.kind == "cagr"
    moved = stated + Decimal("0.05")
    text = f"Revenue changed at a CAGR of {moved}%."
    assert (
        multi_operand(make_ctx(text, f"{moved}%", "percent", moved, Decimal("0.005"), record))
        is None
    )
