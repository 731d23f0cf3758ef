"""One parsed result set: :class:`RowTable` (cells by column, SourceValues made on demand,
value windows searched for every figure of an answer at once) and its :class:`TableInfo`.
Part of :mod:`crossfoot.sources.rows` (which re-exports the public names).
"""

from __future__ import annotations

import dataclasses
import math
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import itemgetter, lt
from typing import cast

from crossfoot.language.period_columns import column_period
from crossfoot.model.types import Kind, Source, SourceValue
from crossfoot.sources.rows_cells import (
    _EXACT,
    _INT,
    _ZERO,
    FAST_BOUNDS,
    Bounds,
    _Cell,
    _column_unit,
    _IntCells,
    _parse_column,
    rows_of,
    whole_bounds,
)
from crossfoot.sources.rows_months import period_memo, row_periods, spoken_rows
from crossfoot.sources.rows_names import _column_meta, _Labels, _labels, _year_of
from crossfoot.sources.rows_read import ResultSet, _by_column, _Columns
from crossfoot.sources.rows_stats import int_bounds, int_columns
from crossfoot.sources.rows_years import date_years, row_years

__all__ = ["RowTable", "TableInfo"]


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What ``trace`` needs to know of a result set besides its values: for reading the answer."""

    name: str
    columns: tuple[str, ...]
    key: str | None  # the row key column, if any
    rows: int
    labels: tuple[str | None, ...]  # row keys, one per row (None without a key)
    periods: str | None = None  # the column of months or quarters of rows keyed by another


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
        self.labels: tuple[str | None, ...] = (
            _labels(cs.data[key_col], cs.types[key_col])
            if key_col is not None
            else _Labels((None,) * cs.rows)
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
        self._unit = [
            ("number", None) if ints is not None or not col else _column_unit(list(col.values()))
            for col, ints in zip(self.cells, self._ints, strict=True)
        ]
        # What the name says of a column (kept per name: columns come back), as cell() reads it.
        facts = list(map(_column_facts, rs.columns))
        self._meta: list[tuple[bool, bool, bool]] = [f[0] for f in facts]
        self._col_year: list[int | None] = [f[1] for f in facts]
        # Columns of plain ints hold no date nor month: the readings below skip them (each
        # found nothing there).
        texts = [() if ints is not None else col for col, ints in zip(raw, self._ints, strict=True)]
        years = row_years(self._meta, key_col, self._ints, self.cells)  # (long tables)
        self._row_year = years or date_years(texts, key_col, self.labels)
        self._eligible: list[bool] = [f[2] for f in facts]
        self._int_kind: list[Kind] = [f[3] for f in facts]
        self._made: dict[tuple[int, int, bool], SourceValue] = {}
        self._keys: dict[int, tuple[list[float], Sequence[float | None]]] = {}
        self._bounds: dict[int, tuple[int, int] | None] = {}
        self._found: dict[tuple[float, float], list[tuple[int, int]]] = {}
        self._merged: tuple[list[float], list[tuple[int, int]], bool] | None = None
        # the answers' source sets over this table, by the cells picked (sources.rows_kept)
        self.sets: dict[object, object] = {}
        # what rules make once per table (the month column, for rules.row_months)
        self.memo: dict[str, object] = {**period_memo(texts, key_col), "texts": texts}
        # A series labelled by its periods: rows named as a sentence names them ("January").
        months = self.memo.get("month column")  # (most result sets: None, nothing to read)
        spoken = spoken_rows(self.memo, self.rows) if months is not None else None
        self._spoken: Sequence[str | None] = self.labels
        self._periods: Sequence[tuple[int | None, int] | None] | None = None
        if spoken is not None:
            self._spoken, years, self._periods = spoken
            self._row_year = {**years, **self._row_year}
        elif months is not None:  # rows keyed by something else, with a column of months
            self._periods = row_periods(self.memo, self.labels, self.rows)  # (each row's own)
        self.info = TableInfo(
            rs.name,
            rs.columns,
            rs.columns[key_col] if key_col is not None else None,
            self.rows,
            self.labels,
            _period_column(rs.columns, raw, months) if months is not None else None,
        )

    @property
    def spoken(self) -> Sequence[str | None]:
        """The row names a sentence uses: :attr:`labels`, or the periods of a series labelled
        by them ("January" for "2024-01"; :func:`crossfoot.sources.rows_months.spoken_rows`)."""
        return self._spoken

    def row_year_map(self) -> Mapping[int, int]:
        """The year of each row of a long table (by index), from its column of years or dates."""
        return self._row_year

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

    def is_id(self, j: int) -> bool:
        """Whether column ``j`` is named as an id (``is_id_column`` of its name, read once)."""
        return self._meta[j][0]

    def eligible(self, j: int) -> bool:
        """Whether cells of column ``j`` may be derivation operands (not ids, not years)."""
        return self._eligible[j]

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
                kind = self._int_kind[j]
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
                self._spoken[i],
                column,
                self._col_year[j] or _year_of(label) or self._row_year.get(i),  # (per cell made)
                i,
                j,
                operand and kind != "year" and self._eligible[j],
                precision,
                self._unit[j][1],
            )
            p = self._periods[i] if self._periods is not None else None
            if (p := p or column_period(column)) is not None:  # (its row's or column's period)
                _SET["period"](made, p)
            made = self._made.setdefault(key, made)  # (two threads: the first cell made wins)
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
        kept = self._found  # (one dict throughout: ``new_answer`` may replace it meanwhile)
        todo = [w for w in dict.fromkeys(windows) if w not in kept]
        if todo and self.rows * len(self.cells) <= _MERGED_CELLS:
            kept.update(self._near_merged(todo))
        elif todo:
            hits: dict[tuple[float, float], list[tuple[int, int]]] = {w: [] for w in todo}
            bounds = ([w[0] for w in todo], [w[1] for w in todo])
            # An int column is searched with whole-number bounds: the same positions, found
            # about twice as fast (an int compares with an int in C without a float's test).
            ints = whole_bounds(bounds) if FAST_BOUNDS[0] and any(self._ints) else None
            whole = self._whole_numbers(todo)
            for j, cells in enumerate(self.cells):
                if not cells:
                    continue  # the key column, or no numbers
                numbers = whole.get(j)
                if numbers is None:
                    found = self._near_sorted(j, bounds, ints)
                else:
                    found = (*numbers, *_bisections(numbers[0], ints or bounds))
                _collect(j, todo, hits, *found)
            kept.update(hits)
        return [kept[w] for w in windows]

    def new_answer(self) -> None:
        """Forget the windows of earlier answers (a table kept by `front.trace_rows`)."""
        self._found = {}

    def _near_merged(
        self, todo: list[tuple[float, float]]
    ) -> dict[tuple[float, float], list[tuple[int, int]]]:
        """:meth:`near_many` for a small table: every column's values in one sorted list, so
        each window is one bisection for all columns (not one per column); a window's cells,
        found by value, then column, then row (a stable sort of column-major cells), are
        sorted by column (stable again): by column, then value, then row."""
        if self._merged is None:
            values: list[float] = []
            where: list[tuple[int, int]] = []
            ints_only = True  # every key an int: whole-number bounds find the same cells
            for j, cells in enumerate(self.cells):
                if cells:  # not the key column, nor one without numbers
                    keys = self._row_keys(j)
                    ints_only = ints_only and keys is self._ints[j]
                    rows = [i for i, k in enumerate(keys) if k is not None]
                    values.extend(map(keys.__getitem__, rows))  # type: ignore[arg-type]
                    where.extend(zip(rows, repeat(j)))
            order = sorted(range(len(values)), key=values.__getitem__)
            self._merged = (
                list(map(values.__getitem__, order)),
                list(map(where.__getitem__, order)),
                ints_only,
            )
        ordered, cells_at, ints_only = self._merged
        bounds = ([w[0] for w in todo], [w[1] for w in todo])
        ints = whole_bounds(bounds) if ints_only and FAST_BOUNDS[0] else None
        starts, ends = _bisections(ordered, ints or bounds)
        return {
            w: sorted(cells_at[a:b], key=_COLUMN) if b - a > 1 else cells_at[a:b]
            for w, a, b in zip(todo, starts, ends, strict=True)
        }

    def _row_keys(self, j: int) -> Sequence[float | None]:
        """Each row's value in column ``j`` as :meth:`_sorted_column` compares it (None: no
        number there)."""
        ints = self._ints[j]
        if ints is not None:
            if not ints or self._int_bounds(j) is not None:  # (least and greatest found once)
                return ints
            return list(map(_int_key, ints))
        by_row = {i: float(c[0]) for i, c in self.cells[j].items()}
        return list(map(by_row.get, range(self.rows)))

    def _whole_numbers(
        self, todo: list[tuple[float, float]]
    ) -> dict[int, tuple[list[float], dict[float | None, list[int]]]]:
        """For long int columns: the whole numbers of the windows, found in one pass over each
        column (in C) without sorting it, as :meth:`_near_sorted` gives them; nothing when
        the windows hold too many (sorting is cheaper) or the columns are short."""
        if self.rows < 512:  # a short column sorts in no time
            return {}
        columns = int_columns(self._ints, self.cells, self._bounds, todo)  # (and some sums)
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
        data = [cast("tuple[int, ...]", self._ints[j]) for j in columns]
        return {
            j: (sorted(hits), hits)  # type: ignore[misc]
            for j, hits in zip(columns, rows_of(data, wanted), strict=True)
        }

    def int_bounds(self, j: int) -> tuple[int, int] | None:
        """The least and greatest of int column ``j``, computed once per table (None: not an
        int column, or ints beyond what a float holds exactly)."""
        return self._int_bounds(j)

    def _int_bounds(self, j: int) -> tuple[int, int] | None:
        """The least and greatest of int column ``j`` (None: not ints a float holds)."""
        if j not in self._bounds:
            self._bounds[j] = int_bounds(self._ints[j])
        return self._bounds[j]

    def _near_sorted(self, j: int, bounds: Bounds, ints: Bounds | None = None) -> _Found:
        """Column ``j``'s values sorted, the rows of every value in one of the windows
        (``bounds``: their lower and upper ends; ``ints``: :func:`whole_bounds` of them, for a
        column whose keys are its ints), and each window's span in the values."""
        ordered, keys = self._sorted_column(j)
        int_keys = ints is not None and keys is self._ints[j]
        starts, ends = _bisections(ordered, ints if int_keys else bounds)  # type: ignore[arg-type]
        wanted = set(chain.from_iterable(map(ordered.__getitem__, map(slice, starts, ends))))
        rows_of: dict[float | None, list[int]] = {}
        if wanted:
            for i in compress(range(len(keys)), map(wanted.__contains__, keys)):
                rows_of.setdefault(keys[i], []).append(i)
        return ordered, rows_of, starts, ends

    def _sorted_column(self, j: int) -> tuple[list[float], Sequence[float | None]]:
        """Column ``j``'s values sorted, and each row's value (None: no number there)."""
        made = self._keys.get(j)
        if made is not None:
            return made
        ints = self._ints[j]
        if ints and j not in self._bounds:
            # Sorted first: the ends are the least and greatest value (_int_bounds would make
            # a pass over the column for each).
            ordered = sorted(ints)
            low, high = ordered[0], ordered[-1]
            self._bounds[j] = (low, high) if -_EXACT <= low and high <= _EXACT else None
            if self._bounds[j] is not None:
                made = (ordered, ints)  # type: ignore[assignment]  # (ints are their own keys)
        if made is None:
            if ints is not None and (not ints or self._int_bounds(j) is not None):
                # Ints a float holds exactly sort and compare with a float window as their
                # floats would, without making them.
                made = (sorted(ints), ints)
            elif ints is not None:
                keys = list(map(float, ints))  # float(int) == float(Decimal(int))
                made = (sorted(keys), keys)
            else:
                by_row = {i: float(c[0]) for i, c in self.cells[j].items()}
                made = (sorted(by_row.values()), list(map(by_row.get, range(self.rows))))
        self._keys[j] = made
        return made


