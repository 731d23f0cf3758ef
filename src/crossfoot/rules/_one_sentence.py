"""Whether text figures stand in one sentence of one source (round 42, conv42a).

"Net revenue rose on a $ 14.3 million increase in X, a $ 12.4 million increase in Y and a $ 6.3
million increase in Z" states three parts of one change in one sentence: an exact sum of them is
the sentence's own arithmetic, where figures of sentences apart meet a figure only by chance.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal("14.3"), "S1", span=(0, 4))
>>> b = SourceValue(Decimal("6.3"), "S1", span=(20, 23))
>>> one_sentence(None, (a,))  # one figure is no series
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["one_sentence"]

_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")


def one_sentence(ctx: ClaimContext | None, values: Sequence[SourceValue]) -> bool:
    """Whether ``values`` (two or more) are all text figures (no table cell, no field) of one
    source, with no sentence end between the first and the last."""
    if ctx is None or ctx.scope is None or len(values) < 2:
        return False
    first = values[0]
    if any(
        v.table is not None
        or v.field is not None
        or v.span is None
        or v.source_id != first.source_id
        for v in values
    ):
        return False
    src = ctx.scope.source(first.source_id)
    if src is None:
        return False
    lo = min(v.span[0] for v in values if v.span is not None)
    hi = max(v.span[1] for v in values if v.span is not None)
    return _SENTENCE_END.search(src.text, lo, hi) is None
