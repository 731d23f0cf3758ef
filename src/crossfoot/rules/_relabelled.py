"""A figure the answer wrote before, restated under another figure's label, is no restatement.

An answer that has written "Interest expense was $5.2 million" may write the same digits again
later. Read as a figure of running text, the second one is met by the passage's $5.2 million
whenever the claim's sentence shares a word with that figure's source sentence
(``rules._prose_meets``); and a source sentence that lists several figures ("Interest expense was
$5.2 million, while tax expense was $4.1 million") shares the words of all of them. So when:

- the claim's figure equals one the answer wrote before, whose own clause (the words before it,
  back to the previous figure or the sentence's start, years aside) meets the prose figure's own
  clause in its source (the prose reader's label of it): the answer itself said what it is; and
- the claim's own clause names a word that the source sentence gives to another of its figures
  (a word of that sentence outside the figure's clause), which neither the figure's clause nor
  the earlier clause holds ("Tax expense was $5.2 million", "so the total is 4.2 million" where
  the source's total is another figure),

the prose figure does not meet the claim directly: the answer restates an earlier figure as
another quantity. The claim is left to the other rules (a derivation, else ``unsupported``). A
figure whose clause names nothing ("- **2012**: $0.7 million", "This $5.2 million"), or only
words of the figure's own clause, is let be.

>>> from crossfoot import check
>>> p = "Interest expense was $5.2 million in 2019, while tax expense was $4.1 million."
>>> check("Interest expense was $5.2 million. Tax expense was $5.2 million.", [p]).passed
False
>>> a = "Interest expense was $5.2 million. Interest expense in 2019 was $5.2 million."
>>> check(a, [p]).passed
True
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, mentions_between
from crossfoot.model.types import Claim, Mention, Source, SourceValue
from crossfoot.rules._prose_subject import _GENERIC

__all__ = ["relabelled", "relabels"]

Match = tuple[SourceValue, bool, str]

_BACK = 160  # how far back a figure's own clause is read (characters)
_AFTER = 80  # how far after it the claim's own words are read
_SENTENCE = 240  # how far either side its source sentence is read
_SENTENCE_END = re.compile(r"[.;!?]\s|\n")
# In an answer, also a period right before a capital ("agreement.Therefore"): PDF-made text.
_ANSWER_END = re.compile(r"[.;!?](?:\s|(?=[A-Z*]))|\n")
# Where a claim's own clause starts: a sentence's end, a comma, a joining word (not a colon:
# "- Tax expense: $5.2 million" is labelled by the words before it).
_JOINS = r"\b(?:and|while|whereas|but|so|thus|hence|therefore)\b"
_JOINED = re.compile(rf"(?i){_ANSWER_END.pattern}|[,;(]|{_JOINS}")
# Where the words after a figure stop being its own: a sentence end, a comma, a joining word.
_CLAUSE_END = re.compile(rf"(?i){_ANSWER_END.pattern}|[,;:(]|{_JOINS}")
_STEM = 6
# Words of an answer's working and of conclusions: no label of a figure ("may": a modal verb
# or the month of a date, "on May 27, 2018": neither says what a figure is).
_WORKING = _GENERIC | frozenset(
    """so thus therefore hence answer final explanation figure amount amounts stated specified
    company year years fiscal ended ending which while whereas may""".split()
)


def relabelled(ctx: ClaimContext, matches: list[Match]) -> list[Match]:
    """``matches`` without the prose figures the claim restates under another figure's label
    (``matches`` itself when none is dropped)."""
    m = ctx.mention
    if m.kind == "year" or not any(_prose(x[0]) for x in matches):
        return matches
    earlier = _earlier_same(ctx, m)
    if not earlier:
        return matches
    said = _said(ctx, m)
    if not said[1]:
        return matches
    theirs = [_answer_clause(ctx, e) | _answer_after(ctx, e) for e in earlier]
    kept = [x for x in matches if not _other_label(ctx, x[0], said, theirs)]
    return matches if len(kept) == len(matches) else kept


def relabels(ctx: ClaimContext, g: Claim) -> bool:
    """Whether the claim, restating the answer's grounded figure ``g`` (of one prose figure),
    names it as another figure of that figure's source sentence (``rules._steps_restate``)."""
    ev = g.evidence
    if ev is None or len(ev.operands) != 1 or not _prose(ev.operands[0]):
        return False
    said = _said(ctx, ctx.mention)
    if not said[1]:
        return False
    theirs = _answer_clause(ctx, g.mention) | _answer_after(ctx, g.mention)
    return _other_label(ctx, ev.operands[0], said, [theirs])


def _said(ctx: ClaimContext, m: Mention) -> tuple[frozenset[str], frozenset[str]]:
    """(the words of the claim's own clause and after it: what names the figure itself; the
    words before it back to the previous figure: what may name another)."""
    named = _answer_clause(ctx, m, own_clause=True) | _answer_after(ctx, m)
    return named, _answer_clause(ctx, m)


def _prose(sv: SourceValue) -> bool:
    return sv.span is not None and sv.table is None and sv.field is None


def _other_label(
    ctx: ClaimContext,
    sv: SourceValue,
    said: tuple[frozenset[str], frozenset[str]],
    theirs: list[frozenset[str]],
) -> bool:
    if not _prose(sv):
        return False
    own, rest, listed = _source_clause(ctx, sv)
    if not own:
        return False
    named, before = said
    if not listed and any(_meets(w, named) for w in own if not _meets(w, rest)):
        # the claim names what only this figure's clause says ("interest"); in a list read
        # "respectively" the words before a figure name every figure of the list
        return False
    other = {w for w in before if not _meets(w, own) and _meets(w, rest)}
    return any(_any_meets(t, own) and not any(_meets(w, t) for w in other) for t in theirs if other)


