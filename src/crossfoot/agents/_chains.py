"""Arithmetic a user or a tool writes out without its result: "(300+300)x4", "2 x (150 + 45)".

"Two rooms at 300, four nights: (300+300)x4" and ``pay(amount=2400)`` was ``unsourced``: 2400 is
written nowhere, and the search of ``agents._derive`` tries only short shapes over the figures
seen (a sum of two, a price times a stated count), never a chain of three. Searching every chain
of the context's figures would find a coincidence for almost any amount, so only a chain someone
wrote is read: its value is *derived*, and the evidence says so, with the chain as written
("(300+300)x4 (user@1)"), never that the value was stated.

What counts as a written chain: numbers joined by ``+``, ``x``, ``×``, ``*``, ``-`` or ``/`` with
brackets, or two operators or more. A ``-`` or ``/`` needs a space or a bracket on each side, so
dates, phone numbers, ranges and fractions ("2026-12-09", "555-0104", "1-2 days", "3/4") are no
chain; nor is a run touching a letter, a ``#`` or a dot of an identifier or a version. A chain
followed by ``=`` has its result written, which is found as written. The agent's own chains with
brackets and a result are read by :func:`bracket_calc` for ``agents._written``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation, localcontext

__all__ = ["bracket_calc", "chain_values", "evaluate"]

# A run from its start to the first character that no chain holds: no backtracking (one pass over
# any input); its tail is trimmed and its ends checked in Python (_runs).
_RUN = re.compile(r"(?<![\w#.,/:-])[\d$(][\d.,$()\s+×*x/-]*")
_TAIL = " \t\n\r.,$(+×*x/-"
_TOKEN = re.compile(r"\s*(?:(\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$?\d+(?:\.\d+)?)|([-+×*x/()]))")
_GATE = ("(", "+", "x", "×", "*", " - ", " / ")
_MAX_RUN = 200  # characters of one chain
_MAX_CHAINS = 200  # chains read from one source


def evaluate(expr: str) -> tuple[Decimal, str] | None:
    """The value of a written chain and the chain as written, or None when ``expr`` is no chain.

    >>> evaluate("(300+300)x4"), evaluate("2 x (150 + 45.50)"), evaluate("2026-12-09")
    ((Decimal('2400'), '(300+300)x4'), (Decimal('391.00'), '2 x (150 + 45.50)'), None)
    >>> evaluate("300 + 300"), evaluate("1,200 - 150 - 50"), evaluate("3/4")
    (None, (Decimal('1000'), '1,200 - 150 - 50'), None)
    >>> evaluate("(2 + 3) x100"), evaluate("4 x100 + 2"), evaluate("4 x 100 + 2")
    (None, None, (Decimal('402'), '4 x 100 + 2'))
    """
    tokens: list[str] = []
    pos, end = 0, len(expr)
    while pos < end:
        m = _TOKEN.match(expr, pos)
        if m is None:
            if expr[pos:].isspace():
                break
            return None
        tokens.append(m[1] or m[2])
        pos = m.end()
    ops = [t for t in tokens if t in "+-×*x/"]
    if not ops or not any(t[-1].isdigit() for t in tokens):
        return None
    if "(" not in tokens and len(ops) < 2:
        return None  # "300 + 300": a sum of two is the search's (agents._derive)
    for i, t in enumerate(tokens):
        if t in "-/":  # "2026-12-09", "3/4": a minus or a slash stands apart
            left = expr[: _nth(expr, tokens, i)]
            if not (left.endswith((" ", ")")) or left.endswith("(")):
                return None
        elif t == "x" and expr[_nth(expr, tokens, i) + 1 : _nth(expr, tokens, i) + 2].isdigit():
            at = _nth(expr, tokens, i)  # "4 X100 + 2": an "x" that starts a word is a model's
            if at == 0 or not (expr[at - 1].isdigit() or expr[at - 1] == ")"):  # name, "3x40"
                return None  # and ")x4" multiply
    parser = _Parser([t.replace("$", "").replace(",", "") for t in tokens])
    with localcontext() as ctx:
        ctx.prec = 28
        try:
            value = parser.sum()
        except (InvalidOperation, ZeroDivisionError, IndexError, ValueError):
            return None
    if parser.at != len(parser.tokens):
        return None
    return value, expr.strip()


def _nth(expr: str, tokens: list[str], i: int) -> int:
    """Where token ``i`` starts in ``expr`` (tokens are read in order, so a rescan finds it)."""
    pos = 0
    for k in range(i + 1):
        m = _TOKEN.match(expr, pos)
        assert m is not None
        pos = m.end()
        if k == i:
            return m.end() - len(tokens[i])
    return pos


class _Parser:
    """Sums of products of numbers and bracketed sums: the arithmetic people write out."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0

    def sum(self) -> Decimal:
        value = self.product()
        while self.at < len(self.tokens) and self.tokens[self.at] in "+-":
            op = self.tokens[self.at]
            self.at += 1
            right = self.product()
            value = value + right if op == "+" else value - right
        return value

    def product(self) -> Decimal:
        value = self.atom()
        while self.at < len(self.tokens) and self.tokens[self.at] in "×*x/":
            op = self.tokens[self.at]
            self.at += 1
            right = self.atom()
            value = value / right if op == "/" else value * right
        return value

    def atom(self) -> Decimal:
        t = self.tokens[self.at]
        self.at += 1
        if t == "(":
            self.depth += 1
            if self.depth > 8:
                raise ValueError("too deep")
            value = self.sum()
            if self.tokens[self.at] != ")":
                raise ValueError("unclosed")
            self.at += 1
            self.depth -= 1
            return value
        return Decimal(t)


