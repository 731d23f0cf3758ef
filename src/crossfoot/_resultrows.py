"""Query result rows -> :class:`~crossfoot._types.Source` objects, one per result set.

Every shape a driver, ORM, dataframe library or API hands back is first normalised to a
:class:`ResultSet` (column names + rows of raw cells), then each numeric cell becomes a
:class:`~crossfoot._types.SourceValue` that knows its row key, column, year and position::

    list of dicts / objects / sqlite3.Row     -> columns from the keys (nested dicts -> "a.b")
    list of lists or tuples (header optional) -> columns from the header row, else col1, col2...
    {"columns": [...], "rows": [...]}         -> as given ("data" is accepted for "rows")
    {"col": [v1, v2, ...], ...}               -> column-oriented
    {"items": [{...}, ...], "meta": {...}}    -> an API response: each list of objects is a set
    pandas DataFrame                          -> a named or non-default index becomes a column
    DB-API cursor after execute               -> columns from ``cursor.description``

Booleans, NaN, dates and empty cells are not numbers. A shape that cannot be read raises
:class:`~crossfoot._errors.RowsError` naming the result set, the row and what was expected.

>>> srcs = rows_to_sources([{"region": "EU", "revenue": "$3,150,000"}])
>>> [(v.label, str(v.value)) for v in srcs[0].values]
[('revenue[EU]', '3150000')]
"""

from __future__ import annotations

import dataclasses
import math
import re
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import chain, compress, repeat
from operator import lt
from typing import TYPE_CHECKING, Any, cast

from ._errors import RowsError
from ._rows_cells import (
    _CELL,
    _EXACT,
    _INT,
    _NONE,
    _STR,
    _ZERO,
    IntNumbers,
    _Cell,
    _column_unit,
    _IntCells,
    _may_be_numbers,
    _parse_column,
    parse_cell,
)
from ._rows_names import (
    _KEY_NAME,
    _column_meta,
    _Labels,
    _labels,
    _year_of,
    is_count_column,
    is_id_column,
    labels_named,
    row_named,
    rows_named,
    same_unit,
    unit_family,
)
from ._rows_read import (
    ResultSet,
    _by_column,
    _Columns,
    _dict_columns,
    _items,
    _read_one,
    read_results,
)
from ._types import Kind, Source, SourceValue

if TYPE_CHECKING:
    from ._sources import SourceSet

__all__ = [
    "AnswerOperands",
    "IntNumbers",
    "ResultSet",
    "RowTable",
    "TableInfo",
    "is_count_column",
    "is_id_column",
    "is_partial",
    "iter_values",
    "labels_named",
    "load_rows",
    "parse_cell",
    "read_results",
    "read_tables",
    "register",
    "row_named",
    "row_table",
    "rows_named",
    "rows_to_sources",
    "same_unit",
    "unit_family",
]


