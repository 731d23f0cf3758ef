"""Which cells and rows the engine reads for an answer over a result set, as trace's
result-row path reads them (speed only; :mod:`crossfoot.front.trace_derived`).

The engine's sources for an answer (:meth:`crossfoot.sources.rows.AnswerOperands.sources_for`)
hold the cells within a window of one of its figures (``sources.rows._windows``: wider than
any match rule's) and every cell of its operand rows: the rows it names and the rows holding a
cell one of its figures states to 1% (``sources.rows._anchors``; in a result set of one or two
rows, every row). No rule sees another cell, so the path's tiers
(:class:`~crossfoot.front.trace_reach.Reach`) are made of those cells too: in a result set of
hundreds of rows, a cell of an unnamed row at a hundred times a percentage is no reading the
engine can make.

``tests/test_trace_large.py`` holds the twins (a cell where a left-out reading would meet it);
``tests/test_trace_derived.py`` and ``benchmarks/trace_fast_check.py --derived --large 1``
compare the path with the engine on generated result sets of up to 250 rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crossfoot.front.trace_reach import MAX_NEAR_ROWS, Reach, Spans, table_of
from crossfoot.front.trace_rowset import Rows
from crossfoot.language.extremes import may_rank
from crossfoot.language.line_words import may_lead
from crossfoot.language.owncount import states_own_count
from crossfoot.language.rowbars import exclusive_bar
from crossfoot.language.trends import every_period, every_row
from crossfoot.model.types import Mention
from crossfoot.sources.rows import _windows

__all__ = ["ALL_CELLS", "anchor", "derived_spans", "reach_of", "sizes"]

#: Up to this many rows the cells tier holds every cell (a superset of the engine's sources:
#: the windows' reading cost 15% of the nine-figure answer at 12x5 and found nothing there).
ALL_CELLS = 12


def reach_of(table: Rows, items: Sequence[tuple[str, int, Any]], text: str) -> Reach | None:
    """The :class:`~crossfoot.front.trace_reach.Reach` of an answer over ``table`` (its items as
    :class:`~crossfoot.front.trace_derived.Answer` reads them), or None when too many rows are
    near it."""
    kept = table_of(table.values)
    # (a result set of one or two rows is searched whole: sources.rows.AnswerOperands.rows_for)
    rows = set(range(len(table.labels))) if len(table.labels) <= 2 else set()
    anchors: list[tuple[float, float]] = []
    figures: list[Mention] = []
    for kind, _, what in items:
        if kind == "label":
            rows.add(what[0])
        elif kind == "figure":
            anchors += anchor(what[0])
            figures.append(what[0])
    if len(rows) < len(table.labels):  # (else every row is near already)
        rows |= kept.rows_near(anchors)
    if len(rows) > MAX_NEAR_ROWS:
        return None
    # (every cell: a dozen rows or fewer, where every cell costs less to look up than the
    # windows do to make, or an answer the engine reads against every row)
    whole = len(table.labels) <= ALL_CELLS or _whole_rows(text, figures)
    scope = None if whole else sizes(_windows(figures, 0.0, 0.0))
    return Reach(table.values, sorted(rows), kept, scope)


def _whole_rows(text: str, figures: list[Mention]) -> bool:
    """Whether the engine's sources hold every cell for ``text`` (``AnswerOperands.sources_for``
    with no question: a rank, a count of its own, an exclusive bar, every period or row). The
    path's words exclude each; asked as the engine asks, so the path cannot drift from it."""
    return (
        may_rank(text)
        or may_lead(text)
        or states_own_count(text, figures)
        or exclusive_bar(text)
        or every_period(text)
        or every_row(text)
    )


def sizes(windows: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Signed value windows as windows of sizes (the path looks cells up by size), a hair
    wider."""
    out = []
    for lo, hi in windows:
        if hi < 0:
            lo, hi = -hi, -lo
        elif lo < 0:
            lo, hi = 0.0, max(hi, -lo)
        out.append((lo - 1e-9 * hi - 1e-12, hi + 1e-9 * hi + 1e-12))
    return out


def derived_spans(m: Mention, tight: Spans) -> Spans:
    """The windows of a figure's readings (:func:`~crossfoot.front.trace_reach.forms`) that the
    rowsums and pairwise tiers look up: every one for a plain number, the value (and as
    written) for money, the value and its fraction for a percentage. (``rowsums`` and
    ``derive`` match a result in the figure's own units, ``rules._reach``'s contract; ``multi``
    reads it as written too; ``steps``' added values are looked up by ``Reach.tiers``.)"""
    if m.kind == "money":
        return tight[:1] if m.scale == 1 else tight[:2]
    if m.kind == "percent":
        return tight[:2]
    return tight


def anchor(m: Mention) -> list[tuple[float, float]]:
    """The window of the cells whose rows the figure ``m`` makes operands, as the engine reads
    it (``sources.rows._anchors``: an amount stated to 1% or finer, within its precision),
    wider by a hair and by sign (the path's cells are looked up by size); none for others.
    A cell near another reading of a figure (its fraction, a hundred times it) makes no
    operand row: it is in the sources only for the match rules (the ``cells`` tier)."""
    if m.kind not in ("money", "number") or not m.value or m.precision * 100 > abs(m.value):
        return []
    v, p = abs(float(m.value)), float(m.precision)
    w = p + 1e-9 * v + 1e-12
    return [(v - w, v + w)]
