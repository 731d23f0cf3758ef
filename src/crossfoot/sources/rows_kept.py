"""An answer's sources over a small result set, kept for the next answer that picks the same
cells (speed only).

``trace`` keeps the tables it read from small result sets (:mod:`crossfoot.front.trace_rows`),
but made a new :class:`~crossfoot.sources.load.SourceSet` for every answer: a new ``Source``,
new value indexes and groups, although its cells (made once per table) were the same. What the
rules and the engine build once per source set or group and keep across answers (the sums of a
line, the two-operand profiles and reach, the row derivations' tables, the labels with digits)
is keyed by those objects' identity, so a second answer over the same rows built it all again.

Here the source set is kept on its table (:attr:`RowTable.sets`), by the cells picked from it
(row, column, whether an operand) and the reading's issues: it lives as long as the table, so
no result set is held longer than before. Only one result set of at most :data:`MAX_CELLS`
cells is kept so (the size ``front.trace_rows`` keeps: a larger table is read afresh at every
call, and its key would cost a pass over the cells picked for nothing); several result sets or
prose sources are read afresh at every call (``trace(results=...)``) and gain nothing either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from crossfoot.model.memo import evict_oldest
from crossfoot.sources.rows_table import RowTable

__all__ = ["KEPT", "MAX_CELLS", "kept_set"]

#: How many source sets a table keeps (the oldest out first): answers naming other rows.
KEPT = 8
#: A result set of more cells makes its answers' source sets afresh every time.
MAX_CELLS = 1_000

_R = TypeVar("_R")


def kept_set(
    parts: Sequence[tuple[str, Any, Any]], issues: tuple[str, ...], make: Callable[[], _R]
) -> _R:
    """``make()``, or what it gave for the same ``parts``, when they are one small table's:
    ``(name, table, cells picked)``, the picks hashable.

    >>> from crossfoot.sources.rows import read_tables
    >>> table = read_tables([{"r": "EU", "x": 1}, {"r": "US", "x": 2}])[0][0]
    >>> one = [("rows", table, ((0, 1, True),))]
    >>> kept_set(one, (), lambda: "made"), kept_set(one, (), lambda: "again")
    ('made', 'made')
    >>> kept_set([("rows", "a prose source", ())], (), lambda: "again")
    'again'
    """
    if len(parts) != 1:
        return make()
    _, table, picks = parts[0]
    if not isinstance(table, RowTable) or table.rows * len(table.columns) > MAX_CELLS:
        return make()
    memo = table.sets
    key = (picks, issues)
    hit = memo.get(key)
    if hit is None:
        hit = make()
        evict_oldest(memo, KEPT)
        memo[key] = hit
    return hit  # type: ignore[return-value]