def _meets(word: str, words: frozenset[str] | set[str]) -> bool:
    if word in words:
        return True
    if len(word) < _STEM:
        return False
    stem = word[:_STEM]
    return any(len(w) >= _STEM and w[:_STEM] == stem for w in words)


def _any_meets(a: frozenset[str], b: frozenset[str]) -> bool:
    return any(_meets(w, b) for w in a)


def _words(text: str) -> frozenset[str]:
    return frozenset(
        t for t in tokens(text) if len(t) >= 3 and not t[0].isdigit() and t not in _WORKING
    )


def _earlier_same(ctx: ClaimContext, m: Mention) -> list[Mention]:
    """The answer's mentions before ``m`` of its value and kind (a per-answer index)."""
    key = "relabelled.values"
    cached = ctx.shared.get(key)
    if not (isinstance(cached, tuple) and cached[0] is ctx.mentions):
        index: dict[tuple[Decimal, str], list[Mention]] = {}
        for x in ctx.mentions:
            if x.kind != "year":
                index.setdefault((x.value, x.kind), []).append(x)
        cached = (ctx.mentions, index)
        ctx.shared[key] = cached
    same: list[Mention] = cached[1].get((m.value, m.kind), [])
    return [x for x in same if x.end <= m.start]


def _answer_clause(ctx: ClaimContext, m: Mention, own_clause: bool = False) -> frozenset[str]:
    """The label words of answer figure ``m``: the words before it back to the previous
    figure (years aside), the sentence's end or a line break, at most :data:`_BACK` characters;
    ``own_clause``: only those after the last comma or joining word ("Compared with tax
    expense, interest expense was", "..., so the total is")."""
    text = ctx.text
    lo = max(0, m.start - _BACK)
    for x in reversed(mentions_between(ctx, lo, m.start)):
        if x.kind != "year" and x.end <= m.start:
            lo = max(lo, x.end)
            break
    piece = text[lo : m.start]
    ends = [e.end() for e in (_JOINED if own_clause else _ANSWER_END).finditer(piece)]
    if ends:
        piece = piece[ends[-1] :]
    return _words(piece)


def _answer_after(ctx: ClaimContext, m: Mention) -> frozenset[str]:
    """The words after answer figure ``m`` up to the next figure (years aside), the end of its
    clause (a comma, "and", "so", a sentence's end), at most :data:`_AFTER` characters ("$30
    million came from products")."""
    hi = min(len(ctx.text), m.end + _AFTER)
    for x in mentions_between(ctx, m.end, hi):
        if x.kind != "year":
            hi = x.start
            break
    piece = ctx.text[m.end : hi]
    stop = _CLAUSE_END.search(piece)
    return _words(piece[: stop.start()] if stop is not None else piece)


_YEAR = re.compile(r"(?:19|20)\d\d$")
_NUMBER = re.compile(r"\d[\d,.]*")
# Between a range's low end and the figure: a unit word or two and "to", "and", "through", a dash.
_RANGE_TAIL = re.compile(r"(?i)\s*(?:%|[a-z]+(?:\s+[a-z]+)?)?\s*(?:to|through|and|-|–)\s*\$?\s*\Z")


def _source_clause(
    ctx: ClaimContext, sv: SourceValue
) -> tuple[frozenset[str], frozenset[str], bool]:
    """(the label words of prose figure ``sv``: the words before it back to the previous
    figure other than a year or its sentence's start; the words of the rest of its sentence,
    the other figures' labels; whether it reads a list "respectively"), memo per source and
    span."""
    assert sv.span is not None
    memo: dict[tuple[str, int, int], tuple[frozenset[str], frozenset[str], bool]]
    memo = ctx.shared.setdefault("relabelled.source", {})  # type: ignore[assignment]
    key = (sv.source_id, sv.span[0], sv.span[1])
    found = memo.get(key)
    if found is None:
        # (a source outside this scope is not remembered as empty: a claim citing other sources
        # reads the same memo, and its scope may hold it)
        src = ctx.scope.source(sv.source_id)
        if src is None:
            return _NOTHING
        found = memo[key] = _read(src, sv.span)
    return found


_NOTHING: tuple[frozenset[str], frozenset[str], bool] = (frozenset(), frozenset(), False)


def _read(src: Source, span: tuple[int, int]) -> tuple[frozenset[str], frozenset[str], bool]:
    text = src.text
    start, end = span
    before = text[max(0, start - _SENTENCE) : start]
    ends = [e.end() for e in _SENTENCE_END.finditer(before)]
    if ends:
        before = before[ends[-1] :]
    after = text[end : end + _SENTENCE]
    stop = _SENTENCE_END.search(after)
    if stop is not None:
        after = after[: stop.start()]
    cut = max(0, len(before) - _BACK)
    for num in reversed(list(_NUMBER.finditer(before, cut))):
        if _YEAR.match(num.group(0).rstrip(",.")):
            continue
        if _RANGE_TAIL.match(before[num.end() :]):
            continue  # "from 100 square feet to 17000": the range's low end shares its label
        cut = num.end()
        break
    listed = "respectively" in (before + after).lower()
    return _words(before[cut:]), _words(before[:cut] + " " + after), listed
