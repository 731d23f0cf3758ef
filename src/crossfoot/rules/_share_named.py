"""A percentage stated as a share of a named whole, over a table that also lists a ratio line.

"Gross profit was 39.9% of revenue" beside a "Gross margin" line of 39.9%: the figure matches
that line's cell, which the sentence does not name, so the row check would call it
``wrong_row``. The sentence states the quotient of two rows it does name, and that quotient is
the claim. Only a share whose operands are all rows the sentence names replaces the row
verdict: "Operating income was 39.9% of revenue" stays ``wrong_row`` (gross profit over revenue
makes 39.9%, but the sentence names operating income).
"""

from __future__ import annotations

import re

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.rules.derive import two_operand
from crossfoot.sources.rows_names import row_named

__all__ = ["named_share"]

_OF = re.compile(r"\s+of\b", re.IGNORECASE)


def named_share(ctx: ClaimContext) -> Verdict | None:
    """The share of two rows the sentence names that a percentage "of" a whole states, or None.

    >>> from crossfoot import check
    >>> table = "| | 2025 |\\n|---|---|\\n| Revenue | 1,284.6 |\\n| Gross profit | 512.3 |\\n"
    >>> table += "| Operating income | 41.8 |\\n| Gross margin | 39.9% |\\n"
    >>> check("Gross profit was 39.9% of revenue in 2025.", [table]).claims[0].status
    'derived'
    >>> check("Operating income was 39.9% of revenue in 2025.", [table]).claims[0].status
    'wrong_row'
    """
    m = ctx.mention
    if m.kind != "percent" or _OF.match(ctx.text, m.end) is None:
        return None
    verdict = two_operand(ctx)
    if verdict is None or verdict.status != "derived" or verdict.evidence is None:
        return None
    said = ctx.sentence.text
    rows = [sv.row for sv in verdict.evidence.operands]
    if not rows or any(r is None or not row_named(r, said) for r in rows):
        return None
    return verdict
