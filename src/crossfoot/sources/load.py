"""Loading sources: plain strings, records and tables become a :class:`SourceSet` of values.

Every number a source offers becomes a :class:`~crossfoot.model.types.SourceValue` with its
provenance:

* record fields (exact, precision 0; year and percent kind read from the field name);
* tables given in a record (``"table"``/``"tables"``) or found inside text (JSON-style lists of
  lists, markdown and bare pipe tables), read cell by cell by :mod:`crossfoot.sources.tables`;
* numbers in prose, as :func:`crossfoot.numbers.extract.extract` reads them (precision = half a unit
of
  the last written digit), plus an "as written" alias for a number with a scale word
  (:mod:`crossfoot.sources.prose`).

Values are built once per :class:`SourceSet`; a :class:`~crossfoot.Checker` reuses them for every
answer. Indexes (:meth:`SourceSet.index`) are built on first use and cached per id tuple.

How much is read is bounded: :data:`MAX_SOURCE_CHARS` characters of each text, and
``max_numbers`` numbers of all the texts together (:mod:`crossfoot.sources.budget`); a text cut
or left unread gets a note in the report's warnings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from crossfoot.model.errors import SourceError
from crossfoot.model.index import ValueIndex
from crossfoot.model.locale import check_locale
from crossfoot.model.options import MAX_SOURCE_NUMBERS
from crossfoot.model.types import Source, SourceValue, exact
from crossfoot.model.validate import as_count
from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.sources.budget import NumberBudget
from crossfoot.sources.cells import amount_units
from crossfoot.sources.fields import explicit_table, field_value
from crossfoot.sources.prose import _cell_fallback, _prose_values, _segments
from crossfoot.sources.restated import infer_units
from crossfoot.sources.tables import (
    TextTable,
    Unit,
    find_tables,
    read_table,
    unit_in_cell,
)
from crossfoot.sources.unit_notes import caption_unit, unit_headers

__all__ = ["MAX_SOURCE_CHARS", "SourceSet", "load_sources"]

#: Characters of a source's text that are indexed; the rest is ignored (with an issue).
MAX_SOURCE_CHARS = 1_000_000

_RECORD_KEYS = ("fields", "id", "table", "tables", "text", "title")
# A citation token or id split into a short letter prefix and a number: "R1", "doc 4", "S-02".
_ID_PARTS = re.compile(r"^([a-z]{0,12})[\s_\-#.]*0*(\d{1,6})$")


# --------------------------------------------------------------------------------------------
# SourceSet


class SourceSet:
    """The sources of a check, with their values, citation resolution and cached indexes.

    >>> ss = load_sources(["Revenue was $3.2bn.", {"id": "report-2024", "fields": {"x": 5}}])
    >>> [s.id for s in ss.sources], ss.resolve("[1]").id, ss.resolve("REPORT-2024").id
    (['S1', 'report-2024'], 'S1', 'report-2024')
    """

    __slots__ = ("_by_fold", "_by_id", "_by_number", "_groups", "_indexes", "issues", "sources")

    def __init__(self, sources: Sequence[Source], issues: Sequence[str] = ()) -> None:
        self.sources: tuple[Source, ...] = tuple(sources)
        self.issues: tuple[str, ...] = tuple(issues)
        self._by_id: dict[str, Source] = {}
        self._by_fold: dict[str, Source | None] = {}
        self._by_number: dict[int, list[tuple[str, Source]]] = {}
        self._indexes: dict[tuple[str, ...] | None, ValueIndex] = {}
        self._groups: dict[tuple[tuple[str, ...] | None, bool], tuple[ValueIndex, ...]] = {}
        for source in self.sources:
            if source.id in self._by_id:
                raise SourceError(f"two sources have the id {source.id!r}; ids must be unique")
            self._by_id[source.id] = source
        for source in self.sources:
            for name in (source.id, *sorted(source.aliases)):
                fold = name.casefold()
                # Ids equal but for case: only the exact spelling resolves.
                previous = self._by_fold.get(fold, source)
                self._by_fold[fold] = source if previous is source else None
                parts = _ID_PARTS.match(fold)
                if parts is not None:
                    entry = (parts.group(1), source)
                    bucket = self._by_number.setdefault(int(parts.group(2)), [])
                    if entry not in bucket:
                        bucket.append(entry)

    def __len__(self) -> int:
        return len(self.sources)

    def __iter__(self) -> Iterator[Source]:
        return iter(self.sources)

    def __repr__(self) -> str:
        return f"SourceSet({', '.join(s.id for s in self.sources)})"

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sources)

    def get(self, id: str) -> Source | None:
        """The source with exactly this id."""
        return self._by_id.get(id)

    def resolve(self, token: str) -> Source | None:
        """The source a citation token names, or None.

        Tried in order: the exact id; the id ignoring case; an alias ("1", "S1" for the first plain
        string); the same number with another short prefix when exactly one source has it ("R1" or
        "1" for a lone "S1", "doc 2" for "D2").

        >>> ss = load_sources(["a", "b"])
        >>> [ss.resolve(t).id for t in ("S2", "s2", "2", "R2", "[2]")]
        ['S2', 'S2', 'S2', 'S2', 'S2']
        """
        t = token.strip().strip("[]").strip()
        if not t:
            return None
        exact = self._by_id.get(t)
        if exact is not None:
            return exact
        fold = t.casefold()
        if fold in self._by_fold:
            return self._by_fold[fold]
        parts = _ID_PARTS.match(fold)
        if parts is None:
            return None
        candidates = self._by_number.get(int(parts.group(2)), [])
        same_prefix = {s.id: s for p, s in candidates if p == parts.group(1)}
        if len(same_prefix) == 1:
            return next(iter(same_prefix.values()))
        distinct = {s.id: s for _, s in candidates}
        return next(iter(distinct.values())) if len(distinct) == 1 else None

    def _chosen(self, ids: tuple[str, ...] | None) -> tuple[Source, ...]:
        if ids is None:
            return self.sources
        chosen: list[Source] = []
        for i in ids:
            source = self._by_id.get(i)
            if source is None:
                known = ", ".join(self._by_id) or "none"
                raise SourceError(f"no source has the id {i!r}; known ids: {known}")
            chosen.append(source)
        return tuple(chosen)

    def index(self, ids: tuple[str, ...] | None = None) -> ValueIndex:
        """A sorted index of every value of the sources ``ids`` (None: all), cached.

        >>> from decimal import Decimal
        >>> ss = load_sources([{"id": "R1", "fields": {"a": 1, "b": 2}}])
        >>> [str(v.value) for v in ss.index(("R1",)).between(Decimal(2), Decimal(3))]
        ['2']
        """
        key = None if ids is None else tuple(ids)
        cached = self._indexes.get(key)
        if cached is None:
            chosen = self._chosen(key)
            cached = ValueIndex([v for s in chosen for v in s.values])
            self._indexes[key] = cached
        return cached

    def groups(self, ids: tuple[str, ...] | None, cited: bool) -> tuple[ValueIndex, ...]:
        """Operand pools for derivations: cited, one pool of all the sources' operand values;
        uncited, one pool per source, so unrelated sources never combine by chance.

        Aliases (``operand=False``) are left out: they match directly but never feed arithmetic.
        """
        key = (None if ids is None else tuple(ids), cited)
        cached = self._groups.get(key)
        if cached is None:
            chosen = self._chosen(key[0])
            if cited:
                cached = (ValueIndex([v for s in chosen for v in s.values if v.operand]),)
            else:
                cached = tuple(ValueIndex([v for v in s.values if v.operand]) for s in chosen)
            self._groups[key] = cached
        return cached


# --------------------------------------------------------------------------------------------
# load_sources


@exact
def load_sources(
    sources: object,
    *,
    locale: str | None = None,
    max_numbers: int | None = MAX_SOURCE_NUMBERS,
) -> SourceSet:
    """Read sources into a :class:`SourceSet`.

    Accepted shapes: a list of plain strings (ids ``S1``, ``S2``... by position, citable as ``1``
    or ``S1``), records ``{"id", "text", "fields", "table"/"tables", "title"}`` or built
    :class:`Source` objects (mixed freely); a single string; a single record; a dict mapping
    id -> text or id -> record body. A :class:`SourceSet` is returned as is. ``locale`` is how
    the sources write numbers (see :func:`crossfoot.extract`). ``max_numbers`` bounds how many
    numbers are read from the source texts together, in the order given (None: no bound); a
    text cut there, and the texts after it, are named in ``issues`` (:mod:`.budget`).

    >>> ss = load_sources({"R1": {"fields": {"revenue_2024": 3_214_000_000, "margin_pct": 12.5}}})
    >>> [(v.field, v.kind, v.year) for v in ss.get("R1").values]
    [('revenue_2024', 'number', 2024), ('margin_pct', 'percent', None)]
    """
    if isinstance(sources, SourceSet):
        return sources
    if max_numbers is not None:
        as_count("max_source_numbers", max_numbers)
    if locale is not None:
        token = READING_LOCALE.set(check_locale(locale))  # cells and prose read in the locale
        try:
            return load_sources(sources, max_numbers=max_numbers)
        finally:
            READING_LOCALE.reset(token)
    items = _items(sources)
    # Every text is prepared (cut to what is read, its tables and unit headers found) in the order
    # given, before any source is built: a unit header in one passage may govern a table in
    # another, and the number budget is spent in order.
    texts = list(map(_text_of, items))
    # (the budget counts no more numbers in a text than it has characters: sources too short to
    # reach the bound together are not counted at all, tests/test_speed_paths_speed35.py)
    reach = max_numbers is not None and sum(map(len, texts)) > max_numbers
    budget = NumberBudget(max_numbers if reach else None)
    prepared = {i: _prepare(text, budget) for i, text in enumerate(texts)}
    shared = _shared_unit([prepared[i] for i, (_, x, _) in enumerate(items) if isinstance(x, str)])
    built: list[Source] = []
    issues: list[str] = []
    seen: set[str] = set()
    for position, (where, item, key) in enumerate(items, start=1):
        if isinstance(item, Source):
            source = item
        elif isinstance(item, str):
            sid = key if key is not None else f"S{position}"
            prep = prepared[position - 1]
            source = _build(sid, item, {}, [], None, where, issues, prep, shared, budget)
            if key is None:
                source = _with_aliases(source, frozenset({str(position), f"S{position}"}))
        elif isinstance(item, Mapping):
            source = _record(item, where, key, issues, prepared[position - 1], budget)
        else:
            raise SourceError(
                f"{where}: expected a string, a record dict or a Source, got {type(item).__name__}"
            )
        if source.id in seen:
            raise SourceError(f"{where}: duplicate source id {source.id!r}; ids must be unique")
        seen.add(source.id)
        built.append(source)
    unread = budget.unread_note()
    if unread is not None:
        issues.append(unread)
    # A table that states no unit takes the one the prose restating its cells implies.
    return SourceSet(infer_units(built), issues)


def _items(sources: object) -> list[tuple[str, object, str | None]]:
    """The sources given, one ``(where, item, id from a mapping key)`` each."""
    items: list[tuple[str, object, str | None]] = []
    if isinstance(sources, (str, Source)):
        items.append(("sources[0]", sources, None))
    elif isinstance(sources, Mapping):
        if "id" in sources and set(sources) <= set(_RECORD_KEYS):
            items.append(("sources", sources, None))
        else:
            for key, body in sources.items():
                if not isinstance(key, str) or not key:
                    raise SourceError(
                        f"sources: a dict of sources maps ids (non-empty strings) to texts or "
                        f"records; got the key {key!r}"
                    )
                items.append((f"sources[{key!r}]", body, key))
    elif isinstance(sources, (list, tuple)):
        items.extend((f"sources[{i}]", item, None) for i, item in enumerate(sources))
    else:
        raise SourceError(
            "sources: expected a list of strings or records, a string, or a dict mapping ids to "
            f"texts or records; got {type(sources).__name__}"
        )
    return items


def _text_of(entry: tuple[str, object, str | None]) -> str:
    """The text an item offers to be read: a plain string, or a record's ``"text"`` (checked when
    the record is read)."""
    item = entry[1]
    if isinstance(item, str):
        return item
    text = item.get("text") if isinstance(item, Mapping) else None
    return text if isinstance(text, str) else ""


def _with_aliases(source: Source, aliases: frozenset[str]) -> Source:
    return Source(
        source.id, source.text, source.values, aliases, source.unit_header, source.truncated
    )


def _record(
    item: Mapping[object, object],
    where: str,
    key: str | None,
    issues: list[str],
    prepared: _Prepared,
    budget: NumberBudget,
) -> Source:
    unknown = [k for k in item if k not in _RECORD_KEYS]
    if unknown:
        raise SourceError(
            f"{where}: unknown record key {unknown[0]!r}; valid keys: {', '.join(_RECORD_KEYS)}"
        )
    rid = item.get("id", key)
    if key is not None and rid != key:
        raise SourceError(f"{where}: the record's id {rid!r} differs from its key {key!r}")
    if rid is None:
        raise SourceError(f'{where}: a record needs an "id" (a non-empty string)')
    if not isinstance(rid, str) or not rid.strip():
        raise SourceError(f'{where}: the record "id" must be a non-empty string, got {rid!r}')
    name = f"record {rid!r}"
    text = item.get("text", "")
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise SourceError(f'{name}: "text" must be a string, got {type(text).__name__}')
    title = item.get("title")
    if title is not None and not isinstance(title, str):
        raise SourceError(f'{name}: "title" must be a string, got {type(title).__name__}')
    fields = item.get("fields", {})
    if fields is None:
        fields = {}
    if not isinstance(fields, Mapping):
        raise SourceError(
            f'{name}: "fields" must be a dict of name -> number, got {type(fields).__name__}'
        )
    tables: list[object] = []
    if "table" in item:
        tables.append(item["table"])
    if "tables" in item:
        many = item["tables"]
        if not isinstance(many, (list, tuple)):
            raise SourceError(
                f'{name}: "tables" must be a list of tables, got {type(many).__name__}'
            )
        tables.extend(many)
    return _build(rid, text, fields, tables, title, name, issues, prepared, None, budget)


# --------------------------------------------------------------------------------------------
# Building one source


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A source text cut to what is read, with its tables and unit headers located."""

    indexed: str
    truncated: bool
    tables: list[TextTable]
    units: list[tuple[int, int, Unit]]  # unit headers outside the tables
    by_numbers: bool = False  # cut by the number budget (else by MAX_SOURCE_CHARS, if cut)


