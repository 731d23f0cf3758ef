"""Result sets as :mod:`crossfoot.rules.rowsums` reads them: columns of exact numbers with their
totals and means, row labels found in a sentence, made once per source and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import compress
from weakref import ref

from crossfoot.language.period_columns import row_period
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Source, SourceValue, format_decimal
from crossfoot.sources.rows import (
    IntNumbers,
    RowTable,
    is_id_column,
    is_partial,
    row_named,
    row_table,
    rows_named,
    unit_family,
)
from crossfoot.sources.rows_categories import Category, categories
from crossfoot.sources.rows_months import month_of
from crossfoot.sources.rows_names import repeated_labels

_ZERO = Decimal(0)
# Int column totals are summed as ints below this (sum of magnitudes): exact in Decimal too.
_EXACT = 10**27
_CACHE: dict[int, tuple[object, list[_Table]]] = {}
_Period = tuple[int | None, int]


@dataclass(slots=True)
class _Column:
    name: str
    family: str
    percent: bool
    money: bool
    currency: str | None
    values: Mapping[int, Decimal]  # row_index -> number, every row that has one
    get: Callable[[int], SourceValue]  # the cell of a row, made on demand
    total: Decimal = Decimal(0)
    nonnegative: bool = True
    # Every cell in row order, made for the first column total or mean that matched (the sum
    # and the mean of one column often both do).
    cells: tuple[SourceValue, ...] | None = None
    count: int = 0  # len(values), read by every claim
    # An int column's least and greatest value when its table already has them (they cost a
    # pass over the column each).
    int_range: tuple[int, int] | None = None


@dataclass(slots=True)
class _Table:
    source_id: str
    rows: int
    columns: list[_Column]
    families: list[list[int]]  # positions of columns sharing a unit family, 2+ each
    labels: dict[int, str]  # row_index -> row key (empty when ``label_seq`` is given)
    named: dict[str, list[int]] = field(default_factory=dict)  # sentence -> rows it names
    # The result set's own row labels (one per row), when the table was read from one: their
    # look-up (rows_named of _rows_names) indexes the text once instead of testing every key.
    label_seq: Sequence[str | None] | None = None
    # Labelled row indexes in order and their keys lowercased, made on the first lookup.
    _order: list[int] | None = None
    _lowered: list[str] = field(default_factory=list)
    # Each row's period (year, month or QUARTER + q; month 0 for a year alone), made on the
    # first claim that names one (rules._rowsums_groups); None when the rows have none.
    periods_of: Callable[[], list[_Period | None] | None] | None = None
    _periods: list[_Period | None] | None = None
    _periods_read: bool = False
    _by_period: dict[tuple[str, object], list[int]] | None = None
    _grouped: bool | None = None
    # The category columns (rules._rowsums_categories), made on the first claim that asks.
    categories_of: Callable[[], list[Category]] | None = None
    _categories: list[Category] | None = None
    key_name: str | None = None  # the key column's name ("rep": "40% of reps")

    def categories(self) -> list[Category]:
        """The table's text columns other than the key whose values repeat, made once."""
        if self._categories is None:
            self._categories = self.categories_of() if self.categories_of is not None else []
        return self._categories

    def labels_of(self, i: int) -> str | None:
        """The label of row ``i``."""
        return self.label_seq[i] if self.label_seq is not None else self.labels.get(i)

    def grouped(self) -> bool:
        """Whether some rows share a period or a label (a long table), read once."""
        if self._grouped is None:
            labels = self.label_seq if self.label_seq is not None else list(self.labels.values())
            self._grouped = repeated_labels(labels) or any(
                len(rows) > 1 for rows in self.period_index().values()
            )
        return self._grouped

    def period_index(self) -> dict[tuple[str, object], list[int]]:
        """The rows of each period, month (any year) and year, made once."""
        if self._by_period is None:
            by: dict[tuple[str, object], list[int]] = {}
            for i, p in enumerate(self.row_periods() or ()):
                if p is not None:
                    by.setdefault(("period", p), []).append(i)
                    by.setdefault(("month", p[1]), []).append(i)
                    by.setdefault(("year", p[0]), []).append(i)
            self._by_period = by
        return self._by_period

    def row_periods(self) -> list[_Period | None] | None:
        """Each row's period, or None when the table has no column of periods or years."""
        if not self._periods_read:
            self._periods_read = True
            self._periods = self.periods_of() if self.periods_of is not None else None
        return self._periods

    def rows_named(self, sentence: str, limit: int | None = None) -> list[int]:
        """Row indexes whose key the sentence names in full, first ``limit`` by position
        (every row of a table of one or two rows)."""
        hit = self.named.get(sentence)
        if hit is None:
            if self.rows <= 2:
                hit = list(range(self.rows))
            elif self.label_seq is not None:
                hit = rows_named(self.label_seq, sentence)
            else:
                if self._order is None:
                    self._order = sorted(self.labels)
                    self._lowered = list(map(str.lower, map(self.labels.__getitem__, self._order)))
                # Substring test in C over every key (low.__contains__(key) is ``key in low``);
                # the word-boundary regex runs only on the few keys that pass it.
                low = sentence.lower()
                hit = [
                    i
                    for i in compress(self._order, map(low.__contains__, self._lowered))
                    if row_named(self.labels[i], sentence)
                ]
            if len(self.named) > 64:
                self.named.clear()
            self.named[sentence] = hit
        return hit[:limit] if limit is not None else hit

    def finish(self) -> _Table:
        by_family: dict[tuple[str, bool], list[int]] = {}
        for pos, col in enumerate(self.columns):
            col.count = len(col.values)
            ints = col.values.ints if isinstance(col.values, IntNumbers) else None
            if col.int_range is not None:
                low, high = col.int_range
            else:
                low, high = (min(ints), max(ints)) if ints else (0, 0)
            if ints is not None and len(ints) * max(high, -low) < _EXACT:
                # Every partial sum has under 28 digits: the Decimal sum would be exact too.
                col.total = Decimal(col.values.sum())  # type: ignore[attr-defined]
                col.nonnegative = low >= 0
            else:
                col.total = sum(col.values.values(), Decimal(0))
                # min() compares in C; cells are finite, so this is all(v >= 0) over the column
                col.nonnegative = min(col.values.values(), default=_ZERO) >= 0
            by_family.setdefault((col.family, col.percent), []).append(pos)
        self.families = [p for (_, pct), p in by_family.items() if len(p) > 1 and not pct]
        return self


