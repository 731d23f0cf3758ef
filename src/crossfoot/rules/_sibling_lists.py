"""A figure of one list of a parallel "respectively" sentence, claimed for another list's subject.

A passage often states several subjects' figures in one sentence, one list each: "revenue from
sales into China accounted for 53%, 57% and 51% ...; revenue from sales into Taiwan accounted
for 13%, 9% and 13% ...; and revenue from sales into the United States accounted for 11%, 12%
and 14% ..., respectively". A figure of the United States' list met "the revenue from sales
into Taiwan in 2019 is 11%", though the claim names Taiwan, whose list is a sibling of the one
the value sits in. Now such a prose value is not the claim's when the claim's clause names a
word only a sibling list's subject has and none only the value's own list's subject has; when
every match is such a value the claim is ``wrong_row``.

Only lists cut by semicolons in one sentence that says "respectively" are read: their subjects
are the words of each list before its first figure. Whenever the words cannot tell (the claim
names no subject's own word, or both), the value stays the claim's.

>>> src = ("Sales into Chile accounted for 21%, 18% of revenue; and sales into Peru accounted "
...        "for 12%, 9% of revenue in 2025 and 2024, respectively.")
>>> sibling_subject(src, src.index("12%"), "sales into Chile in 2025 were ")
'chile'
>>> sibling_subject(src, src.index("12%"), "sales into Peru in 2025 were ") is None
True
"""

from __future__ import annotations

import re

from crossfoot.language.direction import clause_bounds
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["sibling_lists", "sibling_subject"]

_FIGURE = re.compile(r"[$€£¥]?\s?\(?\d")
_REACH = 600  # characters of the source read on either side of the value for its sentence


def _sentence(text: str, a: int) -> tuple[int, int]:
    lo = text.rfind(". ", max(0, a - _REACH), a)
    lo = max(0, a - _REACH) if lo < 0 else lo + 2
    hi = text.find(". ", a, a + _REACH)
    return lo, min(len(text), a + _REACH) if hi < 0 else hi


def _subjects(text: str, lo: int, hi: int) -> list[tuple[int, int, frozenset[str]]]:
    """Each semicolon-cut list of ``text[lo:hi]`` as (start, end, its subject's tokens)."""
    out: list[tuple[int, int, frozenset[str]]] = []
    start = lo
    while start < hi:
        end = text.find(";", start, hi)
        end = hi if end < 0 else end
        first = _FIGURE.search(text, start, end)
        if first is not None:
            out.append((start, end, frozenset(tokens(text[start : first.start()]))))
        start = end + 1
    return out


def sibling_subject(text: str, at: int, said: str) -> str | None:
    """The word of a sibling list's subject that ``said`` (the claim's words before its figure)
    names, when the value at ``at`` of source ``text`` sits in a list of a parallel "respectively"
    sentence whose own subject ``said`` does not name by any word of its own; else None."""
    lo, hi = _sentence(text, at)
    if text.find(";", lo, hi) < 0 or "respectively" not in text[lo:hi].lower():
        return None
    lists = _subjects(text, lo, hi)
    if len(lists) < 2:
        return None
    own = next((s for a, b, s in lists if a <= at < b), None)
    if own is None:
        return None
    words = set(tokens(said))
    others = [s for a, b, s in lists if not a <= at < b]
    if words & (own - frozenset().union(*others)):
        return None  # the claim names the value's own subject
    for sibling in others:
        named = words & (sibling - own)
        if named:
            return min(named)
    return None


_Match = tuple[SourceValue, bool, str]


def sibling_lists(ctx: ClaimContext, matches: list[_Match]) -> tuple[list[_Match], Verdict | None]:
    """The direct matches without the prose values of a sibling list's subject (module
    docstring); ``wrong_row`` when that leaves none."""
    if all(sv.span is None for sv, _, _ in matches):
        return matches, None
    m, s = ctx.mention, ctx.sentence
    lo, _ = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    said = ctx.text[lo : m.start]
    kept: list[_Match] = []
    dropped: list[tuple[SourceValue, str]] = []
    for match in matches:
        sv = match[0]
        src = ctx.scope.source(sv.source_id) if sv.span is not None else None
        word = sibling_subject(src.text, sv.span[0], said) if src and sv.span else None
        if word is None:
            kept.append(match)
        else:
            dropped.append((sv, word))
    if kept or not dropped:
        return kept, None
    sv, word = dropped[0]
    formula = (
        f"value is {sv.describe()}, of a list whose subject the sentence does not name; it names"
        f" {word}, the subject of another list of that sentence"
    )
    ev = Evidence("rows", "wrong_row", formula, (sv,), sv.value)
    return [], Verdict("wrong_row", ev, formula)