def chain_values(text: str) -> Iterator[tuple[Decimal, str]]:
    """(value, chain as written) of each chain a text writes without its result.

    >>> list(chain_values("two rooms at 300, four nights: (300+300)x4. thanks!"))
    [(Decimal('2400'), '(300+300)x4')]
    >>> list(chain_values("(300+300)x4 = 2400"))
    []
    """
    if not any(g in text for g in _GATE):
        return
    n = 0
    for run, end in _runs(text, 0, len(text)):
        if len(run) > _MAX_RUN or text[end : end + 3].lstrip().startswith("="):
            continue
        got = evaluate(run.lstrip("(") if run.count("(") > run.count(")") else run)
        if got is not None and got[0] > 0:
            yield got
            n += 1
            if n >= _MAX_CHAINS:
                return


def bracket_calc(text: str, start: int, eq: int) -> tuple[str, Decimal] | None:
    """The chain with brackets right before the ``=`` at ``eq`` (within ``text[start:eq]``):
    (the chain as written, its value), for a written calculation "(300+300)x4 = 2,400".

    >>> bracket_calc("so (300+300)x4 = 2,400", 0, 15)
    ('(300+300)x4', Decimal('2400'))
    """
    window = text[max(start, eq - _MAX_RUN) : eq]
    if "(" not in window:
        return None
    runs = list(_runs(window, 0, len(window)))
    if not runs or window[runs[-1][1] :].strip():
        return None
    got = evaluate(runs[-1][0])
    return (got[1], got[0]) if got is not None else None


def _runs(text: str, start: int, end: int) -> Iterator[tuple[str, int]]:
    """(run, where it ends) of each candidate chain: its tail trimmed to a digit or a bracket,
    not touching a word, a "#", a "%" or the next part of a number or version."""
    for m in _RUN.finditer(text, start, end):
        run = m[0].rstrip(_TAIL)
        stop = m.start() + len(run)
        after = text[stop : stop + 2]
        if not run or not (run[-1].isdigit() or run[-1] == ")"):
            continue
        nxt = after[:1]  # ("" at the text's end: no character, which ``"" in "#%_"`` holds)
        if nxt and (nxt.isalnum() or nxt in "#%_" or (nxt in ".," and after[1:2].isdigit())):
            continue
        yield run, stop
