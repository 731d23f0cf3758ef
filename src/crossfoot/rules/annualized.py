"""A quarterly or monthly figure stated at its annual rate: "a quarterly dividend of $0.24, or
$0.96 annualized", "MRR of $48.2K, a $578K annual run rate".

An annualized figure is no value of the sources: it is another figure of its own sentence times
four (a quarter's) or twelve (a month's). When the words right around the claim say so
("annualized", "annualised", "run rate", "a year", "per year", "per annum") and its sentence
names the base's period ("quarterly", "quarter", "Q3"; "monthly", "month", "MRR"), the claim is
``derived`` from an earlier figure of the sentence of the same kind times that factor. A figure
that no factor gives stays with the other rules (unsupported, as before).

>>> import crossfoot
>>> src = "The board declared a quarterly dividend of $0.24 per share."
>>> [c.status for c in crossfoot.check("The quarterly dividend is $0.24, or $0.96 annualized.",
...                                    [src]).claims]
['supported_exact', 'derived']
>>> [c.status for c in crossfoot.check("The quarterly dividend is $0.24, or $1.06 annualized.",
...                                    [src]).claims]
['supported_exact', 'unsupported']
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, format_decimal
from crossfoot.rules._derive_shared import claim_interval

__all__ = ["annualized"]

_ANNUAL = re.compile(
    r"(?i)\b(?:annuali[sz]ed|annual\s+run[- ]rate|run[- ]rate|a\s+year|per\s+year|per\s+annum)\b"
)
_QUARTER = re.compile(r"(?i)\b(?:quarterly|quarter|q[1-4])\b")
_MONTH = re.compile(r"(?i)\b(?:monthly|month|mrr)\b")
_NEAR = 40  # characters on either side of the claim where the annual word stands


def annualized(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure that is an earlier figure of its sentence at an annual rate (module
    docstring)."""
    m = ctx.mention
    if not m.claim or m.kind not in ("money", "number") or m.value <= 0:
        return None
    s = ctx.sentence
    lo_at, hi_at = max(s.start, m.start - _NEAR), min(s.end, m.end + _NEAR)
    around = ctx.text[lo_at:hi_at].lower()
    if "annual" not in around and "run" not in around and "year" not in around:
        return None  # (a substring gate: most claims have no such word)
    if _ANNUAL.search(ctx.text, lo_at, hi_at) is None:
        return None
    factors = []
    if _QUARTER.search(s.text):
        factors.append((4, "a quarter's"))
    if _MONTH.search(s.text):
        factors.append((12, "a month's"))
    if not factors:
        return None
    lo, hi = claim_interval(ctx)
    for base in ctx.sentence_mentions:
        if base.start >= m.start or base.kind != m.kind or base.value <= 0:
            continue
        if base.currency != m.currency:
            continue
        for factor, what in factors:
            result = base.value * factor
            if lo <= result <= hi:
                formula = f"{base.text} x {factor} ({what} figure at an annual rate) = "
                formula += format_decimal(result)
                ev = Evidence("annualized", "product", formula, (), Decimal(result))
                return Verdict("derived", ev)
    return None
