"""The days a sentence names, and operands that fit them: rows of a result set by day or week.

A result set of daily or weekly rows ("2024-01-01", "2024-01-08", ...) gives each row a day
(``SourceValue.period``: ``DAY + 100 * month + day``, sources.rows_months). A sentence names days
as "January 22", "Jan 22, 2024", "22 January" or "2024-01-22". When it names one or two, a
derivation's operands of day rows must be on them: both on the named days for a change between
two ("grew 20.0% from January 15 to January 22"), and for a change into one named day ("grew
20.0% in the week of January 22") the later on that day and the other before it. A year written
with a day must be the row's year; a day written without one fits that day of any year. The
days are read by :func:`crossfoot.language.day_names.named_days`.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.day_names import Day, named_days
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows_months import DAY

__all__ = ["days_fit"]


def _fits(row: tuple[int | None, int], said: Day) -> bool:
    return row[1] == said[1] and (said[0] is None or row[0] is None or row[0] == said[0])


def days_fit(ctx: ClaimContext, operands: Sequence[SourceValue], change: bool) -> bool:
    """Whether the operands of day rows are on the days the claim's sentence names (see the
    module docstring); True when it names none, or no operand is of a day row."""
    rows = [(p[0], p[1] - DAY) for v in operands if (p := v.period) is not None and p[1] > DAY]
    if not rows:
        return True
    memo: dict[tuple[int, int], tuple[Day, ...]]
    memo = ctx.shared.setdefault("day_focus.named", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    said = memo.get(key)
    if said is None:
        said = memo[key] = named_days(ctx.sentence.text)
    if not said or len(said) > 2:
        return True
    if len(said) == 2 or not change or len(rows) != 2:
        return all(any(_fits(r, s) for s in said) for r in rows)
    # a change into the one day named: the later operand on it, the other before it
    first, last = sorted(rows, key=lambda r: (r[0] or 0, r[1]))
    return _fits(last, said[0]) and not _fits(first, said[0])
