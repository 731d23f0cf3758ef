"""The fast paths of number extraction agree with the plain definitions they replace.

extract()'s output is pinned on 450 strings (tests/vectors/extract_pinned.json, written by the
extractor before the speed work). Each shortcut in crossfoot.numbers.patterns is checked against the
slow form it stands for: next_core (with SCAN_RE, or with DIGITS_RE and word_starts) against
CORE_RE.search, word_starts against the runs CORE_RE finds, the two-character gate of ends_with
against the plain suffix test, the backward context regexes against the forward ones, and the
hand-written character sets against every code point.
"""

from __future__ import annotations

import json
import re
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.numbers import cores as C
from crossfoot.numbers import patterns as P
from crossfoot.numbers.extract import extract
from crossfoot.numbers.words import MULTIPLIERS, NUMBER_WORDS
from deep import examples

_PINNED = json.loads((Path(__file__).parent / "vectors" / "extract_pinned.json").read_text("utf-8"))
_FIELDS: list[str] = _PINNED["fields"]


def _row(m: Any) -> list[Any]:
    """A mention in the pinned file's spelling: Decimals as str(), so "5.0" differs from "5"."""
    out = []
    for name in _FIELDS:
        value = getattr(m, name)
        out.append(str(value) if isinstance(value, Decimal) else value)
    return out


def test_pinned_file_is_varied() -> None:
    cases = _PINNED["cases"]
    assert len(cases) >= 400
    kinds = {row[_FIELDS.index("kind")] for case in cases for row in case["mentions"]}
    assert kinds >= {"number", "money", "percent", "year", "ratio", "pp", "bps"}
    assert any(row[_FIELDS.index("high")] for case in cases for row in case["mentions"])


@pytest.mark.parametrize("case", _PINNED["cases"], ids=lambda c: c["text"][:40])
def test_extract_output_is_pinned(case: dict[str, Any]) -> None:
    assert [_row(m) for m in extract(case["text"])] == case["mentions"]


# -- the scanner ------------------------------------------------------------------------------

# Pieces that make the scanner's edge cases likely: number words (any case, "ſ"), "a"/"an" before
# multipliers, digits next to letters, dots and hyphens, no-break spaces.
_PIECES = [
    *NUMBER_WORDS, *MULTIPLIERS, "One", "TWENTY", "ſix", "Kelvin", "İ", "ı", "a ", "an ", "A ",
    "an\u00a0", "a\t", "-", "‐", "_", ".", ",", " ", "  ", "\n", "(", "1", "12", "2,5", "3.1", ".5",
    "1e5", "x", "ten-", "-one", "often", "money", "5five", "five5", "é", "和", "'", "$", "%",
]  # fmt: skip
_texts = st.lists(st.sampled_from(_PIECES) | st.text(max_size=2), max_size=12).map("".join)


def _reference_cores(text: str) -> list[tuple[int, int, bool]]:
    out = []
    pos = 0
    while (m := P.CORE_RE.search(text, pos)) is not None:
        out.append((m.start(), m.end(), m.group("words") is not None))
        pos = max(m.end(), pos + 1)
    return out


def _fast_cores(
    text: str, starts: list[int] | None, memo: bool = False
) -> list[tuple[int, int, bool]]:
    out = []
    pos = 0
    digits: list[Any] | None = [] if memo else None  # the scanner's memo of the digit search
    while (core := P.next_core(text, pos, starts, digits)) is not None:
        out.append(core)
        pos = max(core[1], pos + 1)
    return out


@settings(max_examples=examples(300, 600), deadline=None)
@given(_texts)
def test_next_core_finds_what_core_re_finds(text: str) -> None:
    want = _reference_cores(text)
    assert _fast_cores(text, None) == want
    starts = P.word_starts(text)
    if starts is not None:
        assert _fast_cores(text, starts) == want
        assert _fast_cores(text, starts, memo=True) == want


