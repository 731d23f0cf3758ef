"""The claim's sentence in lower case, made once per sentence and shared by the rules.

Thirteen-odd rules gate on words of the claim's sentence (``"median" in low``); each lowered the
whole sentence per claim. :func:`sentence_low` keeps the last sentence's lowering in the answer's
``ctx.shared``, keyed by the identity of the sentence's text (the claims of one sentence share
one text object; a long sentence's per-claim window is a new string and is lowered anew), so it
is ``ctx.sentence.text.lower()`` exactly.

>>> from decimal import Decimal
>>> from crossfoot.model.context import ClaimContext
>>> from crossfoot.model.types import Mention, Sentence
>>> s = Sentence(0, 0, 14, "Median SALES 5")
>>> m = Mention("5", 13, 14, Decimal(5), "number", Decimal(1))
>>> ctx = ClaimContext(m, s, s.text, (m,), 0, None, None)
>>> sentence_low(ctx), sentence_low(ctx) is sentence_low(ctx)
('median sales 5', True)
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext

__all__ = ["sentence_low"]

_KEY = "rules._low.sentence"


def sentence_low(ctx: ClaimContext) -> str:
    """``ctx.sentence.text.lower()``, lowered once per sentence of the answer."""
    text = ctx.sentence.text
    hit = ctx.shared.get(_KEY)
    if hit is not None and hit[0] is text:  # type: ignore[index]
        return hit[1]  # type: ignore[index,no-any-return]
    low = text.lower()
    ctx.shared[_KEY] = (text, low)
    return low
