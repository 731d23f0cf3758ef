"""Every shape of query result -> :class:`ResultSet` (column names + rows of raw cells)::

    list of dicts / objects / sqlite3.Row     -> columns from the keys (nested dicts -> "a.b")
    list of lists or tuples (header optional) -> columns from the header row, else col1, col2...
    {"columns": [...], "rows": [...]}         -> as given ("data" is accepted for "rows")
    {"col": [v1, v2, ...], ...}               -> column-oriented
    {"items": [{...}, ...], "meta": {...}}    -> an API response: each list of objects is a set
    pandas DataFrame                          -> a named or non-default index becomes a column
    DB-API cursor after execute               -> columns from ``cursor.description``

Part of :mod:`crossfoot.sources.rows` (which re-exports the public names).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import chain, repeat
from operator import countOf, itemgetter
from typing import Any, NamedTuple

from crossfoot.model.errors import RowsError
from crossfoot.sources.rows_cells import _DICT, _PLAIN, _STR, parse_cell

__all__ = ["ResultSet", "read_results"]


@dataclass(frozen=True, slots=True)
class ResultSet:
    """One result set in a uniform shape: column names and rows of raw cell values."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


#: Whether plain dict rows whose keys are in row 0's order are read in one pass (speed only;
#: the tests switch it off to compare with the look-up per column).
FLAT_READ = [True]


# From this many cells (rows x keys) plain dict rows of one key order are read in one pass:
# measured on the development machine (8 MB of L3 cache), the one pass took 1.02x the look-up
# per column at 4,000x10, 0.82x at 8,000x10, 0.68x at 20,000x10, 1.12-1.14x at 200x10 and
# 2,000x10. On today's machine (4 MB of L2 a core, a large shared L3; round 34, the two
# alternating in one process) it took 1.49x at 4,000x10, 1.30x at 8,000x10, 1.35x at
# 20,000x10 and 0.93x at 50,000x10: the look-up per column, and no list of every cell and
# of every cell's type, up to 400,000 cells.
_FLAT_CELLS = 400_000


class _Columns(NamedTuple):
    """A result set by column (what :class:`RowTable` reads): one tuple of cells per column."""

    name: str
    columns: tuple[str, ...]
    data: list[tuple[object, ...]]
    rows: int
    types: list[set[type]]  # the types of each column's cells, found once (in C)


def _by_column(rs: ResultSet) -> _Columns:
    width = len(rs.columns)
    data: list[tuple[object, ...]]
    if not rs.rows:
        data = [() for _ in range(width)]
    elif set(map(len, rs.rows)) == {width}:  # one cell per column (as _from_rows checks)
        data = list(zip(*rs.rows, strict=True))  # transposed in C
    else:
        data = [tuple(r[j] for r in rs.rows) for j in range(width)]
    return _Columns(rs.name, rs.columns, data, len(rs.rows), [set(map(type, c)) for c in data])


def _dict_columns(name: str, rows: object) -> _Columns | None:
    """A list of plain dicts of plain values (the usual rows), read column by column in C
    without building row tuples; None for any other shape (then :func:`_read_one` reads it).
    The result is what ``_by_column(_from_rows(name, rows, None))`` gives."""
    if type(rows) is not list or not rows or not _DICT.issuperset(map(type, rows)):
        return None
    types: list[set[type]] | None = None
    flat = _same_order(rows)
    data: list[tuple[object, ...]] | None
    if flat is not None:  # the usual rows: the keys of row 0, in its order
        data, types = flat
    else:
        data = _same_keys(rows)
    if data is not None:  # every row with the keys of row 0
        columns = tuple(rows[0])
    else:
        # every key in order of first appearance, in one pass in C; a missing key reads None,
        # as f.get does
        columns = tuple(dict.fromkeys(chain.from_iterable(rows)))
        data = [tuple(map(dict.get, rows, repeat(c))) for c in columns]
    # key types checked on the few distinct keys rather than on every row's
    if not _STR.issuperset(map(type, columns)):
        return None
    if types is None:
        # An int column, the usual one, tested without a set of its types: its cells' types
        # counted in C, each compared with int by identity (four fifths of the set's time).
        # (a column whose first cell is no int, the key's, goes straight to the set)
        types = [
            {int}
            if type(c[0]) is int and countOf(map(type, c), int) == len(c)
            else set(map(type, c))
            for c in data
        ]
    if not all(map(_PLAIN.issuperset, types)):
        return None  # nested or unusual values: _flatten decides
    return _Columns(name, columns, data, len(rows), types)


