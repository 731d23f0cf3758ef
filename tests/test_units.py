"""Units the sources do not state: inferred from prose restatements of cells or of a row's
change (sources.restated)."""

from __future__ import annotations

import json
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.sources.load import load_sources

TABLE = json.dumps([["", "2024", "2023"], ["Freight revenue", "$48,215", "$44,902"]])


def _views(sources: list[str]) -> set[tuple[str, str]]:
    ss = load_sources(sources)
    return {(str(v.value), v.view) for v in ss.sources[0].values}


def test_prose_restating_a_cell_gives_the_table_its_unit() -> None:
    views = _views([TABLE, "Freight revenue was $48.2 million in 2024."])
    assert ("48215", "written") in views and ("48215000", "true") in views
    report = crossfoot.check(
        "Freight revenue was $48,215 thousand in 2024.", [TABLE, "$48.2 million"]
    )
    (claim,) = report.claims
    assert claim.passed and "unit inferred: thousands" in claim.evidence.formula


def test_no_inference_without_a_fine_restatement() -> None:
    # one significant digit pins nothing down; a table with a stated unit keeps its own
    assert _views([TABLE, "Freight revenue was about $48 million."]) == {
        ("48215", "both"),
        ("44902", "both"),
    }
    stated = json.dumps([["(in millions)", "2024"], ["Freight revenue", "48.2"]])
    ss = load_sources([stated, "Revenue was $48.2 thousand."])
    assert {v.unit_header for v in ss.sources[0].values} == {None, "(in millions)"}


def test_restatements_that_disagree_infer_nothing() -> None:
    table = json.dumps([["", "2024"], ["A", "4,821"], ["B", "1,250"]])
    prose = "A was $4.82 million; B was $1.25 billion."  # thousands for A, millions for B
    assert {view for _, view in _views([table, prose])} == {"both"}


@given(st.integers(100, 999_999), st.sampled_from([3, 6]))
def test_any_cell_restated_at_three_digits_scales_the_table(cell: int, power: int) -> None:
    """A cell of thousands (millions) restated in millions (billions) to three decimals."""
    shown = Decimal(cell).scaleb(-3).quantize(Decimal("0.001"))
    word = {3: "million", 6: "billion"}[power]
    table = json.dumps([["", "2024"], ["Sales", f"{cell:,}"]])
    ss = load_sources([table, f"Sales were ${shown} {word} in 2024."])
    scaled = [v.value for v in ss.sources[0].values if v.view == "true"]
    assert scaled == [Decimal(cell) * Decimal(10) ** power]


@settings(max_examples=30)
@given(st.integers(20_000, 99_999), st.integers(1_000, 4_999))
def test_a_row_change_restated_in_words_naming_the_row_scales_the_table(a: int, gap: int) -> None:
    """The change of a row between two years, restated to three digits by a sentence naming the
    row, gives the table its unit; the same figure naming no row of the table gives none."""
    rows = [
        ["", "2024", "2023"],
        ["Freight revenue", f"{a:,}", f"{a - gap:,}"],
        ["Fuel", "512", "498"],
    ]
    table = json.dumps(rows)
    shown = Decimal(gap).scaleb(-3).quantize(Decimal("0.01"))
    named = _views([table, f"Freight revenue increased ${shown} million in 2024."])
    assert (str(a * 1000), "true") in named
    unnamed = _views([table, f"Payroll increased ${shown} million in 2024."])
    assert {view for _, view in unnamed} == {"both"}


ORCHARD = json.dumps([["", "2024", "2023"], ["Apples", "6,120", "5,874"]])


def test_a_scale_word_no_source_states_is_unit_unstated() -> None:
    report = crossfoot.check("The orchard harvested 6,120 thousand apples in 2024.", [ORCHARD])
    (claim,) = report.claims
    assert claim.status == "unit_unstated" and not claim.passed
    assert "no source states their unit" in claim.message and "thousand" in claim.message
    assert claim.evidence is not None and claim.evidence.operands[0].row == "Apples"
    assert report.to_dict()["claims"][0]["status"] == "unit_unstated"


def test_unit_unstated_only_where_no_unit_is_missing_elsewhere() -> None:
    stated = json.dumps([["(in thousands)", "2024"], ["Apples", "6,120"]])
    assert crossfoot.check("Apples were 6,120 million in 2024.", [stated]).claims[0].status == (
        "unsupported"  # the table states thousands: millions is plainly wrong
    )
    fields = [{"id": "R1", "fields": {"apples_2024": 6120}}]
    assert crossfoot.check("Apples were 6,120 thousand in 2024.", fields).claims[0].status == (
        "unsupported"  # a record's field is a value as given, not a cell of a table
    )
    rows = [{"fruit": "apples", "tons": 6120}]
    assert crossfoot.trace("Apples came to 6,120 thousand tons.", rows).claims[0].status != (
        "unit_unstated"  # query results carry no units at all
    )


PORT = json.dumps([["(in millions)", "2024", "2023"], ["Throughput", "211.5", "168.4"]])
PROSE = "Throughput was $211.5 million in 2024 and $168.4 million in 2023."


def test_a_result_in_another_scale_than_its_operands_is_an_arithmetic_error() -> None:
    for sources in ([PORT], [PROSE]):
        right = crossfoot.check("Throughput was 211.5 + 168.4 = 379.9 million.", sources)
        assert right.claims[-1].status == "derived"
        wrong = crossfoot.check("Throughput was 211.5 + 168.4 = 379.9 billion.", sources)
        claim = wrong.claims[-1]
        assert claim.status == "arithmetic_error"
        assert "operands are stated in millions" in claim.message
        assert "379.9 million" in claim.message


def test_operands_with_their_own_scale_are_read_as_written() -> None:
    # each operand states its unit: the calculation itself reads them (no unit is inferred)
    text = "Throughput was $211.5 million + $168.4 million = $379.9 million."
    assert crossfoot.check(text, [PORT]).claims[-1].status == "derived"
    unitless = json.dumps([["", "2024", "2023"], ["Throughput", "211.5", "168.4"]])
    # no unit stated anywhere: the sum adds up, and no unit contradicts the result
    assert crossfoot.check("It was 211.5 + 168.4 = 379.9 billion.", [unitless]).claims[-1].passed


def test_docstring_examples() -> None:
    import doctest

    from crossfoot.rules import _derive_shared, calc_units, units
    from crossfoot.sources import restated

    for module in (units, calc_units, restated, _derive_shared):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
