"""A figure of running text quoted for another subject than the one its source gives it.

"Marketing expense was $0.4 million. Rent expense was $0.3 million." states $0.4 million for
marketing; an answer "Rent expense was $0.4 million" names the subject of another figure. Table
cells are held to their rows (``language.rowmatch``); a prose figure has only the few words
before it (its label, back to the sentence start or the figure before). The claim is
``wrong_row`` when:

- every source value it meets is a prose figure;
- the words before it in its clause name something the sources write (content words, not the
  words of any financial sentence) and the words before another prose figure in its sentence
  hold every one of them, while those before no figure it meets do (read back to the figure
  before, years and dates passed over: "for the year ended December 31, 2019 was $5.2
  million" is of the year's net revenue when the sentence opens "Net revenue"), and the words
  before each figure it meets name something else ("Marketing expense was $0.4 million"; not
  "It was $0.4 million", nor a qualifier the answer adds: "the total ...");
- that figure is of the claim's kind, of its year when the sentence names one (the words
  after a figure it meets, up to the next figure, count as its own: "$46.4 million related
  to RSUs"), and the claim is no change
  (a change's figure is worded apart from its subject: "rose $0.4 million").

>>> from crossfoot import check
>>> p = "Marketing expense was $0.4 million in 2023. Rent expense was $0.3 million in 2023."
>>> check("Rent expense was $0.4 million in 2023.", [p]).claims[0].status
'wrong_row'
>>> check("Rent expense was $0.3 million in 2023.", [p]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from crossfoot.language.direction import clause_bounds
from crossfoot.language.order import number_year_date
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._list_lead import list_lead
from crossfoot.rules._prose_change import names_change, states_change
from crossfoot.rules._prose_subject import _source_words, content_word
from crossfoot.sources.prose_list import joins_list

__all__ = ["prose_subject_verdict"]

_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")


# How far back in its source sentence a prose figure's subject is read.
_BACK = 160
# A number of the words before a figure that is no figure of its own: a year, a day of a date.
_DATE_NUMBER = re.compile(r"(?:19|20)\d\d\b|\d{1,2}\s*,\s*(?:19|20)\d\d\b")
_NUMBER = re.compile(r"\S*\d\S*")


def _before_words(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The content words before prose figure ``v`` in its sentence, back to the figure before
    it (years and dates passed over: "Net revenue for the year ended December 31, 2019 was
    $5.2 million" names net revenue)."""
    memo: dict[tuple[str, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_other.before", {})  # type: ignore[assignment]
    assert v.span is not None
    key = (v.source_id, v.span[0])
    found = memo.get(key)
    if found is None:
        src = ctx.scope.source(v.source_id)
        text = src.text if src is not None else ""
        lo = max(0, v.span[0] - _BACK)
        ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, v.span[0])]
        lo = ends[-1] if ends else lo
        figures = [
            m
            for m in _NUMBER.finditer(text, lo, v.span[0])
            if not _DATE_NUMBER.match(text, m.start())
        ]
        hi = v.span[0]
        # a list's later figure is of the subject before its first ("45 cents in 2025 and 42
        # cents in 2024": sources.prose_list)
        while figures and joins_list(text[figures[-1].end() : hi]):
            hi = figures.pop().start()
        lo = figures[-1].end() if figures else lo
        words = tokens(text[lo:hi])
        found = memo[key] = frozenset(t for t in words if content_word(t))
    return found


