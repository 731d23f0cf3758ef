"""A row named by a superlative over a column, among the rows a word of another column picks:
"The cheapest economy flight is AA101 at $240", "The highest-rated laptop costs $899".

Each figure is a right cell; the ranking is wrong when UA330, another economy flight, costs $185,
or Aero, another laptop, is rated higher. A superlative of price ("cheapest", "least expensive",
"lowest-priced", "most expensive", "priciest") ranks the column of prices (its name holds
"price", "fare", "cost" or "rate"); one of rating ("highest-rated", "best-rated", "top-rated",
"lowest-rated") the column of ratings ("rating", "score", "stars"). The words after it, up to
the verb, may name a text cell of another column ("economy" of a *Cabin* column, "laptop" of a
*Category* one): the rows ranked are those holding it, in that column. The figure the
superlative is held to is the first cell after it in its sentence (else the last before it);
its row must be among those rows and hold the extreme of the ranked column (two rows at least),
else the figure becomes ``contradicted`` naming the row that does. A figure that is no single
cell, a table without such a column, and a filter word no cell holds are left alone.

The text cells are read from the source's own table (``sources.tables.find_tables``: the
values keep numbers only).

>>> from crossfoot import check
>>> t = ('[["Flight", "Cabin", "Price"], ["AA101", "Economy", "$240"], ["AA205", "Business",'
...      ' "$910"], ["UA330", "Economy", "$185"]]')
>>> check("The cheapest economy flight is UA330 at $185.", [t]).passed
True
>>> check("The cheapest economy flight is AA101 at $240.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from crossfoot.model.types import Claim, format_decimal
from crossfoot.sources.tables import find_tables

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["filtered_ranks"]

_PRICE = r"price|fare|cost|rate|amount|fee"
_RATING = r"rating|rated|score|stars?|review"
_SUPERLATIVE = re.compile(
    r"(?i)\b(?:(?P<low_price>cheapest|least[\s-]expensive|lowest[\s-]priced|lowest[\s-]cost)"
    r"|(?P<high_price>most[\s-]expensive|priciest|highest[\s-]priced|costliest)"
    r"|(?P<high_rating>(?:highest|best|top)[\s-]rated|best[\s-]reviewed)"
    r"|(?P<low_rating>(?:lowest|worst)[\s-]rated|worst[\s-]reviewed))\b"
)
_GATES = (
    "cheapest", "expensive", "priced", "priciest", "costliest", "lowest cost", "lowest-cost",
    "rated", "reviewed",
)  # fmt: skip
# the noun phrase after a superlative, up to its verb, figure or clause end
_PHRASE = re.compile(
    r"(?i)\s*((?:(?!(?:is|was|are|were|at|costs?|costing|for|with|has|had)\b)[a-z][\w-]*\s*){1,4})"
)
_WORD = re.compile(r"[a-z][a-z-]+")
_NOT_FILTER = frozenset({"the", "one", "option", "options", "item", "items", "of", "all", "any"})


def filtered_ranks(text: str, claims: list[Claim], sources: SourceSet) -> list[Claim]:
    """The claims, with a cell a filtered superlative misranks ``contradicted`` (module
    docstring)."""
    low = text.lower()
    if not any(g in low for g in _GATES):
        return claims
    out = list(claims)
    done: set[int] = set()
    texts = {s.id: s.text for s in sources.sources}
    for m in _SUPERLATIVE.finditer(text):
        i = _held(claims, m.start(), m.end())
        if i is None or i in done:
            continue
        done.add(i)
        kind = next(k for k, v in m.groupdict().items() if v)
        high, column = kind.startswith("high"), _PRICE if kind.endswith("price") else _RATING
        phrase = _PHRASE.match(text, m.end())
        words = _WORD.findall(phrase.group(1).lower()) if phrase else []
        found = _misranked(claims[i], high, column, words, texts, m.group(0))
        if found is not None:
            c = claims[i]
            out[i] = replace(c, status="contradicted", message=found)
    return out


def _held(claims: Sequence[Claim], start: int, end: int) -> int | None:
    """The claim a superlative at ``start:end`` ranks: the first after it in its sentence,
    else the last before it."""
    after = before = None
    for i, c in enumerate(claims):
        if not c.sentence.start <= start < c.sentence.end:
            continue
        if c.mention.start >= end and after is None:
            after = i
        elif c.mention.end <= start:
            before = i
    return after if after is not None else before


def _misranked(
    claim: Claim,
    high: bool,
    column: str,
    words: list[str],
    texts: dict[str, str],
    said: str,
) -> str | None:
    ev = claim.evidence
    if not claim.passed or ev is None or ev.kind != "cell" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    grid = _grid(texts.get(v.source_id, ""), v.table)
    if grid is None or v.row_index is None or not 0 < v.row_index < len(grid):
        return None
    if (v.row or "\0").strip().lower() not in grid[v.row_index][0].lower():
        return None  # (the reader's rows and the text's differ: no reading to trust)
    header = [h.lower() for h in grid[0]]
    ranked = [j for j, h in enumerate(header) if re.search(rf"\b(?:{column})", h)]
    if len(ranked) != 1:
        return None
    (rank_col,) = ranked
    rows = [r for r in range(1, len(grid)) if _number(grid[r], rank_col) is not None]
    picked, where = _filtered(grid, rows, words, rank_col)
    if picked is None:
        return None
    if v.row_index not in picked and where is not None:
        named = grid[picked[0]][where].strip()
        return f'{v.row} is {grid[v.row_index][where].strip()}, not {named}: no "{said}" {named}'
    if v.row_index not in picked:
        return None
    if len(picked) < 2:
        return None
    own = _number(grid[v.row_index], rank_col)
    best = (max if high else min)(picked, key=lambda r: _number(grid[r], rank_col) or 0)
    top = _number(grid[best], rank_col)
    if own is None or top is None or top == own:
        return None
    return (
        f'{v.row} is not the "{said}": {grid[best][0]} has {grid[0][rank_col]} '
        f"{format_decimal(top)} against {format_decimal(own)}"
    )


def _filtered(
    grid: tuple[tuple[str, ...], ...], rows: list[int], words: list[str], rank_col: int
) -> tuple[list[int] | None, int | None]:
    """The rows a word of the phrase picks by a text cell of another column (and the column), or
    every row when no word names a cell; None when two columns would pick."""
    wanted = {w for w in words if w not in _NOT_FILTER}
    hits: dict[int, list[int]] = {}
    for r in rows:
        for j, cell in enumerate(grid[r]):
            if j in (0, rank_col) or _number(grid[r], j) is not None:
                continue
            if cell.strip().lower() in wanted:
                hits.setdefault(j, []).append(r)
    if len(hits) > 1:
        return None, None
    if not hits:
        return rows, None
    ((j, picked),) = hits.items()
    return picked, j


@lru_cache(maxsize=64)
def _grids(text: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The cell strings of each table of a source's text (kept by the text itself)."""
    return tuple(tuple(tuple(c for c in row) for row in t.rows) for t in find_tables(text))


def _grid(text: str, table: int | None) -> tuple[tuple[str, ...], ...] | None:
    if not text or table is None:
        return None
    grids = _grids(text)
    return grids[table] if 0 <= table < len(grids) else None


_CELL_NUMBER = re.compile(r"^\s*[$€£¥]?\s*(-?\d[\d,]*(?:\.\d+)?)\s*%?\s*$")


def _number(row: tuple[str, ...], j: int) -> Decimal | None:
    if j >= len(row):
        return None
    m = _CELL_NUMBER.match(row[j])
    return Decimal(m.group(1).replace(",", "")) if m else None
