"""Tokens of the calculations an answer writes out.

The tokenizer reads an answer's text into numbers (the mention spans
:func:`crossfoot.numbers.extract.extract` found), operators from a fixed table (symbols, LaTeX,
words such as "multiplied by"), brackets, equals signs and breaks (prose between calculations).
The parser (:mod:`crossfoot.arithmetic.parse`) reads expressions from them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from crossfoot.model.types import Mention

__all__ = ["glued_subtraction", "run_end"]


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
    | (?P<eq>(?:\\approx|\\simeq|\\equiv|\\sim|:=|==?|≈|≃|≅|~=)
        (?:\s*(?:about|approximately|approx|roughly|around)\b\.?)?)
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
    | (?P<listmark>\n(?:[ \t]*\n)*[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t])
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
# A leader of dots or a rule ("Total ........ 5", "____", "-----"): one break, read at once rather
# than one character at a time. No calculation writes three minus signs in a row.
_RUN = re.compile(r"\.{2,}|_{2,}|-{3,}")
# First letters of the _WORDS alternatives in any case (with the two Turkish i's that match "i"
# case-insensitively): a word starting otherwise is never tried against _WORDS.
_WORD_STARTS = frozenset("mtdpiawegyrcMTDPIAWEGYRC\u0130\u0131")
# Letters no _LEX alternative starts with (only "x" does, as a multiplication sign).
_RUN_STARTS = frozenset("._-")


def run_end(run: re.Match[str], mentions: Sequence[Mention], order: list[int], k: int) -> int:
    """Where a :data:`_RUN` break ends: at the run's end, or where the next number starts in it
    ("---5" keeps its "-5")."""
    if k < len(order):
        return min(run.end(), max(run.start() + 1, mentions[order[k]].start))
    return run.end()


# Characters where no _WORDS, _RUN or _LEX alternative matches but _RUN's "." and "_" runs (a
# break either way), so the steps of run() read each of them as a break: ASCII digits outside a
# number, and marks no symbol starts with (":" only where no "=" follows: ":=" is an equals sign).
# tests/test_speed_paths_speed15.py compares run() with and without them.
_INERT = re.compile(r"(?:[0-9.,;!?'\"#&@|<>_]|:(?!=))+")
_INERT_STARTS = frozenset("0123456789.,;!?'\"#&@|<>_:")

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


class _Tokenizer:
    """One pass over a text: numbers at mention spans, operators, brackets, equals and breaks."""

    __slots__ = ("k", "mentions", "n", "order", "pending", "text", "toks")

    def __init__(self, text: str, mentions: Sequence[Mention]) -> None:
        self.text = text
        self.mentions = mentions
        self.order = sorted(range(len(mentions)), key=lambda i: mentions[i].start)
        self.toks: list[_Tok] = []
        self.k = 0
        self.n = len(text)
        # A run of breaks (prose words, citations) is one _T_BREAK token; it is made when the run
        # ends rather than remade for every word of it.
        self.pending: list[int] = []  # [start, end] of the open run, or empty

    def brk(self, a: int, b: int) -> None:
        pending, toks = self.pending, self.toks
        if pending:
            pending[1] = b
        elif toks and toks[-1].kind == _T_BREAK:
            pending[:] = [toks.pop().start, b]
        else:
            pending[:] = [a, b]

    def flush(self) -> None:
        if self.pending:
            self.toks.append(_Tok(_T_BREAK, self.pending[0], self.pending[1]))
            self.pending.clear()

    def push(self, tok: _Tok) -> None:
        self.flush()
        self.toks.append(tok)

    def run(self) -> list[_Tok]:
        text, mentions, order, n = self.text, self.mentions, self.order, self.n
        pos = 0
        while pos < n:
            ch = text[pos]
            if ch == " " and (self.k >= len(order) or mentions[order[self.k]].start > pos):
                # Plain spaces between words: what _LEX's "space" would skip (nothing else starts
                # with " "), without trying its other alternatives first.
                sp = _SPACES.match(text, pos)
                assert sp is not None
                pos = sp.end()
                continue
            while self.k < len(order) and mentions[order[self.k]].start < pos:
                self.k += 1
            if self.k < len(order) and mentions[order[self.k]].start == pos:
                pos = self.number(pos, order[self.k])
                continue
            inert = _INERT.match(text, pos) if ch in _INERT_STARTS else None
            if inert is not None:
                # Digits and marks no token starts with, up to the next number: one break, as
                # the steps below would make of them one character (or run) at a time.
                end = self.before_number(inert.end())
                self.brk(pos, end)
                pos = end
                continue
            w = (
                _WORDS.match(text, pos)
                if ch in _WORD_STARTS and (pos == 0 or not text[pos - 1].isalnum())
                else None
            )
            if w is not None and (
                w.end() >= n or not text[w.end() - 1].isalpha() or not text[w.end()].isalpha()
            ):
                pos = self.word(pos, w)
                continue
            run = _RUN.match(text, pos) if ch in _RUN_STARTS else None
            if run is not None:
                end = run_end(run, self.mentions, order, self.k)
                self.brk(pos, end)
                pos = end
                continue
            # No symbol starts with an ASCII letter but a lone "x": a word of prose is a break.
            lx = None if ch in _PROSE_LETTERS else _LEX.match(text, pos)
            if lx is None:
                wm = _WORD.match(text, pos)
                end = wm.end() if wm else pos + 1
                self.brk(pos, end)
                pos = end
                continue
            pos = self.symbol(pos, lx)
        self.flush()
        return self.toks

    def before_number(self, end: int) -> int:
        """``end``, or where the next number starts if it starts before."""
        k, order = self.k, self.order
        if k < len(order):
            start = self.mentions[order[k]].start
            if start < end:
                return start
        return end

    def number(self, pos: int, i: int) -> int:
        """The mention ``i`` starting at ``pos``; its minus sign may be the operator before it."""
        text, toks = self.text, self.toks
        self.flush()  # the sign rules below look at the last token
        m = self.mentions[i]
        lead = m.text[:1]
        unsigned = False
        if lead in "-−–" and toks and toks[-1].kind in (_T_NUM, _T_RP, _T_RB):
            # "5829 −5735": the sign is the operator between two numbers.
            if (
                lead == "−"
                or pos == 0
                or text[pos - 1].isspace()
                or glued_subtraction(text, pos + 1, _left(toks, self.mentions))
            ):
                self.push(_Tok(_T_OP, pos, pos + 1, "-"))
                unsigned = True
            else:
                self.brk(pos, pos + 1)  # "2008-2009": a range, not a subtraction
        elif lead in "-−–" and toks and toks[-1].kind == _T_OP and toks[-1].op == "-":
            unsigned = True  # "119 - -86" is rare; "119 - - 86" is one sign read twice
        self.push(_Tok(_T_NUM, m.start, max(m.end, pos + 1), index=i, unsigned=unsigned))
        return max(m.end, pos + 1)

    def word(self, pos: int, w: re.Match[str]) -> int:
        """An operator or an equals sign written as a word ("multiplied by", "equals")."""
        g = w.lastgroup
        if g == "weq":
            self.push(_Tok(_T_EQ, pos, w.end(), word=True))
        else:
            op = {"wmul": "*", "wdiv": "/", "wminus": "-", "wplus": "+"}[g or ""]
            self.push(_Tok(_T_OP, pos, w.end(), op, word=True))
        return w.end()

    def symbol(self, pos: int, lx: re.Match[str]) -> int:
        """A symbol of _LEX: an operator, a bracket, LaTeX, or something that breaks a run."""
        text, n = self.text, self.n
        g = lx.lastgroup
        end = lx.end()
        if g in _SIMPLE:
            kind, op = _SIMPLE[g]
            self.push(_Tok(kind, pos, end, op))
        elif g == "latexparen":
            ch = lx.group(0).rstrip()[-1]
            if ch in "([{":
                self.push(_Tok(_T_LP, pos, end))
            elif ch in ")]}":
                self.push(_Tok(_T_RP, pos, end))
        elif g == "text":
            inner = (lx.group("inner") or "").strip().lower().strip("\\")
            if inner not in _UNIT_WORDS and inner != "":
                self.brk(pos, end)
        elif g in ("latex", "dollars", "listmark", "cite"):
            self.brk(pos, end)
        elif g == "minus":
            ch = lx.group(0)
            glued = pos > 0 and end < n and not text[pos - 1].isspace() and not text[end].isspace()
            if ch != "−" and glued and text[pos - 1].isdigit() and not glued_subtraction(text, end):
                self.brk(pos, end)  # "2008–2009", "5-6%": a range or a hyphen
            else:
                self.push(_Tok(_T_OP, pos, end, "-"))
        # "skip", "space", "dollar": nothing to keep
        return end


# Symbols that always make the same token: group -> (kind, operator).
_SIMPLE: dict[str | None, tuple[int, str]] = {
    "frac": (_T_FRAC, ""),
    "mul": (_T_OP, "*"),
    "div": (_T_OP, "/"),
    "eq": (_T_EQ, ""),
    "plus": (_T_OP, "+"),
    "pow": (_T_OP, "^"),
    "lp": (_T_LP, ""),
    "rp": (_T_RP, ""),
    "lb": (_T_LB, ""),
    "rb": (_T_RB, ""),
}


def _tokenize(text: str, mentions: Sequence[Mention]) -> list[_Tok]:
    return _Tokenizer(text, mentions).run()
