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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import not_
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ._errors import RowsError
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


@dataclass(frozen=True, slots=True)
class ResultSet:
    """One result set in a uniform shape: column names and rows of raw cell values."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


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
    # every key in order of first appearance, in one pass in C; its types checked on the few
    # distinct keys rather than on every row's
    columns = tuple(dict.fromkeys(chain.from_iterable(rows)))
    if not _STR.issuperset(map(type, columns)):
        return None
    data: list[tuple[object, ...]] = []
    types: list[set[type]] = []
    for c in columns:
        col = tuple(map(dict.get, rows, repeat(c)))  # a missing key reads None, as f.get does
        kinds = set(map(type, col))
        if not kinds <= _PLAIN:
            return None  # nested or unusual values: _flatten decides
        data.append(col)
        types.append(kinds)
    return _Columns(name, columns, data, len(rows), types)


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


_PLAIN = frozenset({int, float, str, bool, type(None), Decimal})
_STR = frozenset({str})
_DICT = frozenset({dict})
_INT = frozenset({int})
_NONE = frozenset({type(None)})
_EXACT = 2**53  # every int up to this size is exactly a float


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


_ZERO = Decimal(0)
_INF = float("inf")


class _Cell(NamedTuple):
    """A parsed cell (a tuple: tens of thousands are made per result set)."""

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
    kind_of = type(cell)
    if kind_of is int:  # the common case first: plain ints from drivers and JSON
        return _Cell(Decimal(cell), "number", None, _ZERO)  # type: ignore[arg-type]
    if kind_of is float:
        if cell != cell or cell in (_INF, -_INF):
            return None
        return _Cell(Decimal(repr(cell)), "number", None, _ZERO)
    if kind_of is str:  # what the general path below does for a plain str, without its checks
        return _parse_string(cell) if parse_strings else None  # type: ignore[arg-type]
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


@lru_cache(maxsize=8192)
def _first_word(label: str) -> str | None:
    """An ASCII label's first word, lowercased: any ASCII text naming the row contains it."""
    words = [w for w in re.split(r"[\s_]+", label.strip()) if w]
    return words[0].lower() if words and label.isascii() else None


def labels_named(labels: Iterable[str | None], text: str) -> list[str]:
    """The labels ``text`` names (:func:`row_named`), in order; a label whose first word is not
    in the text is skipped without its pattern (2,000 row keys per sentence).

    >>> labels_named(["North America", "Europe", None], "Europe's share")
    ['Europe']
    """
    # Only for ASCII text: a case-insensitive pattern may match non-ASCII letters ("K" as the
    # Kelvin sign) that str.lower() would not bring to the ASCII word.
    low = text.lower() if text.isascii() else None
    out: list[str] = []
    for label in labels:
        if not label:
            continue
        if low is not None:
            first = _first_word(label)
            if first is not None and first not in low:
                continue
        if _label_pattern(label).search(text) is not None:
            out.append(label)
    return out


def same_unit(a: SourceValue, b: SourceValue) -> bool:
    """Whether two row values measure the same thing, so that adding them makes sense.

    Values that are not table cells (no column) are compared by kind and currency only.
    """
    if a.kind != b.kind or (a.currency and b.currency and a.currency != b.currency):
        return False
    if a.column is None or b.column is None or a.source_id != b.source_id:
        return a.column is None and b.column is None
    return a.column == b.column or unit_family(a.column) == unit_family(b.column)


class _Labels(tuple):  # type: ignore[type-arg]
    """A table's row labels (a tuple of ``str | None``) that find the ones a text holds fast:
    thousands of row keys are looked up for every sentence of an answer."""

    _lower: tuple[str, ...] | None = None
    _lengths: list[int]

    def lower(self) -> tuple[str, ...]:
        """The labels lowercased (a NUL, which no answer holds, where a row has none)."""
        if self._lower is None:
            labels = cast("tuple[str | None, ...]", self)
            if _STR.issuperset(map(type, labels)):
                self._lower = tuple(map(str.lower, labels))  # type: ignore[arg-type]
            else:
                self._lower = tuple(label.lower() if label else "\x00" for label in labels)
            self._lengths = sorted(set(map(len, self._lower)))
        return self._lower

    def rows_in(self, low: str) -> Iterator[int]:
        """Rows whose lowercased label is part of ``low`` (a lowercased text), in row order."""
        lower = self.lower()
        n = len(low)
        if n * len(self._lengths) < 4 * len(lower):
            # Many labels of few lengths ("item 1".."item 2000"): every piece of the text of a
            # label's length, as a set (in C), then one set look-up per label instead of one
            # search of the text.
            pieces = set(
                chain.from_iterable(
                    map(low.__getitem__, map(slice, range(n - k + 1), range(k, n + 1)))
                    for k in self._lengths
                )
            )
            return compress(range(len(lower)), map(pieces.__contains__, lower))
        return compress(range(len(lower)), map(low.__contains__, lower))


