"""English number words: "twelve", "forty-five", "two million", "a hundred".

The regex finds runs of number words; :func:`parse_words` turns one run into numbers, splitting it
where the words stop forming one number ("two three" is two numbers). Precision is half the place
value of the last word that carries a digit: "two million" -> 500000, "three hundred" -> 50,
"three hundred and five" -> 0.5.

A lone "one" (or "zero"-free pronoun uses such as "one of the", "the one that") is never a number:
only "one" followed by a multiplier ("one million") counts. Every other number word counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from crossfoot.numbers.scales import SCALE_EXP

__all__ = ["MULTIPLIERS", "NUMBER_WORDS", "SMALL_NUMBERS", "WORDS_PATTERN", "parse_words"]

_SMALL: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
#: Multipliers above a hundred, each a power of ten so values stay exact.
_SCALES: dict[str, int] = {
    w: SCALE_EXP[w]  # one table for every reader (numbers.scales)
    for w in ("thousand", "lakh", "lakhs", "million", "crore", "crores", "billion", "trillion")
}


def _alt(words: list[str]) -> str:
    # Longest first so "seventeen" wins over "seven"; each word must end at a word boundary.
    return "|".join(sorted(words, key=len, reverse=True))


#: The words a run can start with (besides "a"/"an" before a multiplier).
NUMBER_WORDS: tuple[str, ...] = (*_SMALL, *_TENS)
#: "zero" to "nineteen" and their values (a reader of counts takes what it needs of them).
SMALL_NUMBERS: Mapping[str, int] = MappingProxyType(_SMALL)

_SMALL_RE = _alt(list(_SMALL))
_TENS_RE = _alt(list(_TENS))
#: Words that multiply ("a hundred", "two million"); a run may start with "a"/"an" before one.
MULTIPLIERS: tuple[str, ...] = ("hundred", *_SCALES)

_MULT_RE = _alt(list(MULTIPLIERS))
_WORD = rf"(?:(?:{_TENS_RE})(?:-(?:{_SMALL_RE}))?|{_SMALL_RE}|{_MULT_RE})(?![\w-])"

#: One run of number words. It must start with a digit word, or "a"/"an" before a multiplier.
#: Separators are a space, a hyphen or " and "; every repetition consumes a separator and a
#: whole word, so matching is linear.
WORDS_PATTERN = rf"""
    (?<![\w-])                                     # a whole word, not the end of "twenty-"
    (?:an?[ \t]+(?=(?:{_MULT_RE})(?![\w-]))        # "a hundred", "a million"
       |(?=(?:{_TENS_RE}|{_SMALL_RE})(?![a-z]))    # or a digit word
    )
    {_WORD}                                        # first word
    (?:(?:[ \t]+and[ \t]+|[ \t]+|-){_WORD})*       # more words: "two hundred and five"
"""


def _tokens(run: str) -> list[tuple[str, int, int]]:
    """Split a matched run into (word, start, end), keeping "and" as a token."""
    out: list[tuple[str, int, int]] = []
    i = 0
    n = len(run)
    while i < n:
        if run[i] in " \t-":
            i += 1
            continue
        j = i
        while j < n and run[j] not in " \t-":
            j += 1
        out.append((run[i:j].lower(), i, j))
        i = j
    return out


def parse_words(run: str) -> list[tuple[int, int, Decimal, Decimal]]:
    """Numbers in one run of number words, as (start, end, value, precision) relative to the run.

    >>> [(s, e, str(v), str(p)) for s, e, v, p in parse_words("two million")]
    [(0, 11, '2000000', '500000')]
    >>> [str(v) for _, _, v, _ in parse_words("three hundred and five")]
    ['305']
    >>> parse_words("one")
    []
    """
    toks = _tokens(run)
    results: list[tuple[int, int, Decimal, Decimal]] = []
    i = 0
    while i < len(toks):
        parsed = _one_number(toks, i)
        if parsed is None:
            i += 1
            continue
        end_index, value, place, multiplied = parsed
        start = toks[i][1]
        end = toks[end_index - 1][2]
        lone_one = value == 1 and not multiplied
        if not lone_one:
            results.append((start, end, Decimal(value), Decimal(place) / 2))
        i = end_index
    return results


def _one_number(toks: list[tuple[str, int, int]], i: int) -> tuple[int, int, int, bool] | None:
    """Read one number from toks[i:]: (index after it, value, place of last digit, multiplied)."""
    total = 0
    current = 0
    place = 1
    last = ""  # kind of the previous token: "small", "tens", "hundred", "scale", "and"
    last_scale = 99
    multiplied = False
    end = i
    j = i
    if toks[j][0] in ("a", "an"):
        current = 1
        last = "small"
        j += 1
    while j < len(toks):
        word = toks[j][0]
        if word == "and":
            if last not in ("hundred", "scale") or j + 1 >= len(toks):
                break
            last = "and"
            j += 1
            continue
        if "-" in word:  # never happens: hyphens split tokens; kept for safety
            break
        if word in _TENS or word in _SMALL:
            value = _TENS.get(word, _SMALL.get(word, 0))
            if last in ("small", "tens"):
                # "twenty one" joins; "two three" does not.
                if not (last == "tens" and current % 10 == 0 and 0 < value < 10):
                    break
            if last == "hundred" and current % 100 != 0:
                break
            current += value
            place = 1
            last = "tens" if word in _TENS else "small"
        elif word == "hundred":
            if last not in ("small", "tens") or current >= 100 or current == 0:
                break
            current *= 100
            place *= 100
            last = "hundred"
            multiplied = True
        elif word in _SCALES:
            exp = _SCALES[word]
            if last not in ("small", "tens", "hundred") or exp >= last_scale or current == 0:
                break
            total += current * 10**exp
            place *= 10**exp
            current = 0
            last_scale = exp
            last = "scale"
            multiplied = True
        else:
            break
        j += 1
        end = j
    if end == i or (end == i + 1 and toks[i][0] in ("a", "an")):
        return None
    return end, total + current, place, multiplied
