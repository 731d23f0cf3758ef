"""Three digits in parentheses right after a word (numbers/reading._aside_of).

"West had the fewest orders (720)" states 720 of the words before it. Such a figure was read as
an enumeration or a note mark and dropped, so a wrong one passed unchecked. A reference word
("note (105)"), an enumeration ("(a)", "(3)"), a telephone number's area code and a year's
accounting figure ("in 2018 (509)", negative as before) keep their readings.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot.numbers.extract import extract


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("West had the fewest orders (720).", [("720", Decimal(720))]),
        ("South (980) came second.", [("980", Decimal(980))]),
        ("See note (105) for details.", []),
        ("Options (a) and (3) apply.", []),
        ("Phone (555) 123-4567.", [("123-4567", Decimal(123))]),  # (as pinned: no "555")
        ("It was 12 in 2018 (509) at the end.", [("12", Decimal(12)), ("(509)", Decimal(-509))]),
    ],
)
def test_three_digits_after_a_word(text: str, want: list[tuple[str, Decimal]]) -> None:
    got = [(m.text, m.value) for m in extract(text) if m.kind != "year"]
    assert got == want
