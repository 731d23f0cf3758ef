"""An operation over a row the question names and a row it names something else instead of.

"What is the sum of Greater China operating income and Americas operating income in 2019?"
answered "The Greater China operating income in 2019 is $79,994 and the total revenue in 2019
is $131,248. The total is 79,994 + 131,248 = $211,242." does the asked operation on one asked
row and one other. ``rules.alignment._placed`` judges a derivation only when every operand is
of another row than the question names; for :func:`crossfoot.rules.alignment.misfit`, a figure
is off the question too when it combines two table cells or more (a sum, a difference, a ratio,
an average, the answer's own calculation), one of a row the question names and another of a
row the question names something else instead of (``rules._named.Named.misnamed``: a row the
question half names, or whose words all stand in the question, "revenue" of "the cost to
revenue ratio", is not judged), when the answer
shows the figures it combines (its own calculation or its stated values: a figure the search
derives alone names no operands of the answer's; the search may meet it over other rows).
"""

from __future__ import annotations

from typing import Protocol

from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._shown import SHOWN

__all__ = ["stray_operand"]


class Named(Protocol):
    """What this reading takes of :class:`crossfoot.rules._named.Named`."""

    _words: frozenset[str]

    def names(self, v: SourceValue, axis: str) -> bool: ...

    def misnamed(self, v: SourceValue) -> str | None: ...


def stray_operand(base: Evidence, named: Named) -> str | None:
    """Why ``base`` takes a named row and a row the question does not name, or None."""
    ops = base.operands
    if base.rule not in SHOWN or len(ops) < 2 or any(v.table is None or not v.row for v in ops):
        return None
    asked = [named.names(v, "row") for v in ops]
    if not any(asked) or all(asked):
        return None
    for v, ok in zip(ops, asked, strict=True):
        # (a row whose words the question writes inside a fuller label's, "revenue" of "the
        # cost to revenue ratio", may be the base it means: only a row it leaves unsaid)
        if ok or required_tokens(v.row or "") <= named._words:
            continue
        meant = named.misnamed(v)
        if meant is not None:
            return f"the question names {meant!r}; this figure takes {v.label or v.row} as well"
    return None
