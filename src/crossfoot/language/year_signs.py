"""The words of a count of years by a line's sign or movement: "lost money in three of the four
years", "net income was negative in 2 of the last 3 years", "revenue grew in two of the three
years", "grew in every year but one" (judged by ``rules.signed_years``; here so that the
readers of result rows, ``sources.rows`` and ``front.trace_scope``, read every row for them, as
``language.owncount.states_own_count`` asks).

>>> states_signed_count("The company lost money in three of the four years.")
True
>>> states_signed_count("Revenue grew in every year but one."), states_signed_count("It grew.")
(True, False)
"""

from __future__ import annotations

import re

from crossfoot.language.changewords import MOVED_DOWN_PAST, MOVED_UP_PAST

__all__ = ["BUT", "COUNT", "count_spans", "may_sign_count", "number", "states_signed_count"]

_N = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# "<verb> in <N> of the <M> years"; the verb a sign ("lost money") or a movement ("grew")
_LOSS = (
    r"lost\s+money|(?:posted|reported|recorded|had|ran)\s+(?:a\s+)?(?:net\s+)?losses?|"
    r"was\s+unprofitable"
)
_GAIN = (
    r"(?:was|were)\s+profitable|made\s+money|turned\s+a\s+profit|"
    r"(?:posted|reported)\s+(?:a\s+)?(?:net\s+)?profits?"
)
_NEG = r"(?:was|were|came\s+in|turned)\s+negative"
_POS = r"(?:was|were|came\s+in|stayed|remained)\s+positive"
COUNT = re.compile(
    rf"(?i)\b(?:(?P<loss>{_LOSS})|(?P<gain>{_GAIN})|(?P<neg>{_NEG})|(?P<pos>{_POS})|"
    rf"(?P<up>{MOVED_UP_PAST})|(?P<down>{MOVED_DOWN_PAST}))\s+(?:only\s+)?in\s+(?:only\s+)?"
    rf"(?P<n>{_N})\s+of\s+(?:the\s+|its\s+|those\s+|these\s+)?(?P<last>(?:last|past)\s+)?"
    rf"(?P<m>{_N})\s+(?:fiscal\s+)?years\b"
)
_WORDS = {
    w: i + 1
    for i, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split())
}
# "every year but one", "each quarter except two"
BUT = re.compile(
    rf"(?i)\b(?:every|each)\s+(?:single\s+)?(?:year|quarter|month|week)\s+"
    rf"(?:but|except(?:\s+for)?)\s+(?P<n>{_N})\b(?!\s*(?:%|percent|of\b))"
)


def may_sign_count(low: str) -> bool:
    """A cheap gate: whether lower-cased ``low`` may count years by a sign or a move."""
    return "year" in low and " in " in low and " of " in low


def number(word: str) -> int:
    """A count's value, in digits or words ("three" -> 3)."""
    return _WORDS.get(word.lower()) or int(word)


def states_signed_count(text: str) -> bool:
    """Whether ``text`` counts years by a sign or a move, or says "every year but one"."""
    low = text.lower()
    if "year" not in low and "quarter" not in low and "month" not in low and "week" not in low:
        return False
    if (" but " in low or " except " in low) and BUT.search(text) is not None:
        return True
    return may_sign_count(low) and COUNT.search(text) is not None


def count_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` writes the counts of a count of years by a sign or a move: "2" and "4" of
    "sales fell in 2 of the 4 years", "one" of "every year but one" (trace keeps them as claims:
    a count in digits before "years" is otherwise read as a time window).

    >>> t = "Sales fell in 2 of the 4 years."
    >>> [t[a:b] for a, b in count_spans(t)]
    ['2', '4']
    """
    if not states_signed_count(text):
        return ()
    spans = [m.span(g) for m in COUNT.finditer(text) for g in ("n", "m")]
    spans += [m.span("n") for m in BUT.finditer(text)]
    return tuple(spans)