# Up to this many cells (rows x columns) near_many searches one sorted list of all of them.
_MERGED_CELLS = 768  # measured: beyond ~1,000 cells the per-column search is faster
_COLUMN = itemgetter(1)

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
            out.extend(zip(rows_of[value], repeat(j)))  # (i, j) of each row, in C


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


@lru_cache(maxsize=4096)
def _column_facts(name: str) -> tuple[tuple[bool, bool, bool], int | None, bool, Kind]:
    """A column name's (id?, year?, percent?) marks, its year, whether its cells may be
    derivation operands (not ids, not years), and the kind of its cells when they are plain
    ints (:meth:`RowTable.kind` of any whole number in a column of unit "number")."""
    meta = _column_meta(name)
    is_id, is_year, pct_name = meta
    int_kind: Kind = "year" if is_year else "percent" if pct_name else "number"
    return meta, _year_of(name), not is_id and not is_year, int_kind


def _int_key(x: int) -> float:
    """``float(x)``, or an infinity of its sign for an int past the float range (a result cell
    of 10**400 is a value like any other, not a crash)."""
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def _period_column(columns: Sequence[str], raw: Sequence[object], col: object) -> str | None:
    """The name of the column of periods (:func:`period_memo`'s, found by identity), if any."""
    return next((name for name, c in zip(columns, raw, strict=False) if c is col), None)