def _after_words(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The content words after prose figure ``v`` up to the next figure or the sentence's end
    ("and $46.4 million related to RSUs, which ...")."""
    assert v.span is not None
    src = ctx.scope.source(v.source_id)
    text = src.text if src is not None else ""
    hi = min(len(text), v.span[1] + _BACK)
    stop = _SENTENCE_END.search(text, v.span[1], hi)
    hi = stop.start() if stop is not None else hi
    for m in _NUMBER.finditer(text, v.span[1], hi):
        if not _DATE_NUMBER.match(text, m.start()):
            hi = m.start()
            break
    return frozenset(t for t in tokens(text[v.span[1] : hi]) if content_word(t))


def _names(ctx: ClaimContext, v: SourceValue, said: frozenset[str]) -> bool:
    """Whether the words around prose figure ``v`` (before it, and after it up to the next
    figure) hold every word of ``said``."""
    return said <= _before_words(ctx, v) or said <= _before_words(ctx, v) | _after_words(ctx, v)


# Words that qualify a subject rather than name one: an answer adds them freely ("the total
# non-marketable investments" for the passage's "non-marketable investments").
_QUALIFIERS = frozenset(
    "total overall aggregate amount amounts approximately approximate roughly around nearly".split()
)


def _said(ctx: ClaimContext) -> frozenset[str]:
    """The content words before the claim in its clause that the sources write."""
    m, s = ctx.mention, ctx.sentence
    lo, _ = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    words = frozenset(t for t in tokens(ctx.text[lo : m.start]) if content_word(t)) - _QUALIFIERS
    if not words:
        words = _lead_words(ctx)
    return words & _source_words(ctx) if words else words


def _lead_words(ctx: ClaimContext) -> frozenset[str]:
    """A list line that names nothing before its figure ("- $5.7 million in 2008") takes its
    subject from the list's lead-in, the clause that ends at its colon ("the compensation
    expense for restricted stock was:")."""
    s = ctx.sentence
    lead = list_lead(ctx.text, s.start)
    if not lead:
        return frozenset()
    colon = lead.rfind(":")
    if colon > 0:
        lead = lead[:colon]
    lo, _ = clause_bounds(lead, 0, len(lead), len(lead), len(lead))
    return frozenset(t for t in tokens(lead[lo:]) if content_word(t)) - _QUALIFIERS


def _one_sentence(ctx: ClaimContext, a: SourceValue, b: SourceValue) -> bool:
    """Whether two prose figures stand in one sentence of one source: "Rent expense was $0.3
    million, compared with $0.2 million" states both of rent (the second's label names none)."""
    if a.source_id != b.source_id or a.span is None or b.span is None:
        return False
    src = ctx.scope.source(a.source_id)
    if src is None:
        return False
    lo, hi = min(a.span[0], b.span[0]), max(a.span[1], b.span[1])
    return _SENTENCE_END.search(src.text, lo, hi) is None


def _by_word(ctx: ClaimContext, index: ValueIndex) -> dict[str, list[SourceValue]]:
    """The prose figures of ``index`` by each content word before them (made once per answer:
    a claim then reads the figures of its rarest word, not every figure of its sources)."""
    out: dict[str, list[SourceValue]] = {}
    for v in index.values:
        if v.table is None and v.field is None and v.span is not None:
            for t in _before_words(ctx, v):
                out.setdefault(t, []).append(v)
    return out


# Figures of the claim's subject tried per claim (a passage of thousands of figures of one
# subject: the first of them decide).
_TRIED = 64


def _subjects(ctx: ClaimContext, said: frozenset[str], year: int | None) -> list[SourceValue]:
    """The prose figures whose words before them hold every word of ``said``, of ``year`` (or
    of none) when it is given: once per answer for each subject and year."""
    # (per scope, as the words' index it reads: a cited sentence's claim is checked over its
    # own sources, and a memo of the whole answer's handed it another scope's figures)
    memo: dict[tuple[frozenset[str], int | None], list[SourceValue]]
    memo = per_answer(ctx, "prose_other.subjects", ctx.scope.index, lambda _: {})
    found = memo.get((said, year))
    if found is None:
        by_word = per_answer(ctx, "prose_other.by_word", ctx.scope.index, partial(_by_word, ctx))
        rarest = min((by_word.get(t, ()) for t in said), key=len)
        found = memo[(said, year)] = [
            w
            for w in rarest
            if (year is None or w.year in (None, year)) and said <= _before_words(ctx, w)
        ]
    return found


def _names_other(ctx: ClaimContext, v: SourceValue, subject: frozenset[str]) -> bool:
    """Whether the words before prose figure ``v`` name something besides ``subject`` ("Marketing
    expense was $0.4 million"; "It was $0.4 million" names nothing: its subject went before)."""
    own = _before_words(ctx, v)
    if not own:  # a figure of a list ("charges of $0.7 million, $0.4 million"): the list's words
        own = _sentence_words(ctx, v)
    return bool(own - subject - _QUALIFIERS)


def _sentence_words(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The content words of prose figure ``v``'s sentence before it, over every figure."""
    assert v.span is not None
    src = ctx.scope.source(v.source_id)
    text = src.text if src is not None else ""
    lo = max(0, v.span[0] - _BACK)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, v.span[0])]
    lo = ends[-1] if ends else lo
    return frozenset(t for t in tokens(text[lo : v.span[0]]) if content_word(t))


def prose_subject_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the claim is a prose figure of another subject (module docstring)."""
    if not matches or any(
        sv.table is not None or sv.field is not None or sv.span is None for sv in matches
    ):
        return None
    said = _said(ctx)
    if not said or any(_names(ctx, sv, said) for sv in matches):
        return None
    s = ctx.sentence
    if names_change(ctx.text[s.start : s.end]) or any(states_change(sv) for sv in matches):
        return None
    year, _ = number_year_date(ctx.text, s.start, s.end, ctx.mentions, ctx.position)
    if not all(_names_other(ctx, sv, said) for sv in matches):
        return None  # a figure it meets names nothing else ("It was $0.4 million")
    m = ctx.mention
    for w in _subjects(ctx, said, year)[:_TRIED]:
        if w.value == m.value or w.kind != m.kind:
            continue
        if (m.kind == "money" or m.currency is not None) and w.currency is None:
            if w.kind != "money":
                continue  # another figure of the subject is of the claim's kind ("2.69 years")
        if not any(_one_sentence(ctx, w, sv) for sv in matches) and all(
            _names_other(ctx, sv, said | _before_words(ctx, w)) for sv in matches
        ):
            sv = matches[0]
            why = (
                f"the sentence names {' '.join(sorted(said))}, the subject of "
                f"{(w.label or '').strip()!r}; the source states this figure for "
                f"{(sv.label or '').strip()!r}"
            )
            return Verdict("wrong_row", Evidence("rows", "wrong_row", why, (sv,), sv.value), why)
    return None
