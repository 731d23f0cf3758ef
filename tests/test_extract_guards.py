"""The cheap guards in front of extract()'s context checks pass everything the checks accept.

- ``maybe_prefix``: the slice-and-strip form equals the character loop it replaced;
- ``CONSTANT_DIGITS``: a plain integer's digits are in it exactly when ``is_constant`` can accept
  its value (leading zeros included);
- the guard of ``context_skip``: a three-digit number not followed by "." or ")" is never skipped.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.numbers.context import CONSTANT_DIGITS, context_skip, is_constant
from crossfoot.numbers.extract import extract
from crossfoot.numbers.patterns import maybe_prefix
from deep import examples


def _maybe_prefix_loop(text: str, s0: int) -> bool:
    i = s0 - 1
    while i >= 0 and s0 - i <= 4 and text[i] in " \t\u00a0\u202f\u2009":
        i -= 1
    if i < 0 or s0 - i > 4:
        return False
    ch = text[i]
    return ch in "(-−–+$€£¥₹." or ch.isupper()


_PREFIX_TEXT = st.text(alphabet=" \t\u00a0\u202f\u2009\n(-−–+$€£.aAzZ5_", max_size=12)


@settings(max_examples=examples(300, 1000), deadline=None)
@given(_PREFIX_TEXT, st.integers(min_value=0, max_value=12))
@example("(   5", 4)  # three spaces: the farthest a prefix character is looked for
@example("x(    5", 6)
@example("$ 5", 2)
def test_maybe_prefix_equals_the_loop(text: str, s0: int) -> None:
    s0 = min(s0, len(text))
    assert maybe_prefix(text, s0) == _maybe_prefix_loop(text, s0), (text, s0)


@given(st.integers(min_value=0, max_value=200), st.integers(min_value=0, max_value=3))
def test_constant_digits_are_the_values_is_constant_accepts(value: int, zeros: int) -> None:
    digits = "0" * zeros + str(value)
    accepted = any(
        is_constant(f"{op} {digits}", len(op) + 1, len(op) + 1 + len(digits), True, value)
        for op in ("x", "/")
    )
    assert (digits.lstrip("0") in CONSTANT_DIGITS) == (value == 100 or 2 <= value <= 12)
    if accepted:
        assert digits.lstrip("0") in CONSTANT_DIGITS


@settings(max_examples=examples(300, 600), deadline=None)
@given(
    st.text(alphabet="Dec May 1\n-*#>. ", max_size=10),
    st.integers(min_value=100, max_value=999),
    st.text(alphabet=" ,.)2019ofMay\n", max_size=8),
)
def test_three_digit_numbers_are_skipped_only_before_a_dot_or_bracket(
    before: str, value: int, after: str
) -> None:
    text = f"{before}{value}{after}"
    s0, e0 = len(before), len(before) + 3
    if context_skip(text, str(value), s0, e0):
        assert text.startswith((".", ")"), e0), text


def test_guarded_cases_read_as_before() -> None:
    # Outputs of the extractor before the guards (9f7cd4e): three-digit list markers, and
    # constants written with leading zeros.
    cases = {
        "Intro\n100. Revenue was 5.": [("5", True)],
        "Intro\n100) Revenue was 5.": [("5", True)],
        "see 100. Revenue": [("100", True)],
        "up 5 by May 3, 2020 x 100 and / 3 and 0100 / 012": [
            ("5", True), ("2020", True), ("100", False), ("3", False), ("0100", True),
            ("012", False),
        ],
        # a number glued to an apostrophe, a letter or "_" is not one (but FY'24 is a year)
        "in FY'24 and '24 it was 5": [("FY'24", True), ("5", True)],
        "the '90 plan had 7, x_5 and a_12 were 3": [("7", True), ("3", True)],
    }  # fmt: skip
    for text, expected in cases.items():
        assert [(m.text, m.claim) for m in extract(text)] == expected, text
