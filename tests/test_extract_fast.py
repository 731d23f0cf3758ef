"""The fast paths of issue 20's speed item give what the plain readings give.

Each shortcut the number reader takes (``crossfoot.numbers``) is checked against the work it
skips, on fixed cases and on hypothesis-generated ones: a shortcut that changes one reading fails
here.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.model.locale import resolve_locale
from crossfoot.model.types import Mention
from crossfoot.numbers import extract as extract_module
from crossfoot.numbers import prefix as prefix_module
from crossfoot.numbers import reading as reading_module
from crossfoot.numbers.affixes import prefix_gate, scale_before, symbol_before
from crossfoot.numbers.around import (
    ALONE_AFTER,
    ALONE_BEFORE,
    GLUED_FIRST,
    NEVER_AFTER,
    Env,
    words_after,
)
from crossfoot.numbers.context import ends_at, tail_end
from crossfoot.numbers.cores import Digits, next_core, read_any_core, read_core, word_starts
from crossfoot.numbers.extract import extract as extract_
from crossfoot.numbers.extract import parse_number_string as parse_number_string_
from crossfoot.numbers.num import Num, new_mention
from crossfoot.numbers.patterns import (
    APPROX_ENDS,
    DIVIDE_ENDS,
    FISCAL_ENDS,
    MONTH_ENDS,
    REF_ENDS,
    TIMES_ENDS,
    UNIT_FIRST,
    ends_with,
    prefix_tail,
)
from crossfoot.numbers.prefix import Marks, may_prefix, read_prefix
from deep import examples

_DECIMALS = st.decimals(allow_nan=False, allow_infinity=False, places=3, max_value=10**9)
_MAYBE_TEXT = st.one_of(st.none(), st.text(max_size=4))
_MENTION_FIELDS = st.tuples(
    st.text(max_size=8),
    st.integers(0, 1000),
    st.integers(0, 1000),
    _DECIMALS,
    st.sampled_from(["number", "money", "percent", "year", "ratio", "pp", "bps"]),
    _DECIMALS,
    _MAYBE_TEXT,
    _DECIMALS,
    _MAYBE_TEXT,
    _DECIMALS,
    st.booleans(),
    st.one_of(st.none(), _DECIMALS),
    st.booleans(),
    st.booleans(),
    _MAYBE_TEXT,
    st.booleans(),
)


@settings(max_examples=200, deadline=None)
@given(_MENTION_FIELDS)
def test_new_mention_is_the_mention_the_class_builds(fields: tuple[object, ...]) -> None:
    fast, slow = new_mention(*fields), Mention(*fields)  # type: ignore[arg-type]
    assert type(fast) is Mention
    assert dataclasses.astuple(fast) == dataclasses.astuple(slow) == fields
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert copy.copy(fast) == slow
    assert dataclasses.replace(fast, start=7) == dataclasses.replace(slow, start=7)


def test_new_mention_is_frozen_and_takes_every_field() -> None:
    fields = [f.name for f in dataclasses.fields(Mention)]
    m = new_mention(*range(len(fields)))
    assert [getattr(m, name) for name in fields] == list(range(len(fields)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.start = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        new_mention(*range(len(fields) - 1))
    assert not hasattr(m, "__dict__")


def test_extract_gives_mentions_equal_to_the_class_built_ones() -> None:
    for m in extract_("Revenue rose 12% to $3.2bn, about 1,200 staff (2023: 1,100) and 25kg."):
        assert type(m) is Mention
        assert m == Mention(*dataclasses.astuple(m))


# --- the gate in front of the CLDR prefix readers (numbers.prefix.read_prefix) ---------------

_LOCALES = [None, "de_DE", "sw", "ee", "si", "en_IN", "ru"]
_PREFIX_PIECES = [
    " ", "\u00a0", "\t", "Rs", "rs", "RS", "IS", "is", "Is", "AR", "ar", "IL", "il", "elfu",
    "ELFU", "Elfu", "vote", "VOTE", "milioni", "zł", "ZŁ", "Kč", "kč", "$", "A$", "a$", "kr",
    "KR", "Kr", "c.", "C.", "s.", "S.", "₽", "x", "Q", "%", "-", "the ", "ŋkr", "ŊKR", "дата ",
]  # fmt: skip


@settings(max_examples=examples(300, 1500), deadline=None)
@given(
    st.lists(st.sampled_from(_PREFIX_PIECES), max_size=6).map("".join),
    st.sampled_from(_LOCALES),
)
@example("Rs 5", None)
@example("is 5", None)
@example("vote 5", "ee")
@example("ELFU 5", "sw")
def test_prefix_gate_passes_every_symbol_and_scale_word(before: str, name: str | None) -> None:
    # The reader asks symbol_before and scale_before only when the last two characters before
    # the number (past up to three spaces) are in the gate's tails: whatever it does not let
    # through, neither reader finds.
    convention = resolve_locale(name)
    text = before + "5"
    s0 = len(before)
    tails, ones = prefix_gate(convention)
    tail = prefix_tail(text, s0)
    ch = tail[-1:]
    if ch and (tail in tails or ch in ones or ch in "%-−–" or tail.isupper()):
        return
    assert symbol_before(text, s0, 0, convention) is None, (before, name)
    assert scale_before(text, s0, 0, convention) is None, (before, name)


def test_prefix_gate_is_exact_for_symbols() -> None:
    tails, _ = prefix_gate(None)
    assert "Rs" in tails and "zł" in tails and "fu" in tails and "FU" in tails
    assert "rs" not in tails and "is" not in tails and "ar" not in tails  # "Rs", "IS", "AR"
    assert symbol_before("Rs 5", 3, 0, None) == ("₹", 0)
    assert symbol_before("rs 5", 3, 0, None) is None


def test_decimal_fields_keep_their_type() -> None:
    m = new_mention("5", 0, 1, Decimal(5), "number", Decimal("0.5"), None, Decimal(1), None,
                    Decimal(5), False, None, False, True, None, False)  # fmt: skip
    assert isinstance(m.value, Decimal) and m.value == 5


# --- the tail before a number, read once for the word lists (numbers.context.tail_end) ------

_TAIL_PIECES = [
    " ", "  ", "\t", "\n", "\u00a0", "about", "ABOUT", "Note", "no", "No.", "no .", ".", "FY",
    "fiscal", "'", "over", "up to", "x", "İ", "ß", "~", "c.", "item", "a", "the revenue of ",
]  # fmt: skip
_ENDS_LISTS = [APPROX_ENDS, REF_ENDS, FISCAL_ENDS]


@settings(max_examples=examples(300, 1500), deadline=None)
@given(st.lists(st.sampled_from(_TAIL_PIECES), max_size=10).map("".join), st.sampled_from([0, 1]))
@example(" " * 30 + "about", 0)
@example("about" + " " * 23, 0)  # 23 spaces: the 24-wide tail is empty, the 40-wide one not
@example("x" + " " * 23, 0)
def test_ends_at_equals_ends_with(before: str, which: int) -> None:
    text = before + "5 units"
    pos = len(before)
    end, wide = tail_end(text, pos)
    for ends in _ENDS_LISTS:
        assert ends_at(text, pos, ends, end) == ends_with(text, pos, ends), (before, ends.words)
        if wide:
            got = ends_at(text, pos, ends, end, 40)
            assert got == ends_with(text, pos, ends, 40), (before, ends.words)


def test_extract_reads_approximate_and_references_through_the_shared_tail() -> None:
    found = extract_("about 5 units, see Note 4, in fiscal 19 and " + " " * 23 + "about 7")
    assert [(m.text, m.approximate, m.kind) for m in found] == [
        ("5", True, "number"),
        ("19", False, "year"),
        ("7", True, "number"),
    ]


# --- what may follow a number (numbers.around.Env.may_follow) ---------------------------------

_AFTER_PIECES = [
    " ", "  ", "\u00a0", "\t", "USD", "Usd", "RMB", "EUR", "CHF", "ALL", "Dollars", "DOLLARS",
    "DoLLARS", "Euro", "EUROS", "Pounds", "Rupees", "YEN", "Yen", "Mio.", "MIO.", "Mrd", "MRD",
    "Billion", "BILLION", "BIllion", "Lakh", "LAKH", "Crore", "MWh", "MWH", "KG", "Kg", "GB", "Kč",
    "KČ", "US$", "Us$", "F CFA", "F\u202fCFA", "Dec", "March", "Note", "The", "Inc", "PSU", "K",
    "M", "B", "T", "Tsh", "TSh", "Elfu", "ELFU", "Ft", "FT", "kr", "Kr", "KR", "x", ".", "5",
]  # fmt: skip


@settings(max_examples=examples(300, 2000), deadline=None)
@given(
    st.lists(st.sampled_from(_AFTER_PIECES), min_size=1, max_size=4).map("".join),
    st.sampled_from(_LOCALES),
)
@example(" Dollars", None)
@example(" BIllion", None)
@example(" RMB", None)
@example(" MIO.", "de_DE")
def test_may_follow_passes_every_word_the_readers_find(after: str, name: str | None) -> None:
    # When may_follow says no, words_after (every CLDR symbol and code, scale word, currency
    # word and unit) reads nothing there.
    convention = resolve_locale(name)
    text = "5" + after
    env = Env(convention, False, text)
    if env.may_follow(text, 1):
        return
    num = Num(0, 1, "5", 0)
    before = (num.currency, num.scale_exp, num.scale_word, num.unit, num.negative, num.kind)
    assert words_after(text, num, 1, env, False) == (1, ""), (after, name)
    assert (num.currency, num.scale_exp, num.scale_word, num.unit, num.negative, num.kind) == before


def test_may_follow_skips_upper_case_words_that_start_nothing() -> None:
    env = Env(None, False, "")
    assert not env.may_follow("5 December", 1) and not env.may_follow("5 The", 1)
    assert env.may_follow("5 USD", 1) and env.may_follow("5 RMB", 1)
    assert env.may_follow("5 DOLLARS", 1) and env.may_follow("5 Billion", 1)
    assert [(m.currency, m.scale_word) for m in extract_("5 DoLLARS, 7 BIllion, 9 The end")] == [
        ("$", None),
        (None, "BIllion"),
        (None, None),
    ]


# --- the gate in front of every prefix reader (numbers.reading.read_number) ------------------


_PREFIX_TEXTS = [*_PREFIX_PIECES, "(", "($", "$(", "-$", "+", "USD", "US$", '"', '", "', "|", "\n"]


@settings(max_examples=examples(300, 2000), deadline=None)
@given(
    st.lists(st.sampled_from(_PREFIX_TEXTS), max_size=6).map("".join),
    st.sampled_from(_LOCALES),
    st.booleans(),
)
@example('", "', None, False)
@example("($", None, False)
@example("is ", None, False)
def test_read_number_asks_the_prefix_readers_whenever_they_may_read(
    before: str, name: str | None, cell: bool
) -> None:
    text = before + "5"
    s0 = len(before)
    env = Env(resolve_locale(name), cell, text)
    tail = prefix_tail(text, s0)
    if may_prefix(tail, env):
        return
    num = Num(s0, s0 + 1, "5", 0)
    marks = Marks(num, Digits("5", 0, True, False), False, "", s0)
    read_prefix(text, s0, 0, num, marks, env, tail)
    assert (num.start, num.currency, num.negative, num.kind, num.scale_exp) == (
        s0, None, False, "number", 0,
    ), before  # fmt: skip
    assert (marks.sign, marks.paren, marks.inner_start) == ("", False, s0), before


# --- the guard in front of "minus 5" (numbers.reading._context_marks) -------------------------


@settings(max_examples=examples(300, 1500), deadline=None)
@given(
    st.lists(st.sampled_from(["minus", "Minus", "MINUS", "minu", " ", "s", "S", "x", "5"]),
             max_size=6).map("".join),
    st.integers(min_value=0, max_value=40),
)  # fmt: skip
@example("minus 5", 6)
@example("5 minus", 0)  # a start below 6 wraps round: startswith reads the end of the text
def test_minus_guard_equals_the_startswith_it_guards(text: str, start: int) -> None:
    start = min(start, len(text))
    words = ("minus", "Minus", "MINUS")
    guarded = (start < 6 or text[start - 2] in "sS") and text.startswith(words, start - 6)
    assert guarded == text.startswith(words, start - 6), (text, start)


def test_minus_is_read_before_a_number() -> None:
    found = extract_("minus 5, Minus 6 and MINUS 7 but xminus 8")
    assert [(m.text, m.negative) for m in found][:3] == [
        ("minus 5", True),
        ("Minus 6", True),
        ("MINUS 7", True),
    ]


# --- the digit search of next_core (numbers.cores) -------------------------------------------


def _cores(text: str, memo: bool) -> list[tuple[int, int, bool]]:
    starts = word_starts(text)
    digits: list[tuple[int, re.Match[str] | None]] | None = [] if memo else None
    out, pos = [], 0
    while (core := next_core(text, pos, starts, digits)) is not None:
        out.append(core)
        pos = core[1]
    return out


@settings(max_examples=examples(300, 500), deadline=None)
@given(st.lists(st.sampled_from(["one", " two", " 5", "12", ".", " ", "x", "a million", "\n"]),
                max_size=30).map("".join))  # fmt: skip
@example("no number words here, only 5 and 6 and 7")
@example("one two three four 5")
def test_next_core_finds_the_same_cores_with_and_without_its_memo(text: str) -> None:
    assert _cores(text, True) == _cores(text, False)


# --- numbers set apart ('"2019"', "|12|"): read in _start (numbers.reading) -------------------

_APART_PIECES = [
    '"', "“", "”", "|", ">", "<", ",", ";", "!", "?", "]", "}", "[", "{", "\n", "\r", " ", "\t",
    "\u00a0", "(", ")", "-", "−", "+", "%", "$", "US", "€", "kr", "A", "ELFU", "~", "#", "*", "x",
    "/", ".", ":", "'", "_", "about ", "Note ", "FY", "December ", "minus ", "pm", " million",
    "5", "12", "100", "2019", "1,234", "1.234", "3.5", "1.234,5", "48,90", "10", " to ", "-K",
]  # fmt: skip
_APART_LOCALES = [None, "de_DE", "sv_SE", "en_IN", "sw"]


def _readings(text: str, name: str | None) -> str:
    """Every reading of ``text``: extract and, for a short text, parse_number_string. The
    scanner's own fast path (numbers.fast, tests/test_speed_paths_speed6.py) is off, so the
    shortcuts of numbers.reading compared here are the ones taken."""
    with _without(extract_module, "FAST_PATH", [False]):
        cell = parse_number_string_(text, locale=name) if len(text) < 40 else None
        return repr((extract_(text, locale=name), cell))


@contextmanager
def _without(module: object, name: str, value: object) -> Iterator[None]:
    """``module.name`` set to ``value`` for the block: the reader with one shortcut turned off."""
    kept = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, kept)


def _apart_differs(text: str, name: str | None) -> bool:
    fast = _readings(text, name)
    with _without(reading_module, "ALONE_AFTER", frozenset()):  # every number the long way
        slow = _readings(text, name)
    return fast != slow


@settings(max_examples=examples(300, 500), deadline=None)
@given(
    st.lists(st.sampled_from(_APART_PIECES), min_size=1, max_size=10).map("".join),
    st.sampled_from(_APART_LOCALES),
)
@example('["Revenue", "2019", "1,234", "12"]', None)
@example('"2019"', "de_DE")
@example("|12|\n|1.234,5|", None)
@example('A"5"', None)
@example('minus"5"', None)
def test_a_number_set_apart_reads_as_the_long_way_reads_it(text: str, name: str | None) -> None:
    assert not _apart_differs(text, name), (text, name)


def test_the_set_apart_check_fails_on_a_broken_gate() -> None:
    # Let "%" count as setting a number apart: "12%" then reads as a plain 12 and the property
    # above sees it (the check is not blind to the shortcut).
    assert not _apart_differs('"12%"', None)
    with _without(reading_module, "ALONE_AFTER", reading_module.ALONE_AFTER | {"%"}):
        assert _apart_differs('"12%"', None)


def test_the_set_apart_characters_start_and_end_nothing_a_reader_reads() -> None:
    # Why the shortcut is exact (the property above is the proof): before the digits, none of
    # ALONE_BEFORE ends a listed word, a sign, a currency or a "minus"; after them, none of
    # ALONE_AFTER starts a unit, a currency, a range, a compound, a time or a label.
    lists = (REF_ENDS, FISCAL_ENDS, APPROX_ENDS, MONTH_ENDS, TIMES_ENDS, DIVIDE_ENDS)
    for ch in ALONE_BEFORE - {""}:
        assert not ch.isalnum() and ch not in "_'-/.#^@[(~s", ch
        for ends in lists:
            assert ch not in ends.last1 and not any(t.endswith(ch) for t in ends.last2), ch
    for name in _APART_LOCALES:
        env = Env(resolve_locale(name), False, "")
        assert env.alone <= ALONE_BEFORE and not env.alone & env.pre_ends
    assert ALONE_AFTER <= NEVER_AFTER | {""}
    for ch in ALONE_AFTER - {""}:
        assert ch not in UNIT_FIRST and ch not in GLUED_FIRST and ch not in "-/.:()+*$%", ch
        assert (not ch.isalnum() and not ch.isspace()) or ch in "\n\r", ch


_APART_TWINS = json.loads((Path(__file__).parent / "vectors" / "extract_apart.json").read_text())


@pytest.mark.parametrize("case", _APART_TWINS["cases"], ids=lambda c: c["text"])
def test_numbers_set_apart_and_their_twins(case: dict[str, Any]) -> None:
    found = [
        [m.text, str(m.value), m.kind, m.currency, m.approximate, m.claim]
        for m in extract_(case["text"])
    ]
    assert found == case["mentions"]


# --- a lone "$" before the digits (numbers.prefix.lone_dollar) -------------------------------

_DOLLAR_PIECES = [
    "$", "$", "US", "HK", "C", "A", "S", "R", "x", "(", ")", " ", "  ", "\t", "\u00a0", "\\",
    "-", "−", "+", "€", "£", "Rs", "Rs.", "USD", "JP", "kr", ".", '"', ",", "\n", "é", "5",
]  # fmt: skip


@settings(max_examples=examples(300, 2000), deadline=None)
@given(
    st.lists(st.sampled_from(_DOLLAR_PIECES), max_size=6).map("".join),
    st.sampled_from(["5", "1,234", "12.5", " 5"]),
    st.sampled_from(["", " million", ")", '"', '",', "|", "\n", "?", "%", "-", "$", ".", " to 6"]),
)
@example("( $", "5", ")")
@example("US$", "5", "")
@example("\\$", "5", "")
@example("-$", "5", "")
def test_a_lone_dollar_reads_as_prefix_re_reads_it(before: str, core: str, after: str) -> None:
    text = before + core + after
    fast = _readings(text, None)
    with _without(reading_module, "lone_dollar", lambda text, s0, floor: False):
        slow = _readings(text, None)
    assert fast == slow, text


def test_the_lone_dollar_check_fails_on_a_broken_gate() -> None:
    # A gate that let "(" join the "$" would read "($5)" as a plain $5, not a negative.
    text = "a loss of ($5)"
    with _without(prefix_module, "_DOLLAR_JOINS", frozenset("-−–+$\\")):
        broken = _readings(text, None)
    assert broken != _readings(text, None)


# --- read_core's shortcuts for "44.1" and "1,234.5" (numbers.cores) --------------------------

_CORE_CHARS = st.sampled_from([*"0123456789", *"0123456789", ".", ",", ",", "'", " ", "e", "E",
                               "+", "-", "٣", "\u00a0"])  # fmt: skip


@settings(max_examples=examples(300, 750), deadline=None)
@given(
    st.lists(_CORE_CHARS, min_size=1, max_size=12).map("".join),
    st.sampled_from([None, ",", "."]),
    st.sampled_from([None, (3, 3), (3, 2)]),
    st.booleans(),
)
@example("1.234", None, None, True)
@example("1,234.5", None, None, False)
@example("012,345", None, None, False)
@example("1,234e0", None, None, False)
@example(".5", None, None, False)
@example("٣.5", None, None, False)
def test_read_core_reads_as_its_general_rules(
    core: str, decimal: str | None, sizes: tuple[int, int] | None, european: bool
) -> None:
    # Strings no scan finds ("e", "1e") may make the general rules raise: the same, then.
    assert _outcome(read_core, core, decimal, sizes, european) == _outcome(
        read_any_core, core, decimal, sizes, european
    ), core


def _outcome(read: Any, *args: Any) -> object:
    try:
        return read(*args)
    except ValueError as error:
        return type(error)


def test_the_read_core_shortcut_needs_each_of_its_guards() -> None:
    # Each guard of the shortcut keeps out a core the naive rule misreads: the property above
    # would fail on a shortcut without it.
    def naive(core: str) -> Digits:
        whole, _, frac = core.partition(".")
        return Digits(whole.replace(",", "") + frac, -len(frac), False, "," in whole)

    for core, european in [("1.234", True), ("0,123,456", False), ("٣.5", False)]:
        general = read_any_core(core, None, None, european)
        assert naive(core) != general, core
        assert read_core(core, european=european) == general, core
    assert naive("1,234.5") == read_core("1,234.5") == read_any_core("1,234.5", None, None, False)
