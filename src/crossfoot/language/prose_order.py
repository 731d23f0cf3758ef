"""Which of two figures of a source's running text is the earlier, by the text's own words.

A table orders two values by their columns' years; a passage does it in words: "revenue of
$412.7 million, compared with $389.5 million in the third quarter of 2024", "4,820 employees,
up from 4,515", "rose to $12m from $10m". Two shapes are read:

- the two figures with only ordering words between them (:func:`~crossfoot.language.order.
  mention_order`: "B compared with A", "B, up from A", "from A to B");
- a comparison of two parallel lists in one sentence, "A1, or A2, compared with B1, or B2, a
  year ago": the i-th figure after the comparing words is the earlier value of the i-th figure
  before them, when both sides hold as many figures (years aside).

With neither, the order stays unknown and a change is judged by its magnitude alone.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from crossfoot.language.order import mention_order
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention, SourceValue

__all__ = ["prose_order"]

_COMPARING = re.compile(
    r"(?i)\b(?:compared\s+(?:with|to)|versus|vs\.|against|(?:up|down)\s+from)\b"
)
_FIGURE = re.compile(r"(?<![\w.])\$?\d[\d,]*(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_CLAUSE_END = re.compile(r"[;!?]|\.(?!\d)")


def prose_order(
    ctx: ClaimContext, a: SourceValue, b: SourceValue
) -> tuple[SourceValue, SourceValue] | None:
    """``(earlier, later)`` of two values of one passage when its words order them, else None.

    >>> from decimal import Decimal
    >>> from crossfoot import check
    >>> p = "Net income was $38.2 million, or $0.87 per share, compared with $41.9 million, or"
    >>> p += " $0.95 per share, a year ago."
    >>> check("Net income rose 8.8%.", [p]).claims[0].status
    'contradicted'
    >>> check("Net income fell 8.8%.", [p]).claims[0].status
    'derived'
    """
    if a.span is None or b.span is None or a.table is not None or b.table is not None:
        return None
    if a.source_id != b.source_id or a.span == b.span:
        return None
    src = ctx.scope.source(a.source_id)
    if src is None:
        return None
    text = src.text
    first, second = (a, b) if a.span < b.span else (b, a)
    assert first.span is not None and second.span is not None  # (checked above)
    if _earlier_second(text, first.span, second.span):
        return second, first
    return None


@lru_cache(maxsize=4096)
def _earlier_second(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether the figure at ``second`` (written after ``first``) is the earlier value."""
    m1 = _mention(text, first)
    m2 = _mention(text, second)
    said = mention_order(text, m1, m2)
    if said is not None:
        return said[0] is m2
    clause_start = _clause_start(text, first[0])
    end = _CLAUSE_END.search(text, second[1])
    clause_end = end.start() if end is not None else len(text)
    comparing = [
        c
        for c in _COMPARING.finditer(text, clause_start, clause_end)
        if first[1] <= c.start() and c.end() <= second[0]
    ]
    if len(comparing) != 1:
        return False
    c = comparing[0]
    left = _figures(text, clause_start, c.start())
    right = _figures(text, c.end(), clause_end)
    i, k = _index(left, first), _index(right, second)
    return len(left) == len(right) and i is not None and i == k


def _index(figures: list[int], span: tuple[int, int]) -> int | None:
    """The place of the figure written inside ``span`` (a value's span holds its sign, its
    currency and its scale word) among ``figures``."""
    return next((i for i, at in enumerate(figures) if span[0] <= at < span[1]), None)


def _mention(text: str, span: tuple[int, int]) -> Mention:
    return Mention(text[span[0] : span[1]], span[0], span[1], Decimal(0), "number", Decimal(0))


def _clause_start(text: str, at: int) -> int:
    start = 0
    for m in _CLAUSE_END.finditer(text, 0, at):
        start = m.end()
    return start


def _figures(text: str, lo: int, hi: int) -> list[int]:
    """Where the figures of ``text[lo:hi]`` start, bare years aside."""
    return [m.start() for m in _FIGURE.finditer(text, lo, hi) if not _YEAR.fullmatch(m.group(0))]
