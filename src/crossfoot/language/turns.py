"""The turns of a conversation passed as the question, each read for what it names and asks.

A chat assistant's user passes the conversation ("what was the change in selling costs from 2023
to 2025? what is 5000 divided by 100? what is the product of that change and the quotient?"):
every turn but the last was answered before, and the last may name nothing of the sources at
all, only the earlier turns' figures ("that change", "the quotient"). :func:`read_turns` splits
the conversation at its question marks and reads each turn's words, years, the operations it
words, whether it points back to an earlier figure, and the numbers it writes itself (operands
of the user's own: "divided by 100", "that less 1").

>>> t = read_turns("what was revenue in 2024? and in 2023? what is that less 1?")
>>> [sorted(x.years) for x in t], [sorted(x.ops) for x in t]
([[2024], [2023], []], [[], [], ['-']])
>>> t[2].back, t[2].stated
(True, (Decimal('1'),))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from crossfoot.language.asked import question_years
from crossfoot.language.rowtokens import tokens

__all__ = ["OVER", "Turn", "continues", "last_turn", "named_scales", "operations", "read_turns"]

# "that over 1000", "the sum over 2", "that change over 100": a figure the turn points back to,
# over a number the user writes, is that figure divided by the number, as "divided by" says it
# (never "over 1,000 stores" or "over 3 years", a bound or a span: the number ends the phrase). A
# fragment of a pattern: ``OVER`` then the number, for the readers of a division by a stated
# number (rules._derive_shared's mean words, rules.asked_scale's thousandths).
OVER = (
    r"(?:\b(?:that|it|this|sum|total|amount|value|result|figure|change|difference|quotient)"
    r"\s+over\s+(?=[\d,.]+\s*(?:[?.,;)]|$)))"
)

# A question mark that ends a turn (a turn may go on in lower case: "... in 2017? and in 2016?")
_TURN_END = re.compile(r"\?[\"')\]]*(?=\s|$)")

# The operations a turn words. "total" may be a sum or a product ("the total cost of 4 million
# shares at $38.50", "the total rent over these six years"); "over" a quotient ("that change over
# the 2024 value"). A change's words are a difference.
_OPS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "-",
        re.compile(
            r"(?i)\b(?:chang\w*|differen\w*|variation|var(?:y|ied|ies)|declin\w*|decreas\w*"
            r"|increas\w*|grow\w*|grew|less|minus|fell|fall|rose|rise|drop\w*|gap|subtract\w*)\b"
        ),
    ),
    (
        "+",
        re.compile(
            r"(?i)\b(?:sum|total\w*|combined?|together|plus|add\w*|including|altogether"
            r"|aggregate)\b"
        ),
    ),
    (
        "/",
        re.compile(
            r"(?i)\b(?:divided|divide|ratio|quotient|percent\w*|portion|proportion|relation"
            r"|relative|represent\w*|fraction|share\s+of|over)\b"
        ),
    ),
    ("*", re.compile(r"(?i)\b(?:product|times|multipl\w*|total\w*)\b")),
)
# A change over its own base, asked in one phrase ("the percentage change", "the growth rate")
_RELATIVE = re.compile(
    r"(?i)\b(?:percent(?:age)?\s+(?:change|increase|decrease|decline|growth|variation)"
    r"|(?:growth|change)\s+rate|rate\s+of\s+(?:change|growth)|relative\s+change)\b"
)
# Words that point back to a figure an earlier turn asked for.
_BACK = re.compile(
    r"(?i)\b(?:that|this|these|those|it|its|their|them|then|prior|previous|both|the\s+"
    r"(?:sum|change|difference|quotient|ratio|product|result|variation|decline|increase"
    r"|decrease|first|second|two|three|net\s+change))\b"
)
# A number the turn writes: not a year, not a day after a month's name
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w%]|[.,]\d)")
_MONTH = re.compile(r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*$")
_YEARISH = re.compile(r"(?:19|20)\d\d")
_SCALES = (
    (re.compile(r"(?i)\bin\s+thousands?\b"), Decimal(10) ** 3),
    (re.compile(r"(?i)\bin\s+millions?\b"), Decimal(10) ** 6),
    (re.compile(r"(?i)\bin\s+billions?\b"), Decimal(10) ** 9),
)


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a conversation: its text, word tokens, years, the operations it words
    ("-", "+", "/", "*"), whether it points back to an earlier figure, and its own numbers."""

    text: str
    words: frozenset[str]
    years: frozenset[int]
    ops: frozenset[str]
    back: bool
    stated: tuple[Decimal, ...]
    relative: bool = False  # a relative change, (a - b) / b: "the percent change", "growth rate"