# ---------------------------------------------------------------- result set -> Source


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What ``trace`` needs to know of a result set besides its values: for reading the answer."""

    name: str
    columns: tuple[str, ...]
    key: str | None  # the row key column, if any
    rows: int
    labels: tuple[str | None, ...]  # row keys, one per row (None without a key)


def rows_to_sources(
    rows: object = None,
    *,
    results: object = None,
    parse_strings: bool = True,
    key: str | Sequence[str] | None = None,
    max_rows: int | None = None,
) -> tuple[Source, ...]:
    """One :class:`Source` per result set, one :class:`SourceValue` per numeric cell.

    ``key`` names the row key column (or several candidates); by default it is the first column
    holding text. Cells after the first ``max_rows`` rows are indexed for direct matches and column
    totals but are not operands of pairwise derivations (``operand=False``).

    >>> src = rows_to_sources([("region", "orders"), ("EU", 52)])[0]
    >>> src.id, src.values[0].label, src.values[0].row
    ('Q1', 'orders[EU]', 'EU')
    """
    sources, _ = _build_all(read_results(rows, results), parse_strings, key, max_rows)
    return sources


def load_rows(
    rows: object = None,
    *,
    results: object = None,
    parse_strings: bool = True,
    key: str | Sequence[str] | None = None,
    max_rows: int | None = None,
) -> tuple[SourceSet, tuple[TableInfo, ...]]:
    """A :class:`~crossfoot._sources.SourceSet` of every result set, and what each looks like.

    A plain string among ``results`` is a prose source (a note, a report paragraph) and is read
    like a ``check`` source; its numbers may ground figures too.

    >>> ss, info = load_rows(results=[[{"region": "EU", "stores": 52}], "EU opened 3 stores."])
    >>> [s.id for s in ss.sources], info[0].key
    (['Q1', 'Q2'], 'region')
    """
    from ._sources import SourceSet

    tables, prose, order, issues = read_tables(
        rows, results=results, parse_strings=parse_strings, key=key
    )
    by_name: dict[str, Source] = {t.name: t.source(max_rows) for t in tables}
    by_name.update(prose)
    return SourceSet([by_name[n] for n in order], issues), tuple(t.info for t in tables)


def read_tables(
    rows: object = None,
    *,
    results: object = None,
    parse_strings: bool = True,
    key: str | Sequence[str] | None = None,
) -> tuple[list[RowTable], dict[str, Source], list[str], tuple[str, ...]]:
    """Parse every result set once: ``(tables, prose sources, names in order, issues)``."""
    from ._sources import load_sources

    sets: list[_Columns] = []
    texts: dict[str, str] = {}
    order: list[str] = []
    for name, obj, named in _items(rows, results):
        if isinstance(obj, str):
            texts[name] = obj
            order.append(name)
            continue
        fast = _dict_columns(name, obj)
        read = [fast] if fast is not None else map(_by_column, _read_one(name, obj, named=named))
        for rs in read:
            sets.append(rs)
            order.append(rs.name)
    if len(set(order)) != len(order):
        dupes = sorted({n for n in order if order.count(n) > 1})
        raise RowsError(f"two result sets are named {dupes[0]!r}; give each a distinct name")
    keys = [key] if isinstance(key, str) else list(key or ())
    if keys and sets and not any(k in rs.columns for rs in sets for k in keys):
        have = sorted({c for rs in sets for c in rs.columns})
        raise RowsError(
            f"key column {keys[0]!r} is in no result set; columns are: {', '.join(have[:12])}"
        )
    tables = [RowTable(cs, parse_strings, _key_column(cs, keys, parse_strings)) for cs in sets]
    prose: dict[str, Source] = {}
    issues: tuple[str, ...] = ()
    if texts:
        loaded = load_sources(texts)
        prose = {s.id: s for s in loaded.sources}
        issues = tuple(loaded.issues)
    return tables, prose, order, issues


def _build_all(
    sets: list[ResultSet],
    parse_strings: bool,
    key: str | Sequence[str] | None,
    max_rows: int | None,
) -> tuple[tuple[Source, ...], tuple[TableInfo, ...]]:
    keys = [key] if isinstance(key, str) else list(key or ())
    if keys and sets and not any(k in rs.columns for rs in sets for k in keys):
        have = sorted({c for rs in sets for c in rs.columns})
        raise RowsError(
            f"key column {keys[0]!r} is in no result set; columns are: {', '.join(have[:12])}"
        )
    by_col = list(map(_by_column, sets))
    tables = [RowTable(cs, parse_strings, _key_column(cs, keys, parse_strings)) for cs in by_col]
    return tuple(t.source(max_rows) for t in tables), tuple(t.info for t in tables)


class RowTable:
    """One result set parsed once: cell numbers by column, SourceValues made on demand.

    ``trace`` indexes only the cells an answer can touch (see :class:`AnswerOperands`); column
    totals and shares read :attr:`numbers` directly, so a 2,000-row result never becomes 20,000
    objects per answer.
    """

    def __init__(self, rs: ResultSet | _Columns, parse_strings: bool, key_col: int | None) -> None:
        cs = rs if isinstance(rs, _Columns) else _by_column(rs)
        self.name = cs.name
        self.columns = cs.columns
        self.key_col = key_col
        self.labels: tuple[str | None, ...] = _Labels(
            _labels(cs.data[key_col], cs.types[key_col])
            if key_col is not None
            else (None,) * cs.rows
        )
        self.rows = cs.rows
        raw = cs.data
        # Columns of plain ints (most result columns) skip the cell parser and the unit vote,
        # and near_many() reads their ints directly.
        self._ints: list[tuple[int, ...] | None] = [
            col if j != key_col and kinds <= _INT else None  # type: ignore[misc]
            for j, (col, kinds) in enumerate(zip(raw, cs.types, strict=True))
        ]
        self.cells: list[Mapping[int, _Cell]] = [
            {}
            if j == key_col
            else _IntCells(ints)
            if ints is not None
            else _parse_column(list(raw[j]), parse_strings)
            for j, ints in enumerate(self._ints)
        ]
        self._meta = [_column_meta(name) for name in rs.columns]
        self._unit = [
            ("number", None) if ints is not None else _column_unit(list(col.values()))
            for col, ints in zip(self.cells, self._ints, strict=True)
        ]
        self._col_year = [_year_of(name) for name in rs.columns]
        self._made: dict[tuple[int, int, bool], SourceValue] = {}
        self._keys: dict[int, tuple[list[float], Sequence[float | None]]] = {}
        self._bounds: dict[int, tuple[int, int] | None] = {}
        self._found: dict[tuple[float, float], list[tuple[int, int]]] = {}
        self.info = TableInfo(
            rs.name,
            rs.columns,
            rs.columns[key_col] if key_col is not None else None,
            self.rows,
            self.labels,
        )

    def kind(self, j: int, value: Decimal) -> Kind:
        kind, _ = self._unit[j]
        _, is_year, pct_name = self._meta[j]
        if is_year and value == value.to_integral_value():
            return "year"
        if pct_name and kind == "number":
            return "percent"
        return kind

    def currency(self, j: int) -> str | None:
        return self._unit[j][1]

    def eligible(self, j: int) -> bool:
        """Whether cells of column ``j`` may be derivation operands (not ids, not years)."""
        is_id, is_year, _ = self._meta[j]
        return not is_id and not is_year

    def cell(self, i: int, j: int, operand: bool = False) -> SourceValue:
        """The SourceValue of row ``i``, column ``j`` (made once, then reused)."""
        key = (i, j, operand)
        made = self._made.get(key)
        if made is None:
            ints = self._ints[j]
            if ints is not None:  # an int column: one kind for every cell, no _Cell to make
                if type(i) is not int or not 0 <= i < len(ints):
                    raise KeyError(i)
                value, precision = Decimal(ints[i]), _ZERO
                kind = self.kind(j, _ZERO)
            else:
                c = self.cells[j][i]
                value, precision = c.value, c.precision
                kind = self.kind(j, value)
            column = self.columns[j]
            label = self.labels[i]
            made = _table_cell(
                value,
                self.name,
                kind,
                f"{column}[{label if label is not None else f'row {i + 1}'}]",
                label,
                column,
                self._col_year[j] or _year_of(label),  # per cell made, not per row
                i,
                j,
                operand and kind != "year" and self.eligible(j),
                precision,
                self._unit[j][1],
            )
            self._made[key] = made
        return made

    def source(self, max_rows: int | None = None) -> Source:
        """Every cell as a SourceValue; the first ``max_rows`` rows (all: None) as operands."""
        values = [
            self.cell(i, j, max_rows is None or i < max_rows)
            for i in range(self.rows)
            for j in range(len(self.columns))
            if i in self.cells[j]
        ]
        return Source(id=self.name, values=tuple(values))

    def near(self, lo: float, hi: float) -> list[tuple[int, int]]:
        """Cells whose value lies in ``[lo, hi]`` (a float search; callers pass a wide window),
        by column, then by value, then by row."""
        return list(self.near_many([(lo, hi)])[0])

    def near_many(self, windows: Sequence[tuple[float, float]]) -> list[list[tuple[int, int]]]:
        """:meth:`near` of each window (found once per window and kept for this table; the
        lists are shared, so callers must not change them).

        Ask for every window an answer needs at once: each column is read once for all of
        them. Long int columns, when the windows hold few whole numbers, are searched for
        those numbers in one pass over all of them, without sorting; any other column has its
        values sorted once (values only, not row indexes: about half the time), the windows
        found in them by bisection and the rows of the values found read back in one pass.
        """
        todo = [w for w in dict.fromkeys(windows) if w not in self._found]
        if todo:
            hits: dict[tuple[float, float], list[tuple[int, int]]] = {w: [] for w in todo}
            bounds = ([w[0] for w in todo], [w[1] for w in todo])
            whole = self._whole_numbers(todo)
            for j, cells in enumerate(self.cells):
                if not cells:
                    continue  # the key column, or no numbers
                numbers = whole.get(j)
                if numbers is None:
                    found = self._near_sorted(j, bounds)
                else:
                    found = (*numbers, *_bisections(numbers[0], bounds))
                _collect(j, todo, hits, *found)
            self._found.update(hits)
        return [self._found[w] for w in windows]

    def _whole_numbers(
        self, todo: list[tuple[float, float]]
    ) -> dict[int, tuple[list[float], dict[float | None, list[int]]]]:
        """For long int columns: the whole numbers of the windows, found in one pass over each
        column (in C) without sorting it, as :meth:`_near_sorted` gives them; nothing when
        the windows hold too many (sorting is cheaper) or the columns are short."""
        if self.rows < 512:  # a short column sorts in no time
            return {}
        columns = [j for j in range(len(self.cells)) if self._int_bounds(j) is not None]
        if not columns:
            return {}
        spans = [cast("tuple[int, int]", self._bounds[j]) for j in columns]
        low, high = min(b[0] for b in spans), max(b[1] for b in spans)
        ranges: list[range] = []
        for lo, hi in todo:
            if lo <= high and hi >= low:
                # the whole numbers in the window (ints compare with floats exactly)
                a, b = math.ceil(max(lo, low)), math.floor(min(hi, high))
                if a <= b:
                    ranges.append(range(a, b + 1))
        # A whole number costs about twice what a cell's look-up does, and sorting a column
        # several times as much per cell: beyond this the sort is cheaper (measured).
        if sum(map(len, ranges)) > 2 * self.rows * len(columns):
            return {}
        wanted = set(chain.from_iterable(ranges))
        found: dict[int, tuple[list[float], dict[float | None, list[int]]]] = {}
        for j in columns:
            ints = cast("tuple[int, ...]", self._ints[j])
            rows_of: dict[float | None, list[int]] = {}
            for i in compress(range(len(ints)), map(wanted.__contains__, ints)):
                rows_of.setdefault(ints[i], []).append(i)
            found[j] = (sorted(rows_of), rows_of)  # type: ignore[arg-type]
        return found

    def _int_bounds(self, j: int) -> tuple[int, int] | None:
        """The least and greatest of int column ``j`` (None: not ints a float holds)."""
        if j in self._bounds:
            return self._bounds[j]
        ints = self._ints[j]
        bounds = None
        if ints:
            low, high = min(ints), max(ints)
            if -_EXACT <= low and high <= _EXACT:
                bounds = (low, high)
        self._bounds[j] = bounds
        return bounds

    def _near_sorted(self, j: int, bounds: tuple[list[float], list[float]]) -> _Found:
        """Column ``j``'s values sorted, the rows of every value in one of the windows
        (``bounds``: their lower and upper ends), and each window's span in the values."""
        ordered, keys = self._sorted_column(j)
        starts, ends = _bisections(ordered, bounds)
        wanted = set(chain.from_iterable(map(ordered.__getitem__, map(slice, starts, ends))))
        rows_of: dict[float | None, list[int]] = {}
        if wanted:
            for i in compress(range(len(keys)), map(wanted.__contains__, keys)):
                rows_of.setdefault(keys[i], []).append(i)
        return ordered, rows_of, starts, ends

    def _sorted_column(self, j: int) -> tuple[list[float], Sequence[float | None]]:
        """Column ``j``'s values sorted, and each row's value (None: no number there)."""
        made = self._keys.get(j)
        if made is None:
            ints = self._ints[j]
            keys: Sequence[float]
            if ints is not None and (not ints or -_EXACT <= min(ints) <= max(ints) <= _EXACT):
                # Ints a float holds exactly sort and compare with a float window as their
                # floats would, without making them.
                keys = ints
            elif ints is not None:
                keys = list(map(float, ints))  # float(int) == float(Decimal(int))
            else:
                by_row = {i: float(c[0]) for i, c in self.cells[j].items()}
                made = (sorted(by_row.values()), list(map(by_row.get, range(self.rows))))
            if made is None:
                made = (sorted(keys), keys)
            self._keys[j] = made
        return made


