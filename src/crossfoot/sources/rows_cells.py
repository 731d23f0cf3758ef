"""Result-set cells -> numbers: :func:`parse_cell` and int columns read without a parse.

Part of :mod:`crossfoot.sources.rows` (which re-exports the public names).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from itertools import compress, repeat
from operator import itemgetter, not_
from typing import NamedTuple

from crossfoot.model.types import Kind
from crossfoot.numbers.scales import CELL_SCALE_WORDS, SCALE_EXP

__all__ = [
    "BYTE_FLAGS",
    "FAST_BOUNDS",
    "Bounds",
    "IntNumbers",
    "parse_cell",
    "rows_of",
    "whole_bounds",
]

_PLAIN = frozenset({int, float, str, bool, type(None), Decimal})
_STR = frozenset({str})
_DICT = frozenset({dict})
_INT = frozenset({int})
_NONE = frozenset({type(None)})
_EXACT = 2**53  # every int up to this size is exactly a float


# Windows' lower and upper ends (floats; ints for a search among ints: whole_bounds).
Bounds = tuple[list[float], list[float]]
#: Whether int columns are searched with whole-number bounds (speed only; the tests switch it
#: off to compare with the float bounds).
FAST_BOUNDS = [True]


def whole_bounds(bounds: Bounds) -> Bounds | None:
    """The windows' ends as whole numbers for a search among ints (``RowTable.near_many``): an
    int is at least ``lo`` exactly when it is at least ``ceil(lo)``, and at most ``hi`` when at
    most ``floor(hi)`` (ints and floats compare exactly). None when an end is infinite (or not
    a number).

    >>> whole_bounds(([1.5, -2.0], [3.0, -0.5]))
    ([2, -2], [3, -1])
    """
    try:
        return list(map(math.ceil, bounds[0])), list(map(math.floor, bounds[1]))
    except (OverflowError, ValueError):
        return None


#: Whether :func:`rows_of` flags each column's hits in a bytearray found by its ``index``
#: (speed only; the tests switch it off to compare with a ``compress`` pass per column).
BYTE_FLAGS = [True]


def rows_of(columns: Sequence[tuple[int, ...]], wanted: set[int]) -> list[dict[int, list[int]]]:
    """For each column (of equal length), its values in ``wanted`` -> their rows, ascending.

    Each column is read in one pass in C into a flag per cell (``bytearray``: the collector
    never walks it), and its few hits are found by its ``index`` (in C). Measured at 20,000x10
    against one pass over every column zipped in row order (a tuple per row): 4.9 against 6.6 ms
    for nine columns; against a ``compress`` pass per column, 8 ms.

    >>> rows_of([(5, 7, 5), (1, 5, 2)], {5})
    [{5: [0, 2]}, {5: [1]}]
    """
    found: list[dict[int, list[int]]] = [{} for _ in columns]
    if BYTE_FLAGS[0]:
        for ints, hits in zip(columns, found, strict=True):
            flags = bytearray(map(wanted.__contains__, ints))  # (a tenth faster than bytes)
            at, end, p = flags.index, len(flags), -1
            while True:
                try:
                    p = at(1, p + 1, end)  # (the next hit, found in C)
                except ValueError:
                    break
                hits.setdefault(ints[p], []).append(p)
        return found
    for ints, hits in zip(columns, found, strict=True):
        for i in compress(range(len(ints)), map(wanted.__contains__, ints)):
            hits.setdefault(ints[i], []).append(i)
    return found


# ---------------------------------------------------------------- cells

# One scale table for every reader (numbers.scales); a result row may also write "1.2T".
_SCALES: dict[str, Decimal] = {w: Decimal(10) ** e for w, e in SCALE_EXP.items()}

_CELL = re.compile(
    rf"""^\s*
    (?P<open>\()?                                   # accounting negative "(1,234)"
    (?P<sign1>[-+\u2212])?\s*
    (?P<cur1>US\$|[A-Z]{{3}}\s?|[$€£¥₹])?\s*           # currency before the number
    (?P<sign2>[-+\u2212])?\s*
    (?P<num>\d[\d,.\u00a0\u202f' ]*\d|\d)            # digits with any grouping
    (?:[eE](?P<exp>[-+]?\d+))?                       # scientific notation
    \s*(?P<scale>{CELL_SCALE_WORDS}|t)?\.?
    \s*(?P<pct>%|percent|pct)?
    \s*(?P<cur2>[A-Z]{{3}}|[$€£¥₹])?                  # currency after the number
    \s*(?P<close>\))?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


_ZERO = Decimal(0)
_INF = float("inf")
# Three letters that are no currency code: months and weekdays (the pattern is case-blind).
_NOT_CODES = frozenset(
    "PCT JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC MON TUE WED THU FRI SAT SUN".split()
)


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
    >>> parse_cell("Dec 2023") is None, parse_cell("Nov 5, 2023") is None
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
        if currency in _NOT_CODES:
            return None  # "Dec 2023", "Nov 5, 2023": a date, not 2,023 of a currency "DEC"
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


def _may_be_numbers(texts: Sequence[str]) -> Iterator[str]:
    """The texts :data:`_CELL` may match: not those opening with four letters (found in C).

    After optional spaces, "(" and a sign, the pattern reads a currency (three letters, "US$"
    or a symbol) and then needs a space, a sign or a digit; a fourth letter is none of them,
    and no letter is a digit. A text shorter than four letters, all letters, has no digit.
    """
    if len(texts) >= 64:
        # Thousands of row keys: one scan of them joined, not a slice per text. A word
        # character that is neither a digit nor "_" is a letter or a numeral such as "²";
        # neither is a space, a sign or a digit, so the argument above holds for it too.
        joined = "\x00" + "\x00".join(texts)
        if joined.count("\x00") == len(texts):  # (no text holds the separator)
            if joined.isascii() and joined.translate(_LETTER_A).count(_FOUR) == len(texts):
                # Every text opens with four letters (ASCII: [^\W\d_] is [A-Za-z]): counted
                # in C on the text with each letter made "a", where the scan below enters the
                # pattern at every text (about six times as long at 20,000 row keys).
                return iter(())
            return map(itemgetter(1), _NOT_FOUR_LETTERS.finditer(joined))
    firsts = map(str.isalpha, map(str.__getitem__, texts, repeat(slice(0, 4))))
    return compress(texts, map(not_, firsts))


# A text (after its NUL separator) that does not open with four word characters that are
# neither digits nor "_". (The literal NUL first lets the scan skip from one text to the next.)
_NOT_FOUR_LETTERS = re.compile(r"\x00((?![^\W\d_]{4})[^\x00]*)")
# ASCII letters -> "a", every other ASCII character but NUL -> "." (str.translate's table), and
# what a text opening with four letters starts with after that.
_LETTER_A = {i: "a" if chr(i).isalpha() else "." for i in range(1, 128)}
_FOUR = "\x00aaaa"


class _IntRows:
    """A column of plain ints by row index, what the two lazy views below share; ``total``,
    the ints' sum when found already (``sources.rows_stats``), else None."""

    __slots__ = ("ints", "total")

    def __init__(self, ints: tuple[int, ...], total: int | None = None) -> None:
        self.ints = ints
        self.total = total

    def _int(self, i: object) -> int:
        if type(i) is not int or not 0 <= i < len(self.ints):
            raise KeyError(i)
        return self.ints[i]

    def __contains__(self, i: object) -> bool:
        return type(i) is int and 0 <= i < len(self.ints)

    def __iter__(self) -> Iterator[int]:
        return iter(range(len(self.ints)))

    def __len__(self) -> int:
        return len(self.ints)


class _IntCells(_IntRows, Mapping[int, _Cell]):
    """A column of plain ints as row index -> cell, each cell made when read: a 2,000-row
    result has 20,000 cells and an answer reads a few dozen (totals read :meth:`numbers`)."""

    __slots__ = ()

    def __getitem__(self, i: int) -> _Cell:
        return _NEW_TUPLE(_Cell, (Decimal(self._int(i)), "number", None, _ZERO))

    def numbers(self) -> IntNumbers:
        """Row index -> value, each made when read (totals read :attr:`IntNumbers.ints`)."""
        return IntNumbers(self.ints, self.total)


class IntNumbers(_IntRows, Mapping[int, Decimal]):
    """The values of an int column by row index, each Decimal made when read: whole-column
    figures use :attr:`ints` directly, and pairwise kinds read only the rows an answer names."""

    __slots__ = ()

    def __getitem__(self, i: int) -> Decimal:
        return Decimal(self._int(i))

    def sum(self) -> int:
        """The ints' sum (the one found with the column's bounds, when it was)."""
        return self.total if self.total is not None else sum(self.ints)


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


_NEW_TUPLE = tuple.__new__


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
