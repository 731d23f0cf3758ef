"""The alignment's misfits judged once (round 32, issue 19, speed43), and the look back of the
wrong-row reading bounded by the answer's longest mention.

``rules.alignment._align`` judges every final figure with ``misfit`` before deciding whether to
judge the answer again, then judged each of them a second time in its loop over the claims;
while no claim of the list is replaced the second judgment is the first one's (``misfit`` reads
the fields of the claim and of the claims). ``_refit`` judged the verdict of the re-run pair's
second run again when it was the first run's own verdict (``rules._rerun.run_pair``). Both are
switched by ``alignment.REUSED``: answers whose final figures misfit (so the loop and the refits
run) give the same report with the reuse as without it, and the reuse is taken on them.

``model.context.mentions_ending_in`` is the whole-answer scan it replaces, on any mentions.
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
from crossfoot.model.context import ClaimContext, mentions_ending_in
from crossfoot.model.options import Options
from crossfoot.model.types import Mention, Sentence
from crossfoot.rules import alignment
from strategies import two_year_table


@contextmanager
def _misfits(reused: bool) -> Iterator[list[int]]:
    """``misfit`` calls counted, with the reuse on or off."""
    calls = [0]
    plain = alignment.misfit

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return plain(*args)

    with patch.object(alignment, "REUSED", reused), patch.object(alignment, "misfit", counted):
        yield calls


def _reports(answer: str, sources: list[str], question: str) -> tuple[Any, Any, int]:
    with _misfits(True) as reused:
        short = check(answer, sources, question=question).to_dict()
    with _misfits(False) as plain:
        full = check(answer, sources, question=question).to_dict()
    assert reused[0] <= plain[0]
    return short, full, plain[0] - reused[0]


_QUESTIONS = (
    "What was the change in Revenue from 2018 to 2019?",
    "What was the Revenue in 2019?",
    "What was the percentage change in Revenue from 2018 to 2019?",
    "What was the average Revenue in 2018 and 2019?",
)
_TWINS = [
    # another row's change, level, or the named row's own: misfits judged again, and fits
    "The change is $50 million.",
    "Revenue grew by $50 million. Answer: 50",
    "The change is $100 million.",
    "Revenue in 2019 was $300 million.",
    "Revenue was $500 million in 2019 and $400 million in 2018; the answer is $300 million.",
    "Cost of sales rose from $250 million to $300 million, so the change is $50 million.",
]


def test_misfits_report_the_same_with_the_reuse() -> None:
    rows = {"Revenue": (Decimal(500), Decimal(400)), "Cost of sales": (Decimal(300), Decimal(250))}
    saved = 0
    for layout in ("markdown", "pipes", "tabs"):
        sources = [two_year_table(rows, layout)]
        for question in _QUESTIONS:
            for answer in _TWINS:
                short, full, n = _reports(answer, sources, question)
                assert short == full, (layout, question, answer)
                saved += n
    assert saved > 0  # the reuse is taken on these answers


_VALUES = st.integers(1, 9_000).map(Decimal)


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(_VALUES, _VALUES, _VALUES, _VALUES),
    st.sampled_from(["markdown", "pipes", "tabs"]),
    st.sampled_from(["change", "other", "level", "sum", "own"]),
    st.sampled_from(_QUESTIONS),
    st.booleans(),
)
def test_reports_are_the_same_with_and_without_the_reuse(
    values: tuple[Decimal, Decimal, Decimal, Decimal],
    layout: str,
    said: str,
    question: str,
    marked: bool,
) -> None:
    a, b, c, d = values
    rows = {"Revenue": (a, b), "Cost of sales": (c, d)}
    figure = {"change": a - b, "other": c - d, "level": c, "sum": c + d, "own": a}[said]
    answer = f"Cost of sales was ${c:,} million in 2019. The figure is ${figure:,} million."
    if marked:
        answer = f"Explanation: the figures are given. Answer: ${figure:,} million."
    short, full, _ = _reports(answer, [two_year_table(rows, layout)], question)
    assert short == full


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 50), st.integers(0, 8)), max_size=12),
    st.integers(0, 60),
    st.integers(0, 60),
)
def test_mentions_ending_in_is_the_whole_scan(
    spans: list[tuple[int, int]], lo: int, hi: int
) -> None:
    # in order of their starts, as the engine reads them; any lengths, overlapping or not
    ms = tuple(Mention("x", a, a + n, Decimal(1), "number", Decimal(1)) for a, n in sorted(spans))
    text = "x" * 60
    m = ms[0] if ms else Mention("x", 0, 1, Decimal(1), "number", Decimal(1))
    ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, ms, 0, None, Options())
    assert mentions_ending_in(ctx, lo, hi) == [x for x in ms if lo <= x.end <= hi]
