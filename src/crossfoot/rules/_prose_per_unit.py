"""An amount per unit over figures of running text: "net income per share was $88.71" for
"net income was $1.1 billion" over "12.4 million shares" (asked by :mod:`crossfoot.rules.per_unit`).

:mod:`crossfoot.rules.per_unit` divides a table's amount by the cell of a line that counts what
the sentence divides by ("per order": *Orders*). A passage has no lines; its counts name their
noun right after the figure ("12.4 million shares", "310 stores"). The figure "per <noun>" is
then a prose amount over a prose count of that noun, at the figure's stated precision (three
significant digits or finer, as per_unit asks), where the amount's sentence shares a word with
the answer's sentence (the noun it divides by left out) or is the count's own sentence, and both
are of the years the sentence names, as far as their sources state one.

>>> from crossfoot import check
>>> p = "Net income was $1.1 billion in 2023. Diluted shares were 12.4 million shares in 2023."
>>> [c.status for c in check("Net income per share was $88.71 in 2023.", [p]).claims]
['derived']
>>> [c.status for c in check("Net income per share was $98.71 in 2023.", [p]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import fmt_result
from crossfoot.rules._prose_subject import content_words, context_tokens
from crossfoot.rules._year_focus import named_years

__all__ = ["prose_per_unit"]

_NEXT_WORD = re.compile(r"[\s-]{0,3}([A-Za-z]+)")
_SENTENCE_END = re.compile(r"[.;!?]\s")
# "per diluted share", "per square foot": the noun may follow a word or two.
_PER_PHRASE = re.compile(r"(?i)\bper\s+((?:[a-z]+\s+){0,2}[a-z]+)")

_Pools = tuple[list[tuple[str, SourceValue]], list[SourceValue]]

# Nouns a passage counts people by, for the noun an answer divides by: "revenue per employee"
# over "employs 12,400 people", "GDP per capita" over "8.2 million residents".
_PEOPLE = frozenset("people person staff worker headcount personnel fte".split())
_SAME_NOUN = {
    "employee": _PEOPLE,
    "capita": _PEOPLE | {"resident", "inhabitant", "citizen"},
    "head": _PEOPLE | {"resident", "inhabitant", "citizen"},
}


def _pools(ctx: ClaimContext) -> _Pools:
    """The scope's prose counts (with the noun each counts, singular) and prose amounts of
    money, once per scope."""
    ids = tuple(s.id for s in ctx.scope.sources)
    memo: dict[tuple[str, ...], _Pools]
    memo = ctx.shared.setdefault("prose_per_unit.pools", {})  # type: ignore[assignment]
    found = memo.get(ids)
    if found is not None:
        return found
    counts: list[tuple[str, SourceValue]] = []
    amounts: list[SourceValue] = []
    for v in ctx.scope.index.values:
        if v.table is not None or v.span is None or v.value <= 0:
            continue
        if v.currency is not None or v.kind == "money":
            amounts.append(v)
        elif v.kind == "number":
            src = ctx.scope.source(v.source_id)
            m = _NEXT_WORD.match(src.text, v.span[1]) if src is not None else None
            noun = tokens(m.group(1)) if m is not None else []
            if noun:
                counts.append((noun[0], v))
    found = memo[ids] = (counts, amounts)
    return found


def _one_sentence(ctx: ClaimContext, a: SourceValue, b: SourceValue) -> bool:
    if a.source_id != b.source_id or a.span is None or b.span is None:
        return False
    src = ctx.scope.source(a.source_id)
    lo, hi = min(a.span[0], b.span[0]), max(a.span[1], b.span[1])
    return src is not None and _SENTENCE_END.search(src.text, lo, hi) is None


def _named(ctx: ClaimContext, a: SourceValue, subject: frozenset[str]) -> bool:
    """Whether the words of prose amount ``a``'s sentence share one with the answer's sentence
    (the noun it divides by left out)."""
    src = ctx.scope.source(a.source_id)
    return src is not None and bool(context_tokens(src, a) & subject)


def prose_per_unit(
    ctx: ClaimContext, units: frozenset[str], lo: Decimal, hi: Decimal
) -> Verdict | None:
    """``derived`` when the claim is a prose amount over a prose count of the noun it divides
    by (``units``: "share" of "per share"), in the window ``lo``..``hi`` (module docstring)."""
    units = units | frozenset(
        t for p in _PER_PHRASE.finditer(ctx.sentence.text) for t in tokens(p.group(1))
    )
    units = units.union(*(_SAME_NOUN.get(u, ()) for u in units))  # ("per employee": people)
    counts, amounts = _pools(ctx)
    years = named_years(ctx)
    subject = content_words(ctx.sentence.text) - units  # "net income" of "... per share"
    for noun, c in counts:
        if noun not in units or (years and c.year is not None and c.year not in years):
            continue
        for a in amounts:
            if years and a.year is not None and a.year not in years:
                continue
            if not lo <= a.value / c.value <= hi:
                continue
            if _one_sentence(ctx, a, c) or _named(ctx, a, subject):
                return Verdict("derived", _evidence(ctx, a, c))
    return None


def _evidence(ctx: ClaimContext, a: SourceValue, b: SourceValue) -> Evidence:
    result = a.value / b.value
    formula = f"{label(a)} ({a.value:,}) / {label(b)} ({b.value:,}) = {fmt_result(ctx, result)}"
    return Evidence("derive", "ratio", formula, (a, b), result, "an amount per unit of a count")
