"""A date given as the answer that no source states: "When does the term loan mature?"

"Answer: March 2029" over a note that says the loan "matures in March 2027" passes every other
check: years are read as dates, not claims, so nothing of the answer is judged. Asked for a date
("when", "what date", "which month", "the maturity date"), the final answer's month and year *are*
the claim, and a month of a year the sources never write together was not read from them.

The check runs when the question asks for a date and the answer has a marker ("Answer:"): each
month and year written after it ("March 2029", "March 31, 2029", "31 March 2029") must stand
together in some source's text or the question's (in any of those forms, the month in full or
short; a source may also write it in figures, "3/31/2029", "2029-03-31"). One that does not joins
the claims as ``unsupported`` at its year, naming the dates the sources give for that month or
year, if any. Not judged: a year alone ("Answer: 2029"), an answer with no marker. A date the
answer computes from the sources' ("five years after March 2022") is not read as computed: it is
unsupported too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from crossfoot.language.answermark import marker_end
from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, Sentence
from crossfoot.numbers.extract import extract

__all__ = ["asks_date", "dated_answer"]

# a month by its first three letters, and in full for the message
_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_NAMES = (
    "January February March April May June July August September October November December".split()
)
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|" + (
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_YEAR = r"((?:19|20)\d\d)(?!\d)"
# "March 2029", "March 31, 2029", "31 March 2029", "Mar. 31 2029"
_DATE = re.compile(
    r"\b(?:" + _MONTH + r"\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?" + _YEAR + r"|"
    r"\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH + r",?\s+" + _YEAR + r")"
)
# the question asks for a date (lower case; gated by substrings first)
_ASKS = re.compile(
    r"^\s*when\b|\bwhen\s+(?:did|does|do|is|was|will|are|were)\b|\bdates?\b|"
    r"\b(?:which|what)\s+month\b"
)
_GATES = ("when", "date", "month")


def asks_date(ask: Ask) -> bool:
    """Whether the question asks for a date.

    >>> from crossfoot.language.asked import read_question
    >>> asks_date(read_question("When does the term loan mature?"))
    True
    >>> asks_date(read_question("What was the revenue in 2019?"))
    False
    """
    low = ask.text.lower()
    return any(g in low for g in _GATES) and _ASKS.search(low) is not None


def _dates(text: str) -> Iterable[tuple[str, str, int, int]]:
    """(month, year, start, end) of each date of ``text``, the month by its three letters and
    the span that of the year."""
    for m in _DATE.finditer(text.lower()):
        month, at = (m.group(1), 2) if m.group(1) else (m.group(3), 4)
        yield month[:3], m.group(at), m.start(at), m.end(at)


# "12/31/2029", "12-31-2029" (month first) and "2029-12-31"
_NUMERIC = re.compile(
    r"\b(?:(1[0-2]|0?[1-9])[/-]\d{1,2}[/-]((?:19|20)\d\d)(?!\d)|((?:19|20)\d\d)-(1[0-2]|0[1-9])-\d\d\b)"
)


def _numeric(text: str) -> Iterable[tuple[str, str]]:
    """(month number, year) of each date ``text`` writes in figures."""
    if "/" not in text and "-" not in text:
        return
    for m in _NUMERIC.finditer(text):
        yield (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))


def dated_answer(ask: Ask, claims: Sequence[Claim], text: str, texts: Iterable[str]) -> list[Claim]:
    """``claims`` and an ``unsupported`` claim for each month and year of the final answer that
    no source writes together (see the module docstring).

    >>> from crossfoot import check
    >>> note = "The term loan matures in March 2027; the revolving facility expires in May 2024."
    >>> q = "When does the term loan mature?"
    >>> check("Answer: March 2027", [note], question=q).passed
    True
    >>> check("Answer: March 2029", [note], question=q).claims[-1].message
    'the sources give no date of March 2029 (they give March 2027)'
    """
    if not asks_date(ask):
        return list(claims)
    at = marker_end(text)
    if at is None:
        return list(claims)
    given = list(_dates(text[at:]))
    if not given:
        return list(claims)
    texts = [ask.text, *texts]  # (a date the question writes is given, not claimed)
    have = {(mo, yr) for t in texts for mo, yr, _, _ in _dates(t)}
    have |= {(_MONTHS[int(mo) - 1], yr) for t in texts for mo, yr in _numeric(t)}
    missing = [(mo, yr, at + a) for mo, yr, a, _ in given if (mo, yr) not in have]
    if not missing:
        return list(claims)
    years = {m.start: m for m in extract(text) if m.kind == "year"}
    added = []
    for month, year, start in missing:
        m = years.get(start)
        if m is None:
            continue
        near = sorted(
            {(int(yr), _MONTHS.index(mo)) for mo, yr in have if yr == year or mo == month}
        )
        shown = ", ".join(f"{_NAMES[mo]} {yr}" for yr, mo in near[:3])
        why = f"the sources give no date of {_NAMES[_MONTHS.index(month)]} {year}" + (
            f" (they give {shown})" if shown else ""
        )
        ev = Evidence("answer_date", "date", why, (), None, why)
        added.append(Claim(m, Sentence(0, m.start, m.end, m.text), "unsupported", ev, why))
    return sorted([*claims, *added], key=lambda c: c.mention.start)
