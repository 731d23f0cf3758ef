"""Tokens, tree and parser for the calculations :mod:`crossfoot.arithmetic.calculations` recomputes.

The tokenizer reads an answer's text into numbers (the mention spans
:func:`crossfoot.numbers.extract.extract` found), operators from a fixed table (symbols, LaTeX,
words such as "multiplied by"), brackets, equals signs and breaks (prose between calculations). The
parser is a recursive descent over those tokens, bounded in length (:data:`MAX_CHARS`), tokens and
depth (:data:`MAX_DEPTH`); tokens that do not form an expression give None, never an exception.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from crossfoot.model.types import Mention

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "BinOp",
    "Neg",
    "Node",
    "Num",
]


#: Longest calculation (characters from its first to its last token) the parser reads.
MAX_CHARS = 300
#: Deepest nesting of parentheses / fractions / unary signs the parser follows.
MAX_DEPTH = 12
_MAX_TOKENS = 120


@dataclass(frozen=True, slots=True)
class Num:
    """A number of the expression: the mention at ``index``."""

    index: int
    unsigned: bool = False  # the mention's own minus sign was read as the operator before it


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Node


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # one of + - * / ^
    left: Node
    right: Node


Node = Num | Neg | BinOp


# ---------------------------------------------------------------------------------------------
# Tokens

_T_NUM, _T_OP, _T_LP, _T_RP, _T_LB, _T_RB, _T_FRAC, _T_EQ, _T_BREAK = range(9)


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: int
    start: int
    end: int
    op: str = ""  # operator for _T_OP
    index: int = -1  # mention index for _T_NUM
    unsigned: bool = False  # the number's minus sign became an operator token
    word: bool = False  # operator written as a word ("multiplied by")


_UNIT_WORDS = frozenset(
    "million millions billion billions thousand thousands m mn bn b k % percent pct $ usd "
    "dollars dollar".split()
)

# Operators and other symbols, tried in order at each position outside a number.
_LEX = re.compile(
    r"""
      (?P<cite>\[\s*(?:[A-Za-z][^\[\]\n]{0,40}|\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\s*\])
    | (?P<latexparen>\\(?:left|right|bigl|bigr|Bigl|Bigr|big|Big)\s*(?:\\?[(\[{)\]}]|\.))
    | (?P<frac>\\[dt]?frac)
    | (?P<mul>\\times|\\cdot|[×*·⋅∗]|(?<![A-Za-z])[xX](?![A-Za-z]))
    | (?P<div>\\div|[÷/∕])
    | (?P<eq>\\approx|\\simeq|\\equiv|\\sim|:=|==?|≈|≃|≅|~=)
    | (?P<text>\\(?:text|mathrm|textbf|mbox)\s*\{(?P<inner>[^{}]{0,40})\})
    | (?P<skip>\\%|\\[,;:!\ ]|\\quad|\\qquad|%|~)
    | (?P<latex>\\[A-Za-z]+)
    | (?P<dollars>\$\$)
    | (?P<dollar>\$)
    | (?P<plus>\+)
    | (?P<minus>[−\-–—])
    | (?P<pow>\^)
    | (?P<lp>[(\[])
    | (?P<rp>[)\]])
    | (?P<lb>\{)
    | (?P<rb>\})
    | (?P<listmark>\n[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t])
    | (?P<space>\s+)
    """,
    re.VERBOSE,
)
# Operators and equals signs written as words (checked before the symbol table).
_WORDS = re.compile(
    r"""(?ix)
      (?P<wmul>multipl(?:y|ied|ying|ies)(?:\s+(?:it|this|that|the\s+result))?\s+by\b|times\b)
    | (?P<wdiv>divid(?:e|ed|ing|es)(?:\s+(?:it|this|that|the\s+result))?\s+by\b)
    | (?P<wminus>minus\b)
    | (?P<wplus>plus\b)
    | (?P<weq>(?:is|are|was|equals?|gives(?:\s+us)?|yields?|results?\s+in|comes?\s+to)\b
              (?:\s+(?:equal\s+to|approximately|about|roughly|around))?)
    """
)
_WORD = re.compile(r"[A-Za-z]+|.", re.DOTALL)
_SPACES = re.compile(r"\s+")
# First letters of the _WORDS alternatives in any case (with the two Turkish i's that match "i"
# case-insensitively): a word starting otherwise is never tried against _WORDS.
_WORD_STARTS = frozenset("mtdpiawegyrcMTDPIAWEGYRC\u0130\u0131")
# Letters no _LEX alternative starts with (only "x" does, as a multiplication sign).
_PROSE_LETTERS = frozenset("abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ")


# After a hyphen glued between two numbers: the second number, then an equals sign, or a closing
# parenthesis and a division or multiplication ("1,347-891=456", "(73,260-57,768)/57,768"). A
# range or a hyphenated span ("2008-2009", "5-6%") is never followed by either.
_SUBTRACTION_AHEAD = re.compile(r"\$?\d[\d,]*(?:\.\d+)?%?\s*(?:=|\)\s*(?:[/÷*×]|\\div|\\times))")


def glued_subtraction(text: str, end: int, left: Mention | None = None) -> bool:
    """Whether the hyphen glued to a digit just before ``end`` is a minus sign: what follows it is
    the rest of a written calculation. Never after a year (``left``: the number before the
    hyphen): "2018-2019 = 456" names a span.

    >>> glued_subtraction("1,347-891=456", 6), glued_subtraction("2008-2009 revenue", 5)
    (True, False)
    """
    if left is not None and left.kind == "year":
        return False
    return _SUBTRACTION_AHEAD.match(text, end) is not None


def _left(toks: list[_Tok], mentions: Sequence[Mention]) -> Mention | None:
    """The number just tokenized, if the last token is one."""
    if toks and toks[-1].kind == _T_NUM and toks[-1].index >= 0:
        return mentions[toks[-1].index]
    return None


def _tokenize(text: str, mentions: Sequence[Mention]) -> list[_Tok]:
    order = sorted(range(len(mentions)), key=lambda i: mentions[i].start)
    toks: list[_Tok] = []
    pos, k, n = 0, 0, len(text)
    # A run of breaks (prose words, citations) is one _T_BREAK token; it is made when the run
    # ends rather than remade for every word of it.
    pending: list[int] = []  # [start, end] of the open run, or empty

    def brk(a: int, b: int) -> None:
        if pending:
            pending[1] = b
        elif toks and toks[-1].kind == _T_BREAK:
            pending[:] = [toks.pop().start, b]
        else:
            pending[:] = [a, b]

    def flush() -> None:
        if pending:
            toks.append(_Tok(_T_BREAK, pending[0], pending[1]))
            pending.clear()

    def push(tok: _Tok) -> None:
        flush()
        toks.append(tok)

    while pos < n:
        ch = text[pos]
        if ch == " " and (k >= len(order) or mentions[order[k]].start > pos):
            # Plain spaces between words: what _LEX's "space" would skip (nothing else starts
            # with " "), without trying its other alternatives first.
            sp = _SPACES.match(text, pos)
            assert sp is not None
            pos = sp.end()
            continue
        while k < len(order) and mentions[order[k]].start < pos:
            k += 1
        if k < len(order) and mentions[order[k]].start == pos:
            flush()  # the sign rules below look at the last token
            i = order[k]
            m = mentions[i]
            lead = m.text[:1]
            unsigned = False
            if lead in "-−–" and toks and toks[-1].kind in (_T_NUM, _T_RP, _T_RB):
                # "5829 −5735": the sign is the operator between two numbers.
                if (
                    lead == "−"
                    or pos == 0
                    or text[pos - 1].isspace()
                    or glued_subtraction(text, pos + 1, _left(toks, mentions))
                ):
                    push(_Tok(_T_OP, pos, pos + 1, "-"))
                    unsigned = True
                else:
                    brk(pos, pos + 1)  # "2008-2009": a range, not a subtraction
            elif lead in "-−–" and toks and toks[-1].kind == _T_OP and toks[-1].op == "-":
                unsigned = True  # "119 - -86" is rare; "119 - - 86" is one sign read twice
            push(_Tok(_T_NUM, m.start, max(m.end, pos + 1), index=i, unsigned=unsigned))
            pos = max(m.end, pos + 1)
            continue
        w = (
            _WORDS.match(text, pos)
            if ch in _WORD_STARTS and (pos == 0 or not text[pos - 1].isalnum())
            else None
        )
        if w is not None and (
            w.end() >= n or not text[w.end() - 1].isalpha() or not text[w.end()].isalpha()
        ):
            g = w.lastgroup
            if g == "weq":
                push(_Tok(_T_EQ, pos, w.end(), word=True))
            else:
                op = {"wmul": "*", "wdiv": "/", "wminus": "-", "wplus": "+"}[g or ""]
                push(_Tok(_T_OP, pos, w.end(), op, word=True))
            pos = w.end()
            continue
        # No symbol starts with an ASCII letter but a lone "x": a word of prose is a break.
        lx = None if ch in _PROSE_LETTERS else _LEX.match(text, pos)
        if lx is None:
            wm = _WORD.match(text, pos)
            end = wm.end() if wm else pos + 1
            brk(pos, end)
            pos = end
            continue
        g = lx.lastgroup
        end = lx.end()
        if g == "latexparen":
            ch = lx.group(0).rstrip()[-1]
            if ch in "([{":
                push(_Tok(_T_LP, pos, end))
            elif ch in ")]}":
                push(_Tok(_T_RP, pos, end))
        elif g == "frac":
            push(_Tok(_T_FRAC, pos, end))
        elif g == "mul":
            push(_Tok(_T_OP, pos, end, "*"))
        elif g == "div":
            push(_Tok(_T_OP, pos, end, "/"))
        elif g == "eq":
            push(_Tok(_T_EQ, pos, end))
        elif g == "text":
            inner = (lx.group("inner") or "").strip().lower().strip("\\")
            if inner not in _UNIT_WORDS and inner != "":
                brk(pos, end)
        elif g in ("skip", "space", "dollar"):
            pass
        elif g in ("latex", "dollars", "listmark", "cite"):
            brk(pos, end)
        elif g == "plus":
            push(_Tok(_T_OP, pos, end, "+"))
        elif g == "minus":
            ch = lx.group(0)
            glued = pos > 0 and end < n and not text[pos - 1].isspace() and not text[end].isspace()
            if ch != "−" and glued and text[pos - 1].isdigit() and not glued_subtraction(text, end):
                brk(pos, end)  # "2008–2009", "5-6%": a range or a hyphen
            else:
                push(_Tok(_T_OP, pos, end, "-"))
        elif g == "pow":
            push(_Tok(_T_OP, pos, end, "^"))
        elif g == "lp":
            push(_Tok(_T_LP, pos, end))
        elif g == "rp":
            push(_Tok(_T_RP, pos, end))
        elif g == "lb":
            push(_Tok(_T_LB, pos, end))
        elif g == "rb":
            push(_Tok(_T_RB, pos, end))
        pos = end
    flush()
    return toks


# ---------------------------------------------------------------------------------------------
# Parser


class _Fail(Exception):
    """The tokens do not form an expression (caught here and in
    :mod:`crossfoot.arithmetic.calculations` only)."""


class _Parser:
    __slots__ = ("i", "toks")

    def __init__(self, toks: Sequence[_Tok]) -> None:
        self.toks = toks
        self.i = 0

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> _Tok:
        tok = self.peek()
        if tok is None:
            raise _Fail
        self.i += 1
        return tok

    def parse(self) -> Node:
        node = self.expr(0)
        if self.i != len(self.toks):
            raise _Fail
        return node

    def expr(self, depth: int) -> Node:
        node = self.term(depth)
        while (tok := self.peek()) is not None and tok.kind == _T_OP and tok.op in "+-":
            self.i += 1
            node = BinOp(tok.op, node, self.term(depth))
        return node

    def term(self, depth: int) -> Node:
        node = self.unary(depth)
        while (tok := self.peek()) is not None and tok.kind == _T_OP and tok.op in "*/":
            self.i += 1
            node = BinOp(tok.op, node, self.unary(depth))
        return node

    def unary(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise _Fail
        tok = self.peek()
        if tok is not None and tok.kind == _T_OP and tok.op in "+-" and not tok.word:
            self.i += 1
            inner = self.unary(depth + 1)
            return Neg(inner) if tok.op == "-" else inner
        base = self.primary(depth)
        tok = self.peek()
        if tok is not None and tok.kind == _T_OP and tok.op == "^":
            self.i += 1
            return BinOp("^", base, self.unary(depth + 1))
        return base

    def primary(self, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise _Fail
        tok = self.take()
        if tok.kind == _T_NUM:
            return Num(tok.index, tok.unsigned)
        if tok.kind in (_T_LP, _T_LB):
            inner = self.expr(depth + 1)
            close = self.take()
            if close.kind != (_T_RP if tok.kind == _T_LP else _T_RB):
                raise _Fail
            return inner
        if tok.kind == _T_FRAC:
            num = self.primary(depth + 1)
            den = self.primary(depth + 1)
            return BinOp("/", num, den)
        raise _Fail


def _parse(toks: Sequence[_Tok]) -> Node | None:
    if not toks or len(toks) > _MAX_TOKENS or toks[-1].end - toks[0].start > MAX_CHARS:
        return None
    try:
        return _Parser(toks).parse()
    except _Fail:
        return None
