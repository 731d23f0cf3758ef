"""Counts a sentence states over the data with a bar of its own, and number words that count.

"2 of the 4 regions had revenue above $4M", "Sales exceeded $5 million in three of the four
quarters", "Only 1 segment reported margins below 10%": the sentence asks and answers its own
"how many" question. The count is read as the answer to that question, built from the
sentence's own words (the noun counted, and the rest of the sentence with its bar), and
judged by the counting of ``rules.counts``: the values of the row or column the sentence names
that lie past the bar. "4" in "2 of the 4 regions" counts the whole; the bar itself is the
line the count is drawn at, no figure of the data, so it fails nothing of its own. Before,
such counts failed as unsupported when right (a "2" is no value of the data), and in words, or
in ``trace`` (a count of some of the rows), were no claim at all, so a wrong one passed. In
``trace`` every row of a result set is read for such an answer (``sources.rows``).

The sentence must give a bar with a comparison word and name a row or column of the data, and
what it counts must be periods ("years", "quarters") or a noun the counted values' source
itself uses ("regions" over a table whose label column is "Region"): "1,200 employees earned
above $50,000" over a table of departments is no count of its rows. Otherwise the figure is
left to the other rules, as before.

Also here: number words that count what the data can count without a bar ("all three
quarters", "the two surveys", ``counts.word_count``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from crossfoot.language.bounds import side_before
from crossfoot.language.claims import is_count_word
from crossfoot.language.owncount import counted_noun, may_count_own, own_ask, singular
from crossfoot.language.question import asked_figures
from crossfoot.language.year_signs import states_signed_count
from crossfoot.model.context import Verdict
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, Source, SourceValue
from crossfoot.rules._bar_pool import named_sources
from crossfoot.rules._named import Named
from crossfoot.rules.column_bar_count import bar_unread, column_count
from crossfoot.rules.counts import count_verdict_of, word_count
from crossfoot.rules.signed_years import signed_years
from crossfoot.sources.rows import row_table

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["own_count", "sentence_counts"]

_PERIODS = frozenset({"year", "quarter", "month", "half", "week", "day"})
_WORDS = re.compile(r"[a-z]+")


def own_count(
    text: str,
    m: Mention,
    sentence: tuple[int, int],
    values: Sequence[SourceValue],
    texts: Mapping[str, str],
    heads: Mapping[str, str],
) -> Verdict | None:
    """``derived`` or ``contradicted`` for a count the sentence states with a bar of its own, or
    None when it states none, names no row or column, or counts what the data does not list
    (see the module docstring); ``heads``: what each source calls its rows."""
    # "3 of the 5 reps beat their quota": a bar of each row's own (rules.column_bar_count)
    own = column_count(text, m, sentence, values, lambda i, n: _uses(heads.get(i, ""), n))
    if own is not None:
        return own
    found = own_ask(text, m, sentence)
    if found is None:  # ("lost money in three of the four years": no bar, a sign)
        return signed_years(text, m, sentence, values)
    ask, noun = found
    named = Named(ask, values, texts)
    verdict = count_verdict_of(text, m, values, ask, asked_figures(ask.text), named, "sentence's")
    if verdict is None or verdict.evidence is None:
        return None
    if noun not in _PERIODS and singular(ask.counted or "") not in _PERIODS:
        ids = named_sources(values, named.names)  # (once per column and row: rules._bar_pool)
        # (a count of rows that moved may name neither: the sources of the rows it counted)
        ids = ids or {v.source_id for v in verdict.evidence.operands}
        if not any(_uses(heads.get(i, ""), noun) for i in ids):
            return None
    return verdict


def _counted(claim: Claim) -> bool:
    """Whether a claim's verdict comes from a question's count already: no other reading of the
    figure outranks it. (The rows of a result set counted whole do not: "Five regions saw
    growth" counts the rows that grew, not the five rows there are.)"""
    ev = claim.evidence
    return ev is not None and ev.rule in ("count", "question")


def _key_of(source: Source) -> str:
    """The key column's name of the result set behind a trace's source, or ""."""
    table = row_table(source)
    return (table.info.key or "") if table is not None else ""


def _uses(source_text: str, noun: str) -> bool:
    """Whether a source's text uses the noun (singular or plural, any case)."""
    return any(singular(w) == noun for w in _WORDS.findall(source_text.lower()))


def sentence_counts(
    text: str,
    sentences: list[Sentence],
    mentions: tuple[Mention, ...],
    sources: SourceSet,
    claims: list[Claim],
    rows: bool,
) -> list[Claim]:
    """Counts the answer's sentences state over the data join the claims, or replace what
    another rule made of them ("2 of the 4 regions had revenue above $4M"); unless the
    sources are result ``rows`` (trace), number words that count what the data can count ("all
    three quarters", "the two surveys") join too. Right or wrong, each is then a claim."""
    # the figures that may count things, in an answer with a comparison word at all
    countable = (
        {m.start for m in mentions if counted_noun(text, m, len(text)) is not None}
        if may_count_own(text) or states_signed_count(text)  # (rules.signed_years)
        else set()
    )
    if not countable and rows:
        return claims
    texts = {s.id: s.text for s in sources.sources}
    # what a source calls its rows: its text, or a result set's key column ("region")
    heads = {s.id: f"{s.text} {_key_of(s)}" for s in sources.sources} if countable else {}
    values = sources.index(None).values
    at = {(c.mention.start, c.mention.end): i for i, c in enumerate(claims)}
    out = list(claims)
    added: list[Claim] = []
    counted: set[int] = set()  # the sentences whose count was judged
    dropped: set[int] = set()
    for m in mentions:
        i = at.get((m.start, m.end))
        if i is None:
            if m.claim or not is_count_word(m):  # (a claim left unjudged stays so)
                continue
        elif m.start not in countable or _counted(claims[i]):
            continue
        s = next((x for x in sentences if x.start <= m.start < x.end), None)
        if s is None:
            continue
        verdict = own_count(text, m, (s.start, s.end), values, texts, heads) if countable else None
        claim: Claim | None
        if verdict is not None:
            claim = Claim(m, s, verdict.status, verdict.evidence, verdict.message)
            counted.add(s.start)
        elif i is None and not rows:
            claim = _word_claim(text, m, s, values, len(texts))
        elif rows and i is not None and bar_unread(text, m, (s.start, s.end), claims[i].status):
            dropped.add(i)  # (a count of some of the rows, its bar not read: no claim, as before)
            continue
        else:
            continue
        if claim is None:
            continue
        if i is None:
            added.append(claim)
        else:
            out[i] = claim
    if dropped:
        out = [c for k, c in enumerate(out) if k not in dropped]
    if counted:
        out = [_bar(c, text) if c.sentence.start in counted else c for c in out]
    if not added:
        return out
    return sorted([*out, *added], key=lambda c: c.mention.start)


_BAR = Evidence(
    "count", "bar", "the line the sentence's count is drawn at, not a figure of the data"
)


def _bar(claim: Claim, text: str) -> Claim:
    """The bar of a sentence whose count was judged ("above $4M" in "2 of the 4 regions had
    revenue above $4M"): its threshold, no figure of the data, so no failure of its own (a round
    bar would often match some value only by rounding, or none)."""
    if claim.status != "unsupported" or claim.mention.high is not None:
        return claim
    m = claim.mention
    if side_before(text, m.start, claim.sentence.start) is None:
        return claim
    return Claim(m, claim.sentence, "supported_exact", _BAR)


def _word_claim(
    text: str, m: Mention, s: Sentence, values: Sequence[SourceValue], n_sources: int
) -> Claim | None:
    """A number word that counts what the data can count (``counts.word_count``), or None."""
    counted = word_count(text, m, (s.start, s.end), list(values), n_sources)
    if counted is None:
        return None
    n, what = counted
    ev = Evidence("count", "count", f"{n} {what}", (), Decimal(n))
    if m.value == n:
        return Claim(m, s, "derived", ev)
    return Claim(m, s, "contradicted", ev, f"{m.text} counts {what}, and there are {n}")
