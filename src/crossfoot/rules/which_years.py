"""The years an answer names for a bar: "In which year was X less than $800 million?"

"Net cash provided by operating activities was less than 800 million in 2017." quotes the
question's bar, and the value of 2017 does lie below it, so the bar alone passes
(:mod:`crossfoot.language.question`). As the answer to "in which year(s)", the sentence claims
more: that the years it names are *the* years past the bar. When 2018's $768 million is below
800 million too, the answer leaves a year out; when a year it names is not past the bar, it names
one too many. Both are common errors of short answers over a table, and neither is caught by
grounding each figure.

The check runs when the question asks "which year(s)" / "in which period" with a bar ("less
than $800 million", "exceed 0.5 years") and no operation, and a sentence of the answer quotes the
bar, names one year or more, and states no other figure (the concluding sentence: a sentence that
also lists the values is an explanation, and its years are those of the values). The values are
those of the one row the question names (:func:`crossfoot.rules.counts.bar_values`), one per
year; the years of a fiscal column ending in January-March count for either year, matched one to
one. The bar then becomes ``contradicted`` with a message naming the year left out or the year
wrongly named and its value; anything the data cannot say (no row named, two rows, two values of
one year) leaves the claim as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.asked import WHICH_YEAR, Ask
from crossfoot.language.question import quoted_bar
from crossfoot.model.types import Claim, Mention, SourceValue, format_decimal
from crossfoot.rules._named import Named, value_years
from crossfoot.rules.counts import bar_values, question_bar

__all__ = ["asks_which_years", "one_line", "which_years", "wrong_years"]

# Words that set a year against the ones the bar is claimed for ("compared with 2017").
_CONTRAST = re.compile(
    r"(?i)\b(?:compared|versus|vs\.?|unlike|whereas|while|but|except|than|against)\b"
)


def asks_which_years(ask: Ask) -> bool:
    """Whether the question asks for the years of something, not a figure of them.

    >>> from crossfoot.language.asked import read_question
    >>> asks_which_years(read_question("In which year was revenue below $5 million?"))
    True
    >>> asks_which_years(read_question("What was the revenue in 2019?"))
    False
    """
    return ask.figure and WHICH_YEAR.search(ask.text) is not None


def which_years(
    ask: Ask,
    asked: tuple[Mention, ...],
    text: str,
    mentions: Sequence[Mention],
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """``claims`` with each quoted bar whose sentence names the wrong years ``contradicted``
    (see the module docstring).

    >>> from crossfoot import check
    >>> table = '[["", "2019", "2018", "2017"], ["Net cash", "992", "768", "526"]]'
    >>> r = check("Net cash was less than $800 in 2017.", [table],
    ...           question="In which year was net cash less than $800?")
    >>> r.claims[0].status
    'contradicted'
    """
    out = list(claims)
    if ask.op is not None or not asks_which_years(ask):
        return out
    found = question_bar(ask, asked)
    if found is None:
        return out
    bar, side = found
    line: list[SourceValue] | None = None
    for i, c in enumerate(claims):
        ev = c.evidence
        if not c.passed or ev is None or ev.rule != "question" or ev.kind != "question":
            continue
        quoted = quoted_bar(text, c.mention, asked)
        if quoted is None or quoted.side != side or quoted.asked.value != bar.value:
            continue
        years = _sentence_years(c, mentions, text)
        if not years:
            continue
        if line is None:
            line = one_line(bar_values(values, ask, bar, Named(ask, values), True))
        if not line:
            return out
        why = wrong_years(line, years, bar, side)
        if why is not None:
            out[i] = replace(c, status="contradicted", message=why)
    return out


def _sentence_years(c: Claim, mentions: Sequence[Mention], text: str) -> list[int]:
    """The years the bar's sentence names for it, when the bar is its only other figure; else
    []. A year set against them ("..., compared with 2017", "unlike 2017, ...") is not one."""
    s = c.sentence
    inside = [m for m in mentions if s.start <= m.start < s.end and m is not c.mention]
    if any(m.kind != "year" and m.start != c.mention.start for m in inside):
        return []
    lo, hi = s.start, s.end
    for cut in _CONTRAST.finditer(text, s.start, s.end):
        if cut.start() < c.mention.start:
            lo = cut.end()
        else:
            hi = min(hi, cut.start())
    return sorted({int(m.value) for m in inside if m.kind == "year" and lo <= m.start < hi})


def one_line(values: list[SourceValue]) -> list[SourceValue]:
    """The values when they are of one row (or column) and each of its own years; else []."""
    lines = {(v.source_id, v.table, v.row_index) for v in values}
    dated = [v for v in values if value_years(v)]
    if len(lines) != 1 or len(dated) < 2:
        return []
    seen = [value_years(v) for v in dated]
    if len(set(seen)) != len(seen):
        return []  # two values of one year (a $ and a % column): which one is meant is unknown
    return dated


def wrong_years(line: list[SourceValue], years: list[int], bar: Mention, side: str) -> str | None:
    """Why the years named are not the years past the bar, in words, or None when they are."""
    limit = bar.value
    if bar.kind == "percent" and all(abs(v.value) <= 1 for v in line):
        limit = bar.value / 100
    past = [v for v in line if (v.value > limit if side == ">" else v.value < limit)]
    word = "above" if side == ">" else "below"
    shown = bar.text.strip()
    for y in years:
        if any(y in value_years(v) for v in past):
            continue
        other = next((v for v in line if y in value_years(v)), None)
        if other is not None:
            return f"{y} ({format_decimal(other.value)}) is not {word} {shown}"
    if _matched(past, years) < len(past):
        left = [v for v in past if not value_years(v) & set(years)] or past
        # a fiscal year of January-March stands for two: name the value a year of its own lacks
        v = min(left, key=lambda x: max(value_years(x)) in years)
        year = "/".join(str(y) for y in sorted(value_years(v)))
        named = ", ".join(str(y) for y in years)
        return (
            f"{v.label} ({format_decimal(v.value)}) is {word} {shown} too, and the sentence "
            f"names only {named}: the question asks for every year {word} it ({year} is left out)"
        )
    return None


def _matched(past: list[SourceValue], years: list[int]) -> int:
    """The most values of ``past`` that can each take a distinct named year (a fiscal year of
    January-March stands for either year)."""
    owner: dict[int, int] = {}

    def take(i: int, seen: set[int]) -> bool:
        for y in value_years(past[i]):
            if y not in years or y in seen:
                continue
            seen.add(y)
            if y not in owner or take(owner[y], seen):
                owner[y] = i
                return True
        return False

    return sum(take(i, set()) for i in range(len(past)))
