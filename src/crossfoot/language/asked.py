"""What the user's question asks for: which years, which operation, and whether it asks for a count.

"What was the 2019 revenue?" asks for a figure of 2019; "What was the change in revenue from 2018 to
2019?" for a change (an amount, not a percentage); "What is the average cost for 2018 and 2019?" for
a mean; "What were the total sales in 2018 and 2019?" for a sum; "How many years did net income
exceed $30,000 thousand?" for a count of values past the question's bar. An answer whose final
figure comes from another year or row, or from another operation, answers another question
(``off_question``, :mod:`crossfoot.rules.alignment`).

Only what the words say clearly is read; anything else leaves that part of the question open
(``years`` empty, ``op`` None), and an open part constrains nothing.

>>> ask = read_question("What was the percentage change in net sales from 2017 to 2019?")
>>> sorted(ask.years), ask.op
([2017, 2018, 2019], 'percent_change')
>>> read_question("What was the change in the cost from 2018 to 2019?").op
'change'
>>> read_question("Why did costs rise in 2019?").op is None
True
>>> read_question("Between 2018 and 2019, which year had higher total revenue?").op is None
True
>>> read_question("What is that change over the 2014 value?").computed
True
>>> read_question("What was the revenue in 2014?").computed
False
>>> read_question("By how many percent were sales in 2019 lower than in 2018?").op
'percent_change'
>>> read_question("and what is the change in this percentage?").op  # (in points)
'change'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from crossfoot.language.changewords import CHANGED, words
from crossfoot.language.sentences import split_sentences
from crossfoot.model.wordgate import WordGated

__all__ = ["WHICH_YEAR", "Ask", "Operation", "ask_part", "question_years", "read_question"]

Operation = Literal["change", "percent_change", "average", "sum", "ratio", "count"]

_YEAR = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")
_FY2 = WordGated(re.compile(r"(?i)(?<![a-z0-9])fy\s?'?(\d\d)(?!\d)"), ("fy",))
# "2017 to 2019", "2017-2019", "between 2017 and 2019": every year in between is asked too. "and"
# joins a span only after "between": "in 2025, 2024 and 2022" and "in 2019 and 2017" name those
# years (a list or a pair), not 2023 or 2018 as well.
_SPAN = re.compile(
    r"(?i)(?<!\d)((?:19|20)\d\d)\s*(-|–|to|through|until|and)\s*(?:fiscal\s+(?:year\s+)?|fy\s*)?"
    r"((?:19|20)\d\d)(?!\d)"
)
_BETWEEN = re.compile(r"(?i)\bbetween\s+(?:(?:the\s+)?(?:fiscal\s+)?(?:years?\s+)?|fy\s*)?$")
_PREVIOUS = WordGated(
    re.compile(r"(?i)\b(?:previous|prior|preceding|last)\s+(?:fiscal\s+)?year\b"),
    tuple("previous prior preceding last".split()),
)
# Questions that ask for a reason or a description: their answers are words, not a figure.
_REASON = re.compile(
    r"(?i)^\s*(?:why|how\s+(?:did|does|do|is|was|were|are|has|have)\b(?!\s+(?:much|many))|"
    r"what\s+(?:caused|led|does|do|is\s+the\s+reason)|(?:was|were|is|are|did|does|do|has|have)\s)"
)
_RATIO = WordGated(
    re.compile(
        r"(?i)\b(?:ratio|proportion)\b|\bdivided\s+by\b|\bover\s+the\b.*\bvalue\b|\bas\s+an?\s+(?:percentage|percent|share|proportion|portion|"
        r"fraction|ratio|multiple)\s+of\b|\b(?:percentage|share|portion)\s+of\s+(?:the\s+)?total\b"
    ),
    tuple("ratio proportion divided value percent share portion fraction multiple total".split()),
)
_CHANGE = WordGated(
    words(CHANGED, r"differences?|differ|grow|declines|drop(?:ped)?|rise|fall|variance|movement"),
    tuple(
        "chang increas decreas grew grow declin rose fell differ drop rise fall varianc "
        "movement".split()
    ),
)
_PERCENT = WordGated(
    re.compile(
        r"(?i)\b(?:percent(?:age)?s?|growth\s+rate|rate\s+of\s+(?:change|growth|increase|decrease))\b"
        r"|%\s*(?:change|increase|decrease|growth|decline)"
    ),
    tuple("percent rate chang increase decrease growth decline".split()),
)
# "the change in this percentage", "the change in the percentage of X", "the percentage point
# change": the percentage is the thing that changed, and its change is a difference in points,
# not a relative change ("the percentage change in that" is one). A bare "the change in
# percentage" says neither and stays a percentage change.
_POINTS = WordGated(
    re.compile(
        r"(?i)\bchanges?\s+in\s+(?:the|that|this|its|their|these|those)\s+(?:\w+\s+)?"
        r"percent(?:age)?s?\b(?!\s+(?:change|increase|decrease|growth|decline))"
        r"|\bpercentage[\s-]+points?\b"
    ),
    ("percent",),
)
_AVERAGE = WordGated(re.compile(r"(?i)\b(?:average|mean)\b"), tuple("average mean".split()))
_WEIGHTED = WordGated(re.compile(r"(?i)\bweighted[\s-]+average\b"), ("weighted",))
_AVERAGE_CHANGE = WordGated(
    re.compile(
        r"(?i)\b(?:average|mean)\s+(?:annual\s+|yearly\s+|quarterly\s+)?"
        r"(?:increase|decrease|change|growth|decline)"
    ),
    ("average", "mean"),
)
_TOTAL = WordGated(
    re.compile(r"(?i)\b(?:total|sum|combined|altogether|aggregate)\b"),
    tuple("total sum combined altogether aggregate".split()),
)
_ALL = WordGated(
    re.compile(r"(?i)\bof\s+all\b|\ball\s+(?:the\s+)?\w+\s+(?:combined|together)\b"), ("all",)
)
_RESPECTIVE = WordGated(
    re.compile(r"(?i)\brespective(?:ly)?\b|\beach\b"), tuple("respective each".split())
)
# Words that make a question more than "what was X": a condition, a comparison, a computation.
_HEDGED = WordGated(
    re.compile(r"(?i)\b(?:if|given|over|divided|per|times|than|compared|versus|vs|between)\b"),
    tuple("if given over divided per times than compared versus vs between".split()),
)
_BACK = WordGated(
    re.compile(
        r"(?i)\b(?:those|these|this|that|both|the\s+(?:two|three|four|five|six))\s+(?:\w+\s+)?"
        r"(?:years?|periods?|time|quarters?|months?|dates?)\b"
        r"|\b(?:two|three|four|five|six|\d)\s+(?:fiscal\s+)?years\b|\b(?:them|they)\b"
    ),
    tuple("year period time quarter month date them they".split()),
)
# Words that ask for a figure computed from others: a ratio, a share, a rate, or arithmetic on a
# figure named before ("what is that divided by 100?", "the change over the 2014 value", "how
# much does this represent in relation to the total?"). One source value is no such figure,
# unless its own label names it (a "% change" column); "that times 1" is that figure itself.
# "What portion of X is due in 2009?" is as often answered with the amount: "portion" alone
# asks for nothing computed.
_COMPUTED = WordGated(
    re.compile(
        r"(?i)\b(?:ratio|quotient|percent(?:age)?|growth\s+rate|as\s+an?\s+(?:portion|fraction)\s+of|"
        r"in\s+relation\s+to|relative\s+to|represent(?:s|ed)?|divided?\s+by|multiplied\s+by|"
        r"times\s+(?!1\b)\d|(?:less|minus)\s+(?!than\b)(?:(?:an?|the)\s+)?(?:\w+\s+)?\$?\d|over\s+(?:the\s+|that\s+|this\s+)?(?:\d|(?:\w+\s+){0,4}"
        r"(?:value|number|amount|total|price))\b)"
    ),
    tuple(
        "ratio quotient percent growth relati represent divide multipl times less minus "
        "over portion fraction".split()
    ),
)
# Arithmetic with an operand the question states: "less 100", "minus an initial $100".
_STATED_OPERAND = WordGated(
    re.compile(r"(?i)\b(?:less|minus|plus)\s+(?!than\b)(?:(?:an?|the)\s+)?(?:\w+\s+)?\$?\d"),
    tuple("less minus plus".split()),
)
_HOW_MANY = WordGated(re.compile(r"(?i)\bhow\s+many\s+(?:of\s+the\s+)?([a-z]+)"), ("many",))
# "By how many percent is X less than Y?", "how many million shares": "how many" asks for an
# amount in that unit, not for a count of things
_UNIT_NOUNS = frozenset(
    "percent percentage percentages million millions billion billions thousand thousands "
    "dollars euros pounds points basis times".split()
)


def _unit_asked(question: str, noun: str) -> bool:
    """Whether "how many <noun>" asks for an amount in a unit, not a count: "how many million
    shares", "by how many percent is X less than Y?". "How many percent did the rate change?"
    stays open (a count constrains nothing): whether it asks for points or a relative change
    is not said, and a table whose rows the reader dates wrongly would flag either."""
    if noun not in _UNIT_NOUNS:
        return False
    return not noun.startswith("percent") or _PERCENT_LESS.search(question) is not None


# "by how many percent ... less (more, higher, lower) than": a percentage difference
_PERCENT_LESS = re.compile(
    r"(?i)\bhow\s+many\s+percent(?:age)?\b.*\b(?:less|more|higher|lower|greater|smaller|"
    r"fewer|larger|bigger)\b"
)
# "In which year", "Which years", "which of the years", "For what fiscal years", "which period"
WHICH_YEAR = WordGated(
    re.compile(
        r"(?i)\b(?:which|what)\s+(?:of\s+the\s+)?(?:(?:fiscal|calendar)\s+)?(?:years?|periods?)\b"
    ),
    tuple("year period".split()),
)


@dataclass(frozen=True, slots=True)
class Ask:
    """What a question asks for. Empty ``years`` and ``op`` None leave that part open."""

    text: str
    years: frozenset[int] = frozenset()
    op: Operation | None = None
    counted: str | None = None  # the noun of "how many years ...", with op "count"
    figure: bool = True  # False for "why ..." and yes/no questions: no figure is asked for
    plain: bool = False  # "What was the X in 2019?": one value asked for, in plain words
    several: bool = False  # "the respective values of A and B": each figure answers a part
    # "over those three years", "between them", "during this period": the question points back
    # to periods named elsewhere (an earlier turn), so no word of it means "every year"
    points_back: bool = False
    # a ratio, share, rate or arithmetic on figures ("what is that divided by 100?"): the answer
    # is computed, not one value of the sources (rules.alignment)
    computed: bool = False
    # the whole question as given, earlier turns of a conversation included (``text`` is its
    # last question sentence, the ask): rules that read what the user named read this
    context: str = ""


def ask_part(question: str) -> str:
    """The question's last question sentence and what follows it: the ask. Earlier sentences (the
    turns of a conversation before the last, a statement before the question) are its context:
    their years and operations were asked before, not now.

    >>> ask_part("what was revenue in 2017? and in 2016? what was, then, the change?")
    'what was, then, the change?'
    >>> ask_part("Sales were $5m in 2018. What were they in 2019? Answer in millions.")
    'What were they in 2019? Answer in millions.'
    >>> ask_part("Compute the change in revenue from 2018 to 2019.")
    'Compute the change in revenue from 2018 to 2019.'
    """
    ends = [m.end() for m in _QUESTION_END.finditer(question)]
    if not ends:
        return question
    start = ends[-2] if len(ends) > 1 else 0
    # a statement before the question in the same turn is context too
    sentences = split_sentences(question[start : ends[-1]], [], _no_source)
    start += sentences[-1].start if sentences else 0
    return question[start:] if start > 0 else question


def _no_source(token: str) -> None:
    return None


# A question mark that ends a sentence: a turn of a conversation may go on in lower case
# ("... in 2017? and in 2016?"), which the answer's sentence splitter would not split.
_QUESTION_END = re.compile(r"\?[\"')\]]*(?=\s|$)")


@lru_cache(maxsize=1024)  # one question, many answers (Checker, benchmarks)
def read_question(question: str) -> Ask:
    """The years, operation and counted noun a question asks for (see the module docstring), read
    from its last question sentence (:func:`ask_part`); ``context`` keeps the whole question."""
    ask = ask_part(question)
    read = _read_ask(ask)
    if ask is question or not read.figure:
        return replace(read, context=question)
    before = _years(question[: len(question) - len(ask)])  # the years earlier turns named
    if read.years and (read.op is not None or read.computed):
        # an ask that computes with a year's figure ("the net change divided by the 2017 value")
        # computes with the figures asked before too: their years stay asked. A plain "and
        # what was it in 2016?" asks for 2016 alone.
        read = replace(read, years=read.years | before)
    elif not read.years and before:
        # "what is the average per year?" after turns that named 2007, 2003 and 2001 points
        # back to those turns' periods, not to every year of the data; its years stay open
        read = replace(read, points_back=True)
    return replace(read, context=question)


def question_years(question: str) -> frozenset[int]:
    """The years ``question`` names: written years, "FY18", spans, "the previous year".

    >>> sorted(question_years("from 2018 to 2020")), sorted(question_years("in FY18"))
    ([2018, 2019, 2020], [2018])
    """
    return _years(question)


def _years(question: str) -> frozenset[int]:
    years = {int(m.group(1)) for m in _YEAR.finditer(question)}
    years |= {2000 + int(m.group(1)) for m in _FY2.finditer(question)}
    for m in _SPAN.finditer(question):
        if m.group(2).lower() == "and" and not _BETWEEN.search(question[: m.start()]):
            continue  # a list or a pair of years, not a span
        a, b = sorted((int(m.group(1)), int(m.group(3))))
        if b - a <= 10:
            years |= set(range(a, b + 1))
    if _PREVIOUS.search(question):
        years |= {y - 1 for y in years}
    return frozenset(years)


def _read_ask(question: str) -> Ask:
    if _REASON.search(question):
        return Ask(question, figure=False)
    years = _years(question)
    count = _HOW_MANY.search(question)
    if count is not None and not _unit_asked(question, count.group(1).lower()):
        return Ask(question, frozenset(years), "count", count.group(1).lower())
    # "Which year had higher total revenue?" asks for a year: "total" names the row, and the
    # answer's figures are its reasons, not the result of an operation.
    which = WHICH_YEAR.search(question) is not None
    op = None if which else _operation(question, len(years))
    if op is None and not which and count is not None and _PERCENT_LESS.search(question):
        op = "percent_change"  # "by how many percent is X less than Y?": relative to Y
    plain = op is None and not which and len(question.split()) <= 16
    # arithmetic on the figure with a stated operand ("the value in 2017 less 100") is no
    # plain value of that year
    plain = plain and not _HEDGED.search(question) and not _STATED_OPERAND.search(question)
    computed = not which and _COMPUTED.search(question) is not None
    several = _RESPECTIVE.search(question) is not None
    back = _BACK.search(question) is not None
    return Ask(
        question,
        frozenset(years),
        op,
        plain=plain,
        several=several,
        points_back=back,
        computed=computed,
    )


# "how much higher / more / less ... than": the difference of two years' values (with two years;
# read behind a substring gate, "how much")
_MORE_THAN = re.compile(r"(?i)\bhow\s+much\s+(?:higher|lower|more|less|greater|larger|smaller)\b")
_SPEED = re.compile(r"(?i)\b(?:fast|quick|slow)(?:est|er)\b")


def _operation(q: str, n_years: int) -> Operation | None:
    unweighted = _WEIGHTED.sub(" ", q)
    mean = _AVERAGE.search(unweighted)
    averaged = mean is not None
    if _RATIO.search(q):
        return "ratio"
    if _AVERAGE_CHANGE.search(q):
        return "average"  # "the average increase in customers": a mean of changes
    if (
        mean is not None
        and _CHANGE.search(unweighted, 0, mean.start()) is None
        and _CHANGE.search(unweighted, mean.end()) is not None
    ):
        return "average"  # "the average Permanent differences value": a line's mean (or mean)
    if _CHANGE.search(q):
        # "which region grew fastest": a rate of growth, a percentage change
        if _POINTS.search(q) and not _PERCENT.search(_POINTS.sub(" ", q)):
            return "change"  # (a percentage's change in points)
        return "percent_change" if _PERCENT.search(q) or _SPEED.search(q) else "change"
    if averaged:
        return "average"
    if n_years == 2 and "how much" in q.lower() and _MORE_THAN.search(q):
        return "change"  # "How much higher was revenue in 2019 than in 2017?": a change
    if _TOTAL.search(q) and (n_years >= 2 or _ALL.search(q)) and not _RESPECTIVE.search(q):
        return "sum"
    return None
