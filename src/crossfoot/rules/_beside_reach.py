"""The reach gate of ``rules.table_chain_mixed.text_beside_cell`` (speed only; docs/speed.md,
round 29): the rule reads every text figure's sentence once per answer and, per claim, every
operation over every pair of a text figure and a cell it binds, in decimal; on most claims no
result of any pair lies in the figure's window. This gate asks that of the scope's text figures
and cells as floats, by bisection, without reading a word (a superset: every text figure with
every cell, either sign), and says ``EMPTY`` (skip the rule) when none does.

**Exact.** The rule's verdict is a result in the claim's window of one operation over a text
figure and a cell (a difference either way, a change over either, a mean, a quotient either way,
a sum; over 100 for a percent), the text figure taken as written or in the unit of a scaled cell
(``_units``: its value over a cell's true / written ratio). Each is one of
``_late_reach._meets``' operations (``cross_reach``'s, over magnitudes and either way round, its
ranges widened by a relative 1e-9 and an absolute 1e-12 of the largest size), for every text
figure in every unit of the scope's scaled cells, against every cell. Where the rule's own first
tests end it at once (a coarse figure, a cited or single-group scope, a window about zero), or a
value is no float to trust (:func:`~crossfoot.rules._reach.as_floats`), the gate answers None and
the rule runs; where the rule has no text figure or cell to pair (or more than it reads), the
gate says ``EMPTY``. ``tests/test_speed_paths_speed37.py`` compares the gated and the ungated
path on hypothesis filings.
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.rules._derive_shared import _magnitude, claim_interval
from crossfoot.rules._late_reach import _meets
from crossfoot.rules._reach import EMPTY, Reach, as_floats
from crossfoot.rules.table_chain_mixed import _MAX
from crossfoot.rules.table_chain_text import _FINE, _amount
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["beside_reach"]

_REL = 1e-9
_INF = float("inf")
_KEPT = 64
# The text figures in every unit (signed floats), the cells as ``_late_reach``'s keys (signed
# ascending, magnitudes ascending, the largest magnitude); None: a value no float to trust
_Sides = tuple[list[float], tuple[list[float], list[float], float]]
_SIDES: dict[int, tuple[ValueIndex, _Sides | None]] = {}
_EMPTY_SIDES: _Sides = ([], ([], [], 0.0))


def beside_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no operation of ``text_beside_cell`` over a text figure and a cell of the
    scope has a result in the claim's window; None (the rule runs) otherwise.

    >>> from decimal import Decimal
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence, SourceValue
    >>> cell = SourceValue(Decimal("859.3"), "T", row="Cash", table=0, operand=True)
    >>> prose = SourceValue(Decimal("1041.1"), "P", span=(0, 6), view="written")
    >>> scope = Scope((), False, ValueIndex([cell, prose]), (ValueIndex([cell]),) * 2)
    >>> def ctx(text):
    ...     m = Mention(text, 0, len(text), Decimal(text), "number", Decimal("0.05"))
    ...     return ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options())
    >>> beside_reach(ctx("181.8")) is None, beside_reach(ctx("204.6"))
    (True, Reach(values=[], slack=0.0))
    """
    m, scope = ctx.mention, ctx.scope
    # (the rule's own first tests, in its order: where one ends it, it runs and says so)
    if not fine_figure(ctx, _FINE) or scope is None or scope.cited or len(scope.groups) < 2:
        return None
    lo, hi = claim_interval(ctx)
    if lo <= 0 <= hi:
        return None
    sides = by_identity(_SIDES, scope.index, _KEPT, _sides)
    if sides is None:
        return None
    prose, cells = sides
    if not prose or not cells[0]:
        return EMPTY  # (the rule has no pair: it ends with no verdict)
    size = max(cells[2], max(map(abs, prose)))
    slack = 1e-12 * (size + 1)  # (as cross_reach's)
    f_lo, f_hi = (float(x) for x in _magnitude(lo, hi))
    if not (0.0 <= f_lo <= f_hi < _INF):
        return None  # beyond float range: leave it to the rule
    if m.kind == "percent":  # (a percent: quotients and changes only, over 100)
        ops: tuple[str, ...] = ("quotient", "pct_change")
        f_lo, f_hi = f_lo / 100, f_hi / 100
    else:
        ops = ("diff", "mean", "sum", "quotient", "pct_change")
    a, b = f_lo - f_lo * _REL - slack, f_hi + f_hi * _REL + slack
    for op in ops:
        if _meets(op, max(a, 0.0), b, prose, [cells]):
            return None
    return EMPTY


def _sides(index: ValueIndex) -> _Sides | None:
    """The scope's text figures (as ``text_beside_cell`` reads them) in every unit a scaled
    cell has (true / written, by place), and its cells' keys; None when one is not a float to
    trust."""
    cells = [v for v in index.values if v.table is not None and _amount(v)]
    prose = [v.value for v in index.values if v.table is None and v.span and _amount(v)]
    if len(cells) > _MAX or len(prose) > _MAX:
        return _EMPTY_SIDES  # (past it the rule claims nothing)
    written = {
        (c.source_id, c.table, c.row_index, c.col_index): c.value
        for c in cells
        if c.view == "written"
    }
    scales = set()
    for c in cells:
        w = written.get((c.source_id, c.table, c.row_index, c.col_index))
        if c.view == "true" and w:
            scales.add(c.value / w)
    units = prose + [x / s for x in prose for s in scales if s]
    p, signed = as_floats(units), as_floats([c.value for c in cells])
    if p is None or signed is None:
        return None
    signed.sort()
    sizes = sorted(map(abs, signed))
    return p, (signed, sizes, sizes[-1] if sizes else 0.0)
