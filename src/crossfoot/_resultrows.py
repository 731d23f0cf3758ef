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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ._errors import RowsError
from ._types import Kind, Source, SourceValue

if TYPE_CHECKING:
    from ._sources import SourceSet

__all__ = [
    "AnswerOperands",
    "ResultSet",
    "TableInfo",
    "base_of",
    "is_count_column",
    "is_id_column",
    "iter_values",
    "load_rows",
    "parse_cell",
    "read_results",
    "row_named",
    "rows_to_sources",
    "same_unit",
    "unit_family",
]


@dataclass(frozen=True, slots=True)
class ResultSet:
    """One result set in a uniform shape: column names and rows of raw cell values."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


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
    as_dicts: list[Mapping[str, Any] | None] = [_as_mapping(r) for r in rows]
    objects = as_dicts[0] is not None
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
    if objects:
        flats = [_flatten(d) for d in as_dicts if d is not None]
        if columns is None:
            keys: dict[str, None] = {}
            for flat in flats:
                keys.update(dict.fromkeys(flat))
            columns = tuple(keys)
        return ResultSet(name, columns, tuple(tuple(f.get(c) for c in columns) for f in flats))
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


def _as_mapping(row: object) -> Mapping[str, Any] | None:
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


# ---------------------------------------------------------------- cells

_SCALES: dict[str, Decimal] = {
    "k": Decimal(10) ** 3,
    "thousand": Decimal(10) ** 3,
    "m": Decimal(10) ** 6,
    "mm": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "million": Decimal(10) ** 6,
    "b": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "billion": Decimal(10) ** 9,
    "t": Decimal(10) ** 12,
    "tn": Decimal(10) ** 12,
    "trillion": Decimal(10) ** 12,
    "lakh": Decimal(10) ** 5,
    "lakhs": Decimal(10) ** 5,
    "crore": Decimal(10) ** 7,
    "crores": Decimal(10) ** 7,
}

_CELL = re.compile(
    r"""^\s*
    (?P<open>\()?                                   # accounting negative "(1,234)"
    (?P<sign1>[-+\u2212])?\s*
    (?P<cur1>US\$|[A-Z]{3}\s?|[$€£¥₹])?\s*           # currency before the number
    (?P<sign2>[-+\u2212])?\s*
    (?P<num>\d[\d,.\u00a0\u202f' ]*\d|\d)            # digits with any grouping
    (?:[eE](?P<exp>[-+]?\d+))?                       # scientific notation
    \s*(?P<scale>k|thousand|mm|mn|m|million|bn|b|billion|tn|t|trillion|lakhs?|crores?)?\.?
    \s*(?P<pct>%|percent|pct)?
    \s*(?P<cur2>[A-Z]{3}|[$€£¥₹])?                  # currency after the number
    \s*(?P<close>\))?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class _Cell:
    value: Decimal
    kind: Kind
    currency: str | None
    precision: Decimal


def parse_cell(cell: object, *, parse_strings: bool = True) -> _Cell | None:
    """A cell's number, or ``None`` for text, booleans, NaN, dates and empty cells.

    >>> c = parse_cell("(1.234,5 €)")
    >>> str(c.value), c.currency
    ('-1234.5', '€')
    >>> parse_cell(True) is None, parse_cell(float("nan")) is None
    (True, True)
    """
    item = getattr(cell, "item", None)
    if callable(item) and not isinstance(cell, (str, bytes, Decimal, int, float)):
        try:  # numpy scalars -> Python scalars (numpy.bool_ -> bool, so it is skipped below)
            cell = item()
        except (TypeError, ValueError):
            return None
    if cell is None or isinstance(cell, bool):
        return None
    if isinstance(cell, int):
        return _Cell(Decimal(cell), "number", None, Decimal(0))
    if isinstance(cell, float):
        if not math.isfinite(cell):
            return None
        return _Cell(Decimal(repr(cell)), "number", None, Decimal(0))
    if isinstance(cell, Decimal):
        if not cell.is_finite():
            return None
        return _Cell(cell, "number", None, Decimal(0))
    if isinstance(cell, Fraction):
        return _Cell(
            Decimal(cell.numerator) / Decimal(cell.denominator), "number", None, Decimal(0)
        )
    if isinstance(cell, str) and parse_strings:
        return _parse_string(cell)
    return None


def _parse_string(text: str) -> _Cell | None:
    if len(text) > 40:
        return None
    m = _CELL.match(text)
    if m is None or bool(m["open"]) != bool(m["close"]):
        return None
    cur1, cur2 = (m["cur1"] or "").strip(), (m["cur2"] or "").strip()
    if cur1 and cur2:
        return None
    currency = cur1 or cur2 or None
    if currency is not None and len(currency) == 3 and currency.isalpha():
        currency = currency.upper()
        if currency in ("PCT",):
            return None
    digits = _normalise_digits(m["num"])
    if digits is None:
        return None
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return None
    exp = value.as_tuple().exponent
    decimals = -exp if isinstance(exp, int) else 0
    precision = Decimal(0)
    if m["exp"]:
        value = value.scaleb(int(m["exp"]))
    scale_word = (m["scale"] or "").lower()
    if scale_word:
        # "4.8M" is a rounded display: it carries the precision of its last digit.
        scale = _SCALES[scale_word]
        precision = (Decimal(5) * Decimal(10) ** (-decimals - 1)) * scale
        value *= scale
    negative = bool(m["open"]) or (m["sign1"] or m["sign2"] or "") in ("-", "\u2212")
    if negative:
        value = -value
    kind: Kind = "percent" if m["pct"] else ("money" if currency else "number")
    return _Cell(value, kind, currency, precision)


def _normalise_digits(num: str) -> str | None:
    """Digits with grouping -> a plain decimal string: US, European, Indian, Swiss, spaced."""
    s = re.sub(r"[\u00a0\u202f' ]", "", num)
    commas, dots = s.count(","), s.count(".")
    if commas and dots:
        # Whichever separator comes last is the decimal mark.
        if s.rfind(",") > s.rfind("."):
            s = s.replace(".", "").replace(",", ".")
        else:
            s = s.replace(",", "")
    elif commas:
        groups = s.split(",")
        if commas == 1 and len(groups[1]) != 3:
            s = s.replace(",", ".")  # "12,5": a decimal comma
        else:
            s = s.replace(",", "")  # "1,234,567" or Indian "12,34,567"
    elif dots > 1:
        s = s.replace(".", "")  # "1.234.567": European grouping
    if not re.fullmatch(r"\d+(\.\d+)?", s):
        return None
    return s


# ---------------------------------------------------------------- columns and units

_YEAR = re.compile(r"(?<!\d)(19\d\d|20\d\d)(?!\d)")
_ID_NAME = re.compile(r"(^|[_\s.])(id|uuid|zip|zipcode|postcode|phone|sku|code|ean|isbn)$|[a-z]Id$")
_YEAR_NAME = re.compile(r"^(fiscal[_ ]?)?(year|yr|fy)$", re.IGNORECASE)
_PERCENT_NAME = re.compile(r"(%|pct|percent|percentage)", re.IGNORECASE)
_COUNT_NAME = re.compile(
    r"(^|[_\s.])(n|num|count|cnt|qty|quantity|orders|units|customers|users|stores|items|"
    r"employees|visits|sessions|transactions)$",
    re.IGNORECASE,
)
_KEY_NAME = re.compile(r"^(year|yr|fy|date|month|period|quarter|week|day)$", re.IGNORECASE)
_FAMILY_NOISE = re.compile(
    r"(?<![a-z])(19\d\d|20\d\d|fy\d*|q[1-4]|h[12]|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|"
    r"nov|dec|january|february|march|april|june|july|august|september|october|november|"
    r"december|\d+)(?![a-z])"
)


def is_id_column(name: str) -> bool:
    """Identifier-like columns ("id", "store_id", "zip"): matched directly, never summed."""
    return bool(_ID_NAME.search(name.strip()) or _ID_NAME.search(name.strip().lower()))


def is_count_column(name: str) -> bool:
    return bool(_COUNT_NAME.search(name.strip()))


@lru_cache(maxsize=4096)
def unit_family(column: str) -> str:
    """The unit a column measures: its name without years, quarters, months or digits.

    >>> unit_family("revenue_2024"), unit_family("Q3 sales"), unit_family("2023")
    ('revenue', 'sales', '')
    """
    name = _FAMILY_NOISE.sub(" ", column.lower())
    return re.sub(r"[^a-z%$€£¥₹]+", " ", name).strip()


@lru_cache(maxsize=8192)
def _label_pattern(label: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in re.split(r"[\s_]+", label.strip()) if w]
    # "North America" also as "north america"; "2023" not inside "12023"; "Europe's" counts.
    return re.compile(r"(?<![0-9A-Za-z])" + r"[\s_-]+".join(words) + r"(?![0-9A-Za-z])", re.I)


def row_named(label: str | None, text: str) -> bool:
    """Whether ``text`` names the row ``label`` in full ("Europe's" names "Europe").

    >>> row_named("North America", "North America's revenue"), row_named("EU", "EUR 5")
    (True, False)
    """
    if not label:
        return False
    return _label_pattern(label).search(text) is not None


def same_unit(a: SourceValue, b: SourceValue) -> bool:
    """Whether two row values measure the same thing, so that adding them makes sense.

    Values that are not table cells (no column) are compared by kind and currency only.
    """
    if a.kind != b.kind or (a.currency and b.currency and a.currency != b.currency):
        return False
    if a.column is None or b.column is None or a.source_id != b.source_id:
        return a.column is None and b.column is None
    return a.column == b.column or unit_family(a.column) == unit_family(b.column)


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
    from ._sources import SourceSet, load_sources

    sets: list[ResultSet] = []
    prose: dict[str, str] = {}
    order: list[str] = []
    for name, obj, named in _items(rows, results):
        if isinstance(obj, str):
            prose[name] = obj
            order.append(name)
            continue
        for rs in _read_one(name, obj, named=named):
            sets.append(rs)
            order.append(rs.name)
    if len(set(order)) != len(order):
        dupes = sorted({n for n in order if order.count(n) > 1})
        raise RowsError(f"two result sets are named {dupes[0]!r}; give each a distinct name")
    built, info = _build_all(sets, parse_strings, key, max_rows)
    by_name: dict[str, Source] = {s.id: s for s in built}
    issues: tuple[str, ...] = ()
    if prose:
        loaded = load_sources(prose)
        by_name.update({s.id: s for s in loaded.sources})
        issues = tuple(loaded.issues)
    return SourceSet([by_name[n] for n in order], issues), info


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
    sources: list[Source] = []
    infos: list[TableInfo] = []
    for rs in sets:
        key_col = _key_column(rs, keys, parse_strings)
        sources.append(_to_source(rs, parse_strings, key_col, max_rows))
        labels = tuple(_row_label(r[key_col]) if key_col is not None else None for r in rs.rows)
        infos.append(
            TableInfo(
                rs.name,
                rs.columns,
                rs.columns[key_col] if key_col is not None else None,
                len(rs.rows),
                labels,
            )
        )
    return tuple(sources), tuple(infos)


def _to_source(
    rs: ResultSet, parse_strings: bool, key_col: int | None, max_rows: int | None
) -> Source:
    parsed: list[list[_Cell | None]] = [
        [
            None if j == key_col else parse_cell(c, parse_strings=parse_strings)
            for j, c in enumerate(r)
        ]
        for r in rs.rows
    ]
    col_meta = [_column_meta(name) for name in rs.columns]
    col_unit = [_column_unit([row[j] for row in parsed]) for j in range(len(rs.columns))]
    values: list[SourceValue] = []
    for i, (raw, cells) in enumerate(zip(rs.rows, parsed, strict=False)):
        row_label = _row_label(raw[key_col]) if key_col is not None else None
        row_year = _year_of(row_label) if row_label else None
        for j, cell in enumerate(cells):
            if cell is None:
                continue
            column = rs.columns[j]
            is_id, is_year, pct_name = col_meta[j]
            kind, currency = col_unit[j]
            if is_year and cell.value == cell.value.to_integral_value():
                kind = "year"
            elif pct_name and kind == "number":
                kind = "percent"
            where = row_label if row_label is not None else f"row {i + 1}"
            values.append(
                SourceValue(
                    value=cell.value,
                    source_id=rs.name,
                    kind=kind,
                    label=f"{column}[{where}]",
                    row=row_label,
                    column=column,
                    year=_year_of(column) or row_year,
                    table=0,
                    row_index=i,
                    col_index=j,
                    operand=not (is_id or kind == "year") and (max_rows is None or i < max_rows),
                    precision=cell.precision,
                    currency=currency,
                )
            )
    return Source(id=rs.name, values=tuple(values))


def _column_unit(cells: list[_Cell | None]) -> tuple[Kind, str | None]:
    """One kind and currency per column, so "$1,200" and 950 in one column add up."""
    kinds = {c.kind for c in cells if c is not None}
    currencies = {c.currency for c in cells if c is not None and c.currency}
    currency = currencies.pop() if len(currencies) == 1 else None
    if "money" in kinds:
        return "money", currency
    if kinds == {"percent"} or ("percent" in kinds and len(kinds) == 2):
        return "percent", None
    return "number", currency


def _column_meta(name: str) -> tuple[bool, bool, bool]:
    return (
        is_id_column(name),
        bool(_YEAR_NAME.match(name.strip())),
        bool(_PERCENT_NAME.search(name)),
    )


def _key_column(rs: ResultSet, keys: list[str], parse_strings: bool) -> int | None:
    for k in keys:
        if k in rs.columns:
            return rs.columns.index(k)
    if not rs.rows:
        return None
    # The first column whose cells are text (not numbers) in every row that has a value.
    for j in range(len(rs.columns)):
        cells = [r[j] for r in rs.rows if r[j] is not None]
        if cells and all(
            isinstance(c, str) and c.strip() and parse_cell(c, parse_strings=parse_strings) is None
            for c in cells
        ):
            return j
    for j, name in enumerate(rs.columns):
        if _KEY_NAME.match(name.strip()):
            return j
    return None


def _row_label(cell: object) -> str | None:
    if cell is None:
        return None
    if isinstance(cell, float) and cell == int(cell):
        cell = int(cell)
    text = str(cell).strip()
    return text or None


def _year_of(text: str | None) -> int | None:
    if not text:
        return None
    m = _YEAR.search(text)
    return int(m.group(1)) if m else None


def iter_values(sources: Iterable[Source]) -> Iterator[SourceValue]:
    """Every value of every source, in order."""
    for s in sources:
        yield from s.values


# ---------------------------------------------------------------- operands per answer

# Sources re-issued for one answer -> the source they were made from (for caches keyed on it).
_BASES: dict[int, tuple[Source, Source]] = {}
_YEARISH = re.compile(r"(?:FY\s?)?((?:19|20)\d\d)", re.IGNORECASE)


def base_of(source: Source) -> Source:
    """The source a per-answer copy was made from (the source itself otherwise)."""
    hit = _BASES.get(id(source))
    return hit[1] if hit is not None and hit[0] is source else source


class AnswerOperands:
    """Which cells may feed pairwise derivations, decided per answer.

    A % change, difference, ratio or sum over result rows is credible only between rows the
    answer names, so the engine searches only those: every cell of a named row (up to
    ``max_rows`` rows per result set, first by position) is an operand, plus the rows a year
    before and after a named year. A result set of one or two rows is always searched. The base
    sources hold no operands; each answer gets copies with its own.

    >>> rows = [{"r": "EU", "x": 1}, {"r": "US", "x": 2}, {"r": "UK", "x": 3}]
    >>> ss, info = load_rows(rows, max_rows=0)  # base sources without operands
    >>> ops = AnswerOperands(ss, info, max_rows=12)
    >>> [v.label for v in ops.sources_for("EU and UK").sources[0].values if v.operand]
    ['x[EU]', 'x[UK]']
    """

    def __init__(self, sources: SourceSet, info: Sequence[TableInfo], max_rows: int) -> None:
        self.base = sources
        self.info = {t.name: t for t in info}
        self.max_rows = max_rows
        self._positions: dict[str, dict[int, list[int]]] = {}
        self._twins: dict[tuple[str, int], SourceValue] = {}
        self._made: dict[tuple[tuple[str, tuple[int, ...]], ...], SourceSet] = {}

    def rows_for(self, text: str) -> dict[str, tuple[int, ...]]:
        """Row indexes per result set that ``text`` makes operands."""
        low = text.lower()
        chosen: dict[str, tuple[int, ...]] = {}
        for name, t in self.info.items():
            if t.rows <= 2:  # one or two rows: no choice to make
                chosen[name] = tuple(range(t.rows))
                continue
            named = [
                i
                for i, label in enumerate(t.labels)
                if label and label.lower() in low and row_named(label, text)
            ][: self.max_rows]
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

    def sources_for(self, text: str) -> SourceSet:
        """The sources with the operands of this answer switched on."""
        from ._sources import SourceSet

        chosen = self.rows_for(text)
        key = tuple(sorted(chosen.items()))
        made = self._made.get(key)
        if made is not None:
            return made
        out: list[Source] = []
        for source in self.base.sources:
            rows = chosen.get(source.id)
            if not rows:
                out.append(source)
                continue
            values = list(source.values)
            positions = self._positions_of(source)
            for i in rows:
                for p in positions.get(i, ()):
                    values[p] = self._twin(source, p)
            copy = dataclasses.replace(source, values=tuple(values))
            if len(_BASES) > 256:
                _BASES.clear()
            _BASES[id(copy)] = (copy, source)
            out.append(copy)
        made = SourceSet(out, self.base.issues)
        if len(self._made) > 64:
            self._made.clear()
        self._made[key] = made
        return made

    def _positions_of(self, source: Source) -> dict[int, list[int]]:
        positions = self._positions.get(source.id)
        if positions is None:
            positions = {}
            for p, v in enumerate(source.values):
                if (
                    v.row_index is not None
                    and v.kind != "year"
                    and not is_id_column(v.column or "")
                ):
                    positions.setdefault(v.row_index, []).append(p)
            self._positions[source.id] = positions
        return positions

    def _twin(self, source: Source, position: int) -> SourceValue:
        twin = self._twins.get((source.id, position))
        if twin is None:
            twin = dataclasses.replace(source.values[position], operand=True)
            self._twins[(source.id, position)] = twin
        return twin
