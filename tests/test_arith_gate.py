"""The shortcuts of ``find_calculations`` and ``constant_mentions`` never change what they find.

``_arith._may_operate`` lets a text skip tokenizing and parsing when it holds no operator. It is
sound when every text it rejects tokenizes to no operator token (no calculation can form without
one) and so yields the calculations the ungated search finds: none. ``constant_mentions`` also
skips mentions that cannot be a hundred or a small count before its two context regexes.
"""

from __future__ import annotations

import re
import sys

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.arithmetic.calculations import (
    _OP_FOLDS,
    _OP_WORDS,
    _PROSE_DIVISOR,
    _PROSE_HUNDRED,
    Calculation,
    _find_cached,
    _may_operate,
    constant_mentions,
    find_calculations,
)
from crossfoot.arithmetic.evaluate import is_hundred as _is_hundred
from crossfoot.arithmetic.evaluate import is_small_count as _is_small_count
from crossfoot.arithmetic.tokens import _LEX, _T_FRAC, _T_OP, _tokenize
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract
from deep import examples

_PROSE = [
    " ", "\n", "revenue", "is", "was", "equals", "gives", "=", "≈", "(", ")", "[1]", "{", "}",
    "$", "%", "5,829", "5735", "12.5%", "$3.2 million", "2019", "100", "0.3208", "3", "é", "Net",
    "12", "2", "1", "-1", "13", "100%", "$100", "1.5", "over", "by",
    ",", ".", ":", "next", "tax", "box", "multiple", "time", "divine", "minuscule", "plush",
    # non-ASCII letters that match ASCII ones case-insensitively (Kelvin sign, dotless i, long s)
    "\u212a", "\u0131", "\u017f",
]  # fmt: skip
# Operators in every spelling _tokenize reads, and case variants of the words.
_OPERATORS = [
    "x", "X", "×", "*", "·", "⋅", "∗", "÷", "/", "∕", "+", "-", "−", "–", "—", "^",
    "\\times", "\\cdot", "\\div", "\\frac", "\\dfrac", "times", "TIMES", "Times",
    "multiplied by", "Multiplying it by", "divided by", "DIVIDES by", "minus", "Plus",
    "t\u0131mes", "m\u0130nus", "plu\u017f", "\u212ax", "-5735", "−5735",
]  # fmt: skip


@st.composite
def _texts(draw: st.DrawFn) -> str:
    """Prose and numbers with at most two operators: most texts around the gate's edge."""
    pieces = draw(st.lists(st.sampled_from(_PROSE) | st.text(max_size=3), max_size=25))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(pieces)))
        spaced = draw(st.booleans())  # glued to its neighbours, or a word on its own
        op = draw(st.sampled_from(_OPERATORS))
        pieces.insert(at, f" {op} " if spaced else op)
    return "".join(pieces)


_OP_KINDS = (_T_OP, _T_FRAC)


def _ungated(text: str) -> list[Calculation]:
    ms = extract(text)
    _find_cached.cache_clear()
    return list(_find_cached(text, tuple(ms)))


@settings(max_examples=examples(300, 500), deadline=None)
@given(_texts())
@example("5 + 3 = 8")
@example("10 t\u0131mes 3 = 30")
@example("\u212ax2 = 4")
@example("5,829 −5735 = 94")
def test_gate_rejects_only_texts_without_operator_tokens(text: str) -> None:
    ms = extract(text)
    gated = find_calculations(text, ms)
    assert gated == _ungated(text), text
    if not _may_operate(text):
        assert not [t for t in _tokenize(text, ms) if t.kind in _OP_KINDS], text


def test_gate_passes_every_operator_character_of_the_lexer() -> None:
    # Each character _LEX reads alone as an operator, checked from the lexer itself.
    for code in range(0x3000):
        ch = chr(code)
        lx = _LEX.match(ch)
        if lx is not None and lx.lastgroup in ("mul", "div", "plus", "minus", "pow"):
            assert _may_operate(ch), repr(ch)


def test_gate_skips_prose_and_keeps_calculations() -> None:
    assert not _may_operate("item 1 had 299 in revenue, next to tax of 5.")
    for text in ("(76 + 73 + 52) / 3 = 67", "10 x 3 = 30", "10 Times 3 is 30", "5 minus 2 = 3"):
        assert _may_operate(text)
        assert find_calculations(text, extract(text)), text
    for op in _OPERATORS:  # each spelling between two numbers is an operator token
        text = f"12 {op} 3 = 4"
        assert [t for t in _tokenize(text, extract(text)) if t.kind in _OP_KINDS], op
        assert _may_operate(text), op


def test_fold_characters_are_every_non_ascii_letter_of_the_operator_words() -> None:
    # The lower-case shortcut is exact only when _OP_FOLDS lists every non-ASCII character that
    # re.I matches to a letter of an operator word.
    letters = set("".join(_OP_WORDS.pattern.removeprefix("(?i)").split("|")))
    any_letter = re.compile(f"(?i)[{''.join(sorted(letters))}]")
    folds = {chr(c) for c in range(128, sys.maxunicode + 1) if any_letter.fullmatch(chr(c))}
    assert folds == {chr(c) for c in (0x130, 0x131, 0x17F)}
    assert all(_OP_FOLDS.search(ch) for ch in folds)


def _reference_constant_mentions(text: str, ms: list[Mention]) -> set[int]:
    """constant_mentions before its shortcuts: no operator gate, every mention tested."""
    out: set[int] = set()
    for calc in _ungated(text):
        out.update(calc.constants)
    for i, m in enumerate(ms):
        before = text[max(0, m.start - 40) : m.start]
        if _is_hundred(m) and _PROSE_HUNDRED.search(before):
            out.add(i)
        elif _is_small_count(m) and _PROSE_DIVISOR.search(before):
            out.add(i)
    return out


@settings(max_examples=examples(300, 500), deadline=None)
@given(_texts())
@example("then multiplying by 100 gives 12%")
@example("divided by 3 is 4, over 12 and by 1.5")
@example("10 / 2 and 5 divided by 2, 4 / 1, 9 / 13")  # the edges of a small count
@example("× 100%, x 100 and times 100.5")
def test_constant_mentions_equal_the_unfiltered_loop(text: str) -> None:
    ms = extract(text)
    assert constant_mentions(text, ms) == _reference_constant_mentions(text, ms), text
