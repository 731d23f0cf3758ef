"""The tokenizer's fast paths (plain spaces, prose words, one break token per run) give the
tokens of the plain scan it replaced: ``_reference_tokenize`` below is that scan, verbatim but for
the later rule that reads a hyphen glued between two numbers as a minus when a calculation
follows (``glued_subtraction``, shared by both).

(Also checked on every answer and source text of the benchmark corpora: 12,504 texts, no
difference.)
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.arithmetic.tokens import (
    _LEX,
    _RUN,
    _T_BREAK,
    _T_EQ,
    _T_FRAC,
    _T_LB,
    _T_LP,
    _T_NUM,
    _T_OP,
    _T_RB,
    _T_RP,
    _UNIT_WORDS,
    _WORD,
    _WORDS,
    _left,
    _Tok,
    _tokenize,
    glued_subtraction,
    run_end,
)
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract
from deep import examples


def _reference_tokenize(text: str, mentions: Sequence[Mention]) -> list[_Tok]:
    order = sorted(range(len(mentions)), key=lambda i: mentions[i].start)
    toks: list[_Tok] = []
    pos, k, n = 0, 0, len(text)

    def brk(a: int, b: int) -> None:
        if toks and toks[-1].kind == _T_BREAK:
            toks[-1] = _Tok(_T_BREAK, toks[-1].start, b)
        else:
            toks.append(_Tok(_T_BREAK, a, b))

    while pos < n:
        while k < len(order) and mentions[order[k]].start < pos:
            k += 1
        if k < len(order) and mentions[order[k]].start == pos:
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
                    toks.append(_Tok(_T_OP, pos, pos + 1, "-"))
                    unsigned = True
                else:
                    brk(pos, pos + 1)  # "2008-2009": a range, not a subtraction
            elif lead in "-−–" and toks and toks[-1].kind == _T_OP and toks[-1].op == "-":
                unsigned = True  # "119 - -86" is rare; "119 - - 86" is one sign read twice
            toks.append(_Tok(_T_NUM, m.start, max(m.end, pos + 1), index=i, unsigned=unsigned))
            pos = max(m.end, pos + 1)
            continue
        w = (
            _WORDS.match(text, pos)
            if text[pos].isalpha() and (pos == 0 or not text[pos - 1].isalnum())
            else None
        )
        if w is not None and (
            w.end() >= n or not text[w.end() - 1].isalpha() or not text[w.end()].isalpha()
        ):
            g = w.lastgroup
            if g == "weq":
                toks.append(_Tok(_T_EQ, pos, w.end(), word=True))
            else:
                op = {"wmul": "*", "wdiv": "/", "wminus": "-", "wplus": "+"}[g or ""]
                toks.append(_Tok(_T_OP, pos, w.end(), op, word=True))
            pos = w.end()
            continue
        run = _RUN.match(text, pos)
        if run is not None:  # a leader or a rule: one break (read at once since issue 17)
            end = run_end(run, mentions, order, k)
            brk(pos, end)
            pos = end
            continue
        lx = _LEX.match(text, pos)
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
                toks.append(_Tok(_T_LP, pos, end))
            elif ch in ")]}":
                toks.append(_Tok(_T_RP, pos, end))
        elif g == "frac":
            toks.append(_Tok(_T_FRAC, pos, end))
        elif g == "mul":
            toks.append(_Tok(_T_OP, pos, end, "*"))
        elif g == "div":
            toks.append(_Tok(_T_OP, pos, end, "/"))
        elif g == "eq":
            toks.append(_Tok(_T_EQ, pos, end))
        elif g == "text":
            inner = (lx.group("inner") or "").strip().lower().strip("\\")
            if inner not in _UNIT_WORDS and inner != "":
                brk(pos, end)
        elif g in ("skip", "space", "dollar"):
            pass
        elif g in ("latex", "dollars", "listmark", "cite"):
            brk(pos, end)
        elif g == "plus":
            toks.append(_Tok(_T_OP, pos, end, "+"))
        elif g == "minus":
            ch = lx.group(0)
            glued = pos > 0 and end < n and not text[pos - 1].isspace() and not text[end].isspace()
            if ch != "−" and glued and text[pos - 1].isdigit() and not glued_subtraction(text, end):
                brk(pos, end)  # "2008–2009", "5-6%": a range or a hyphen
            else:
                toks.append(_Tok(_T_OP, pos, end, "-"))
        elif g == "pow":
            toks.append(_Tok(_T_OP, pos, end, "^"))
        elif g == "lp":
            toks.append(_Tok(_T_LP, pos, end))
        elif g == "rp":
            toks.append(_Tok(_T_RP, pos, end))
        elif g == "lb":
            toks.append(_Tok(_T_LB, pos, end))
        elif g == "rb":
            toks.append(_Tok(_T_RB, pos, end))
        pos = end
    return toks


_PIECES = [
    " ",
    "  ",
    "\n",
    "\n- ",
    "\t",
    "revenue",
    "is",
    "was",
    "equals",
    "times",
    "x",
    "X",
    "×",
    "multiplied by",
    "divided by",
    "minus",
    "plus",
    "gives",
    "=",
    "≈",
    "+",
    "-",
    "−",
    "–",
    "/",
    "*",
    "(",
    ")",
    "[R1]",
    "[1, 2]",
    "{",
    "}",
    "\\frac",
    "\\times",
    "\\text{ million}",
    "$",
    "%",
    "5,829",
    "5735",
    "12.5%",
    "$3.2 million",
    "2019",
    "100",
    "0.3208",
    "2008-2009",
    "2018-2019 = 456",
    "1,347-891=456",
    "(73,260-57,768)/57,768",
    "5-6%",
    "é",
    "---",
    "....",
    "__",
    "Net",
    ",",
    ".",
    ":",
]


@settings(max_examples=examples(300, 400), deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
# A signed number after prose: the sign rules must see the break, not the number before it.
@example(["5", " ", "revenue", " ", "-5735"])
@example(["(5)", " ", "Net", " ", "−5735"])
@example(["5,829", " ", "-", " ", "-5735"])
@example(["2008", "-", "2009", " ", "revenue", " ", "5829", " ", "−", "5735", " = ", "94"])
def test_tokens_equal_the_plain_scan(pieces: list[str]) -> None:
    text = "".join(pieces)
    mentions = list(extract(text))
    assert _tokenize(text, mentions) == _reference_tokenize(text, mentions), text
