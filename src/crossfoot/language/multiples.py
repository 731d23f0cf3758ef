"""Words that state a multiple: "doubled", "roughly tripled", "a threefold rise", "halved",
"twice as large as", "two times that of".

No digit says the figure, so no number reader sees it, and a wrong "tripled" passed unchecked.
:func:`multiples` finds each such word with the window of ratios it allows:

- the factor ("double", "triple" and "quadruple" only before what they compare, "double Devices'",
  "triple the 2022 level", "double that of"; never "double-digit", "triple net"):
  "doubled"/"twice" 2, "tripled" 3, "quadrupled" 4, "halved" 1/2, "N-fold" and
  "N times" N (a number word, or the digits before "-fold"); a fold with a word of decline
  near it ("a threefold decrease", "fell fivefold") is 1/N;
- the window, from the words before it: plain +-10 % of the factor (writers round "2.2x" to
  "doubled", never "1.6x"); "about", "roughly", "some", "around", "approximately" +-20 %;
  "nearly", "almost", "close to" 80-100 %; "more than", "over", "at least" above it, open;
- a level kept: "were flat", "remained unchanged", "held steady", "stayed stable" (after a
  verb of being or keeping) is a ratio of one within 5 %, within 7.5 % after a hedge ("roughly
  flat", "broadly unchanged");
- ``over_time``: a movement of one quantity between two periods ("doubled", "tripled",
  "halved", a fold) against a comparison of two things ("twice as large as", "two times
  that of"): the first is later over earlier, the second the first thing over the second
  ("three times its 2023 level" is a movement: the row against its own past).

"Three times" is a multiple before the words of a comparison ("three times that of",
"three times as large", "three times its 2023 level", "twice the 2022 level", "twice what it
was in 2022": the last three a movement). Before a plain noun ("three times net income",
"6x operating expenses": one digit, 2-9, before "times" or "x") it is ``loose``: a multiple only
when its sentence names a row before it and another after it (``rules._multiple_rows``); "met
three times" and "3 times in 2024" count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.numbers.words import NUMBER_WORDS

__all__ = ["Multiple", "may_multiply", "multiples"]

_LEVEL_WORDS = ("flat", "unchanged", "steady", "stable")
_SMALL = {w: i for i, w in enumerate(NUMBER_WORDS[:20])}  # "zero" .. "nineteen"
_TENS = {w: 20 + 10 * i for i, w in enumerate(("twenty", "thirty", "forty", "fifty"))}
_FACTORS = {**_SMALL, **_TENS, "doubl": 2, "tripl": 3, "quadrupl": 4, "halv": 0}
_GATES = ("doubl", "tripl", "quadrupl", "halv", "fold", "twice", "times", *_LEVEL_WORDS)
_WORD = re.compile(
    r"(?i)\b(?:(?P<verb>doubl|tripl|quadrupl|halv)(?:ed|es|ing)"
    r"|(?P<fold>\d+(?:\.\d+)?|[a-z]+)(?:-|\s)?fold"
    r"|(?P<twice>twice)|(?P<adj>double|triple|quadruple)(?=\s)|(?P<times>[a-z]+)[\s-]+times"
    r"|(?<![\d.,])(?P<digit>[2-9])(?:[\s-]*times|x))\b"
)
# "three times net income", "6x operating expenses": a multiple before a plain noun may be of
# two rows ("met three times" is a count), so it is kept ``loose``: judged only against the two
# rows its sentence names before and after it (rules._multiple_rows), else left alone
_NOUN = re.compile(r"\s+(?:the\s+)?([a-z][a-z-]*)")
_NOT_NOUN = frozenset(
    "a an in on at of per each every during over last this that these those since before after "
    "between from to for within and or but until while when as than more less so daily weekly "
    "monthly yearly annually already again".split()
)
# "twice the 2022 level", "twice what it was in 2022": the row against its own past; a year
# only ("the 2023 level", "FY23", "'23"), never a count ("twice the 500 stores' sales")
_OWN_PAST = re.compile(
    r"(?i)\s*(?:(?:FY\s*|fiscal\s+)?(?:(?:19|20)\d{2}|'\d{2})\b|FY\s*\d{2}\b"
    r"|prior[-\s]year|previous\s+year|year[-\s]earlier)"
)
_COUNT_AFTER = re.compile(r"\s*\d")
_DIGIT_X = re.compile(r"(?<![\d.,])[2-9]x\b")
_WHAT_WAS = re.compile(r"(?i)\s+what\s+(?:it|they)\s+(?:was|were|had\s+been)\b")
# what follows a comparison multiple: "twice as large", "two times that of", "three times its
# 2023 level", "twice West's", "twice Devices revenue" (a capitalised name with no "'s": the
# pair of rows must still be found, rules._multiple_rows)
_COMPARED = re.compile(
    r"(?i)\s+(?:as|that|those|its|their|the|what|higher|larger|greater|bigger|more|"
    r"[A-Z][\w&.-]*'s?|(?-i:[A-Z][\w&.-]*))\b"
)
_ABOUT = re.compile(r"(?i)\b(?:about|roughly|some|around|approximately|approx\.?|~)\s*$|~\s*$")
_NEARLY = re.compile(r"(?i)\b(?:nearly|almost|close\s+to|just\s+(?:under|below|shy\s+of))\s*$")
_ABOVE = re.compile(r"(?i)\b(?:more\s+than|over|above|at\s+least|upwards\s+of)\s*$")
_NOT = re.compile(r"(?i)(?:\b(?:not|never|nor|neither)\b|n't\b)[^.;]{0,20}$")  # ("haven't")
_DOWN = re.compile(
    r"(?i)\b(?:decreas|declin|fell|fall|drop|shr[iau]nk|cut|reduc|lower|contract|slump|plung)"
)
_UP = re.compile(r"(?i)\b(?:increas|rise|rose|grew|grow|gain|jump|climb|surg|soar|expan|higher)")
# "were flat", "remained roughly unchanged", "held steady": a ratio of one, within 5 % ("flat
# fee", "a stable currency" state no movement: a verb of being or keeping comes first)
_LEVEL = re.compile(
    r"(?i)\b(?:was|were|is|are|been|remained|remains|remain|stayed|stays|stay|held|holds|"
    r"hold|kept|keeps|came\s+in)\s+(?P<hedge>(?:roughly|essentially|largely|broadly|virtually|"
    r"nearly|basically|relatively|about|almost|mostly|more\s+or\s+less)\s+)?"
    r"(?P<word>flat|unchanged|steady|stable)\b"
)
_LEVEL_WINDOW = (Decimal("0.95"), Decimal("1.05"))
_HEDGED_WINDOW = (Decimal("0.925"), Decimal("1.075"))  # "roughly flat", "broadly unchanged"
_TENTH = Decimal("0.1")
_FIFTH = Decimal("0.2")


@dataclass(frozen=True, slots=True)
class Multiple:
    """A word stating a multiple, and the ratios it allows (``high`` None: no upper end)."""

    start: int
    end: int
    factor: Decimal
    low: Decimal
    high: Decimal | None
    over_time: bool
    loose: bool = False

    def allows(self, ratio: Decimal) -> bool:
        """Whether a ratio lies in the window.

        >>> Multiple(0, 7, Decimal(3), Decimal("2.7"), Decimal("3.3"), True).allows(Decimal(3))
        True
        """
        return self.low <= ratio and (self.high is None or ratio <= self.high)

    def said(self) -> str:
        """The window in words ("2.7 to 3.3", "above 2")."""
        if self.high is None:
            return f"above {_plain(self.low)}"
        return f"{_plain(self.low)} to {_plain(self.high)}"


def _plain(d: Decimal) -> str:
    q = d.quantize(Decimal("0.01")).normalize()
    return f"{q:f}"


def may_multiply(text: str) -> bool:
    """Whether ``text`` holds a word of a multiple at all (substring tests, a cheap gate)."""
    low = text.lower()
    return any(g in low for g in _GATES) or ("x" in low and _DIGIT_X.search(low) is not None)


def multiples(text: str, lo: int, hi: int) -> list[Multiple]:
    """The multiples stated in ``text[lo:hi]`` (see the module docstring), negated ones left out.

    >>> t = "North's revenue roughly tripled, while South's was twice as large as West's."
    >>> [(t[m.start:m.end], str(m.factor), m.said(), m.over_time) for m in multiples(t, 0, len(t))]
    [('tripled', '3', '2.4 to 3.6', True), ('twice', '2', '1.8 to 2.2', False)]
    >>> t = "Sales were twice the FY23 level and twice the 500 stores' sales."
    >>> [(t[m.start:m.end], m.over_time) for m in multiples(t, 0, len(t))]
    [('twice', True)]
    """
    out: list[Multiple] = []
    for m in _WORD.finditer(text, lo, hi):
        before = text[max(lo, m.start() - 30) : m.start()]
        if _NOT.search(before):
            continue
        over_time = True
        if m.group("verb"):
            n = Decimal(_FACTORS[m.group("verb").lower()] or "0.5")
        elif m.group("fold"):
            raw = m.group("fold").lower()
            n = Decimal(raw) if raw[0].isdigit() else Decimal(_FACTORS.get(raw, 0))
            near = text[max(lo, m.start() - 40) : min(hi, m.end() + 25)]
            if n > 1 and _DOWN.search(near) and not _UP.search(near):
                n = 1 / n  # "a threefold decrease": a third of what it was
        else:
            word = m.group("times") or m.group("digit") or m.group("adj")
            n = (
                Decimal(_FACTORS[word.lower()[:-1]])
                if m.group("adj")
                else Decimal(2)
                if m.group("twice")
                else Decimal(word)
                if word.isdigit()
                else Decimal(_FACTORS.get(word.lower(), 0))
            )
            after = _COMPARED.match(text, m.end(), hi)
            if (
                after is not None
                and _COUNT_AFTER.match(text, after.end(), hi) is not None
                and _OWN_PAST.match(text, after.end(), hi) is None
            ):
                continue  # "twice the 500 stores' sales": a count, not what is compared
            loose = False
            if after is None and m.group("adj"):
                continue  # "double-digit", "triple net": an adjective of its own, no comparison
            if after is None:
                noun = _NOUN.match(text, m.end(), hi)
                if m.group("twice") or noun is None or noun.group(1) in _NOT_NOUN:
                    continue  # "met three times", "twice a year", "3 times in 2024"
                loose = True
            # "three times its 2023 level", "twice the 2022 level": the row against its own
            # past, a movement
            over_time = after is not None and (
                after.group(0).strip().lower() in ("its", "their")
                or (
                    after.group(0).strip().lower() in ("the", "what")
                    and (
                        _OWN_PAST.match(text, after.end(), hi) is not None
                        or _WHAT_WAS.match(text, m.end(), hi) is not None
                    )
                )
            )
            if loose:
                out.append(Multiple(m.start(), m.end(), n, *_window(n, before), False, True))
                continue
        if n <= 0 or n == 1:
            continue
        low, high = _window(n, before)
        out.append(Multiple(m.start(), m.end(), n, low, high, over_time))
    if any(w in text[lo:hi].lower() for w in _LEVEL_WORDS):
        out.extend(_levels(text, lo, hi))
    return out


def _levels(text: str, lo: int, hi: int) -> list[Multiple]:
    """ "were flat", "held steady": a movement of a ratio of one (within 5 %, 7.5 % hedged), not
    negated."""
    out: list[Multiple] = []
    for m in _LEVEL.finditer(text, lo, hi):
        if _NOT.search(text[max(lo, m.start() - 30) : m.start("word")]):
            continue
        window = _HEDGED_WINDOW if m.group("hedge") else _LEVEL_WINDOW
        out.append(Multiple(m.start("word"), m.end("word"), Decimal(1), *window, True))
    return out


def _window(n: Decimal, before: str) -> tuple[Decimal, Decimal | None]:
    """The ratios a factor allows, after the words before it (module docstring)."""
    if _ABOVE.search(before):
        return n, None
    if _NEARLY.search(before):
        return n * (1 - _FIFTH), n
    if _ABOUT.search(before):
        return n * (1 - _FIFTH), n * (1 + _FIFTH)
    return n * (1 - _TENTH), n * (1 + _TENTH)
