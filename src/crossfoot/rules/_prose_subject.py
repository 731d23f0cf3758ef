"""Whether a figure of running text is about what the answer talks about.

A table cell is bound to its row and column, which the answer's words must fit (rowfocus); a
figure of prose has only the words before it in its own sentence. Two prose figures combined
into a claim (a change, a sum, a ratio) must each share a content word with the claim's
sentence, the sentence before it, or the user's question, when those name something the
sources write at all: otherwise any two figures of a long
passage that happen to differ by the claimed amount would ground it ("1,100 thousand" for the
change in furniture and equipment, from "$2.5 million" and "$1.4 million" of internal-use
software).

>>> from decimal import Decimal
>>> from crossfoot.model.types import Source, SourceValue
>>> text = "Capitalized software was $2.5 million and $1.4 million in 2019 and 2018."
>>> sv = SourceValue(Decimal(2500000), "S1", span=(25, 37))
>>> sorted(context_tokens(Source("S1", text), sv))
['capitalized', 'software']
"""

from __future__ import annotations

import re

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext
from crossfoot.model.memo import by_cells
from crossfoot.model.types import Source, SourceValue
from crossfoot.rules._subject_whole import names_subject_whole

__all__ = [
    "content_word",
    "content_words",
    "context_tokens",
    "named_whole",
    "pair_bound",
    "prose_bound",
    "prose_named",
    "sentence_tokens",
    "share_whole_named",
    "whole_named",
]

# A fiscal or calendar period written as one token: "fy2023", "fy'23", "cy24", "q3fy24", "1h23".
_PERIOD_TOKEN = re.compile(r"(?:fy|cy|q[1-4]|h[12]|[1-4]q|[12]h)(?:fy)?'?\d{2,4}")
# How far back in its source sentence a prose figure's subject is read.
_BACK = 160
_SENTENCE_END = re.compile(r"[.;!?]\s")
# Words of any financial sentence, the words of arithmetic a question asks in ("what is that
# divided by the 2009 value?"), and those an answer uses about its sources ("as mentioned in the
# context", "based on the information provided"): sharing one says nothing about the subject.
_GENERIC = frozenset(
    """million billion thousand dollar percent percentage increase decrease change compared
    approximately respectively primarily mainly due result period quarter month prior current
    related including include included other about cash what how much many answer divided
    divide sum difference ratio represent represented relation relative portion proportion
    number times less plus minus average mean growth rate then there previous following next
    same both two three first second last annual yearly time date does this that value
    context mentioned mention provided information based given according passage document
    explicitly therefore reasoning derived need find""".split()
)
# "The context states", "the table shows": an answer speaking of its sources. Its verb is no
# subject ("states" reads as the token of "Gulf States", "State taxes").
_ABOUT_SOURCES = re.compile(
    r"(?i)\b(?:the|this|that)\s+(?:context|text|table|passage|document|information|data|"
    r"source|filing|report)\s+(?:also\s+|clearly\s+|explicitly\s+)?(?:states?|says?|shows?|"
    r"mentions?|provides?|indicates?|notes?|lists?|reports?)\b"
)


def context_tokens(source: Source, v: SourceValue) -> frozenset[str]:
    """Content tokens of ``v``'s sentence of ``source`` (at most :data:`_BACK` characters on
    either side: "we operated 87 manufacturing facilities"), generic words of finance left
    out."""
    return frozenset(t for t in sentence_tokens(source.text, v.span) if content_word(t))


def sentence_tokens(text: str, span: tuple[int, int] | None) -> frozenset[str]:
    """Every token of the sentence around ``text[span]`` (within :data:`_BACK` characters on
    either side), the figure's own characters left out."""
    if span is None:
        return frozenset()
    start, end = span
    before = text[max(0, start - _BACK) : start]
    ends = [m.end() for m in _SENTENCE_END.finditer(before)]
    if ends:
        before = before[ends[-1] :]
    after = text[end : end + _BACK]
    stop = _SENTENCE_END.search(after)
    if stop is not None:
        after = after[: stop.start()]
    return frozenset(tokens(before + " " + after))


def content_words(text: str) -> frozenset[str]:
    """The content words of ``text``: what may say what a figure is about (:func:`content_word`).

    >>> sorted(content_words("and the effective tax rate was 42.2%"))
    ['effective']
    """
    return frozenset(t for t in tokens(text) if content_word(t))


