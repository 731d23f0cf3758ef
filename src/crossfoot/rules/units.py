"""Rule: a scale word on digits whose unit no source states is ``unit_unstated``.

"Freight revenue was $48,215 thousand" against a table whose cell is "48,215" and which says
nowhere whether it counts dollars, thousands or millions: the digits are the table's, the unit is
the answer's own. Passing it would pass "$48,215 million" just the same (measured: on the tuning
halves a passing "unit assumed" status cut tatqa's false alarms from 18.2 % to 14.2 % but let 10
points more scale errors through, docs/bench.md; measured again in December 2026 on main fd8fa84:
tatqa false alarms valid 76 -> 63 of 718, tune 55 -> 46 of 699, but tatqa scale caught valid
99.7 -> 95.6 %, tune 99.0 -> 95.3 %, and pot-tatqa wrong answers flagged valid 177 -> 171 of 246,
tune 153 -> 149 of 217; the tuning half's nine were tables that state no unit anywhere, and one
gold's "thousand" on a percent row), so it fails, with its own status and a message that says
what matched and what is missing. A table whose unit the prose implies is scaled when the
sources are read (:mod:`crossfoot.sources.restated`) and never gets here.

Only after every other rule found nothing, and never over query results (``trace``), whose
rows carry no units.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import PASSING_STATUSES
from crossfoot.rules.derive import two_operand
from crossfoot.rules.direct import direct_match
from crossfoot.rules.multi import multi_operand

__all__ = ["unit_unstated"]

_SCALES = frozenset({Decimal(10) ** 3, Decimal(10) ** 6, Decimal(10) ** 9})
_TRIED = (direct_match, two_operand, multi_operand)


def unit_unstated(ctx: ClaimContext) -> Verdict | None:
    """Rule: the claim's digits, read without its scale word, match values of tables that state
    no unit (see the module docstring).

    >>> import json
    >>> from crossfoot import check
    >>> table = json.dumps([["", "2024"], ["Apples", "6,120"]])
    >>> check("Apples were 6,120 thousand.", [table]).claims[0].status
    'unit_unstated'
    """
    m = ctx.mention
    if (
        m.scale_word is None
        or m.scale not in _SCALES
        or m.kind not in ("money", "number")
        or ctx.options.result_rows
    ):
        return None
    signed = -m.written if m.value < 0 else m.written
    high = m.high / m.scale if m.high is not None else None
    bare = replace(
        m,
        value=signed,
        precision=m.precision / m.scale,
        scale=Decimal(1),
        scale_word=None,
        high=high,
    )
    plain = replace(ctx, mention=bare, notes={})
    for rule in _TRIED:
        verdict = rule(plain)
        if verdict is None or verdict.status not in PASSING_STATUSES or verdict.evidence is None:
            continue
        operands = verdict.evidence.operands
        if not operands or any(v.view != "both" or v.table is None for v in operands):
            continue  # a value of prose, of a record or under a unit header: no unit is missing
        found = verdict.evidence.formula
        message = (
            f"the digits match {found}, but no source states their unit: "
            f"{m.scale_word!r} cannot be checked"
        )
        return Verdict("unit_unstated", verdict.evidence, message)
    return None
