"""A percentage for an amount asked in plain words.

"What was the licence revenue in 2021?" asks for an amount; an answer that ends on licence
revenue's share of total revenue ("which is 72.57% of total revenue. Answer: 72.57%") or on
the amount over another line ("4,215 / 10,420 = 40.45%") answers another question, though the
percentage is derived right. For :func:`crossfoot.rules.alignment.misfit`: a final percentage
is ``off_question`` when the question asks for one value in plain words (``Ask.plain``, no
operation, nothing computed), names no rated quantity (a rate, margin, ratio, share, portion,
percentage, yield, return, growth or change; a quotient named without those words: payout,
coverage, utilization, occupancy, turnover, leverage, churn, ...), and the percentage is
computed (not a source value) from operands none of which is itself a percentage or labelled as
one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence, Mention, SourceValue

__all__ = ["percent_for_amount", "read_at_factor"]

# Words of a question that asks for a rated quantity: a percentage may answer it.
_RATED_ASK = re.compile(
    r"(?i)%|percent|\brates?\b|margin|ratio|\bshare|portion|proportion|fraction|yield|"
    r"return|growth|chang|increase|decrease|decline|\bper\b|average|multiple|times|weight|"
    r"\bpart\b|split|mix\b|composition|contribut|interest|discount|coupon|tax|"
    # quantities that are themselves quotients, often named without "ratio" or "rate"
    r"payout|coverage|utili[sz]|occupancy|turnover|efficiency|leverage|gearing|penetration|"
    r"churn|attrition|retention|conversion|effective|productivity|intensity|density|load\s+factor|"
    # "how much of the revenue was gross profit?" asks what part of a whole: a share answers it
    r"\bhow\s+much\s+of\b|\bwhat\s+(?:part|amount)\s+of\b"
)
# Labels of an operand that is itself a rate: a percentage over it restates a rate.
_RATED_LABEL = re.compile(r"(?i)%|percent|\brates?\b|margin|ratio|yield|\bper\b")
_DERIVED_KINDS = frozenset({"share", "ratio", "percent_change", "written_calculation"})


def percent_for_amount(ask: Ask, m: Mention, ev: Evidence) -> str | None:
    """Why a computed percentage does not answer a plain question for an amount, or None.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> ask = Ask("What was the licence revenue in 2021?", frozenset({2021}), plain=True)
    >>> m = Mention("72.57%", 0, 6, Decimal("72.57"), "percent", Decimal("0.005"))
    >>> ops = (SourceValue(Decimal(8240), "S1", label="Licence revenue"),
    ...        SourceValue(Decimal(11355), "S1", label="Total revenue"))
    >>> percent_for_amount(ask, m, Evidence("derive", "share", "", ops))[:24]
    'the question asks for an'
    """
    if not ask.plain or ask.op is not None or ask.computed or m.kind != "percent":
        return None
    if ev.kind not in _DERIVED_KINDS or _RATED_ASK.search(ask.text):
        return None
    if len(ev.operands) < 2 and ev.kind != "share":  # (a share of a column's total: one cell)
        return None
    for v in ev.operands:
        names = " ".join(x for x in (v.label, v.row, v.column, v.field) if x)
        if v.kind in ("percent", "pp", "bps", "ratio") or _RATED_LABEL.search(names):
            return None
    return "the question asks for an amount; this figure is a percentage computed from amounts"


_FACTORS = tuple(Decimal(10) ** k for k in (3, -3, 6, -6, 9, -9))


def read_at_factor(m: Mention, ops: Sequence[SourceValue]) -> bool:
    """Whether the figure is its one operand read at a factor of a thousand (or a million, a
    billion) rather than the value itself: "what is that divided by 1000? -13.06" for -13,064,
    "that times 1000? 1,200" for "$1.2 billion" (rules.asked_scale reads a figure so only where
    the text asks). That factor is the computation asked, not a quoted value.

    >>> from crossfoot.model.types import Mention
    >>> m = Mention("-13.06", 0, 6, Decimal("-13.06"), "number", Decimal("0.005"))
    >>> read_at_factor(m, [SourceValue(Decimal(-13064), "S1")])
    True
    >>> read_at_factor(m, [SourceValue(Decimal("-13.06"), "S1")])
    False
    """
    if len(ops) != 1 or m.scale != 1 or m.value == 0:
        return False
    v = ops[0].value
    return any(abs(m.value * f - v) <= m.precision * f for f in _FACTORS)
