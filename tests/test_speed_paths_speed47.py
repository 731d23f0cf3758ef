"""The scanner's fast path reads a dollar amount without a scale word ("is $35,046.", "was
$58,000 and the"), a scaled one before "and" ("$53.0 million and the") and a minus after a
plain word ("is -$241.", "was -5.2%,", "then -12 in") as the full reader does (issue 19,
speed47: ``crossfoot.numbers.fast._bare_dollars``, ``_two_amounts`` and ``_minus``).

``extract`` with the fast path is compared with ``extract`` without it (``FAST_PATH``): a
battery of words before the "$", cores, scales and what follows (ranges with and without
"between", a conversion in parentheses, units, scales, marks), random texts of the number
grammar, and the fast path deliberately broken, so the comparison is known to catch it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.numbers.extract as extract_module
import crossfoot.numbers.fast as fast
from deep import pairs
from fast_spy import both_reads, fast_reads, first_difference

_BEFORE = ["is", "was", "In", "about", "up to", "over", "minus", "Note", "fiscal", "(", "x", "by",
           "between", "Between the", "between 4 and", "from", "than", "of", "Answer:", "10", "Q4",
           "2019:", "-", "$", "is a", "COVID"]  # fmt: skip
_CORES = ["5", "5.3", "58,000", "1,234,567.5", "2019", ".5", "1.234", "1,2,3", "007"]
_SCALES = ["", " million", " thousand", " Billion", "m", "bn"]
_AFTER = [".", ",", ";", ")", "", "\n", ". The", ".\nAnswer: $3", " and", " and the total",
          " and 7", " and $6", " and $6 million", " and a half", " and\n", " in 2019", " is",
          " to $6", " to 6", "-6", " through 7", " (USD 5)", "\n(USD 5)", "  (EUR 4)", " per share",
          " of", " dollars", " USD", " March", " pm", "%", " 5", " kg", " cent", "+", "s",
          " compared"]  # fmt: skip


# What stands between the word before and the digits, and between the digits and the ending.
_SHAPES = [*((sign + "$", scale) for sign in ("", "-") for scale in _SCALES), ("-", ""), ("-", "%")]
_TAILS = [(shape, after) for shape in _SHAPES for after in _AFTER]


def _dollars() -> Iterator[str]:
    # every pair of (word before, core, shape and ending); the whole product under test-deep
    for before, core, ((head, scale), after) in pairs(_BEFORE, _CORES, _TAILS):
        yield f"The amount {before} {head}{core}{scale}{after}"


def test_dollar_amounts_read_as_the_full_reader() -> None:
    assert first_difference(_dollars()) is None


def test_the_fast_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shapes it is for take it (else the comparison above would prove nothing)."""
    taken = fast_reads(
        monkeypatch,
        extract_module,
        "plain_between",
        "It is $35,046. It was $58,000 and the rest was $53.0 million and it was $7 in all. "
        "The change is -$241. It was -5.2%, then -12 in 2019 and -$5.3 million.",
    )
    assert taken == ["$35,046", "$58,000", "$53.0 million", "$7", "-$241", "-5.2%", "-12",
                     "2019", "-$5.3 million"]  # fmt: skip


def test_a_broken_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the "between" test, "between $5 and $6" (a range) would be read as two."""
    monkeypatch.setattr(fast, "_two_amounts", lambda text, start, end: True)
    assert first_difference(_dollars()) is not None
    monkeypatch.undo()
    monkeypatch.setattr(fast, "_SPACES_PAREN_RE", re.compile(r"(?!)"))
    assert first_difference(_dollars()) is not None  # "$5\n(USD 5)": a conversion the reader keeps


_PIECES = st.sampled_from(
    ["$", "$", " $", "5", "58,000", "5.3", "2019", " million", "m", " and ", " between ", " to ",
     " is ", "was ", ". ", ", ", "\n", "(", ")", " USD ", "EUR ", " in ", "-", " -", "%", " of "]
)  # fmt: skip


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=14).map("".join))
@example("It was between $5 and $6 million.")
@example("The fee was $5\n(USD 6) in all")
def test_random_texts_read_as_the_full_reader(text: str) -> None:
    fast_read, full_read = both_reads(text)
    assert fast_read == full_read
