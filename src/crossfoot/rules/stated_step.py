"""A plain figure one stated step from a figure of the sources: "what is the ratio of the balance
at the end of 2012 to the beginning of 2010? what is that less 1? The answer is 0.4175" for
404 / 285 - 1.

The question states the last step itself ("that less 1", "that minus 100", "that plus 12"): the
answer is an earlier figure (a source value or a derivation of two or more, asked for in the
turns before) with the stated operand taken away or added. The figure is undone by that step
(0.4175 + 1 = 1.4175) and checked again, at its stated precision, as a source value or a
derivation under the usual limits; the evidence says it was read so. A figure coarser than three
significant digits ("-3.5", "31") is only a cell exactly (96.50 less 100): undone, it would be
searched with a window finer than it states. Only a figure the
question's "that" (or "this", "it") refers to, a plain number, and a sum or difference step with
a number written in the question.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import PASSING_STATUSES, Evidence
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._near import may_say, three_digits
from crossfoot.rules.derive import two_operand
from crossfoot.rules.direct import direct_match
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.stated_arith import stated_operand

__all__ = ["stated_step"]

# "that less 1", "this minus 100", "it plus 12.5": the step and its operand, right after the
# word that refers to the earlier figure
_STEP = re.compile(
    r"(?i)\b(?:that|this|it)\s+(less|minus|plus)\s+\$?(\d[\d,]*(?:\.\d+)?)(?![\d,.]*\d)"
)
_MAY = WordGated(re.compile(r"(?i)less|minus|plus"), ("less", "minus", "plus"))


def _steps(text: str) -> list[tuple[Decimal, str]]:
    """(what to add to the figure to undo the step, what the text said) for each stated step."""
    out: list[tuple[Decimal, str]] = []
    for m in _STEP.finditer(text):
        try:
            operand = Decimal(m.group(2).replace(",", ""))
        except InvalidOperation:
            continue
        word = m.group(1).lower()
        out.append((-operand if word == "plus" else operand, f"that {word} {m.group(2)}"))
    if not out:
        # "this ratio less 1", "that value minus one", "the difference between this value and
        # the number one": the step rules.stated_arith reads (and holds other derivations to)
        taken = stated_operand(text)
        if taken is not None:
            out.append((taken, f"that less {taken:,}"))
    return out


def stated_step(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain figure undone by the step its question states (module docstring)."""
    m = ctx.mention
    if m.kind != "number" or m.scale != 1 or m.currency or m.high is not None or not m.claim:
        return None
    if not may_say(ctx, "stated_step", _MAY):
        return None
    for undo, said in _steps(focus_text(ctx)):
        if undo == 0:
            continue
        read = replace(m, value=m.value + undo)
        if read.value == 0:
            continue
        again = replace(ctx, mention=read)
        # Undone, a coarse figure would be searched with a finer window than it states ("-4.0"
        # less 100 is 96.0, a window of 0.05 %): it is a cell exactly, or nothing.
        fine = three_digits(m)
        for rule in (direct_match, two_operand, multi_operand) if fine else (direct_match,):
            verdict = rule(again)
            if verdict is None:
                continue
            if verdict.status not in PASSING_STATUSES or verdict.evidence is None:
                break  # the earlier figure is judged (a wrong row or direction): no other rule
            if not fine and verdict.evidence.result != read.value:
                break
            return Verdict("derived", _evidence(verdict.evidence, undo, said))
    return None


def _evidence(ev: Evidence, undo: Decimal, said: str) -> Evidence:
    """The earlier figure's evidence with the stated step taken: a computed figure (a cell less
    100 is a difference, not the cell), so the question's computed ask finds it computed."""
    kind = ev.kind if ev.rule == "derive" else ("sum" if undo < 0 else "difference")
    base = ev.result
    result = None if base is None else base - undo
    step = f"- {undo:,}" if undo > 0 else f"+ {-undo:,}"
    formula = f"({ev.formula}) {step}" + ("" if result is None else f" = {result.normalize():,}")
    note = f"the figure is {said}, as the text states"
    return Evidence("derive", kind, formula, ev.operands, result, f"{ev.note}; {note}".lstrip("; "))
