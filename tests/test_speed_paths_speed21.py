"""The scanner's fast path, round 14 (issue 19, speed21: ``crossfoot.numbers.fast``).

Two pieces, each against the reading it replaces:

- ``_template`` builds a fresh core's Mention fields straight from its digits; here against
  ``Num(...).mention``, the reader's own freezing, field by field, for every style;
- a plain number after a reference word ("Note 4", "item 2", "row 12") is dropped by the fast
  path as the reader drops it; here ``extract`` with the fast path against ``extract`` without
  it (``FAST_PATH``) on every word of the reference list in many contexts and on random texts,
  and with the path deliberately broken (a test that must then fail).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.numbers.fast as fast
from crossfoot.model.types import Mention
from crossfoot.numbers.cores import Digits, read_core
from crossfoot.numbers.extract import extract
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import REF_ENDS, SCALE_EXP
from deep import examples, pairs
from fast_spy import both_reads, fast_reads, first_difference

# -- the template ------------------------------------------------------------------------------


def _reference_template(core: str, style: str) -> tuple[object, ...] | None:
    """What ``_template`` gave before round 14: a Num frozen by the reader's ``mention``."""
    found = Digits(core, 0, True, False) if core.isdigit() else read_core(core)
    if not isinstance(found, Digits) or (found.exp == -3 and not found.plain):
        return None
    year = found.plain and len(found.digits) == 4 and 1900 <= int(found.digits) <= 2100
    num = Num(0, len(core), found.digits, found.exp, found.plain, found.grouped)
    if style == "%":
        num.kind = "percent"
    elif style[:1] == "$":
        num.kind, num.currency = "money", "$"
        if len(style) > 1:
            word = style[1:]
            num.scale_exp, num.scale_word = SCALE_EXP[word.lower().rstrip("s")], word
    elif style == "-":
        num.negative = True
    elif year:
        num.kind = "year"
    mention = num.mention(core)
    return tuple(getattr(mention, name) for name in Mention.__slots__[3:])


def _same(a: tuple[object, ...] | None, b: tuple[object, ...] | None) -> bool:
    """Equal field by field, Decimals by their written form too ("5.0" is not "5")."""
    if a is None or b is None:
        return a is b
    return len(a) == len(b) and all(
        x == y and type(x) is type(y) and (not isinstance(x, Decimal) or str(x) == str(y))
        for x, y in zip(a, b, strict=True)
    )


_STYLES = ["", "%", "$", "-", "$million", "$Million", "$billions", "$thousand", "$trillion"]
_CORES = st.one_of(
    st.integers(0, 10**12).map(str),
    st.integers(0, 10**12).map("{:,}".format),
    st.decimals(0, 10**6, places=3, allow_nan=False).map(str),
    st.decimals(0, 10**6, places=2, allow_nan=False).map("{:,}".format),
    st.integers(1900, 2100).map(str),
    st.sampled_from(["0", "007", "0.5", "1.234", "1,2,3", "48,90", "1,234.5", "00.10", "5.0"]),
)


@settings(
    max_examples=examples(300, 500), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_CORES, st.sampled_from(_STYLES))
@example("2019", "")
@example("1.234", "")
@example("5.0", "$million")
def test_template_fields_are_the_readers(core: str, style: str) -> None:
    assert _same(fast._template(core, style), _reference_template(core, style))


def test_template_differs_from_a_wrong_precision() -> None:
    """The comparison sees a field off by one place (else it would prove nothing)."""
    made = fast._template("12.5", "")
    assert made is not None
    wrong = (made[0], made[1], Decimal("0.5"), *made[3:])
    assert not _same(wrong, _reference_template("12.5", ""))


# -- references --------------------------------------------------------------------------------


_REF_CORES = ["1", "12", "2019", "4,567", "12.5", "007", "3a", "1-2", "1/2", "2.8:1", "3.1"]
_REF_LEFT = ["", "See ", "in ", "$5 and ", "-", "(", "about ", "fiscal ", "em ", "5 ", "Rs ", "x"]
_REF_RIGHT = ["", " had $5", ".", ". Next", ",", ")", "%", " million", "-3", "a", "b.", " pm",
              " of 5", " to 5", ":", "(a)", "/", " x 10", "\n", '"', " and 4", "m"]  # fmt: skip


def _references(words: list[str], whole: bool = False) -> Iterator[str]:
    # every pair of (left, core, right) values per word; the whole product when asked
    contexts = (
        list(itertools.product(_REF_LEFT, _REF_CORES, _REF_RIGHT))
        if whole
        else list(pairs(_REF_LEFT, _REF_CORES, _REF_RIGHT))
    )
    for word in words:
        for spelt in {word, word.capitalize(), word.upper()}:
            for left, core, right in contexts:
                yield f"{left}{spelt} {core}{right}"


