"""Claim contexts built by hand for the rule tests (source values from vector specs, one
mention in one sentence, the values as one group or several)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Mention, Sentence, SourceValue
from crossfoot.rules import ClaimContext, Options, Scope

_INT_FIELDS = ("year", "table", "row_index", "col_index")
_STR_FIELDS = ("kind", "label", "field", "row", "column", "view", "currency")


def source_value(spec: dict[str, Any]) -> SourceValue:
    kwargs: dict[str, Any] = {k: spec[k] for k in _STR_FIELDS + _INT_FIELDS if k in spec}
    return SourceValue(Decimal(spec["value"]), spec.get("source", "R1"), **kwargs)


def make_ctx(
    text: str,
    claim: str,
    kind: str,
    value: Decimal,
    precision: Decimal,
    values: list[SourceValue],
    *,
    currency: str | None = None,
    options: Options | None = None,
    groups: list[list[SourceValue]] | None = None,
    high: Decimal | None = None,
) -> ClaimContext:
    start = text.index(claim)
    m = Mention(
        claim,
        start,
        start + len(claim),
        value,
        kind,  # type: ignore[arg-type]
        precision,
        currency=currency,
        negative=value < 0,
        high=high,
    )
    index = ValueIndex(values)
    pools = (index,) if groups is None else tuple(ValueIndex(g) for g in groups)
    scope = Scope((), False, index, pools)
    return ClaimContext(
        m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, options or Options()
    )
