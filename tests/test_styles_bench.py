"""The answer-style transforms of ``benchmarks/styles.py`` (``benchmarks/corpora/styles.py``).

Each transform must keep every figure's value, scale, sign and percent mark (a style that changes
a meaning is a bug in the transform, not a finding about the engine), and the drift check must
catch a transform that does not.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from corpora import styles
from corpora.styles import STYLES, canonical, drift, figures, restyle, restyle_sentence

SENTENCES = [
    "Appliances sales were $680 million in 2019.",
    "The change is -$12.6 million.",
    "Revenue rose from $1.2 billion to $1.5 billion, or 25.0%.",
    "The percentage change is (1,496.5 - 1,202.9) / 1,202.9 = 24.41%.",
    "The total is $235,514 + $81,794 = $317,308.",
    "The average is 365 + 346 + 345 = 1,056 million.",
    "Net loss was $(9.8) million in FY19.",
    "The average between 2017-2019 is approximately 2.8%.",
    "Costs were €3.4 million, about 12 percent of sales.",
    "The ratio is 299,397/2,845,866=0.1051.",
    "Total assets fell by -$361 thousand to 12.5 thousand units.",
    "Answer: -22.21%",
    "The answer is 1.42.",
    "Margin is 3 x 4.5 = 13.5.",
]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_transform_keeps_every_figure(style: str, sentence: str) -> None:
    styled = restyle_sentence(sentence, style, final=sentence.startswith("Answer"), index=1)
    assert drift(sentence, styled, rounding=style == "rounded") == [], styled
    if style != "rounded":  # (it rounds: the figures differ in their last digits only)
        assert figures(sentence) == figures(styled)


@pytest.mark.parametrize(
    ("style", "sentence", "expected"),
    [
        ("markdown", "Sales were $680 million.", "Sales were **$680 million**."),
        ("markdown", "Answer: 12.5%", "**Answer:** 12.5%"),
        ("latex", "Growth was 12.5%.", r"Growth was $12.5\%$."),
        ("latex", "Sales were $680 million.", r"Sales were \$680 million."),
        ("unicode", "The change is -$12.6 million.", "The change is \u2212$12.6\u00a0million."),
        (
            "unicode",
            "Between 2017-2019 it was about 2.8%.",
            "Between 2017\u20132019 it was ≈ 2.8%.",
        ),
        ("abbrev", "Sales were $680 million.", "Sales were $680M."),
        ("abbrev", "Sales were $680 million and $1.2 billion.", "Sales were $680M and $1.2B."),
        ("chatty", "Sales were $680 million.", "Sales were $680 million."),
        ("rounded", "Sales were $1,496.5 million.", "Sales were about $1,500 million."),
        ("rounded", "Growth was approximately 13.19%.", "Growth was approximately 13.2%."),
        ("rounded", "Sales were $680 million.", "Sales were $680 million."),
    ],
)
def test_each_style_writes_its_forms(style: str, sentence: str, expected: str) -> None:
    assert restyle_sentence(sentence, style, final=sentence.startswith("Answer")) == expected


def test_latex_writes_a_calculation_as_a_display_block() -> None:
    out = restyle_sentence("The change is (1,496.5 - 1,202.9) / 1,202.9 = 24.41%.", "latex")
    assert "\n$$\n\\frac{1,496.5 - 1,202.9}{1,202.9} = 24.41\\%\n$$" in out
    out = restyle_sentence("So 2 x 3 = $6 million.", "latex")
    assert r"2 \times 3 = \$6\text{ million}" in out


def test_abbrev_rotates_over_the_answer() -> None:
    text = "A was $1 million. B was $2 million. C was $3 million. D was $4 million."
    spans = [(m.start(), m.end()) for m in re.finditer(r"[^.]+\.", text)]
    spans = [(a + (text[a] == " "), b) for a, b in spans]
    out = restyle(text, spans, "abbrev").text
    assert out == "A was $1M. B was $2m. C was USD 3 million. D was $4mn."


def test_layout_styles_keep_the_sentences_and_map_their_spans() -> None:
    answer = "What was X? The total is $5 million. It rose 5%.\nAnswer: 5%"
    spans = [(12, 36), (37, 48), (49, 59)]
    md = restyle(answer, spans, "markdown")
    assert md.text.startswith("What was X?\n\n- The total is **$5 million**.\n- It rose **5%**.")
    assert md.text.endswith("\n\n### Final answer\n\n**Answer:** 5%")
    chatty = restyle(answer, spans, "chatty")
    assert chatty.text.startswith("What was X? " + styles.PREAMBLE + "\n\nThe total is $5 million.")
    assert chatty.text.endswith("Answer: 5%\n\n" + styles.CLOSING)
    for s in (md, chatty):
        got = [s.text[a:b] for a, b in s.spans]
        assert [canonical(g) for g in got] == [canonical(answer[a:b]) for a, b in spans]


def test_oneline_joins_the_lines_and_keeps_every_other_gap() -> None:
    answer = "What was X? The total is $5 million.\nIt rose 5%.\n\nAnswer: 5%"
    spans = [(12, 36), (37, 48), (50, 60)]
    one = restyle(answer, spans, "oneline")
    assert one.text == "What was X? The total is $5 million. It rose 5%. Answer: 5%"
    assert [one.text[a:b] for a, b in one.spans] == [answer[a:b] for a, b in spans]


def test_plain_is_the_answer_itself() -> None:
    answer = "Sales were $5 million.\nAnswer: $5 million"
    assert restyle(answer, [(0, 22), (23, 41)], "plain").text == answer


def test_rounded_drift_is_a_figure_that_does_not_round_the_original() -> None:
    assert drift("It was 1,496.5.", "It was about 1,500.", rounding=True) == []
    assert drift("It was 1,496.5.", "It was about 1,600.", rounding=True) == [
        "lost 1496.5",
        "gained 1600",
    ]
    assert drift("It was 1,496.5.", "It was about 1,500.") != []  # exact by default


def test_unknown_style_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown style 'fancy'"):
        restyle("x", [(0, 1)], "fancy")


# A broken transform is caught: the drift check reads the figures through the markup.


@pytest.mark.parametrize(
    ("original", "broken", "expected"),
    [
        (
            "Sales were $680 million.",
            "Sales were $680bn.",
            ["lost 680000000", "gained 680000000000"],
        ),
        ("The change is -$12.6 million.", "The change is $12.6\u00a0million.", None),
        ("Growth was 12.5%.", r"Growth was $12.5$.", ["lost 12.5%", "gained 12.5"]),
        ("It was 3.5 and 4.", "It was **3.5**.", ["lost 4"]),
        ("It was 1,056 million.", "It was\n$$\n1,056\n$$ million.", None),
    ],
)
def test_drift_catches_a_broken_transform(
    original: str, broken: str, expected: list[str] | None
) -> None:
    got = drift(original, broken)
    assert got, f"{broken!r} changes a figure of {original!r} and drift saw nothing"
    if expected is not None:
        assert got == expected


def test_a_broken_style_fails_the_property(monkeypatch: pytest.MonkeyPatch) -> None:
    """A transform bug (thousand shortened as M) is caught on the sentences above."""
    monkeypatch.setitem(styles._SCALE_WORDS, "thousand", "m")
    broken = [s for s in SENTENCES if drift(s, restyle_sentence(s, "abbrev", index=0))]
    assert broken == ["Total assets fell by -$361 thousand to 12.5 thousand units."]


# Random sentences of figures in every shape the transforms rewrite.

_value = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999"), places=2)


@st.composite
def _figure(draw: st.DrawFn) -> str:
    v = draw(_value)
    digits = f"{v:,.{draw(st.sampled_from([0, 1, 2]))}f}"
    sign = draw(st.sampled_from(["", "-"]))
    kind = draw(st.sampled_from(["money", "scaled", "percent", "bare"]))
    scale = draw(st.sampled_from(["thousand", "million", "billion"]))
    if kind == "money":
        return f"{sign}${digits} {scale}"
    if kind == "scaled":
        return f"{sign}{digits} {scale}"
    if kind == "percent":
        return f"{sign}{digits}%"
    return f"{sign}{digits}"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(_figure(), min_size=1, max_size=4),
    st.sampled_from(STYLES),
    st.integers(0, 5),
    st.booleans(),
)
def test_random_figures_keep_their_values(
    figs: list[str], style: str, index: int, calc: bool
) -> None:
    if calc and len(figs) >= 2:
        sentence = "The result is " + " + ".join(figs[:-1]) + " = " + figs[-1] + "."
    else:
        sentence = "Values were " + ", then ".join(figs) + " in 2019."
    styled = restyle_sentence(sentence, style, index=index)
    assert drift(sentence, styled, rounding=style == "rounded") == [], styled


def test_a_currency_written_before_the_token_is_left_as_written() -> None:
    """ "S$1.75 billion": the benchmark's reader starts the figure at "$", so a rewrite would split
    the currency ("S$$1.75$"); every style leaves it as written."""
    for style in STYLES:
        assert "S$1.75 billion" in restyle_sentence("It was S$1.75 billion.", style)


def test_latex_keeps_an_ambiguous_division_as_written() -> None:
    """ "a + b / 2 = c" may mean the mean; \\frac{b}{2} would settle it otherwise."""
    out = restyle_sentence("The average is $707,299 + $963,947 / 2 = $835,623.", "latex")
    assert r"\$707,299 + \$963,947 / 2 = \$835,623" in out
    assert r"\frac" not in out


def test_a_date_is_no_figure_of_the_styles() -> None:
    """ "January 25 2011": the day is part of a date, written as it is in every style."""
    for style in STYLES:
        assert 'dates "January 25 2011" and' in restyle_sentence(
            'The dates "January 25 2011" and 2012 apply to $5 million.', style
        )


def test_a_span_that_begins_inside_a_number_keeps_that_piece() -> None:
    """A corpus split "in 2008" as "in 200" | "8 ...": the piece stays glued as written."""
    answer = "Costs were $5.7 million in 2008 and $3 million later."
    spans = [(0, 30), (30, len(answer))]
    for style in ("latex", "markdown", "abbrev"):
        text = restyle(answer, spans, style).text
        assert "2008" in text, (style, text)


def test_markdown_adds_no_second_bullet_or_bold() -> None:
    """An answer that is already a list, or already bold, keeps its own markup."""
    answer = "The totals were:\n- For 2013: $22,176\n- For 2012: **$27,885**"
    spans = [(0, 16), (17, 36), (37, len(answer))]
    text = restyle(answer, spans, "markdown").text
    assert "- - " not in text and "****" not in text
    assert "- For 2013: **$22,176**" in text and "**$27,885**" in text
