"""A plain figure in the unit the text asked for: "what is that divided by 1000? The answer is
965.64." or "how much is this three year amount in millions? The answer is 1,041.53."

The figure itself carries no scale word: the question (the sentence before it) says what unit
it is in. "Divided by 1,000" (or "/ 1000") says the figure is a thousandth of what the sources
give, "times 1,000" a thousand times it; "in millions", "in billions", "in thousands" give the
figure that scale. Only then, and only when no other rule grounds the figure as written, is it
read at that scale and checked again (a source value, or a derivation under the usual limits);
the evidence says it was read so.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.turns import OVER
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import PASSING_STATUSES
from crossfoot.rules._near import may_say
from crossfoot.rules.derive import two_operand
from crossfoot.rules.direct import direct_match
from crossfoot.rules.multi import multi_operand

__all__ = ["asked_scale", "asked_unit"]

_THOUSAND = Decimal(1000)
_DIVIDED = re.compile(rf"(?i)(?:\bdivided\s+by|/|{OVER})\s*1,?000\b(?![.,]?\d)")
_TIMES = re.compile(r"(?i)(?:\btimes|\bmultiplied\s+by|[×*])\s*1,?000\b(?![.,]?\d)")
_OPERATOR_BEFORE = re.compile(r"(?i)(?:\bdivided\s+by|\btimes|\bmultiplied\s+by|[/×*]|\bover)\s*$")
_IN_UNIT = re.compile(r"(?i)\bin\s+(thousand|million|billion)s?\b")
# What every pattern above needs, without word boundaries: 1000 or a scale word.
_MAY_ASK = re.compile(r"(?i)1,?000|thousand|million|billion")
_UNIT = {"thousand": Decimal(10) ** 3, "million": Decimal(10) ** 6, "billion": Decimal(10) ** 9}


def asked_unit(text: str) -> Decimal | None:
    """The scale of the first unit ``text`` asks a figure in ("in billions": 10**9), else None.

    >>> asked_unit("what were those net sales, in billions?")
    Decimal('1000000000')
    """
    m = _IN_UNIT.search(text)
    return None if m is None else _UNIT[m.group(1).lower()]


def _factors(text: str) -> list[tuple[Decimal, Decimal, str]]:
    """(value factor, scale, what the text said) for each reading the text asks for."""
    out: list[tuple[Decimal, Decimal, str]] = []
    if _DIVIDED.search(text):
        out.append((_THOUSAND, Decimal(1), "the figure divided by 1,000"))
    if _TIMES.search(text):
        out.append((1 / _THOUSAND, Decimal(1), "the figure times 1,000"))
    for m in _IN_UNIT.finditer(text):
        scale = _UNIT[m.group(1).lower()]
        out.append((scale, scale, f"the figure in {m.group(1).lower()}s"))
    return out


def _question_may_ask(ctx: ClaimContext) -> bool:
    """Whether the user's question may ask for a unit (memoised per answer)."""
    memo = ctx.shared.get("asked_scale.question")
    if memo is None:
        asked = ctx.shared.get("ask.text")
        memo = ctx.shared["asked_scale.question"] = (
            isinstance(asked, str) and _IN_UNIT.search(asked) is not None
        )
    return memo is True


def asked_scale(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain figure read in the unit its question asks for (see the module docstring)."""
    m = ctx.mention
    if m.kind not in ("number", "money") or m.scale != 1 or m.high is not None or not m.claim:
        return None
    if m.value == 0 or _OPERATOR_BEFORE.search(ctx.text, max(0, m.start - 24), m.start):
        return None  # the 1000 of "divided by 1000" itself
    if not may_say(ctx, "asked_scale", _MAY_ASK) and not _question_may_ask(ctx):
        return None
    factors = _factors(focus_text(ctx))
    if not factors:
        # the unit the user's question asks the answer in, when the figure's sentence says none
        asked = ctx.shared.get("ask.text")
        factors = _factors(asked) if isinstance(asked, str) else []
    for factor, scale, said in factors:
        read = replace(m, value=m.value * factor, precision=m.precision * factor, scale=scale)
        again = replace(ctx, mention=read)
        for rule in (direct_match, two_operand, multi_operand):
            verdict = rule(again)
            if verdict is None:
                continue
            if verdict.status not in PASSING_STATUSES or verdict.evidence is None:
                break  # the reading is judged (a wrong row, a wrong direction): no other rule
            ev = verdict.evidence
            note = f"read as {said}, as the text asks"
            return Verdict(verdict.status, replace(ev, note=f"{ev.note}; {note}".lstrip("; ")))
    return None