_NOTHING = _Prepared("", False, [], [])


def _prepare(text: str, budget: NumberBudget | None = None) -> _Prepared:
    if not text:
        return _NOTHING
    truncated = len(text) > MAX_SOURCE_CHARS
    indexed = text[:MAX_SOURCE_CHARS] if truncated else text
    by_numbers = budget is not None and budget.cut(indexed) is not None
    if by_numbers:
        assert budget is not None
        truncated, indexed = True, indexed[: budget.cut_at]
    found = find_tables(indexed) if indexed else []
    spans = [(t.start, t.end) for t in found]
    # A unit header inside a table belongs to that table (read_table finds it in its cells).
    units = [
        (s, e, u)
        for s, e, u in (unit_headers(indexed) if indexed else [])
        if not any(a <= s < b for a, b in spans)
    ]
    units = amount_units(units)  # "(shares in thousands)" beside "(amounts in millions)"
    return _Prepared(indexed, truncated, found, units, by_numbers)


def _shared_unit(prepared: Sequence[_Prepared]) -> Unit | None:
    """The unit header the plain-string sources agree on, if they name exactly one scale.

    A list of plain strings is usually one document cut into passages (a RAG prompt): the table
    and the "(in millions)" that governs it often land in different passages.
    """
    units = [u for _, _, u in amount_units([x for p in prepared for x in p.units])]
    if units and len({u.scale for u in units}) > 1:  # the captions' unit, if they agree
        return caption_unit([(p.indexed, p.units) for p in prepared])
    return units[0] if units else None