def _stated(text: str) -> tuple[Decimal, ...]:
    out: list[Decimal] = []
    for m in _NUMBER.finditer(text):
        digits = m.group(1) + (m.group(2) or "")
        if _YEARISH.fullmatch(digits) or _MONTH.search(text[: m.start()]):
            continue  # a year or a date names a period, not an operand
        try:
            out.append(Decimal(digits.replace(",", "")))
        except InvalidOperation:
            continue
    return tuple(out)


def operations(text: str) -> frozenset[str]:
    """The operations ``text`` words ("-", "+", "/", "*").

    >>> sorted(operations("what is the sum divided by 100?"))
    ['+', '/']
    """
    return frozenset(op for op, pattern in _OPS if pattern.search(text))


def _turn(text: str) -> Turn:
    relative = _RELATIVE.search(text) is not None
    ops = operations(text) | ({"-", "/"} if relative else frozenset())
    return Turn(
        text,
        frozenset(tokens(text)),
        question_years(text),
        ops,
        _BACK.search(text) is not None,
        _stated(text),
        relative,
    )


@lru_cache(maxsize=256)  # one conversation, many figures
def read_turns(conversation: str) -> tuple[Turn, ...]:
    """The turns of ``conversation``, in order (each ends at its question mark; text after the
    last question mark is part of the last turn)."""
    out: list[Turn] = []
    start = 0
    for m in _TURN_END.finditer(conversation):
        part = conversation[start : m.end()].strip()
        if part:
            out.append(_turn(part))
        start = m.end()
    rest = conversation[start:].strip()
    if rest:
        if out:
            out[-1] = _turn(f"{out[-1].text} {rest}")
        else:
            out.append(_turn(rest))
    return tuple(out)


# The first words of a turn that goes on from the one before ("and in 2024?", "so what ...")
_GOES_ON = frozenset({"and", "so", "then", "also", "now"})


@lru_cache(maxsize=1024)  # one question, many figures
def last_turn(asked: object) -> Turn | None:
    """The last turn of a question (``ctx.shared["ask.text"]``, which may be absent), or None.

    >>> last_turn("what was revenue in 2019? and in 2018?").text
    'and in 2018?'
    """
    turns = read_turns(asked) if isinstance(asked, str) and asked else ()
    return turns[-1] if turns else None


def continues(question: str) -> bool:
    """Whether ``question`` reads as a turn of a conversation: it holds several turns, or its
    last one goes on from a turn before ("and what about 2024?") or points back to a figure
    asked before ("what is that as a percentage?", "the sum of the three").

    >>> continues("what was revenue in 2024? and in 2023?"), continues("and the change?")
    (True, True)
    >>> continues("What was the revenue in 2024?"), continues("what is the total?")
    (False, False)
    """
    if len(_TURN_END.findall(question)) > 1:
        return True
    first = question.lstrip(" \"'(").split(" ", 1)[0].rstrip(",").lower()
    return first in _GOES_ON or _BACK.search(question) is not None


def named_scales(conversation: str) -> tuple[Decimal, ...]:
    """The units the conversation asks its figures in ("in millions": 10**6).

    >>> named_scales("what was the sum, in millions? and what is that in billions?")
    (Decimal('1000000'), Decimal('1000000000'))
    """
    return tuple(scale for pattern, scale in _SCALES if pattern.search(conversation))
