"""Two years that hold equal values: the year the answer or the question names is the one read.

A small table repeats values ("New stores: 80, 120, 95, 120"), so a figure can be met by cells
of two years: 50% is 80 -> 120 from 2020 to 2021 and from 2020 to 2023. The rules rank their
matches by what they can tell apart (passed, the fit of the wording, the distance from the
stated value); on a tie they kept the first found, which is the earlier column or row, and the
question's alignment then called a right answer about 2020-2023 ``off_question`` because its
evidence was of 2021. On such a tie the match whose values are more of the years the sentence
writes (else the question asks) wins: :func:`prefers`.

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

__all__ = ["Ranked", "best_of", "year_fit"]

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
    result and the years tell them apart; None otherwise."""
    if new.result != old.result or new.passed != old.passed or new.note != old.note:
        return None
    wanted = wanted_years(ctx)
    if not wanted:
        return None
    a, b = year_fit(new.operands, wanted), year_fit(old.operands, wanted)
    return None if a == b else a > b


M = TypeVar("M", bound=tuple[SourceValue, bool, str])


def named_year_first(ctx: ClaimContext, matches: list[M]) -> list[M]:
    """``rules.direct``'s matches, the best first, with the first of those equal to it (same
    value, same exactness) that is of a year the sentence (else the question) names moved to
    the front: "120 in 2023" of the 2023 cell, not the equal 2021 one."""
    if len(matches) < 2 or matches[1][0].value != matches[0][0].value:
        return matches
    wanted = wanted_years(ctx)
    if not wanted or value_years(matches[0][0]) & wanted:
        return matches
    head = matches[0]
    for i, x in enumerate(matches[1:], 1):
        if x[0].value != head[0].value or x[1] != head[1]:
            continue
        if value_years(x[0]) & wanted:
            return [x, *matches[:i], *matches[i + 1 :]]
    return matches
