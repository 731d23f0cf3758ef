"""A multiple stated in words (rules.multiples, language.multiples, rules._derive_multiple).

The grid vectors (tests/vectors/lead15.json, class ``multiple_in_words``) run the shapes through
``check`` in every table format; here: ``trace`` over result rows, the words that are no
multiple, and a property over random pairs, words and templates: the word fails exactly when
the pair's ratio lies outside its window.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.language.multiples import multiples

ROWS = [
    {"region": "North", "revenue_2023": 1_200_000, "revenue_2024": 3_800_000},
    {"region": "West", "revenue_2023": 2_300_000, "revenue_2024": 2_400_000},
]


@pytest.mark.parametrize(
    ("answer", "fails"),
    [
        ("North's revenue tripled from $1.2M in 2023 to $3.8M in 2024.", None),
        ("North's revenue doubled from $1.2M in 2023 to $3.8M in 2024.", "doubled"),
        ("North's revenue roughly tripled from 2023 to 2024.", None),
        ("West's revenue roughly doubled from 2023 to 2024.", "doubled"),
        ("West's revenue doubled to $2.4M in 2024 from 2023.", "doubled"),
        ("North's revenue grew 3.2x from 2023 to 2024.", None),
        ("West's revenue grew 3.2x from 2023 to 2024.", "3.2x"),
    ],
)
def test_trace_holds_the_word_to_the_ratio(answer: str, fails: str | None) -> None:
    report = crossfoot.trace(answer, ROWS)
    failing = [c.text.strip() for c in report.claims if not c.passed]
    assert failing == ([fails] if fails else []), report.explain()
    if fails and fails != "3.2x":
        claim = next(c for c in report.claims if c.text.strip() == fails)
        assert claim.status == "contradicted"
        assert claim.message.startswith(f'"{fails}" says a ratio of'), claim.message


@pytest.mark.parametrize(
    "text",
    [
        "The board met three times in 2024.",
        "Sales grew at a double-digit rate.",
        "Dividends are paid twice a year.",
        "Revenue did not double.",
        "Costs never tripled over the period.",
        "The triple net lease ran to 2024.",
        "Many times the plan changed.",
    ],
)
def test_words_that_state_no_multiple(text: str) -> None:
    assert multiples(text, 0, len(text)) == []


@pytest.mark.parametrize(
    ("text", "factor", "window"),
    [
        ("Revenue doubled.", "2", "1.8 to 2.2"),
        ("Revenue roughly tripled.", "3", "2.4 to 3.6"),
        ("Revenue nearly quadrupled.", "4", "3.2 to 4"),
        ("Revenue more than doubled.", "2", "above 2"),
        ("Revenue halved.", "0.5", "0.45 to 0.55"),
        ("a fivefold decrease", "0.2", "0.18 to 0.22"),
        ("rose 2.5-fold", "2.5", "2.25 to 2.75"),
        ("East was twice as large as West.", "2", "1.8 to 2.2"),
    ],
)
def test_the_factor_and_the_window_of_each_word(text: str, factor: str, window: str) -> None:
    (found,) = multiples(text, 0, len(text))
    assert found.factor == Decimal(factor)
    assert found.said() == window


WORDS = {"doubled": 2, "tripled": 3, "quadrupled": 4, "halved": Decimal("0.5")}
TEMPLATES = (
    "Units {w} from {a} in 2022 to {b} in 2023.",
    "Units {w} to {b} in 2023 from {a} in 2022.",
    "Units {w} from 2022 to 2023.",
    "Units {w} to {b} in 2023 from 2022.",
)


@settings(max_examples=120, deadline=None)
@given(
    a=st.integers(100, 99_999),
    b=st.integers(100, 99_999),
    template=st.sampled_from(TEMPLATES),
    word=st.sampled_from(sorted(WORDS)),
)
def test_the_word_fails_exactly_when_the_ratio_is_outside_its_window(
    a: int, b: int, template: str, word: str
) -> None:
    table = f"| Line | 2022 | 2023 |\n|---|---|---|\n| Units | {a:,} | {b:,} |"
    answer = template.format(w=word, a=f"{a:,}", b=f"{b:,}")
    report = crossfoot.check(answer, [table])
    claim = next(c for c in report.claims if c.text == word)
    n = Decimal(WORDS[word])
    inside = n * Decimal("0.9") <= Decimal(b) / Decimal(a) <= n * Decimal("1.1")
    assert claim.status == ("derived" if inside else "contradicted"), report.explain()
    assert report.passed == inside, report.explain()