_CACHE_SIZE = 32


def _tables(source: Source) -> list[_Table]:
    if is_partial(source):
        return []  # some cells of a result set only: whole-column figures would be wrong
    table = row_table(source)
    if table is not None:
        # Kept on the table, as long as it lives (a memo across answers would keep the last
        # result sets alive, each with every cell it read; a small one traced again is kept
        # by front.trace_rows, and its rows-sums table with it)
        made = table.memo.get("rowsums")
        if made is None:
            made = table.memo.setdefault("rowsums", [_from_table(table)])
        return made  # type: ignore[return-value]
    # (by_identity evicts safely when threads share the cache; a bare pop could raise)
    return by_identity(_CACHE, source, _CACHE_SIZE, _from_values)


def _total_rows(t: RowTable) -> list[int]:
    """The first or last row when its label names a total (``language.summary_lines``: "Total",
    "Grand total", "All regions", "Overall", a subtotal; where a query puts its ROLLUP row; a
    long result set's every label is not read for it); left out of its columns' totals, means
    and shares where its cell is the others' sum."""
    out = []
    for i in {0, t.rows - 1}:
        label = t.labels[i]
        if line_role(label) in ("whole", "subtotal"):
            out.append(i)
    return out


def _without_totals(values: Mapping[int, Decimal], rows: list[int]) -> Mapping[int, Decimal]:
    """``values`` without the rows of ``rows`` whose cell is the sum of the other cells."""
    out = dict(values)
    for i in rows:
        cell = out.get(i)
        if cell is not None and abs(sum(v for r, v in out.items() if r != i) - cell) <= abs(
            cell
        ) * Decimal("0.005"):
            del out[i]
    return out


def _from_table(t: RowTable) -> _Table:
    # The table keeps what this makes in its memo: the cells are read through a weak reference
    # to it (a strong one closed a cycle that kept every result set, with its labels and cells,
    # alive until the collector's next pass over older objects).
    own = ref(t)
    columns: list[_Column] = []
    totals = _total_rows(t) if t.rows > 2 else []
    for j, cells in enumerate(t.cells):
        if not cells or t.is_id(j):
            continue
        first = next(iter(cells))
        kind = t.kind(j, cells[first].value)
        numbers = getattr(cells, "numbers", None)  # an int column gives its values directly
        if kind not in ("money", "number", "percent"):
            continue
        values: Mapping[int, Decimal] | None = None
        int_range = None
        if totals:  # (the rare table with a total line: its column as a plain dict)
            values = _without_totals({i: c.value for i, c in cells.items()}, totals)
            if len(values) == len(cells):
                values = None  # (no total line among these cells: read as any column)
        if values is None:
            if numbers is not None:
                values, int_range = numbers(), t.int_bounds(j)
            else:
                values = {i: c.value for i, c in cells.items()}
        columns.append(
            _Column(
                t.columns[j],
                unit_family(t.columns[j]),
                kind == "percent",
                kind == "money",
                t.currency(j),
                values,
                lambda i, j=j: own().cell(i, j),  # type: ignore[misc,union-attr]
                int_range=int_range,
            )
        )
    # No labels by index: with ``label_seq`` the rows a sentence names are found in the result
    # set's own labels (rows_named reads only those), so a dict of 20,000 labels is not made.
    table = _Table(t.name, t.rows, columns, [], {}, label_seq=t.labels)
    table.key_name = t.columns[t.key_col] if t.key_col is not None else None
    table.periods_of = lambda: _periods_of_rows(own())  # type: ignore[arg-type]
    table.categories_of = lambda: _categories_of_rows(own())  # type: ignore[arg-type]
    return table.finish()


