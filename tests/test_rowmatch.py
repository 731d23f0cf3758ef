"""The table-row check: token-level row names and year columns (``wrong_row``).

Expected results are data in ``tests/vectors/language_rows.json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crossfoot import check
from crossfoot.language.rowmatch import label_tokens, names_row, tokens

VECTORS = json.loads((Path(__file__).parent / "vectors" / "language_rows.json").read_text("utf-8"))


def _source(table: str) -> dict[str, str]:
    return {"id": "R1", "text": "Results (in millions) " + json.dumps(VECTORS["tables"][table])}


def _cases() -> list[object]:
    out: list[object] = []
    for case in VECTORS["rows"]:
        marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
        out.append(pytest.param(case, marks=marks, id=str(case["answer"])))
    return out


@pytest.mark.parametrize("case", _cases())
def test_row_vectors(case: dict[str, object]) -> None:
    report = check(str(case["answer"]), [_source(str(case["table"]))])
    got = {c.text.strip(): c.status for c in report.claims}
    expected = case["expected"]
    assert isinstance(expected, dict)
    for text, status in expected.items():
        assert got.get(text) == status, (text, got)


def test_wrong_row_evidence_names_both_rows() -> None:
    report = check("Net sales were $120 million in 2019 [R1].", [_source("main")])
    claim = report.claims[0]
    assert claim.status == "wrong_row"
    assert claim.evidence is not None
    assert claim.evidence.formula == (
        "value is in [R1] Operating profit / 2019, but the sentence names Net sales"
    )


def test_wrong_year_evidence_names_both_years() -> None:
    report = check("Net sales were $450 million in 2019 [R1].", [_source("main")])
    assert report.claims[0].message == (
        "value is in the 2018 column ([R1] Net sales / 2018), but the sentence says 2019"
    )


def test_check_table_rows_false_switches_the_check_off() -> None:
    report = check(
        "Net sales were $120 million in 2019 [R1].", [_source("main")], check_table_rows=False
    )
    assert report.claims[0].status == "supported_exact"


def test_tokens_fold_plurals_and_drop_stop_words() -> None:
    assert tokens("Total revenues of the Americas") == ["total", "revenue", "america"]
    assert label_tokens("Working capital ( 1 )") == frozenset({"working", "capital"})
    assert label_tokens("Shareholder dividends1") == frozenset({"shareholder", "dividend"})
    assert label_tokens("Tier 1 capital") == frozenset({"tier", "1", "capital"})


def test_names_row_is_order_free_and_needs_every_content_word() -> None:
    assert names_row("Sales, net", "net sales were up")
    assert names_row("Net sales", "sales were up")
    assert not names_row("Operating income", "operating profit was up")
    assert not names_row("Other", "other costs rose")
    assert not names_row("2020", "in 2020 we paid")


def _with_prose(prose: str) -> list[dict[str, str]]:
    return [_source("main"), {"id": "R2", "text": prose}]


def test_value_also_in_prose_is_still_the_wrong_row_when_the_prose_names_another() -> None:
    # 120 is the operating profit in the table and in the prose; the table's own 2019 net sales
    # figure is 473, so "net sales were $120 million" is the wrong row.
    sources = _with_prose("Operating profit rose to $120 million on cost savings.")
    report = check("Net sales were $120 million in 2019.", sources, require_citations=False)
    assert report.claims[0].status == "wrong_row"


def test_value_in_prose_that_names_the_sentence_row_passes() -> None:
    sources = _with_prose("Net sales in the new segment were $120 million.")
    report = check("Net sales were $120 million in 2019.", sources, require_citations=False)
    assert report.claims[0].passed


def test_bare_answer_line_with_a_prose_figure_other_than_the_conclusion() -> None:
    sources = _with_prose("Legal expense was $9.9 million and acquisition expenses $15.4 million.")
    report = check(
        "The legal expense was $9.9 million.\nAnswer: $15.4 million",
        sources,
        require_citations=False,
    )
    assert [c.status for c in report.claims] == ["supported_exact", "wrong_row"]
    assert report.claims[1].message == (
        "the answer line states $15.4 million, but the sentence before concludes $9.9 million"
    )


def test_wrong_year_also_in_prose_fails_unless_the_prose_says_that_year() -> None:
    text = "Net sales were $450 million in 2019."
    no_year = check(
        text, _with_prose("Net sales of $450 million were a record."), require_citations=False
    )
    assert no_year.claims[0].status == "wrong_row"
    said = check(
        text, _with_prose("In 2019 the new unit sold $450 million."), require_citations=False
    )
    assert said.claims[0].passed
