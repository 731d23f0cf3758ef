"""How a user writes a count and its bar, beyond "Answer: 2" and "more than 100" (issue 15).

``rules.counts`` checks a count that answers "how many" against the rows past the question's
bar. Three ways users write it were not read:

- the answer is the count alone ("2", "**2**.", "2 (2021 and 2023)") or puts one word between
  it and the counted noun ("2 such years", "3 different regions"): :func:`answers_count`;
- the bar takes its line in: "at least 410", "no fewer than 3", "at most 5%", "up to 200", or
  "100 or more" after the figure. A row that holds the bar itself meets it
  (:func:`inclusive_bar`); "more than", "above", "exceeded" keep it out, as before;
- the bar's side is written after its figure ("100 or more new stores", "5% or less"):
  :func:`trailing_bar`.

>>> from crossfoot.language.asked import read_question
>>> from crossfoot.numbers.extract import extract
>>> q = "How many regions had 100 or more stores?"
>>> bar, side = trailing_bar(read_question(q), tuple(extract(q)))
>>> bar.text, side, inclusive_bar(q, bar)
('100', '>', True)
"""

from __future__ import annotations

import re

from crossfoot.language.asked import Ask
from crossfoot.language.bounds import Side, bound_before
from crossfoot.language.owncount import singular
from crossfoot.model.types import Mention

__all__ = ["answers_count", "inclusive_bar", "trailing_bar"]

_MARKS = " \t\r\n*_`"
# "2 such years": one lower-case word between the count and its noun
_ONE_WORD = re.compile(r"[ \t]+[a-z]+[ \t]+([A-Za-z]+)")
# "at least 410", "no fewer than", "or equal to": the words that take the line in
_TAKES_LINE = re.compile(
    r"(?i)(?:at\s+(?:least|most)|up\s+to|or\s+equal\s+to|"
    r"\bno[t]?\s+(?:less|fewer|more|greater|lower|higher|smaller|larger)\s+than|"
    r"\bnot\s+(?:over|above|under|below))"
    r"(?:\s+(?:the|a|an|of))*\s*[$€£¥₹~]?\s*$"
)
# "100 or more": the side written after the bar's figure
_OR_SIDE = re.compile(
    r"[ \t]*(?:[a-z%]+[ \t]+)?or[ \t]+(?:(more|greater|higher|above|over)|"
    r"(less|fewer|lower|below|under))\b",
    re.I,
)


def answers_count(ask: Ask, text: str, m: Mention) -> bool:
    """Whether ``m`` is the whole answer ("2", "**2**.") or stands one word before the noun the
    question counts ("2 such years").

    >>> from crossfoot.language.asked import read_question
    >>> from crossfoot.numbers.extract import extract
    >>> ask = read_question("How many years had more than 100 new stores?")
    >>> [answers_count(ask, t, extract(t)[-1]) for t in ("2.", "In 2 such years.", "It was 2.")]
    [True, True, False]
    >>> answers_count(ask, "2 (2021 and 2023)", extract("2 (2021 and 2023)")[0])
    True
    """
    rest = text[m.end :].strip(_MARKS + ".")
    if not text[: m.start].strip(_MARKS) and (not rest or _aside(rest)):
        return True
    after = _ONE_WORD.match(text, m.end)
    return bool(ask.counted and after and singular(after.group(1)) == singular(ask.counted))


def _aside(rest: str) -> bool:
    """Whether what follows the count is one aside in parentheses ("2 (2021 and 2023)")."""
    return rest.startswith("(") and rest.endswith(")") and rest.count("(") == 1


def inclusive_bar(text: str, bar: Mention) -> bool:
    """Whether the bar's words take its line in ("at least 410", "100 or more"): a value equal
    to the bar is then counted.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "How many had at least 410, more than 5, or 9 or less?"
    >>> [inclusive_bar(t, m) for m in extract(t)]
    [True, False, True]
    """
    cut = max(text.rfind(c, 0, bar.start) for c in ",;:?")
    floor = cut + 1 if cut >= 0 else 0
    bound = bound_before(text, bar.start, floor)
    if bound is not None:
        lo = max(floor, bar.start - 40)
        return not bound[1] and _TAKES_LINE.search(text, lo, bar.start) is not None
    return _OR_SIDE.match(text, bar.end) is not None


def trailing_bar(ask: Ask, asked: tuple[Mention, ...]) -> tuple[Mention, Side] | None:
    """The question's bar when its side follows the figure ("100 or more stores": >), or None."""
    for bar in asked:
        if bar.high is not None:
            continue
        found = _OR_SIDE.match(ask.text, bar.end)
        if found is not None:
            return bar, ">" if found.group(1) else "<"
    return None
