"""The count words the agents' readers of days take for a number, and the frequencies they are not.

One set for every reader that counts days, weeks or months: "in ten days" (``agents._dates``),
"within the next ten days" (``agents._spans``), "the past ten days" (``agents._periods``), "ten
days later" (``agents._ingest``). Three lists used to disagree ("in seven days" was read as no day
while "within seven days" was a span); ``tests/agents/test_agents39.py`` holds them to this one.

A count after a frequency is no span from today: "charged twice in a month", "three times within
a week" say how often, not when, so "in a month" there names no day a month from now.
"""

from __future__ import annotations

import re

__all__ = ["COUNT", "COUNT_WORDS", "after_frequency", "count_value", "stated_counts"]

COUNT_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
# The words as a regex alternation: a count of two words first ("twenty-one", "twenty five": read
# whole, not as "one" of "twenty-one days later"), then the words longest first ("fourteen"
# before "four": a pattern without a closing \b would stop at the shorter word).
COUNT = rf"(?:{'|'.join(_TENS)})[-\s](?:{'|'.join(_ONES)})|" + "|".join(
    sorted(COUNT_WORDS, key=len, reverse=True)
)
# "once", "twice", "thrice", "3 times", "three times", "several times", "a few times": the words
# before "in a month" that make it a frequency ("twice now in a month" too).
_FREQUENCY = re.compile(
    rf"\b(?:once|twice|thrice|(?:\d{{1,3}}|{COUNT}|several|many|multiple|a few|few) times)"
    r"\s+(?:(?:now|already|so far)\s+)?$",
    re.IGNORECASE,
)
_FREQUENCY_GATE = ("once", "twice", "thrice", "times")


def count_value(count: str) -> int:
    """The number a count matched by :data:`COUNT` (or digits) says.

    >>> count_value("Twenty-One"), count_value("twenty five"), count_value("ten"), count_value("12")
    (21, 25, 10, 12)
    """
    words = count.lower().replace("-", " ").split()
    if len(words) == 2:
        return COUNT_WORDS[words[0]] + COUNT_WORDS[words[1]]
    return COUNT_WORDS.get(words[0]) or int(words[0])


def after_frequency(text: str, start: int) -> bool:
    """Whether the phrase at ``text[start:]`` follows a frequency ("twice in a month").

    >>> t = "i was charged twice in a month, ship it in a month"
    >>> after_frequency(t, t.index("in a month")), after_frequency(t, t.rindex("in a month"))
    (True, False)
    >>> t = "billed 3 times within a week"
    >>> after_frequency(t, t.index("within"))
    True
    """
    head = text[max(0, start - 40) : start]
    if not any(w in head.lower() for w in _FREQUENCY_GATE):
        return False
    return _FREQUENCY.search(head) is not None


_COUNT_WORD = re.compile(rf"\b(?:{COUNT})\b")
_PERCENT_AFTER = re.compile(r"[\s-]?(?:%|per\s?cent)")


def stated_counts(low: str) -> set[int]:
    """The counts from 2 up a lower-cased text writes in words ("split it three ways", "the four
    of us"): the arithmetic search (``agents._derive``) multiplies and divides by them as by
    the digits a user types.

    >>> sorted(stated_counts("split the bill three ways, twenty-one guests, one of us, a bag"))
    [3, 21]
    >>> sorted(stated_counts("add twenty percent, fifteen per cent or ten% for two"))
    [2]
    """
    # A count word before "percent" is a share (read-through 40: "add twenty percent for the
    # tip" vouched for 85 x 20), as the digits before "%" are (agents._percent_only).
    text = low[:20_000]
    return {
        n
        for m in _COUNT_WORD.finditer(text)
        if (n := count_value(m[0])) >= 2 and _PERCENT_AFTER.match(text, m.end()) is None
    }