def rows_named(labels: Sequence[str | None], text: str, low: str | None = None) -> list[int]:
    """Indexes of the labels whose lowercased text is in ``text`` and that :func:`row_named`
    finds there, in order (``low``: ``text.lower()``, when the caller has it).

    >>> rows_named(["EU", "US", None, "UK"], "EU and UK grew; EUR fell.")
    [0, 3]
    """
    if low is None:
        low = text.lower()
    if isinstance(labels, _Labels):
        found: Iterable[int] = labels.rows_in(low)
    else:
        found = (i for i, label in enumerate(labels) if label and label.lower() in low)
    return [i for i in found if (label := labels[i]) and row_named(label, text)]


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
        # Columns of plain ints (most result columns) skip the cell parser and the unit vote
        # and sort on their own ints in near().
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
        self._keys: list[tuple[list[float], Sequence[float | None]]] | None = None
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
        """:meth:`near` of each window (found once per window and kept for this table).

        Each column's values are sorted once (values only, not row indexes: about half the
        time), the windows found in them by bisection, and the rows of the values found read
        back in one pass over the column; so ask for every window an answer needs at once.
        """
        todo = [w for w in dict.fromkeys(windows) if w not in self._found]
        if todo:
            hits: dict[tuple[float, float], list[tuple[int, int]]] = {w: [] for w in todo}
            for j, (ordered, keys) in enumerate(self._sorted_columns()):
                spans: list[tuple[list[tuple[int, int]], int, int]] = []
                for w in todo:
                    a, b = bisect_left(ordered, w[0]), bisect_right(ordered, w[1])
                    if a < b:
                        spans.append((hits[w], a, b))
                if not spans:
                    continue
                wanted = set(chain.from_iterable(ordered[a:b] for _, a, b in spans))
                rows_of: dict[float | None, list[int]] = {}
                for i in compress(range(len(keys)), map(wanted.__contains__, keys)):
                    rows_of.setdefault(keys[i], []).append(i)
                for out, a, b in spans:
                    # equal values next to each other, in row order: a stable sort's order
                    for value in dict.fromkeys(ordered[a:b]):
                        out.extend((i, j) for i in rows_of[value])
            self._found.update(hits)
        return [self._found[w] for w in windows]

    def _sorted_columns(self) -> list[tuple[list[float], Sequence[float | None]]]:
        """Per column: its values sorted, and each row's value (None: no number there)."""
        if self._keys is None:
            self._keys = []
            for col, ints in zip(self.cells, self._ints, strict=True):
                keys: Sequence[float]
                if ints is not None and (not ints or -_EXACT <= min(ints) <= max(ints) <= _EXACT):
                    # Ints a float holds exactly sort and compare with a float window as their
                    # floats would, without making them.
                    keys = ints
                elif ints is not None:
                    keys = list(map(float, ints))  # float(int) == float(Decimal(int))
                else:
                    by_row = {i: float(c[0]) for i, c in col.items()}
                    self._keys.append(
                        (sorted(by_row.values()), list(map(by_row.get, range(self.rows))))
                    )
                    continue
                self._keys.append((sorted(keys), keys))
        return self._keys


class _IntCells(Mapping[int, _Cell]):
    """A column of plain ints as row index -> cell, each cell made when read: a 2,000-row
    result has 20,000 cells and an answer reads a few dozen (totals read :meth:`numbers`)."""

    __slots__ = ("_ints",)

    def __init__(self, ints: tuple[int, ...]) -> None:
        self._ints = ints

    def __getitem__(self, i: int) -> _Cell:
        if type(i) is not int or not 0 <= i < len(self._ints):
            raise KeyError(i)
        return _NEW_TUPLE(_Cell, (Decimal(self._ints[i]), "number", None, _ZERO))

    def __contains__(self, i: object) -> bool:
        return type(i) is int and 0 <= i < len(self._ints)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self._ints)))

    def __len__(self) -> int:
        return len(self._ints)

    def numbers(self) -> IntNumbers:
        """Row index -> value, each made when read (totals read :attr:`IntNumbers.ints`)."""
        return IntNumbers(self._ints)


