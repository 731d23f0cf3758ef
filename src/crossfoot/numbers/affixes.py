"""What is written next to a number, read from the CLDR tables: currency symbols and codes before
or after it, scale words ("Mio.", "млн", "万", "elfu" before the number) and units of measure.

Without a locale only what cannot be English is read: every symbol except short runs of ASCII
letters ("K", "R", "Ft" are read with a locale that uses them), every ISO code except those that
are English words ("TOP 10"), and scale words that mean one power of ten in every CLDR locale and
hold a non-ASCII letter or end in "." ("Mio.", "Mrd.", "млн", "万"). With a locale, its own
symbols and scale words are read too, and an ambiguous symbol names the locale's currency ("$" is
AUD in ``en_AU``, "kr" SEK in ``sv_SE``).

Each lookup indexes its words by their first (or last) character, so a number followed by an
ordinary word costs one dict lookup.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.model.locale import Convention
from crossfoot.numbers.cldr import CODES, SAFE_SYMBOLS, SCALES, SCALES_BEFORE, SYMBOLS, WORD_CODES
from crossfoot.numbers.locale import spaceless

__all__ = [
    "PHRASE_HEADS",
    "currency_codes",
    "currency_for",
    "prefix_gate",
    "scale_after",
    "scale_before",
    "suffix_gate",
    "symbol_after",
    "symbol_before",
    "unit_after",
]

_SPACES = " \t\u00a0\u202f\u2009"
# Symbols the scanner's PREFIX_RE reads before a number (not looked up again here).
_PREFIX_RE_SYMBOLS = frozenset(
    {"$", "€", "£", "¥", "₹", "US$", "HK$", "NZ$", "C$", "A$", "S$", "R$"}
)
# The symbols crossfoot has always written as themselves (rules compare them with codes).
_LEGACY = {"$": "$", "€": "€", "£": "£", "¥": "¥", "₹": "₹", "Rs": "₹", "Rs.": "₹", "₨": "₹"}


def currency_for(symbol: str, convention: Convention | None) -> str:
    """The currency a symbol names: the locale's code for an ambiguous symbol, else the symbol
    crossfoot writes for it ("$", "€", ...), else the one code CLDR gives it, else the symbol.

    >>> currency_for("₽", None), currency_for("$", None), currency_for("kr", None)
    ('RUB', '$', 'kr')
    """
    if convention is not None:
        code = convention.symbols.get(symbol)
        if code is not None:
            return code
    if symbol in CODES:
        return symbol  # "ILS" is a code, whatever else some locale writes with it
    legacy = _LEGACY.get(symbol)
    if legacy is not None:
        return legacy
    codes = SYMBOLS.get(symbol)
    if codes is not None and len(codes) == 1:
        return codes[0]
    return symbol


def currency_codes(currency: str | None) -> frozenset[str]:
    """Every ISO code a mention's currency can stand for ("$" -> the dollars, "kr" -> SEK, ...).

    >>> sorted(currency_codes("kr"))
    ['DKK', 'EEK', 'NOK', 'SEK']
    """
    if currency is None:
        return frozenset()
    if currency in CODES:
        return frozenset({currency})
    if currency == "₹":
        return frozenset({"INR"})
    if currency == "€":
        return frozenset({"EUR"})
    return frozenset(SYMBOLS.get(currency, ()))


class _Index:
    """Symbols by first and by last character, longest first, and the first and last two
    characters of each (a set lookup settles most numbers, which have no symbol)."""

    def __init__(self, symbols: set[str]) -> None:
        first: dict[str, set[int]] = {}
        last: dict[str, set[int]] = {}
        for s in symbols:
            first.setdefault(s[0], set()).add(len(s))
            last.setdefault(s[-1], set()).add(len(s))
        self.symbols = frozenset(symbols)
        # The lengths of the symbols starting (ending) with a character, longest first: a few
        # slices and set lookups instead of a loop over every "$" symbol.
        self.first = {k: tuple(sorted(v, reverse=True)) for k, v in first.items()}
        self.last = {k: tuple(sorted(v, reverse=True)) for k, v in last.items()}
        self.head = frozenset(s[:2] for s in symbols)  # a one-character symbol is its own head
        self.tail = frozenset(s[-2:] for s in symbols)
        self.ones = frozenset(s for s in symbols if len(s) == 1)


_GLOBAL = _Index(set(SAFE_SYMBOLS))


@lru_cache(maxsize=64)
def _index(convention: Convention | None) -> _Index:
    if convention is None:
        return _GLOBAL
    return _Index(set(SAFE_SYMBOLS) | set(convention.symbols))


@lru_cache(maxsize=64)
def prefix_gate(convention: Convention | None) -> tuple[frozenset[str], frozenset[str]]:
    """(last two characters, one-character symbols) of everything :func:`symbol_before` and
    :func:`scale_before` can find (a symbol as written, a scale word in each case text writes
    it): a number preceded by anything else needs neither."""
    index = _index(convention)
    words, _ = _before_tables(convention)
    # symbol_before matches a symbol's case exactly; scale_before folds a word's case.
    tails: set[str] = set(index.tail)
    for t in (w[-2:] for w in words):
        tails |= _cases(t)
    return frozenset(tails), index.ones


def _cases(word: str) -> set[str]:
    return {word, word.lower(), word.upper(), word.capitalize()}


@lru_cache(maxsize=64)
def suffix_gate(convention: Convention | None) -> frozenset[str]:
    """The first three characters (or the whole, when shorter) of everything that can follow a
    number, in the cases text writes them: symbols, scale words, units, currency words. A
    number followed by anything else asks none of the readers; ISO codes are asked apart."""
    words = set(_index(convention).symbols) | set(_scale_tables(convention)[0]) | set(UNITS)
    words |= {"dollar", "euro", "pound", "rupee", "yen", "percent"}
    heads: set[str] = set()
    for w in words:
        heads |= _cases(w[:3])
    return frozenset(heads)


def _symbol_at(view: str, start: int, length: int, symbols: frozenset[str]) -> str | None:
    """The symbol ``view[start:start + length]`` (spaces as in the table), or None."""
    seg = view[start : start + length]
    if len(seg) != length:
        return None
    if seg in symbols:
        return seg
    if length > 2 and any(ch in _SPACES for ch in seg):  # "$\u00a0AU", "F\u202fCFA"
        seg = "".join(" " if ch in _SPACES else ch for ch in seg)
        return seg if seg in symbols else None
    return None


def _ends_word(view: str, end: int, symbol: str) -> bool:
    """A symbol ending in a letter must not run on into a word ("5 krone" is not "kr")."""
    if not symbol[-1].isalpha() or end >= len(view):
        return True
    nxt = view[end]
    return not (nxt.isalpha() or nxt.isdigit()) or spaceless(nxt)


def _starts_word(view: str, start: int, symbol: str) -> bool:
    if not symbol[0].isalpha() or start == 0:
        return True
    prev = view[start - 1]
    return not (prev.isalpha() or prev.isdigit()) or spaceless(prev)


def _skip_spaces(view: str, pos: int, most: int) -> int:
    end = min(len(view), pos + most)
    while pos < end and view[pos] in _SPACES:
        pos += 1
    return pos


def symbol_after(view: str, pos: int, convention: Convention | None) -> tuple[str, int] | None:
    """(currency, end) of a symbol or ISO code after a number ending at ``pos``.

    >>> from crossfoot.model.locale import resolve_locale
    >>> symbol_after("389.00zł only", 6, None)
    ('PLN', 8)
    >>> symbol_after("5 kr", 1, None), symbol_after("5 kr", 1, resolve_locale("sv"))
    (('kr', 4), ('SEK', 4))
    """
    p = _skip_spaces(view, pos, 2)
    if p >= len(view):
        return None
    ch = view[p]
    index = _index(convention)
    head = view[p : p + 2]
    if head[1:] in _SPACES:
        head = ch + " "  # "F\u202fCFA" is "F CFA" in the table
    if head not in index.head and ch not in index.ones:
        return _code_after(view, p, convention) if "A" <= ch <= "Z" else None
    if ch == "$" and (p == pos or view.startswith("$", p + 1)):
        return None  # "925.03$$": LaTeX closing a formula; "1 234,56 $" has a space
    for length in index.first.get(ch, ()):
        symbol = _symbol_at(view, p, length, index.symbols)
        if symbol is not None and _ends_word(view, p + length, symbol):
            end = p + length
            if _NEXT_NUMBER_RE.match(view, end):
                return None  # "2018 $19.6 million": the sign of the next number
            own = convention is not None and symbol in convention.symbols
            if symbol[-1] == "." and not own and symbol[:-1] in index.symbols:
                if end >= len(view) or view[end] in _SPACES + "\n":
                    symbol, end = symbol[:-1], end - 1  # "50 kr." ending a sentence
            return currency_for(symbol, convention), end
    return _code_after(view, p, convention) if "A" <= ch <= "Z" else None


def _code_after(view: str, p: int, convention: Convention | None) -> tuple[str, int] | None:
    code = view[p : p + 3]
    if code in CODES and _ends_word(view, p + 3, code) and not _NEXT_NUMBER_RE.match(view, p + 3):
        if convention is not None or code not in WORD_CODES:
            return code, p + 3
    return None


_NEXT_NUMBER_RE = re.compile("[ \t\u00a0\u202f\u2009]?[-−(]?[0-9]")


def symbol_before(
    view: str, s0: int, floor: int, convention: Convention | None
) -> tuple[str, int] | None:
    """(currency, start) of a symbol or ISO code just before the number starting at ``s0``,
    never reaching before ``floor``.

    >>> symbol_before("AU$ 1,340", 4, 0, None), symbol_before("Rs212", 2, 0, None)
    (('AUD', 0), ('₹', 0))
    """
    q = s0
    while q > floor and s0 - q < 3 and view[q - 1] in _SPACES:
        q -= 1
    if q <= floor:
        return None
    ch = view[q - 1]
    index = _index(convention)
    if view[q - 2 : q] not in index.tail and ch not in index.ones:
        return _code_before(view, q, floor, convention) if "A" <= ch <= "Z" else None
    for length in index.last.get(ch, ()):
        start = q - length
        if start < floor:
            continue
        symbol = _symbol_at(view, start, length, index.symbols)
        if symbol is None or symbol in _PREFIX_RE_SYMBOLS:
            continue  # PREFIX_RE reads these, with its rules for LaTeX and markdown
        if _starts_word(view, start, symbol):
            return currency_for(symbol, convention), start
    return _code_before(view, q, floor, convention) if "A" <= ch <= "Z" else None


def _code_before(
    view: str, q: int, floor: int, convention: Convention | None
) -> tuple[str, int] | None:
    code = view[q - 3 : q]
    if q - 3 >= floor and code in CODES and _starts_word(view, q - 3, code):
        if convention is not None or code not in WORD_CODES:
            return code, q - 3
    return None


# -- scale words -------------------------------------------------------------------------------

# A word: letters, and the vowel signs and other marks of the scripts whose words carry them
# (Devanagari to Malayalam, Thai, Lao, Myanmar, Khmer, Arabic), then maybe a dot ("Mio.").
_TOKEN_RE = re.compile(
    "(?:[^\\W\\d_]|[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0900-\u0dff\u0e00-\u0eff"
    "\u1000-\u109f\u1780-\u17ff])+(?:\\.(?![0-9]))?"
)


def _split(words: dict[str, int]) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    """(single words, {first word: phrases longest first}) of a scale-word table."""
    single = {w: e for w, e in words.items() if " " not in w}
    multi: dict[str, list[str]] = {}
    for w in sorted((w for w in words if " " in w), key=len, reverse=True):
        multi.setdefault(w.split(" ", 1)[0], []).append(w)
    return single, {k: tuple(v) for k, v in multi.items()}


_GLOBAL_AFTER = (dict(SCALES), *_split(SCALES))
#: The first words of the locale-free scale phrases ("lakh" of "lakh crore"): after an English
#: scale word only these may continue into a longer phrase.
PHRASE_HEADS: frozenset[str] = frozenset(_GLOBAL_AFTER[2])


@lru_cache(maxsize=64)
def _scale_heads(convention: Convention | None) -> frozenset[str]:
    """The first two characters (case folded) of every scale word after a number."""
    return frozenset(w[:2] for w in _scale_tables(convention)[0])


_GLOBAL_BEFORE = dict(SCALES_BEFORE)


@lru_cache(maxsize=64)
def _scale_tables(
    convention: Convention | None,
) -> tuple[dict[str, int], dict[str, int], dict[str, tuple[str, ...]]]:
    """(every word, single words, phrases by first word) after a number, for a locale (its own
    words win) or for none."""
    if convention is None:
        return _GLOBAL_AFTER
    words = dict(SCALES)
    words.update(convention.after)
    return (words, *_split(words))


def _lookup(token: str, words: dict[str, int]) -> tuple[int, int] | None:
    """(exponent, length) of the longest scale word ``token`` starts with."""
    key = token.casefold()
    if key in words:
        return words[key], len(token)
    if key.endswith(".") and key[:-1] in words:
        return words[key[:-1]], len(token) - 1
    if spaceless(token[0]):  # "万円": the scale word is a prefix of the run of letters
        for n in range(min(len(token) - 1, 3), 0, -1):
            if key[:n] in words:
                return words[key[:n]], n
    return None


def scale_after(view: str, pos: int, convention: Convention | None) -> tuple[int, str, int] | None:
    """(exponent, word as written, end) of a scale word after a number ending at ``pos``.

    >>> scale_after("1,5 Mio. €", 3, None)
    (6, 'Mio.', 8)
    >>> scale_after("123万円", 3, None)
    (4, '万', 4)
    """
    p = _skip_spaces(view, pos, 1)
    heads = _scale_heads(convention)
    if view[p : p + 2].casefold() not in heads and view[p : p + 1].casefold() not in heads:
        return None
    m = _TOKEN_RE.match(view, p)
    if m is None:
        return None
    every, words, multi = _scale_tables(convention)
    for phrase in multi.get(m.group().casefold(), ()):  # "mila miliardi", "de milioane"
        seg = view[p : p + len(phrase)]
        if "".join(" " if c in _SPACES else c for c in seg).casefold() == phrase:
            if _ends_word(view, p + len(phrase), phrase):
                return every[phrase], seg, p + len(phrase)
    found = _lookup(m.group(), words)
    if found is None:
        return None
    exp, length = found
    end = p + length
    if not _ends_word(view, end, view[p:end]):
        return None
    return exp, view[p:end], end


@lru_cache(maxsize=64)
def _before_tables(
    convention: Convention | None,
) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    """(scale words written before a number, those words by their last two characters)."""
    words = dict(_GLOBAL_BEFORE)
    if convention is not None:
        words.update(convention.before)
    by_tail: dict[str, list[str]] = {}
    for w in sorted(words, key=len, reverse=True):
        by_tail.setdefault(w[-2:], []).append(w)
    return words, {k: tuple(v) for k, v in by_tail.items()}


def scale_before(
    view: str, s0: int, floor: int, convention: Convention | None
) -> tuple[int, int] | None:
    """(exponent, start) of a scale word written before the number (Swahili "elfu 12").

    >>> scale_before("Mapato elfu 12", 12, 0, None)
    (3, 7)
    """
    q = s0
    while q > floor and s0 - q < 2 and view[q - 1] in _SPACES:
        q -= 1
    if q == s0 or q - 2 < floor:
        return None
    words, by_tail = _before_tables(convention)
    for word in by_tail.get(view[q - 2 : q].casefold(), ()):  # most words before a number: none
        start = q - len(word)
        if start >= floor and view[start:q].casefold() == word and _starts_word(view, start, word):
            return words[word], start
    return None


# -- units of measure --------------------------------------------------------------------------

#: Units a number may carry; the reader keeps them (``Mention.unit``) and never reads them as
#: money. Written forms -> the unit as reported.
UNITS = {
    "kg": "kg", "g": "g", "mg": "mg", "lb": "lb", "lbs": "lb", "oz": "oz", "km": "km", "cm": "cm",
    "mi": "mi", "ft": "ft", "ml": "ml", "mL": "ml", "cl": "cl", "kWh": "kWh", "MWh": "MWh",
    "GWh": "GWh", "TWh": "TWh", "kW": "kW", "MW": "MW", "GW": "GW", "GB": "GB", "TB": "TB",
    "MB": "MB", "kB": "kB", "KB": "kB", "mph": "mph", "km/h": "km/h", "kph": "km/h", "ha": "ha",
    "°C": "°C", "°F": "°F", "℃": "°C", "℉": "°F", "°": "°", "kcal": "kcal", "cal": "cal",
}  # fmt: skip
_UNIT_FIRST = frozenset(w[0] for w in UNITS)
_UNIT_RE = re.compile(
    r"[ \t\u00a0\u202f\u2009]?(?:°[ \u00a0]?[CF](?![\w])|[℃℉°]|km/h|[A-Za-z]{1,4}(?![\w]))"
)


def unit_after(view: str, pos: int) -> tuple[str, int] | None:
    """(unit, end) of a unit of measure after a number ending at ``pos`` ("25kg", "72 °F").

    >>> unit_after("25kg bag", 2), unit_after("72 °F", 2), unit_after("5 in", 1)
    (('kg', 4), ('°F', 5), None)
    """
    ch = view[pos : pos + 1]
    if ch in _SPACES:
        ch = view[pos + 1 : pos + 2]
    if ch not in _UNIT_FIRST:
        return None
    m = _UNIT_RE.match(view, pos)
    if m is None:
        return None
    word = m.group().lstrip(_SPACES).replace(" ", "").replace("\u00a0", "")
    unit = UNITS.get(word)
    if unit is None:
        return None
    return unit, m.end()
