"""Query result rows -> :class:`~crossfoot.model.types.Source` objects, one per result set.

Every shape a driver, ORM, dataframe library or API hands back (list of dicts or of rows, a
columns/rows mapping, column-oriented dicts, API responses, pandas DataFrames, DB-API cursors: the
table is in :mod:`crossfoot.sources.rows_read`) is first normalised to a :class:`ResultSet` (column
names + rows of raw cells), then each numeric cell becomes a
:class:`~crossfoot.model.types.SourceValue` that knows its row key, column, year and position.

Booleans, NaN, dates and empty cells are not numbers. A shape that cannot be read raises
:class:`~crossfoot.model.errors.RowsError` naming the result set, the row and what was expected.

>>> srcs = rows_to_sources([{"region": "EU", "revenue": "$3,150,000"}])
>>> [(v.label, str(v.value)) for v in srcs[0].values]
[('revenue[EU]', '3150000')]
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from functools import partial
from itertools import chain, starmap
from operator import itemgetter
from typing import Any
from weakref import ref

from crossfoot.language.period_rates import needs_whole_line
from crossfoot.language.picks import asks_pick
from crossfoot.language.question import asks_past_bar
from crossfoot.language.week_spelling import weeks_as_labels
from crossfoot.model.errors import RowsError
from crossfoot.model.options import MAX_SOURCE_NUMBERS
from crossfoot.model.types import Source, SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.sources.load import SourceSet, load_sources
from crossfoot.sources.rows_cells import IntNumbers, parse_cell
from crossfoot.sources.rows_days import days_named
from crossfoot.sources.rows_kept import kept_set
from crossfoot.sources.rows_key import key_column as _key_column
from crossfoot.sources.rows_names import (
    is_count_column,
    is_id_column,
    labels_named,
    row_named,
    rows_named,
    same_unit,
    unit_family,
)
from crossfoot.sources.rows_read import (
    ResultSet,
    _by_column,
    _Columns,
    _dict_columns,
    _items,
    _read_one,
    read_results,
)
from crossfoot.sources.rows_table import RowTable, TableInfo
from crossfoot.sources.rows_untrack import untrack_columns
from crossfoot.sources.rows_whole import Whole, every_cell
from crossfoot.sources.whole_table import periods_in, reads_every_row, whole_reading

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
    """A :class:`~crossfoot.sources.load.SourceSet` of every result set, and what each looks like.

    A plain string among ``results`` is a prose source (a note, a report paragraph) and is read
    like a ``check`` source; its numbers may ground figures too.

    >>> ss, info = load_rows(results=[[{"region": "EU", "stores": 52}], "EU opened 3 stores."])
    >>> [s.id for s in ss.sources], info[0].key
    (['Q1', 'Q2'], 'region')
    """
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
    max_numbers: int | None = MAX_SOURCE_NUMBERS,
) -> tuple[list[RowTable], dict[str, Source], list[str], tuple[str, ...]]:
    """Parse every result set once: ``(tables, prose sources, names in order, issues)``; the
    prose sources are read up to ``max_numbers`` numbers together (``load_sources``)."""
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
            untrack_columns(rs.data, rs.types)  # (large columns of plain cells: no GC pass)
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
        loaded = load_sources(texts, max_numbers=max_numbers)
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


def iter_values(sources: Iterable[Source]) -> Iterator[SourceValue]:
    """Every value of every source, in order."""
    for s in sources:
        yield from s.values


# ---------------------------------------------------------------- operands per answer

# Per-answer sources -> the RowTable they index, so rules.rowsums can read whole columns.
# An OrderedDict: dropping the oldest entry of a plain dict again and again makes finding the
# next oldest slower and slower (it skips the freed slots). The table is held weakly: it lives
# as long as the trace reading it (and the Report, whose recheck holds it), and a source is
# only read while they do. Held strongly, 512 entries kept the last 512 result sets alive,
# each with every cell it read (~10 MB a 20,000x10 result set: 5 GB at most).
_TABLES: OrderedDict[int, tuple[Source, ref[RowTable] | None]] = OrderedDict()
_YEARISH = re.compile(r"(?:FY\s?)?((?:19|20)\d\d)", re.IGNORECASE)
_ROW = itemgetter(0)  # (a cell's row, of its (row, column))


def row_table(source: Source) -> RowTable | None:
    """The parsed result set behind a per-answer source, or None (then read ``source.values``)."""
    hit = _TABLES.get(id(source))
    if hit is None or hit[0] is not source or hit[1] is None:
        return None
    return hit[1]()


def is_partial(source: Source) -> bool:
    """A source holding only some cells of its result set (no whole-column totals from it)."""
    hit = _TABLES.get(id(source))
    return hit is not None and hit[0] is source and hit[1] is None


def register(source: Source, table: RowTable | None) -> None:
    """Tie a per-answer source to its table (None: a partial copy, see :func:`is_partial`)."""
    _TABLES.pop(id(source), None)  # (a kept source set's again: the newest)
    if len(_TABLES) > 512:
        # the oldest one out: clearing them all would drop the sources of the answer being
        # checked, and free hundreds of tables in one go
        _TABLES.popitem(last=False)
    _TABLES[id(source)] = (source, ref(table) if table is not None else None)


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
        self.locale: str | None = None  # how the answers write numbers (trace's locale=)
        self.tolerance = float(tolerance or 0)
        self.absolute = float(absolute or 0)
        self.prose = dict(prose)
        self.order = list(order)
        self.issues = tuple(issues)
        self.max_rows = max_rows
        self._made: dict[tuple[str, bool], SourceSet] = {}
        self._mentions: dict[str, list[Any]] = {}
        self._bare: SourceSet | None = None

    @property
    def info(self) -> tuple[TableInfo, ...]:
        return tuple(t.info for t in self.tables.values())

    def rows_for(
        self,
        text: str,
        mentions: Sequence[Any] = (),
        anchors: list[tuple[float, float]] | None = None,
    ) -> dict[str, tuple[int, ...]]:
        """Row indexes per result set that ``text`` makes operands: rows it names, and rows
        holding a cell one of its numbers states ("from 320 to 505, a 57.8% increase");
        ``anchors``: ``_anchors(mentions)``, when the caller has them."""
        low = text.lower()
        chosen: dict[str, tuple[int, ...]] = {}
        for name, t in self.tables.items():
            if t.rows <= 2:  # one or two rows: no choice to make
                chosen[name] = tuple(range(t.rows))
                continue
            # Only rows whose lowercased label is in the text (found in C) can be named in full.
            said = weeks_as_labels(t.spoken, text)  # "week 2" names the row "W2"
            named = rows_named(t.spoken, said, low if said is text else said.lower())
            named += days_named(t.memo, t.rows, text)
            if needs_whole_line(text):  # a line's rate, a year's halves: every period its operand
                have = set(named)  # (not ``named`` itself: it grows as it is extended)
                named.extend(i for i in range(t.rows) if i not in have)
            if anchors is None:
                anchors = _anchors(mentions)
            for found in t.near_many(anchors):
                named.extend(map(_ROW, found))  # (repeats dropped just below)
            named = list(dict.fromkeys(named))[: self.max_rows]  # (first places kept)
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
            elif t.memo.get("month key"):  # a series by month or quarter: "rose 12.5% in
                # February" is a change from January's row, the row before it in the series
                named += [k for i in named for k in (i - 1, i + 1) if 0 <= k < t.rows]
            chosen[name] = tuple(sorted(set(named)))
        return chosen

    def mentions(
        self, text: str, made: list[Any] | None = None, made_in: str | None = None
    ) -> list[Any]:
        """``extract(text)``, once per answer text (the engine reuses it for the claims);
        ``made``: ``extract(text, locale=made_in)`` when the caller has already read it (the
        cut of a long answer, ``front.trace._bounded``), kept in place of a second read when
        ``made_in`` is how the answers write numbers here."""
        found = self._mentions.get(text)
        if found is None:
            if len(self._mentions) > 256:
                self._mentions.clear()
            if made is None or made_in != self.locale:
                made = extract(text, locale=self.locale)
            found = self._mentions[text] = made
        return found

    def bare(self) -> SourceSet:
        """The sources without their cells, for an answer with no number: no rule reads a cell
        then, and citations resolve by source id alone (made once)."""
        if self._bare is None:
            out = [
                self.prose[name] if name not in self.tables else Source(id=name)
                for name in self.order
            ]
            self._bare = SourceSet(out, self.issues)
        return self._bare

    def sources_for(self, text: str, question: str | None = None) -> SourceSet:
        """The sources for one answer (cached per text); every cell of every table too (not as
        operands) when ``question`` compares the data with a bar of its own ("How many regions
        had revenue above $4M?": the values past it may be in any row)."""
        whole = asks_past_bar(question) or asks_pick(question)  # (rules.answer_pick too)
        made = self._made.get((text, whole))
        if made is not None:
            return made
        mentions = self.mentions(text)
        # "3 of the 4 regions had revenue above $4M": the answer's own bar reads every row too
        # and so do a superlative ("West had the highest revenue": the rows it ranks against) and
        # "Only East exceeded $4M" (the rows it says are not past the bar); "grew every month"
        # reads the tables holding periods (sources.whole_table)
        wide = whole_reading(text, mentions, whole)
        # A result set of one or two rows is searched whole (rows_for picks every row), so the
        # cells near a figure are among its cells already: no windows to look up there.
        searched = [(name, t) for name, t in self.tables.items() if t.rows > 2]
        near: dict[str, Iterable[tuple[int, int]]] = {}
        anchors = None
        if searched:
            windows = _windows(mentions, self.tolerance, self.absolute)
            anchors = _anchors(mentions)
            for name, t in searched:  # every window at once: one pass per column
                # rows_for's windows (anchors), found here with them
                near[name] = chain.from_iterable(t.near_many(anchors + windows)[len(anchors) :])
        chosen = self.rows_for(text, mentions, anchors)
        # (name, kept table or prose source, the cells picked: row, column, operand)
        parts: list[tuple[str, Any, tuple[tuple[int, int, bool], ...] | Whole]] = []
        for name in self.order:
            table = self.tables.get(name)
            if table is None:
                parts.append((name, self.prose[name], ()))
                continue
            rows = set(chosen.get(name, ()))
            if name not in near and len(rows) == table.rows:
                # searched whole (one or two rows): every cell, row by row, all operands
                cells = table.cells
                picks = tuple(
                    (i, j, True)
                    for i in range(table.rows)
                    for j in range(len(cells))
                    if i in cells[j]
                )
            else:
                every = bool(wide) and (periods_in(table) or reads_every_row(wide, text, mentions))
                all_made = every_cell(table, rows) if every else None  # (large: made at once)
                if all_made is not None:
                    parts.append((name, table, all_made))
                    continue
                picked = set(near.get(name, ()))
                if every:
                    picked.update((i, j) for j, col in enumerate(table.cells) for i in col)
                for i in rows:
                    picked.update((i, j) for j, col in enumerate(table.cells) if i in col)
                picks = tuple((i, j, i in rows) for i, j in sorted(picked))
            parts.append((name, table, picks))

        # A second answer picking the same cells of the same kept table gets the same source
        # set, and with it what the rules keep per source set and group (sources.rows_kept).
        made = kept_set(parts, self.issues, partial(_source_set, parts, self.issues))
        for s in made.sources:
            table = self.tables.get(s.id)
            if table is not None:
                register(s, table)  # (a kept set's again: the newest, see register)
        if len(self._made) > 256:
            self._made.clear()
        self._made[(text, whole)] = made
        return made


def _source_set(parts: Sequence[tuple[str, Any, Any]], issues: tuple[str, ...]) -> SourceSet:
    """The sources of :meth:`AnswerOperands.sources_for`'s ``parts``: a table's cells picked
    (row, column, whether an operand), a prose source as it is."""
    out: list[Source] = []
    for name, table, picks in parts:
        if isinstance(table, RowTable):  # (picks: (i, j, op) each, or every cell made: Whole)
            values = picks.values if isinstance(picks, Whole) else tuple(starmap(table.cell, picks))
            table = Source(id=name, values=values)
        out.append(table)
    return SourceSet(out, issues)


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
