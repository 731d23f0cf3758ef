"""The HTML report's page without a browser: the answer reads back exactly, with one highlight
per figure; answers and names are escaped; nothing is fetched. (The browser test is
tests/test_report_html.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.report import html
from strategies import FormattedNumber, formatted_numbers

SOURCES = [{"id": "R1", "fields": {"revenue_2024": 3_214_000_000}}, "Units: 12,400 in 2024."]


class _AnswerText(HTMLParser):
    """The answer paragraph's text without the evidence pop-ups, and the figures it marks."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text, self.marks = "", list[str]()
        self._in_text = self._in_tip = self._in_num = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "p" and cls == "text":
            self._in_text = 1
        elif self._in_text and tag == "span" and cls == "tip":
            self._in_tip += 1
        elif self._in_tip and tag == "span":
            self._in_tip += 1
        elif self._in_text and tag == "span" and cls == "num":
            self._in_num = 1
            self.marks.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self._in_text and not self._in_tip:
            self._in_text = 0
        elif tag == "span" and self._in_tip:
            self._in_tip -= 1
        elif tag == "span" and self._in_num:
            self._in_num = 0

    def handle_data(self, data: str) -> None:
        if self._in_text and not self._in_tip:
            self.text += data
            if self._in_num:
                self.marks[-1] += data


FILLER = st.text(alphabet=st.sampled_from(list("abc XYZ<>&\"'.,;[]")), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(FILLER, formatted_numbers()), min_size=1, max_size=5), FILLER)
def test_the_answer_reads_back_with_one_highlight_per_figure(
    parts: list[tuple[str, FormattedNumber]], tail: str
) -> None:
    answer = "".join(f"{filler} {number.text} " for filler, number in parts) + tail
    report = check(answer, SOURCES)
    page = html.render_html([html.answer_item(report, "<answer>")])
    reader = _AnswerText()
    reader.feed(page)
    assert reader.text == answer
    assert reader.marks == [c.mention.text for c in sorted(report.claims, key=lambda c: c.span)]


def test_the_page_is_self_contained() -> None:
    report = check(
        "Revenue was $3.2bn, see https://example.com [R1].",
        [{"id": "R1", "text": "Revenue: $3.2bn.", "fields": {"revenue": 3_214_000_000}}],
    )
    page = html.render_html([html.answer_item(report, "one")])
    # No attribute loads anything, and the styles import nothing: the file works offline.
    assert not re.search(r"\s(src|href)=", page)
    assert "@import" not in page and "url(" not in page
    assert "<script src" not in page and "<link" not in page


def test_markup_in_answers_and_names_is_escaped() -> None:
    report = check("<script>alert(1)</script> We sold 12 units.", ["12 units sold."])
    page = html.render_html([html.answer_item(report, "<b>name</b>")])
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;name&lt;/b&gt;" in page


def test_the_same_items_give_the_same_bytes() -> None:
    report = check("Revenue was $3.2bn [R1].", SOURCES)
    items = [html.answer_item(report, "a")]
    assert html.render_html(items) == html.render_html(items)  # no date: diffable, cacheable


def test_a_case_that_raised_shows_its_error_and_counts_as_an_error() -> None:
    item = html.answer_item(None, "broken", error="unknown option 'colour'", expect="pass")
    page = html.render_html([item])
    assert "unknown option &#x27;colour&#x27;" in page
    assert 'data-status="error"' in page and 'data-mismatch="true"' in page


def test_every_status_has_a_colour() -> None:
    # A status added to the engine without one crashed the page's chart (KeyError).
    from crossfoot import STATUSES

    assert set(STATUSES) <= html.COLOURS.keys()


def test_a_page_with_the_newer_failing_statuses_renders() -> None:
    table = '[["", "2019"], ["Apples", "6,120"]]'
    report = check("Apples were 6,120 thousand.", [table])
    assert [c.status for c in report.claims] == ["unit_unstated"]
    page = html.render_html([html.answer_item(report)])
    assert "unit_unstated" in page
