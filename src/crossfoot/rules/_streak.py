"""A run of moves of one named row: "South's sales fell for two straight years", "North grew for
the third consecutive year in 2023", "Revenue has risen three years in a row".

No figure says it, so no number rule sees it. A sentence that names one row of a table, a
movement verb (``language.trends``) and a run of N years ("for two straight / consecutive years",
"N years in a row", "N years running"; "for the Nth straight year") says the row's last N steps
up to the year it names (or the table's last year) each moved that way. The verb becomes a
claim: ``derived`` when they did, ``contradicted`` naming the step that did not. A negated
sentence, several rows, and a row with fewer than N steps are left alone.

>>> from crossfoot import check
>>> t = ('[["Region", "2021", "2022", "2023"], ["North", "3,900", "4,210", "4,637"],'
...      ' ["South", "3,500", "3,200", "2,860"]]')
>>> check("South's sales fell for two straight years.", [t]).passed
True
>>> check("North's sales fell for two straight years.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.trends import MOVED
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import named_rows, word_mention

__all__ = ["may_streak", "streak"]

# "two straight years", "the third consecutive year", "3 years in a row", "the 2nd straight year"
_COUNTS = {
    word: n
    for words in ("two three four five", "second third fourth fifth", "2 3 4 5", "2nd 3rd 4th 5th")
    for word, n in zip(words.split(), range(2, 6), strict=True)
}
_RUN = re.compile(
    r"(?i)\b(?:for\s+(?:the\s+)?)?(?P<n>two|three|four|five|second|third|fourth|fifth|[2-5]|"
    r"2nd|3rd|4th|5th)\s+(?:(?:straight|consecutive|successive)\s+years?|years?\s+in\s+a\s+row|"
    r"years?\s+running)\b"
)
_VERB = MOVED
_NOT = re.compile(r"(?i)\b(?:not|never)\b|n't\b")  # ("hasn't": no \b before its "n")
_GATES = ("straight", "consecutive", "successive", "in a row", "running")


def may_streak(low: str) -> bool:
    """A cheap gate: whether ``low`` (lower case) may word a run of years."""
    return any(g in low for g in _GATES)


def streak(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of the sentence's run of moves of one named row, if it holds one."""
    sentence = text[s.start : s.end]
    run, verb = _RUN.search(sentence), _VERB.search(sentence)
    if run is None or verb is None or _NOT.search(sentence, 0, verb.start()):
        return []
    rows = named_rows(sentence[: verb.start()], values)
    if len(rows) != 1:
        return []
    (by_year,) = rows.values()
    n = _COUNTS[run.group("n").lower()]
    named = [int(y) for y in YEAR.findall(sentence)]
    years = sorted(by_year)
    last = named[-1] if named else years[-1]
    if last not in by_year or len(named) > 1:
        return []
    span = [y for y in years if y <= last][-(n + 1) :]
    if len(span) != n + 1 or span[-1] - span[0] != n:
        return []  # (a run of N years is N steps over N + 1 years in a row)
    up = verb.group("up") is not None
    word = verb.group(0)
    start = s.start + verb.start()
    cells = [by_year[y] for y in span]
    mention = word_mention(word, start, n)
    steps = " -> ".join(f"{y}: {format_decimal(v.value)}" for y, v in zip(span, cells, strict=True))
    ev = Evidence("trend", "movement", f"{cells[0].row}: {steps}", tuple(cells))
    for i in range(n):
        (ya, a), (yb, b) = (span[i], cells[i]), (span[i + 1], cells[i + 1])
        if (b.value > a.value) != up or b.value == a.value:
            went = "rose" if b.value > a.value else "fell" if b.value < a.value else "held"
            message = (
                f'"{word}" says {a.row} moved so for {n} years running, but it {went} from '
                f"{format_decimal(a.value)} in {ya} to {format_decimal(b.value)} in {yb}"
            )
            return [Claim(mention, s, "contradicted", ev, message)]
    return [Claim(mention, s, "derived", ev)]
