"""Two figures of running text as one quantity, and a prose sum of one year (rules._prose_pairs).

A relative change between two percentages of a passage is a reading of one quantity over time
("gross margin was 45.0% in 2023, up from 40.0%"; "the effective tax rate was 42.2% ... in 2022
the effective tax rate was 38.0%"). Two percentages of different things ("cloud services
accounted for 31% of net revenue, and the effective tax rate was 42.2%") have a relative change
too (36.1 %), which a wrong "36% higher" meets by chance; so has their difference in points.
Each percentage is read by the words of its own clause (the sentence cut at commas, semicolons,
"and", "while", "whereas", "but"; words of a move such as "increased" left out); a clause that
names nothing of its own ("up from 40.0% in 2022", "compared with 38%") takes the clause before
it. The two are one quantity when those words share a content word, or when they stand in one
clause ("rose from 40% to 45%", "45.0% (2022: 40.0%)"); a clause of no content words says
nothing and is let be. Two things the answer names each may be compared ("the U.S. share was
36% higher than Europe's"). Never one quantity: two shares of different wholes ("31% of net
revenue", "42.2% of operating income"), or two figures of one year for a change to another year
the answer names (two growth rates of 2023 for "36% higher than in 2022").

A sum or mean of two prose figures stands for one period: a figure the answer gives one year
("- **2012**: $0.5 million") is no sum of 2012's $1.8 million and 2011's $(1.3) million.

>>> from decimal import Decimal
>>> from crossfoot.model.types import Source, SourceValue
>>> t = "Cloud services accounted for 31% of net revenue, and the effective tax rate was 42.2%."
>>> src = Source("S1", t)
>>> sorted(clause_words(src, SourceValue(Decimal(31), "S1", kind="percent", span=(29, 32))))
['cloud', 'revenue', 'service']
>>> sorted(clause_words(src, SourceValue(Decimal("42.2"), "S1", kind="percent", span=(80, 85))))
['effective']
>>> t = "Gross margin was 45.0% in 2023, up from 40.0% in 2022."
>>> sorted(clause_words(Source("S1", t), SourceValue(Decimal(40), "S1", span=(40, 45))))
['gross', 'margin']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.order import number_year_date
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Source, SourceValue
from crossfoot.rules._prose_subject import content_words, named_whole
from crossfoot.rules._year_focus import named_years

__all__ = ["change_years", "clause_words", "one_period", "one_quantity"]

_BACK = 160  # characters of a figure's sentence read on either side (as _prose_subject)
_SENTENCE_END = re.compile(r"[.;!?]\s")
# Where a clause of a source sentence ends: a comma or semicolon, or a joining word.
_CLAUSE_BREAK = re.compile(r"(?i)[,;]\s+|\s+(?:and|while|whereas|but)\s+")
# A year that labels a list line, right before its figure ("- 2012: $0.5 million", "2012: ...").
_LABEL_YEAR = re.compile(r"(?:^|\n|[-*\u2022:])\s*((?:19|20)\d\d)\s*:\s*\Z")


def _clauses(source: Source, span: tuple[int, int]) -> tuple[int, list[str]]:
    """The clauses of the sentence around ``span`` (at most :data:`_BACK` characters either
    side), and the index of the one that holds the figure."""
    text = source.text
    start, end = span
    lo = max(0, start - _BACK)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, start)]
    lo = ends[-1] if ends else lo
    hi = min(len(text), end + _BACK)
    stop = _SENTENCE_END.search(text, end, hi)
    hi = stop.start() if stop is not None else hi
    pieces: list[str] = []
    at = 0
    cut = lo
    for m in _CLAUSE_BREAK.finditer(text, lo, hi):
        if m.start() < end and m.end() > start:
            continue  # a break inside the figure ("1,250")
        pieces.append(text[cut : m.start()])
        if m.end() <= start:
            at = len(pieces)
        cut = m.end()
    pieces.append(text[cut:hi])
    return at, pieces


# Words of a move ("increased", "grew", "higher", "compared"): two clauses that both say
# "increased" are not thereby of one quantity.
_MOVES = (
    "increas decreas declin grow grew rose risen fell fall drop chang higher lower compar reduc "
    "improv gain accounted represent came come contribut generat amounted earlier prior previous "
    "year ago"
).split()
# A clause that opens a comparison ("compared with 19.8% a year earlier", "up from 40.0%") is
# the base of the clause before it: it takes that clause's words.
_BASE = re.compile(r"(?i)\s*(?:compared|versus|vs\b|against|than\b|(?:up|down)?\s*from\b)")


_MOVE_STEMS = tuple(_MOVES)


def _named(text: str) -> frozenset[str]:
    return frozenset(w for w in content_words(text) if not w.startswith(_MOVE_STEMS))


def clause_words(source: Source, v: SourceValue) -> frozenset[str]:
    """Content words of the clause that holds prose figure ``v`` of ``source``, or of the
    nearest clause before it that has any (empty for a table cell or a figure with no span);
    words of a move left out."""
    if v.span is None or v.table is not None:
        return frozenset()
    at, pieces = _clauses(source, v.span)
    for piece in reversed(pieces[: at + 1]):
        words = _named(piece)
        if words and not _BASE.match(piece):
            return words
    return frozenset()


def _words(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    assert v.span is not None
    memo: dict[tuple[str, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_clause.words", {})  # type: ignore[assignment]
    key = (v.source_id, v.span[0])
    found = memo.get(key)
    if found is None:
        src = ctx.scope.source(v.source_id)
        found = memo[key] = clause_words(src, v) if src is not None else frozenset()
    return found


def _whole(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The words of the whole prose percentage ``v`` names right after it ("of net revenue")."""
    assert v.span is not None
    src = ctx.scope.source(v.source_id)
    if src is None:
        return frozenset()
    return frozenset(w for w in named_whole(src.text, v.span[1]) if not w.startswith(_MOVE_STEMS))


