"""The products of two figures of one sentence of running text (or of two sentences in a row),
for :mod:`crossfoot.rules.cell_product`: "the company repurchased 1,234,500 shares at an average
price of $25.43 per share" answers "what was the total cost of those repurchases?" with
31,393,335 (or 31.39 in millions).

A count and the price per unit it was bought at are often written in one sentence of a filing's
text, or in two in a row ("... repurchased 1.2 million shares. the average price paid was $25.43
per share."), not in a table's line; the product of two aligned cells never reads them. Here the
figures of each sentence of the scope's prose are multiplied in pairs, and with the figures of
the sentence after it (a percentage over 100; amounts in full, or a thousand or a million times
smaller, as ``cell_product`` reads cells; never two amounts of money), and the search is counted
against chance the same way (:func:`~crossfoot.rules._chance.counted_match`): two sentences hold
a handful of figures, so a fine figure meets one of their products by chance only rarely, and a
text of many figures near the claim is refused.

>>> from crossfoot import check
>>> p = ("during 2012 , the company repurchased 1,234,500 shares at an average price of $ 25.43 "
...      "per share .")
>>> q = "what was the total cost of those repurchases, in millions?"
>>> [c.status for c in check("The answer is 31.39.", sources=[p], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 32.39.", sources=[p], question=q).claims]
['unsupported']
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import defaultdict
from decimal import Decimal

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import is_nil

__all__ = ["prose_products", "worded_product"]

_SENTENCE_END = re.compile(r"[.!?]\s")
_FIGURES = 8  # figures of one sentence read, at most (a longer run is a list, not a purchase)
_SCALES = (Decimal(1), Decimal(1000), Decimal(1000000))
_HUNDRED = Decimal(100)
# A turn that asks what a count at a price comes to: "the cost ... at that price".
_PRICE = ("price",)
_WORTH = ("cost", "spend", "spent", "pay", "paid", "worth", "value", "total")

_Product = tuple[Decimal, tuple[SourceValue, SourceValue, Decimal]]


def worded_product(turn: str) -> bool:
    """Whether a last turn words a count at a price ("the cost ... at an average price").

    >>> worded_product("at the average price of $12.12, what would be the cost to repurchase?")
    True
    >>> worded_product("what was the average price per share?")
    False
    """
    low = turn.lower()
    return any(w in low for w in _PRICE) and any(w in low for w in _WORTH)


def prose_products(ctx: ClaimContext) -> list[_Product]:
    """Every product of two figures of one sentence of the scope's prose, sorted by value,
    once per scope (module docstring)."""
    ids = tuple(s.id for s in ctx.scope.sources)
    memo: dict[tuple[str, ...], list[_Product]]
    memo = ctx.shared.setdefault("prose_product.products", {})  # type: ignore[assignment]
    found = memo.get(ids)
    if found is not None:
        return found
    ends: dict[str, list[int]] = {}
    for src in ctx.scope.sources:
        ends[src.id] = [m.start() for m in _SENTENCE_END.finditer(src.text)]
    sentences: dict[tuple[str, int], list[SourceValue]] = defaultdict(list)
    for v in ctx.scope.index.values:
        if v.table is not None or v.span is None or v.view == "written" or not v.operand:
            continue
        if v.kind not in ("number", "money", "percent") or v.value <= 0 or is_nil(v):
            continue
        cuts = ends.get(v.source_id)
        if cuts is not None:
            sentences[(v.source_id, bisect_left(cuts, v.span[0]))].append(v)
    found = []
    for (source_id, k), figures in sentences.items():
        if len(figures) > _FIGURES:
            continue
        nxt = sentences.get((source_id, k + 1), [])
        after = nxt if len(nxt) <= _FIGURES else []
        for i, x in enumerate(figures):
            for y in figures[i + 1 :] + after:
                found.extend(_pair(x, y))
    found.sort(key=lambda t: t[0])
    memo[ids] = found
    return found


def _pair(x: SourceValue, y: SourceValue) -> list[_Product]:
    if x.span == y.span:
        return []
    percents = (x.kind == "percent") + (y.kind == "percent")
    if percents == 2 or (x.kind == "money" and y.kind == "money"):
        return []  # (two amounts of money are no count at a price)
    if percents == 1:
        return [(x.value * y.value / _HUNDRED, (x, y, _HUNDRED))]
    return [(x.value * y.value / s, (x, y, s)) for s in _SCALES]
