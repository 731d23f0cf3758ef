"""A percentage the sentence calls a compound annual growth rate is that rate, or nothing.

"The three-year CAGR for revenue was 11%" passed over a table whose revenue line compounds at
10% a year: 11% was net income's share of revenue in one year, a formula the words exclude. A
figure whose clause names it a compound rate ("CAGR", "compound annual growth rate", "compounded
at", "a 10% compound growth") is:

- ``derived`` when a compound annual rate between two years of one line of the sources (over
  the span the sentence states, if it states one) meets it at its stated precision;
- ``unsupported`` otherwise, with a message that says so: no share, ratio or one-year change
  may stand in for the rate the words name.

A rate per month, week or quarter ("a compound monthly growth rate") is left to
:mod:`crossfoot.rules.period_rate`, which runs before this rule, and a rate the sources state
as written to the direct match, which runs before both.

>>> import crossfoot
>>> t = "| | 2020 | 2023 |\\n|---|---|---|\\n| Revenue | 1,000 | 1,331 |\\n| Profit | 100 | 150 |"
>>> crossfoot.check("Revenue's CAGR over 2020-2023 was 10%.", [t]).passed
True
>>> crossfoot.check("Revenue's CAGR over 2020-2023 was 15%.", [t]).claims[0].status
'unsupported'
"""

from __future__ import annotations

import re

from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.rules._derive_shared import Candidate, best_verdict
from crossfoot.rules._low import sentence_low
from crossfoot.rules.multi import _cagrs

__all__ = ["compound_named"]

# The names of a compound annual rate, read in the figure's clause.
_NAMED = re.compile(
    r"(?i)\b(?:cagrs?|compound(?:ed)?\s+(?:annual(?:ized)?|average|yearly|growth|rate|at)|"
    r"compounded|compounding)\b"
)
# A compound rate per shorter period is another rule's (rules.period_rate).
_SHORTER = re.compile(r"(?i)\b(?:month|week|quarter|dai|day)\w*")


def compound_named(ctx: ClaimContext) -> Verdict | None:
    """The verdict on a percentage named a compound annual rate (module docstring), or None."""
    m, s = ctx.mention, ctx.sentence
    if m.kind != "percent" or m.high is not None:
        return None
    low = sentence_low(ctx)
    if "cagr" not in low and "compound" not in low:
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if _NAMED.search(ctx.text, lo, hi) is None or _SHORTER.search(ctx.text, lo, hi):
        return None
    found: list[Candidate] = []
    for group in ctx.scope.groups:
        found.extend(_cagrs(ctx, group))
    verdict = best_verdict(ctx, found)
    if verdict is not None:
        return verdict
    message = (
        "the sentence names a compound annual growth rate, and no such rate between two years "
        f"of one line of the sources gives {m.text.strip()}"
    )
    return Verdict("unsupported", None, message)
