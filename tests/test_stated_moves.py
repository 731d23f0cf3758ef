"""A movement stated between two of the answer's own figures (rules.stated_moves).

The grid vectors (tests/vectors/lead14.json, class ``move_against_order``) run the shapes
through ``check`` in every table format; here: ``trace`` over result rows, and a property over
random pairs, templates and movement words: the later figure fails exactly when the word and
the pair's order disagree.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import crossfoot

ROWS = [
    {"region": "North", "revenue_2023": 3_800_000, "revenue_2024": 4_200_000},
    {"region": "West", "revenue_2023": 2_500_000, "revenue_2024": 2_200_000},
]


@pytest.mark.parametrize(
    ("answer", "fails"),
    [
        ("North's revenue rose to $4.2M in 2024 from $3.8M in 2023.", None),
        ("North's revenue fell to $4.2M in 2024 from $3.8M in 2023.", "$4.2M"),
        ("West's revenue was $2.2M in 2024, down from $2.5M.", None),
        ("West's revenue was $2.2M in 2024, up from $2.5M.", "$2.2M"),
        ("West's revenue increased from $2.5M in 2023 to $2.2M in 2024.", "$2.2M"),
        ("North's revenue did not fall: it went to $4.2M from $3.8M.", None),
    ],
)
def test_trace_holds_the_words_to_the_order(answer: str, fails: str | None) -> None:
    report = crossfoot.trace(answer, ROWS)
    failing = [c.text.strip() for c in report.claims if not c.passed]
    assert failing == ([fails] if fails else []), report.explain()
    if fails:
        claim = next(c for c in report.claims if c.text.strip() == fails)
        assert claim.status == "contradicted"
        assert claim.message.startswith('the sentence says "'), claim.message


TEMPLATES = (
    ("Units {w} from {a} in 2022 to {b} in 2023.", "a"),  # earlier written first
    ("Units {w} to {b} in 2023 from {a} in 2022.", "b"),
    ("Units were {b} in 2023, {w} from {a} in 2022.", "b"),
)
RISES = ("rose", "increased", "climbed", "up")
FALLS = ("fell", "declined", "dropped", "down")


@settings(max_examples=80, deadline=None)
@given(
    a=st.integers(100, 99_999),
    b=st.integers(100, 99_999),
    template=st.sampled_from(TEMPLATES),
    word=st.sampled_from(RISES + FALLS),
)
def test_the_later_figure_fails_exactly_when_the_word_runs_against_the_order(
    a: int, b: int, template: tuple[str, str], word: str
) -> None:
    assume(a != b)
    text, _ = template
    if word in ("up", "down") and not text.startswith("Units were"):
        word = {"up": "rose", "down": "fell"}[word]  # ("up from A to B" is no English)
    if text.startswith("Units were") and word not in ("up", "down"):
        word = "up" if word in RISES else "down"
    table = f"| Line | 2022 | 2023 |\n|---|---|---|\n| Units | {a:,} | {b:,} |"
    answer = text.format(w=word, a=f"{a:,}", b=f"{b:,}")
    report = crossfoot.check(answer, [table])
    later = next(c for c in report.claims if c.text.strip() == f"{b:,}")
    against = (word in RISES) != (b > a)
    assert (later.status == "contradicted") == against, report.explain()
    assert report.passed == (not against), report.explain()
