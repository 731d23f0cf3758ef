"""A quotient asked, answered with the amount that was to be divided.

"What is the change in revenue from 2018 to 2019 as a percentage of the 2018 revenue?" asks for
a quotient (a percentage, a ratio, a proportion of something). "The revenue in 2019 is $5,200 and
in 2018 $4,800. The difference is $400. Answer: 400" computes the numerator and stops: every
figure is grounded and the difference is right, but the final figure answers "what is the
change?", another question. For :func:`crossfoot.rules.alignment.misfit`: a final figure is
``off_question`` when

- the question asks for a quotient in so many words ("as a percentage of", "the ratio of",
  "the proportion of", "divided by", "percentage of total"), and not for the change of one ("the
  change in the ratio of debt to equity": a difference of two ratios);
- the figure is an amount (money or a plain number), the difference or the sum of two or more
  amounts the answer itself shows (its steps or a written calculation), none of them a
  percentage or a rate, and no quotient of them gives the figure at its precision;
- no figure of the answer at or after it is a percentage or a quotient (the difference may be a
  step: "The change is $400. As a percentage of 2018 revenue it is 8.33%.").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_written import typed

__all__ = ["quotient_misfit"]

# The quotient asked in words: "as a percentage of", "the ratio of A to B", "the proportion of",
# "divided by", "percentage of (the) total", "in relation to", "relative to".
_QUOTIENT = re.compile(
    r"(?i)\bas\s+an?\s+(?:percentage|percent|share|proportion|portion|fraction|ratio)\s+of\b"
    r"|\b(?:ratio|proportion)\s+(?:of|between)\b|\bdivided\s+by\b"
    r"|\b(?:percentage|share|portion)\s+of\s+(?:the\s+)?total\b"
    r"|\bin\s+relation\s+to\b|\brelative\s+to\b"
)
# The change of a quotient: "the change in the ratio of debt to equity", "the increase in the
# proportion of ...": a difference of two quotients answers it.
_CHANGE_OF_QUOTIENT = re.compile(
    r"(?i)\b(?:chang|increas|decreas|differen|grow|declin|rise|drop)\w*\s+(?:in|of)\s+(?:the\s+)?"
    r"(?:\w+\s+){0,3}(?:ratios?|proportions?|percentages?|shares?|portions?|fractions?|rates?)\b"
)
_AMOUNTS = frozenset({"difference", "sum"})
_RATED = re.compile(r"(?i)%|percent|\brates?\b|\bmargins?\b|\bratios?\b|\byields?\b|\bper\b")
_QUOTIENT_KINDS = frozenset({"ratio", "share", "percent_change"})


def _rated(v: SourceValue) -> bool:
    if v.kind in ("percent", "pp", "bps", "ratio"):
        return True
    return _RATED.search(" ".join(x for x in (v.label, v.row, v.column) if x)) is not None


def _some_quotient(value: Decimal, precision: Decimal, ops: Sequence[SourceValue]) -> bool:
    """Whether a quotient of two of ``ops`` (or of their difference over one), as a percentage
    or as a fraction, gives ``value`` at its precision: then the figure may be the quotient."""
    vals = [v.value for v in ops]
    tops = [*vals, *(a - b for a in vals for b in vals if a is not b)]
    for top in tops:
        for base in vals:
            if base == 0:
                continue
            q = abs(top / base)
            if min(abs(q * 100 - abs(value)), abs(q - abs(value))) <= precision:
                return True
    return False


def quotient_misfit(ask: Ask, c: Claim, base: Evidence, claims: Sequence[Claim]) -> str | None:
    """Why an amount does not answer a quotient asked (the module docstring), or None.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention, Sentence
    >>> q = "What is the change in revenue from 2018 to 2019 as a percentage of 2018 revenue?"
    >>> ask = Ask(q, frozenset({2018, 2019}), "ratio")
    >>> cell = lambda x, y: SourceValue(Decimal(x), "S1", table=0, row="Revenue", year=y)
    >>> ev = Evidence("steps", "difference", "", (cell(5200, 2019), cell(4800, 2018)))
    >>> m = Mention("400", 8, 11, Decimal(400), "number", Decimal("0.5"))
    >>> c = Claim(m, Sentence(0, 0, 11, "Answer: 400"), "derived", ev)
    >>> quotient_misfit(ask, c, ev, [c])
    'the question asks for a quotient; this figure is the difference it divides'
    """
    if base.rule not in SHOWN or base.kind not in _AMOUNTS or len(base.operands) < 2:
        return None
    m = c.mention
    if m.kind not in ("money", "number") or m.value == 0:
        return None
    text = ask.text
    if _QUOTIENT.search(text) is None or _CHANGE_OF_QUOTIENT.search(text) is not None:
        return None
    if any(_rated(v) for v in base.operands):
        return None
    if _some_quotient(m.value, m.precision, base.operands):
        return None
    for o in claims:
        if o.sentence.index < c.sentence.index or o.mention.start <= m.start:
            continue  # (another reading of the same figure is no later figure)
        ev = typed(o.evidence) if o.evidence is not None else None
        if o.mention.kind in ("percent", "ratio") or (
            ev is not None and ev.kind in _QUOTIENT_KINDS
        ):
            return None  # (the amount is a step to the quotient after it)
    return f"the question asks for a quotient; this figure is the {base.kind} it divides"
