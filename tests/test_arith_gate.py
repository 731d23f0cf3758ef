"""The operator gate of ``find_calculations`` never changes what it finds.

``_arith._MAY_OPERATE`` lets a text skip tokenizing and parsing when it holds no operator. It is
sound when every text it rejects tokenizes to no operator token (no calculation can form without
one) and so yields the calculations the ungated search finds: none.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot._arith import _MAY_OPERATE, _find_cached, find_calculations
from crossfoot._arith_parse import _LEX, _T_FRAC, _T_OP, _tokenize
from crossfoot._extract import extract

_PROSE = [
    " ", "\n", "revenue", "is", "was", "equals", "gives", "=", "≈", "(", ")", "[1]", "{", "}",
    "$", "%", "5,829", "5735", "12.5%", "$3.2 million", "2019", "100", "0.3208", "3", "é", "Net",
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


def _ungated(text: str) -> list[object]:
    ms = extract(text)
    _find_cached.cache_clear()
    return list(_find_cached(text, tuple(ms)))


@settings(max_examples=500, deadline=None)
@given(_texts())
@example("5 + 3 = 8")
@example("10 t\u0131mes 3 = 30")
@example("\u212ax2 = 4")
@example("5,829 −5735 = 94")
def test_gate_rejects_only_texts_without_operator_tokens(text: str) -> None:
    ms = extract(text)
    gated = find_calculations(text, ms)
    assert gated == _ungated(text), text
    if _MAY_OPERATE.search(text) is None:
        assert not [t for t in _tokenize(text, ms) if t.kind in _OP_KINDS], text


def test_gate_passes_every_operator_character_of_the_lexer() -> None:
    # Each character _LEX reads alone as an operator, checked from the lexer itself.
    for code in range(0x3000):
        ch = chr(code)
        lx = _LEX.match(ch)
        if lx is not None and lx.lastgroup in ("mul", "div", "plus", "minus", "pow"):
            assert _MAY_OPERATE.search(ch), repr(ch)


def test_gate_skips_prose_and_keeps_calculations() -> None:
    assert _MAY_OPERATE.search("item 1 had 299 in revenue, next to tax of 5.") is None
    for text in ("(76 + 73 + 52) / 3 = 67", "10 x 3 = 30", "10 Times 3 is 30", "5 minus 2 = 3"):
        assert _MAY_OPERATE.search(text) is not None
        assert find_calculations(text, extract(text)), text
    for op in _OPERATORS:  # each spelling between two numbers is an operator token
        text = f"12 {op} 3 = 4"
        assert [t for t in _tokenize(text, extract(text)) if t.kind in _OP_KINDS], op
        assert _MAY_OPERATE.search(text) is not None, op
