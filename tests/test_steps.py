"""Restatements and step-by-step arithmetic over figures the answer already grounded."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.rules import ClaimContext, Options, Scope
from crossfoot.rules.steps import step_arithmetic

# Two records, so an uncited sentence cannot derive across them from the sources alone: only the
# answer's own grounded figures connect them.
SOURCES = [
    {"id": "R1", "text": "Revenue in 2018 was $4.2 million."},
    {"id": "R2", "text": "Revenue in 2019 was $5.5 million."},
]


def _claims(answer: str) -> list[Claim]:
    return list(check(answer, SOURCES).claims)


def _last(answer: str) -> Claim:
    return _claims(answer)[-1]


def test_percent_change_over_grounded_figures() -> None:
    claim = _last(
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. It grew 31%."
    )
    assert claim.status == "derived"
    assert claim.evidence is not None
    assert (claim.evidence.rule, claim.evidence.kind) == ("steps", "percent_change")
    assert "$4.2 million (sentence 1)" in claim.evidence.formula
    assert len(claim.evidence.operands) == 2


def test_opposite_direction_with_known_order_is_contradicted() -> None:
    claim = _last(
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. It fell 31%."
    )
    assert claim.status == "contradicted"


def test_order_from_the_answer_wording() -> None:
    claim = _last(
        "Revenue went from $4.2 million [R1] to $5.5 million [R2]. That was a 31% decline."
    )
    assert claim.status == "contradicted"


def test_unknown_order_checks_magnitude_only() -> None:
    sources = [
        {"id": "R1", "text": "Segment A revenue was $4.2 million."},
        {"id": "R2", "text": "Segment B revenue was $5.5 million."},
    ]
    answer = (
        "Segment revenues were $4.2 million [R1] and $5.5 million [R2]. The gap is $1.3 million."
    )
    claim = check(answer, sources).claims[-1]
    assert claim.status == "derived"
    assert claim.evidence is not None and claim.evidence.note == "order unknown: magnitude only"


def test_wrong_step_is_not_grounded() -> None:
    claim = _last(
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. It grew 35%."
    )
    assert claim.status == "unsupported"


def test_operands_more_than_two_sentences_back_are_not_used() -> None:
    answer = (
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. Costs were flat. "
        "Staff were flat. Headcount was flat. It grew 31%."
    )
    assert _last(answer).status == "unsupported"


def test_sum_needs_the_figures_grounded() -> None:
    claim = _last(
        "Revenue was $4.2 million [R1] and $5.5 million [R2]. Combined, that is $9.7 million."
    )
    assert claim.status == "derived"
    assert claim.evidence is not None and claim.evidence.kind == "sum"


def test_restatement_of_a_derived_figure() -> None:
    answer = (
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. It grew 31%. "
        "Growth of 31% beat the plan."
    )
    last = _last(answer)
    assert last.status == "derived"
    assert last.evidence is not None and last.evidence.kind == "restatement"
    assert last.evidence.formula.startswith("restates 31% (sentence 2): % change")


def test_restatement_across_a_dropped_unit() -> None:
    sources = [{"id": "R1", "text": "Scores were 76, 73 and 52."}]
    claims = check("(76 + 73 + 52) / 3 = 67. The average is $67 million.", sources).claims
    last = claims[-1]
    assert last.status == "derived"
    assert last.evidence is not None and last.evidence.kind == "restatement"


def _ctx(text: str, grounded: tuple[Claim, ...], position: int) -> ClaimContext:
    mentions = tuple(extract(text))
    index = ValueIndex([])
    return ClaimContext(
        mention=mentions[position],
        sentence=Sentence(1, text.index("The"), len(text), text[text.index("The") :]),
        text=text,
        mentions=mentions,
        position=position,
        scope=Scope((), False, index, (index,)),
        options=Options(),
        grounded=grounded,
    )


def test_dropped_unit_alias_is_never_an_operand() -> None:
    text = "Figures: 2.2 and 3.3. The total is 5.5."
    mentions = extract(text)
    first = Sentence(0, 0, text.index("The"), text[: text.index("The")])

    def grounded(i: int, operand: bool) -> Claim:
        sv = SourceValue(mentions[i].value * 10**9, "R1", operand=operand)
        return Claim(mentions[i], first, "supported_exact", Evidence("direct", "exact", "x", (sv,)))

    ok = _ctx(text, (grounded(0, True), grounded(1, True)), 2)
    verdict = step_arithmetic(ok)
    assert verdict is not None and verdict.status == "derived"
    alias = _ctx(text, (grounded(0, False), grounded(1, True)), 2)
    assert step_arithmetic(alias) is None


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=100, max_value=9_999),
    st.integers(min_value=100, max_value=9_999),
    st.booleans(),
)
def test_reversing_the_direction_word_contradicts(a: int, b: int, flip: bool) -> None:
    assume(abs(b - a) * 100 >= a * 2)  # a change of 2 % or more: the direction is readable
    sources = [
        {"id": "R1", "text": f"Revenue in 2018 was ${a:,} million."},
        {"id": "R2", "text": f"Revenue in 2019 was ${b:,} million."},
    ]
    change = (Decimal(b) - Decimal(a)) / Decimal(a) * 100
    up = change > 0
    word = ("rose" if up else "fell") if not flip else ("fell" if up else "rose")
    pct = abs(change).quantize(Decimal("0.1"))
    answer = (
        f"Revenue was ${a:,} million in 2018 [R1] and ${b:,} million in 2019 [R2]. "
        f"It {word} {pct}%."
    )
    claim = check(answer, sources).claims[-1]
    assert claim.status == ("contradicted" if flip else "derived")
    # The same figure moved beyond its stated precision is not derived.
    moved = answer.replace(f"{pct}%", f"{pct + Decimal('0.3')}%")
    assert check(moved, sources).claims[-1].status == "unsupported"


def test_coarse_figure_passes_only_as_exact_named_arithmetic() -> None:
    sources = ["Acme earned $1.11 per share in 2024 and $1.08 per share in 2023."]
    base = "EPS was $1.11 in 2024 versus $1.08 in 2023 [S1]. "
    assert check(base + "That is an increase of $0.03.", sources).claims[-1].status == "derived"
    # (the change of the two figures of the sentence before is 0.03: rules.restated_result)
    wrong = check(base + "That is an increase of $0.05.", sources).claims[-1].status
    assert wrong == "arithmetic_error"
    # Without wording that names a change, a one-digit figure is too coarse to derive.
    assert check(base + "That is $0.03.", sources).claims[-1].status == "unsupported"


def test_dropped_unit_step_and_wrong_scale_step() -> None:
    """A unit dropped on one side passes on the written digits; two different stated scales
    ("million" operands, "billion" result) are compared in true units and fail."""
    sources = [
        {"id": "R1", "text": "Segment A revenue was $44.1 million."},
        {"id": "R2", "text": "Segment B revenue was $56.7 million."},
    ]
    base = "Segment revenues were $44.1 million [R1] and $56.7 million [R2]. The gap is "
    assert check(base + "12.6.", sources).claims[-1].status == "derived"
    assert check(base + "$12.6 million.", sources).claims[-1].status == "derived"
    assert check(base + "$12.6 billion.", sources).claims[-1].status != "derived"


def test_restating_a_change_with_the_opposite_word_is_contradicted() -> None:
    base = (
        "Revenue was $4.2 million in 2018 [R1] and $5.5 million in 2019 [R2]. The change is 31%. "
    )
    assert _last(base + "The increase is 31%.").status == "derived"
    assert _last(base + "The decrease is 31%.").status == "contradicted"
    # A label naming both directions states neither.
    assert _last(base + "The increase / (decrease) is 31%.").status == "derived"


def test_restatement_across_a_scale_word_must_agree_in_true_units() -> None:
    table = '[["(in millions)", "2016"], ["Research and development", "283"]]'
    first = "Research and development was $283 in 2016. "
    assert check(first + "The total is $283 million.", [table]).claims[-1].passed
    assert not check(first + "The total is $283 billion.", [table]).claims[-1].passed


def test_step_over_cells_of_a_known_unit_checks_the_claims_scale_word() -> None:
    table = '[["(in millions)", "2007", "2006"], ["Unrecognized tax benefits", "70", "53"]]'
    first = "The balance was $70 in 2007 and $53 in 2006. "
    assert check(first + "The net change is $17 million.", [table]).claims[-1].passed
    assert not check(first + "The net change is $17 billion.", [table]).claims[-1].passed
