"""A step over figures that round known values: read at two points, not across their windows.

"The current receivables were about $23,500 thousand and the total about $27,600 thousand; the
current share is about 85.2%." Each figure rounds a cell (23,524 and 27,579). A share of them is
what the answer's own figures give (85.14 %: a writer who computes with what it wrote, rounding
twice) or what the cells give (85.30 %: one who computes with the sources and rounds once). Read
across the figures' windows (23,450 to 23,550 over 27,550 to 27,650), it is anything from 84.8 %
to 85.5 %, and a wrong 85.2 % passes: the coarser an answer rounds its operands, the more wrong
results its steps would bless, though the values behind the rounded figures are known.

So a figure grounded as a rounding of one source value (``supported_rounded``: the cells of
:func:`crossfoot.rules._steps_rounded.rounded_cells`) brings no window of its own into a step
(``_spread``): the step holds when the figures as written give the claim at its own precision,
or when the values they round do (the reading at the cells, tried also when the written figures
pass the prefilter but miss). A figure stated exactly, or derived, keeps its window as before.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from crossfoot.rules._steps_math import _Fig

__all__ = ["at_points"]

_ZERO = Decimal(0)

Cells = dict[int, tuple[Decimal, float | None]]


def at_points(cells: Cells, a: _Fig, b: _Fig) -> tuple[_Fig, _Fig]:
    """``a`` and ``b`` as a step's spread reads them: a figure that rounds a known cell (in
    ``cells``, by ``id``) with no window of its own, the others as they are.

    >>> from crossfoot.model.types import Claim, Mention, Sentence
    >>> m = Mention("about 23,500", 0, 12, Decimal(23500), "number", Decimal(50))
    >>> f = _Fig(Claim(m, Sentence(0, 0, 12, ""), "supported_rounded"), m.value, m.value,
    ...          m.precision, None)
    >>> [p.precision for p in at_points({id(f): (Decimal(23524), 23524.0)}, f, f)]
    [Decimal('0'), Decimal('0')]
    >>> at_points({}, f, f)[0].precision
    Decimal('50')
    """
    if not cells:
        return a, b
    if id(a) in cells and a.precision:
        a = replace(a, precision=_ZERO)
    if id(b) in cells and b.precision:
        b = replace(b, precision=_ZERO)
    return a, b
