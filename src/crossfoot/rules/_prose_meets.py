"""A figure of running text met directly only when its own words meet the claim's sentence.

A table cell is held to its row and column (``language.rowmatch``); a prose figure has only the
words of its sentence. A passage of many figures at one or two significant digits ("$0.6
million", "$0.7 million", "$0.1 million") holds, by chance, a figure equal to almost any
changed one. So when every source value a claim meets directly is a prose figure, and the
claim's own sentence names something the sources write (content words; dates, "total" and an
answer's working left out; a word meets another of its first six letters: "reclassified",
"reclassification"), at least one of those figures' own words must share one with it: the words
of its source sentence, or of the parenthetical aside that holds it ("(net of tax provisions
of approximately $0.7 million)" is about tax provisions, not about the gains the sentence
around it states). A sentence that names nothing the sources write ("- 2012: $0.6 million",
"The answer is 0.6."), and a figure whose sentence names nothing, are let be. The claim is then
left to the other rules (a derivation, else unsupported): the direct match's wrong-row,
direction and sign verdicts are read first.

>>> from crossfoot import check
>>> p = ("Unrealized gains on the swaps were $4.8 million (net of tax provisions of approximately "
...      "$0.7 million), recorded in other comprehensive income.")
>>> check("The swap gains recorded in other comprehensive income were $0.7 million.", [p]).passed
False
>>> check("The tax provisions on the swap gains were $0.7 million.", [p]).passed
True
"""

from __future__ import annotations

import re

from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Source, SourceValue
from crossfoot.rules._prose_subject import _source_words, content_word

__all__ = ["prose_met"]

Match = tuple[SourceValue, bool, str]

# How far back in its source sentence a prose figure's own words are read.
_BACK = 240
_SENTENCE_END = re.compile(r"[.;!?]\s")
# Words of a date or a period ("the years ended December 31"), and of an answer's own working
# ("to determine the total, we sum the amounts"): two sentences of one filing share them
# whatever their figures are about.
_DATED = frozenset(
    """january february march april june july august september october november december year
    ended ending ends fiscal during determine calculate calculated amount amounts total totals
    specified stated figure figures company""".split()
)
_STEM = 6  # a word meets another of the same first six letters ("reclassified", "reclassification")


def prose_met(ctx: ClaimContext, matches: list[Match]) -> list[Match]:
    """``matches`` without the prose figures whose own words share none with what the claim's
    sentence names, when every match is a prose figure (else ``matches`` itself, unchanged)."""
    for sv, _, _ in matches:
        if sv.span is None or sv.table is not None or sv.field is not None:
            return matches
    said = _said(ctx)
    if said:  # (the claim's own words, "5 percentage points", name no subject)
        said -= frozenset(tokens(ctx.mention.text))
    if not said:
        return matches
    met = [x for x in matches if not (own := _own(ctx, x[0])) or _meet(own, said)]
    return matches if len(met) == len(matches) else met


def _meet(own: frozenset[str], said: frozenset[str]) -> bool:
    if own & said:
        return True
    stems = {w[:_STEM] for w in said if len(w) >= _STEM}
    return any(w[:_STEM] in stems for w in own if len(w) >= _STEM)


def _said(ctx: ClaimContext) -> frozenset[str]:
    """The content words of the claim's own sentence that the scope's sources write."""
    memo: dict[tuple[int, int, tuple[str, ...]], frozenset[str]]
    memo = ctx.shared.setdefault("prose_meets.said", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end, tuple(s.id for s in ctx.scope.sources))
    found = memo.get(key)
    if found is None:
        text = ctx.text[ctx.sentence.start : ctx.sentence.end]
        words = frozenset(t for t in tokens(text) if content_word(t) and t not in _DATED)
        if words:
            have = _source_words(ctx)
            stems = _stems(ctx, have)
            words = frozenset(w for w in words if w in have or w[:_STEM] in stems)
        found = memo[key] = words
    return found


def _stems(ctx: ClaimContext, have: frozenset[str]) -> frozenset[str]:
    """The first :data:`_STEM` letters of the scope's source words (memo per scope)."""
    memo: dict[tuple[str, ...], frozenset[str]]
    memo = ctx.shared.setdefault("prose_meets.stems", {})  # type: ignore[assignment]
    ids = tuple(s.id for s in ctx.scope.sources)
    found = memo.get(ids)
    if found is None:
        found = memo[ids] = frozenset(w[:_STEM] for w in have if len(w) >= _STEM)
    return found


def _own(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The content words of prose figure ``v``'s clause (memo per source and span)."""
    assert v.span is not None
    memo: dict[tuple[str, int, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_meets.own", {})  # type: ignore[assignment]
    key = (v.source_id, v.span[0], v.span[1])
    found = memo.get(key)
    if found is None:
        src = ctx.scope.source(v.source_id)
        found = memo[key] = _figure_words(src, v) if src is not None else frozenset()
    return found


def _opening(text: str) -> int:
    """Where the last unclosed "(" of ``text`` stands, or -1."""
    depth = 0
    for k in range(len(text) - 1, -1, -1):
        ch = text[k]
        if ch == ")":
            depth += 1
        elif ch == "(":
            if depth == 0:
                return k
            depth -= 1
    return -1


def _closing(text: str) -> int:
    """Where the first ")" of ``text`` that closes nothing opened in it stands (its length when
    there is none)."""
    depth = 0
    for k, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return k
            depth -= 1
    return len(text)


def _figure_words(src: Source, v: SourceValue) -> frozenset[str]:
    """The content words of prose figure ``v``'s source sentence (:data:`_BACK` characters
    either side at most), or of the parenthetical aside that holds it."""
    assert v.span is not None
    start, text = v.span[0], src.text
    before = text[max(0, start - _BACK) : start]
    ends = [m.end() for m in _SENTENCE_END.finditer(before)]
    if ends:
        before = before[ends[-1] :]
    after = text[v.span[1] : v.span[1] + _BACK]
    stop = _SENTENCE_END.search(after)
    if stop is not None:
        after = after[: stop.start()]
    opened = _opening(before)
    if opened >= 0:
        # a figure of a parenthetical aside ("(net of tax provisions of $0.7 million, ...)")
        # is about the aside's words, not the sentence's around it
        before = before[opened:]
        after = after[: _closing(after)]
    words = {t for t in tokens(before + " " + after) if content_word(t) and t not in _DATED}
    return frozenset(words)
