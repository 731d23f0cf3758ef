"""A move said of every one of a count of periods: "Revenue rose in all three quarters after Q1",
"Signups fell in each of the last four months", "Orders grew for three straight months".

The count and the direction are both claims of the data. The count word was read as a count of
the periods the data or the sentence names (``rules.counts.word_count``: "three" of "all three
quarters" against the four quarters of a table, or the one quarter the sentence names), so a
true sentence failed and a wrong direction passed; a count in digits or of months was no claim.

Here the count becomes the claim, over the series of the column the sentence names
(``rules._period_trend``: a result set by month or quarter, or a table's row along its quarter or
month columns; years down a table's rows): the last N steps of the series (up to the last period
the sentence names; to the one before it after "before falling in April") must each move the way
the verb says. "The last N months" counts N steps, or the N periods of the whole line when the
series holds exactly N; "all N quarters" (no "last") the steps or the periods of the whole line. A
count past the periods the data holds is ``contradicted``, as is a step that moved the other way
(named in the message); a negated verb, "the first N" (which periods is unclear), several series
and a count of fewer periods than the line that no "last" places are left alone.

>>> from crossfoot import check
>>> t = '[["Quarter", "Revenue"], ["Q1 2024", "1,000"], ["Q2 2024", "1,100"], ["Q3 2024", "1,250"]]'
>>> [c.status for c in check("Revenue rose in each of the last two quarters.", [t]).claims]
['derived']
>>> [c.status for c in check("Revenue fell in each of the last two quarters.", [t]).claims]
['contradicted']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.each_periods import says_each_period
from crossfoot.language.trends import MOVED, wrong_step
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules._period_trend import period_series, row_periods

__all__ = ["each_period", "may_each"]

_UNITS = ("month", "quarter", "year")
_AFTER = re.compile(
    r"\s+(?:(?P<run>straight|consecutive|successive)\s+)?(?P<unit>month|quarter|year)s?\b"
    r"(?P<row>\s+in\s+a\s+row|\s+running)?",
    re.IGNORECASE,
)
# Between the verb and the count: "in each of the last", "for all", "in all of the past", "for
# the past" (with "straight" after the count), "over every one of the".
_BEFORE = re.compile(
    r"\s+(?:\w+\s+){0,2}?(?:in|for|over|during|across)\s+(?P<all>(?:all|each|every\s+one)"
    r"(?:\s+of)?\s+)?(?:the\s+)?(?:(?P<which>last|past|latest|previous|prior|first)\s+)?$",
    re.IGNORECASE,
)
_NOT = re.compile(r"(?i)\b(?:not|never)\b|n't\b")  # ("hasn't": no \b before its "n")
# The run ends before the period the sentence names last: "... before falling in April",
# "... before a dip in Q4", "... until a decline in 2024".
_BEFORE_END = re.compile(
    r"(?i)\b(?:before|until)\s+(?:a\s+|an\s+|the\s+)?(?:\w+\s+){0,2}?(?:in|during)\s+\S"
)


def may_each(low: str) -> bool:
    """A cheap gate: whether ``low`` (lower case) may say a move of each of N periods."""
    return ("month" in low or "quarter" in low or "year" in low) and (
        "each" in low
        or "all " in low
        or "every one" in low
        or "straight" in low
        or "consecutive" in low
        or "successive" in low
        or "in a row" in low
        or "running" in low
    )  # (the cues of language.each_periods._CUES)


def each_period(
    text: str,
    sentences: Sequence[Sentence],
    mentions: Sequence[Mention],
    claims: list[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """The claims, with each count of a move in every one of N periods judged (module
    docstring); the count's claim replaces what another reading made of it."""
    if not may_each(text.lower()):
        return claims
    at = {(c.mention.start, c.mention.end): i for i, c in enumerate(claims)}
    out, added = list(claims), []
    said: dict[int, bool] = {}  # (each sentence's reading, once)
    for m in mentions:
        if m.kind != "number" or m.value != int(m.value) or not 2 <= m.value <= 24:
            continue
        s = next((x for x in sentences if x.start <= m.start < x.end), None)
        if s is None or _AFTER.match(text, m.end, s.end) is None:
            continue
        # (what trace keeps every row for: language.each_periods, one reading of the shapes)
        if s.start not in said:
            said[s.start] = says_each_period(text[s.start : s.end])
        if not said[s.start]:
            continue
        got = _judged(text, m, s)
        claim = _claim(text, m, s, values, *got) if got is not None else None
        if claim is None:
            continue
        i = at.get((m.start, m.end))
        if i is None:
            added.append(claim)
        else:
            out[i] = claim
    return sorted([*out, *added], key=lambda c: c.mention.start) if added else out


def _judged(text: str, m: Mention, s: Sentence) -> tuple[str, bool, str, bool] | None:
    """``(unit, up, verb, last)`` of a count that says a move in each of N periods, or None."""
    after = _AFTER.match(text, m.end, s.end)
    if after is None:
        return None
    verb = None
    for hit in MOVED.finditer(text, s.start, m.start):
        verb = hit
    if verb is None or _NOT.search(text, s.start, verb.start()):
        return None
    before = _BEFORE.search(text, verb.end(), m.start)
    if before is None:
        return None
    which = (before.group("which") or "").lower()
    each = before.group("all") is not None or after.group("run") or after.group("row")
    if not each or which == "first":
        return None
    last = bool(which) or not before.group("all")  # ("for three straight months": the latest)
    return after.group("unit").lower(), verb.group("up") is not None, verb.group(0), last


def _claim(
    text: str,
    m: Mention,
    s: Sentence,
    values: Sequence[SourceValue],
    unit: str,
    up: bool,
    verb: str,
    last: bool,
) -> Claim | None:
    """The count's claim over the sentence's series (module docstring), or None."""
    sentence = text[s.start : s.end]
    cells = period_series(sentence, unit, values)
    if cells is None and unit != "year":
        cells = row_periods(sentence, unit, values)
    if cells is not None and _BEFORE_END.search(text, m.end, s.end):
        cells = cells[:-1]  # "grew for two straight months before falling in April": to March
    if cells is None or len(cells) < 2:
        return None
    n, held = int(m.value), len(cells)
    across = len({c.col_index for c in cells}) > 1  # (the periods run along a row's columns)
    series = " -> ".join(f"{_name(c, across)} {format_decimal(c.value)}" for c in cells)
    series = f"{(cells[0].row if across else cells[0].column) or ''}: {series}"
    ev = Evidence("trend", "movement", series, tuple(cells))
    if n > held:
        why = f"{m.text} counts {unit}s, but the data holds {held} {unit}s"
        return Claim(m, s, "contradicted", ev, why)
    if n == held or n == held - 1 or (last and n < held):
        steps = cells[-(n + 1) :] if n < held else cells
    else:
        return None  # ("rose in all three months" of a longer line: which three is unclear)
    wrong = wrong_step([c.value for c in steps], up)
    if wrong is None:
        return Claim(m, s, "derived", ev)
    i, went = wrong
    a, b = steps[i], steps[i + 1]
    why = (
        f'"{verb}" in each of {m.text} {unit}s, but it {went} from '
        f"{format_decimal(a.value)} to {format_decimal(b.value)} "
        f"({_name(a, across)} to {_name(b, across)})"
    )
    return Claim(m, s, "contradicted", ev, why)


def _name(v: SourceValue, across: bool) -> str:
    """A cell's period as the message names it: its column (periods along a row) or its row."""
    return str((v.column if across else v.row) or "")
