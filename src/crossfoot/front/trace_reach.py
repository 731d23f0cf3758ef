"""What the engine could derive from a small result set, as sorted floats (speed only).

trace's result-row path (:mod:`crossfoot.front.trace_fast`, :mod:`crossfoot.front.trace_derived`)
says a figure is ``unsupported``, or that one derivation alone reaches it, only when no other
value the engine's rules can produce lies near it. This module lists a superset of those values
for one answer over one result set, by the tier of the rules that produce them (the engine runs
its rules in order and the first verdict wins):

- ``cells``: the cells the engine's sources hold for the answer (rule ``direct``): those
  within the window of one of its figures and every cell of the rows near it
  (:mod:`crossfoot.front.trace_scope`);
- ``rowsums``: column sums and means, shares of a column total (one cell, or a set of the rows
  near the answer), row sums of those rows, sums of two of them or of a run between them, ratios
  within a row, ratios of column totals, the row count (rule ``rowsums``; ``group_change`` and
  ``series_span`` read long tables and series of periods, which the path's rows are not);
- ``pairs``: every formula the pairwise rules know (sum, difference, mean, product, quotient,
  percent of, percent change, points and basis points) over any two cells of those rows (rules
  ``derive``, ``steps`` over the answer's grounded figures, ``multi``: sums and means of three or
  more cells of one row or column).

"The rows near the answer" are the rows it names and the rows holding a cell one of its
figures states to 1% (within its precision): a superset of the rows the engine makes operands
(:meth:`~crossfoot.sources.rows.AnswerOperands.rows_for`). A sentence that names no row and
has no word gathering rows reaches only rowsums' column totals and means and the row count
(``rules.rowsums._search`` reads only the rows a sentence names). A figure is looked up in its
value, its digits as written, and its value over and times 100, with a window wider than any
rule's (three times its precision for cells and rowsums, one and a half for the pairwise formulas,
whose rules keep to the precision; for the pairs with a derived figure of the answer, more by
the rounding of their operands); the rowsums and pairwise tiers read money only as its value
and as written, and a percentage as its value and its fraction
(:func:`~crossfoot.front.trace_scope.derived_spans`).

``tests/test_trace_derived.py`` proves on generated result sets and answers that what the path
decides with these lists is what the engine says.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from itertools import combinations

from crossfoot.model.memo import evict_oldest
from crossfoot.model.types import Mention

__all__ = [
    "MAX_NEAR_ROWS",
    "Forms",
    "Reach",
    "Spans",
    "forms",
    "near",
    "spans",
    "steps_other",
    "table_of",
]

#: More rows near the answer than this: the path hands the answer to the engine (the sums of
#: their subsets would cover too much to tell anything).
MAX_NEAR_ROWS = 5


Forms = list[tuple[float, float]]
Spans = list[tuple[float, float]]


def forms(m: Mention) -> Forms:
    """The readings of the figure ``m`` the tiers look up, as (size, precision): its value, its
    digits as written, its value over and times 100 (a percent and its fraction)."""
    value, p = abs(float(m.value)), float(m.precision)
    if m.scale == 1:  # (written as its value)
        return [(value, p), (value / 100, p / 100), (value * 100, p * 100)]
    return [
        (value, p),
        (abs(float(m.written)), float(m.precision / m.scale)),
        (value / 100, p / 100),
        (value * 100, p * 100),
    ]


def spans(read: Forms) -> tuple[Spans, Spans]:
    """The windows of a figure's readings (:func:`forms`): each three times its precision (a
    rule with a reach keeps to the precision: ``rules._reach``'s contract) and each at once
    the precision, in one pass (made once per figure)."""
    wide, tight = [], []
    for v, p in read:
        w = p + 1e-9 * v + 1e-12
        tight.append((v - w, v + w))
        w += 2 * p
        wide.append((v - w, v + w))
    return wide, tight


def _inside(values: Sequence[float], spans: Iterable[tuple[float, float]]) -> Iterator[int]:
    """The indexes of the values (sorted) inside each of ``spans``, span by span."""
    for lo, hi in spans:
        yield from range(bisect_left(values, lo), bisect_right(values, hi))


def near(values: Sequence[float], spans: Iterable[tuple[float, float]]) -> list[float]:
    """The values (sorted) inside any of ``spans`` (span by span: a slice each, made in C)."""
    out: list[float] = []
    for lo, hi in spans:
        i = bisect_left(values, lo)
        if i < len(values) and values[i] <= hi:
            out += values[i : bisect_right(values, hi, i)]
    return out


class _Table:
    """What the tiers take from the cells alone (made once per result set's content): the
    cells sorted by size with their rows, the column totals and means."""

    __slots__ = ("bases", "cells", "means", "rows_of", "sums", "totals")

    def __init__(self, columns: Sequence[Sequence[int]]) -> None:
        n = len(columns[0])
        ranked = sorted((abs(float(v)), i) for col in columns for i, v in enumerate(col))
        self.cells = [v for v, _ in ranked]
        self.rows_of = [i for _, i in ranked]
        self.sums = [Decimal(sum(col)) for col in columns]
        self.means = [s / n for s in self.sums]
        # rowsums' values for a sentence that names no row and has no word gathering rows:
        # only the column totals and means and the row count (rules.rowsums._search)
        sizes = [abs(float(s)) for s in self.sums]
        self.totals = sorted([*sizes, *(s / n for s in sizes), float(n)])
        self.bases: dict[tuple[int, ...], tuple[list[float], list[float], list[float]]] = {}

    def rows_near(self, spans: Iterable[tuple[float, float]]) -> set[int]:
        """The rows holding a cell inside one of ``spans``."""
        rows_of = self.rows_of
        return {rows_of[i] for i in _inside(self.cells, spans)}


_TABLES: dict[tuple[tuple[int, ...], ...], _Table] = {}


def table_of(columns: Sequence[Sequence[int]]) -> _Table:
    """The :class:`_Table` of ``columns``, kept for the next answer over equal cells (a result
    set traced again: trace keeps its read too, ``front/trace_rows.py``)."""
    key = tuple(map(tuple, columns))
    made = _TABLES.get(key)
    if made is None:
        made = _Table(columns)
        evict_oldest(_TABLES, 16)  # (threads may trace at once: a bare pop could raise)
        _TABLES[key] = made
    return made


class Reach:
    """The values of each tier for one answer over one result set (see the module docstring).

    ``columns``: the cells per column, in row order; ``rows``: the indexes of the rows near the
    answer (at most :data:`MAX_NEAR_ROWS`)."""

    __slots__ = (
        "added",
        "cells",
        "means",
        "operands",
        "pairs",
        "pending",
        "rowsums",
        "scaled",
        "spread",
        "sums",
        "totals",
    )

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        rows: Sequence[int],
        table: _Table,
        scope: Spans | None = None,
    ) -> None:
        self.sums, self.means = table.sums, table.means
        key = tuple(rows)
        base = table.bases.get(key)
        if base is None:
            base = table.bases[key] = _base(columns, rows, table)
        self.rowsums, self.pairs, self.operands = base
        # The cells the engine's sources hold for the answer: those within a window of one of
        # its figures (``scope``, ``sources.rows._windows``: wider than any match rule's) and
        # every cell of the operand rows; a rule sees no other (None: every cell).
        if scope is None:
            self.cells = table.cells
        else:
            self.cells = sorted([*near(table.cells, scope), *map(abs, self.operands)])
        self.totals = table.totals
        # pairs with the answer's derived figures (ground), and the widening of their window
        self.added: list[float] = []
        self.scaled: list[float] = []
        self.spread = (0.0, 0.0)
        self.pending: list[tuple[float, list[float]]] = []

    def ground(self, value: float, precision: float, others: Sequence[tuple[float, float]]) -> None:
        """A derived figure of the answer (``value``, stated to ``precision``; 0 when it is the
        derivation's exact result) became an operand of ``steps``, with ``others``, the answer's
        other grounded figures (value, precision): the figure itself (a restatement, also as a
        percentage or a fraction) and its pairs with them join the last tier (made when a
        figure is next looked up), whose window widens by the rounding of those operands
        (``steps``' spread: the sum of the two roundings for a sum, difference or mean, their
        relative sum for the rest)."""
        spread, rel = self.spread
        spread = max(spread, precision + max((p for _, p in others), default=0.0))
        if value:
            worst = max((p / abs(v) for v, p in others if v), default=0.0)
            rel = max(rel, 2 * (precision / abs(value) + worst))
        self.spread = (spread, rel)
        self.pending.append((value, [v for v, _ in others]))

    def _grounded(self) -> None:
        """The pairs of the derived figures grounded since the last look-up."""
        added, scaled = self.added, self.scaled
        for g, bs in self.pending:  # (one pass per operand: the same values as a list each)
            size = abs(g)
            added.append(size)
            scaled += (size * 100, size / 100)
            for b in bs:
                d = abs(g - b)
                added += (abs(g + b), d, abs(g + b) / 2)
                scaled += (abs(g * b), 100 * d, 10_000 * d)
                if b:
                    scaled += (abs(g / b), abs(100 * g / b), abs(100 * (g - b) / b))
                if g:
                    scaled += (abs(b / g), abs(100 * b / g), abs(100 * (b - g) / g))
        added.sort()
        scaled.sort()
        self.pending = []

    def tiers(
        self, read: Forms, wide: Spans, tight: Spans, bare: bool = False
    ) -> tuple[list[float], list[float], list[float]]:
        """The values near a figure (its :func:`forms`, their :func:`spans` at three times
        and at once the precision) in each tier: cells, rowsums, the pairwise rest; ``bare``:
        the figure's sentence names no row and gathers none (rowsums reaches its totals
        only)."""
        cells = near(self.cells, wide)
        # (rowsums and the pairwise rules keep to the stated precision: rules._reach)
        rest = near(self.pairs, tight)
        if self.pending:
            self._grounded()
        if self.added:
            spread, rel = self.spread
            # (steps reads the figure as it is and as written, never as a fraction of it)
            for v, p in read[:1] if len(read) == 3 else read[:2]:
                w = p + 1e-9 * v + 1e-12
                rest += near(self.added, ((v - w - spread, v + w + spread),))
                rest += near(self.scaled, ((v - w - rel * v, v + w + rel * v),))
        return cells, near(self.totals if bare else self.rowsums, tight), rest


def _base(
    columns: Sequence[Sequence[int]], rows: Sequence[int], table: _Table
) -> tuple[list[float], list[float], list[float]]:
    """The rowsums and pairwise tiers over the rows ``rows``, and their cells as operands."""
    n = len(columns[0])
    sums = [float(s) for s in table.sums]
    near_cells = [[float(col[i]) for col in columns] for i in rows]
    t2: list[float] = [*map(abs, sums), *(abs(s) / n for s in sums), float(n)]
    for j, col in enumerate(columns):
        total = sums[j]
        if total:
            # one row's share of the column, or several rows' together (the rows a sentence
            # names are among the rows near the answer)
            for k in range(1, len(rows) + 1):
                for part in combinations(rows, k):
                    share = abs(sum(col[i] for i in part) / total)
                    t2.extend((share, 100 * share))
        for i, k in combinations(sorted(rows), 2):  # two rows, or the run between them
            t2.append(abs(float(col[i] + col[k])))
            t2.append(abs(float(sum(col[i : k + 1]))))
    for a_sum, b_sum in combinations(sums, 2):
        t2.extend(_quotients(a_sum, b_sum))
        t2.extend(_quotients(b_sum, a_sum))
    for row in near_cells:
        for k in range(2, len(row) + 1):
            for cells in combinations(row, k):
                t2.append(abs(sum(cells)))
        for x, y in combinations(row, 2):
            t2.extend(_quotients(x, y))
            t2.extend(_quotients(y, x))
    operands = [v for row in near_cells for v in row]
    t4: list[float] = []
    for i, x in enumerate(operands):
        for j, y in enumerate(operands):
            if i != j:
                t4.extend(_pair(x, y))
    # multi: three or more cells of one row, or of one column among the rows near
    for line in (*near_cells, *([row[j] for row in near_cells] for j in range(len(columns)))):
        for k in range(3, len(line) + 1):
            for cells in combinations(line, k):
                s = abs(sum(cells))
                t4.extend((s, s / k))
    return sorted(t2), sorted(t4), operands


def steps_other(grounded: Sequence[tuple[float, float]], read: Forms, size: float) -> bool:
    """Whether ``steps`` can make a value other than ``size`` near a figure (``read``, its
    :func:`forms`: as it is and as written, as :meth:`Reach.tiers` reads it for steps) from
    the answer's grounded figures (value, rounding): each restated (as it is, times and over
    100) and every pairwise formula of two of them, the sums, differences and means in a
    window wider by twice the worst rounding, the rest by four times the worst relative one
    (:meth:`Reach.ground`'s widening, made wider). ``steps`` runs before every pairwise rule of
    the result rows (``derive``, ``multi``, ...): when it reaches only ``size``, their values
    near the figure are never read."""
    added: list[float] = []
    scaled: list[float] = []
    for g, _ in grounded:
        added.append(abs(g))
        scaled += [abs(g) * 100, abs(g) / 100]
    for i, (x, _) in enumerate(grounded):
        for j, (y, _) in enumerate(grounded):
            if i != j:
                made = _pair(x, y)
                added.extend(made[:3])
                scaled.extend(made[3:])
    spread = 2 * max((p for _, p in grounded), default=0.0)
    rel = 4 * max((p / abs(v) for v, p in grounded if v), default=0.0)
    for v, p in read[:1] if len(read) == 3 else read[:2]:
        w = p + 1e-9 * v + 1e-12
        for values, wider in ((added, w + spread), (scaled, w + rel * v)):
            if any(abs(c - v) <= wider and abs(c - size) > 1e-9 * size for c in values):
                return True
    return False


def _quotients(a: float, b: float) -> tuple[float, ...]:
    if not b:
        return ()
    return (abs(a / b), abs(100 * a / b))


def _pair(a: float, b: float) -> tuple[float, ...]:
    """Every pairwise formula of ``a`` and ``b`` (the other order is another call), as sizes."""
    d = abs(a - b)
    out = (a + b, d, (a + b) / 2, a * b, 100 * d, 10_000 * d)
    if not b:
        return tuple(map(abs, out))
    return (*map(abs, out), abs(a / b), abs(100 * a / b), abs(100 * (a - b) / b))