# A column's values found in the windows: (its values sorted, repeats allowed; row indexes by
# value; each window's start and end in those values).
_Found = tuple[list[float], dict[float | None, list[int]], list[int], list[int]]


def _bisections(
    ordered: list[float], bounds: tuple[list[float], list[float]]
) -> tuple[list[int], list[int]]:
    """Every window's start and end in ``ordered`` (sorted values), in C."""
    return (
        list(map(bisect_left, repeat(ordered), bounds[0])),
        list(map(bisect_right, repeat(ordered), bounds[1])),
    )


def _collect(
    j: int,
    todo: list[tuple[float, float]],
    hits: dict[tuple[float, float], list[tuple[int, int]]],
    ordered: list[float],
    rows_of: dict[float | None, list[int]],
    starts: list[int],
    ends: list[int],
) -> None:
    """Add column ``j``'s cells in each window to its hits, by value, then by row (a stable
    sort's order)."""
    if not rows_of:
        return
    for w, a, b in compress(zip(todo, starts, ends, strict=True), map(lt, starts, ends)):
        out = hits[w]
        for value in dict.fromkeys(ordered[a:b]) if b - a > 1 else ordered[a:b]:
            out.extend((i, j) for i in rows_of[value])


_NEW = object.__new__
_NEW_TUPLE = tuple.__new__
_SET = {f.name: getattr(SourceValue, f.name).__set__ for f in dataclasses.fields(SourceValue)}
# Fields a table cell never sets, at their declared defaults (the ones below plus any added later).
_CELL_SET: tuple[str, ...] = ("value", "source_id", "kind", "label", "row", "column", "year")
_CELL_SET += ("table", "row_index", "col_index", "operand", "precision", "currency")
_CELL_DEFAULTS = [
    (_SET[f.name], f.default) for f in dataclasses.fields(SourceValue) if f.name not in _CELL_SET
]
(_S_VALUE, _S_SOURCE, _S_KIND, _S_LABEL, _S_ROW, _S_COLUMN, _S_YEAR) = map(
    _SET.__getitem__, _CELL_SET[:7]
)
(_S_TABLE, _S_ROW_INDEX, _S_COL_INDEX, _S_OPERAND, _S_PRECISION, _S_CURRENCY) = map(
    _SET.__getitem__, _CELL_SET[7:]
)