def _same_order(
    rows: list[dict[Any, Any]],
) -> tuple[list[tuple[object, ...]], list[set[type]]] | None:
    """The columns of rows that all have the keys of row 0 in its order, and each column's cell
    types; None for other rows (or fewer than two keys).

    The usual rows (one dict literal, one driver) hold their keys in one order: every value is
    read in one pass in C and each column is a slice of them, as are its cells' types. For
    rows of :data:`_FLAT_CELLS` cells or more this takes two thirds of the time of a look-up
    per cell and a type pass per column, which go through every row once per column (the rows
    no longer fit in the processor's caches); below it, a tenth more. A key equal to row 0's
    (``==``, as a dict look-up compares them) is the one a look-up of row 0's key finds, so
    each slice is the column :func:`_same_keys` reads.
    """
    width = len(rows[0])
    if not FLAT_READ[0] or width < 2 or len(rows) * width < _FLAT_CELLS:
        return None
    if set(map(len, rows)) != {width}:
        return None
    try:  # (a key's own __eq__ may raise: then _same_keys decides, as before)
        if list(chain.from_iterable(rows)) != list(rows[0]) * len(rows):
            return None
    except Exception:
        return None
    values = list(chain.from_iterable(map(dict.values, rows)))
    kinds = list(map(type, values))
    return (
        [tuple(values[j::width]) for j in range(width)],
        [set(kinds[j::width]) for j in range(width)],
    )


def _same_keys(rows: list[dict[Any, Any]]) -> list[tuple[object, ...]] | None:
    """The columns of rows that all have the keys of row 0 (any order), transposed in C; None
    when some row has other keys or there are fewer than two."""
    width = len(rows[0])
    if width < 2 or countOf(map(len, rows), width) != len(rows):
        return None
    try:  # a row of as many keys that lacks one of row 0's has another one instead
        # Column by column (a pass in C per column): reading row tuples and transposing them
        # makes a tuple per row, and at 20,000 rows those set off the garbage collector.
        return [tuple(map(itemgetter(k), rows)) for k in rows[0]]
    except KeyError:
        return None


# ---------------------------------------------------------------- reading shapes


def read_results(rows: object = None, results: object = None) -> list[ResultSet]:
    """Normalise ``rows`` (one result set) and/or ``results`` (several) into result sets.

    ``results`` may be a list (sets are named ``Q1``, ``Q2``...) or a mapping name -> rows.

    >>> [r.name for r in read_results(results={"sales": [{"a": 1}], "stock": [[1, 2]]})]
    ['sales', 'stock']
    """
    out: list[ResultSet] = []
    for name, obj, named in _items(rows, results):
        out.extend(_read_one(name, obj, named=named))
    names = [r.name for r in out]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RowsError(f"two result sets are named {dupes[0]!r}; give each a distinct name")
    return out


def _items(rows: object, results: object) -> list[tuple[str, object, bool]]:
    """``(name, result set, named by the caller?)`` for every set given."""
    found: list[tuple[str, object]] = []
    if rows is not None:
        found.append(("", rows))
    if results is not None:
        if isinstance(results, Mapping) and not _is_table_mapping(results):
            found.extend((str(k), v) for k, v in results.items())
        elif isinstance(results, (str, bytes)) or not isinstance(results, Iterable):
            raise RowsError(
                "results must be a list of result sets or a mapping name -> result set, "
                f"got {type(results).__name__}"
            )
        else:
            found.extend(("", r) for r in results)
    return [(given or f"Q{i}", obj, bool(given)) for i, (given, obj) in enumerate(found, 1)]


def _is_table_mapping(obj: Mapping[Any, Any]) -> bool:
    return "columns" in obj and ("rows" in obj or "data" in obj)


def _read_one(name: str, obj: object, *, named: bool) -> list[ResultSet]:
    if isinstance(obj, (str, bytes)):
        raise RowsError(
            f"result set {name}: got a {type(obj).__name__}; expected rows (a list of dicts or "
            "lists, a {'columns', 'rows'} mapping, a DataFrame or a cursor). Pass prose "
            "sources to crossfoot.check instead"
        )
    if _is_dataframe(obj):
        return [_from_dataframe(name, obj)]
    if _is_cursor(obj):
        return [_from_cursor(name, obj)]
    if isinstance(obj, Mapping):
        return _from_mapping(name, obj, named=named)
    if isinstance(obj, Iterable):
        return [_from_rows(name, list(obj), columns=None)]
    raise RowsError(
        f"result set {name}: got {type(obj).__name__}; expected a list of dicts or lists, a "
        "{'columns', 'rows'} mapping, a pandas DataFrame or a DB-API cursor after execute()"
    )


