"""A change "since" a year runs from that year to the latest one of its table.

"Services revenue has grown 60% since 2021" over columns 2021 to 2024 is the change from 2021 to
2024: the sentence states one year, the base, and the other end is now. A stated base year
otherwise lets a change end only in the year after it ("grew 12% from 2022"), which refused the
right pair; a later year that is not the table's latest is still no end of it (2021 to 2023 is
no change "since 2021" when 2024 is in the table).

The sentence's years are read by :mod:`crossfoot.language.since_year`.
"""

from __future__ import annotations

from crossfoot.language.since_year import since_years
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import SourceValue

__all__ = ["change_end"]


def _latest_years(groups: tuple[ValueIndex, ...]) -> dict[tuple[str, int | None], int]:
    """The latest year of each table of ``groups``."""
    latest: dict[tuple[str, int | None], int] = {}
    for group in groups:
        for v in group.values:
            p = period(v) if v.table is not None else None
            if p is not None and p[0] > latest.get((v.source_id, v.table), 0):
                latest[(v.source_id, v.table)] = p[0]
    return latest


def change_end(ctx: ClaimContext, hi: int, base: bool, v: SourceValue, y: int) -> bool:
    """Whether ``v``, of year ``y``, may be an operand of a change whose sentence states the one
    year ``hi``: "grew 12% in 2024" runs from 2023 or 2024 into 2024, "grew 12% from 2022" from
    2022 into 2023, and "has grown 60% since 2021" from 2021 into its table's latest year."""
    if base and v.table is not None and "ince" in ctx.sentence.text:
        if str(hi) in since_years(ctx.sentence.text):
            latest = per_answer(ctx, "since_year.latest", ctx.scope.groups, _latest_years)
            return y == hi or y == latest.get((v.source_id, v.table))
    return y in ((hi, hi + 1) if base else (hi, hi - 1))