def one_quantity(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a relative change may run between prose percentages ``x`` and ``y``: two of
    one quantity (their clauses share a content word, or either names nothing of its own), or
    two things the claim's sentence names each ("the U.S. share was 36% higher than Europe's");
    never shares of two wholes."""
    if x.span is None or y.span is None or x.table is not None or y.table is not None:
        return True
    whole_x, whole_y = _whole(ctx, x), _whole(ctx, y)
    if whole_x and whole_y and not whole_x & whole_y:
        return False  # "31% of net revenue" and "42.2% of operating income": shares of two wholes
    wx, wy = _words(ctx, x), _words(ctx, y)
    if not wx or not wy or wx & wy:
        return True
    said = _named(ctx.text[ctx.sentence.start : ctx.sentence.end])
    return bool(wx & said) and bool(wy & said)


def change_years(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a change (or difference) may run between prose figures ``x`` and ``y`` for the
    years the claim names: never between two figures of one year when it names another ("36%
    higher than in 2022" from two growth rates of 2023; "the difference in cash used during 2018
    and 2019" from two figures of 2018's sentence)."""
    if x.year is None or x.year != y.year or x.table is not None or y.table is not None:
        return True
    return all(t == x.year for t in named_years(ctx))


def one_period(ctx: ClaimContext, values: Sequence[SourceValue]) -> bool:
    """Whether prose figures summed (or averaged) for the claim are of the year the answer's
    sentence gives it, as far as their sources state a year: a sum of two years' figures is
    no figure of one of them. True when the answer gives the figure no year."""
    years = {v.year for v in values if v.year is not None and v.table is None}
    if not years:
        return True
    s = ctx.sentence
    year, _ = number_year_date(ctx.text, s.start, s.end, ctx.mentions, ctx.position)
    if year is None:  # a list line labelled by its year: "- 2012: $0.5 million"
        m = ctx.mention
        label = _LABEL_YEAR.search(ctx.text, max(s.start, m.start - 16), m.start)
        year = int(label.group(1)) if label is not None else None
    return year is None or years == {year}
