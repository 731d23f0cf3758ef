"""The linear-time readers of issue 17 read what the backtracking patterns they replace read.

Each old pattern stays here as the reference: on short texts it is fast, and hypothesis searches
texts dense in the characters that matter for one that the two read differently.
"""

from __future__ import annotations

import re

from hypothesis import assume, given, settings

from crossfoot.agents._classify import _DIGIT, _ID_TOKEN
from crossfoot.agents._ingest import _digit_runs
from crossfoot.agents._written import _prose_ids, calculations
from deep import examples
from strategies import texts_over

_NON_DIGITS = re.compile(r"\D+")
OLD_DIGIT_RUNS = re.compile(r"\+?\(?\d[\d().-]*(?: ?[\d().-]+)+\d")
OLD_PROSE_ID = re.compile(
    r"(?<![\w@.])#?[A-Za-z][\w-]*\d[\w-]*|(?<![\w@.#$,])\d[\w-]*[A-Za-z][\w-]*"
)
OLD_ID_TOKEN = re.compile(r"[#\w][\w#./-]*\d[\w#./-]*|[#\w]*\d[\w#./-]*")
_NUM = r"\$?\d[\d,]*(?:\.\d+)?"
OLD_CALC = re.compile(rf"({_NUM}(?:\s*[-+×x*/]\s*{_NUM})+)\s*=\s*\$?(\d[\d,]*(?:\.\d+)?)")
_OLD_CALC_TOKENS = re.compile(r"\d[\d,]*(?:\.\d+)?|[-+×x*/]")


def _digit_keys(runs: list[str]) -> list[str]:
    return [d for d in (_NON_DIGITS.sub("", r) for r in runs) if len(d) >= 7]


@settings(max_examples=examples(300, 400))
@given(texts_over(list("123.-() +a"), 24))
def test_digit_runs_keep_the_keys_of_the_old_pattern(text: str) -> None:
    assert _digit_keys(_digit_runs(text)) == _digit_keys(OLD_DIGIT_RUNS.findall(text))


@settings(max_examples=examples(300, 400))
@given(texts_over(list("a1#-_ .@$,b2é"), 16))
def test_prose_ids_are_the_old_matches(text: str) -> None:
    assert list(_prose_ids(text)) == [(m.start(), m[0]) for m in OLD_PROSE_ID.finditer(text)]


@settings(max_examples=examples(300, 400))
@given(texts_over(list("a1#./- _b2é@"), 16))
def test_argument_ids_are_the_old_matches(text: str) -> None:
    new = [m.span(1) for m in _ID_TOKEN.finditer(text) if _DIGIT.search(m[1])]
    assert new == [m.span() for m in OLD_ID_TOKEN.finditer(text)]


@settings(max_examples=examples(300, 400))
@given(texts_over(["1", "2", "12", "12.5", "+", "-", "x", "*", "=", " ", "$", ",", ";"], 18))
def test_calculations_are_the_old_matches(text: str) -> None:
    # Numbers with two decimal points ("12.512.5") are not numbers: the old pattern read a
    # fragment of one as an operand, the new reader does not; and the new reader also reads unit
    # words ("3 nights") and bracketed formulas, so the texts here have no letters but "x" and
    # no brackets. On these the two must agree.
    assume(not re.search(r"\d\.\d+\.\d", text))
    old = []
    for m in OLD_CALC.finditer(text):
        tokens = _OLD_CALC_TOKENS.findall(m[1].replace("$", ""))
        old.append((m[0], tuple(tokens[0::2]), tuple(tokens[1::2]), m[2]))
    new = [tuple(c) for c in calculations(text) if "(" not in c.text]
    assert new == old