def _table_cell(
    value: Decimal,
    source_id: str,
    kind: Kind,
    label: str,
    row: str | None,
    column: str,
    year: int | None,
    row_index: int,
    col_index: int,
    operand: bool,
    precision: Decimal,
    currency: str | None,
) -> SourceValue:
    """A table-cell SourceValue (table 0) built slot by slot: many thousands of cells go through
    here, and the frozen dataclass ``__init__`` (one ``object.__setattr__`` per field) costs
    about twice as much. Fields not given keep their declared defaults."""
    v: SourceValue = _NEW(SourceValue)
    _S_VALUE(v, value)
    _S_SOURCE(v, source_id)
    _S_KIND(v, kind)
    _S_LABEL(v, label)
    _S_ROW(v, row)
    _S_COLUMN(v, column)
    _S_YEAR(v, year)
    _S_TABLE(v, 0)
    _S_ROW_INDEX(v, row_index)
    _S_COL_INDEX(v, col_index)
    _S_OPERAND(v, operand)
    _S_PRECISION(v, precision)
    _S_CURRENCY(v, currency)
    for set_default, default in _CELL_DEFAULTS:
        set_default(v, default)
    return v


def _key_column(cs: _Columns, keys: list[str], parse_strings: bool) -> int | None:
    for k in keys:
        if k in cs.columns:
            return cs.columns.index(k)
    if not cs.rows:
        return None
    # The first column whose cells are text (not numbers) in every row that has a value.
    for j, (col, kinds) in enumerate(zip(cs.data, cs.types, strict=True)):
        if kinds <= _INT:
            continue  # plain ints (most columns): numbers
        cells = [c for c in col if c is not None] if type(None) in kinds else list(col)
        if not cells:
            continue
        texts = cast("list[str]", cells)  # checked just below
        if kinds - _NONE <= _STR and all(map(str.strip, texts)):
            # Plain non-blank strings: only those the cell pattern matches can parse as numbers
            # (found in C); the rest are text, as parse_cell would find one call at a time.
            maybe = [m.string for m in filter(None, map(_CELL.match, _may_be_numbers(texts)))]
            if all(parse_cell(c, parse_strings=parse_strings) is None for c in maybe):
                return j
            continue
        if all(
            isinstance(c, str) and c.strip() and parse_cell(c, parse_strings=parse_strings) is None
            for c in cells
        ):
            return j
    for j, name in enumerate(cs.columns):
        if _KEY_NAME.match(name.strip()):
            return j
    return None


