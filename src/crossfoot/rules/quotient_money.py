"""An amount of money quoted where the question asks for a quotient.

"How much does that change represent in relation to the 2015 net revenue?", "what is the net
change over the 2010 value?", "what percentage of the total was due within a year?" ask for a
figure of one quantity over another: a fraction, a percentage, a ratio, none of them money. An
answer whose final figure is one amount of money the sources write ("net income increased $ 37.9
million") quotes a number of the right document for another question. For
:func:`crossfoot.rules.alignment_op.op_misfit`: such a figure is ``off_question`` unless the
amount's own words (its clause, its row) name a quotient ("$ 0.25 per share", a row "Net debt
to EBITDA" under a money header: such may answer a ratio, never a percentage change) or the
answer writes its figure as an amount; the engine still looks for a reading of the figure
that fits (a derivation over the fitting values) before it flags it.

>>> from decimal import Decimal
>>> from crossfoot.language.asked import read_question
>>> from crossfoot.model.types import Evidence, Mention, SourceValue
>>> v = SourceValue(Decimal("37.9"), "S2", kind="money", label="net income increased $ 37.9")
>>> ev = Evidence("direct", "exact", "", (v,), Decimal("37.9"))
>>> ask = read_question("How much does that change represent in relation to the 2015 revenue?")
>>> m = Mention("37.9", 0, 4, Decimal("37.9"), "number", Decimal("0.05"))
>>> money_for_quotient(ask, m, ev)
'the question asks for a quotient; this figure is an amount of money (net income increased $ 37.9)'
>>> money_for_quotient(read_question("By how much did net income increase?"), m, ev) is None
True
"""

from __future__ import annotations

import re

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence, Mention
from crossfoot.rules.alignment_quantity import names_quantity
from crossfoot.rules.stated_arith import stated_misfit

__all__ = ["money_for_quotient", "stated_or_money"]

# Words of a question that asks for one quantity over another (read only past a cheap gate);
# "divided by 1000" or "divided by 3" rescales or averages an amount: still money.
_GATE = ("relation", "divided", "percent", "proportion", "fraction", "ratio", "over ")
_QUOTIENT = re.compile(
    r"(?i)\bin relation to\b|\bpercent(?:age)?\b|\bproportion\b|\bfraction\b|\bratio\b|"
    r"\bdivided by (?!\$?\s*[\d.(]|(?:one|two|three|four|five|ten|a hundred|a thousand)\b)|"
    r"\bover (?:the|that|this) (?:\w+ ){0,3}?(?:value|amount|total|figure)s?\b"
)
# A quotient of two like quantities: no amount per unit ("$ 18.13 per share") is one.
_UNITLESS = re.compile(r"(?i)\bpercent(?:age)? change\b|\bchange as a (?:percent|fraction)")
# The amount's own words name a quotient: a per-unit amount may answer a ratio.
_PER = re.compile(
    r"(?i)\bper\b|/\s*(?:share|unit|ton|barrel|day)|\beach\b|\bratios?\b|%|percent|"
    r"\bmargins?\b|\brates?\b|\byields?\b|\btimes\b|\bmultiples?\b|\bcoverage\b|\breturns?\b"
)


def money_for_quotient(ask: Ask, m: Mention, ev: Evidence) -> str | None:
    """Why one quoted amount of money does not answer a question that asks for a quotient.

    A figure the answer itself writes as money ("$1,088 million") reads the question its own
    way: "what portion of the payments is due in 2009?" is asked of an amount as often as of a
    share, so a figure written as an amount is left to the other checks (and "portion" is no
    quotient word here)."""
    if ev.rule != "direct" or len(ev.operands) != 1 or m.kind == "money" or m.scale != 1:
        return None
    v = ev.operands[0]
    if v.value == 0:
        return None  # zero over anything is zero: a "$ 0" of the text may be it
    if v.kind != "money" and v.currency is None:
        return None
    low = ask.text.lower()
    if not any(g in low for g in _GATE) or _QUOTIENT.search(ask.text) is None:
        return None
    row = v.row or ""
    if (
        _PER.search(v.label or "")
        or _PER.search(row)
        or " to " in row
        or names_quantity(ask.text, v)
    ) and not _UNITLESS.search(ask.text):
        return None  # a row that is a quotient ("Net debt to EBITDA") under a money header
    return f"the question asks for a quotient; this figure is an amount of money ({v.label})"


def stated_or_money(ask: Ask, m: Mention, ev: Evidence) -> str | None:
    """``rules.stated_arith.stated_misfit``, else :func:`money_for_quotient` (one hook)."""
    return stated_misfit(ask, ev) or money_for_quotient(ask, m, ev)
