"""A figure of a named row and year met only by a passage's figure about something else.

"The WACC in 2024 is 12.0%" over a table whose WACC row gives 9.5% for 2024, and a passage that
says "an organic revenue growth rate of 12.0%": the value is in prose only, so the wrong-row
reading had no cell to judge and the passage's figure passed. The table states the named row's
figure for that year, and it is another number: the claim is ``wrong_row`` unless a passage
holding the value names that row too ("the WACC applied to the Asia unit was 12.0%").

Only when the sentence names one row best (its words hold every required word of the label)
and a year, the row has a cell of the claim's kind for that year, and no view of that cell meets
the claim at its precision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.rowtables import describe_cell, label_tables, rows_named_by
from crossfoot.language.rowtokens import tokens
from crossfoot.language.years import label_date
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["prose_only_row"]

_RATES = ("percent", "pp")


def _named_cell(
    ctx: ClaimContext, words: set[str], year: int, date: tuple[int, int, int] | None
) -> tuple[SourceValue, frozenset[str]] | None:
    """The one cell of the row the words name best, for ``year`` (and the full ``date`` the
    sentence states, if one: "$100 on September 18, 2008" is no December 31, 2008 cell), of the
    claim's kind (with the row's required words); None when no table, or more than one, states
    it."""
    m = ctx.mention
    rate = m.kind in _RATES
    found: list[tuple[SourceValue, frozenset[str]]] = []
    for source in ctx.scope.sources:
        for table in label_tables(source).values():
            named = rows_named_by(table, words)
            if not named:
                continue
            top = max(named.values())
            best = [n for n, score in named.items() if score == top]
            if len(best) != 1:
                return None  # the words cannot tell which row
            cells = [
                sv
                for sv in table.cells
                if sv.row == best[0]
                and sv.year == year
                and (sv.kind in _RATES) == rate
                and (date is None or label_date(sv.column or "") == date)
            ]
            if cells:
                found.append((cells[0], table.req[best[0]]))
                if any(abs(abs(sv.value) - abs(m.value)) <= m.precision for sv in cells):
                    return None  # a view of the named cell meets the claim
    return found[0] if len(found) == 1 else None


_STOP = re.compile(r"[.!?][\"\u201d')]?\s")  # a sentence's end ('Return." Our ...')
_REACH = 400  # characters read on either side of a prose value for its sentence


def _sentence(text: str, a: int, b: int) -> str:
    """The source sentence around ``text[a:b]`` ("... recognized $417 million and $146 million,
    respectively, of amortization related to its transition costs"), at most _REACH aside."""
    lo = max(0, a - _REACH)
    for stop in _STOP.finditer(text, lo, a):
        lo = stop.end()
    after = _STOP.search(text, b, b + _REACH)
    return text[lo : b + _REACH if after is None else after.start()]


def prose_only_row(
    ctx: ClaimContext,
    prose: Sequence[SourceValue],
    words: set[str],
    year: int | None,
    date: tuple[int, int, int] | None = None,
) -> Verdict | None:
    """``wrong_row`` for a figure met only by prose values when the table states the named row's
    figure for the named year as another number (module docstring); else None."""
    if year is None or not prose or any(sv.span is None for sv in prose):
        return None
    got = _named_cell(ctx, words, year, date)
    if got is None:
        return None
    cell, required = got
    for sv in prose:
        source = ctx.scope.source(sv.source_id)
        if source is None or sv.span is None:
            return None
        if required <= set(tokens(_sentence(source.text, *sv.span))):
            return None  # the passage's sentence holding the value names the row too
    formula = (
        f"value is {prose[0].describe()}, a passage's figure; the sentence names "
        f"{describe_cell(cell)} = {cell.value:,}"
    )
    return Verdict("wrong_row", Evidence("rows", "wrong_row", formula, (prose[0],)), formula)
