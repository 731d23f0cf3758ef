"""Two years of one line that hold equal values: the year the answer or question names is read.

A small table repeats values ("New stores: 80, 120, 95, 120"), so a figure can be met by cells
of two years: 50% is 80 -> 120 from 2020 to 2021 and from 2020 to 2023. The derivations rank
their matches by what they can tell apart (passed, the fit of the wording, how related the
operands are, the distance from the stated value), and two adjacent years are more related: the
2020-2021 match won, and the question's alignment called a right answer about 2020-2023
``off_question`` because its evidence was of 2021. A direct match ("120 in 2023") likewise
showed the 2021 cell. :func:`best_of` and :func:`named_year_first` rank two matches with the
same result from the same line (only their years differ) by how many of their values are of the
years the sentence writes, else those the question asks (:func:`year_fit`); matches from other
lines are ranked as before (a validation-half false alarm rose when they were not).

>>> from crossfoot.model.types import SourceValue
>>> from decimal import Decimal
>>> def cell(y):
...     return SourceValue(Decimal(1), "S1", label=f"{y} / X", year=y, table=0, row=str(y))
>>> year_fit((cell(2020), cell(2023)), frozenset({2020, 2023})), year_fit((cell(2021),), {2023})
(2, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._named_years import value_years

__all__ = ["Ranked", "best_of", "named_year_first", "wanted_years", "year_fit"]

_NOTE = "tie_years.wanted"


def wanted_years(ctx: ClaimContext) -> frozenset[int]:
    """The years the claim's sentence writes, else those its question asks (once per claim)."""
    memo = ctx.notes.get(_NOTE)
    if isinstance(memo, frozenset):
        return memo
    years = frozenset(years_in_text(ctx.sentence.text))
    if not years:
        asked = ctx.shared.get("ask.text")
        years = frozenset(years_in_text(asked)) if isinstance(asked, str) else frozenset()
    ctx.notes[_NOTE] = years
    return years


def year_fit(values: Sequence[SourceValue], wanted: Iterable[int]) -> int:
    """How many of ``values`` are of a wanted year."""
    want = frozenset(wanted)
    return sum(1 for v in values if value_years(v) & want) if want else 0


class Ranked(Protocol):
    """What :func:`best_of` ranks a match by (``rules._derive_shared.Candidate``)."""

    @property
    def passed(self) -> bool: ...
    @property
    def note(self) -> str: ...
    @property
    def related(self) -> int: ...
    @property
    def error(self) -> Decimal: ...
    @property
    def result(self) -> Decimal: ...
    @property
    def operands(self) -> tuple[SourceValue, ...]: ...


R = TypeVar("R", bound=Ranked)


def best_of(ctx: ClaimContext, found: Iterable[R]) -> R | None:
    """The best match: passed first, then no note, the more related operands, the nearer value.
    Two that passed alike with the same result are ranked by the years they are of first
    (:func:`year_fit`), when the sentence or the question names years."""
    best: R | None = None
    for c in found:
        if best is None:
            best = c
            continue
        tie = _tied(ctx, c, best)
        key = (c.passed, c.note == "", c.related, -c.error)
        if key > (best.passed, best.note == "", best.related, -best.error) if tie is None else tie:
            best = c
    return best


def _tied(ctx: ClaimContext, new: Ranked, old: Ranked) -> bool | None:
    """Whether ``new`` beats ``old`` by the years named, when both passed alike with the same
    result from the same lines (only their years differ) and the years tell them apart; None
    otherwise."""
    if new.result != old.result or new.passed != old.passed or new.note != old.note:
        return None
    if sorted(map(_series, new.operands)) != sorted(map(_series, old.operands)):
        return None  # other lines, not the same line's years
    wanted = wanted_years(ctx)
    if not wanted:
        return None
    a, b = year_fit(new.operands, wanted), year_fit(old.operands, wanted)
    return None if a == b else a > b


def _series(v: SourceValue) -> tuple[str, int, str, str, str]:
    """The line a value is of, its year aside: the source, table and the labels that name no
    year (a row "2021" of a column "New stores" and a row "New stores" of a column "2021" are
    both of "New stores")."""
    row = "" if v.row is None or years_in_text(v.row) else v.row
    column = "" if v.column is None or years_in_text(v.column) else v.column
    return (v.source_id, -1 if v.table is None else v.table, v.field or "", row, column)


M = TypeVar("M", bound=tuple[SourceValue, bool, str])


def named_year_first(ctx: ClaimContext, matches: list[M]) -> list[M]:
    """``rules.direct``'s matches, the best first, with the first of those equal to it (same
    value, exactness and line) that is of a year the sentence (else the question) names moved to
    the front: "120 in 2023" of the 2023 cell, not the equal 2021 one."""
    if len(matches) < 2 or matches[1][0].value != matches[0][0].value:
        return matches
    wanted = wanted_years(ctx)
    if not wanted or value_years(matches[0][0]) & wanted:
        return matches
    head = matches[0]
    for i, x in enumerate(matches[1:], 1):
        if x[0].value != head[0].value or x[1] != head[1] or _series(x[0]) != _series(head[0]):
            continue  # (another line's equal value is rules.direct's row choice)
        if value_years(x[0]) & wanted:
            return [x, *matches[:i], *matches[i + 1 :]]
    return matches
