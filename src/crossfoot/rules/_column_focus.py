"""Which columns of a result set a claim's sentence leaves to it by the period it names.

A column of a year ("sales_2023") or of a part of one ("q3", "Jan 2024") holds that period's
figures: a total, a mean, a share or a sum of its cells (:mod:`crossfoot.rules.rowsums`) is of
that period, and a sentence that names another year or quarter speaks of another column.
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.language.period_columns import QUARTER, column_period
from crossfoot.language.years import YEAR
from crossfoot.model.context import ClaimContext
from crossfoot.rules._derive_shared import _focus

__all__ = ["column_in_focus"]


def column_in_focus(ctx: ClaimContext, name: str) -> bool:
    """Whether a column named ``name`` may hold the claim's figure by the period its sentence
    names: a column of a year ("sales_2023", "2023") or of a part of one ("q3", "Jan 2024")
    keeps to the years the sentence states and to the one month, quarter or half it names,
    as a derivation's operands do (:func:`crossfoot.rules._derive_shared.focus_ok`). A column
    of no period fits every sentence. For the kinds of :mod:`crossfoot.rules.rowsums` that read
    one column (its total, mean, shares, sums of its named cells): "Alpha and Beta together sold
    310 in Q4" is no sum of their Q3 cells.
    """
    year, code = _name_period(name)
    if year is None and code is None:
        return True  # (most columns: the claim's focus is not read for them)
    f = _focus(ctx)
    if not f.years and f.month is None:
        return True
    named = f.month if isinstance(f.month, tuple) else (f.month,) if f.month else ()
    if named and code is not None and _kind(code) == _kind(named[0]) and code not in named:
        return False
    return not f.years or year is None or f.years[0] <= year <= f.years[-1]


def _kind(code: int) -> int:
    return code // QUARTER  # 0 a month, 1 a quarter, 2 a half


@lru_cache(maxsize=4096)  # a result set's column names come back answer after answer
def _name_period(name: str) -> tuple[int | None, int | None]:
    """The year and the part of one (a period code) a column's name names, each or None."""
    got = column_period(name)
    if got is not None:
        return got
    years = {int(y) for y in YEAR.findall(name)}
    return (years.pop() if len(years) == 1 else None), None
