"""When two figures of running text may be combined into a claim (rules.derive, rules.multi).

A table cell is held to its row and column; a figure of prose has only its words. Two of them
combine into a derivation only when the combination is believable:

* the operation is worded: a sum, difference or mean of prose figures needs "total", "the
  change", "the average" (a percentage-point or basis-point figure is a difference by its
  unit), a relative change of two prose percentages needs a change word;
* the figures are about the claim's subject (:func:`crossfoot.rules._prose_subject.pair_bound`);
* the figures are of one kind: a count of a noun ("2.4 million shares", "12,000 square feet")
  is no money, so it never adds to an amount ("$9.0 million") nor stands in a money claim, and
  a change of one quantity never runs from a figure its words state as a change ("an increase
  of 6%") to a level ("operating margin was 15.2%").

>>> from decimal import Decimal
>>> from crossfoot.model.types import Source, SourceValue
>>> text = "The company sold 2.4 million shares. Expense was $9.0 million."
>>> src = Source("S1", text)
>>> counts_noun(src, SourceValue(Decimal(2400000), "S1", span=(17, 28)))
True
>>> counts_noun(src, SourceValue(Decimal(9000000), "S1", kind="money", span=(49, 61)))
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.operation_words import DIFFERENCE_WORDED
from crossfoot.language.rowmatch import focus_text
from crossfoot.language.turns import OVER
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Source, SourceValue
from crossfoot.rules._derive_shared import claim_worded
from crossfoot.rules._list_lead import list_lead
from crossfoot.rules._prose_change import states_change
from crossfoot.rules._prose_clause import change_years, one_period, one_quantity
from crossfoot.rules._prose_percents import prose_percents
from crossfoot.rules._prose_subject import pair_bound

__all__ = ["counts_noun", "kinds_ok", "prose_pair_ok", "prose_sum_ok", "worded_kinds"]

# Operations a coarse figure (or a formula over prose figures) may be derived by, when its
# wording names them.
_WORDING = {
    # ("the variation in total debt", "did it grow"; "the 2015 value minus the 2014 one", as
    # "less" says it)
    "difference": DIFFERENCE_WORDED,
    "sum": re.compile(r"(?i)\b(?:total|combined|overall|sum|together|altogether|aggregate)\b"),
    # ("the sum divided by 2" is a mean worded as its arithmetic)
    "average": re.compile(rf"(?i)\b(?:average|mean|divided\s+by\s+(?:2|two))\b|{OVER}2\b"),
    # ("17 employees per store": a count over a count of one named row)
    "ratio": re.compile(r"(?i)\bper\s+(?!cent\b)[a-z]+"),
}
# A sum over prose figures, worded in any form ("totaled", "in total", "added up to").
_PROSE_SUM = re.compile(
    r"(?i)\b(?:total(?:s|ed|led|ing|ling)?|combined|overall|sum(?:s|med)?|together|altogether|"
    r"aggregated?|add(?:s|ed)?\s+up)\b"
)
# "36% of total revenue", "of the total": the whole a share is of, which no sum words.
_OF_TOTAL = re.compile(r"(?i)\bof\s+(?:the\s+|its\s+|our\s+)?total\b")


def worded_kinds(ctx: ClaimContext) -> frozenset[str]:
    """The operations the claim's sentence (and the one before) names, once per sentence: the
    claims of one sentence, or of one block of a long one, read the same words."""
    memo: dict[tuple[int, int], frozenset[str]]
    memo = ctx.shared.setdefault("derive.coarse", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    kinds = memo.get(key)
    if kinds is None:
        wording = focus_text(ctx) + " " + list_lead(ctx.text, ctx.sentence.start)  # "we sum:"
        kinds = memo[key] = frozenset(k for k, rx in _WORDING.items() if rx.search(wording))
    return kinds


def _prose_worded(ctx: ClaimContext) -> frozenset[str]:
    """:func:`worded_kinds` for a formula over prose figures, a sum in any of its forms, in the
    claim's sentence, the one before or the question: "of total revenue" names the whole of a
    share, not a sum."""
    kinds = worded_kinds(ctx)
    memo: dict[tuple[int, int], frozenset[str]]
    memo = ctx.shared.setdefault("prose_pairs.worded", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    found = memo.get(key)
    if found is None:
        asked = ctx.shared.get("ask.text")  # "What was the total ...?" words the sum too
        wording = focus_text(ctx) + (" " + asked if isinstance(asked, str) else "")
        wording = _OF_TOTAL.sub(" ", wording)
        summed = _PROSE_SUM.search(wording) is not None
        found = memo[key] = kinds | {"sum"} if summed else kinds - {"sum"}
    return found


# The wording a formula over two prose figures needs (a kind of _WORDING).
_WORDED = {"sum": "sum", "diff": "difference", "mean": "average"}
_GAPS = frozenset({"pp", "bps"})  # "1.7 percentage points" is a difference by its unit
_CHANGES = frozenset({"diff", "pct_change"})

# The word right after a figure, across a space or a hyphen ("2.4 million shares", "a
# 12,000-square-foot office").
_NEXT_WORD = re.compile(r"[\s-]{0,3}([A-Za-z]+)")
# Nouns a figure counts that do not end in "s".
_COUNT_NOUNS = frozenset(
    "feet foot square sq acre acres people staff headcount personnel equipment".split()
)
# Words ending in "s" that follow a figure without being counted by it, and the currencies a
# plain figure may name after itself ("4.1 million dollars").
_NOT_COUNTED = frozenset(
    """was is as has its this thus plus less versus vs across respectively whereas dollars
    euros pounds yen francs yuan rupees reais pesos kronas kroner its""".split()
)


def counts_noun(source: Source, v: SourceValue) -> bool:
    """Whether prose figure ``v`` of ``source`` counts a noun: no currency, and a plural noun
    (or a unit of area, "people") right after it ("2.4 million shares", "20,000 square feet")."""
    if v.span is None or v.table is not None or v.currency is not None or v.kind != "number":
        return False
    m = _NEXT_WORD.match(source.text, v.span[1])
    if m is None:
        return False
    word = m.group(1).lower()
    if word in _COUNT_NOUNS:
        return True
    return (
        len(word) >= 4
        and word.endswith("s")
        and not word.endswith("ss")
        and (word not in _NOT_COUNTED)
    )


def _counts(ctx: ClaimContext, v: SourceValue) -> bool:
    if v.span is None or v.table is not None or v.currency is not None or v.kind != "number":
        return False  # (the cheap test first: most operands are cells or money)
    memo: dict[tuple[str, int], bool]
    memo = ctx.shared.setdefault("prose_pairs.counts", {})  # type: ignore[assignment]
    key = (v.source_id, v.span[0])
    found = memo.get(key)
    if found is None:
        src = ctx.scope.source(v.source_id)
        found = memo[key] = src is not None and counts_noun(src, v)
    return found


def _money(v: SourceValue) -> bool:
    return v.currency is not None or v.kind == "money"


def kinds_ok(ctx: ClaimContext, values: tuple[SourceValue, ...], adds: bool) -> bool:
    """Whether prose operands ``values`` are of the claim's kind and (``adds``: a sum, a
    difference or a mean) of one kind with each other: a count of a noun never stands in a
    money claim, nor adds to money."""
    counted = [v for v in values if _counts(ctx, v)]
    if not counted:
        return True
    if ctx.mention.kind == "money" or ctx.mention.currency is not None:
        return False
    return not (adds and any(_money(v) for v in values))


def _one_quantity(x: SourceValue, y: SourceValue) -> bool:
    """A change between two prose figures runs between two levels or two changes of one
    quantity, never from a stated change ("an increase of 6%") to a level ("margin was 15%")."""
    return states_change(x) == states_change(y)


def prose_pair_ok(
    ctx: ClaimContext,
    op: str,
    x: SourceValue,
    y: SourceValue,
) -> bool:
    """Whether source values ``x`` and ``y`` may be combined by ``op`` (a formula of
    rules._derive_formulas) for the claim, as far as either is a figure of running text
    (always True for two table cells)."""
    if x.table is not None or y.table is not None:  # a cell and a prose figure: its kind only
        return kinds_ok(ctx, tuple(v for v in (x, y) if v.table is None), False)
    if x.span and y.span:
        need = _WORDED.get(op)
        if need is not None and need not in _prose_worded(ctx) and ctx.mention.kind not in _GAPS:
            return False
        if op in _CHANGES and prose_percents(x, y):
            if op == "pct_change" and "difference" not in worded_kinds(ctx):
                return False  # a relative change of two prose percentages needs its wording
            if not one_quantity(ctx, x, y):
                return False  # ... and, as a change in points too, to be of one quantity
        if op in _CHANGES and not change_years(ctx, x, y):
            return False  # a change to a year the claim names, from two figures of another
        if op in _WORDED and op != "diff" and not one_period(ctx, (x, y)):
            return False  # a sum or mean of one year's figures (rules._prose_clause)
        if op in _CHANGES and claim_worded(ctx) and not _one_quantity(x, y):
            return False  # "rose 9%": no margin less a growth rate
    if not kinds_ok(ctx, (x, y), op in _WORDED):
        return False
    return pair_bound(ctx, x, y, op == "sum")


def prose_sum_ok(ctx: ClaimContext, subset: Sequence[SourceValue], kind: str) -> bool:
    """Whether a sum or mean (``kind``) of three or more figures of running text may stand for
    the claim (rules.multi): its operation worded ("in total", "on average"; "of total
    revenue" names a whole), its operands of the claim's kind and of one kind."""
    if any(v.table is not None or v.span is None for v in subset):
        return True
    if kind == "sum" and "sum" not in _prose_worded(ctx):
        return False  # (a mean is worded already: rules._derive_shared.mean_worded)
    if not one_period(ctx, subset):
        return False  # the figures of the year the answer gives the sum (rules._prose_clause)
    return kinds_ok(ctx, tuple(subset), True)