def _is_dataframe(obj: object) -> bool:
    return all(hasattr(obj, a) for a in ("columns", "index", "itertuples", "reset_index"))


def _is_cursor(obj: object) -> bool:
    return hasattr(obj, "description") and hasattr(obj, "fetchall")


def _from_dataframe(name: str, df: Any) -> ResultSet:
    index = df.index
    default_index = index.name is None and type(index).__name__ == "RangeIndex"
    if not default_index and getattr(index, "nlevels", 1) == 1:
        # A labelled index (``set_index("region")``) is the row key: keep it as a column.
        df = df.reset_index()
    columns = tuple(_column_name(c) for c in df.columns)
    rows = tuple(tuple(r) for r in df.itertuples(index=False, name=None))
    return ResultSet(name, columns, rows)


def _from_cursor(name: str, cursor: Any) -> ResultSet:
    description = cursor.description
    if description is None:
        raise RowsError(
            f"result set {name}: the cursor has no result; call execute() with a query that "
            "returns rows before passing it"
        )
    columns = tuple(str(d[0]) for d in description)
    return _from_rows(name, list(cursor.fetchall()), columns=columns)


def _from_mapping(name: str, obj: Mapping[Any, Any], *, named: bool) -> list[ResultSet]:
    if _is_table_mapping(obj):
        cols = obj["columns"]
        if isinstance(cols, (str, bytes)) or not isinstance(cols, Iterable):
            raise RowsError(f"result set {name}: 'columns' must be a list of column names")
        body = obj["rows"] if "rows" in obj else obj["data"]
        if isinstance(body, (str, bytes)) or not isinstance(body, Iterable):
            raise RowsError(f"result set {name}: 'rows' must be a list of rows")
        return [_from_rows(name, list(body), columns=tuple(_column_name(c) for c in cols))]
    values = list(obj.values())
    if values and all(_is_scalar_list(v) for v in values):
        lengths = {len(v) for v in values}
        if len(lengths) > 1:
            raise RowsError(
                f"result set {name}: column-oriented mapping with columns of different "
                f"lengths {sorted(lengths)}; expected equal-length lists"
            )
        columns = tuple(_column_name(k) for k in obj)
        return [ResultSet(name, columns, tuple(zip(*values, strict=False)))]
    # An API response: each list of objects inside is a result set, the scalars one more row.
    nested = [(str(k), v) for k, v in obj.items() if _is_object_list(v)]
    if nested:
        sets = [
            _from_rows(f"{name}.{k}" if named or len(nested) > 1 else name, v, columns=None)
            for k, v in nested
        ]
        rest = {k: v for k, v in obj.items() if not _is_object_list(v)}
        flat = _flatten(rest)
        if any(_is_number_like(v) for v in flat.values()):
            sets.append(ResultSet(f"{name}.meta", tuple(flat), (tuple(flat.values()),)))
        return sets
    flat = _flatten(obj)
    return [ResultSet(name, tuple(flat), (tuple(flat.values()),))]


def _is_scalar_list(v: object) -> bool:
    return isinstance(v, (list, tuple)) and all(not isinstance(x, (Mapping, list)) for x in v)


def _is_object_list(v: object) -> bool:
    return isinstance(v, (list, tuple)) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _is_number_like(v: object) -> bool:
    return isinstance(v, (int, float, Decimal)) and not isinstance(v, bool)


