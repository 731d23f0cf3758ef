"""The product of two cells of one table line, asked by a turn that words a product: "what is
the total cost of those shares?" for a row's shares bought (1,250,000) times its average price
($38.50), in the unit of the table or a thousand or a million times smaller; "and what is that
rate times that income?" for a percentage cell (31.5%) of an amount cell (750) of one column,
over 100.

No other search multiplies two source figures (a product is rare in answers, and the products of
a table's cells are many). So a product is read only when the conversation's last turn words one
("product", "times", "multiplied", "total" as :mod:`crossfoot.language.turns` reads them), of
two cells aligned in one table (one row or one column), and a match is kept only while the
products near the figure, times its window, stay under :data:`_BUDGET`
(:mod:`crossfoot.rules._chance`). A figure too coarse to derive
(:func:`~crossfoot.rules._derive_shared.derivable`: "1" for 1.39) is never read.

>>> from crossfoot import check
>>> t = ("| period | shares purchased | average price paid per share |\\n|-|-|-|\\n"
...      "| october 2012 | 1,250,000 | $ 38.50 |\\n| november 2012 | 842,100 | $ 40.15 |\\n"
...      "| december 2012 | 615,300 | $ 41.72 |")
>>> q = "what is the total cost of the shares bought in november, in millions?"
>>> [c.status for c in check("The answer is 33.81.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 33.91.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from crossfoot.language.turns import last_turn
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import counted_match
from crossfoot.rules._derive_kinds import is_nil, label
from crossfoot.rules._derive_shared import claim_interval, derivable, fmt_result, focus_ok
from crossfoot.rules._prose_product import prose_products, worded_product
from crossfoot.rules.table_chain_named import plain_asked

__all__ = ["cell_product"]

_BUDGET = Decimal("0.01")  # expected chance matches in the figure's window, at most
_KEPT = 64
_CELLS = 40  # cells of one table read, at most (the products grow with their square)
# amounts: in the table's unit, or a thousand or a million times smaller
_SCALES = (Decimal(1), Decimal(1000), Decimal(1000000))
_HUNDRED = Decimal(100)
_Product = tuple[Decimal, tuple[SourceValue, SourceValue, Decimal]]
_MEMO: dict[int, tuple[ValueIndex, list[list[_Product]]]] = {}


def _products(group: ValueIndex) -> list[list[_Product]]:
    """Per table of ``group``: every product of two aligned cells (see the module docstring),
    sorted by value."""
    tables: dict[tuple[str, int], dict[tuple[int, int], SourceValue]] = defaultdict(dict)
    for v in group.values:
        if v.table is None or v.row_index is None or v.col_index is None or v.view == "true":
            continue
        if is_nil(v) or v.value <= 0:
            continue
        tables[(v.source_id, v.table)].setdefault((v.row_index, v.col_index), v)
    out = []
    for cells in tables.values():
        if len(cells) > _CELLS:
            continue
        found: list[_Product] = []
        items = sorted(cells.items())
        for i, ((r1, c1), x) in enumerate(items):
            for (r2, c2), y in items[i + 1 :]:
                if r1 != r2 and c1 != c2:
                    continue
                found.extend(_pair(x, y))
        found.sort(key=lambda t: t[0])
        out.append(found)
    return out


def _pair(x: SourceValue, y: SourceValue) -> list[_Product]:
    percents = (x.kind == "percent") + (y.kind == "percent")
    if percents == 2:
        return []
    if percents == 1:
        return [(x.value * y.value / _HUNDRED, (x, y, _HUNDRED))]
    return [(x.value * y.value / s, (x, y, s)) for s in _SCALES]


def cell_product(ctx: ClaimContext) -> Verdict | None:
    """Rule: the product of two aligned cells, asked (see the module docstring)."""
    if not plain_asked(ctx) or ctx.mention.value < 0 or not derivable(ctx.mention, False):
        return None
    turn = last_turn(ctx.shared.get("ask.text"))
    if turn is None:
        return None
    worded = "*" in turn.ops
    if not worded and not worded_product(turn.text):
        return None
    lo, hi = claim_interval(ctx)
    m = ctx.mention
    for group in ctx.scope.groups if worded else ():
        for products in by_identity(_MEMO, group, _KEPT, _products):
            found = counted_match(products, lo, hi, m.value, _BUDGET)
            if found is not None and focus_ok(ctx, found[1][:2], False):
                return Verdict("derived", _evidence(ctx, found))
    # two figures of one sentence of the text: a count at a price (rules._prose_product)
    found = counted_match(prose_products(ctx), lo, hi, m.value, _BUDGET)
    if found is not None and focus_ok(ctx, found[1][:2], False):
        return Verdict("derived", _evidence(ctx, found, "two figures of one sentence"))
    return None


def _evidence(ctx: ClaimContext, found: _Product, what: str = "two aligned cells") -> Evidence:
    result, (x, y, scale) = found
    over = "" if scale == 1 else f" / {scale:,}"
    formula = (
        f"{label(x)} ({x.value:,}) * {label(y)} ({y.value:,}){over} = {fmt_result(ctx, result)}"
    )
    note = f"a product of {what}, asked, counted against chance"
    return Evidence("derive", "product", formula, (x, y), result, note)
