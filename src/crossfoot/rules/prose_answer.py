"""A change, an average, a total or a ratio asked of a table's row, answered with one unrelated
figure of prose.

"What was the change in RSUs from 2009 to 2010?" names a row of the table, which holds the values
to compute it from. An answer "14" that a sentence of the sources happens to write ("which
resulted in a $14 million charge") passes the direct match: the prose figure has no row and no
year, so no alignment check can say it is of another line. It answers the question only when
its own words say so: they state a change (for a change asked: "rose $14 million"), an average
(for an average asked: "an average rate of 1.9%"), a total ("a combined $8.4 billion"), a ratio
("3.6 times"), or they name the row the question names.
Otherwise the figure is a coincidence of the prose, and the re-reading over the named row's
values (:func:`crossfoot.rules.alignment._refit`) is what may still prove the answer.

For :func:`crossfoot.rules.alignment.misfit`, on final figures only.
"""

from __future__ import annotations

import re

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Evidence, Mention
from crossfoot.rules._named import Named, _own_words
from crossfoot.rules._prose_change import names_change

__all__ = ["prose_misfit"]

# The words of a prose figure that make it an average (for an average asked).
_AVERAGE_WORDS = re.compile(r"(?i)\baverag|\bmean\b|\bper\b|\bweighted\b|\bmedian\b")
# How far past a prose figure its own words are read ("a $539 million decrease in X").
_AFTER = 80
_CLAUSE_END = re.compile(r"[.;!?](?:\s|\Z)|,\s")
# A question that asks for the reasons of a change ("What were the reasons for the increase in
# sales?"): its answer quotes the sentences that give them, each figure a change of a driver.
_REASONS = re.compile(r"(?i)\breasons?\b|\bwhy\b|\bdrivers?\b|\bcaused?\b|\bdue\s+to\b")
_WORDS = {
    "change": "a change",
    "percent_change": "a percentage change",
    "average": "an average",
    "sum": "a total",
    "ratio": "a ratio",
}
# The words before a prose figure that say it is what each operation asks for.
_STATED = {
    "average": _AVERAGE_WORDS,
    "sum": re.compile(r"(?i)\btotal|\bcombined\b|\baggregate|\bsum\b|\btogether\b|\ball\b"),
    "ratio": re.compile(r"(?i)ratio|\btimes\b|\bper\b|multiple|%|percent|proportion|\bshare\b"),
}


def prose_misfit(ask: Ask, m: Mention, ev: Evidence, named: Named) -> str | None:
    """Why one figure of running text does not answer a change, an average, a total or a ratio
    asked of a row the question names, in words, or None (module docstring).

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> q = "What was the change in RSUs from 2009 to 2010?"
    >>> ask = Ask(q, frozenset({2009, 2010}), "change")
    >>> cell = lambda v, y: SourceValue(Decimal(v), "S1", table=0, row="RSUs", column=str(y),
    ...     row_index=1, year=y)
    >>> text = "It resulted in a $14 million reduction of expense. RSUs cost $14 million more."
    >>> named = Named(ask, [cell(138, 2010), cell(124, 2009)], {"S2": text})
    >>> prose = lambda label, at: Evidence("direct", "exact", "", (SourceValue(Decimal(14), "S2",
    ...     label=label, span=at),), Decimal(14))
    >>> m = Mention("14", 0, 2, Decimal(14), "number", Decimal("0.5"))
    >>> prose_misfit(ask, m, prose("It resulted in a $14 million", (17, 28)), named)[-20:]
    ' one figure of prose'
    >>> prose_misfit(ask, m, prose("RSUs cost $14 million", (61, 72)), named) is None
    True
    >>> prose_misfit(ask, m, prose("RSU expense rose $14 million", None), named) is None
    True
    """
    word = _WORDS.get(ask.op or "")
    if word is None or ev.rule != "direct" or len(ev.operands) != 1 or m.value == 0:
        return None  # (a zero, "$0" for "$0.1 million", meets any small figure of the text)
    if _REASONS.search(ask.text):
        return None
    v = ev.operands[0]
    if v.table is not None or v.field is not None or v.value == 0:
        return None
    rows = named.named_rows()
    if not rows:
        return None
    label = v.label or ""
    stated = _STATED.get(ask.op or "")
    if names_change(label) if stated is None else stated.search(label):
        return None  # "revenue rose $14 million", "an average rate of 1.9%"
    # ("a $12 million reduction of expense": what follows says what the change is of)
    said = set(tokens(f"{label} {_after(named.texts.get(v.source_id, ''), v.span)}"))
    if any(required_tokens(_own_words(row)) & said for row in rows):
        return None  # the sentence names the row: it may state the figure asked
    row = min(rows)
    return f"the question asks for {word} of {row!r}; this figure is one figure of prose"


def _after(text: str, span: tuple[int, int] | None) -> str:
    """The words after a prose figure, to the end of its clause: "decrease in Blizzard in-game
    net bookings" of "a $539 million decrease in Blizzard in-game net bookings; ..."."""
    if span is None or not text:
        return ""
    rest = text[span[1] : span[1] + _AFTER]
    end = _CLAUSE_END.search(rest)
    return rest if end is None else rest[: end.start()]
