"""A percentage written as a plain number because the text asked for one.

"What is that times 100? The answer is 24.69." and "How much is that in percentage? The answer
is 1.11." state a share or a change in percent without the "%" sign: the question (or the
sentence before the figure) asked for the figure times 100. A plain number is otherwise never
matched by a percentage formula ("150" is no 150 % share: docs/derivations.md), so only when
the text asks for a percentage this explicitly is the figure derived again as a percent, with
the same precision limits; the evidence says it was read so. A final figure answering a question
that asks for a percentage change ("What was the percent change in X?" "Answer: 11.2") is one
too: the change asked is a percentage, and a fraction ("0.112") is derived as it stands. So is
a final figure answering a question that asks for a share in percent ("What was X as a
percentage of Y?", "What percentage of revenue was X?" "Answer: 28.24"): read as a share only.
So is a final figure answering a question that asks for an average ("what is the average? The
answer is 13.5" over rates of 14.3 % and 12.7 %): read as a mean only. A share or a quotient so
asked is also sought as a text figure over a table cell the question names ("what were the
pension contributions as a percentage of the dividends paid? The answer is 7.34":
:mod:`~crossfoot.rules.table_chain_text`, round 42), never for a change or a mean.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Rule, Verdict
from crossfoot.rules.alignment import marker_end
from crossfoot.rules.cross_source import across_sources
from crossfoot.rules.derive import two_operand
from crossfoot.rules.multi import multi_operand
from crossfoot.rules.table_chain_text import text_over_cell

__all__ = ["percent_asked"]

# Wording that asks for a figure times 100: "times 100", "multiplied by 100", "that by 100"
# (not "divided by 100", not "100,000"), "× 100", "in percentage", "as a percent", "in percent
# terms". "What percentage ..." is not enough: such questions are as often answered by a fraction.
_ASKS_PERCENT = re.compile(
    r"(?i)(?:\b(?:times|multiplied\s+by)|(?<!divided\s)\bby|[×*x])\s*100\b(?![.,]?\d)"
    r"|\b(?:in|as\s+an?)\s+percent(?:age)?s?\b|\bin\s+percent(?:age)?\s+terms\b"
)
_WHOLE = Decimal("0.5")
_NOTE = "a percentage written without '%': the text asks for it in percent"


def _asked(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence or the one before asks for a percentage (memoised per
    sentence: every claim of a sentence reads the same words)."""
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("percent_plain.asked", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = _ASKS_PERCENT.search(focus_text(ctx)) is not None
    return hit


# A question that asks for a share in percent: "as a percentage of", "what percent of".
_SHARE_ASKED = re.compile(r"(?i)\bpercent(?:age)?\s+of\b")


def _final_asked_kinds(ctx: ClaimContext) -> frozenset[str] | None:
    """The percentage kinds a final figure (after the answer marker: "Answer: 11.2") answers
    when its question asks for a percentage change or a share in percent, written without its
    sign (a fraction, "0.112", is derived as it stands before this rule runs), else None."""
    op = ctx.shared.get("ask.op")
    if op == "percent_change":
        kinds = frozenset({"percent_change"})
    elif op == "average":
        # "what is the average? The answer is 13.5" over two rates of 14.3% and 12.7%: a mean of
        # percentages, written as a conversation writes its figures (round 37, conv37a)
        kinds = frozenset({"average"})
    elif op in (None, "ratio") and _SHARE_ASKED.search(str(ctx.shared.get("ask.text", ""))):
        kinds = frozenset({"share"})
    else:
        return None
    return kinds if _final(ctx) else None


def _final(ctx: ClaimContext) -> bool:
    memo = ctx.shared.get("percent_plain.marker", -1)
    if memo == -1:
        memo = ctx.shared["percent_plain.marker"] = marker_end(ctx.text)
    return isinstance(memo, int) and ctx.mention.start >= memo


# The pair searches a percent is derived again by; the last, a text figure over a cell the
# question names, computes a quotient only: not when a change or a mean is asked (round 42).
_RULES: tuple[Rule, ...] = (two_operand, multi_operand, across_sources, text_over_cell)


def percent_asked(ctx: ClaimContext) -> Verdict | None:
    """Rule: a plain number the text asks for in percent, derived as that percentage.

    Only a passing derivation is kept: the figure as a plain number has had its own chance.
    """
    m = ctx.mention
    if m.kind != "number" or m.scale != 1 or m.currency or m.high is not None or not m.claim:
        return None
    if m.precision >= _WHOLE:
        return None  # a whole number ("1." of a list of steps, "25") is too coarse to read so
    as_percent = replace(ctx, mention=replace(m, kind="percent"))
    rules = _RULES
    if not _asked(ctx):
        kinds = _final_asked_kinds(ctx)
        if kinds is None:
            return None
        # the question asks for a percentage change or a share: that operation only
        if ctx.options.derivations is not None:
            kinds &= ctx.options.derivations
        as_percent = replace(as_percent, options=replace(ctx.options, derivations=kinds))
        rules = _RULES if "share" in kinds else _RULES[:-1]
    for rule in rules:
        verdict = rule(as_percent)
        if verdict is not None and verdict.status == "derived" and verdict.evidence is not None:
            ev = verdict.evidence
            note = f"{ev.note}; {_NOTE}" if ev.note else _NOTE
            return Verdict(verdict.status, replace(ev, note=note), verdict.message)
    return None