def iter_values(sources: Iterable[Source]) -> Iterator[SourceValue]:
    """Every value of every source, in order."""
    for s in sources:
        yield from s.values


# ---------------------------------------------------------------- operands per answer

# Per-answer sources -> the RowTable they index, so rules.rowsums can read whole columns.
# An OrderedDict: dropping the oldest entry of a plain dict again and again makes finding the
# next oldest slower and slower (it skips the freed slots).
_TABLES: OrderedDict[int, tuple[Source, RowTable | None]] = OrderedDict()
_YEARISH = re.compile(r"(?:FY\s?)?((?:19|20)\d\d)", re.IGNORECASE)


def row_table(source: Source) -> RowTable | None:
    """The parsed result set behind a per-answer source, or None (then read ``source.values``)."""
    hit = _TABLES.get(id(source))
    return hit[1] if hit is not None and hit[0] is source else None


def is_partial(source: Source) -> bool:
    """A source holding only some cells of its result set (no whole-column totals from it)."""
    hit = _TABLES.get(id(source))
    return hit is not None and hit[0] is source and hit[1] is None


def register(source: Source, table: RowTable | None) -> None:
    """Tie a per-answer source to its table (None: a partial copy, see :func:`is_partial`)."""
    if len(_TABLES) > 512:
        # the oldest one out: clearing them all would drop the sources of the answer being
        # checked, and free hundreds of tables in one go
        _TABLES.popitem(last=False)
    _TABLES[id(source)] = (source, table)


