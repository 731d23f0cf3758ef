"""A step worked from the cells that rounded figures of the answer restate.

Answers round what they state and compute with what the sources hold: "Total goodwill was about
$18,600 million in 2024 and about $18,700 million in 2025; the change is $105 million, a
percentage change of 0.56%." The change and its percentage are the cells' (18,742 - 18,637 and
105 / 18,637), not the rounded figures' (100 and 0.54 %). So a figure grounded as a rounding of
one source value (``supported_rounded``) is also read, as an operand of a step, at that value: a
second reading of the pair, tried when the figures as written give nothing. A result no reading
of the cells gives still fails: the reading adds only the exact arithmetic of source values.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.rules._derive_shared import approx_float
from crossfoot.rules._steps_math import _Fig, _may_match, _Op, _Reading, _Window

__all__ = ["at_cells", "cell_reading", "rounded_cells"]


def rounded_cells(figs: Sequence[_Fig]) -> dict[int, tuple[Decimal, float | None]]:
    """The source value each figure of ``figs`` restates as a rounding of it, by ``id`` of the
    figure (with its float for the prefilter); figures that state theirs exactly are left out.

    >>> from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue
    >>> m = Mention("$18,600 million", 0, 15, Decimal(18_600_000_000), "money", Decimal(5e7))
    >>> cell = SourceValue(Decimal(18_637_000_000), "S1")
    >>> g = Claim(m, Sentence(0, 0, 15, ""), "supported_rounded",
    ...           Evidence("direct", "cell", "", (cell,), cell.value))
    >>> fig = _Fig(g, m.value, m.value, m.precision, 2024)
    >>> rounded_cells([fig])[id(fig)][0]
    Decimal('18637000000')
    """
    out: dict[int, tuple[Decimal, float | None]] = {}
    for f in figs:
        g = f.claim
        ev = g.evidence
        if g.status != "supported_rounded" or ev is None or len(ev.operands) != 1:
            continue
        v = ev.operands[0].value
        # the cell the figure rounds, in the figure's own unit and sign ("about $18,600
        # million" for 18,637 of a table in millions): never a value the figure is far from
        if v != f.value and abs(v - f.value) <= f.precision and (v < 0) == (f.value < 0):
            out[id(f)] = (v, approx_float(v))
    return out


def cell_reading(
    cells: dict[int, tuple[Decimal, float | None]],
    op: _Op,
    a: _Fig,
    b: _Fig,
    window: _Window,
    is_change: bool,
) -> list[_Reading]:
    """The pair read at the cells its rounded figures restate, as a one-reading list when the
    float prefilter lets it through; [] when neither figure is a rounding or it cannot match."""
    ca, cb = cells.get(id(a)), cells.get(id(b))
    if ca is None and cb is None:
        return []
    va, fa = ca if ca is not None else (a.value, a.approx)
    vb, fb = cb if cb is not None else (b.value, b.approx)
    lo, hi, flo, fhi = window
    if not _may_match(op.op, float(op.factor), fa, fb, flo, fhi, is_change):
        return []
    return [(va, vb, lo, hi)]


_AT_CELLS = "read at the cells the rounded figures restate"


def at_cells(note: str) -> str:
    """A step's note once it is read at the cells: its formula writes the rounded figures, its
    result is the cells'.

    >>> at_cells("order unknown")
    'order unknown; read at the cells the rounded figures restate'
    """
    return f"{note}; {_AT_CELLS}" if note else _AT_CELLS
