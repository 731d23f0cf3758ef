"""The row and column labels of each table of a source set, read once per values sequence.

For the alignment rules that ask what else a figure's table holds: the December column beside a
January one (``rules.alignment_opening``), the total row beside the rows a question names all of
(``rules.alignment_all``).
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.model.types import SourceValue

__all__ = ["Labels", "table_labels"]

_Key = tuple[str, int | None]
Labels = tuple[tuple[str, ...], tuple[str, ...]]  # (rows, columns), each in table order

# Per values sequence, kept with the sequence itself so that its id is not reused while cached
# (one entry per source set: a Checker's answers share it).
_CACHE: dict[int, tuple[Sequence[SourceValue], dict[_Key, Labels]]] = {}


def table_labels(values: Sequence[SourceValue], v: SourceValue) -> Labels:
    """The row labels and the column labels of ``v``'s table (empty for prose and records).

    >>> from decimal import Decimal
    >>> vals = [SourceValue(Decimal(1), "S1", row="Cash", column="2024", table=0, row_index=1,
    ...                     col_index=1)]
    >>> table_labels(vals, vals[0])
    (('Cash',), ('2024',))
    """
    hit = _CACHE.get(id(values))
    if hit is None or hit[0] is not values:
        rows: dict[_Key, dict[int, str]] = {}
        cols: dict[_Key, dict[int, str]] = {}
        for o in values:
            key = (o.source_id, o.table)
            if o.table is not None and o.row and o.row_index is not None:
                rows.setdefault(key, {})[o.row_index] = o.row
            if o.table is not None and o.column and o.col_index is not None:
                cols.setdefault(key, {})[o.col_index] = o.column
        tables = {
            k: (_ordered(rows.get(k, {})), _ordered(cols.get(k, {}))) for k in rows.keys() | cols
        }
        if len(_CACHE) >= 4:  # (a few source sets: each entry keeps its values alive)
            _CACHE.clear()
        hit = _CACHE[id(values)] = (values, tables)
    return hit[1].get((v.source_id, v.table), ((), ()))


def _ordered(labels: dict[int, str]) -> tuple[str, ...]:
    return tuple(labels[i] for i in sorted(labels))
