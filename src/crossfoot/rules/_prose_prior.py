"""The prose figures a coarse change "in <year>" runs from: those of the year before.

A coarse figure ("rose $1.3 million in 2009", "grew by roughly $480 million in 2023") is derived
only exactly, within the values of the years its sentence names (rules._year_focus). A table's
row holds both years and is found by its name; a figure of running text has no row, so the
figure of 2008 a change in 2009 runs from was left out, and a true change was unsupported. When
the claim's sentence words a change and names one year, the prose figures of the year before
that the claim names by subject join the search.

>>> prior_years({2009})
{2008}
>>> prior_years({2008, 2009})
set()
"""

from __future__ import annotations

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_next_year import next_years
from crossfoot.rules._derive_shared import group_too_large
from crossfoot.rules._prose_pairs import worded_kinds
from crossfoot.rules._prose_subject import prose_named
from crossfoot.rules._year_focus import named_years

__all__ = ["prior_years", "with_prior_year"]


def prior_years(years: set[int]) -> set[int]:
    """The year before the one year a change is said to happen in (none for two or more
    years: a change between them names both)."""
    return {next(iter(years)) - 1} if len(years) == 1 else set()


def _prose_by_year(group: ValueIndex) -> dict[int, list[SourceValue]]:
    """The prose figures of ``group`` by year (once per answer: not a scan per claim)."""
    out: dict[int, list[SourceValue]] = {}
    for v in group.values:
        if v.table is None and v.span is not None and v.year is not None:
            out.setdefault(v.year, []).append(v)
    return out


def with_prior_year(
    ctx: ClaimContext, group: ValueIndex, named: ValueIndex, limit: int
) -> ValueIndex:
    """``named`` (the values of ``group`` a coarse claim is searched in) with the prose figures
    of ``group`` of the year before the one its sentence names, named by subject, when the
    claim words a change and ``named`` holds a prose figure (and stays within ``limit``)."""
    if "difference" not in worded_kinds(ctx) or not any(
        v.table is None and v.span is not None for v in named.values
    ):
        return named
    years = named_years(ctx)
    before = next_years(years, focus_text(ctx)) or prior_years(years)  # "% of the 2011 total"
    if not before:
        return named
    have = {id(v) for v in named.values}
    by_year = per_answer(ctx, "prose_prior.by_year", group, _prose_by_year)
    extra = [
        v for y in before for v in by_year.get(y, ()) if id(v) not in have and prose_named(ctx, v)
    ]
    if not extra:
        return named
    wider = ValueIndex([*named.values, *extra])
    return named if group_too_large(wider, limit) else wider