def _shape(word: str) -> tuple[bool, ...]:
    """What the reader can tell words apart by: letters only, a final stop, a space inside,
    a symbol, a plural."""
    return (word.isalpha(), word.endswith("."), " " in word, "&" in word, word.endswith("s"))


# the first word of each shape, read in every context (the rest in every pair of contexts)
_SHAPED = list({_shape(w): w for w in sorted(REF_ENDS.words, reverse=True)}.values())


@pytest.mark.parametrize("chunk", range(2))
def test_each_reference_word_reads_as_the_full_reader(chunk: int) -> None:
    words = sorted(REF_ENDS.words)[chunk::2]
    assert first_difference(_references(words)) is None


def test_a_word_of_each_shape_reads_as_the_full_reader_in_every_context() -> None:
    assert len(_SHAPED) >= 6
    assert first_difference(_references(_SHAPED, whole=True)) is None


def test_references_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shapes it is for take it (else the comparisons would prove nothing): "item" and
    "Note" end in a CLDR symbol's last letters, so the prefix reader is asked too."""
    taken: list[int] = []
    original = fast._reference

    def spy(*args: object) -> bool:
        found = original(*args)  # type: ignore[arg-type]
        taken.append(bool(found))
        return found

    monkeypatch.setattr(fast, "_reference", spy)
    found = extract("item 1 had 5,120 and row 12. See Note 4, page 7 and Step 3a; x 9 of")
    assert [m.text for m in found] == ["5,120", "9"]
    assert taken == [True, True, True, True, True, False]  # ("x 9": a formula word)


def test_a_broken_reference_path_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the compound test ("item 1-2" is a range of items the reader reads as one
    token) or the prefix reader's say ("EUR 5" after "Item"), the comparison finds a text."""

    def no_compound(text: str, s0: int, e0: int, env: object, floor: int) -> bool:
        return text[s0:e0].isdigit() and text[:s0].rstrip().lower().endswith(("item", "note"))

    monkeypatch.setattr(fast, "_reference", no_compound)
    assert first_difference(_references(["item", "note"])) is not None


_WORDS = [*sorted(REF_ENDS.words)[::2], "was", "in", "the", "about", "$", "EUR", "Rs", "US",
          "million", "%", "fiscal", "December", "and", "to", "-", "(", ")", ".", ","]  # fmt: skip
_PIECE = st.one_of(
    st.sampled_from(_WORDS),
    st.sampled_from(_REF_CORES),
    st.integers(0, 10**6).map(str),
    st.sampled_from([" ", " ", " ", ", ", ". ", "\n", '"', "|", "-", "/", ":", "a", "\u00a0"]),
)
_TEXTS = st.lists(_PIECE, max_size=14).map("".join)


@settings(
    max_examples=examples(300, 600), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_TEXTS)
@example("Item 1-2 and Note 4. x")
@example("§ 5 and ¶ 6, no. 7 and ending in 7334")
def test_random_reference_texts_read_as_the_full_reader(text: str) -> None:
    fast_read, full_read = both_reads(text)
    assert fast_read == full_read


# -- a dollar amount with a scale letter glued on ("$4.21M") ------------------------------------

_GLUED = [*"mMbBkKTtgx", "bn", "mn", "tn", "Bn", "MM", "mm", "bln", "mil"]
_GLUED_RIGHT = [" of", ",", ".", ". Next", ".5", ".\n", ";", "\n", "", " to $6M", "-6", "+", "$",
                "}", " (USD 5)", "\n(USD 5)", "%", ")", " and $5M", " million", "s", " 5",
                " in 2019", " dollars", " USD", ":", " - 3", "–4"]  # fmt: skip


def _glued_dollars() -> Iterator[str]:
    befores = ["was", "and", "In", "about", "up to", "over", "minus", "Note", "fiscal", "(", "by"]
    for before in befores:
        for core in ("5", "4.21", "1,234", "2019", ".5", "1.234", "1,2,3", "007"):
            for scale in _GLUED:
                for right in _GLUED_RIGHT:
                    yield f"it {before} ${core}{scale}{right}"


def test_glued_scale_dollars_read_as_the_full_reader() -> None:
    assert first_difference(_glued_dollars()) is None


def test_glued_scale_dollars_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "We saw $4.21M of spend and $5k; and $3.2bn. Also $7mm and about $2M."
    taken = fast_reads(monkeypatch, fast, "_made", text)
    assert taken == ["$4.21M", "$5k", "$3.2bn"]


def test_a_wrong_glued_scale_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scale letter the reader does not read ("g") let through is caught."""
    import re

    monkeypatch.setattr(
        fast, "_GLUED_SCALE_RE", re.compile(r"(bn|mn|tn|[mMbBkKTg])(?![A-Za-z0-9_])")
    )
    monkeypatch.setitem(fast.SCALE_EXP, "g", 9)
    assert first_difference(_glued_dollars()) is not None
