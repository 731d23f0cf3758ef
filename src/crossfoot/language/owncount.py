"""A count a sentence states with a bar of its own: the "how many" question it answers.

"2 of the 4 regions had revenue above $4M" answers "How many regions had revenue above $4M?"
with 2 (and counts the whole, 4). The question is built from the sentence's own words: the
noun counted, then the rest of the sentence with its bar. ``rules.sentence_counts`` judges the
count as the answer to that question; the trace's row reader reads every row of a result set
for such an answer, as it does for a question with a bar (the values past it may be in any
row).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask, read_question
from crossfoot.language.column_bar import column_bar
from crossfoot.language.moves import may_move, moving
from crossfoot.language.question import asks_past_bar
from crossfoot.language.rowtokens import noun_at, part_before
from crossfoot.language.year_signs import states_signed_count
from crossfoot.model.types import Mention

__all__ = [
    "counted_noun",
    "counts_past_bar",
    "may_count_own",
    "own_ask",
    "own_count_at",
    "singular",
    "states_own_count",
]

_NOUN = re.compile(r"[ \t]*([A-Za-z][A-Za-z-]*)")
# words after a whole number that make it a quantity or a part of a phrase, not a count of things
_NOT_COUNTED = frozenset(
    "million billion thousand trillion percent per times basis point points bps m bn k x to and "
    "or of in the a an".split()
)
# the stems of language.bounds' comparison words: without one, no sentence states a bar (a few
# substring tests: a case-blind pattern of alternatives costs ~50 us on a short answer)
_BAR_STEMS = (
    "exceed",
    "surpass",
    "topp",
    "tops",
    "cross",
    "pass",
    "above",
    "over",
    "excess",
    "upwards",
    "at least",
    "at most",
    "up to",
    "below",
    "under",
    " than",
)
# plural-looking words that count nothing, and plurals without an "s"
_NOT_NOUN = frozenset(
    "was is has does this its his as us thus plus minus versus whereas across less unless always "
    "perhaps means".split()
)
# periods that moved are counted along a row (not read: rules.moved_counts counts rows)
_PERIODS = frozenset("year quarter month week day half period time".split())
_IRREGULAR = frozenset("people children staff personnel men women data".split())
_END = re.compile(r"[.!?;](?=\s|\Z)|\n")  # (not the point of "3.5")


def singular(word: str) -> str:
    """``word`` in lower case without a plural's ending ("regions" -> "region")."""
    word = word.lower()
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def counted_noun(text: str, m: Mention, hi: int) -> re.Match[str] | None:
    """The noun right after ``m`` (past "of the 4") when ``m`` may count it: a whole number
    of 0-1,000 with no unit, before a plural ("2 regions", "3 people") or after 1 ("1 region");
    None otherwise. The cheap half of ``own_ask``."""
    if m.kind != "number" or m.currency or m.scale != 1 or m.high is not None:
        return None
    if m.value < 0 or m.value > 1000 or m.value != m.value.to_integral_value():
        return None
    found = _NOUN.match(text, noun_at(text, m.end), hi)
    if found is None:
        return None
    low = found.group(1).lower()
    if low in _NOT_COUNTED or low in _NOT_NOUN:
        return None
    if m.value != 1 and not low.endswith("s") and low not in _IRREGULAR:
        return None  # "2 regions", "1 region", "3 people"; not "4 was", "2 in"
    return found


def own_ask(
    text: str, m: Mention, sentence: tuple[int, int], moves: bool = True
) -> tuple[Ask, str] | None:
    """The "how many" question a sentence's count answers, with the singular noun it counts,
    or None when ``m`` is no count of things with a bar, or a move, in its sentence.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "2 of the 4 regions had revenue above $4M."
    >>> ask, noun = own_ask(t, extract(t)[0], (0, len(t)))
    >>> ask.text, noun
    ('How many regions had revenue above $4M?', 'region')
    """
    found = counted_noun(text, m, sentence[1])
    if found is None:
        return None
    noun = found.group(1)
    if not may_count_own(text[sentence[0] : sentence[1]]):
        return None
    part = part_before(text, m.start)  # the whole of "2 of the 4": the phrase from the "2"
    start = part if part is not None and part >= sentence[0] else m.start
    after = text[found.end() : sentence[1]].rstrip(" \t\n.;:!?")
    rest = f"{after} {text[sentence[0] : start].strip()}".strip()
    question = f"How many {noun} {rest}?"
    if not asks_past_bar(question) and (
        not moves or moving(question) is None or singular(noun) in _PERIODS
    ):
        return None  # (a bar of its own, or a move of rows: "3 regions saw revenue decline")
    ask = read_question(question)
    if ask.op != "count" or ask.counted is None or singular(ask.counted) != singular(noun):
        return None
    return ask, singular(noun)


@lru_cache(maxsize=64)
def counts_past_bar(text: str) -> bool:
    """Whether ``text`` has a comparison word at all (a cheap test before ``own_count_at``;
    kept per text: trace asks it of one answer several times)."""
    low = text.lower()
    return any(stem in low for stem in _BAR_STEMS)


def may_count_own(text: str) -> bool:
    """Whether ``text`` has a comparison word or a word of a move at all (cheap gates)."""
    return counts_past_bar(text) or may_move(text) or column_bar(text) is not None


def own_count_at(text: str, m: Mention, moves: bool = True) -> bool:
    """Whether ``m`` is a count its sentence states with a bar of its own, or with a move of
    rows unless ``moves`` is False (``own_ask``)."""
    if counted_noun(text, m, len(text)) is None:
        return False
    cut = [e.end() for e in _END.finditer(text, 0, m.start)]
    end = _END.search(text, m.end)
    sentence = (cut[-1] if cut else 0, end.start() if end else len(text))
    if column_bar(text[sentence[0] : sentence[1]]) is not None:
        return True  # "3 of the 5 reps beat their quota" (rules.column_bar_count)
    return own_ask(text, m, sentence, moves) is not None


def states_own_count(text: str, mentions: Sequence[Mention]) -> bool:
    """Whether some sentence of ``text`` states a count with a bar of its own (``own_ask``).

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Sales rose. Revenue exceeded $4M in 3 of the 4 regions."
    >>> states_own_count(t, extract(t)), states_own_count("Revenue was $4M.", [])
    (True, False)
    """
    if states_signed_count(text):  # ("lost money in three of the four years")
        return True
    return may_count_own(text) and any(own_count_at(text, m) for m in mentions)