class IntNumbers(Mapping[int, Decimal]):
    """The values of an int column by row index, each Decimal made when read: whole-column
    figures use :attr:`ints` directly, and pairwise kinds read only the rows an answer names."""

    __slots__ = ("ints",)

    def __init__(self, ints: tuple[int, ...]) -> None:
        self.ints = ints

    def __getitem__(self, i: int) -> Decimal:
        if type(i) is not int or not 0 <= i < len(self.ints):
            raise KeyError(i)
        return Decimal(self.ints[i])

    def __contains__(self, i: object) -> bool:
        return type(i) is int and 0 <= i < len(self.ints)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.ints)))

    def __len__(self) -> int:
        return len(self.ints)


def _parse_column(values: list[object], parse_strings: bool) -> dict[int, _Cell]:
    """Row index -> parsed cell for one column; a column of plain ints skips the general
    parser (most result columns are ints, and a 2,000-row result has 20,000 cells)."""
    if _INT.issuperset(map(type, values)):  # every cell a plain int, checked in C
        # tuple.__new__ directly: the NamedTuple's own __new__ is a Python call per cell
        new, tup = _NEW_TUPLE, _Cell
        return {i: new(tup, (Decimal(v), "number", None, _ZERO)) for i, v in enumerate(values)}  # type: ignore[arg-type]
    out: dict[int, _Cell] = {}
    for i, v in enumerate(values):
        cell = parse_cell(v, parse_strings=parse_strings)
        if cell is not None:
            out[i] = cell
    return out


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
        cells = [c for c in col if c is not None]
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


def _labels(cells: tuple[object, ...], kinds: set[type]) -> tuple[str | None, ...]:
    """The row labels of a key column (its cells of ``kinds``): :func:`_row_label` of each cell,
    in C for plain strings (the usual key) that are none of them blank."""
    if kinds <= _STR:
        stripped = tuple(map(str.strip, cells))  # type: ignore[arg-type]
        if "" not in stripped:
            return stripped
    return tuple(map(_row_label, cells))


def _may_be_numbers(texts: list[str]) -> Iterator[str]:
    """The texts :data:`_CELL` may match: not those opening with four letters (found in C).

    After optional spaces, "(" and a sign, the pattern reads a currency (three letters, "US$"
    or a symbol) and then needs a space, a sign or a digit; a fourth letter is none of them,
    and no letter is a digit. A text shorter than four letters, all letters, has no digit.
    """
    firsts = map(str.isalpha, map(str.__getitem__, texts, repeat(slice(0, 4))))
    return compress(texts, map(not_, firsts))


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

# Per-answer sources -> the RowTable they index, so rules.rowsums can read whole columns.
_TABLES: dict[int, tuple[Source, RowTable | None]] = {}
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
        # the oldest one out (dicts keep insertion order): clearing them all would drop the
        # sources of the answer being checked, and free hundreds of tables in one go
        del _TABLES[next(iter(_TABLES))]
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
        anchors = _anchors(mentions)
        for t in self.tables.values():  # every window at once: one pass per column
            t.near_many(anchors + windows if t.rows > 2 else windows)
        chosen = self.rows_for(text, mentions)
        out: list[Source] = []
        for name in self.order:
            table = self.tables.get(name)
            if table is None:
                out.append(self.prose[name])
                continue
            rows = set(chosen.get(name, ()))
            picked: set[tuple[int, int]] = set()
            for found in table.near_many(windows):
                picked.update(found)
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
        # Only figures stated finely (1 %): "$5M" would anchor every row near 5M.
        fine = m.precision <= abs(m.value) / 100
        if m.kind in ("money", "number") and m.claim and fine and m.value:
            out.append((float(m.value - m.precision), float(m.value + m.precision)))
    return out


def _windows(
    mentions: Sequence[Any], tolerance: float, absolute: float
) -> list[tuple[float, float]]:
    """Value windows wider than any a match rule uses (twice the stated precision or the flat
    tolerance), in every form a number may be looked up in."""
    out: list[tuple[float, float]] = []
    for m in mentions:
        low = float(m.value)
        high = float(m.high) if m.high is not None else low
        lo, hi = min(low, high), max(low, high)
        size = max(abs(lo), abs(hi))
        w = max(2 * float(m.precision), 2 * tolerance * size, 2 * absolute, 0.002 * size, 1e-9)
        forms = [(lo - w, hi + w)]
        if m.kind in ("percent", "bps", "pp"):
            forms.append(((lo - w) / 100, (hi + w) / 100))
        if m.kind in ("number", "ratio") and max(abs(lo), abs(hi)) <= 1:
            forms.append(((lo - w) * 100, (hi + w) * 100))
        for a, b in list(forms):
            forms.append((-b, -a))
        out.extend(forms)
    return out
