"""Superlatives that rank a row among the others: "West had the highest 2024 revenue".

``extremes(text, lo, hi)`` finds the superlative words of a stretch that rank among rows
("highest", "largest", "biggest", "greatest", "best seller", "top-performing", "led" (not "led
to", "led by"), "the most" (not "the most recent") and "lowest",
"smallest", "fewest", "worst-selling", "the least"), leaving out
those that rank something else: an ordinal ("the second highest", "the next largest"), a part
of a group ("one of the largest", "among the highest"), a row against its own past ("its
highest level", "a record high", "the highest since 2019", "the lowest in five years", "ever").
``rules.extremes`` holds the figure the word ranks to its column; the trace's row reader reads
every row for an answer that has one (the other rows are what it ranks against).
"""

from __future__ import annotations

import re

from crossfoot.language.changewords import FALL_VERBS, RISE_VERBS
from crossfoot.language.summary_lines import SUMMARY
from crossfoot.language.superlatives import FASTEST, LEAST, MOST, NOT_A_RANK, SLOWEST, words

__all__ = [
    "ASIDE",
    "ORDINALS",
    "RANK_NOUN",
    "ROW_NOUNS",
    "ROW_NOUNS_RE",
    "extremes",
    "may_rank",
    "ordinals",
    "peaks",
]

# Nouns that name what a table's rows are: a superlative over one ranks the rows ("the largest
# region": rules.extremes), and "every"/"all" before one says something of every row ("every
# segment grew": language.trends.EVERY_ROW). One list for both readings.
ROW_NOUNS = frozenset(
    "region segment product market division unit category country state city store branch "
    "channel team brand customer client department business line office plant site model "
    "item sku vendor supplier carrier airline route".split()
)


def _plural(noun: str) -> str:
    if noun.endswith("y"):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "ch", "x")) else "s")


# ROW_NOUNS and their plurals, as a regex alternation ("regions?|categor(y|ies)|...")
ROW_NOUNS_RE = "|".join(sorted({w for n in ROW_NOUNS for w in (n, _plural(n))}))

# (the superlatives: language.superlatives, one list; "the most" and "the least" in their own
# syntax below, "maximum", "minimum" and "top" rank no rows in an answer's sentence)
_OWN = NOT_A_RANK | {"most", "least"}
_WORD = re.compile(
    rf"(?i)\b(?:(?P<high>{words(MOST, _OWN)}"
    r"|(?:best|top)[- ](?:sell(?:er|ing)|perform(?:er|ing))"
    rf"|led(?!\s+(?:to|by|off|up|into|the\s+way)\b)|{words(FASTEST)}"
    r"|(?<=\bthe\s)most(?=\s+[a-z])(?!\s+(?:of|recent|likely|common|important|significant)\b))"
    rf"|(?P<low>{words((*LEAST, *SLOWEST), _OWN)}|worst[- ](?:sell(?:er|ing)"
    r"|perform(?:er|ing))|(?<=\bthe\s)least(?=\s+[a-z])(?!\s+(?:of|likely)\b)))\b"
)
# "South fell the most, by 340", "West grew the least.": a movement verb ranks the rows' moves
# with "the most" / "the least" before no noun (_WORD takes "the most" before a word). One space
# after "the", as may_rank's gate reads it.
_MOVED_MOST = re.compile(  # (the verbs: language.changewords, one list)
    rf"(?i)\b(?:{RISE_VERBS}|{FALL_VERBS})\s+the (most|least)\b(?=\s*(?:[,;:.()]|$))"
)
# A line that sums or averages the others (a total, an average): never ranked among them (one
# list: language.summary_lines).
ASIDE = SUMMARY
_NOT_BEFORE = re.compile(
    r"(?i)\b(?:second|third|fourth|fifth|next|2nd|3rd|4th|5th|one\s+of|among|its|their|his|her|"
    r"record|all-time)[\s-]+(?:the\s+)?(?:\w+\s+)?$"
)
# An ordinal right before a superlative ranks the row n-th ("the second-largest region", "the
# third highest"): ``ordinals`` reads it, and rules.extremes holds the row to that place.
_ORDINAL_BEFORE = re.compile(r"(?i)\b(second|third|fourth|fifth|2nd|3rd|4th|5th)[\s-]+$")
# (one map: rules.answer_pick and rules.alignment_rank read the same ordinals)
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4,
            "5th": 5}  # fmt: skip
