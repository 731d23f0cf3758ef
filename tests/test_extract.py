"""Number extraction: vectors, decisions, properties and adversarial input."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.strategies import FormattedNumber, formatted_numbers

from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract, parse_number_string, stated_precision

_VECTORS = json.loads((Path(__file__).parent / "vectors" / "extract.json").read_text("utf-8"))
_CASES = [
    pytest.param(case, id=f"{group}-{i}")
    for group, cases in _VECTORS["groups"].items()
    for i, case in enumerate(cases)
]


def _as_expected(m: Mention, want: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``m`` that ``want`` names, in the vector file's spelling."""
    got: dict[str, Any] = {
        "text": m.text,
        "value": m.value,
        "kind": m.kind,
        "precision": m.precision,
        "currency": m.currency,
        "negative": m.negative,
        "high": m.high,
        "claim": m.claim,
        "approximate": m.approximate,
    }
    return {k: got[k] for k in want}


def _normalise(want: dict[str, Any]) -> dict[str, Any]:
    out = dict(want)
    for key in ("value", "precision", "high"):
        if out.get(key) is not None:
            out[key] = Decimal(out[key])
    return out


def test_vector_file_is_big_enough() -> None:
    assert len(_CASES) >= 120
    assert set(_VECTORS["groups"]) >= {"financial_prose", "tables", "llm_answers", "adversarial"}


@pytest.mark.parametrize("case", _CASES)
def test_vectors(case: dict[str, Any]) -> None:
    found = extract(case["text"])
    if case["expected"] is None:
        return  # out of scope: only "does not raise" is promised
    got = [_as_expected(m, w) for m, w in zip(found, case["expected"], strict=False)]
    want = [_normalise(w) for w in case["expected"]]
    assert (got, len(found)) == (want, len(want)), [m.text for m in found]
    for m in found:
        assert case["text"][m.start : m.end] == m.text


# -- parse_number_string ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "value", "kind", "precision"),
    [
        ("4,820,000", "4820000", "number", "0.5"),
        ("$1,200", "1200", "money", "0.5"),
        ("12%", "12", "percent", "0.5"),
        ("(1,234)", "-1234", "number", "0.5"),
        ("(12)", "-12", "number", "0.5"),
        ("(12.5%)", "-12.5", "percent", "0.05"),
        ("-5.3", "-5.3", "number", "0.05"),
        ("$3.2bn", "3200000000", "money", "50000000"),
        ("€ 12.5 million", "12500000", "money", "50000"),
        ("1.2e6", "1200000", "number", "50000"),
        ("  7,170  ", "7170", "number", "0.5"),
        ("$ (4.8)", "-4.8", "money", "0.05"),
        ("2019", "2019", "year", "0.5"),
        ("+5%", "5", "percent", "0.5"),
        ("11.6x", "11.6", "ratio", "0.05"),
    ],
)
def test_parse_number_string(cell: str, value: str, kind: str, precision: str) -> None:
    m = parse_number_string(cell)
    assert m is not None
    assert (m.value, m.kind, m.precision) == (Decimal(value), kind, Decimal(precision))
    assert cell[m.start : m.end] == m.text


@pytest.mark.parametrize(
    "cell", ["N/A", "—", "-", "abc", "2019-06-30", "", "   ", "12 months", "1.2.3", "5 - 3"]
)
def test_parse_number_string_rejects(cell: str) -> None:
    assert parse_number_string(cell) is None


def test_type_errors_name_the_function() -> None:
    with pytest.raises(TypeError, match="extract"):
        extract(b"12")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parse_number_string"):
        parse_number_string(12)  # type: ignore[arg-type]


# -- decisions --------------------------------------------------------------------------------


def test_stated_precision() -> None:
    assert stated_precision("3.2", Decimal(10) ** 9) == Decimal(50_000_000)
    assert stated_precision("1,200") == Decimal("0.5")
    assert stated_precision("12.34") == Decimal("0.005")


def test_written_and_scale_are_recorded() -> None:
    (m,) = extract("Revenue was $3.2bn.")
    assert (m.written, m.scale, m.scale_word) == (Decimal("3.2"), Decimal(10**9), "bn")
    (m,) = extract("3 crore")
    assert (m.scale, m.scale_word, m.value) == (Decimal(10**7), "crore", Decimal(30_000_000))


def test_lone_one_is_not_a_number_but_one_million_is() -> None:
    assert extract("one of the segments") == []
    assert [m.value for m in extract("one million users")] == [Decimal(1_000_000)]
    assert [m.value for m in extract("two segments")] == [Decimal(2)]


