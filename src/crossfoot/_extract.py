"""Find the numbers in a text: value, kind, currency, scale, sign, range and stated precision.

The scanner looks for a numeric *core* (digits with "," / "." groups, or a run of number words),
then reads what surrounds it with small anchored patterns: a prefix (sign, currency, "("), a suffix
(")", "%", scale word, currency word, "x"), and the words before it ("about", "Note", "FY",
"December"). Everything is regex over bounded slices, so the scan is linear in the text length.

Decisions worth knowing (tests pin each one):

- Not numbers: day numbers of written dates ("December 31"; the year still counts), numeric dates
  and times, versions and IPs, ordinals, letter+digit identifiers ("B01003e1", "COVID-19", "10-K",
  "Q3"), references ("Note 4", "Section 3.2", "page 12"), list markers at line start ("1.", "2)"),
  citation brackets ("[1]", "[1, 2]") and a bare "(3)" in prose.
- "m"/"M"/"b"/"B"/"k"/"T" count as scales when attached ("5m") or after a currency ("$5 M");
  "bn", "mn", "tn" and the full words always do.
- "(1,234)" is negative when the parentheses hold only the number and it has a currency, a group
  separator, a decimal point or four digits (a year in parentheses stays a year). In a single cell
  (:func:`parse_number_string`) any parenthesised number, "(12%)" included, is negative.
- "about", "approximately", "~", "nearly", ... and the bounds "over", "more than", "under",
  "at least", "up to" set ``approximate``; an approximate integer's precision comes from its last
  non-zero digit ("about 1,200" -> 50).
- "from 40 to 50 million" is two numbers (the scale is shared backwards); "40 to 50 million",
  "10-12%" and "between 9 and 10 million" are one range. A spaced hyphen ("776 - 773") is a
  subtraction, never a range.
- Number words: every value except a lone "one" ("one of them"); "one million" counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import NamedTuple

from ._numwords import WORDS_PATTERN, parse_words
from ._types import Kind, Mention

__all__ = ["extract", "parse_number_string", "stated_precision"]

_MAX_CORE = 64  # longer digit runs are data dumps, not claims

# --------------------------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------------------------

_CORE_RE = re.compile(
    rf"""
    (?P<num>
        (?<![0-9])                          # never start inside a digit run
        [0-9]+(?:[.,][0-9]+)*               # digits with "," "." groups or decimals, read later
        (?:[eE][+-]?[0-9]{{1,3}}(?![0-9]))?  # scientific exponent: 1.2e6
      | (?<![\w.])\.[0-9]+                  # a leading-dot decimal: .5
    )
  | (?P<words>{WORDS_PATTERN})              # number words: "two million"
    """,
    re.X | re.I,
)

#: Things that start with digits but are not numbers; anchored at the start of a core.
_COMPOUND_RE = re.compile(
    r"""
    (?P<ratio>[0-9]+(?:\.[0-9]+)?):1(?:\.0+)?(?![0-9]|[.,:][0-9])       # 2.8:1 is a ratio
  | [0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}(?![0-9])              # 2019-06-30
  | (?P<fyear>(?:19|20)[0-9]{2})[-/–](?P<fyear2>[0-9]{2})(?![0-9./:-])  # 2019/20 (else 2019-06)
  | [0-9]{1,2}[-/.][0-9]{1,2}[-/.][0-9]{2,4}(?![0-9])            # 11/30/04, 30.06.2019
  | (?:0?[1-9]|1[0-2])/(?:19|20)[0-9]{2}(?![0-9])                # 06/2019
  | (?:0?[1-9]|[12][0-9]|3[01])/(?:0?[1-9]|[12][0-9]|3[01])(?![0-9/.,])  # 12/31, 3/4
  | [0-9]{1,2}-[A-Za-z]{3,9}-[0-9]{2,4}(?![0-9])                 # 30-Jun-2019
  | [0-9]+(?:\.[0-9]+)?:[0-9]+(?::[0-9]+)*(?![0-9])              # 10:30, 3:2, 1:2:3
  | [0-9]+(?:st|nd|rd|th|ST|ND|RD|TH)(?![A-Za-z])                # 1st, 21st (ordinals)
  | [0-9]+-[A-Z](?![\w])                                         # 10-K, 8-K, 20-F
  | [0-9]+\([A-Za-z]\)                                           # 401(k)
    """,
    re.X,
)

_CURRENCY_SYMBOL = {"$": "$", "€": "€", "£": "£", "¥": "¥", "₹": "₹"}
_CURRENCY_PREFIXED = {"US": "USD", "HK": "HKD", "NZ": "NZD", "C": "CAD", "A": "AUD", "S": "SGD",
                      "R": "BRL"}  # fmt: skip
_ISO = "USD|EUR|GBP|JPY|INR|CNY|RMB|HKD|CAD|AUD|SGD|CHF|NZD|SEK|NOK|DKK|KRW|BRL|MXN|ZAR|RUB|TWD"

#: Sign, currency and "(" before a core; searched on a short slice ending at the core.
_PREFIX_RE = re.compile(
    rf"""
    (?P<paren_a>\([ \t]?)?                         # "(" outside the currency: ($1,234)
    (?P<sign_a>[-−–+])?                            # sign before the currency: -$5
    (?:
      (?P<cur>
          (?<![A-Za-z$])(?P<pfx>US|HK|NZ|C|A|S|R)?\\?(?<!\$)\$   # $, US$, HK$, \$ (markdown)
        | [€£¥₹]
        | (?<![A-Za-z])(?:Rs\.?|{_ISO})(?![a-z])   # Rs. 500, USD 5 million
      )
      [ \t\u00a0]{{0,3}}                           # "$ 100", "$  1,452.4"
    )?
    (?P<paren_b>\([ \t]?)?                         # "(" inside the currency: $(1,234)
    (?P<sign_b>[-−–+])?                            # sign after the currency: $-5
    \Z
    """,
    re.X,
)

_SCALE_EXP = {
    "k": 3, "thousand": 3, "m": 6, "mn": 6, "mm": 6, "mln": 6, "million": 6, "b": 9, "bn": 9,
    "bln": 9, "billion": 9, "t": 12, "tn": 12, "trn": 12, "trillion": 12, "lakh": 5, "lac": 5,
    "crore": 7, "cr": 7,
}  # fmt: skip

#: Unit after the core (after any ")" of an accounting negative).
_UNIT_RE = re.compile(
    r"""
    (?:\*\*|__)?                                     # markdown bold between number and unit
    (?:
        (?P<pp>[ \t]*(?:percentage[ \t]+points?|percent[ \t]+points?|pp|ppts?|p\.p\.)
               (?![\w]))                            # 3 pp, 3 percentage points
      | (?P<bps>[ \t]*(?:bps|bp|basis[ \t]+points?)(?![\w]))   # 25 bps, 25 basis points
      | (?P<pct>[ \t]?\\?%|[ \t]+(?:percent|per[ \t]cent|pct)(?![\w]))  # 12%, 12 %, 12 percent
      | (?P<att>k|K|mn|mm|MM|mln|m|M|bn|bln|b|B|tn|trn|T|cr)(?![\w])    # 3.2bn, 5m, $5k
      | [ \t]{0,2}(?:\\[,;:!][ \t]*)?                 # LaTeX thin space "46.4 \, million"
        (?:\\(?:text|mathrm|textrm)\{[ \t]?)?       # LaTeX "46.4 \text{ million}"
        (?P<word>(?i:thousand|million|billion|trillion|lakh|lac|crore)s?
                |mn|bn|tn|mln|bln)(?![\w])\}?          # 3 million, 5 bn
      | [ \t](?P<short>k|K|m|M|mm|MM|b|B|T|cr)(?![\w])                # $5 M (currency only)
      | (?P<times>[xX×])(?![\w])                    # 1.28x
      | (?P<times_w>[ \t]+times)(?![\w])(?![ \t]*[0-9(])   # 1.28 times (not "times 100")
      | (?P<to_one>-to-1)(?![\w.])                  # 3-to-1
    )
    """,
    re.X,
)

#: A currency named after the amount: "5 million dollars", "12.5 EUR", "1.234,56 €".
_CURRENCY_AFTER_RE = re.compile(
    rf"""
    [ \t]{{0,2}}
    (?:
        (?P<sym>[€£])
      | (?P<word>(?i:dollars?|euros?|pounds?|rupees?|yen))(?![\w])
      | (?P<iso>{_ISO})(?![\w])
    )
    """,
    re.X,
)

_APPROX_RE = re.compile(
    r"""
    (?:
      (?<![A-Za-z])
      (?:about|approximately|approx\.?|roughly|around|nearly|almost|some|circa|c\.|ca\.
        |over|more[ \t]+than|less[ \t]+than|fewer[ \t]+than|under|above|below
        |at[ \t]+least|at[ \t]+most|up[ \t]+to|close[ \t]+to|upwards[ \t]+of
        |in[ \t]+excess[ \t]+of|an?[ \t]+estimated|estimated|est\.)
      [ \t]+                                  # the word, then a space
    | [~≈∼][ \t]?                             # ~5%
    )
    (?:\*\*)?                                 # markdown bold
    \Z
    """,
    re.X | re.I,
)

#: References that are not claims: "Note 4", "Section 3.2", "page 12", "Step 1".
_REF_RE = re.compile(
    r"""
    (?<![A-Za-z])
    (?:notes?|sections?|§|items?|pages?|p\.|pp\.|figures?|fig\.|tables?|chapters?|ch\.|steps?
      |articles?|art\.|rules?|parts?|exhibits?|appendix|appendices|schedules?|paragraphs?
      |para\.|¶|clauses?|footnotes?|lines?|rows?|columns?|col\.|levels?|tiers?|phases?
      |rounds?|questions?|examples?|options?|forms?|version|ver\.|no[ \t]?\.|nos\.
      |asc|asu|sfas|fas|ias|ifrs|topic)                # accounting standards: ASC 606
    [ \t]*(?:no[ \t]?\.[ \t]*|\#[ \t]*)?      # "Note No. 4", "Item #7"
    \Z
    """,
    re.X | re.I,
)

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_MONTH_BEFORE_RE = re.compile(rf"(?<![A-Za-z])(?P<m>{_MONTH})\.?[ \t]+\Z", re.I)
_MONTH_AFTER_RE = re.compile(rf"[ \t]+(?:of[ \t]+)?(?P<m>{_MONTH})(?![a-z])\.?", re.I)
_YEAR_AFTER_DAY_RE = re.compile(r"[ \t]*,?[ \t]*[0-9]{4}(?![0-9])")

_FISCAL_RE = re.compile(
    r"(?<![A-Za-z])(?:FY|CY|fiscal(?:[ \t]+year)?|financial[ \t]+year)[ \t]?'?\Z", re.I
)
_FY_GLUED_RE = re.compile(r"(?<![A-Za-z])(?:FY|CY)'?\Z", re.I)

_TIMES_BEFORE_RE = re.compile(
    r"""
    (?:(?<![A-Za-z*])[x×*·](?!\*)|\\times|\\cdot|(?<![A-Za-z])times
      |multipl\w*[ \t]+(?:\w+[ \t]+){0,2}by|(?<![A-Za-z])by)   # "multiplying it by"
    [ \t]*\Z
    """,
    re.X | re.I,
)
_DIVIDE_BEFORE_RE = re.compile(
    r"(?:/|÷|\\div|divid\w*[ \t]+(?:\w+[ \t]+){0,2}by|divide[ \t]+by|over)[ \t]*\(?\Z", re.I
)
_TIMES_AFTER_RE = re.compile(r"[ \t]*(?:[×*·]|\\times|\\cdot)")

_LIST_HEAD_RE = re.compile(r"[ \t>#*_-]*\(?")
_LIST_TAIL_RE = re.compile(r"[.)](?:[ \t]+\S|\*\*)")
_CITE_RE = re.compile(r"\[\^?[0-9]{1,4}(?:[ \t]*[,;–-][ \t]*[0-9]{1,4})*\]")

_RANGE_CONN_RE = re.compile(
    r"""
    (?P<dash>[-–—])(?=[ \t]?(?:[$€£¥₹]|US\$)?[0-9])   # 10-12%, $9-$10
  | (?P<spaced>[ \t]+[–—][ \t]+)                      # 10 – 12 (an en dash reads as "to")
  | (?P<to>[ \t]+(?:to|through)[ \t]+)                # 40 to 50 million
  | (?P<and>[ \t]+and[ \t]+)                          # between 9 and 10
    """,
    re.X,
)
_FROM_RE = re.compile(r"(?<![A-Za-z])from[ \t]+(?:\w+[ \t]+)?\Z", re.I)
_BETWEEN_RE = re.compile(r"(?<![A-Za-z])between[ \t]+(?:\w+[ \t]+)?\Z", re.I)
_OP_BEFORE_RE = re.compile(r"[+*/×÷=][ \t]*\(?\Z")
_OP_AFTER_RE = re.compile(r"\)?[ \t]*[/*×÷=]")

_OPERAND_RE = re.compile(r"[ \t]*[0-9(]")
_WORD_TAIL_RE = re.compile(r"[\w.-]*")

# --------------------------------------------------------------------------------------------
# Reading a core
# --------------------------------------------------------------------------------------------

_US_GROUPS = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")
_INDIAN_GROUPS = re.compile(r"[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}(?:\.[0-9]+)?")
_EU_GROUPS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{3})+(?:,[0-9]+)?")
_PLAIN = re.compile(r"[0-9]*(?:\.[0-9]+)?")


class _Digits(NamedTuple):
    """A core read as digits: ``digits`` x 10**``exp``; ``plain`` when written with no separator."""

    digits: str
    exp: int
    plain: bool
    grouped: bool


def _read_core(core: str) -> _Digits | list[_Digits] | None:
    """Read one core; a list when it is several numbers run together ("1,2,3"); None to skip."""
    mantissa, sci = core, 0
    i = max(core.find("e"), core.find("E"))
    if i >= 0:
        mantissa, sci = core[:i], int(core[i + 1 :])
    if "," not in mantissa and mantissa.count(".") <= 1:
        whole, _, frac = mantissa.partition(".")
        return _Digits(whole + frac, sci - len(frac), plain="." not in mantissa, grouped=False)
    if sci:
        return None
    if _US_GROUPS.fullmatch(mantissa) or _INDIAN_GROUPS.fullmatch(mantissa):
        whole, _, frac = mantissa.replace(",", "").partition(".")
        return _Digits(whole + frac, -len(frac), plain=False, grouped=True)
    if _EU_GROUPS.fullmatch(mantissa):
        whole, _, frac = mantissa.replace(".", "").partition(",")
        return _Digits(whole + frac, -len(frac), plain=False, grouped=True)
    if "," in mantissa:
        # A list written without spaces ("1,2,3"), or a grouping we cannot trust: the pieces.
        pieces = mantissa.split(",")
        if all(_PLAIN.fullmatch(p) and p.count(".") <= 1 for p in pieces):
            out = []
            for p in pieces:
                whole, _, frac = p.partition(".")
                out.append(_Digits(whole + frac, -len(frac), plain="." not in p, grouped=False))
            return out
    return None  # a version or an IP address: 8.4.1.1


def stated_precision(written_digits: str, scale: Decimal = Decimal(1)) -> Decimal:
    """Half a unit of the last written digit, times ``scale``.

    >>> stated_precision("3.2", Decimal(10) ** 9)
    Decimal('50000000')
    >>> stated_precision("1,200")
    Decimal('0.5')
    >>> stated_precision("12.34")
    Decimal('0.005')
    """
    text = written_digits.replace(",", "")
    _, _, frac = text.partition(".")
    result = _decimal("5", -len(frac) - 1) * scale
    # A whole result prints without exponent or trailing zeros: 50000000, not 5.0E+7.
    return Decimal(int(result)) if result == result.to_integral_value() else result


def _decimal(digits: str, exp: int, negative: bool = False) -> Decimal:
    # Built from a string or an int, so exact whatever the context precision; whole numbers get
    # no exponent so they print as "3200000000", not "3.2E+9".
    sign = "-" if negative else ""
    if exp == 0:
        return Decimal(f"{sign}{digits or '0'}")
    if exp > 0:
        return Decimal(f"{sign}{int(digits or '0') * 10**exp}")
    return Decimal(f"{sign}{digits or '0'}E{exp}")


@dataclass(slots=True)
class _Num:
    """A number being read: mutable while the scanner widens it, then frozen into a Mention."""

    start: int
    end: int
    digits: str
    exp: int
    plain: bool = True
    grouped: bool = False
    negative: bool = False
    currency: str | None = None
    kind: Kind = "number"
    scale_exp: int = 0
    scale_word: str | None = None
    approximate: bool = False
    claim: bool = True
    high: Decimal | None = None
    high_precision: Decimal | None = None
    place_exp: int | None = None  # for number words: exponent of the precision unit
    fy: bool = False  # written with a glued "FY": FY2024, FY24

    @property
    def has_unit(self) -> bool:
        return self.kind != "number" or self.currency is not None or self.scale_exp != 0

    def value(self) -> Decimal:
        return _decimal(self.digits, self.exp + self.scale_exp, self.negative)

    def precision(self) -> Decimal:
        unit = self.exp if self.place_exp is None else self.place_exp
        if self.approximate and self.exp >= 0 and self.place_exp is None:
            stripped = self.digits.rstrip("0")
            if stripped:
                unit += len(self.digits) - len(stripped)
        return _decimal("5", unit + self.scale_exp - 1)

    def mention(self, text: str) -> Mention:
        precision = self.precision()
        if self.high_precision is not None:
            precision = min(precision, self.high_precision)
        return Mention(
            text=text[self.start : self.end],
            start=self.start,
            end=self.end,
            value=self.value(),
            kind=self.kind,
            precision=precision,
            currency=self.currency,
            scale=_SCALES[self.scale_exp],
            scale_word=self.scale_word,
            written=_decimal(self.digits, self.exp),
            negative=self.negative,
            high=self.high,
            approximate=self.approximate,
            claim=self.claim,
        )


_SCALES = {exp: Decimal(10**exp) for exp in set(_SCALE_EXP.values()) | {0}}


def _currency_code(cur: str, pfx: str | None) -> str:
    if pfx:
        return _CURRENCY_PREFIXED[pfx]
    cur = cur.lstrip("\\")
    if cur.startswith("Rs"):
        return "₹"
    return _CURRENCY_SYMBOL.get(cur, cur)


_WORD_CURRENCY = {"dollar": "$", "euro": "€", "pound": "£", "rupee": "₹", "yen": "¥"}


def _before(text: str, pos: int, width: int = 40) -> str:
    return text[max(0, pos - width) : pos]


# Cheap gates: a context regex ending in ``\Z`` is only searched when the lower-cased text before
# the number ends with one of these, which keeps the scan near 10 µs per number.
_APPROX_ENDS = (
    "about", "approximately", "approx", "approx.", "roughly", "around", "nearly", "almost",
    "some", "circa", "c.", "ca.", "over", "than", "under", "above", "below", "least", "most",
    "to", "of", "estimated", "est.", "~", "≈", "∼", "*",
)  # fmt: skip
_REF_ENDS = (
    "note", "notes", "section", "sections", "§", "item", "items", "page", "pages", "p.", "pp.",
    "figure", "figures", "fig.", "table", "tables", "chapter", "chapters", "ch.", "step", "steps",
    "article", "articles", "art.", "rule", "rules", "part", "parts", "exhibit", "exhibits",
    "appendix", "appendices", "schedule", "schedules", "paragraph", "paragraphs", "para.", "¶",
    "clause", "clauses", "footnote", "footnotes", "line", "lines", "row", "rows", "column",
    "columns", "col.", "level", "levels", "tier", "tiers", "phase", "phases", "round", "rounds",
    "question", "questions", "example", "examples", "option", "options", "form", "forms",
    "version", "ver.", "no.", "nos.", "#", "asc", "asu", "sfas", "fas", "ias", "ifrs", "topic",
)  # fmt: skip
_MONTH_WORDS = (
    "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
    "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
    "november", "dec", "december",
)  # fmt: skip
_MONTH_ENDS = _MONTH_WORDS + tuple(w + "." for w in _MONTH_WORDS)
_FISCAL_ENDS = ("fy", "cy", "fiscal", "year", "'")
_TIMES_ENDS = ("x", "×", "*", "·", "\\times", "\\cdot", "times", "by")
_DIVIDE_ENDS = ("/", "÷", "\\div", "by", "(")


def _ends(text: str, pos: int, words: tuple[str, ...], width: int = 24) -> bool:
    """Does the text before ``pos``, lower-cased and right-stripped, end with one of ``words``?"""
    tail = text[max(0, pos - width) : pos].rstrip().lower()
    return tail.endswith(words) or tail.replace(" .", ".").endswith(words)  # "no . 133"


def _maybe_prefix(text: str, s0: int) -> bool:
    """Could a sign, currency or "(" sit just before ``s0``? (Skips _PREFIX_RE when not.)"""
    i = s0 - 1
    while i >= 0 and s0 - i <= 4 and text[i] in " \t\u00a0":
        i -= 1
    if i < 0 or s0 - i > 4:
        return False
    ch = text[i]
    return ch in "(-−–+$€£¥₹." or ch.isupper()


_TOKEN_TAIL_RE = re.compile(r"(?:\w|[-./](?=\w))*")
_CLOSE_RE = re.compile(r"[ \t]?\)")
_RANGE_NEXT_RE = re.compile(r"(?:(?:US|HK|C|A|S)?\$|[€£¥₹])?[ \t]?(?=[0-9])")
_REF_TAIL_RE = re.compile(r"[A-Za-z]?(?:[-–][0-9]+[A-Za-z]?)?")


def _skip_token(text: str, pos: int) -> int:
    """End of the identifier that continues at ``pos`` ("B01003e1", "COVID-19")."""
    m = _TOKEN_TAIL_RE.match(text, pos)
    return m.end() if m else pos


def _maybe_word_after(text: str, pos: int) -> bool:
    """Could a currency word or sign follow at ``pos`` (after up to two spaces)?"""
    ch = text[pos : pos + 1]
    if ch in (" ", "\t"):
        ch = text[pos + 1 : pos + 2]
        if ch in (" ", "\t"):
            ch = text[pos + 2 : pos + 3]
    return ch.isalpha() or ch in ("€", "£")


_RANGE_STARTS = ("-", "–", "—", " to ", " and ", " through ", " – ", " — ", "\tto")


def _is_letter(ch: str) -> bool:
    return ch.isalpha() or ch == "_"


# --------------------------------------------------------------------------------------------
# The scanner
# --------------------------------------------------------------------------------------------


def _scan(text: str, cell: bool) -> list[Mention]:
    out: list[Mention] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _CORE_RE.search(text, pos)
        if m is None:
            break
        if m.group("words") is not None:
            nums, nxt = _read_words(text, m.start(), m.group("words"))
        else:
            nums, nxt = _read_number(text, m.start(), m.end(), cell, pos, allow_range=True)
        out.extend(num.mention(text) for num in nums)
        pos = max(nxt, m.end())
    return out


def _read_words(text: str, start: int, run: str) -> tuple[list[_Num], int]:
    nums: list[_Num] = []
    end = start + len(run)
    for s, e, value, precision in parse_words(run):
        place_exp = (precision * 2).adjusted()
        num = _Num(start + s, start + e, str(value), 0, place_exp=place_exp)
        um = _UNIT_RE.match(text, num.end)
        if um is not None and um.group("pct") is not None and "%" not in um.group("pct"):
            num.kind, num.end = "percent", um.end()
        elif (cm := _CURRENCY_AFTER_RE.match(text, num.end)) is not None and cm.group("word"):
            num.kind, num.end = "money", cm.end()
            num.currency = _WORD_CURRENCY[cm.group("word").lower().rstrip("s")]
        num.approximate = _is_approx(text, num.start)
        nums.append(num)
        end = max(end, num.end)
    return nums, end


def _pieces(text: str, s0: int, parts: list[_Digits]) -> list[_Num]:
    """Numbers run together with commas ("1,2,3"): each piece as a plain number."""
    out: list[_Num] = []
    pos = s0
    for part in parts:
        length = len(part.digits) + (0 if part.plain else 1)
        out.append(_Num(pos, pos + length, part.digits, part.exp, plain=part.plain))
        pos += length + 1
    return out


def _read_number(
    text: str, s0: int, e0: int, cell: bool, floor: int, allow_range: bool
) -> tuple[list[_Num], int]:
    """Read the number whose core is text[s0:e0]: ([numbers], where scanning resumes).

    ``floor`` is where the previous number ended: the prefix of this one never reaches before it.
    """
    if e0 - s0 > _MAX_CORE:
        return [], e0
    kind: Kind = "number"
    # Compounds continue the core with one of these (or a letter): skip the regex otherwise.
    follow = text[e0 : e0 + 1]
    compound = (
        _COMPOUND_RE.match(text, s0) if follow and (follow in "-/.:(" or follow.isalpha()) else None
    )
    if compound is not None:
        if compound.group("fyear") is not None:
            return _fiscal_pair(text, s0, compound)
        if compound.group("ratio") is None:
            return [], compound.end()
        kind, e0 = "ratio", s0 + len(compound.group("ratio"))
    read = _read_core(text[s0:e0])
    if read is None:
        return [], _skip_token(text, e0)
    if isinstance(read, list):
        return _pieces(text, s0, read), e0
    num = _Num(s0, e0, read.digits, read.exp, plain=read.plain, grouped=read.grouped, kind=kind)
    if compound is not None:  # "2.8:1"
        num.end = compound.end()
        num.approximate = _is_approx(text, s0)
        return [num], num.end

    # -- what is written before the core ------------------------------------------------------
    pre = text[max(floor, s0 - 24) : s0]
    base = s0 - len(pre)
    pm = _PREFIX_RE.search(pre) if _maybe_prefix(text, s0) else None
    paren = False
    sign = ""
    inner_start = s0  # where the mention starts when a "(" turns out not to be a negative
    if pm is not None and pm.end() > pm.start():
        start = base + pm.start()
        for group in ("sign_b", "sign_a"):
            g0 = pm.start(group)
            if g0 >= 0:
                before_sign = text[base + g0 - 1] if base + g0 > 0 else " "
                if before_sign.isalnum() or before_sign in ").%":
                    # "10-12", "COVID-19": a hyphen that joins, not a sign; drop it and all left
                    start = base + g0 + 1
                    break
        else:
            g0 = -1
        if pm.group("cur") is not None and base + pm.start("cur") >= start:
            num.currency = _currency_code(pm.group("cur"), pm.group("pfx"))
        for group in ("sign_a", "sign_b"):
            if pm.group(group) is not None and base + pm.start(group) >= start:
                sign = sign or pm.group(group)
        for group in ("paren_a", "paren_b"):
            if pm.group(group) is not None and base + pm.start(group) >= start:
                paren = True
        inner = [base + pm.start(g) for g in ("sign_a", "cur", "sign_b") if pm.group(g)]
        inner_start = min([i for i in inner if i >= start], default=s0)
        num.start = start
        num.negative = sign in ("-", "−", "–")

    bare = num.currency is None and not sign and not paren
    if bare and s0 > 0:
        c1 = text[s0 - 1]
        if _is_letter(c1) or c1 == "'":
            fy = _FY_GLUED_RE.search(_before(text, s0, 4))
            if fy is None or not read.plain or len(read.digits) not in (2, 4):
                return [], _skip_token(text, e0)
            num.start = s0 - len(fy.group())
            num.fy = True
        elif c1 in "-/." and s0 >= 2 and _is_letter(text[s0 - 2]):
            return [], _skip_token(text, e0)  # COVID-19, v.2
        elif c1 in "#^@":
            return [], _skip_token(text, e0)  # #123, x^2, @3
        elif c1 == "[":
            cite = _CITE_RE.match(text, s0 - 1)
            if cite is not None:
                return [], cite.end()
    if bare and _ends(text, s0, _REF_ENDS) and _REF_RE.search(_before(text, s0, 24)):
        tail = _REF_TAIL_RE.match(text, e0)
        return [], tail.end() if tail else e0

    # -- what is written after it -------------------------------------------------------------
    pos = e0
    closed = False
    if paren:
        close = _CLOSE_RE.match(text, pos)
        if close is not None:
            closed, pos = True, close.end()
    unit = _UNIT_RE.match(text, pos)
    unit_kind = ""
    if unit is not None:
        unit_kind = unit.lastgroup or ""
        if unit_kind in ("pp", "bps"):
            num.kind = unit_kind  # type: ignore[assignment]
        elif unit_kind == "pct":
            num.kind = "percent"
        elif unit_kind in ("times", "times_w", "to_one"):
            if unit_kind == "times" and _OPERAND_RE.match(text, unit.end()):
                unit_kind = ""
            else:
                num.kind = "ratio"
        else:
            word = unit.group(unit_kind)
            key = word.lower().rstrip("s") if len(word) > 3 else word.lower()
            needs_currency = unit_kind == "short" or (unit_kind == "att" and word == "T")
            if needs_currency and num.currency is None:
                unit_kind = ""
            else:
                num.scale_exp, num.scale_word = _SCALE_EXP[key], word
        if unit_kind:
            pos = unit.end()
    if num.currency is None and num.kind == "number":
        after = _CURRENCY_AFTER_RE.match(text, pos) if _maybe_word_after(text, pos) else None
        if after is not None:
            if after.group("sym"):
                num.currency = after.group("sym")
            elif after.group("iso"):
                num.currency = after.group("iso")
            else:
                num.currency = _WORD_CURRENCY[after.group("word").lower().rstrip("s")]
            pos = after.end()
    if paren and not closed and cell:
        close = _CLOSE_RE.match(text, pos)
        if close is not None:
            closed, pos = True, close.end()
    if pos < len(text) and (_is_letter(text[pos]) or text[pos].isdigit()) and not unit_kind:
        return [], _skip_token(text, pos)  # 5G, 1990s, 24h
    if num.currency == "$" and text.startswith("$", pos):
        num.currency = None  # LaTeX math "$3.2$", not dollars
        num.start = max(num.start, s0 - (1 if sign else 0))
    num.end = pos

    # -- accounting parentheses ----------------------------------------------------------------
    year_like = (
        read.plain and len(read.digits) == 4 and 1900 <= int(read.digits) <= 2100
        and num.currency is None and not num.has_unit and not sign
    )  # fmt: skip
    if paren and closed:
        strong = num.currency is not None or read.grouped or not read.plain
        strong = strong or len(read.digits) >= 4 or unit_kind != ""
        if cell or (strong and not year_like):
            num.negative = True
        elif year_like:
            num.start, num.end = s0, e0
        else:
            return [], pos  # "(3)" in prose: an enumeration or a footnote
    elif paren:
        num.start = inner_start  # "($1.2 million)": a parenthetical, not a negative

    if num.currency is not None and num.kind == "number":
        num.kind = "money"
    if num.kind == "number":
        if num.fy or (
            bare
            and read.plain
            and len(read.digits) in (2, 4)
            and _ends(text, s0, _FISCAL_ENDS)
            and _FISCAL_RE.search(_before(text, s0, 24)) is not None
        ):
            if len(read.digits) == 2:
                num.digits = str(2000 + int(read.digits))
            num.kind = "year"
        elif year_like and not num.negative:
            num.kind = "year"

    skip = _context_skip(text, num, read, s0, e0, bare, cell)
    if skip:
        return [], e0

    num.approximate = _is_approx(text, num.start)
    if text.startswith("+", num.end) and not text[num.end + 1 : num.end + 2].isdigit():
        num.approximate = True  # "5,000+"
    _mark_constants(text, num, read)

    if allow_range:
        return _try_range(text, num, cell)
    return [num], num.end


def _fiscal_pair(text: str, s0: int, m: re.Match[str]) -> tuple[list[_Num], int]:
    """ "2019/20" or "2019-20": a fiscal year spanning two calendar years; anything else such as
    "2019-06" is a year-month and skipped."""
    first = int(m.group("fyear"))
    second = int(m.group("fyear2"))
    if second != (first + 1) % 100:
        return [], m.end()
    num = _Num(s0, m.end(), str(first), 0, kind="year")
    num.high, num.high_precision = Decimal(first + 1), Decimal("0.5")
    return [num], m.end()


def _is_approx(text: str, start: int) -> bool:
    if not _ends(text, start, _APPROX_ENDS, 40):
        return False
    return _APPROX_RE.search(_before(text, start)) is not None


def _context_skip(
    text: str, num: _Num, read: _Digits, s0: int, e0: int, bare: bool, cell: bool
) -> bool:
    """True for a day of a written date or a list marker at line start."""
    if cell or not bare or not read.plain or num.has_unit or len(read.digits) > 3:
        return False
    if len(read.digits) <= 2 and 1 <= int(read.digits) <= 31:
        before = (
            _MONTH_BEFORE_RE.search(_before(text, s0, 16))
            if _ends(text, s0, _MONTH_ENDS, 16)
            else None
        )
        if before is not None:
            if before.group("m") != "may" or _YEAR_AFTER_DAY_RE.match(text, e0):
                return True
        after = _MONTH_AFTER_RE.match(text, e0)
        if after is not None:
            month = after.group("m")
            if month not in ("may", "mar") or _YEAR_AFTER_DAY_RE.match(text, after.end()):
                return True
    line_start = text.rfind("\n", max(0, s0 - 12), s0) + 1
    if (line_start > 0 or s0 <= 12) and _LIST_HEAD_RE.fullmatch(text, line_start, s0):
        if _LIST_TAIL_RE.match(text, e0) is not None:
            return True
    return False


def _mark_constants(text: str, num: _Num, read: _Digits) -> None:
    """claim=False for the 100 of "x 100" and a small divisor such as the 3 of "/ 3"."""
    if num.currency is not None or num.scale_exp or not read.plain or read.exp != 0:
        return
    if num.kind not in ("number", "percent"):
        return
    value = int(read.digits)
    if value != 100 and not 2 <= value <= 12:
        return
    before = _before(text, num.start)
    times = _ends(text, num.start, _TIMES_ENDS) and _TIMES_BEFORE_RE.search(before)
    divide = _ends(text, num.start, _DIVIDE_ENDS) and _DIVIDE_BEFORE_RE.search(before)
    if value == 100 and (
        times or divide or (num.kind == "number" and _TIMES_AFTER_RE.match(text, num.end))
    ):
        num.claim = False
    elif num.kind == "number" and 2 <= value <= 12 and divide:
        num.claim = False


def _try_range(text: str, low: _Num, cell: bool) -> tuple[list[_Num], int]:
    """Join "10-12%", "40 to 50 million", "between 9 and 10" into one number with ``high``."""
    if not text.startswith(_RANGE_STARTS, low.end):
        return [low], low.end
    conn = _RANGE_CONN_RE.match(text, low.end)
    if conn is None:
        return [low], low.end
    how = conn.lastgroup
    before = _before(text, low.start)
    if how == "and" and _BETWEEN_RE.search(before) is None:
        return [low], low.end  # "5 and 6": two numbers
    if how == "to" and low.has_unit and _FROM_RE.search(before) is not None:
        return [low], low.end  # "from $5m to $6m": two numbers, nothing to share
    nxt = _RANGE_NEXT_RE.match(text, conn.end())
    core = _CORE_RE.match(text, nxt.end()) if nxt is not None else None
    if core is None or core.group("num") is None:
        return [low], low.end
    highs, _ = _read_number(text, core.start(), core.end(), cell, low.end, allow_range=False)
    if len(highs) != 1:
        return [low], low.end
    high = highs[0]
    if how == "dash" and (
        _OP_BEFORE_RE.search(before) or _OP_AFTER_RE.match(text, high.end) or high.negative
    ):
        return [low], low.end  # (6383-7167)/6383: a subtraction
    if how == "to" and _FROM_RE.search(before) is not None:
        # "from 40 to 50 million": two numbers; the first borrows the unit of the second.
        if not low.has_unit and high.has_unit and high.kind != "year":
            _inherit(low, high)
        return [low], low.end
    joined = replace(low)  # a copy: a rejected range leaves the low end as it was written
    if not _join_units(joined, high) or joined.value() > high.value():
        return [low], low.end
    joined.high, joined.high_precision, joined.end = high.value(), high.precision(), high.end
    return [joined], joined.end


def _join_units(low: _Num, high: _Num) -> bool:
    """Give both ends of a range one unit ("$1.2-1.5 billion"); False when they disagree."""
    if low.kind == "year" or high.kind == "year":
        return low.kind == high.kind
    if low.currency and high.currency and low.currency != high.currency:
        return False
    if low.scale_exp and low.scale_exp != high.scale_exp:
        return False  # "5 million to 6" or "5 million to 6 billion"
    low_kind = None if low.kind in ("number", "money") else low.kind
    high_kind = None if high.kind in ("number", "money") else high.kind
    if low_kind is not None and low_kind != high_kind:
        return False  # "5% to 6" is not a range of percents
    currency = low.currency or high.currency
    kind: Kind = high_kind or ("money" if currency else "number")
    for end in (low, high):
        end.kind, end.currency = kind, currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word
    return True


def _inherit(low: _Num, high: _Num) -> None:
    low.kind, low.currency = high.kind, low.currency or high.currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------


def extract(text: str) -> list[Mention]:
    """Every number in ``text``, in order of appearance.

    >>> [(m.text, str(m.value), m.kind) for m in extract("Revenue rose 12% to $3.2bn in 2024.")]
    [('12%', '12', 'percent'), ('$3.2bn', '3200000000', 'money'), ('2024', '2024', 'year')]
    >>> m = extract("a loss of ($1,234)")[0]
    >>> (str(m.value), m.negative, str(m.precision))
    ('-1234', True, '0.5')
    >>> [m.text for m in extract("See Note 4 and the 10-K filed December 31, 2019.")]
    ['2019']
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects a str, got {type(text).__name__}")
    return _scan(text, cell=False)


def parse_number_string(s: str) -> Mention | None:
    """Read one cell or field as a single number; None when it is not exactly one number.

    >>> m = parse_number_string("(1,234)")
    >>> (str(m.value), m.negative)
    ('-1234', True)
    >>> str(parse_number_string("€ 12.5 million").value)
    '12500000'
    >>> parse_number_string("N/A") is None, parse_number_string("2019-06-30") is None
    (True, True)
    """
    if not isinstance(s, str):
        raise TypeError(f"parse_number_string() expects a str, got {type(s).__name__}")
    stripped = s.strip()
    if not stripped:
        return None
    lead = len(s) - len(s.lstrip())
    found = _scan(stripped, cell=True)
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(stripped):
        return None
    return replace(found[0], start=found[0].start + lead, end=found[0].end + lead)
