"""A count in words given alone as the answer to a "how many" question: "Two." for "How many
regions opened more than 10 stores in 2023?".

A number word below a hundred is no claim by default ("three regions" counts what the answer
talks about, ``language.claims``), and ``rules.count_words`` judges one only when its sentence
counted it. An answer that is the word alone ("Two.", "Answer: three") counts nothing of its own:
it is the count the question asks for, so it is judged as "2" would be
(``rules.counts.count_verdict_of``), and a wrong one fails.

>>> import json, crossfoot
>>> grid = [["Region", "2023"], ["North", "15"], ["South", "11"], ["West", "6"]]
>>> q = "How many regions opened more than 10 stores in 2023?"
>>> [c.status for c in crossfoot.check("Two.", [json.dumps(grid)], question=q).claims]
['derived']
>>> crossfoot.check("Three.", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.language.question import asked_figures
from crossfoot.model.types import Claim, Mention, Sentence, SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.rules._named import Named
from crossfoot.rules.counts import count_verdict_of

__all__ = ["bare_count_claims"]

_LONGEST = 40  # characters of an answer that can be a count word alone ("Answer: forty-two.")


def bare_count(text: str, claims: Sequence[Claim], ask: Ask) -> tuple[Mention, Sentence] | None:
    """The count word an answer of no claim gives alone, with its sentence; None otherwise."""
    if claims or len(text) > _LONGEST or any(ch.isdigit() for ch in text):
        return None
    found = [m for m in extract(text) if m.kind == "number"]
    if len(found) != 1 or ask.counted is None:
        return None
    m = found[0]
    if m.value != m.value.to_integral_value() or not 0 <= m.value < 100:
        return None
    rest = (text[: m.start] + text[m.end :]).strip(" .:\n").lower()
    noun = ask.counted.lower()
    if rest not in ("", "answer", "the answer is", noun, noun.rstrip("s")):
        return None  # ("Two regions." for "How many regions ...": the count and its noun)
    return m, Sentence(0, 0, len(text), text)


def bare_count_claims(
    text: str, claims: Sequence[Claim], ask: Ask, values: Sequence[SourceValue]
) -> list[Claim] | None:
    """The one claim of an answer that is a count word alone, judged as the question's count;
    None when the answer is no such word or the count cannot be read."""
    alone = bare_count(text, claims, ask)
    if alone is None or not any(v.table is not None for v in values):
        return None
    m, sentence = alone
    verdict = count_verdict_of(text, m, values, ask, asked_figures(ask.text), Named(ask, values))
    if verdict is None:
        return None
    return [Claim(m, sentence, verdict.status, verdict.evidence, verdict.message)]
