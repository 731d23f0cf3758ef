"""A count in words that answers the question's "how many" is checked against the question's bar.

"How many years had more than 100 new stores?" answered "Three years: 2021, 2022 and 2023."
The number word is no claim of its own; ``rules.sentence_counts`` reads it as a count of what
the sentence names ("3 years the sentence names": derived), so a wrong count passed whenever the
answer listed as many years as it counted. When the question asks "how many" with a bar and the
word answers it (``rules.counts.is_count_answer``: before the counted noun, or after an answer
marker), the count of the values past the question's bar decides, as it does for "3 years".

>>> import json, crossfoot
>>> grid = [["Year", "New stores"], ["2021", "120"], ["2022", "100"], ["2023", "135"]]
>>> q = "How many years had more than 100 new stores?"
>>> [c.status for c in crossfoot.check("Three years: 2021, 2022 and 2023.",
...                                    [json.dumps(grid)], question=q).claims]
['contradicted']
>>> [c.status for c in crossfoot.check("Two years: 2021 and 2023.",
...                                    [json.dumps(grid)], question=q).claims]
['derived']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from crossfoot.language.answermark import marker_end
from crossfoot.language.asked import Ask
from crossfoot.language.question import asked_figures
from crossfoot.model.types import Claim
from crossfoot.rules._bare_count import bare_count_claims
from crossfoot.rules._named import Named
from crossfoot.rules.counts import count_verdict_of, is_count_answer

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["question_word_counts"]


def question_word_counts(
    ask: Ask | None, claims: Sequence[Claim], text: str, sources: SourceSet | None
) -> list[Claim]:
    """The claims, a number word counted by what its sentence names (``counts.word_count``)
    judged instead by the question's count when it answers that count."""
    out = list(claims)
    if ask is None or ask.op != "count" or not ask.counted or sources is None:
        return out
    words = [i for i, c in enumerate(out) if _word_counted(c)]
    if not words:  # ("Two." alone: rules._bare_count)
        return bare_count_claims(text, out, ask, sources.index(None).values) or out
    at = marker_end(text)
    values = sources.index(None).values
    named = Named(ask, values)
    asked = asked_figures(ask.text)
    for i in words:
        c = out[i]
        if not is_count_answer(ask, text, c.mention, at):
            continue
        verdict = count_verdict_of(text, c.mention, values, ask, asked, named)
        if verdict is not None and verdict.evidence is not None and verdict.evidence.operands:
            out[i] = Claim(c.mention, c.sentence, verdict.status, verdict.evidence, verdict.message)
    return out


def _word_counted(c: Claim) -> bool:
    """A number word that ``rules.sentence_counts`` counted by what the data or its sentence
    names (no values behind it)."""
    ev = c.evidence
    return ev is not None and ev.rule == "count" and ev.kind == "count" and not ev.operands
