"""read37b: what ``sources.rows_untrack`` relies on, shown.

- The types it is given are the cells' own on every reading path (``_dict_columns`` in one pass
  or column by column, rows with keys in other orders or missing, lists, flattened records):
  a column is untracked only when every cell of it is an int, float, str, bool or None.
- Were a column's types wrong (a container in a column said to hold ints), untracking it frees
  nothing early: the collector counts an untracked holder's references as outside ones, so the
  cells stay alive and whole (the worst case is a cycle through the column kept until exit).
"""

from __future__ import annotations

import gc
import weakref
from decimal import Decimal
from typing import Any

import pytest

from crossfoot.sources import rows as rows_mod
from crossfoot.sources import rows_read, rows_untrack
from crossfoot.sources.rows import read_tables

_N = 5_000  # rows: two columns of them pass MIN_CELLS (8,192 cells)


def _shapes() -> dict[str, Any]:
    same = [{"name": f"item {i}", "revenue": i * 10, "rate": i / 7} for i in range(_N)]
    other = [
        {"name": f"item {i}", "revenue": i, "rate": 0.5}
        if i % 2
        else {"rate": 0.5, "revenue": i, "name": f"item {i}"}
        for i in range(_N)
    ]
    missing = [{"name": f"item {i}", "revenue": i} if i % 3 else {"name": "x"} for i in range(_N)]
    mixed = [{"name": f"item {i}", "revenue": Decimal(i) if i == 7 else i} for i in range(_N)]
    flags = [{"name": f"item {i}", "open": i % 2 == 0, "revenue": i} for i in range(_N)]
    nested = [{"name": f"item {i}", "sales": {"q1": i, "q2": i + 1}} for i in range(_N)]
    lists = {"columns": ["name", "revenue"], "rows": [[f"item {i}", i] for i in range(_N)]}
    return {"same": same, "other": other, "missing": missing, "mixed": mixed,
            "flags": flags, "nested": nested, "lists": lists}  # fmt: skip


@pytest.mark.parametrize(
    ("shape", "flat"), [(s, False) for s in sorted(_shapes())] + [("same", True)]
)
def test_untrack_is_given_each_columns_own_cell_types(
    monkeypatch: pytest.MonkeyPatch, shape: str, flat: bool
) -> None:
    seen: list[tuple[list[tuple[object, ...]], list[set[type]], int]] = []

    def spy(data: Any, types: Any) -> int:
        done = rows_untrack.untrack_columns(data, types)
        seen.append((list(data), [set(t) for t in types], done))
        return done

    monkeypatch.setattr(rows_mod, "untrack_columns", spy)
    if flat:  # the one-pass read, which slices its types from one list of every cell's
        monkeypatch.setattr(rows_read, "_FLAT_CELLS", 1_000)
    read_tables(_shapes()[shape])
    assert seen
    for data, types, done in seen:
        assert types == [set(map(type, col)) for col in data]
        plain = [all(type(v) in (int, float, str, bool, type(None)) for v in c) for c in data]
        assert done == sum(plain) > 0, shape  # (the collector may untrack the others itself)


class _Cell(list):  # (a list subclass: weak references allowed)
    pass


def test_a_wrongly_typed_column_frees_nothing_early() -> None:
    gc.disable()  # (the cell stays young: collections of the young generations only, cheap)
    try:
        cell = _Cell([1, 2, 3])
        cell.append(cell)  # a cycle through the cell itself
        ref = weakref.ref(cell)
        col = (*range(rows_untrack.MIN_CELLS), cell)
        del cell
        assert rows_untrack.untrack_columns([col], [{int}]) == 1  # types said wrong: untracked
        assert not gc.is_tracked(col)
        gc.collect(0)
        kept = ref()
        assert kept is not None and kept[:3] == [1, 2, 3] and kept[3] is kept
        assert col[-1] is kept
        del kept, col
        gc.collect(1)  # the column gone, the cell's own cycle is the collector's again
        assert ref() is None
    finally:
        gc.enable()