def _build(
    sid: str,
    text: str,
    fields: Mapping[object, object],
    tables: Sequence[object],
    title: str | None,
    name: str,
    issues: list[str],
    prepared: _Prepared | None = None,
    shared: Unit | None = None,
    budget: NumberBudget | None = None,
) -> Source:
    values: list[SourceValue] = []
    for field, raw in fields.items():
        values.append(field_value(sid, name, field, raw))

    prep = prepared if prepared is not None else _prepare(text)
    if prep.by_numbers and budget is not None:
        if prep.indexed:
            issues.append(budget.note(sid, len(text), len(prep.indexed)))
        else:
            budget.unread.append(sid)
    elif prep.truncated:
        issues.append(f"source {sid}: only the first {MAX_SOURCE_CHARS:,} characters were indexed")
    title_unit = unit_in_cell(title) if title else None
    first_text_unit = prep.units[0][2] if prep.units else title_unit

    table_index = 0
    unit_header: str | None = first_text_unit.text if first_text_unit else None
    for t, table in enumerate(tables):
        for rows, header_rows in explicit_table(table, name, t):
            values.extend(
                read_table(
                    rows,
                    source_id=sid,
                    table_index=table_index,
                    unit=first_text_unit,
                    header_rows=header_rows,
                    fallback=_cell_fallback,
                )
            )
            table_index += 1
    for table in prep.tables:
        # An HTML caption names its own table's unit, before any text around it.
        caption = unit_in_cell(table.caption) if table.caption else None
        unit = caption or _unit_for(table, prep.units) or title_unit or shared
        values.extend(
            read_table(
                table.rows,
                source_id=sid,
                table_index=table_index,
                unit=unit,
                header_rows=table.header_rows,
                fallback=_cell_fallback,
            )
        )
        table_index += 1
    if unit_header is None:
        unit_header = next((v.unit_header for v in values if v.unit_header), None)

    if prep.indexed:
        spans = [(t.start, t.end) for t in prep.tables]
        for offset, segment in _segments(prep.indexed, spans):
            values.extend(_prose_values(sid, segment, offset, issues))
    return Source(
        id=sid,
        text=text,
        values=tuple(values),
        unit_header=unit_header,
        truncated=prep.truncated,
    )


def _unit_for(table: TextTable, units: list[tuple[int, int, Unit]]) -> Unit | None:
    """The unit header governing a table found in text: the nearest one before it, else the
    nearest one after it (TAT-QA-style text puts "(in millions)" in a paragraph below)."""
    before = [u for s, e, u in units if e <= table.start]
    if before:
        return before[-1]
    after = [u for s, e, u in units if s >= table.end]
    return after[0] if after else None
