"""The reach gate of ``rules.table_chain`` (speed only; docs/speed.md, round 29): the rule
enumerates every chain of two steps over each table of the scope (thousands of tuples a table,
which feed the collector), and on most claims none of them lies near the figure. This gate lists
the chains' values alone, as floats, once per group (one sorted list: no tuple per chain), and
says ``EMPTY`` (skip the rule) when none of them lies in the figure's window in any unit the rule
searches; the rule then builds its chains only for the figures a chain may meet.

**Exact.** The rule returns a verdict only for a chain whose float value lies within its
window (``table_chain._met``: the claim's interval times the unit, widened by ``_SLACK`` of its
size) and then narrows (the decimal value, the words, the chance): all of that only removes
candidates. The values here are the same float expressions over the same cells as the rule's
(``_parallel``, ``_sums``, ``_products``, ``_sum_share``, over ``_grids`` and ``_lines``, which
are the rule's own), and the window is widened once more by a relative 1e-9. Where the rule's
own first tests end it at once (no question, a coarse figure, the result of a written
calculation), or a cell is no float to trust (:func:`~crossfoot.rules._reach.as_floats`), the
gate answers None and the rule runs. ``tests/test_speed_paths_speed37.py`` compares the gated
and the ungated path on hypothesis tables and figures that are chains of them, and a gate that
leaves a shape out fails there.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import defaultdict
from decimal import Decimal
from itertools import combinations, permutations, starmap
from operator import mul, sub, truediv

from crossfoot.language.turns import named_scales
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._reach import EMPTY, Reach, as_floats
from crossfoot.rules.table_chain import _SLACK, _SUM3_LINE, _SUM_LINE, _grids, _lines
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["chain_reach"]

_HUNDRED = Decimal(100)
_ONE = Decimal(1)
_REL = 1e-9  # the window's widening beyond the rule's own, relative
_KEPT = 64
_Lines = dict[int, dict[int, SourceValue]]

# Kept across answers (check() reuses the sources of the same passages): per group.
_VALUES: dict[int, tuple[ValueIndex, list[float] | None]] = {}


def chain_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no chain of a table of the scope has a value in the claim's window (in any
    unit ``table_chain`` searches); None (the rule runs) otherwise.

    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence
    >>> cells = [SourceValue(Decimal(x), "T", row=r, column=c, table=0, row_index=i,
    ...                      col_index=j, operand=True)
    ...          for i, (r, xs) in enumerate([("Sales", (120, 100)), ("Costs", (90, 80))])
    ...          for j, (c, x) in enumerate(zip(("2019", "2018"), xs))]
    >>> scope = Scope((), False, ValueIndex(cells), (ValueIndex(cells),))
    >>> def ctx(text):
    ...     m = Mention(text, 0, len(text), Decimal(text), "number", Decimal("0.00005"))
    ...     c = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options())
    ...     c.shared["ask.context"] = c.shared["ask.text"] = "and the ratio of the changes?"
    ...     return c
    >>> chain_reach(ctx("2.0000")) is None, chain_reach(ctx("2.0001"))
    (True, Reach(values=[], slack=0.0))
    """
    m, scope = ctx.mention, ctx.scope
    # (the rule's own first tests, in its order: where one ends it, it runs and says so)
    if not isinstance(ctx.shared.get("ask.context"), str) or not fine_figure(ctx):
        return None
    if scope is None or ctx.text[: m.start].rstrip().endswith("="):
        return None
    factor = _HUNDRED if m.kind == "percent" else _ONE
    ask = ctx.shared.get("ask.text")
    plain = m.kind == "number" and m.scale == 1 and isinstance(ask, str)
    units = named_scales(ask) if plain and isinstance(ask, str) else ()
    low, high = claim_interval(ctx)
    windows: list[tuple[float, float]] = []
    for unit in (_ONE, *units):
        scale = unit / factor
        f_lo, f_hi = float(low * scale), float(high * scale)
        size = max(abs(f_lo), abs(f_hi))
        if not math.isfinite(size):
            return None  # beyond float range: leave it to the rule
        widen = size * (_SLACK + _REL)
        windows.append((f_lo - widen, f_hi + widen))
    for group in scope.groups:
        values = by_identity(_VALUES, group, _KEPT, _chain_values)
        if values is None:
            return None
        for a, b in windows:
            i = bisect_left(values, a)
            if i < len(values) and values[i] <= b:
                return None
    return EMPTY


def _chain_values(group: ValueIndex) -> list[float] | None:
    """The float values of every chain ``table_chain`` makes of ``group``'s tables, sorted; None
    when a cell is no float to trust (the rule then runs)."""
    out: list[float] = []
    for grid in _grids(group):
        if as_floats([v.value for v in grid.values()]) is None:
            return None
        for across in (True, False):
            lines = _lines(grid, across)
            _parallel(lines, out)
            _sums(lines, out)
            for line in lines.values():  # a x b of two cells of one line
                out.extend(starmap(mul, combinations([float(v.value) for v in line.values()], 2)))
            if not across:
                _sum_share(lines, out)
    out.sort()
    return out


def _parallel(lines: _Lines, out: list[float]) -> None:
    """``table_chain._parallel``'s values: d1 / d2 and d1 / d2 - 1 of two lines' changes between
    the same two places (each line's changes grouped by the pair of places, in line order)."""
    diffs: dict[tuple[int, int], list[float]] = defaultdict(list)
    for line in lines.values():
        for (p, a), (q, b) in combinations(sorted(line.items()), 2):
            if a.value != b.value:
                diffs[(p, q)].append(float(a.value - b.value))
    for ds in diffs.values():
        if len(ds) >= 2:
            ratios = list(starmap(truediv, permutations(ds, 2)))
            out.extend(ratios)
            out.extend(map(sub, ratios, [1.0] * len(ratios)))


def _sums(lines: _Lines, out: list[float]) -> None:
    """``table_chain._sums``'s values: sums of three or four cells of a line, in its order."""
    for line in lines.values():
        if len(line) > _SUM3_LINE:
            continue
        floats = [float(v.value) for _, v in sorted(line.items())]
        for k in (3, 4) if len(line) <= _SUM_LINE else (3,):
            out.extend(map(sum, combinations(floats, k)))


def _sum_share(lines: _Lines, out: list[float]) -> None:
    """``table_chain._sum_share``'s values: (a + b) / c of three positive cells of one line."""
    for line in lines.values():
        cells = [(float(v.value), v) for v in line.values() if v.value > 0]
        if len(cells) < 3:
            continue
        top = max(z for z, _ in cells)
        for (x, a), (y, b) in combinations(cells, 2):
            total = x + y
            if total >= top:
                continue
            out.extend([total / z for z, c in cells if total < z and c is not a and c is not b])
