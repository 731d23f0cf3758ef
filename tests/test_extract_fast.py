"""The fast paths of issue 20's speed item give what the plain readings give.

Each shortcut the number reader takes (``crossfoot.numbers``) is checked against the work it
skips, on fixed cases and on hypothesis-generated ones: a shortcut that changes one reading fails
here.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.model.locale import resolve_locale
from crossfoot.model.types import Mention
from crossfoot.numbers.affixes import prefix_gate, scale_before, symbol_before
from crossfoot.numbers.num import new_mention
from crossfoot.numbers.patterns import prefix_tail

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
    from crossfoot.numbers.extract import extract

    for m in extract("Revenue rose 12% to $3.2bn, about 1,200 staff (2023: 1,100) and 25kg."):
        assert type(m) is Mention
        assert m == Mention(*dataclasses.astuple(m))


# --- the gate in front of the CLDR prefix readers (numbers.reading._read_prefix) -------------

_LOCALES = [None, "de_DE", "sw", "ee", "si", "en_IN", "ru"]
_PREFIX_PIECES = [
    " ", "\u00a0", "\t", "Rs", "rs", "RS", "IS", "is", "Is", "AR", "ar", "IL", "il", "elfu",
    "ELFU", "Elfu", "vote", "VOTE", "milioni", "zł", "ZŁ", "Kč", "kč", "$", "A$", "a$", "kr",
    "KR", "Kr", "c.", "C.", "s.", "S.", "₽", "x", "Q", "%", "-", "the ", "ŋkr", "ŊKR", "дата ",
]  # fmt: skip


@settings(max_examples=1500, deadline=None)
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
