"""check() and Checker end to end: statuses, options, citations, bad input."""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot import Checker, SourceError, check

R1 = {"id": "R1", "fields": {"revenue_2023": 2_870_000_000, "revenue_2024": 3_214_000_000}}
R2 = {"id": "R2", "fields": {"employees_2024": 1850}}


def statuses(text: str, sources: object, **options: object) -> list[str]:
    return [c.status for c in check(text, sources, **options).claims]


def test_done_when_example_passes() -> None:
    report = check(
        "Revenue reached $3.2bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}]
    )
    assert report.passed
    assert report.claims[0].status == "supported_rounded"


def test_exact_and_rounded() -> None:
    assert statuses("Revenue was $3,214,000,000 [R1].", [R1]) == ["supported_exact"]
    assert statuses("Revenue was $3.21bn [R1].", [R1]) == ["supported_rounded"]


def test_false_precision_against_prose_source() -> None:
    src = ["Revenue was $3.2bn in FY2024."]
    assert statuses("Revenue was $3,214 million [S1].", src) == ["unsupported"]
    assert statuses("Revenue was $3.2 billion [S1].", src) == ["supported_exact"]


def test_scale_error_is_unsupported() -> None:
    assert statuses("Revenue was $3.2m [R1].", [R1]) == ["unsupported"]
    assert statuses("Revenue was $3.2 trillion [R1].", [R1]) == ["unsupported"]


def test_wrong_record() -> None:
    report = check("Acme employed 1,850 people [R1].", [R1, R2])
    claim = report.claims[0]
    assert claim.status == "wrong_record"
    assert "[R2]" in claim.message and "[R1]" in claim.message


def test_unknown_citation_is_not_searched_and_is_an_issue() -> None:
    report = check("Revenue reached $3.2bn [R9].", [R1])
    assert [c.status for c in report.claims] == ["unknown_citation"]
    assert report.issues and "[R9]" in report.issues[0]
    assert not report.passed


def test_unknown_citation_beside_known_one_fails_the_report() -> None:
    report = check("Revenue reached $3.2bn [R1, R9].", [R1])
    assert [c.status for c in report.claims] == ["supported_rounded"]
    assert not report.passed


def test_require_citations() -> None:
    assert statuses("Revenue reached $3.2bn.", [R1], require_citations=True) == ["uncited"]
    assert statuses("Revenue reached $3.2bn [R1].", [R1], require_citations=True) == [
        "supported_rounded"
    ]


def test_strict_mode_needs_exact_values() -> None:
    assert statuses("Revenue reached $3.2bn [R1].", [R1], allow_rounding=False) == ["unsupported"]


def test_plain_string_sources_cited_by_position() -> None:
    src = ["Nothing here.", "In FY2024 Acme shipped 12,400 units."]
    assert statuses("Acme shipped 12,400 units [2].", src) == ["supported_exact"]
    assert statuses("Acme shipped 12,400 units [S2].", src) == ["supported_exact"]
    assert statuses("Acme shipped 12,400 units [S1].", src) == ["wrong_record"]


def test_sic_is_not_a_citation() -> None:
    report = check("Revenue reached $3.2bn [sic].", [R1])
    assert report.passed and not report.issues


def test_fraction_and_percent_forms() -> None:
    src = [{"id": "R1", "fields": {"margin": Decimal("0.123"), "growth_pct": 4.5}}]
    assert statuses("The margin was 12.3% [R1].", src) == ["supported_exact"]
    assert statuses("Growth was 0.045 [R1].", src) == ["supported_exact"]


def test_negative_claim_not_grounded_by_positive_value() -> None:
    src = [{"id": "R1", "fields": {"net_income": 97150}}]
    assert statuses("Net income was -$97,150 [R1].", src) == ["unsupported"]
    assert statuses("Net income was $97,150 [R1].", src) == ["supported_exact"]


def test_loss_matches_negative_value_by_magnitude() -> None:
    src = [{"id": "R1", "fields": {"net_income": -250000}}]
    assert statuses("The company posted a loss of $250,000 [R1].", src) == ["supported_exact"]


def test_currency_codes_compare_strictly() -> None:
    src = ["Revenue was EUR 3.2 billion."]
    assert statuses("Revenue was €3.2bn.", src) == ["supported_exact"]
    assert statuses("Revenue was $3.2bn.", src) == ["unsupported"]


def test_empty_answer_passes_with_no_claims() -> None:
    report = check("", [R1])
    assert report.passed and report.score == 1.0 and report.claims == ()


def test_score_is_share_passing() -> None:
    report = check("Revenue was $3.2bn and then $9.9bn [R1].", [R1])
    assert report.score == 0.5
    assert report.ungrounded == ["$9.9bn"]


def test_unknown_option_raises_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"unknown option 'strict'.*require_citations"):
        check("x", [R1], strict=True)


def test_ill_typed_option() -> None:
    with pytest.raises(TypeError, match="require_citations"):
        check("x", [R1], require_citations="yes")


def test_answer_must_be_text() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        check(42, [R1])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("sources", "message"),
    [
        ([{"fields": {"x": 1}}], "id"),
        ([{"id": "R1"}, {"id": "R1"}], "duplicate"),
        ([{"id": "R1", "fields": {"x": "lots"}}], "x"),
        ([42], "42|int"),
    ],
)
def test_bad_sources_raise_source_error(sources: list[object], message: str) -> None:
    with pytest.raises(SourceError, match=message):
        check("Revenue was 5.", sources)


def test_checker_reuses_sources() -> None:
    checker = Checker([R1])
    assert checker.check("Revenue was $3.2bn.").passed
    assert not checker.check("Revenue was $4.2bn.").passed
    assert not checker.check("Revenue was $3.2bn.", allow_rounding=False).passed


def test_report_outputs() -> None:
    report = check("Revenue was $3.2bn but costs were $9.9bn [R1].", [R1])
    summary = report.summary()
    assert "[supported_rounded] $3.2bn - [R1] revenue_2024 = 3,214,000,000" in summary
    assert "[unsupported] $9.9bn" in summary
    assert "FAIL" in summary.splitlines()[-1]
    assert report.explain().startswith("UNGROUNDED · 2 checked · 1 untraceable")
    assert report.caveat() == "This figure could not be traced to the data: $9.9bn."
    d = report.to_dict()
    assert d["passed"] is False and d["checked"] == 2
    assert d["claims"][0]["evidence"]["operands"][0]["value"] == "3214000000"
    assert d["claims"][1]["evidence"] is None


def test_threads_sharing_the_sources_cache_get_the_verdicts_of_one_thread() -> None:
    # check() keeps recently read sources in a module-level cache: threads that fill and evict
    # it at once (a switch interval of a microsecond interleaves them finely) must still get
    # exactly the single-threaded reports.
    from interleave import run_interleaved

    jobs = [
        (f"We sold {n} units, {p}% more.", [f"Units sold: {n}.", f"Growth was {p}%."])
        for n, p in zip(range(1200, 1264), range(3, 67), strict=True)
    ]
    jobs += [(f"We sold {n + 1} units.", [f"Units sold: {n}."]) for n in range(1200, 1216)]
    want = [check(a, s).to_dict() for a, s in jobs]
    got: list[list[dict[str, object]]] = [[] for _ in range(6)]
    run_interleaved(
        [lambda k=k: got[k].extend(check(a, s).to_dict() for a, s in jobs) for k in range(6)]
    )
    assert all(g == want for g in got)
    assert sum(not w["passed"] for w in want) == 16
