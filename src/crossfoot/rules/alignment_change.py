"""A change asked, a percentage answered: judged only when the answer shows the amount it chose
not to give.

"What was the change in revenue from 2018 to 2019?" is read as an amount, but people (and
annotators) also ask it of the relative change: "Revenue changed by 7.6%" or a bare "The answer
is 7.6%." may be what the asker meant, and the question's words alone cannot tell. An answer
that works out the amount change itself ("The net change is $18 million. The percentage change
is 21.95%. Answer: 21.95%") has the figure asked for and ends on another quantity: that one is
``off_question`` (:func:`crossfoot.rules.alignment.misfit`). A percentage given with no amount
change before it is not judged for the operation (its years and row still are).

>>> from decimal import Decimal
>>> from crossfoot.model.types import Mention, Sentence
>>> s = Sentence(0, 0, 30, "The change is 18. It is 21.95%.")
>>> pct = Claim(Mention("21.95%", 24, 30, Decimal("21.95"), "percent", Decimal("0.01")), s,
...             "derived")
>>> shows_amount(pct, None, [pct])
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._named import beside_years

__all__ = ["AMOUNT_WHY", "change_kind", "shows_amount"]

AMOUNT_WHY = "the question asks for the change, an amount; this figure is a percentage"

# Evidence kinds of a figure that is itself an amount change of two source values.
_AMOUNT_CHANGES = frozenset({"difference", "change"})
_HOW_MUCH = re.compile(r"(?i)\bhow\s+much\b")
# "How much does this change represent in relation to the 2018 amount?" asks the change over a
# base: a quotient, which a percentage answers as well as a fraction.
_OVER_BASE = re.compile(r"(?i)\b(?:in\s+relation|relative|compared)\s+to\b")
_SCALES = (Decimal(1), Decimal(1000), Decimal(10) ** 6, Decimal(10) ** 9)


def shows_amount(c: Claim, ev: Evidence | None, claims: Sequence[Claim], asked: str = "") -> bool:
    """Whether the question ``asked`` says "how much" (an amount, in the question's own words)
    or a figure of the answer before the percentage ``c`` (of evidence ``ev``) states an amount
    change: a passing figure, no percentage, proved as a difference of two values or equal to
    the difference of the percentage's own two values (a change column quoted)."""
    if _HOW_MUCH.search(asked) and not _OVER_BASE.search(asked):
        return True
    ops = ev.operands if ev is not None and ev.kind == "percent_change" else ()
    gap = abs(ops[1].value - ops[0].value) if len(ops) == 2 else None
    for o in claims:
        m, oev = o.mention, o.evidence
        if m.start >= c.mention.start or not o.passed or oev is None:
            continue
        if m.kind in ("percent", "pp", "bps"):
            continue
        if oev.kind in _AMOUNT_CHANGES:
            return True
        if gap and any(abs(abs(m.value) - gap * f) <= m.precision for f in _SCALES):
            return True
    return False


_PERCENTISH = re.compile(r"(?i)%|percent")
_PCT_ASKED = "the question asks for a percentage change"


def change_kind(
    ask: Ask, c: Claim, ev: Evidence | None, claims: Sequence[Claim], why: str | None
) -> str | None:
    """``why`` (the operation misfit :func:`crossfoot.rules.alignment.misfit` found), or for a
    percentage change asked and answered with one cell of an amount change column, why; a
    percentage for a change asked is kept only when the answer shows the amount
    (:func:`shows_amount`)."""
    if why is None and ask.op == "percent_change" and ev is not None and ev.rule == "direct":
        v, m = ev.operands[0], c.mention
        if (
            len(ev.operands) == 1
            and m.kind != "percent"
            and v.kind != "percent"
            and not _PERCENTISH.search(v.column or "")
            and beside_years(v.column, percent=False)
        ):
            why = f"{_PCT_ASKED}; this figure is the amount change ({v.label})"
    if why == AMOUNT_WHY and not shows_amount(c, ev, claims, ask.text):
        return None  # "change" is asked of relative changes too
    return why