class AnswerOperands:
    """The cells one answer can touch, as the engine's sources.

    Nothing is enumerated up front. For each answer the sources hold the cells near one of its
    numbers (a window wider than any match rule uses) and every cell of the rows it names. Only
    named rows are derivation operands: a % change, difference, ratio or sum over result rows is
    credible only between rows the answer names (up to ``max_rows`` per result set, first by
    position), plus the rows a year before and after a named year. A result set of one or two
    rows is searched whole. Column totals, means and shares read the whole parsed table.

    >>> tables, prose, order, issues = read_tables([{"r": "EU", "x": 1}, {"r": "US", "x": 2},
    ...                                              {"r": "UK", "x": 3}])
    >>> ops = AnswerOperands(tables, prose, order, issues, max_rows=12)
    >>> [(v.label, v.operand) for v in ops.sources_for("EU and UK had 3.").sources[0].values]
    [('x[EU]', True), ('x[US]', False), ('x[UK]', True)]
    """

    def __init__(
        self,
        tables: Sequence[RowTable],
        prose: Mapping[str, Source],
        order: Sequence[str],
        issues: Sequence[str],
        max_rows: int,
        tolerance: Decimal | None = None,
        absolute: Decimal | None = None,
    ) -> None:
        self.tables = {t.name: t for t in tables}
        self.tolerance = float(tolerance or 0)
        self.absolute = float(absolute or 0)
        self.prose = dict(prose)
        self.order = list(order)
        self.issues = tuple(issues)
        self.max_rows = max_rows
        self._made: dict[str, SourceSet] = {}
        self._mentions: dict[str, list[Any]] = {}

    @property
    def info(self) -> tuple[TableInfo, ...]:
        return tuple(t.info for t in self.tables.values())

    def rows_for(self, text: str, mentions: Sequence[Any] = ()) -> dict[str, tuple[int, ...]]:
        """Row indexes per result set that ``text`` makes operands: rows it names, and rows
        holding a cell one of its numbers states ("from 320 to 505, a 57.8% increase")."""
        low = text.lower()
        chosen: dict[str, tuple[int, ...]] = {}
        for name, t in self.tables.items():
            if t.rows <= 2:  # one or two rows: no choice to make
                chosen[name] = tuple(range(t.rows))
                continue
            labels = t.labels
            # Only rows whose lowercased label is in the text (found in C) can be named in full.
            named = rows_named(labels, text, low)
            for found in t.near_many(_anchors(mentions)):
                named.extend(i for i, _ in found if i not in named)
            named = sorted(set(named), key=named.index)[: self.max_rows]
            years = {
                int(m.group(1))
                for i in named
                if (m := _YEARISH.fullmatch(t.labels[i] or "")) is not None
            }
            if years:
                near = {y + d for y in years for d in (-1, 1)}
                for i, label in enumerate(t.labels):
                    m = _YEARISH.fullmatch(label or "")
                    if m is not None and int(m.group(1)) in near and i not in named:
                        named.append(i)
            chosen[name] = tuple(sorted(named))
        return chosen

    def mentions(self, text: str) -> list[Any]:
        """``extract(text)``, once per answer text (the engine reuses it for the claims)."""
        from ._extract import extract

        found = self._mentions.get(text)
        if found is None:
            if len(self._mentions) > 256:
                self._mentions.clear()
            found = self._mentions[text] = extract(text)
        return found

    def sources_for(self, text: str) -> SourceSet:
        """The sources for one answer (cached per text)."""
        from ._sources import SourceSet

        made = self._made.get(text)
        if made is not None:
            return made
        mentions = self.mentions(text)
        windows = _windows(mentions, self.tolerance, self.absolute)
        anchors = _anchors(mentions) if any(t.rows > 2 for t in self.tables.values()) else []
        near: dict[str, Iterable[tuple[int, int]]] = {}
        for name, t in self.tables.items():  # every window at once: one pass per column
            first = anchors if t.rows > 2 else []  # rows_for's windows, found here with them
            near[name] = chain.from_iterable(t.near_many(first + windows)[len(first) :])
        chosen = self.rows_for(text, mentions)
        out: list[Source] = []
        for name in self.order:
            table = self.tables.get(name)
            if table is None:
                out.append(self.prose[name])
                continue
            rows = set(chosen.get(name, ()))
            picked = set(near[name])
            for i in rows:
                picked.update((i, j) for j, col in enumerate(table.cells) if i in col)
            values = tuple(table.cell(i, j, i in rows) for i, j in sorted(picked))
            source = Source(id=name, values=values)
            register(source, table)
            out.append(source)
        made = SourceSet(out, self.issues)
        if len(self._made) > 256:
            self._made.clear()
        self._made[text] = made
        return made


