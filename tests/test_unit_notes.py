"""A unit a table states alone or on one part only is read in every table format (unit25).

The property draws a unit statement, a place for it (a row under the figures, a line of text
after the table, one year's column header, a caption among two scales, a glued note in a unit
row) and a format, and checks a true answer with the stated scale passes and its twin with the
wrong scale does not. ``tests/vectors/unit25.json`` holds the named twins;
``benchmarks/unit_shapes_unit25.py`` the wider census.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from corpora.render import BENCH_FORMATS, render
from crossfoot import PASSING_STATUSES, check

# (as written, the scale word its figures take, the wrong one)
STATEMENTS = [
    ("(in thousands)", "thousand", "million"),
    ("US$'000", "thousand", "million"),
    ("RM'000", "thousand", "million"),
    ("£m", "million", "thousand"),
    ("(Dollars in millions)", "million", "thousand"),
    ("Thousands of dollars", "thousand", "million"),
]
PLACES = ["under_figures", "line_after", "one_year_column", "caption", "glued"]
BODY = [["Revenue", "48,215", "45,120"], ["Cost of sales", "30,112", "28,004"]]
QUESTION = "What was the change in revenue from 2018 to 2019?"


def _sources(place: str, unit: str, word: str, fmt: str) -> list[str]:
    years = ["", "2019", "2018"]
    if place == "under_figures":
        return [render([years, *BODY, [unit, "", ""]], fmt)]
    if place == "line_after":
        return [render([years, *BODY], fmt) + "\n" + unit]
    if place == "one_year_column":
        return [render([["", f"2019 {unit}", "2018"], *BODY], fmt)]
    if place == "caption":  # a caption in words, beside another passage of another scale
        caption = f"The following table shows revenue (in {word}s):"
        return [render([years, *BODY], fmt), caption, "Debt is described in Note 7 (in billions)."]
    return [render([years, ["", f"(in{word}s)", ""], *BODY], fmt)]  # a glued note


def _status(figure: str, sources: list[str]) -> str:
    report = check(f"{QUESTION} The answer is {figure}.", sources, question=QUESTION)
    return report.claims[-1].status


@settings(max_examples=40, deadline=None)
@given(
    statement=st.sampled_from(STATEMENTS),
    place=st.sampled_from(PLACES),
    fmt=st.sampled_from(BENCH_FORMATS),
)
def test_a_unit_stated_alone_or_on_one_part_is_read(
    statement: tuple[str, str, str], place: str, fmt: str
) -> None:
    unit, word, wrong = statement
    sources = _sources(place, unit, word, fmt)
    assert _status(f"3,095 {word}", sources) in PASSING_STATUSES, (place, unit, fmt)
    assert _status(f"3,095 {wrong}", sources) not in PASSING_STATUSES, (place, unit, fmt)
