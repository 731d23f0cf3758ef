"""A year that names a row, not a period: "the 4.00% senior notes due December 2027".

:func:`crossfoot.rules._named_years.years_fit` wants a table cell of a year the question asks.
A question names some rows by a year of their own label, a maturity or a vintage ("What was the
fair value of the 4.00% senior notes due December 2027?", "the term loan due 2023", "the 2019
Notes"), over columns of other years (December 31, 2019 and 2018): 2027 is the row's name, and
the cell of 2019 answers the question. For a cell whose own row label writes an asked year that
the cell's own years lack, that year names the row and asks no period of the cell; the other
asked years ("... due December 2027 in 2019") still do. When every asked year is of the row's
label the question asks no period of that cell.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> v = SourceValue(Decimal("431.5"), "S1", row="4.00% Senior Notes due December 2027",
...                 column="December 31, 2019 Fair Value", year=2019, table=0)
>>> sorted(asked_of(frozenset({2027}), v, frozenset({2019})))
[]
>>> sorted(asked_of(frozenset({2027, 2018}), v, frozenset({2019})))
[2018]
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.language.years import YEAR
from crossfoot.model.types import SourceValue

__all__ = ["asked_of"]


@lru_cache(maxsize=4096)
def _label_years(row: str) -> frozenset[int]:
    return frozenset(int(y) for y in YEAR.findall(row))


def asked_of(asked: frozenset[int], v: SourceValue, ys: frozenset[int]) -> frozenset[int]:
    """The asked years that ask a period of ``v`` (whose own years are ``ys``): ``asked``
    without the years ``v``'s row label writes and ``ys`` lacks (see the module)."""
    row = v.row
    if not row or v.table is None:
        return asked
    named = (_label_years(row) & asked) - ys
    return asked - named if named else asked