@settings(max_examples=300, deadline=None)
@given(_texts, st.lists(st.integers(min_value=0, max_value=30), max_size=8))
def test_next_core_memo_answers_as_a_fresh_search(text: str, positions: list[int]) -> None:
    # The memo of the digit search (issue 17: number words with no digit after them made the
    # scan quadratic) gives what a fresh search gives, whatever order the positions come in.
    starts = P.word_starts(text)
    if starts is None:
        return
    digits: list[Any] = []
    for pos in positions:
        assert P.next_core(text, pos, starts, digits) == P.next_core(text, pos, starts)


@settings(max_examples=examples(300, 600), deadline=None)
@given(_texts, st.integers(min_value=0, max_value=30))
def test_next_core_from_any_position(text: str, pos: int) -> None:
    m = P.CORE_RE.search(text, pos)
    want = None if m is None else (m.start(), m.end(), m.group("words") is not None)
    assert P.next_core(text, pos) == want
    starts = P.word_starts(text)
    if starts is not None:
        assert P.next_core(text, pos, starts) == want


@settings(max_examples=examples(300, 600), deadline=None)
@given(_texts)
def test_word_starts_never_misses_a_run(text: str) -> None:
    starts = P.word_starts(text)
    if starts is not None:
        runs = [start for start, _, words in _reference_cores(text) if words]
        assert set(runs) <= set(starts)
        assert starts == sorted(starts)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Revenue was 5 million in 2019.", []),  # a multiplier alone starts no run
        ("in millions of dollars", []),
        ("often, money, tenant", []),  # number words inside other words
        ("a million users", [0]),
        ("up by an\u00a0hundred", [6]),
        ("Five segments", [0]),
        ("twenty-one", [0, 7]),
        ("ſix", None),  # re.I reads "ſ" as "s": scanned in full
    ],
)
def test_word_starts_examples(text: str, expected: list[int] | None) -> None:
    assert P.word_starts(text) == expected


def _code_points() -> list[str]:
    return [chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF]


def test_case_folds_to_ascii_letters_are_all_listed() -> None:
    # word_starts and SCAN_RE's first letters assume these are the only non-ASCII characters
    # that re.I matches to an ASCII letter.
    fold = re.compile("(?i)[a-z]")
    found = {ch for ch in _code_points() if not ch.isascii() and fold.match(ch)}
    assert found == set(C._FOLDS_RE.pattern.strip("[]"))
    first = re.compile("(?i)[zotfsena]")
    classes = "".join(re.findall(r"\[([^\]]*)\]\(\?i:", C._word_starts()))
    assert {ch for ch in _code_points() if first.match(ch)} == set(
        classes.encode().decode("unicode_escape")
    )


def test_unit_first_holds_every_character_a_unit_starts_with() -> None:
    # The BMP is enough: UNIT_RE's literals are ASCII, "×" and spaces, and the test above shows
    # that no character beyond the BMP folds to an ASCII letter.
    tails = ["", " ", "%", "illion", "ercent", "ps", "n", "m", "housand", "akh", "rore", " 5"]
    bmp = [ch for ch in _code_points() if ord(ch) <= 0xFFFF]
    starters = {ch for ch in bmp for tail in tails if P.UNIT_RE.match(ch + tail) is not None}
    assert starters <= P.UNIT_FIRST
    # maybe_unit: after a space, the next character starts a unit too.
    for space in " \u202f":  # UNIT_RE treats its four spaces alike
        second = {
            ch for ch in bmp for tail in tails if P.UNIT_RE.match(space + ch + tail) is not None
        }
        assert second <= P.UNIT_FIRST
        assert all(P.maybe_unit(space + ch, 0) for ch in second)


def test_currency_first_holds_every_character_a_currency_starts_with() -> None:
    words = ["dollar", "dollars", "euro", "pound", "rupees", "yen", *P.ISO_ALT.split("|")]
    tails = {w[1:] for w in words} | {w[1:].upper() for w in words}
    bmp = [ch for ch in _code_points() if ord(ch) <= 0xFFFF]
    starters = {
        ch for ch in bmp for tail in tails if P.CURRENCY_AFTER_RE.match(ch + tail) is not None
    }
    assert starters <= P._CURRENCY_FIRST


# -- the gates --------------------------------------------------------------------------------

_BEFORE = ["about", "Note", "no", ".", " ", "  ", "\t", "\u00a0", "FY", "'", "by", "x", "İ", "Σ"]
_before = st.lists(st.sampled_from(_BEFORE) | st.text(max_size=3), max_size=8).map("".join)


