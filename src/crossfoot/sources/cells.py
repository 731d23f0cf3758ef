"""One table cell's number, and the years and unit headers that labels and texts name.

Used by :mod:`crossfoot.sources.tables` to read tables, and by :mod:`crossfoot.sources.load` for the
unit headers of a source's text.

* Cells: ``$1,200``, ``(1,234)`` (negative), ``12.3%`` (percent), ``—``/``-``/``n/a``/empty (no
  value). A cell is exact as written with precision half a unit of its last digit.
* Years: a label names a year when it names exactly one ("Year Ended December 31, 2019", "FY24").
* Unit headers: "(in millions)", "£m", "$'000", ... in a header cell or in a text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.model.types import Kind

__all__ = [
    "CellNumber",
    "Unit",
    "find_unit_headers",
    "is_blank",
    "parse_cell",
    "unit_in_cell",
    "year_in",
]

# --------------------------------------------------------------------------------------------
# Cells


@dataclass(frozen=True, slots=True)
class CellNumber:
    """One number read from a cell string. ``value`` is signed and scaled by any scale word the
    cell itself carries ("$3.2bn"); ``precision`` is half a unit of the last written digit, scaled.
    """

    value: Decimal
    precision: Decimal
    kind: Kind
    currency: str | None = None
    own_scale: bool = False  # the cell wrote its own scale word, so a unit header does not apply
    year_like: bool = False  # a bare 1900..2100 integer such as a header "2019"


_SCALE_WORDS: dict[str, Decimal] = {
    "k": Decimal(10) ** 3,
    "thousand": Decimal(10) ** 3,
    "thousands": Decimal(10) ** 3,
    "000": Decimal(10) ** 3,
    "000s": Decimal(10) ** 3,
    "m": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "mm": Decimal(10) ** 6,
    "million": Decimal(10) ** 6,
    "millions": Decimal(10) ** 6,
    "b": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "billion": Decimal(10) ** 9,
    "billions": Decimal(10) ** 9,
    "tn": Decimal(10) ** 12,
    "trillion": Decimal(10) ** 12,
    "trillions": Decimal(10) ** 12,
    "lakh": Decimal(10) ** 5,
    "lakhs": Decimal(10) ** 5,
    "crore": Decimal(10) ** 7,
    "crores": Decimal(10) ** 7,
}

_CURRENCY_CODES = "USD|EUR|GBP|JPY|INR|CNY|RMB|CHF|CAD|AUD|DKK|SEK|NOK|HKD|SGD|ZAR"

_CELL = re.compile(
    rf"""
    ^\s*
    (?P<cur1>(?:US|A|C|HK|S|NZ)?\$|[€£¥₹]|(?:{_CURRENCY_CODES})(?=[\s\d(\-−–$.]))?  # currency first
    \s*(?P<open>\()?\s*                       # accounting negative "(1,234)"
    (?P<sign>[-−–+])?\s*                      # minus, U+2212, en dash
    (?P<cur2>(?:US|A|C|HK|S|NZ)?\$|[€£¥₹])?\s*  # "-$5" / "($5)"
    (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    \s*(?P<scale>(?i:thousands?|millions?|billions?|trillions?|lakhs?|crores?|bn|mn|mm|tn|[kmb]))?
    \s*(?P<pct1>%)?\s*
    (?P<close>\))?\s*
    (?P<pct2>%)?\s*
    (?P<code>{_CURRENCY_CODES})?\s*$
    """,
    re.X,
)

# Cells that hold no value: dashes, "n/a", a lone currency symbol or percent sign.
_BLANK = re.compile(
    r"^[\s$€£¥₹%\-—–−_.*]*$|^\s*[$€£¥₹]?\s*(?i:n/?a|n\.a\.?|n\.?m\.?|none|nil|null|nan)\s*%?\s*$"
)


_PLAIN = re.compile(r"\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*$")
# Half a unit of the last digit, by number of decimals.
_PRECISION = [Decimal(5).scaleb(-(d + 1)) for d in range(40)]


def _normalize_currency(symbol: str | None) -> str | None:
    if not symbol:
        return None
    symbol = symbol.strip()
    if symbol.endswith("$"):
        return "$"
    return symbol.upper() if symbol.isalpha() else symbol


def is_blank(cell: str) -> bool:
    """True when a cell holds no value ("", "—", "-", "n/a", "$")."""
    return _BLANK.match(cell) is not None


def parse_cell(cell: str) -> CellNumber | None:
    """Read one cell that holds exactly one number, or return None.

    >>> parse_cell("(1,234)").value
    Decimal('-1234')
    >>> parse_cell("12.3%").kind, parse_cell("12.3%").precision
    ('percent', Decimal('0.05'))
    >>> parse_cell("Net sales") is None
    True
    """
    plain = _PLAIN.match(cell)
    if plain is not None:
        # Fast path for the commonest cell, a bare number ("7,630.0").
        num = plain.group(1)
        digits = num.replace(",", "") if "," in num else num
        dot = digits.find(".")
        year_like = dot < 0 and len(digits) == 4 == len(num) and 1900 <= int(digits) <= 2100
        return CellNumber(
            Decimal(digits),
            _PRECISION[len(digits) - dot - 1 if dot >= 0 else 0],
            "number",
            None,
            False,
            year_like,
        )
    m = _CELL.match(cell)
    if m is None:
        return None
    cur1, opened, sign, cur2, num, scale_word, pct1, closed, pct2, code = m.groups()
    if (opened is None) != (closed is None):
        return None
    percent = pct1 is not None or pct2 is not None
    if percent and scale_word:
        return None
    symbol = cur1 or cur2 or code
    currency = _normalize_currency(symbol) if symbol else None
    digits = num.replace(",", "") if "," in num else num
    value = Decimal(digits)
    dot = digits.find(".")
    precision = _PRECISION[len(digits) - dot - 1 if dot >= 0 else 0]
    if scale_word:
        scale = _SCALE_WORDS[scale_word.lower()]
        value *= scale
        precision *= scale
    negative = opened is not None or (sign is not None and sign != "+")
    if negative:
        value = -value
    # "2019 %" heads a column of percentages; as a value it would be absurd, so it is a year too.
    year_like = (
        len(num) == 4
        and sign is None
        and not (currency or scale_word or negative)
        and num.isdigit()
        and 1900 <= int(num) <= 2100
    )
    kind: Kind = "percent" if percent else ("money" if currency else "number")
    return CellNumber(value, precision, kind, currency, bool(scale_word), year_like)


# --------------------------------------------------------------------------------------------
# Years and unit headers

_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d{2}(?![\d])|(?i:\bfy\s*'?(\d{2})(?!\d))")


def year_in(label: str | None) -> int | None:
    """The year a label names, when it names exactly one ("Year Ended December 31, 2019").

    >>> year_in("fy2023_sales"), year_in("FY24"), year_in("2019 vs 2018")
    (2023, 2024, None)
    """
    if not label:
        return None
    years: set[int] = set()
    for m in _YEAR.finditer(label.replace("_", " ")):
        short = m.group(1)
        years.add(2000 + int(short) if short else int(m.group(0)))
        if len(years) > 1:
            return None
    return years.pop() if years else None


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit header: the text as written, the scale it means and the currency it names."""

    text: str
    scale: Decimal
    currency: str | None = None


_UNIT_WORDS = r"thousands?|millions?|billions?|trillions?|lakhs?|crores?"  # "(in million)" too
_UNIT_TEXT = re.compile(
    rf"""
    \(\s*(?:[^()\n]{{0,30}}?\s)?in\s+(?P<a>{_UNIT_WORDS})\b[^()\n]{{0,80}}?\)   # (in millions, ...)
    | \(\s*(?P<b>{_UNIT_WORDS})\b(?:\s+of\s+[^()\n]{{1,30}}?)?\s*\)            # ( millions )
    | \(\s*(?P<cc>(?:[A-Za-z]{{1,3}}\s*)?[$€£¥₹])\s*['’]?\s*
          (?P<c>000s?|mn|mm|bn|m|b|k|thousands?|millions?|billions?)\s*\)      # (€m) ($000)
    | (?:(?<=^)|(?<=[\s:;,]))(?P<dc>[$€£¥₹]\s*)?in\s+(?P<d>{_UNIT_WORDS})\b
          (?=\s*(?:[),.;:]|$|of\s+(?:u\.?s\.?\s+)?(?:dollars|euros|pounds|yen|rupees|usd|eur|gbp
          |rmb|renminbi)\b|except\b))                                          # in millions of $
    """,
    re.X | re.I | re.M,
)

# A header cell that is only a unit, once years and brackets are removed: "£m", "$'000",
# "US$’000", "RMB’Million", "$M", "Thousands". Short forms need a currency or an apostrophe.
_CELL_UNIT = re.compile(
    r"(?P<cur>[A-Za-z]{0,3}\s*[$€£¥₹]|[A-Za-z]{3}(?=\s*['’]|\s+\w)"
    rf"|(?i:{_CURRENCY_CODES})(?=[mkb]))?\s*(?P<apos>['’])?\s*"  # "USDm", "EURk"
    r"(?P<w>000s?|thousands?|millions?|billions?|lakhs?|crores?|mn|mm|bn|m|k)",
    re.I,
)
_SHORT_UNITS = frozenset({"000", "000s", "mn", "mm", "bn", "m", "k", "b"})
_UNIT_CURRENCY_WORDS = {"dollars": "$", "euros": "€", "pounds": "£", "yen": "¥", "rupees": "₹"}


def _unit_currency(text: str) -> str | None:
    for symbol in "$€£¥₹":
        if symbol in text:
            return symbol
    lowered = text.lower()
    for word, symbol in _UNIT_CURRENCY_WORDS.items():
        if word in lowered:
            return symbol
    code = re.search(rf"\b({_CURRENCY_CODES})\b", text, re.I)
    return code.group(1).upper() if code else None


def _unit_from_match(m: re.Match[str]) -> Unit:
    word = next(w for w in (m.group("a"), m.group("b"), m.group("c"), m.group("d")) if w)
    text = m.group(0).strip()
    return Unit(text, _SCALE_WORDS[word.lower()], _unit_currency(text))


def find_unit_headers(text: str) -> list[tuple[int, int, Unit]]:
    """Every unit header in a text, with its span.

    >>> [u.scale for _, _, u in find_unit_headers("Net sales (in millions): ... ($ in thousands)")]
    [Decimal('1000000'), Decimal('1000')]
    """
    return [(m.start(), m.end(), _unit_from_match(m)) for m in _UNIT_TEXT.finditer(text)]


# A label that notes its unit as a count of thousands: "Number of shares (1,000)", "($000)" is
# handled by _UNIT_TEXT. Needs a word before it, so an accounting "(1,000)" cell is no unit.
_THOUSANDS_NOTE = re.compile(r"(?<=[A-Za-z])[^()]*\(\s*[$€£¥₹]?\s*['’]?\s*(?:1,)?000s?\s*\)\s*$")


def unit_in_cell(cell: str) -> Unit | None:
    """The unit a header cell names, if any: "(in millions)", "£m", "$'000", "2019 €m".

    >>> unit_in_cell("2019 €m").scale, unit_in_cell("2019") is None
    (Decimal('1000000'), True)
    """
    if not cell or not cell.strip():
        return None
    k = _THOUSANDS_NOTE.search(cell)
    if k is not None:
        return Unit(cell.strip(), _SCALE_WORDS["000"], _unit_currency(k.group(0)))
    m = _UNIT_TEXT.search(cell)
    if m is not None:
        return _unit_from_match(m)
    bare = _YEAR.sub(" ", cell).strip(" \t()[]:,.")
    if not bare or len(bare) > 20:
        return None
    c = _CELL_UNIT.fullmatch(bare)
    if c is None:
        return None
    word = c.group("w").lower()
    if word in _SHORT_UNITS and not (c.group("cur") or c.group("apos")):
        return None
    return Unit(cell.strip(), _SCALE_WORDS[word], _unit_currency(c.group("cur") or ""))
