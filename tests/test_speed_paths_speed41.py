"""The per-answer alignment gate of round 31 (issue 19, speed41) against the path it skips.

``rules.alignment.align_answer`` with no claims at all returns what ``dated_answer`` adds (a
month and year of the final answer no source writes) and skips ``_align`` and the final-figure
readings: each of them maps the claims it is given, each claim in its place, so with none there
is nothing for them to change. On pot-tatqa the gate takes the answers that state no figure
("Answer: 2019", a list of names), 19 % of them. Answers without figures (words, years, dates,
an answer marker) over tables in three layouts, with questions of every operation, give the same
report with the gate as without it; the gate is taken on them, and never on an answer that
states a figure.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.rules import alignment
from strategies import two_year_table


@contextmanager
def _aligned() -> Iterator[list[int]]:
    """``_align`` calls, counted."""
    calls = [0]
    plain = alignment._align

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return plain(*args, **kwargs)

    with patch.object(alignment, "_align", spy):
        yield calls


def _reports(answer: str, sources: list[str], question: str) -> tuple[Any, Any, int]:
    with _aligned() as calls:
        gated = check(answer, sources, question=question).to_dict()
    with patch.object(alignment, "GATED", False):
        full = check(answer, sources, question=question).to_dict()
    return gated, full, calls[0]


_ROWS = ("Revenue", "Cost of sales", "Other", "Total sales")
_NOTE = "The term loan matures in March 2027; the facility was renewed in May 2018."
_WORDS = (
    "Revenue",
    "Other",
    "the",
    "largest",
    "in",
    "2019",
    "2018",
    "2021",
    "March 2027",
    "May 2029",
    "rose",
    "fell",
    "compared",
    "with",
    "respectively",
    "and",
    "Answer:",
    "Explanation:",
    "The answer can be directly extracted from the text.",
    "grew every year",
    "2019, 2018 and 2017",
    "['Fixed Price', 'Other']",
    "\n",
    ".",
)  # (no figure but years and dates: an answer that states no claim)
_QUESTIONS = (
    "What was the change in {row} from 2018 to 2019?",
    "What was the percentage change in {row} in 2019?",
    "What was the average {row} in 2018 and 2019?",
    "In which year was {row} the largest?",
    "Which years does the table cover?",
    "How many years had {row} above 100?",
    "What was {row} in 2019?",
    "When does the term loan mature?",
    "What are the {row} amounts in 2019 and 2018 respectively?",
)


@settings(max_examples=50, deadline=None)
@given(
    values=st.lists(st.integers(1, 9_999), min_size=8, max_size=8),
    layout=st.sampled_from(["markdown", "pipes", "tabs"]),
    words=st.lists(st.sampled_from(_WORDS), min_size=1, max_size=12),
    question=st.sampled_from(_QUESTIONS),
    row=st.sampled_from(_ROWS),
)
def test_answers_without_claims_report_alike_gated_and_full(
    values: list[int], layout: str, words: list[str], question: str, row: str
) -> None:
    rows = {r: (Decimal(values[2 * i]), Decimal(values[2 * i + 1])) for i, r in enumerate(_ROWS)}
    sources = [two_year_table(rows, layout), _NOTE]
    answer = " ".join(words)
    gated, full, calls = _reports(answer, sources, question.format(row=row))
    assert gated == full
    if not gated["claims"]:
        assert calls == 0  # (the gate was taken)


def test_a_date_of_the_final_answer_is_still_checked() -> None:
    q = "When does the term loan mature?"
    gated, full, calls = _reports("Answer: March 2029", [_NOTE], q)
    assert gated == full and calls == 0
    assert [c["status"] for c in gated["claims"]] == ["unsupported"]
    gated, full, calls = _reports("Answer: March 2027", [_NOTE], q)
    assert gated == full and gated["passed"] and calls == 0


def test_an_answer_with_a_figure_is_aligned() -> None:
    rows = {"Revenue": (Decimal(120), Decimal(100)), "Other": (Decimal(30), Decimal(20))}
    q = "What was Revenue in 2019?"
    for answer, status in (("Answer: 120", "supported_exact"), ("Answer: 100", "off_question")):
        gated, full, calls = _reports(answer, [two_year_table(rows, "markdown")], q)
        assert gated == full and calls == 1
        assert [c["status"] for c in gated["claims"]] == [status]
