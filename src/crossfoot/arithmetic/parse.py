"""Tree and parser for the calculations :mod:`crossfoot.arithmetic.calculations` recomputes.

The parser is a recursive descent over the tokens of :mod:`crossfoot.arithmetic.tokens`, bounded in
length (:data:`MAX_CHARS`), tokens and depth (:data:`MAX_DEPTH`); tokens that do not form an
expression give None, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crossfoot.arithmetic.tokens import _T_FRAC, _T_LB, _T_LP, _T_NUM, _T_OP, _T_RB, _T_RP, _Tok

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
