"""Shapes of a written calculation that the tokens alone do not show.

A unit noun between a number and the operator after it ("$9,870 thousand / 235 employees =",
"4,520 million / 3 years =") belongs to the number, so the calculation goes on; and two
expressions on either side of an equals sign with one value ("(510 / 4,010) × 100 = 0.1272 ×
100") restate each other rather than make a step. A figure may come first and the calculation
that gives it after ("The change is 31, (222 - 191)", "is 20 = 210 - 190"). A label in brackets
after a figure ("$284 (2007) - $118 (2006) = $166") names it and leaves the calculation whole.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import DecimalException, localcontext

from crossfoot.arithmetic.evaluate import evaluate
from crossfoot.arithmetic.parse import Node, _Fail
from crossfoot.arithmetic.tokens import _T_BREAK, _T_EQ, _T_LP, _T_NUM, _T_OP, _T_RP, _Tok
from crossfoot.model.types import Mention

__all__ = [
    "comma_asides",
    "label_asides",
    "restated_asides",
    "restates",
    "result_first",
    "unit_nouns",
]


def restates(left: Node, right: Node, ms: Sequence[Mention]) -> bool:
    """Whether two expressions on either side of an equals sign have one value (to 1%).

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.arithmetic.parse import BinOp, Num
    >>> ms = extract("(510 / 4,010) × 100 = 0.1272 × 100")
    >>> restates(BinOp("*", BinOp("/", Num(0), Num(1)), Num(2)), BinOp("*", Num(3), Num(4)), ms)
    True
    """
    try:
        with localcontext() as dctx:
            dctx.prec = 28
            a = evaluate(left, ms, True, False)
            b = evaluate(right, ms, True, False)
    except (_Fail, DecimalException, OverflowError, ValueError):
        return False
    return abs(a - b) <= abs(a) / 100


# A unit noun between a number and the operator or equals sign after it ("235 employees =",
# "/ 3 years =") belongs to the number: the calculation goes on. Lower-case words only, one or
# two, none of them a word that joins clauses or figures.
_UNIT_NOUN = re.compile(r"[ \t]*[a-z]+(?:[ \t]+[a-z]+)?[ \t]*")
_NOT_UNITS = frozenset(
    "and or but to from than vs versus in of for by at on is was were are be been the a an as "
    "per with over into which that while so then".split()
)


def unit_nouns(text: str, toks: list[_Tok]) -> list[_Tok]:
    """``toks`` without the breaks that are a number's unit noun inside a calculation.

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.arithmetic.tokens import _tokenize
    >>> text = "9,870 / 235 employees = 42.0"
    >>> toks = _tokenize(text, extract(text))
    >>> len(toks), len(unit_nouns(text, toks))
    (6, 5)
    """
    out: list[_Tok] = []
    last = len(toks) - 1
    for k, tok in enumerate(toks):
        if (
            tok.kind == _T_BREAK
            and 0 < k < last
            and toks[k - 1].kind == _T_NUM
            and (
                toks[k + 1].kind in (_T_OP, _T_EQ)
                # the last operand's noun inside brackets: "(1,610 signups - 77 churned)"
                or (toks[k + 1].kind == _T_RP and k > 1 and toks[k - 2].kind == _T_OP)
            )
        ):
            words = text[tok.start : tok.end]
            if _UNIT_NOUN.fullmatch(words) and not _NOT_UNITS.intersection(words.split()):
                continue
        out.append(tok)
    return out


def result_first(segs: list[list[_Tok]], j: int) -> bool:
    """``c = a - b`` as the whole run, or after a verb read as an equals sign ("The change is
    20 = 210 - 190"): the figure first, then the calculation that gives it."""
    return len(segs) == j + 2 and (j == 0 or (j == 1 and not segs[0]))


def comma_asides(text: str, toks: list[_Tok]) -> list[_Tok]:
    """``toks`` with the break of a lone comma between a figure and an opening bracket dropped:
    "The change is 31, (222 - 191)" explains 31 as "31 (222 - 191)" does; and "i.e." between
    a figure and the next one read as an equals sign ("1,533, i.e. 1,610 minus 77")."""
    keep: list[_Tok] = []
    for i, t in enumerate(toks):
        if t.kind == _T_BREAK and 0 < i < len(toks) - 1 and toks[i - 1].kind == _T_NUM:
            words = text[t.start : t.end].strip()
            if toks[i + 1].kind == _T_LP and words == ",":
                continue
            if toks[i + 1].kind == _T_NUM and _THAT_IS.fullmatch(words):
                keep.append(_Tok(_T_EQ, t.start, t.end, word=True))
                continue
        keep.append(t)
    return keep


_THAT_IS = re.compile(r"[,:;]?\s*(?:i\.\s?e\.|that is),?", re.IGNORECASE)


# A label in brackets after an operand: a year ("$284 (2007)"), a period or a row's name
# ("(Q4)", "(net income)"); a few words, no figure but a year.
_LABEL = re.compile(r"[ \t]*[A-Za-z][A-Za-z0-9&'.\- \t]{0,30}")


def _is_label(text: str, tok: _Tok, ms: Sequence[Mention]) -> bool:
    if tok.kind == _T_NUM:
        return tok.index >= 0 and ms[tok.index].kind == "year"
    return tok.kind == _T_BREAK and _LABEL.fullmatch(text, tok.start, tok.end) is not None


def label_asides(text: str, toks: list[_Tok], ms: Sequence[Mention]) -> list[_Tok]:
    """``toks`` without the bracketed label of a figure: "$284 (2007) - $118 (2006) = $166"
    is the calculation "$284 - $118 = $166", so a wrong result is recomputed rather than
    matched to the sources on its own.

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.arithmetic.tokens import _tokenize
    >>> text = "$284 (2007) - $118 (2006) = $166"
    >>> ms = extract(text)
    >>> len(_tokenize(text, ms)), len(label_asides(text, _tokenize(text, ms), ms))
    (11, 5)
    """
    out: list[_Tok] = []
    k, n = 0, len(toks)
    while k < n:
        tok = toks[k]
        end = _label_end(text, toks, k, ms) if tok.kind == _T_LP and k > 0 else -1
        if end > 0 and toks[k - 1].kind == _T_NUM:
            k = end + 1
            continue
        out.append(tok)
        k += 1
    return out if len(out) != n else toks


def _label_end(text: str, toks: list[_Tok], k: int, ms: Sequence[Mention]) -> int:
    """Where the bracket opened at ``k`` closes when it holds a label ("(2007)", "(FY 2007)",
    "(Q4)"); else -1."""
    for j in range(k + 1, min(k + 5, len(toks))):
        if toks[j].kind == _T_RP:
            return j if j > k + 1 else -1
        if not _is_label(text, toks[j], ms):
            return -1
    return -1


# What may stand inside the brackets before the figure that restates a result: "(or 9.07%)",
# "(i.e. 9.07%)", "(about 9.1%)".
_RESTATE_WORDS = re.compile(r"\s*(?:or|i\.\s?e\.,?|that is,?|about|approximately|roughly)\s*")


def restated_asides(text: str, toks: list[_Tok]) -> list[_Tok]:
    """``toks`` without a bracketed figure that restates a stated result: in "(a + b − c) / c =
    1.3566 (135.66%)" the "(135.66%)" is the result again, as a percentage, not an operand, so
    the calculation ends at 1.3566 (the restatement is a figure of its own:
    :mod:`crossfoot.rules._steps_percent`).

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.arithmetic.tokens import _tokenize
    >>> text = "(4,930 - 4,520) / 4,520 = 0.0907 (or 9.07%)."
    >>> toks = _tokenize(text, extract(text))
    >>> len(toks) - len(restated_asides(text, toks))
    4
    """
    out: list[_Tok] = []
    k, n = 0, len(toks)
    while k < n:
        end = _restated_end(text, toks, k)
        if end > 0:
            k = end + 1
            continue
        out.append(toks[k])
        k += 1
    return out if len(out) != n else toks


def _restated_end(text: str, toks: list[_Tok], k: int) -> int:
    """Where the bracket opened at ``k`` closes when it restates the result just before it
    ("= NUM ( [or | ≈] NUM )", then the run's end); else -1."""
    if toks[k].kind != _T_LP or k < 2 or toks[k - 1].kind != _T_NUM or toks[k - 2].kind != _T_EQ:
        return -1
    j = k + 1
    if j < len(toks) and (
        toks[j].kind == _T_EQ
        or (toks[j].kind == _T_BREAK and _RESTATE_WORDS.fullmatch(text, toks[j].start, toks[j].end))
    ):
        j += 1
    if j + 1 >= len(toks) or toks[j].kind != _T_NUM or toks[j + 1].kind != _T_RP:
        return -1
    after = toks[j + 2].kind if j + 2 < len(toks) else _T_BREAK
    return j + 1 if after == _T_BREAK else -1
