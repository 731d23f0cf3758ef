"""The values of a group in the years a claim names, for the derivation search (rules.derive).

A coarse figure ("-1", "3.4") is derived only exactly, from the table rows the answer names or,
when it names none, from the values of the years it names (:func:`year_focus`). Figures of
running text have no rows: a prose pool too large for the figure's limit is searched within the
figures the claim names by subject and year (:func:`prose_focus`), as a table within its named
rows. A claim that names no year at all, nor does its question (a turn that points back to the
years the earlier turns gave: "between those two years, what was the variation in total
debt?"), is searched within the prose figures it names by subject (:func:`subject_focus`), and,
naming none of those either ("what is the net change?"), over a group of at most
:data:`_WHOLE` values whole, for a figure of two significant digits or more.
"""

from __future__ import annotations

import re
from fractions import Fraction

from crossfoot.language.rowfocus import focus_group, focus_text
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import period, years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import group_too_large
from crossfoot.rules._prose_subject import prose_named
from crossfoot.rules._sub_period_focus import sub_period_focus
from crossfoot.rules._year_rows import year_rows_column

__all__ = ["coarse_group", "named_years", "prose_focus", "subject_focus", "year_focus"]


def named_years(ctx: ClaimContext) -> set[int]:
    """The years the claim's sentence (or the one before) names, else the question's."""
    years = set(years_in_text(focus_text(ctx)))
    asked = ctx.shared.get("ask.context")  # the user's question, earlier turns included
    if not years and isinstance(asked, str) and asked != ctx.shared.get("ask.text"):
        years.update(years_in_text(asked))
    return years


def year_focus(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The values of ``group`` in the years the claim's sentence (or the one before) names:
    ``group`` itself when every value is of those years (a table of the two years a change is
    asked between)."""
    years = named_years(ctx)
    if not years:
        return None
    picked = [v for v in group.values if (p := period(v)) is not None and p[0] in years]
    if not picked:
        return None
    return ValueIndex(picked) if len(picked) < len(group) else group


def prose_focus(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The figures of running text in ``group`` that the claim names as a table's rows are
    named: of a year its sentence (or the one before, or the question) names, the prose reader
    having read that year from the figure's own sentence, and with a content word of what the
    claim names in that sentence ("capital expenditures ... $852 million in 2009, and $926
    million in 2008" for "the change in capital expenditures from 2008 to 2009")."""
    years = named_years(ctx)
    if not years:
        return None
    picked = [v for v in group.values if v.year in years and prose_named(ctx, v)]
    return ValueIndex(picked) if len(picked) > 1 else None


def coarse_group(ctx: ClaimContext, group: ValueIndex, limit: int) -> ValueIndex | None:
    """Where a coarse figure is searched (exactly): the table rows the answer names, else the
    values of the years it names and, when those are too many, the prose figures among them
    that it names by subject (rules._year_focus); None when that is still too large."""
    named = focus_group(ctx, group, whole=True)
    if named is None:
        named = year_focus(ctx, group)
        if named is None:  # "from Q1 to Q4", no year
            named = sub_period_focus(ctx, group)
        if named is group:
            named = _partly_named(ctx, group)
    named = year_rows_column(ctx, group, named)  # "Year | New stores": the column named
    if named is not None and group_too_large(named, limit):
        named = prose_focus(ctx, named)
    if named is None and _names_no_year(ctx):
        named = subject_focus(ctx, group)
        if named is None and _digits(ctx) >= 2 and not group_too_large(group, _WHOLE):
            named = group  # an ask that names nothing: the earlier turns named the operands
    return None if named is None or group_too_large(named, limit) else named


_WHOLE = 12  # values of a group searched whole for a claim that names nothing of it


def _partly_named(ctx: ClaimContext, group: ValueIndex) -> ValueIndex:
    """A table whose every value is of the years the claim names, narrowed to the row it names
    in part when it names any so: the rows whose words it holds the largest share of
    ("licensing revenue" holds half of *Royalty revenues*; "deferred income" half of *Deferred
    revenue*, a third of *Deferred selling costs*, whose change is no answer to it); the whole
    table when it names none of its rows' words."""
    words = set(tokens(focus_text(ctx)))
    share: dict[str, Fraction] = {}
    for v in group.values:
        if v.row and v.row not in share:
            req = required_tokens(v.row)
            share[v.row] = Fraction(len(req & words), len(req)) if req else Fraction(0)
    best = max(share.values(), default=Fraction(0))
    if not best:
        return group
    rows = {r for r, f in share.items() if f == best}
    return ValueIndex([v for v in group.values if v.row in rows])


def _names_no_year(ctx: ClaimContext) -> bool:
    """Neither the claim's sentence (or the one before) nor the question names a year: the
    turn points back to the years the earlier turns gave. (The rules run again over the rows a
    question names (engine._rerun), hold its words in ``notes`` only: not read as naming none.)"""
    if named_years(ctx) or "question" in ctx.notes:
        return False
    asked = (ctx.shared.get(k) for k in ("ask.text", "ask.context"))
    return not any(isinstance(a, str) and years_in_text(a) for a in asked)


def _digits(ctx: ClaimContext) -> int:
    """Significant digits of the claim ("45", "2.7": 2; "5", "0.1": 1, which meet some exact
    difference of a small group too easily)."""
    return len(ctx.mention.value.normalize().as_tuple().digits)


def subject_focus(ctx: ClaimContext, group: ValueIndex) -> ValueIndex | None:
    """The figures of running text in ``group`` that the claim names by subject, when it names
    no year at all: a turn that points back to the years an earlier turn gave ("between those
    two years, what was the variation in total debt?", "over that period") still names what it
    asks about, and the prose figures of that subject are the ones it can mean."""
    picked = [v for v in group.values if prose_named(ctx, v) and not _range_end(ctx, v)]
    return ValueIndex(picked) if len(picked) > 1 else None


# The words before an end of a range ("useful lives ranging from 20 to 45 years", "between $ 2
# and $ 3 billion"): two ends of one range are no change from one level to the other.
_RANGE_BEFORE = re.compile(
    r"(?i)\b(?:rang(?:e|es|ed|ing)|between)\s+(?:from\s+)?(?:[$€£]\s*)?"
    r"(?:[\d.,]+\s*(?:%|percent|million|billion|thousand)?\s*(?:to|and|-|–)\s*(?:[$€£]\s*)?)?$"
)


def _range_end(ctx: ClaimContext, v: SourceValue) -> bool:
    """Whether prose figure ``v`` is an end of a range its sentence states."""
    src = ctx.scope.source(v.source_id)
    if src is None or v.span is None:
        return False
    return _RANGE_BEFORE.search(src.text, max(0, v.span[0] - 60), v.span[0]) is not None
