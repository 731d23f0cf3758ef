"""Which result sets an answer's words read whole (``AnswerOperands.sources_for``).

Some words put every cell of every row in an answer's sources: a rank ("the highest"), a bar
of the answer's own ("3 of the 4 regions exceeded $4M", "only East exceeded $4M"), every row
("every region grew"): those are about the rows of any table, and are read against every row.
Others are about a series of periods: "grew every month", "month over month", a count of
rows or years by a move ("rose in 2 of the 5 years", "138 orders" after "grew"). Those rules
(``rules.worded_rows``, ``rules.counts``' moves) walk periods: rows by month, quarter, day or
year, or columns by period. A large result set with periods nowhere ("item 1" ... "item
20000", measures of no period) gives them nothing to walk, and reading it whole cost seconds a
trace (180,000 cells made sources, then read by every rule: docs/speed.md, round 41, trace56
and trace57). Such a table keeps, for those words, the rows the answer names and the cells
near its figures, as any other answer does; a table of :data:`WHOLE_ROWS` rows or fewer is read
whole as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from crossfoot.language.extremes import may_rank
from crossfoot.language.line_words import may_lead
from crossfoot.language.multiples import may_multiply
from crossfoot.language.owncount import may_count_own, own_count_at, states_own_count
from crossfoot.language.period_columns import column_period
from crossfoot.language.rowbars import exclusive_bar
from crossfoot.language.trends import every_period, every_row
from crossfoot.model.types import Mention

__all__ = [
    "EVERY_ROW",
    "OWN_COUNT",
    "PERIODS",
    "WHOLE_ROWS",
    "periods_in",
    "reads_every_row",
    "whole_reading",
]

#: Up to this many rows a result set is read whole for an answer whose words ask it, periods
#: or not (the generated result sets of ``benchmarks/trace_fast_check.py --large`` reach 250).
WHOLE_ROWS = 250

#: :func:`whole_reading`'s answers: every table whole; the tables holding periods whole; a
#: count of the answer's own (by a bar: every table; by a move: periods).
EVERY_ROW, PERIODS, OWN_COUNT = 2, 1, 3

_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def whole_reading(text: str, mentions: Sequence[Mention], asked: bool = False) -> int:
    """:data:`EVERY_ROW` when ``text`` (or its question: ``asked``) reads every row of any
    table, :data:`PERIODS` when its words read a series of periods only, :data:`OWN_COUNT`
    when it states a count of its own (:func:`reads_every_row` tells which), else 0. (Asked
    in the order ``AnswerOperands.sources_for`` asked before: a count's readings memo.)"""
    if asked or may_rank(text) or may_lead(text):  # (lead: "hit its low of 45 in April")
        return EVERY_ROW
    own = states_own_count(text, mentions)
    if (
        exclusive_bar(text)
        or every_row(text)  # "every region grew in 2024" (rules._every_row_moves)
        or (may_multiply(text) and all(m.kind == "year" for m in mentions))  # "doubled"
    ):
        return EVERY_ROW
    if own:
        return OWN_COUNT
    return PERIODS if every_period(text) else 0  # "grew every month" (rules.worded_rows)


def reads_every_row(wide: int, text: str, mentions: Sequence[Mention]) -> bool:
    """Whether :func:`whole_reading`'s ``wide`` reads every row of a table holding no periods:
    a count with a bar of its own does; one by a move, or of years by a sign, reads periods
    (language.owncount.own_ask, language.year_signs). Asked only of such a table."""
    if wide != OWN_COUNT:
        return wide == EVERY_ROW
    return may_count_own(text) and any(own_count_at(text, m, moves=False) for m in mentions)


def periods_in(table: Any) -> bool:
    """Whether the kept result set ``table`` (:class:`crossfoot.sources.rows_table.RowTable`)
    is read whole for words of periods: :data:`WHOLE_ROWS` rows or fewer, or periods in it (a
    column of months, quarters or days; rows by year; columns named by a period or a year)."""
    return (
        table.rows <= WHOLE_ROWS
        or table.memo.get("month column") is not None
        or bool(table.row_year_map())
        or any(column_period(c) is not None or _YEAR.search(c) for c in table.info.columns)
    )
