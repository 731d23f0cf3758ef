"""The unit of a written calculation whose scale word stands only on its result.

"Container throughput was 211.5 + 168.4 + 148.5 = 528.4 million": the operands are the digits of
cells under "(in millions)", the result carries the unit for all of them. The sum adds up either
way, so the calculation alone cannot tell "528.4 million" from "528.4 billion"; the operands'
sources can. When every operand is the digits of a source value stated in one unit (a cell under a
unit header, a prose "$211.5 million" quoted as "211.5"), the result is in that unit, and a result
in another scale is an ``arithmetic_error`` that names the unit.

Used by :func:`crossfoot.rules.arithmetic.written_calculation` once the calculation adds up and
its operands are grounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.arithmetic.calculations import Calculation
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Evidence, SourceValue, format_decimal

__all__ = ["result_unit_error", "stated_unit"]

_UNIT_NAMES = {
    Decimal(10) ** 3: "thousands",
    Decimal(10) ** 6: "millions",
    Decimal(10) ** 9: "billions",
    Decimal(10) ** 12: "trillions",
}
_Key = tuple[object, ...]


def _key(v: SourceValue) -> _Key | None:
    """What ties a value's written view to its scaled one: the cell, or the prose span."""
    if v.table is not None and v.row_index is not None and v.col_index is not None:
        return (v.source_id, "cell", v.table, v.row_index, v.col_index)
    if v.span is not None:
        return (v.source_id, "span", v.span)
    return None


def _scaled_views(ctx: ClaimContext) -> dict[_Key, Decimal]:
    """The scaled value of every source value that also has a written view, once per scope."""
    memo: dict[int, tuple[ValueIndex, dict[_Key, Decimal]]]
    memo = ctx.shared.setdefault("calc_units.views", {})  # type: ignore[assignment]
    index = ctx.scope.index
    hit = memo.get(id(index))
    if hit is not None and hit[0] is index:
        return hit[1]
    views: dict[_Key, Decimal] = {}
    for v in index.values:
        if v.view == "true" or (v.view == "both" and v.span is not None):
            key = _key(v)
            if key is not None:
                views.setdefault(key, v.value)
    memo[id(index)] = (index, views)  # the index is held, so its id() is not reused meanwhile
    return views


def stated_unit(ctx: ClaimContext, v: SourceValue) -> Decimal | None:
    """The unit ``v``'s digits are stated in (10**6 for "211.5" of "$211.5 million"), if any."""
    if v.view != "written" or v.value == 0:
        return None
    key = _key(v)
    scaled = _scaled_views(ctx).get(key) if key is not None else None
    if scaled is None:
        return None
    unit = abs(scaled / v.value)
    return unit if unit in _UNIT_NAMES else None


def result_unit_error(
    ctx: ClaimContext, calc: Calculation, operands: Sequence[SourceValue]
) -> Verdict | None:
    """``arithmetic_error`` when the result's scale word is not the unit its unscaled operands
    are stated in (see the module docstring), else None.

    >>> import json
    >>> from crossfoot import check
    >>> table = json.dumps([["(in millions)", "2024", "2023"], ["Sales", "211.5", "168.4"]])
    >>> check("Sales were 211.5 + 168.4 = 379.9 billion.", [table]).claims[-1].message[:58]
    'the operands are stated in millions, so the result is 379.'
    """
    result = ctx.mention
    if result.scale_word is None or result.kind not in ("money", "number") or not operands:
        return None
    constants = set(calc.constants)
    for i in calc.operands:
        if i not in constants and i != ctx.position and ctx.mentions[i].scale != 1:
            return None  # an operand states its own scale: the calculation reads it
    units = {stated_unit(ctx, v) for v in operands}
    if len(units) != 1:
        return None
    unit = units.pop()
    if unit is None or unit == result.scale:
        return None
    name = _UNIT_NAMES[unit]
    # The calculation adds up in the digits as written: its value is the result's digits.
    shown = f"{format_decimal(calc.value)} {name[:-1]}"
    formula = f"{calc.formula} = {shown} (its operands are in {name}), not {result.text.strip()}"
    message = f"the operands are stated in {name}, so the result is {shown}: {formula}"
    evidence = Evidence(
        "arithmetic", "written_calculation", formula, tuple(operands), calc.value * unit
    )
    return Verdict("arithmetic_error", evidence, message)
