"""Whether a figure's operation is the one the question asks for (rules.alignment.misfit's
last test): a percentage where the question asks for the change of an amount, a difference where
it asks for a percentage change, one quoted value where it asks for an average, a total or a
computed figure.

Moved out of :mod:`crossfoot.rules.alignment` (round 40, speed55) to keep that module under the
layout's 500 lines; the behaviour is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._named import TOTAL_LABEL, Named, value_years
from crossfoot.rules._prose_change import names_change, states_change
from crossfoot.rules.alignment_change import AMOUNT_WHY
from crossfoot.rules.alignment_one import average_named, one_for_between
from crossfoot.rules.alignment_part import years_list
from crossfoot.rules.alignment_quantity import names_quantity
from crossfoot.rules.alignment_rounded_level import change_misfit
from crossfoot.rules.alignment_units import percent_for_amount, read_at_factor
from crossfoot.rules.off_question_count import part_misfit
from crossfoot.rules.quotient_money import stated_or_money

__all__ = ["DIFFERENCE_WHY", "op_misfit"]

_PERCENTISH = re.compile(r"(?i)%|percent|\brate\b|margin|ratio|yield")
# "per share" is how a row names its quantity (one year's basic EPS), not an average of years;
# "Avg. 2019" is a column of averages
_AVERAGE_LABEL = re.compile(
    r"(?i)average|\bmean\b|\bavg\b|\bper\b(?!\s+(?:basic\s+|diluted\s+)?shares?\b)"
)
_CHANGE_KINDS = frozenset({"percent_change", "share", "ratio"})


def op_misfit(ask: Ask, c: Claim, ev: Evidence, named: Named) -> str | None:
    """Why the figure's operation is not the asked one, in words, or None."""
    kind, ops, m = ev.kind, ev.operands, c.mention
    cell = ev.rule == "direct"
    labels = " ".join(x for v in ops for x in (v.label, v.row, v.column, v.field) if x)
    one = None if read_at_factor(m, ops) else _one_value_misfit(ask, cell, ops, labels, m.value)
    one = one or one_for_between(ask.text, ev, named.values, named.misnamed)
    one = one or percent_for_amount(ask, m, ev) or stated_or_money(ask, m, ev)
    if one is not None:
        return one
    if ask.op == "change":
        # "What was the change in revenue?" is an amount: a percentage over amounts is not it.
        if (
            m.kind == "percent"
            and kind in _CHANGE_KINDS
            and not any(
                v.kind in ("percent", "pp", "bps") or _PERCENTISH.search(v.label or "") for v in ops
            )
        ):
            return AMOUNT_WHY
        return change_misfit(c, kind, ops, named.values)
    if ask.op == "percent_change":
        if m.kind == "money":
            return "the question asks for a percentage change; this figure is an amount of money"
        if (
            m.kind == "number"
            and kind == "difference"
            and _bare_difference(m.value, m.precision, ops)
        ):
            return DIFFERENCE_WHY
        return None
    if ask.op == "average":
        if kind in ("mean", "average"):
            return part_misfit(ask, kind, ops, named, ev.rule)
        if (cell and _AVERAGE_LABEL.search(labels)) or average_named(ops, named.texts, ask):
            return None
        if kind == "written_calculation":
            if "/" in ev.formula or "÷" in ev.formula:
                return None
            return "the question asks for an average; the calculation divides by nothing"
        if cell and (ops[0].field is not None or named.years_in_row(ops[0]) >= 2):
            # (a row of one value: "the average size" describes the quantity, no operation)
            return f"the question asks for an average; this figure is one value ({ops[0].label})"
        if kind in ("sum", "difference", "percent_change"):
            return f"the question asks for an average; this figure is a {kind.replace('_', ' ')}"
        return None
    if ask.op == "sum" and kind in ("mean", "average", "sum"):
        return part_misfit(ask, kind, ops, named, ev.rule)
    if (
        ask.plain
        and cell
        and len(ops) == 1
        and states_change(ops[0])
        and not names_change(ask.text)
        and not names_change(c.sentence.text)
    ):
        return f"the question asks for a value; this figure is a change ({ops[0].label})"
    if ask.plain and len(ask.years) == 1 and kind in ("difference", "percent_change"):
        years = {y for v in ops for y in value_years(v)}
        if len(years) >= 2:
            asked = years_list(ask.years)
            return f"the question asks for a figure of {asked}; this figure is a change"
        return None
    if ask.op == "sum" and cell and (ops[0].table is not None or ops[0].field is not None):
        if TOTAL_LABEL.search(labels) and len({y for v in ops for y in value_years(v)}) != 1:
            return None
        return f"the question asks for a total; this figure is one value ({ops[0].label})"
    return None


# A source value whose own label names a computed quantity ("% change", "ratio", "per share",
# "increase"): quoting it may answer a question that asks for one.
_COMPUTED_LABEL = re.compile(
    r"(?i)%|percent|\brates?\b|\bmargins?\b|\bratios?\b|\byields?\b|\bper\b|\baverage|"
    r"\bchange|\bincrease|\bdecrease|\bgrowth|\bdifference|\bvariance|\bdecline|\breturns?\b|"
    r"\bproportion\b|\bportion\b|\bshare\b|\btimes\b|\bmultiples?\b"
)
_RATED = frozenset({"percent", "pp", "bps", "ratio"})


DIFFERENCE_WHY = "the question asks for a percentage change; this figure is a difference"


def _bare_difference(value: Decimal, precision: Decimal, ops: Sequence[SourceValue]) -> bool:
    """A plain figure derived as the difference of two amounts ("Answer: 62" for 812 -> 874),
    which no percentage change of the same two values also gives at its precision, as a
    percentage or as a fraction: a coarse "-1" or a "0.13" that is both the difference and the
    percentage change of its two values is not judged, nor a difference of two percentages (a
    change in points)."""
    if len(ops) != 2 or any(v.kind in ("percent", "pp", "bps") for v in ops):
        return False
    if any(_PERCENTISH.search(" ".join(x for x in (v.label, v.row, v.column) if x)) for v in ops):
        return False
    for a, b in ((ops[0].value, ops[1].value), (ops[1].value, ops[0].value)):
        if a == 0:
            continue
        rate = abs((b - a) / a)  # as a percentage (17.3) or as a fraction (0.173)
        if min(abs(rate * 100 - abs(value)), abs(rate - abs(value))) <= precision:
            return False
    return True


def _one_value_misfit(
    ask: Ask, cell: bool, ops: Sequence[SourceValue], labels: str, value: Decimal
) -> str | None:
    """One source value quoted where the question asks for a computed figure (a ratio, a share,
    arithmetic on a figure: ``Ask.computed``), when the value's own label does not name such a
    quantity. (A change is not judged so: a change column or a sentence that states the change
    often holds it, with no change word in the value's label.)"""
    if not cell or len(ops) != 1 or value == 0:
        return None  # (a zero computed, "0 of the change", meets any zero of the text)
    if ask.computed and ops[0].kind not in _RATED and not _COMPUTED_LABEL.search(labels):
        if names_quantity(ask.text, ops[0]):
            return None  # "the debt-to-equity ratio" for a row "Debt-to-equity"
        return f"the question asks for a computed figure; this figure is one value ({labels})"
    return None