def _from_rows(name: str, rows: list[Any], columns: tuple[str, ...] | None) -> ResultSet:
    """Rows of one kind: all objects (dicts, records) or all sequences of cells."""
    if not rows:
        return ResultSet(name, columns or (), ())
    as_dicts: list[Mapping[str, Any] | None]
    if _DICT.issuperset(map(type, rows)):  # all plain dicts (checked in C): every check passes
        as_dicts, objects = rows, True
    else:
        as_dicts = [_as_mapping(r) for r in rows]
        objects = as_dicts[0] is not None
        _check_shapes(name, rows, as_dicts, objects)
    if objects:
        flats: list[Mapping[str, Any]]
        if (
            as_dicts is rows
            and _PLAIN.issuperset(map(type, chain.from_iterable(map(dict.values, rows))))
            and _STR.issuperset(map(type, chain.from_iterable(rows)))
        ):
            flats = rows  # plain dicts of plain values (one C pass): _flatten keeps each as is
        else:
            flats = [_flatten(d) for d in as_dicts if d is not None]
        if columns is None:
            # every key in order of first appearance, in one pass in C
            columns = tuple(dict.fromkeys(chain.from_iterable(flats)))
        return ResultSet(name, columns, tuple(tuple(map(f.get, columns)) for f in flats))
    seqs = [tuple(row) for row in rows]
    skipped = 0
    if columns is None:
        header = _header(seqs)
        if header is not None:
            columns, seqs, skipped = header, seqs[1:], 1
        else:
            width = max(len(s) for s in seqs)
            columns = tuple(f"col{j + 1}" for j in range(width))
    for i, s in enumerate(seqs):
        if len(s) != len(columns):
            shown = ", ".join(columns[:6]) + ("..." if len(columns) > 6 else "")
            raise RowsError(
                f"result set {name}, row {i + skipped}: expected {len(columns)} cells "
                f"(one per column: {shown}), got {len(s)}"
            )
    return ResultSet(name, columns, tuple(seqs))


def _check_shapes(
    name: str, rows: list[Any], as_dicts: list[Mapping[str, Any] | None], objects: bool
) -> None:
    """Every row has the shape of row 0: an object, or a sequence of cells."""
    for i, (row, d) in enumerate(zip(rows, as_dicts, strict=True)):
        if objects and d is None:
            raise RowsError(
                f"result set {name}, row {i}: got {type(row).__name__}; expected a dict "
                "like row 0 (rows of one result set must share one shape)"
            )
        if not objects and (
            d is not None or isinstance(row, (str, bytes)) or not isinstance(row, Sequence)
        ):
            expected = "a list or tuple of cells like row 0" if i else "a dict or a list of cells"
            raise RowsError(
                f"result set {name}, row {i}: got {type(row).__name__}; expected {expected}"
            )


def _as_mapping(row: object) -> Mapping[str, Any] | None:
    if type(row) is dict:  # the usual row, before the slower ABC check
        return row
    if isinstance(row, Mapping):
        return row
    if isinstance(row, tuple) and hasattr(row, "_fields"):  # namedtuple
        return dict(zip(row._fields, row, strict=False))
    keys = getattr(row, "keys", None)
    if callable(keys) and hasattr(row, "__getitem__"):  # sqlite3.Row and friends
        return {str(k): row[k] for k in keys()}
    if dataclasses.is_dataclass(row) and not isinstance(row, type):
        return {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
    dump = getattr(row, "model_dump", None)  # pydantic v2
    if callable(dump):
        result = dump()
        return result if isinstance(result, Mapping) else None
    return None


def _header(seqs: list[tuple[object, ...]]) -> tuple[str, ...] | None:
    """The first row, when it reads as column names rather than data."""
    first = seqs[0]
    if len(seqs) < 2 or not first:
        return None
    if not all(isinstance(c, str) and c.strip() for c in first):
        return None
    if any(parse_cell(c) is not None for c in first):
        return None
    # Names, not data: some later row holds a number under a name.
    for row in seqs[1:]:
        if any(parse_cell(c) is not None for c in row):
            return tuple(str(c).strip() for c in first)
    return None


def _flatten(obj: Mapping[Any, Any], prefix: str = "") -> dict[str, object]:
    # issuperset(map(type, ...)) is all(type(x) in ...) evaluated in C (2,000 rows x 10 cells)
    if not prefix and type(obj) is dict and _PLAIN.issuperset(map(type, obj.values())):
        if _STR.issuperset(map(type, obj)):
            return obj  # already flat (the usual row): no copy
    out: dict[str, object] = {}
    for k, v in obj.items():
        name = f"{prefix}{_column_name(k)}"
        if isinstance(v, Mapping):
            out.update(_flatten(v, name + "."))
        else:
            out[name] = v
    return out


def _column_name(c: object) -> str:
    if isinstance(c, tuple):  # a MultiIndex column
        return ".".join(str(p) for p in c if str(p))
    return str(c)