def _anchors(mentions: Sequence[Any]) -> list[tuple[float, float]]:
    """The value windows of the figures that make the rows holding them operands."""
    out: list[tuple[float, float]] = []
    for m in mentions:
        # Only figures stated finely (1 %): "$5M" would anchor every row near 5M. (The cheap
        # tests first: the Decimal division only for figures that may anchor.)
        if m.kind in ("money", "number") and m.claim and m.value:
            if m.precision <= abs(m.value) / 100:
                out.append((float(m.value - m.precision), float(m.value + m.precision)))
    return out


def _windows(
    mentions: Sequence[Any], tolerance: float, absolute: float
) -> list[tuple[float, float]]:
    """Value windows wider than any a match rule uses (twice the stated precision or the flat
    tolerance), in every form a number may be looked up in."""
    out: list[tuple[float, float]] = []
    flat = 2 * absolute
    for m in mentions:
        low = float(m.value)
        high = float(m.high) if m.high is not None else low
        lo, hi = min(low, high), max(low, high)
        size = max(abs(lo), abs(hi))
        w = max(2 * float(m.precision), 2 * tolerance * size, flat, 0.002 * size, 1e-9)
        forms = [(lo - w, hi + w)]
        if m.kind in ("percent", "bps", "pp"):
            forms.append(((lo - w) / 100, (hi + w) / 100))
        if m.kind in ("number", "ratio") and size <= 1:
            forms.append(((lo - w) * 100, (hi + w) * 100))
        out.extend(forms)
        out.extend([(-b, -a) for a, b in forms])  # and negated
    return out