@settings(max_examples=examples(300, 600), deadline=None)
@given(_before, st.sampled_from([16, 24, 40]))
def test_ends_with_gate_matches_the_plain_suffix_test(before: str, width: int) -> None:
    text = before + "12"
    pos = len(before)
    for ends in (P.APPROX_ENDS, P.REF_ENDS, P.MONTH_ENDS, P.FISCAL_ENDS, P.TIMES_ENDS):
        tail = text[max(0, pos - width) : pos].rstrip().lower()
        plain = tail.endswith(ends.words) or tail.replace(" .", ".").endswith(ends.words)
        assert P.ends_with(text, pos, ends, width) is plain


def test_half_units_are_the_decimals_exact_decimal_writes() -> None:
    for exp in range(-45, 46):
        got, want = P.half_unit(exp), P.exact_decimal("5", exp)
        assert (str(got), got) == (str(want), want)


# -- context regexes read backwards ------------------------------------------------------------

_CONTEXT_PIECES = [
    "Note", "notes", "item", "Items", "p.", "pp .", "no", "No.", "no .", "#", "§", "S&P", "ending",
    "ends", "in", "about", "approx", "approx.", "Approximately", "more", "than", "up", "to", "an",
    "a", "estimated", "est.", "~", "≈", "∼", "**", "FY", "cy", "fiscal", "financial", "year", "'",
    " ", "  ", "\t", "\u00a0", "\u202f", "x", "ſ", "K", ".", "-", "(", "$", "US", "Rs", "USD", "€",
    "from", "From ", "between", "BETWEEN ", "Q3 ", "=", "×", "/", "*", "÷", "−", "+", "\\$",
    "HK$", "¥", "₹", "C$", "–", "(\u00a0",
]  # fmt: skip
_context = st.lists(st.sampled_from(_CONTEXT_PIECES) | st.text(max_size=2), max_size=10).map(
    "".join
)


@settings(max_examples=examples(300, 1500), deadline=None)
@given(_context)
def test_backward_context_regexes_agree_with_forward_ones(before: str) -> None:
    text = before + "12"
    pos = len(before)
    assert P.ref_before(text, pos) is (P.REF_RE.search(P.text_before(text, pos, 24)) is not None)
    assert P.approx_before(text, pos) is (P.APPROX_RE.search(P.text_before(text, pos)) is not None)
    assert P.fiscal_before(text, pos) is (
        P.FISCAL_RE.search(P.text_before(text, pos, 24)) is not None
    )
    before = P.text_before(text, pos)
    for forward, backward in (
        (P.FROM_RE, P.FROM_BACK_RE),
        (P.BETWEEN_RE, P.BETWEEN_BACK_RE),
        (P.OP_BEFORE_RE, P.OP_BEFORE_BACK_RE),
    ):
        assert (backward.match(before[::-1]) is None) is (forward.search(before) is None)


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("Note ", (True, False, False)),
        ("see item #", (True, False, False)),
        ("page no. ", (True, False, False)),
        ("card ending in ", (True, False, False)),
        ("about ", (False, True, False)),
        ("approx. ", (False, True, False)),
        ("~", (False, True, False)),
        ("up to **", (False, True, False)),
        ("FY", (False, False, True)),
        ("fiscal year '", (False, False, True)),
        ("denote ", (False, False, False)),  # "note" inside a word
        ("the ", (False, False, False)),
    ],
)
def test_backward_context_regexes_on_the_usual_cases(
    before: str, expected: tuple[bool, bool, bool]
) -> None:
    pos = len(before)
    text = before + "12"
    found = (P.ref_before(text, pos), P.approx_before(text, pos), P.fiscal_before(text, pos))
    assert found == expected


@settings(max_examples=examples(300, 1500), deadline=None)
@given(_context)
def test_prefix_match_is_prefix_search(pre: str) -> None:
    full = P.PREFIX_RE.search(pre)
    fast = P.prefix_match(pre)
    assert full is not None and fast is not None  # every group is optional
    assert (fast.span(), fast.groupdict()) == (full.span(), full.groupdict())