def content_word(token: str) -> bool:
    """A word that may say what a figure is about: four letters or more ("does" read as "doe",
    "net", "non" say nothing), no number, not a generic word of finance or arithmetic, not a
    fiscal period ("FY2023", "Q3FY24": a date, as a year is).

    >>> content_word("revenue"), content_word("fy2023"), content_word("covid19")
    (True, False, True)
    """
    return (
        len(token) >= 4
        and not token[0].isdigit()
        and token not in _GENERIC
        and not (token[-1].isdigit() and _PERIOD_TOKEN.fullmatch(token) is not None)
    )


def _subject(ctx: ClaimContext) -> frozenset[str]:
    """The words of the claim's sentence, the one before and the question that the sources
    also write: what the answer talks about, as far as the sources can tell. Empty when it
    names nothing of theirs ("what is that divided by 100?")."""
    memo: dict[tuple[int, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_subject.focus", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    found = memo.get(key)
    if found is None:
        asked = ctx.shared.get("ask.context")  # what any turn of the question names
        text = focus_text(ctx) + (" " + asked if isinstance(asked, str) else "")
        text = _ABOUT_SOURCES.sub(" ", text)
        words = frozenset(t for t in tokens(text) if content_word(t))
        found = memo[key] = words & _source_words(ctx)
    return found


def _source_words(ctx: ClaimContext) -> frozenset[str]:
    ids = tuple(s.id for s in ctx.scope.sources)
    memo: dict[tuple[str, ...], frozenset[str]]
    memo = ctx.shared.setdefault("prose_subject.sources", {})  # type: ignore[assignment]
    found = memo.get(ids)
    if found is None:  # (the same sources' words for each answer on them: kept across answers)
        found = memo[ids] = by_cells(_SOURCE_WORDS, tuple(ctx.scope.sources), 16, _words_of)
    return found


# The words of the sources' texts by the sources themselves (frozen: their texts do not change),
# kept across answers: each answer on a document asked for them again, and a passage over
# tokens()'s memo bound (2,000 characters) was read again each time (~150 us).
_SOURCE_WORDS: dict[tuple[int, ...], tuple[object, frozenset[str]]] = {}


def _words_of(sources: tuple[Source, ...]) -> frozenset[str]:
    return frozenset(t for s in sources for t in tokens(s.text))


def pair_bound(ctx: ClaimContext, x: SourceValue, y: SourceValue, both: bool) -> bool:
    """Whether two prose figures may combine for the claim: one of them about its subject, and
    (``both``: a sum) each sharing a word with it. "Total revenue was $6.5 million" is no
    product revenue plus a marketing expense; a change may run from a figure the words name to
    one they do not ("up from $4.1 million")."""
    if both and not (_shares(ctx, x) and _shares(ctx, y)):
        return False
    return prose_bound(ctx, x) or prose_bound(ctx, y)


def _shares(ctx: ClaimContext, v: SourceValue) -> bool:
    """Whether the words before prose figure ``v`` share a content word with the claim's subject
    (the weak half of :func:`prose_bound`: "Cloud infrastructure costs include $9.5 million"
    for "hosting fees and support contract costs")."""
    if v.span is None or v.table is not None:
        return True
    subject = _subject(ctx)
    return not subject or bool(_own(ctx, v) & subject)


def prose_bound(ctx: ClaimContext, v: SourceValue) -> bool:
    """Whether the words before prose figure ``v`` share a content word with what the claim's
    sentence, the one before it, or the question name of the sources (True for a figure that
    is not prose, or when they name nothing the sources write)."""
    if v.span is None or v.table is not None:
        return True
    subject = _subject(ctx)
    if not subject:
        return True
    own = _own(ctx, v)
    if not own & subject:
        return False
    # Named as fully as any prose figure in scope, by the answer's own words: "rent expense" is
    # not the subject of a sentence about "utilities expense" when another sentence names rent
    # expense itself. (The question's turns are left out here: they name more than the ask.)
    said = _said(ctx)
    return len(own & said) >= _best(ctx, said)


def _said(ctx: ClaimContext) -> frozenset[str]:
    """The subject words of the claim's own sentence and the one before (no question)."""
    memo: dict[tuple[int, int, tuple[str, ...]], frozenset[str]]
    memo = ctx.shared.setdefault("prose_subject.said", {})  # type: ignore[assignment]
    # (kept to the sources' words: keyed by the scope's sources too, as a sentence is judged
    # again over other records, engine._elsewhere)
    key = (ctx.sentence.start, ctx.sentence.end, tuple(s.id for s in ctx.scope.sources))
    found = memo.get(key)
    if found is None:
        text = _ABOUT_SOURCES.sub(" ", focus_text(ctx))
        words = frozenset(t for t in tokens(text) if content_word(t))
        found = memo[key] = words & _source_words(ctx)
    return found


def _own(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    assert v.span is not None
    memo: dict[tuple[str, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_subject.context", {})  # type: ignore[assignment]
    key = (v.source_id, v.span[0])
    own = memo.get(key)
    if own is None:
        src = ctx.scope.source(v.source_id)
        own = memo[key] = context_tokens(src, v) if src is not None else frozenset()
    return own


def _best(ctx: ClaimContext, subject: frozenset[str]) -> int:
    """The most subject words any prose figure's own sentence in scope shares."""
    memo: dict[tuple[frozenset[str], tuple[str, ...]], int]
    memo = ctx.shared.setdefault("prose_subject.best", {})  # type: ignore[assignment]
    key = (subject, tuple(s.id for s in ctx.scope.sources))  # (over the scope's prose figures)
    best = memo.get(key)
    if best is None:
        best = max(
            (
                len(_own(ctx, w) & subject)
                for w in ctx.scope.values()
                if w.span is not None and w.table is None
            ),
            default=0,
        )
        memo[key] = best
    return best


def prose_named(ctx: ClaimContext, v: SourceValue) -> bool:
    """Whether prose figure ``v`` is named by what the claim's sentence, the one before it, or
    the question name of the sources: they name something, and its own sentence shares a
    content word with it (False for a table cell, or when they name nothing of the sources)."""
    return v.span is not None and v.table is None and bool(_subject(ctx)) and prose_bound(ctx, v)


# The words after "X% of" that name the whole: up to a comma, a clause or a preposition of time.
_OF_WHOLE = re.compile(
    r"\s+of\s+((?:(?!\b(?:in|for|from|during|at|as|on|by|compared|versus|and|which|that)\b)"
    r"[^\d.,;:()\n]){1,60})",
    re.IGNORECASE,
)


def named_whole(text: str, end: int) -> frozenset[str]:
    """The content words of the whole a percentage ending at ``end`` of ``text`` names right
    after it ("31% of net revenue": net, revenue; nothing for "31%, up from").

    >>> sorted(named_whole("31% of net revenue came from cloud services", 3))
    ['came', 'revenue']
    """
    m = _OF_WHOLE.match(text, end)
    return frozenset() if m is None else content_words(m.group(1))


def whole_named(ctx: ClaimContext, whole: SourceValue) -> bool:
    """Whether the words after "X% of" fit the table value taken as the whole: they share a
    content word with its row or column ("12.8% of net sales" over *Net sales*), or name nothing
    the sources write ("40% of the total"), or name the subject of a table whose whole line it
    is ("of revenue" over *Total* under a corner cell *Revenue*: rules._subject_whole). "62% of
    the fair market value" is not a share of *Aggregate intrinsic value of stock options
    exercised*."""
    if whole.table is None:
        return True
    m = _OF_WHOLE.match(ctx.text, ctx.mention.end)
    if m is None:
        return True
    named = frozenset(t for t in tokens(m.group(1)) if content_word(t)) & _source_words(ctx)
    if not named:
        return True
    labels = " ".join(x for x in (whole.row, whole.column, whole.label) if x)
    return bool(named & frozenset(tokens(labels))) or names_subject_whole(ctx, whole, named)


def share_whole_named(ctx: ClaimContext, text: str, end: int) -> bool:
    """Whether the whole a source's percentage names right after it ("$1.3 billion, or 18
    percent of net sales": *net sales*; ``end`` is where the percentage ends in ``text``) is
    among what the claim's sentence, the one before it, or the question name. True when the
    percentage names no whole ("decreased $932 million (13.4%)") or names it in generic words
    only: the whole of R&D's share of net sales is no selling expense."""
    m = _OF_WHOLE.match(text, end)
    if m is None:
        return True
    named = frozenset(t for t in tokens(m.group(1)) if content_word(t))
    return not named or bool(named & _subject(ctx))
