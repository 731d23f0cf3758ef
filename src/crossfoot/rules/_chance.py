"""How often a search's results would meet a figure by chance: one band, one count, one budget.

A search that enumerates many results (chains of a table's cells, the figures a conversation's
turns ask for, pairs of a text figure and a cell) meets some figure of a window by chance. The
rules that search so count that chance the same way, here:

- the **band** of a figure is its neighbourhood, the results of its sign within a factor of
  :data:`BAND` of its size (:func:`band`);
- a **chance match** is a result the words allow that falls in the band (the caller counts
  them: only it knows what its words allow);
- the **odds** are the chance matches times the figure's window (the width of the interval of
  values it stands for) over the band's width: how many results would meet a figure of that
  window placed at random in the band (:meth:`Band.odds`). A rule keeps a match only while the
  odds stay within its budget (:meth:`Band.within`), which says how strongly its words bind.

All in :class:`~decimal.Decimal`, so the edges of the band are the same for every rule; a rule
that enumerates its results in floating point (to sort thousands of them fast) reads the band's
edges with :meth:`Band.floats`.

Measured (round 29, conv29): with every budget four times larger, convfinqa's false alarms fall
46 -> 45 of 186 on the validation half (the turns line 34 -> 33) while the tuning half passes one
more wrong figure; counting distinct values instead of results moves no validation figure and
passes that wrong figure too. So the budgets are not what refuses convfinqa's correct figures, and
a count of only the operands the words can name (which can only lower a count) could close one
of them at most: what refuses them is the shapes the searches enumerate and the word binding.

>>> b = band(Decimal("-0.25"))
>>> b.low, b.high
(Decimal('-0.3375'), Decimal('-0.1851851851851851851851851852'))
>>> Decimal("-0.3") in b, Decimal("0.3") in b
(True, False)
>>> b.within(2, Decimal("0.0001"), Decimal("0.01"))
True
>>> b.within(20, Decimal("0.0001"), Decimal("0.01"))
False
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

__all__ = ["BAND", "Band", "band", "counted_match"]

_T = TypeVar("_T")

BAND = Decimal("1.35")  # the neighbourhood of a figure: within this factor of its size


@dataclass(frozen=True, slots=True)
class Band:
    """The results of a figure's sign within a factor of :data:`BAND` of its size: signed
    edges ``low <= high`` (both negative for a negative figure)."""

    low: Decimal
    high: Decimal

    def __contains__(self, result: Decimal) -> bool:
        return self.low <= result <= self.high

    @property
    def width(self) -> Decimal:
        return self.high - self.low

    def floats(self) -> tuple[float, float]:
        """The edges in floating point, for a search whose results are floats."""
        return float(self.low), float(self.high)

    def odds(self, near: int, window: Decimal) -> Decimal:
        """The chance matches expected in a window of ``window``: ``near`` results in the band
        times the window over the band's width."""
        return near * window / self.width

    def within(self, near: int, window: Decimal, budget: Decimal) -> bool:
        """Whether :meth:`odds` stays within ``budget``."""
        return near * window <= budget * self.width


def band(value: Decimal) -> Band:
    """The band of a figure of ``value`` (not zero): its sign, a factor of :data:`BAND` of
    its size either way."""
    size = abs(value)
    low, high = size / BAND, size * BAND
    return Band(-high, -low) if value < 0 else Band(low, high)


def counted_match(
    results: list[tuple[Decimal, _T]], lo: Decimal, hi: Decimal, value: Decimal, budget: Decimal
) -> tuple[Decimal, _T] | None:
    """The first of ``results`` (sorted by their values) in the figure's window ``lo..hi``,
    when the results in the band of ``value`` times the window stay within ``budget``; else
    None (the search that enumerates sorted results, each with what it read: its operands).

    >>> rs = [(Decimal(9), "a"), (Decimal(10), "b"), (Decimal(30), "c")]
    >>> counted_match(rs, Decimal("9.95"), Decimal("10.05"), Decimal(10), Decimal("0.05"))
    (Decimal('10'), 'b')
    >>> counted_match(rs, Decimal("9.95"), Decimal("10.05"), Decimal(10), Decimal("0.001"))
    """
    keys = [x for x, _ in results]
    i, j = bisect_left(keys, lo), bisect_right(keys, hi)
    if i == j:
        return None
    near = band(value)
    if not near.within(
        bisect_right(keys, near.high) - bisect_left(keys, near.low), hi - lo, budget
    ):
        return None
    return results[i]
