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

__all__ = ["EVERY_ROW", "PERIODS", "WHOLE_ROWS", "periods_in", "whole_reading"]

#: Up to this many rows a result set is read whole for an answer whose words ask it, periods
#: or not (the generated result sets of ``benchmarks/trace_fast_check.py --large`` reach 250).
WHOLE_ROWS = 250

#: :func:`whole_reading`'s answers: every table whole; the tables holding periods whole.
EVERY_ROW, PERIODS = 2, 1

_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def whole_reading(text: str, mentions: Sequence[Mention], asked: bool = False) -> int:
    """:data:`EVERY_ROW` when ``text`` (or its question: ``asked``) reads every row of any
    table, :data:`PERIODS` when its words read a series of periods only, else 0."""
    if (
        asked
        or may_rank(text)
        or may_lead(text)  # "hit its low of 45 in April" (rules.line_extreme)
        or exclusive_bar(text)
        or every_row(text)  # "every region grew in 2024" (rules._every_row_moves)
        or (may_multiply(text) and all(m.kind == "year" for m in mentions))  # "doubled"
    ):
        return EVERY_ROW
    if every_period(text):  # "grew every month": each month's row (rules.worded_rows)
        return PERIODS
    if not states_own_count(text, mentions):
        return 0
    # a count with a bar of its own reads every row; one by a move, or of years by a sign,
    # reads periods (language.owncount.own_ask, language.year_signs)
    if may_count_own(text) and any(own_count_at(text, m, moves=False) for m in mentions):
        return EVERY_ROW
    return PERIODS


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
