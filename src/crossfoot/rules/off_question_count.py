"""An average or a total over another number of years than the question counts.

"What was the average revenue over the three years?", "... across the 3 years", "... for all 3
years", "the total over the last two years": the question counts the years it averages (or
adds). ``language.asked`` reads "the three years" as pointing back to years named elsewhere (an
earlier turn, the table's), so which years stay open; how many does not. For
:func:`crossfoot.rules.alignment.misfit`, after
:func:`crossfoot.rules.alignment_part.part_misfit`, a mean or a sum of one table row's values
is ``off_question`` when:

- the question writes one count of years after a word that fixes it ("the", "all", "those",
  "these", "last", "past", "previous", "prior", "over", "across": "the 3 years", "all three
  fiscal years", "over the 3-year period"), and no other count;
- the figure's values are of one row, each of one year, and take another number of years than
  that count;
- the row holds at least that many years (an answer over a table of two years cannot take three);
- the answer shows the calculation (its steps or a written calculation: ``rules._shown.SHOWN``):
  a bare figure that some cells' mean meets may be a coarse figure's coincidence, and a count
  in a conversation's later turn may be of earlier turns' figures (both not judged).

With "the last (past, recent, latest) N years", a mean of N years other than the row's latest N
is ``off_question`` too (:func:`latest_misfit`).

"The average over the three years" taken over three years passes, whichever three; a count of
years that is no span ("within 5 years", "in 3 years' time", "payments due after 5 years") is
not read: it follows none of the fixing words, or it is the label of a period column.

The count is read by :func:`crossfoot.language.counted_year.asked_count`.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.counted_year import asked_count, asks_latest
from crossfoot.model.types import SourceValue
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_part import part_misfit as _part_misfit
from crossfoot.rules.alignment_part import years_list

__all__ = ["count_misfit", "counted", "latest_misfit", "part_misfit"]


def counted(ask: Ask) -> int | None:
    """The count of years a question of one turn fixes, or None. In a conversation the count
    may be of the periods of earlier turns, whose figures need not be one row's cells ("the
    average of the three years" over a prose figure and two cells): not read there."""
    if ask.context and ask.context != ask.text:
        return None
    return asked_count(ask.text)


def part_misfit(
    ask: Ask, kind: str, ops: Sequence[SourceValue], named: Named, rule: str = ""
) -> str | None:
    """:func:`crossfoot.rules.alignment_part.part_misfit`, then, for a calculation the answer
    shows (``rule``: the evidence's), :func:`count_misfit` and :func:`latest_misfit`. (A bare
    figure that a mean of some cells meets may be a coarse figure's coincidence: measured, one
    ConvFinQA reference's bare figure was read so on the validation half.)"""
    found = _part_misfit(ask, kind, ops, named)
    if found is not None or rule not in SHOWN:
        return found
    return count_misfit(ask, kind, ops, named) or latest_misfit(ask, kind, ops, named)


def count_misfit(ask: Ask, kind: str, ops: Sequence[SourceValue], named: Named) -> str | None:
    """Why a ``kind`` (a mean or a sum) of ``ops`` takes another number of years than the
    question counts, in words, or None (see the module)."""
    if len(ops) < 2 or ops[0].table is None:
        return None
    n = counted(ask)
    if n is None or len(ops) == n:
        return None
    first = ops[0]
    if any(
        (v.source_id, v.table, v.row_index) != (first.source_id, first.table, first.row_index)
        for v in ops
    ):
        return None
    years: set[int] = set()
    for v in ops:
        ys = value_years(v)
        if len(ys) != 1:
            return None
        years |= ys
    if len(years) != len(ops) or named.years_in_row(first) < n:
        return None
    if kind == "sum" and len(years) < n:
        # a year whose cell is nil adds nothing: a sum of the others is the sum of all
        nils = sum(1 for y, x in _row(named, first).items() if y not in years and x == 0)
        if len(years) + nils >= n:
            return None
    return f"the question asks about {n} years; this {kind} takes {len(years)} ({first.row})"


def _row(named: Named, first: SourceValue) -> dict[int, Decimal]:
    """The values of ``first``'s row (its view) by year, those of one year each."""
    key = (first.source_id, first.table, first.row_index, first.view)
    row: dict[int, Decimal] = {}
    for v in named.values:
        if (v.source_id, v.table, v.row_index, v.view) == key and len(ys := value_years(v)) == 1:
            row.setdefault(min(ys), v.value)
    return row


def latest_misfit(ask: Ask, kind: str, ops: Sequence[SourceValue], named: Named) -> str | None:
    """Why a ``kind`` of ``ops`` over the count of years the question asks ("the last two
    years") is not over the row's latest years, in words, or None."""
    n = counted(ask)
    if n is None or len(ops) != n or ops[0].table is None or not asks_latest(ask.text):
        return None
    row = set(_row(named, ops[0]))
    taken = {y for v in ops for y in value_years(v)}
    latest = set(sorted(row)[-n:])
    if len(taken) != n or len(row) < n or taken == latest or not taken <= row:
        return None
    asked, got = years_list(latest), years_list(taken)
    return f"the question asks about the last {n} years, {asked}; this {kind} is of {got}"
