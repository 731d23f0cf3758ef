"""Reading what CLDR writes around a number: the state of one scan (:class:`Env`: the locale, the
cell flag, the previous number's currency, whether the text writes "1.234,56"), and the stages
:mod:`crossfoot.numbers.reading` asks for table-driven marks.

- before the digits: a currency symbol or code from the CLDR table ("₽5", "zł 5", "AU$ 1",
  "Rs212", "CHF-58"), a longer symbol ending in the sign PREFIX_RE read ("JP¥"), a locale's scale
  word written first ("elfu 12"), a percent sign ("%12"), and a minus before any of them;
- glued to the digits: a power of ten ("3.1×10⁻⁴") or a vulgar fraction ("2½");
- after the digits: scale words ("Mio.", "万"), every CLDR symbol and code, units of measure
  ("25kg": kept, never money), "pound" as a weight, a locale's trailing minus;
- around a bracketed amount: "AED 9500 (USD 2587)" converts, it is no accounting negative.

Each stage is asked only when a set lookup on the characters next to the number says it may find
something (``tails`` and ``ones`` before it, :meth:`Env.may_follow` after it), so the common
number pays little.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from crossfoot.model.locale import Convention
from crossfoot.numbers.affixes import (
    currency_for,
    prefix_gate,
    scale_after,
    scale_before,
    suffix_gate,
    symbol_after,
    symbol_before,
    unit_after,
)
from crossfoot.numbers.cldr import CODES
from crossfoot.numbers.cores import MAX_DIGITS, Digits, read_core
from crossfoot.numbers.forms import (
    SCI_FIRST,
    VULGAR,
    european_text,
    fraction_digits,
    pound_is_weight,
    sci_after,
)
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import (
    CURRENCY_AFTER_RE,
    ISO_ALT,
    PREFIX_ENDS,
    WORD_CURRENCY,
    maybe_word_after,
)

__all__ = [
    "ALONE_AFTER",
    "ALONE_BEFORE",
    "GLUED_FIRST",
    "NEVER_AFTER",
    "SCI_MARKS",
    "Env",
    "conversion",
    "currency_then_minus",
    "european_thousand",
    "fiscal_pair",
    "glued_exponent_or_fraction",
    "in_locale",
    "longer_symbol",
    "pieces",
    "read_digits",
    "slashed_fraction",
    "table_prefix",
    "words_after",
]

_SPACES = frozenset(" \t\u00a0\u202f\u2009")
# The codes an amount may be followed by: every CLDR code (affixes._code_after) and those
# CURRENCY_AFTER_RE reads (with "RMB", which is none).
_CODES_AFTER = CODES | set(ISO_ALT.split("|"))
_VULGAR_RE = re.compile("[" + "".join(VULGAR) + "]")
_AS_SPACE = str.maketrans("\u00a0\u202f\u2009", "   ")
#: What ends a number and starts no currency, scale word or unit (nor does the end of the text).
NEVER_AFTER = frozenset("0123456789,.;:)]}!?\"\n\r/+=*<>|&#@_~`'-([{")
#: What may follow a mantissa glued: the "×" of "3.1×10⁻⁴" (or after one space) or a "½".
SCI_MARKS = frozenset(SCI_FIRST - {" "})
GLUED_FIRST = frozenset(SCI_MARKS | set(VULGAR))
#: Characters that set a number apart as a table cell or quoted value does ('"2019"', "|12|"):
#: right before the digits, they end no sign, currency, reference, fiscal, "about" or month word
#: (the readers' word lists; tests check each), so only what follows can still change the reading.
ALONE_BEFORE = frozenset(['"', "“", "”", "|", ">", ""])  # "": the start of the text
#: What may follow such a number for it to be read as its digits alone: the end of the text, or
#: a character that starts no unit, currency, range, compound, time, label or list marker.
ALONE_AFTER = frozenset(['"', "|", "<", ",", ";", "!", "?", "]", "}", "\n", "\r", ""])
_SCI_MARK_RE = re.compile("[" + re.escape("".join(sorted(SCI_MARKS))) + "]")


@dataclass(slots=True)
class Env:
    """What one scan reads with besides the text: the locale, the cell flag, the number read
    before, and (asked at most once) whether the text writes "1.234,56"."""

    convention: Convention | None
    cell: bool
    view: str
    prev: Num | None = None  # the number read before, for "AED 9500 (USD 2587)"
    _european: bool | None = None
    _heads: frozenset[str] | None = None
    tails: frozenset[str] = frozenset()  # (read by numbers.prefix.read_prefix)
    ones: frozenset[str] = frozenset()
    pre_ends: frozenset[str] = frozenset()  # a last character before the digits to look at
    alone: frozenset[str] = frozenset()  # ALONE_BEFORE less what a prefix reader may end in
    glued: bool = False  # it may glue a power of ten ("×10⁻⁴") or a fraction ("2½") to digits

    def __post_init__(self) -> None:
        view = self.view
        self.tails, self.ones, self.pre_ends, self.alone = _prefix_gates(self.convention)
        self.glued = ("10" in view and _SCI_MARK_RE.search(view) is not None) or (
            not view.isascii() and _VULGAR_RE.search(view) is not None
        )

    def european(self) -> bool:
        if self._european is None:
            self._european = european_text(self.view)
        return self._european

    def may_follow(self, text: str, pos: int) -> bool:
        """Could a currency, scale word or unit follow at ``pos`` (past two spaces)? Asked
        only when the next character is not one that starts none of them."""
        ch = text[pos : pos + 1]
        if ch in _SPACES:
            pos += 1
            ch = text[pos : pos + 1]
            if ch in _SPACES:
                pos += 1
                ch = text[pos : pos + 1]
        if not ch or ch in NEVER_AFTER:
            return ch == "-" and self.convention is not None  # "1.234,50-"
        if self._heads is None:
            self._heads = suffix_gate(self.convention)
        heads = self._heads
        seg = text[pos : pos + 3]
        if "A" <= ch <= "Z":
            # An ISO code, or a word the readers fold the case of ("Dollars", "MIO."): the
            # heads hold each word's lower case. Past ASCII, folding may change the length.
            if seg in _CODES_AFTER or not seg.isascii():
                return True
            seg = seg.lower()
            return seg in heads or seg[:2] in heads or seg[:1] in heads
        if not seg.isascii():  # "F\u202fCFA", "শঃ\u00a0কঃ": the tables write spaces as " "
            seg = seg.translate(_AS_SPACE)
        return seg in heads or seg[:2] in heads or ch in heads


@lru_cache(maxsize=64)
def _prefix_gates(
    convention: Convention | None,
) -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """prefix_gate's (tails, ones), every last character before the digits that makes
    numbers.prefix.read_prefix look further (a sign, currency or "(" of PREFIX_RE, a
    one-character CLDR symbol, a "%" or a minus; an upper-case letter too, tested apart), and
    the characters of ALONE_BEFORE none of them ends in."""
    tails, ones = prefix_gate(convention)
    pre_ends = frozenset(PREFIX_ENDS) | ones | frozenset("%-−–")
    ends = pre_ends | {t[-1] for t in tails}
    return tails, ones, pre_ends, ALONE_BEFORE - ends


def read_digits(core: str, env: Env) -> Digits | list[Digits] | None:
    """read_core with the locale; without one, a lone "1.234" is a thousand in a text that
    writes "1.234,56" (asked only for that form). A core of more than MAX_DIGITS digits keeps
    MAX_DIGITS + 1 of them, so the number is reported as unreadable, never dropped."""
    if len(core) > MAX_DIGITS:
        digits = _NOT_DIGITS_RE.sub("", core)
        if len(digits) > MAX_DIGITS:
            return Digits(digits[: MAX_DIGITS + 1], 0, True, False)
    conv = env.convention
    if conv is not None:
        read = read_core(core, conv.decimal, (conv.primary, conv.secondary))
    else:
        read = read_core(core)
        if read.__class__ is Digits and read.exp == -3 and not read.plain:
            read = european_thousand(core, read, env)
    if isinstance(read, list) and len(read) > MAX_DIGITS:  # "1,2,3,…": a dump, not a list
        return Digits(_NOT_DIGITS_RE.sub("", core)[: MAX_DIGITS + 1], 0, True, False)
    return read


def european_thousand(
    core: str, read: Digits | list[Digits] | None, env: Env
) -> Digits | list[Digits] | None:
    """``read``, the decimal "1.234" with three places, read again as a thousand when the text
    writes "1.234,56" elsewhere (a lone group of a European text)."""
    if (
        len(core) <= 7
        and core.count(".") == 1
        and core[0] != "0"
        and core.index(".") <= 3
        and core.replace(".", "").isdigit()
        and env.european()
    ):
        return read_core(core, european=True)
    return read


_NOT_DIGITS_RE = re.compile("[^0-9]+")


def glued_exponent_or_fraction(text: str, num: Num, e0: int) -> int:
    """Extend the core with "×10⁻⁴" or a glued "½"; returns where the core now ends."""
    if text[e0] in VULGAR and num.plain:
        n, d = VULGAR[text[e0]]
        num.digits, num.exp = fraction_digits(n, d, whole=int(num.digits))
        num.place_exp, num.plain = -2, False
        return e0 + 1
    sci = sci_after(text, e0)
    if sci is None:
        return e0
    num.exp += sci[0]
    return sci[1]


def slashed_fraction(text: str, s0: int, m: re.Match[str]) -> tuple[list[Num], int]:
    """ "1/2", "3/4": a fraction when the numerator is below the denominator, else skipped."""
    n, d = int(m.group("frac")), int(m.group("den"))
    if n >= d:
        return [], m.end()
    digits, exp = fraction_digits(n, d)
    return [Num(s0, m.end(), digits, exp, plain=False, place_exp=-2)], m.end()


def fiscal_pair(s0: int, m: re.Match[str]) -> tuple[list[Num], int]:
    """ "2019/20" or "2019-20" (COMPOUND_RE's fyear): a fiscal year spanning two calendar years;
    anything else such as "2019-06" is a year-month and skipped."""
    first = int(m.group("fyear"))
    second = int(m.group("fyear2"))
    if second != (first + 1) % 100:
        return [], m.end()
    num = Num(s0, m.end(), str(first), 0, kind="year")
    num.high, num.high_precision = Decimal(first + 1), Decimal("0.5")
    return [num], m.end()


def pieces(s0: int, parts: list[Digits]) -> list[Num]:
    """Numbers run together with commas ("1,2,3"): each piece as a plain number."""
    out: list[Num] = []
    pos = s0
    for part in parts:
        length = len(part.digits) + (0 if part.plain else 1)
        out.append(Num(pos, pos + length, part.digits, part.exp, plain=part.plain))
        pos += length + 1
    return out


def in_locale(raw: str | None, currency: str, convention: Convention) -> str:
    """The currency PREFIX_RE read, as the locale means it ("$" is AUD in en_AU)."""
    symbol = (raw or "").strip(" \t\u00a0\u202f\\")
    code = convention.symbols.get(symbol)
    return code if code is not None else currency


def table_prefix(text: str, num: Num, floor: int, env: Env) -> str:
    """A CLDR currency symbol or code before the number ("₽5", "zł 5", "AU$ 1", "Rs212"), a
    scale word written first ("elfu 12"), or a percent sign ("%12"). Sets the number's start;
    returns the sign written before them ("-%12"), if any."""
    found = symbol_before(text, num.start, floor, env.convention)
    if found is not None:
        num.currency, num.start = found
    elif (scale := scale_before(text, num.start, floor, env.convention)) is not None:
        num.scale_exp, start = scale
        num.scale_word, num.start = text[start : num.start].strip(), start
    elif _percent_before(text, num.start, floor) and not _PERCENT_AFTER_RE.match(text, num.end):
        num.start, num.kind = text.rindex("%", floor, num.start), "percent"  # Turkish "%12"
    else:
        return ""
    return _sign_before(text, num, floor)


def currency_then_minus(text: str, num: Num, floor: int, env: Env) -> bool:
    """A currency glued to a minus before the number ("CHF-58", "USD-97.968,31"): CLDR's
    ¤-#,##0.00 pattern of some locales. Sets the currency, sign and start."""
    found = symbol_before(text, num.start - 1, floor, env.convention)
    if found is None or text[num.start - 2 : num.start - 1].isspace():
        return False  # "USD -5" reads the usual way
    num.currency, num.start, num.negative = found[0], found[1], True
    return True


def _sign_before(text: str, num: Num, floor: int) -> str:
    """A minus sign just before the number's start (not a hyphen joining words)."""
    before = text[num.start - 1 : num.start] if num.start > floor else ""
    if before in ("-", "−", "–") and not text[num.start - 2 : num.start - 1].isalnum():
        num.start -= 1
        num.negative = True
        return before
    return ""


def longer_symbol(text: str, num: Num, cur_start: int, cur_end: int, floor: int, env: Env) -> str:
    """ "JP¥", "GB£", "CN¥": a longer CLDR symbol ending in the sign PREFIX_RE read."""
    found = symbol_before(text, cur_end, floor, env.convention)
    if found is None or found[1] >= cur_start:
        return ""
    num.currency, num.start = found
    return _sign_before(text, num, floor)


def words_after(text: str, num: Num, pos: int, env: Env, scaled: bool) -> tuple[int, str]:
    """Scale words (unless ``scaled``), currencies and units after the number: (where the number
    now ends, what was read that may be glued to it, "" for nothing)."""
    read = ""
    scale = None if scaled or not _maybe_word(text, pos) else scale_after(text, pos, env.convention)
    if scale is not None and num.currency is None and num.kind == "number":
        symbol = symbol_after(text, pos, env.convention)
        if symbol is not None and symbol[1] > scale[2]:  # "NT$" is a currency, not "NT" a scale
            num.currency, pos = symbol
            return pos, "currency"
    if scale is not None:
        num.scale_exp, num.scale_word, pos = scale
        read = "scale"
    if num.currency is None and num.kind == "number":
        found = symbol_after(text, pos, env.convention)
        if found is not None:  # every CLDR symbol, longest first ("£GI" before "£")
            num.currency, pos = found
            return pos, "currency"
        after = CURRENCY_AFTER_RE.match(text, pos) if maybe_word_after(text, pos) else None
        if after is not None:
            word = after.group("word")
            if (
                word
                and word.lower().startswith("pound")
                and pound_is_weight(text, after.end(), word)
            ):
                num.unit = "lb"  # "a 5 pound bag", "5 pounds of flour"
            elif after.group("sym"):
                num.currency = currency_for(after.group("sym"), env.convention)
            elif after.group("iso"):
                num.currency = after.group("iso")
            else:
                num.currency = WORD_CURRENCY[word.lower().rstrip("s")]
            return after.end(), read
    if num.currency is None and num.kind == "number" and not read:
        unit = unit_after(text, pos)
        if unit is not None:
            num.unit, pos = unit
            return pos, "unit"
    if env.convention is not None and env.convention.trailing_minus and text.startswith("-", pos):
        if not text[pos + 1 : pos + 2].isalnum():
            num.negative = True  # "€ 1.234,50-"
            return pos + 1, read or "sign"
    return pos, read


def _percent_before(text: str, start: int, floor: int) -> bool:
    """A percent sign written before the number: "%12", "% 12" (not "12%5")."""
    q = start - 1
    if q > floor and text[q] in " \u00a0\u202f":
        q -= 1
    if q < floor or q < 0 or text[q] != "%":
        return False
    return q == 0 or text[q - 1] in " \t\n(\u00a0\u202f-−"


_PERCENT_AFTER_RE = re.compile("[ \u00a0\u202f]?%")


def _maybe_word(text: str, pos: int) -> bool:
    """Could a scale word follow at ``pos`` (after at most one space)? Letters only."""
    ch = text[pos : pos + 1]
    if ch in (" ", "\u00a0", "\u202f", "\t"):
        ch = text[pos + 1 : pos + 2]
    return ch.isalpha()


def conversion(text: str, num: Num, floor: int, env: Env) -> bool:
    """Whether "(USD 2587)" right after an amount in another currency converts it."""
    prev = env.prev
    if prev is None or prev.currency is None or num.currency == prev.currency:
        return False
    if prev.end != floor:
        return False
    return not text[floor : text.find("(", floor, num.end)].strip()
