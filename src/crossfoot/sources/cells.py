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
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from crossfoot.model.types import Kind
from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.numbers.scales import CELL_SCALE_WORDS, SCALE_EXP, SCALE_WORDS
from crossfoot.sources.table_dates import short_date_years
from crossfoot.sources.text_gates import may_end_in_scale
from crossfoot.sources.unit_glue import unglued
from crossfoot.sources.unit_starts import UNIT_START as _UNIT_START
from crossfoot.sources.unit_starts import may_mark, search_at

__all__ = [
    "COUNTED_NOTE",
    "CellNumber",
    "Unit",
    "amount_units",
    "bare_scale",
    "find_unit_headers",
    "is_blank",
    "is_figure",
    "label_without_unit",
    "names_its_subject",
    "normalize_currency",
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


# One scale table for every reader (numbers.scales); a cell's own pattern picks its words.
_SCALE_WORDS: dict[str, Decimal] = {w: Decimal(10) ** e for w, e in SCALE_EXP.items()}

_CURRENCY_CODES = "USD|EUR|GBP|JPY|INR|CNY|RMB|CHF|CAD|AUD|DKK|SEK|NOK|HKD|SGD|ZAR"

_CELL = re.compile(
    rf"""
    ^\s*
    (?P<cur1>(?:US|A|C|HK|S|NZ)?\$|[€£¥₹]|(?:{_CURRENCY_CODES})(?=[\s\d(\-−–$.]))?  # currency first
    \s*(?P<open>\()?\s*                       # accounting negative "(1,234)"
    (?P<sign>[-−–+])?\s*                      # minus, U+2212, en dash
    (?P<cur2>(?:US|A|C|HK|S|NZ)?\$|[€£¥₹])?\s*  # "-$5" / "($5)"
    (?P<num>\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    \s*(?P<scale>(?i:{CELL_SCALE_WORDS}))?
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


def normalize_currency(symbol: str | None) -> str | None:
    """A currency as the readers write it: "US$" -> "$", "usd" -> "USD"."""
    if not symbol:
        return None
    symbol = symbol.strip()
    if symbol.endswith("$"):
        return "$"
    return symbol.upper() if symbol.isalpha() else symbol


def is_blank(cell: str) -> bool:
    """True when a cell holds no value ("", "—", "-", "n/a", "$")."""
    return _BLANK.match(cell) is not None


def _in_locale(cell: str, locale: str) -> CellNumber | None:
    from crossfoot.numbers.extract import parse_number_string  # the heaviest stage: on first use

    m = parse_number_string(cell, locale=locale)
    if m is None:
        return None
    own_scale = m.scale != 1 or m.scale_word is not None
    return CellNumber(m.value, m.precision, m.kind, m.currency, own_scale, m.kind == "year")


def parse_cell(cell: str) -> CellNumber | None:
    """Read one cell that holds exactly one number, or return None.

    >>> parse_cell("(1,234)").value
    Decimal('-1234')
    >>> parse_cell("12.3%").kind, parse_cell("12.3%").precision
    ('percent', Decimal('0.05'))
    >>> parse_cell("Net sales") is None
    True
    """
    locale = READING_LOCALE.get()
    if locale is not None:  # sources read in a locale ("1.234" is a thousand in de): the reader
        return _in_locale(cell, locale)
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
    if num == "000" and not (sign or scale_word) and (opened or cur1 or cur2 or code):
        # "$000", "US$000", "€000", "(£000)", "(000)" head a column of thousands (a unit row), no
        # zero is written so: read as a figure, the row ended the header and its unit was lost.
        return None
    percent = pct1 is not None or pct2 is not None
    if percent and scale_word:
        return None
    symbol = cur1 or cur2 or code
    currency = normalize_currency(symbol) if symbol else None
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

# (The look-ahead first: every match opens with "1", "2" or an "f" of either case, and ``re``
# leaves every other character after one test; no other character folds onto "f".)
_YEAR = re.compile(r"(?=[12fF])(?:(?<![\d.,])(?:19|20)\d{2}(?![\d])|(?i:\bfy\s*'?(\d{2})(?!\d)))")


@lru_cache(maxsize=8192)  # labels repeat across tables and answers
def year_in(label: str | None) -> int | None:
    """The year a label names, when it names exactly one ("Year Ended December 31, 2019").

    >>> year_in("fy2023_sales"), year_in("FY24"), year_in("2019 vs 2018"), year_in("12/31/01")
    (2023, 2024, None, 2001)
    """
    if not label:
        return None
    years: set[int] = set()
    for m in _YEAR.finditer(label.replace("_", " ")):
        short = m.group(1)
        years.add(2000 + int(short) if short else int(m.group(0)))
        if len(years) > 1:
            return None
    if "/" in label:  # "12/31/01": a date with its year in two digits
        years.update(short_date_years(label))
    return years.pop() if len(years) == 1 else None


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit header: the text as written, the scale it means and the currency it names."""

    text: str
    scale: Decimal
    currency: str | None = None
    # The unit of a counted subject the note names too ("except shares in thousands"): rows
    # naming it take it (sources.unit_subject).
    subject: Unit | None = None


_UNIT_WORDS = SCALE_WORDS  # "(in million)" too
# A currency written before a unit word: "(Rs. crore)", "(USD millions)", "(US$ thousands)".
_UNIT_CURRENCY = rf"Rs\.?|US\$|(?:{_CURRENCY_CODES})\b|[$€£¥₹]"
_UNIT_TEXT = re.compile(
    rf"""
    \(\s*(?:[^()\n]{{0,30}}?\s)??in\s+(?P<a>{_UNIT_WORDS})\b[^()\n]{{0,80}}?\)  # (in millions, ...)
    | \(\s*(?P<b>{_UNIT_WORDS})\b(?:\s+of\s+[^()\n]{{1,30}}?)?                   # ( millions )
          (?:\s*,?\s*except\b[^()\n]{{0,60}})?\s*\)               # (millions of $, except ...)
    | \(\s*(?P<cc>(?:[A-Za-z]{{1,3}}\s*)?[$€£¥₹]|[A-Z]{{1,4}}(?=['’‘]000))\s*['’‘]?\s*
          (?P<c>000s?|mn|mm|bn|m|b|k|thousands?|millions?|billions?)\s*\)      # (€m) ($000)
    | \(\s*(?P<ec>{_UNIT_CURRENCY})\s*(?P<e>{_UNIT_WORDS}|mn|bn)\s*\)           # (Rs. crore)
    | (?:(?<=^)|(?<=[\s:;,]))(?P<dc>[$€£¥₹]\s*)?in\s+(?P<d>{_UNIT_WORDS})\b
          (?=\s*(?:[),.;:]|$|of\s+(?P<of>(?:u\.?s\.?\s+|[a-z]+\s+(?:kong\s+)?)?(?:dollars|euros|pounds|yen|rupees|usd
          |eur|gbp|rmb|renminbi))\b|except\b))                                 # in millions of $
    | \(\s*(?:in\s+)?(?P<g>000(?:['’]?s)?)(?:\s+omitted)?\s*\)           # (000's omitted)
    | (?:(?<=^)|(?<=[\s:;,]))in\s+(?P<h>000(?:['’]?s)?)(?=[\s),.;:]|$)             # in 000s
    | (?:(?<=^)|(?<=[\s:;,(]))in\s+(?P<fc>(?:[A-Z]{{1,3}}\s*)?[$€£¥₹]|(?:{_CURRENCY_CODES})\b)\s*
          ['’‘]?\s*(?P<f>000(?:['’]?s)?|thousands?|millions?|billions?|mn|bn|m)
          (?=['’]?[\s),.;:]|$)(?:\s*,?\s*except\b[^.;()\n]{{0,60}})?               # in US $000's
    """,
    re.X | re.I | re.M,
)

# A header cell that is only a unit, once years and brackets are removed: "£m", "$'000",
# "US$’000", "RMB’Million", "$M", "Thousands". Short forms need a currency or an apostrophe.
_CELL_UNIT = re.compile(
    r"(?P<cur>[A-Za-z]{0,3}\s*[$€£¥₹]|Rs\.?(?=\s)|[A-Za-z]{3}(?=\s*['’‘]|\s+\w)"
    r"|[A-Za-z]{1,4}(?=['’‘]000)"  # "RM'000", "R'000", "Kshs'000": a currency's letters
    rf"|(?i:{_CURRENCY_CODES})(?=[mkb]))?\s*(?P<apos>['’‘])?\s*"  # "USDm", "EURk"
    r"(?P<w>000(?:['’]?s)?|thousands?|millions?|billions?|lakhs?|crores?|mn|mm|bn|m|k)",
    re.I,
)
_LABEL_UNIT = re.compile(rf"(?<=\s)(?:{_CELL_UNIT.pattern})$", re.I)
# A currency and an apostrophe before the unit mark it anywhere in a header cell, words after it
# included: "2018 $’000 RESTATED3", "£'000 (audited)".
_MARKED_UNIT = re.compile(
    r"(?:(?<=\s)|^)(?P<cur>[A-Za-z]{0,3}\s*[$€£¥₹]|[A-Z]{3}|[A-Z][A-Za-z]{0,3}(?=['’‘]000))"
    r"\s*(?P<apos>['’‘])\s*"
    r"(?P<w>000s?|thousands?|millions?|mn|m)(?=\s|$)"
)
# A header cell naming a scale of a currency in words and nothing else: "Millions of Dollars".
_OF_CURRENCY = re.compile(
    r"(?i)(?P<w>thousands?|millions?|billions?)\s+of\s+(?:u\.?s\.?\s+)?"
    r"(?P<cur>dollars|euros|pounds|yen|rupees)"
)
_SHORT_UNITS = frozenset({"000", "000s", "mn", "mm", "bn", "m", "k", "b"})
_UNIT_CURRENCY_WORDS = {"dollars": "$", "euros": "€", "pounds": "£", "yen": "¥", "rupees": "₹"}


_RUPEES = re.compile(r"\bRs\b\.?")


def _unit_currency(text: str) -> str | None:
    for symbol in "$€£¥₹":
        if symbol in text:
            return symbol
    if _RUPEES.search(text):
        return "₹"  # as the number reader writes "Rs. 500"
    lowered = text.lower()
    for word, symbol in _UNIT_CURRENCY_WORDS.items():
        if word in lowered:
            return symbol
    code = re.search(rf"\b({_CURRENCY_CODES})\b", text, re.I)
    return code.group(1).upper() if code else None


def _unit_from_match(m: re.Match[str]) -> Unit:
    word = next(m.group(g) for g in "abcdefgh" if m.group(g))
    word = word.replace("'", "").replace("’", "")  # "000's"
    text = m.group(0).strip()
    # "in millions of dollars": the currency follows the match
    currency = _unit_currency(text) or _unit_currency(m.group("of") or "")
    return _with_subject(Unit(text, _SCALE_WORDS[word.lower()], currency))


def find_unit_headers(text: str) -> list[tuple[int, int, Unit]]:
    """Every unit header in a text, with its span.

    >>> [u.scale for _, _, u in find_unit_headers("Net sales (in millions): ... ($ in thousands)")]
    [Decimal('1000000'), Decimal('1000')]
    """
    out: list[tuple[int, int, Unit]] = []
    end = 0
    # _UNIT_TEXT.finditer(text), tried only where a match can start (most of a passage is
    # running text, where its alternatives fail one by one at every character): the leftmost
    # place past the last match where one begins is where the search would find it.
    match = _UNIT_TEXT.match
    for start in _UNIT_START.finditer(text):
        at = start.start()
        if at < end:
            continue
        m = match(text, at)  # (its lookbehinds and ^ see the text before ``at``)
        if m is not None:
            out.append((at, m.end(), _unit_from_match(m)))
            end = m.end()
    return out


# Nouns of things counted, not amounts of money: a unit note naming one before "in" ("(shares in
# thousands)", "(Number of employees in thousands)") governs those figures only. (A list of what
# is counted, not of what is not: "(Unaudited, in millions)", "(Euros in thousands)" and
# "(Tabular amounts in millions)" govern the amounts.)
COUNTED_NOTE = re.compile(
    r"(?i)\b(?:shares?|units?|employees|headcount|customers|subscribers|members|users|accounts|"
    r"stores|locations|vehicles|passengers|options|rsus|awards|warrants|tons|tonnes|barrels|"
    r"ounces|boe|mwh|gwh|hours|square\s+feet|sq\.?\s*ft|people|persons|contracts|orders)\b"
)

_MONEY_NOTE = re.compile(r"(?i)\b(?:dollars?|amounts?|euros?|pounds?|rupees?|yen)\b|[$€£¥₹]")


def names_its_subject(unit: Unit) -> bool:
    """Whether a unit note names a counted noun before "in" ("(shares in thousands)", "(Number
    of employees in thousands)"): it governs those figures, not the table's amounts.

    >>> from decimal import Decimal
    >>> names_its_subject(Unit("(shares in thousands, except per share data)", Decimal(1000)))
    True
    >>> names_its_subject(Unit("(Tabular amounts in millions, unless stated)", Decimal(10) ** 6))
    False
    """
    head = re.split(r"(?i)\bin\s", unit.text, maxsplit=1)
    if len(head) < 2 or COUNTED_NOTE.search(head[0]) is None:
        return False
    return _MONEY_NOTE.search(head[0]) is None  # "(Dollars and shares in thousands)": both


def amount_units(units: list[tuple[int, int, Unit]]) -> list[tuple[int, int, Unit]]:
    """The unit notes of a text that govern amounts: those naming another subject ("(shares in
    thousands)") left out when a note for the amounts ("(Tabular amounts in millions)") is there
    too, each then carrying the first of them as the unit of its subject's rows; else every
    note as found."""
    general = [u for u in units if not names_its_subject(u[2])]
    if not general or len(general) == len(units):
        return units
    subject = next(u for _, _, u in units if names_its_subject(u))
    return [(a, b, _carrying(u, subject)) for a, b, u in general]


def _carrying(unit: Unit, subject: Unit) -> Unit:
    """A note for the amounts carrying a subject's note of another scale, if it has none."""
    if unit.subject is not None or unit.scale == subject.scale:
        return unit
    return replace(unit, subject=subject)


# "shares in thousands" inside a note for the amounts ("(in millions, except shares in
# thousands)", "(dollars in millions, shares in thousands)"): the counted noun and its scale.
_SUBJECT_CLAUSE = re.compile(
    rf"(?i)\b(?:{COUNTED_NOTE.pattern.removeprefix('(?i)')})\s+in\s+(?P<w>{SCALE_WORDS}|000s?)\b"
)


def _with_subject(unit: Unit) -> Unit:
    """A note for the amounts with the unit of a counted subject its own text names."""
    if names_its_subject(unit):
        return unit
    clause = _SUBJECT_CLAUSE.search(unit.text)
    if clause is None:
        return unit
    scale = _SCALE_WORDS.get(clause.group("w").lower())
    if scale is None or scale == unit.scale:
        return unit
    return replace(unit, subject=Unit(clause.group(0), scale))


# A label that notes its unit as a count of thousands: "Number of shares (1,000)", "($000)" is
# handled by _UNIT_TEXT. Needs a word before it, so an accounting "(1,000)" cell is no unit.
_THOUSANDS_NOTE = re.compile(r"(?<=[A-Za-z])[^()]*\(\s*[$€£¥₹]?\s*['’]?\s*(?:1,)?000s?\s*\)\s*$")


@lru_cache(maxsize=8192)  # labels repeat across tables and answers
def unit_in_cell(cell: str) -> Unit | None:
    """The unit a header cell names, if any: "(in millions)", "£m", "$'000", "2019 €m".

    >>> unit_in_cell("2019 €m").scale, unit_in_cell("2019") is None
    (Decimal('1000000'), True)
    >>> unit_in_cell("30 June 2019 $’000").scale, unit_in_cell("Total m") is None
    (Decimal('1000'), True)
    """
    if not cell or not cell.strip():
        return None
    cell = unglued(cell)  # "(inthousands)"
    k = _THOUSANDS_NOTE.search(cell) if "(" in cell else None  # (it holds a bracket)
    if k is not None:
        return Unit(cell.strip(), _SCALE_WORDS["000"], _unit_currency(k.group(0)))
    m = search_at(_UNIT_TEXT, _UNIT_START, cell)
    if m is not None:
        return _unit_from_match(m)
    bare = _YEAR.sub(" ", cell).strip(" \t()[]:,.")
    if not bare:
        return None
    c = _CELL_UNIT.fullmatch(bare) if len(bare) <= 20 else None
    c = c or _OF_CURRENCY.fullmatch(bare)  # "Millions of Dollars": the cell is the unit
    if c is None:
        # A label that ends in a unit with its currency: "30 June 2019 $’000", "Amount US$m".
        c = _LABEL_UNIT.search(bare) if may_end_in_scale(bare) else None
        if c is None or not (c.group("cur") or c.group("apos")):
            c = _MARKED_UNIT.search(bare) if may_mark(bare) else None  # (it holds one of ['’‘])
        if c is None:
            return None
    word = c.group("w").lower().replace("'", "").replace("’", "")
    # "000s" needs no currency or apostrophe: no label or figure is written so (a lone "000"
    # may be a figure; "(000)" is read by _UNIT_TEXT)
    if word in _SHORT_UNITS and not (c.group("cur") or c.group("apos") or word == "000s"):
        return None
    return Unit(cell.strip(), _SCALE_WORDS[word], _unit_currency(c.group("cur") or ""))


_BARE_SCALE = re.compile(r"(?i)\(?\s*(?P<w>m|mn|mm|bn|k|000s?)\s*\)?")


def bare_scale(cell: str) -> Unit | None:
    """The unit of a header cell that is a scale mark alone ("M", "m", "bn", "'000"), which
    :func:`unit_in_cell` leaves unread (a lone letter may be anything): the caller reads it
    only in a header row where another cell names a unit ("M | $M": shares in millions beside
    dollars in millions).

    >>> bare_scale("M").scale, bare_scale("(bn)").scale, bare_scale("Men") is None
    (Decimal('1000000'), Decimal('1000000000'), True)
    """
    m = _BARE_SCALE.fullmatch(cell.strip().lstrip("'’"))
    return Unit(cell.strip(), _SCALE_WORDS[m.group("w").lower()]) if m is not None else None


@lru_cache(maxsize=8192)  # labels repeat across tables and answers
def label_without_unit(cell: str) -> str:
    """A header cell's text without the unit it names: "Revenue ($m)" -> "Revenue".

    >>> label_without_unit("Revenue ($m)"), label_without_unit("2019 €m"), label_without_unit("£m")
    ('Revenue', '2019', '')
    >>> label_without_unit("30 June 2019 $’000"), label_without_unit("Net revenue ($000)")
    ('30 June 2019', 'Net revenue')
    """
    if unit_in_cell(cell) is None:
        return cell
    cell = unglued(cell)  # "(inthousands)"
    note = _THOUSANDS_NOTE.search(cell) if "(" in cell else None
    if note is not None:  # (the match starts after the label's first letter: cut at its "(")
        return cell[: cell.rfind("(", 0, note.end())].strip()
    m = search_at(_UNIT_TEXT, _UNIT_START, cell)
    if m is not None:
        return " ".join(f"{cell[: m.start()]} {cell[m.end() :]}".split()).strip(" ,;:")
    tail = _LABEL_UNIT.search(cell.strip())
    if tail is not None:
        return cell.strip()[: tail.start()].strip(" ,;:")  # "30 June 2019 $’000": the date
    marked = _MARKED_UNIT.search(cell) if may_mark(cell) else None
    if marked is not None:  # "2018 $’000 RESTATED3": the year and the note
        return " ".join(f"{cell[: marked.start()]} {cell[marked.end() :]}".split())
    return " ".join(y.group(0) for y in _YEAR.finditer(cell))  # "2019 €m": its year


# A figure the cell reader cannot take whole ("27% ( 27 % )", "(55) bps", "1,234 (a)"): a number
# first, then at most a short unit or note.
_FIGURE_FIRST = re.compile(r"^[\s$€£¥₹(+\-−–]*\.?\d")
_LEADING_YEAR = re.compile(r"\s*(?:19|20)\d\d(?![\d,.])")
_LETTER = re.compile(r"[^\W\d_]")


def is_figure(cell: str) -> bool:
    """Whether a cell holds a figure (a value, not a year or a label): what makes a line of text
    a table row.

    >>> [is_figure(c) for c in ("1,234", "2019", "(55) bps", "53 WEEKS", "2019 vs. 2018")]
    [True, False, True, False, False]
    """
    found = parse_cell(cell)
    if found is not None:
        return not found.year_like
    m = _FIGURE_FIRST.match(cell)
    if m is None or _LEADING_YEAR.match(cell):
        return False
    return len(_LETTER.findall(cell, m.end())) <= 3