def _categories_of_rows(t: RowTable) -> list[Category]:
    texts = t.memo.get("texts")
    if not isinstance(texts, list):
        return []
    return categories(t.columns, texts, t.key_col, t.rows, t.memo.get("month column"))


def _periods_of_rows(t: RowTable) -> list[_Period | None] | None:
    """Each row's month or quarter (the result set's column of periods), else its year."""
    col = t.memo.get("month column")
    if isinstance(col, Sequence) and len(col) == t.rows:
        return [month_of(v) for v in col]
    years = t.row_year_map()
    if not years:
        return None
    return [(years[i], 0) if i in years else None for i in range(t.rows)]


def _from_values(source: Source) -> list[_Table]:
    groups: dict[int, dict[int, dict[int, SourceValue]]] = {}
    labels: dict[int, dict[int, str]] = {}
    rows: dict[int, set[int]] = {}
    id_columns: dict[str, bool] = {}
    for v in source.values:
        if v.table is None or v.column is None or v.row_index is None or v.col_index is None:
            continue
        rows.setdefault(v.table, set()).add(v.row_index)
        if v.row is not None:
            labels.setdefault(v.table, {})[v.row_index] = v.row
        if v.kind not in ("money", "number", "percent") or v.view == "written":
            continue
        is_id = id_columns.get(v.column)
        if is_id is None:
            is_id = id_columns[v.column] = is_id_column(v.column)
        if not is_id:
            groups.setdefault(v.table, {}).setdefault(v.col_index, {})[v.row_index] = v
    tables: list[_Table] = []
    periods: dict[int, dict[int, _Period]] = {}
    for v in source.values:
        if v.table is not None and v.row_index is not None and v.row is not None:
            p = rp if (rp := row_period(v)) is not None else (v.year, 0) if v.year else None
            if p is not None and not (v.column and str(p[0]) in v.column):
                periods.setdefault(v.table, {}).setdefault(v.row_index, p)
    for t, cols in sorted(groups.items()):
        columns = []
        for _, cells in sorted(cols.items()):
            first = next(iter(cells.values()))
            assert first.column is not None
            columns.append(
                _Column(
                    first.column,
                    unit_family(first.column),
                    any(c.kind == "percent" for c in cells.values()),
                    any(c.kind == "money" for c in cells.values()),
                    first.currency,
                    {i: c.value for i, c in cells.items()},
                    cells.__getitem__,
                )
            )
        table = _Table(source.id, len(rows.get(t, ())), columns, [], labels.get(t, {}))
        own = periods.get(t)
        if own:
            n = max(rows.get(t, {0})) + 1
            table.periods_of = lambda own=own, n=n: [own.get(i) for i in range(n)]
        tables.append(table.finish())
    return tables


def scope_tables(ctx: ClaimContext) -> list[_Table]:
    """The tables of every source of the claim's scope, looked up once per answer (every claim
    and every rule of rowsums' family reads the same ones)."""
    memo: dict[int, tuple[Source, list[_Table]]]
    memo = ctx.shared.setdefault("rowsums.tables", {})  # type: ignore[assignment]
    out: list[_Table] = []
    for source in ctx.scope.sources:
        known = memo.get(id(source))
        if known is None or known[0] is not source:
            known = memo[id(source)] = (source, _tables(source))
        out.extend(known[1])
    return out


def inside(value: Decimal, windows: list[tuple[Decimal, Decimal]]) -> bool:
    """Whether ``value`` is in one of the claim's windows."""
    for lo, hi in windows:  # one or two windows: a plain loop beats any() over a generator
        if lo <= value <= hi:
            return True
    return False


def fmt_total(value: Decimal) -> str:
    """A derived total as evidence shows it: whole, or to the cent."""
    if value == value.to_integral_value():
        return format_decimal(value)
    return format_decimal(value.quantize(Decimal("0.01")))