_NOT_AFTER = re.compile(
    r"(?i)^[^.;]{0,40}?\b(?:since|ever|on\s+record|in\s+(?:\w+\s+)?(?:years|quarters|months|"
    r"decades?)|of\s+(?:the|any)\s+(?:year|decade|period|quarter)s?)\b"
)
_STEMS = (  # ("best", "top", "worst": "the best seller", "top-selling", "worst-performing")
    "highest",
    "largest",
    "biggest",
    "greatest",
    "strongest",
    "weakest",
    "lowest",
    "smallest",
    "fewest",
    "best",
    "top",
    "worst",
    " led ",
    "fastest",
    "quickest",
    "slowest",
    "peaked",
    "bottomed",
    "the most",
    "the least",
)
# Verbs that rank a line's own periods ("revenue peaked in March", "churn bottomed out in
# Q2"): among rows only where each row is a period (rules.extremes asks the row to be one).
_PEAK = re.compile(r"(?i)\b(?:(?P<high>peaked)|(?P<low>bottomed(?:\s+out)?))\b")
# The noun a message names a rank verb's extreme by: "the peak is 1,000 (2021)", not "the peaked
# is" (rules.which_period, rules._quarter_rank).
RANK_NOUN = {"peaked": "peak", "bottomed": "low"}


def may_rank(text: str) -> bool:
    """Whether ``text`` has a superlative word at all (substring tests: a cheap gate)."""
    low = text.lower()
    return any(s in low for s in _STEMS)


def extremes(text: str, lo: int, hi: int) -> list[tuple[int, int, bool]]:
    """``(start, end, high)`` of each superlative of ``text[lo:hi]`` that ranks a row among the
    others (see the module docstring); ``high`` for "highest", False for "lowest".

    >>> t = "West had the highest revenue; North had its highest level since 2019."
    >>> [(t[a:b], h) for a, b, h in extremes(t, 0, len(t))]
    [('highest', True)]
    >>> t = "South fell the most, by 340, and West grew the least."
    >>> [(t[a:b], h) for a, b, h in extremes(t, 0, len(t))]
    [('most', True), ('least', False)]
    """
    out = []
    for m in _WORD.finditer(text, lo, hi):
        if _NOT_BEFORE.search(text, max(lo, m.start() - 30), m.start()):
            continue
        if _NOT_AFTER.match(text[m.end() : hi]):
            continue
        out.append((m.start(), m.end(), m.group("high") is not None))
    piece = text[lo:hi].lower()  # (an exact gate: the pattern is case-blind, "East Fell The Most")
    if "the most" in piece or "the least" in piece:
        seen = {a for a, _, _ in out}
        for m in _MOVED_MOST.finditer(text, lo, hi):
            if m.start(1) not in seen and not _NOT_AFTER.match(text[m.end() : hi]):
                out.append((m.start(1), m.end(1), m[1].lower() == "most"))
        out.sort()
    return out


def ordinals(text: str, lo: int, hi: int) -> list[tuple[int, int, bool, int]]:
    """``(start, end, high, place)`` of each superlative of ``text[lo:hi]`` that an ordinal
    ranks ("second-largest", "third highest"): the row is held to that place among the others;
    one against its own past ("the second highest since 2019") is left alone.

    >>> t = "South was the second-largest region; East the 3rd lowest."
    >>> [(t[a:b], h, n) for a, b, h, n in ordinals(t, 0, len(t))]
    [('largest', True, 2), ('lowest', False, 3)]
    """
    out = []
    for m in _WORD.finditer(text, lo, hi):
        said = _ORDINAL_BEFORE.search(text, max(lo, m.start() - 12), m.start())
        if said is None or _NOT_AFTER.match(text[m.end() : hi]):
            continue
        out.append((m.start(), m.end(), m.group("high") is not None, ORDINALS[said[1].lower()]))
    return out


def peaks(text: str, lo: int, hi: int) -> list[tuple[int, int, bool]]:
    """``(start, end, high)`` of each verb of ``text[lo:hi]`` that ranks a line's periods
    ("peaked", "bottomed out"); ``high`` for "peaked".

    >>> t = "Revenue peaked in March and churn bottomed out in May."
    >>> [(t[a:b], h) for a, b, h in peaks(t, 0, len(t))]
    [('peaked', True), ('bottomed out', False)]
    """
    return [(m.start(), m.end(), m.group("high") is not None) for m in _PEAK.finditer(text, lo, hi)]