def test_number_words_precision_follows_the_smallest_word() -> None:
    assert [m.precision for m in extract("two million, and forty-five")] == [
        Decimal(500_000),
        Decimal("0.5"),
    ]
    assert extract("three hundred")[0].precision == Decimal(50)


def test_approximate_integer_precision_uses_last_nonzero_digit() -> None:
    assert extract("about 1,200")[0].precision == Decimal(50)
    assert extract("1,200")[0].precision == Decimal("0.5")
    assert extract("about 1.20")[0].precision == Decimal("0.005")


def test_bounds_are_approximate() -> None:
    for text in ("more than 500", "over 500", "at least 500", "up to 500", "under 500"):
        assert extract(text)[0].approximate, text


def test_years_and_not_years() -> None:
    kinds = [(m.text, m.kind) for m in extract("in 2024, $2024, 2,024, 2024.5, 2101, 1899")]
    assert kinds == [
        ("2024", "year"),
        ("$2024", "money"),
        ("2,024", "number"),
        ("2024.5", "number"),
        ("2101", "number"),
        ("1899", "number"),
    ]


def test_range_span_covers_both_ends() -> None:
    (m,) = extract("Guidance: $9-$10 million.")
    assert (m.text, m.value, m.high) == ("$9-$10 million", Decimal(9_000_000), Decimal(10**7))


def test_subtraction_is_not_a_range() -> None:
    assert [m.high for m in extract("776 - 773 = 3")] == [None, None, None]
    assert [m.high for m in extract("12-10=2")] == [None, None, None]


def test_fraction_words() -> None:
    assert [m.value for m in extract("three quarters of sales")] == [Decimal("0.75")]
    assert [m.value for m in extract("over the last three quarters")] == [Decimal(3)]


def test_space_grouping() -> None:
    assert [m.value for m in extract("total 1 234 567 units")] == [Decimal(1234567)]
    assert [m.value for m in extract("sizes 10 20 30")] == [Decimal(10), Decimal(20), Decimal(30)]


# -- properties -------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(formatted_numbers())
def test_formatted_number_round_trips(num: FormattedNumber) -> None:
    found = extract(f"The figure was {num.text} last quarter.")
    assert len(found) == 1, (num.text, [m.text for m in found])
    m = found[0]
    assert (m.value, m.precision, m.kind) == (num.value, num.precision, num.kind), num.text
    if m.kind != "year":
        assert m.text == num.text
    single = parse_number_string(num.text)
    assert single is not None and single.value == num.value


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_never_raises(text: str) -> None:
    for m in extract(text):
        assert 0 <= m.start < m.end <= len(text)
        assert text[m.start : m.end] == m.text
        assert m.precision > 0
    parse_number_string(text)


_ALPHABET = "0123456789.,-–−()$€%kmbnx:/ eE~\n\t[]#*"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=60))
def test_numeric_junk_never_raises(text: str) -> None:
    previous_end = 0
    for m in extract(text):
        assert m.start >= previous_end  # in order, never overlapping
        previous_end = m.end


# -- size -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1," * 500_000,
        "(((1.1.1." * 110_000,
        "$-$-$" * 200_000,
        "9" * 1_000_000,
        "twenty " * 140_000,
    ],
    ids=["commas", "parens-dots", "dollar-dash", "digits", "words"],
)
def test_one_megabyte_adversarial_input_completes(text: str) -> None:
    found = extract(text)
    assert all(text[m.start : m.end] == m.text for m in found[:100])


def test_mixed_marks_input_completes() -> None:
    # 200 KB: the test proves completion and the spans. The time limit on this shape (it was
    # quadratic: numbers.fast._plain_before copied the whole text before a number when no space
    # fell in its look-back window) is benchmarks/adversarial.py's "mixed_marks".
    text = "1.2e3e4-5–6/7:8 " * 12_500
    found = extract(text)
    assert len(found) == 12_500
    assert all(text[m.start : m.end] == m.text for m in found[:100] + found[-100:])


def test_one_megabyte_of_normal_text() -> None:
    para = (
        "Revenue rose 12% to $3.2bn in 2024 (see Note 4), while costs of about 1,200 million "
        "fell 3.5 percentage points. The 10-K filed on December 31, 2024 shows ($45.6) million. "
    )
    text = para * (1_000_000 // len(para))
    found = extract(text)
    per_para = len(extract(para))
    assert per_para == 7
    assert len(found) == per_para * (1_000_000 // len(para))


def test_docstring_examples() -> None:
    import doctest

    from crossfoot.numbers import extract as _extract
    from crossfoot.numbers import words as _numwords

    for module in (_extract, _numwords):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
