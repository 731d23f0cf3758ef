"""Patterns and small readers behind :mod:`crossfoot.numbers.extract`.

Every context check is a compiled regex applied to a short slice next to a number (never to the
whole text), guarded by a cheap string test so most numbers skip most regexes. Each verbose regex
has a comment per line saying what it is for.

Finding and reading the number cores lives in :mod:`crossfoot.numbers.cores`; its names are
re-exported here, so :mod:`crossfoot.numbers.extract` imports every pattern from one place.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from crossfoot.numbers.cores import (
    CORE_RE,
    DIGITS_RE,
    MAX_DIGITS,
    SCAN_RE,
    Digits,
    _compile,
    exact_decimal,
    half_unit,
    next_core,
    read_core,
    word_starts,
)
from crossfoot.numbers.scales import SCALE_EXP as _SCALE_TABLE

__all__ = [
    "APPROX_ENDS",
    "APPROX_RE",
    "BETWEEN_BACK_RE",
    "BETWEEN_RE",
    "CITE_RE",
    "CLOSE_RE",
    "COMPOUND_RE",
    "CORE_RE",
    "CURRENCY_AFTER_RE",
    "DIGITS_RE",
    "DIVIDE_BEFORE_RE",
    "DIVIDE_ENDS",
    "FISCAL_ENDS",
    "FISCAL_RE",
    "FROM_BACK_RE",
    "FROM_RE",
    "FY_GLUED_RE",
    "ISO_ALT",
    "LABEL_HEAD_RE",
    "LABEL_TAIL_RE",
    "LIST_HEAD_RE",
    "LIST_TAIL_RE",
    "MAX_DIGITS",
    "MONTH_AFTER_RE",
    "MONTH_BEFORE_RE",
    "MONTH_ENDS",
    "OPERAND_RE",
    "OP_AFTER_RE",
    "OP_BEFORE_BACK_RE",
    "OP_BEFORE_RE",
    "PREFIX_ENDS",
    "PREFIX_MAX",
    "PREFIX_RE",
    "RANGE_CONN_RE",
    "RANGE_NEXT_RE",
    "RANGE_STARTS",
    "REF_ENDS",
    "REF_RE",
    "REF_TAIL_RE",
    "SCALES",
    "SCALE_EXP",
    "SCAN_RE",
    "TIMES_AFTER_RE",
    "TIMES_BEFORE_RE",
    "TIMES_ENDS",
    "UNIT_FIRST",
    "UNIT_RE",
    "WORD_CURRENCY",
    "YEAR_AFTER_DAY_RE",
    "Digits",
    "Ends",
    "approx_before",
    "currency_code",
    "ends_with",
    "exact_decimal",
    "fiscal_before",
    "half_unit",
    "is_letter",
    "maybe_prefix",
    "maybe_unit",
    "maybe_word_after",
    "next_core",
    "prefix_match",
    "prefix_tail",
    "read_core",
    "ref_before",
    "skip_token",
    "text_before",
    "word_starts",
]


#: Things that start with digits but are not numbers; anchored at the start of a core.
COMPOUND_RE = _compile(
    r"""
    (?P<ratio>[0-9]+(?:\.[0-9]+)?):1(?:\.0+)?(?![0-9]|[.,:][0-9])       # 2.8:1 is a ratio
  | [0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}(?![0-9])              # 2019-06-30
  | (?P<fyear>(?:19|20)[0-9]{2})[-/–](?P<fyear2>[0-9]{2})(?![0-9]|[./:-][0-9])  # 2019/20
  | [0-9]{1,2}(?P<dsep>[-/.])[0-9]{1,2}(?P=dsep)[0-9]{2,4}(?![0-9])  # 11/30/04, 30.06.2019
  | (?:0?[1-9]|1[0-2])/(?:19|20)[0-9]{2}(?![0-9])                # 06/2019
  | (?P<frac>[1-9])/(?P<den>[2348])(?![0-9/.,])                    # 1/2, 3/4 (or 5/4: skipped)
  | (?:0?[1-9]|[12][0-9]|3[01])/(?:0?[1-9]|[12][0-9]|3[01])(?![0-9/.,])  # 12/31, 6/12
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
ISO_ALT = "USD|EUR|GBP|JPY|INR|CNY|RMB|HKD|CAD|AUD|SGD|CHF|NZD|SEK|NOK|DKK|KRW|BRL|MXN|ZAR|RUB|TWD"

#: Sign, currency and "(" before a core; searched on a short slice ending at the core.
PREFIX_RE = _compile(
    rf"""
    (?P<paren_a>\([ \t]?)?                         # "(" outside the currency: ($1,234)
    (?P<sign_a>[-−–+])?                            # sign before the currency: -$5
    (?:
      (?P<cur>
          (?<![A-Za-z$])(?P<pfx>US|HK|NZ|C|A|S|R)?\\?(?<!\$)\$   # $, US$, HK$, \$ (markdown)
        | [€£¥₹]
        | (?<![A-Za-z])(?:Rs\.?|{ISO_ALT})(?![a-z])   # Rs. 500, USD 5 million
      )
      [ \t\u00a0\u202f\u2009]{{0,3}}               # "$ 100", "$  1,452.4", "€\u202f5"
    )?
    (?P<paren_b>\([ \t]?)?                         # "(" inside the currency: $(1,234)
    (?P<sign_b>[-−–+])?                            # sign after the currency: $-5
    \Z
    """,
    re.X,
)

#: The longest text PREFIX_RE can match: "(" and a space, a sign, "US\\$", three spaces, "(" and a
#: space, a sign. Its matches end at the core, so a search need not start further back.
PREFIX_MAX = 13
# Every character a PREFIX_RE match can hold (and more: all capitals). Read backwards from the
# core, the run of these bounds where a match can start: "and $" leaves two starts to try.
_PREFIX_CHARS_RE = re.compile("[( \t\u00a0\u202f\u2009\\-−–+$\\\\€£¥₹.sA-Z]*")


def prefix_match(pre: str) -> re.Match[str] | None:
    """``PREFIX_RE.search(pre)``, trying only the starts a match can have."""
    run = _PREFIX_CHARS_RE.match(pre[::-1])
    assert run is not None  # the pattern matches the empty string
    return PREFIX_RE.search(pre, len(pre) - min(run.end(), PREFIX_MAX))


# The scale words and their powers of ten: one table for every reader (numbers.scales).
SCALE_EXP = _SCALE_TABLE

#: Unit after the core (after any ")" of an accounting negative).
UNIT_RE = _compile(
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
      | (?P<cents>[ \t]?(?:cents?(?![\w])|¢))        # 24 cents, 24¢ (a hundredth of money)
    )
    """,
    re.X,
)

#: Every character UNIT_RE can start with (checked by tests): a set lookup beats the match.
UNIT_FIRST = frozenset(" \t\u00a0\u202f\u2009*_%\\kKmMbBtTlLcCpxX×-¢")
_UNIT_SPACES = frozenset(" \t\u00a0\u202f\u2009")


def maybe_unit(text: str, pos: int) -> bool:
    """Could UNIT_RE match at ``pos``? After a space the next character must start a unit too
    ("5 million", "5 %"), which rules out "5 in", "5 had" (checked by tests)."""
    ch = text[pos : pos + 1]
    if ch not in UNIT_FIRST:
        return False
    return ch not in _UNIT_SPACES or text[pos + 1 : pos + 2] in UNIT_FIRST


#: A currency named after the amount: "5 million dollars", "12.5 EUR", "1.234,56 €".
CURRENCY_AFTER_RE = _compile(
    rf"""
    [ \t]{{0,2}}
    (?:
        (?P<sym>[€£])
      | (?P<word>(?i:dollars?|euros?|pounds?|rupees?|yen))(?![\w])
      | (?P<iso>{ISO_ALT})(?![\w])
    )
    """,
    re.X,
)

_APPROX_WORDS = r"""
    about|approximately|approx\.?|roughly|around|nearly|almost|some|circa|c\.|ca\.
    |over|more[ \t]+than|less[ \t]+than|fewer[ \t]+than|under|above|below
    |at[ \t]+least|at[ \t]+most|up[ \t]+to|close[ \t]+to|upwards[ \t]+of
    |in[ \t]+excess[ \t]+of|an?[ \t]+estimated|estimated|est\.
"""
APPROX_RE = _compile(
    rf"""
    (?:
      (?<![A-Za-z])
      (?:{_APPROX_WORDS})
      [ \t]+                                  # the word, then a space
    | [~≈∼][ \t]?                             # ~5%
    )
    (?:\*\*)?                                 # markdown bold
    \Z
    """,
    re.X | re.I,
)

_REF_WORDS = r"""
    notes?|sections?|§|items?|pages?|p\.|pp\.|figures?|fig\.|tables?|chapters?|ch\.|steps?
    |articles?|art\.|rules?|parts?|exhibits?|appendix|appendices|schedules?|paragraphs?
    |para\.|¶|clauses?|footnotes?|lines?|rows?|columns?|col\.|levels?|tiers?|phases?|weeks?|wk
    |rounds?|questions?|examples?|options?|forms?|version|ver\.|no[ \t]?\.|nos\.
    |asc|asu|sfas|fas|ias|ifrs|topic|sab|fin|eitf|apb   # accounting standards: ASC 606
    |s&p|russell|ftse|dax|nikkei|stoxx|fortune         # index names: S&P 500, Russell 2000
    |scenarios?|cases?
    |ending[ \t]+in|ends[ \t]+in                      # card ending in 7334
"""
#: References that are not claims: "Note 4", "Section 3.2", "page 12", "Step 1".
REF_RE = _compile(
    rf"""
    (?<![A-Za-z])
    (?:{_REF_WORDS})
    [ \t]*(?:no[ \t]?\.[ \t]*|\#[ \t]*)?      # "Note No. 4", "Item #7"
    \Z
    """,
    re.X | re.I,
)

# -- the same three questions, read backwards ----------------------------------------------------
# REF_RE, APPROX_RE and FISCAL_RE end in \Z, so re.search tries every start in the window and
# each try runs the whole alternation (~7 µs for "item 2"). Spelt backwards they are anchored at
# the start of the reversed window: one try. Only whether they match is used, and a regex without
# back-references matches a string exactly when its mirror image matches the mirrored string
# (tests compare the two forms).
_TOKEN_RE = re.compile(r"\[[^\]]*\][?+*]?|\\.\??|\||[^\s|]\??")


def _reversed_words(words: str) -> str:
    """The alternation ``words`` (verbose syntax, comments allowed) with each word backwards."""
    bare = " ".join(line.partition("#")[0] for line in words.splitlines())
    alternatives: list[list[str]] = [[]]
    for token in _TOKEN_RE.findall(bare):
        if token == "|":
            alternatives.append([])
        else:
            alternatives[-1].append(token)
    return "|".join("".join(reversed(tokens)) for tokens in alternatives)


_REF_BACKWARDS = _compile(
    rf"""
    (?:[ \t]*\.[ \t]?on|[ \t]*\#)?[ \t]*      # "Note No. 4", "Item #7"
    (?:{_reversed_words(_REF_WORDS)})
    (?![A-Za-z])
    """,
    re.X | re.I,
)
_APPROX_BACKWARDS = _compile(
    rf"""
    (?:\*\*)?
    (?:[ \t]+(?:{_reversed_words(_APPROX_WORDS)})(?![A-Za-z])
      | [ \t]?[~≈∼])
    """,
    re.X | re.I,
)
_FISCAL_BACKWARDS = _compile(
    r"'?[ \t]?(?:YF|YC|(?:raey[ \t]+)?lacsif|raey[ \t]+laicnanif)(?![A-Za-z])", re.I
)


def ref_before(text: str, pos: int) -> bool:
    """``REF_RE.search(text_before(text, pos, 24))``, as a bool."""
    return _REF_BACKWARDS.match(text[max(0, pos - 24) : pos][::-1]) is not None


def approx_before(text: str, pos: int) -> bool:
    """``APPROX_RE.search(text_before(text, pos))``, as a bool."""
    return _APPROX_BACKWARDS.match(text[max(0, pos - 40) : pos][::-1]) is not None


def fiscal_before(text: str, pos: int) -> bool:
    """``FISCAL_RE.search(text_before(text, pos, 24))``, as a bool."""
    return _FISCAL_BACKWARDS.match(text[max(0, pos - 24) : pos][::-1]) is not None


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
MONTH_BEFORE_RE = _compile(rf"(?<![A-Za-z])(?P<m>{_MONTH})\.?[ \t]+\Z", re.I)
MONTH_AFTER_RE = _compile(rf"[ \t]+(?:of[ \t]+)?(?P<m>{_MONTH})(?![a-z])\.?", re.I)
YEAR_AFTER_DAY_RE = _compile(r"[ \t]*,?[ \t]*[0-9]{4}(?![0-9])")

FISCAL_RE = _compile(
    r"(?<![A-Za-z])(?:FY|CY|fiscal(?:[ \t]+year)?|financial[ \t]+year)[ \t]?'?\Z",
    re.I,
)
FY_GLUED_RE = _compile(r"(?<![A-Za-z])(?:FY|CY)'?\Z", re.I)

TIMES_BEFORE_RE = _compile(  # (a bare "by" after a figure or "that": "0.25 by 100", not "rose by")
    r"""
    (?:(?<![A-Za-z*])[x×*·](?!\*)|\\times|\\cdot|(?<![A-Za-z])times
      |multipl\w*[ \t]+(?:\w+[ \t]+){0,2}by|(?:[0-9)\]]|\b(?:that|it|this|result))[ \t]*by)
    [ \t]*\Z
    """,
    re.X | re.I,
)
DIVIDE_BEFORE_RE = _compile(
    r"(?:/|÷|\\div|\}[ \t]*\{|divid\w*[ \t]+(?:\w+[ \t]+){0,2}by)[ \t]*\(?\Z",  # }{: \frac
    re.I,
)
TIMES_AFTER_RE = _compile(r"[ \t]*(?:[×*·]|\\times|\\cdot)")

LIST_HEAD_RE = _compile(r"[ \t>#*_-]*\(?")
#: "Flight 2:", "Reservation 1**:": a label, not a quantity (checked for small bare integers).
LABEL_TAIL_RE = _compile(r"(?:\*\*)?:(?![0-9])")
LABEL_HEAD_RE = _compile(r"(?<![\w])[A-Z][A-Za-z]+[ \t]\Z")
LIST_TAIL_RE = _compile(r"[.)](?:[ \t]+\S|\*\*)")
CITE_RE = _compile(r"\[\^?[0-9]{1,4}(?:[ \t]*[,;–-][ \t]*[0-9]{1,4})*\]")

RANGE_CONN_RE = _compile(
    r"""
    (?P<dash>[-–—])(?=[ \t]?(?:[$€£¥₹]|US\$)?[0-9])   # 10-12%, $9-$10
  | (?P<spaced>[ \t]+[–—][ \t]+)                      # 10 – 12 (an en dash reads as "to")
  | (?P<to>[ \t]+(?:to|through)[ \t]+)                # 40 to 50 million
  | (?P<and>[ \t]+and[ \t]+)                          # between 9 and 10
    """,
    re.X,
)
FROM_RE = _compile(r"(?<![A-Za-z])from[ \t]+(?:\w+[ \t]+)?\Z", re.I)
BETWEEN_RE = _compile(r"(?<![A-Za-z])between[ \t]+(?:\w+[ \t]+)?\Z", re.I)
OP_BEFORE_RE = _compile(r"[+*/×÷=][ \t]*\(?\Z")
# The three above read backwards, for the reversed 40 characters before a range's low end (one
# try each instead of one per start; see _REF_BACKWARDS). Only match/no match is used.
FROM_BACK_RE = _compile(r"(?:[ \t]+\w+)?[ \t]+morf(?![A-Za-z])", re.I)
BETWEEN_BACK_RE = _compile(r"(?:[ \t]+\w+)?[ \t]+neewteb(?![A-Za-z])", re.I)
OP_BEFORE_BACK_RE = _compile(r"\(?[ \t]*[+*/×÷=]")
OP_AFTER_RE = _compile(r"\)?[ \t]*[/*×÷=]")

OPERAND_RE = _compile(r"[ \t]*[0-9(]")


SCALES = {exp: Decimal(10**exp) for exp in set(SCALE_EXP.values()) | {0}}


def currency_code(cur: str, pfx: str | None) -> str:
    if pfx:
        return _CURRENCY_PREFIXED[pfx]
    cur = cur.lstrip("\\")
    if cur.startswith("Rs"):
        return "₹"
    return _CURRENCY_SYMBOL.get(cur, cur)


WORD_CURRENCY = {"dollar": "$", "euro": "€", "pound": "£", "rupee": "₹", "yen": "¥"}


def text_before(text: str, pos: int, width: int = 40) -> str:
    return text[max(0, pos - width) : pos]


class Ends(NamedTuple):
    """Words a context regex needs just before a number, with their last two and one characters."""

    words: tuple[str, ...]
    last2: frozenset[str]  # the last two characters of each word of two or more
    last1: frozenset[str]  # the one-character words


def _ends(words: tuple[str, ...]) -> Ends:
    return Ends(
        words,
        frozenset(w[-2:] for w in words if len(w) >= 2),
        frozenset(w for w in words if len(w) == 1),
    )


# Cheap gates: a context regex ending in ``\Z`` is only searched when the lower-cased text before
# the number ends with one of these, which keeps the scan near 10 µs per number.
APPROX_ENDS = _ends((
    "about", "approximately", "approx", "approx.", "roughly", "around", "nearly", "almost",
    "some", "circa", "c.", "ca.", "over", "than", "under", "above", "below", "least", "most",
    "up to", "close to", "upwards of", "excess of", "estimated", "est.", "~", "≈", "∼", "*",
))  # fmt: skip
REF_ENDS = _ends((
    "note", "notes", "section", "sections", "§", "item", "items", "page", "pages", "p.", "pp.",
    "figure", "figures", "fig.", "table", "tables", "chapter", "chapters", "ch.", "step", "steps",
    "article", "articles", "art.", "rule", "rules", "part", "parts", "exhibit", "exhibits",
    "appendix", "appendices", "schedule", "schedules", "paragraph", "paragraphs", "para.", "¶",
    "clause", "clauses", "footnote", "footnotes", "line", "lines", "row", "rows", "column",
    "columns", "col.", "level", "levels", "tier", "tiers", "phase", "phases", "round", "rounds",
    "question", "questions", "example", "examples", "option", "options", "form", "forms",
    "version", "ver.", "no.", "nos.", "#", "asc", "asu", "sfas", "fas", "ias", "ifrs", "topic",
    "sab", "fin", "eitf", "apb", "s&p", "russell", "ftse", "dax", "nikkei", "stoxx", "fortune",
    "scenario", "scenarios", "case", "cases", "ending in", "ends in", "week", "weeks", "wk",
))  # fmt: skip
_MONTH_WORDS = (
    "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
    "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
    "november", "dec", "december",
)  # fmt: skip
MONTH_ENDS = _ends(_MONTH_WORDS + tuple(w + "." for w in _MONTH_WORDS))
FISCAL_ENDS = _ends(("fy", "cy", "fiscal", "year", "'"))
TIMES_ENDS = _ends(("x", "×", "*", "·", "\\times", "\\cdot", "times", "by"))
DIVIDE_ENDS = _ends(("/", "÷", "\\div", "by", "(", "{"))


def ends_with(text: str, pos: int, ends: Ends, width: int = 24) -> bool:
    """Does the text before ``pos``, lower-cased and right-stripped, end with one of the words?"""
    tail = text[max(0, pos - width) : pos].rstrip()
    # Most numbers follow a word whose last two letters end no listed word: set lookups settle
    # them. Exact: lower-casing the last two characters gives the last two of the lower-cased
    # tail, and the " ." fold below leaves a tail ending in "." alone, so those go the long way.
    end = tail[-2:].lower()[-2:]
    if end not in ends.last2 and end[-1:] not in ends.last1 and not end.endswith("."):
        return False
    tail = tail.lower()
    return tail.endswith(ends.words) or tail.replace(" .", ".").endswith(ends.words)  # "no . 133"


def prefix_tail(text: str, s0: int) -> str:
    """The last two characters before ``s0`` past at most three spaces or tabs (no loop in
    Python): what decides which prefix readers can find anything."""
    return text[s0 - 4 if s0 > 4 else 0 : s0].rstrip(" \t\u00a0\u202f\u2009")[-2:]


# The characters a sign, currency or "(" before a number may end in (upper-case letters too:
# "USD", "EUR").
PREFIX_ENDS = "(-−–+$€£¥₹."


def maybe_prefix(text: str, s0: int) -> bool:
    """Could a sign, currency or "(" sit just before ``s0``? (Skips PREFIX_RE when not; the
    number reader writes this test out, on the :func:`prefix_tail` it reads anyway.)"""
    ch = prefix_tail(text, s0)[-1:]
    return bool(ch) and (ch in PREFIX_ENDS or ch.isupper())


_TOKEN_TAIL_RE = _compile(r"(?:\w|[-./](?=\w))*")
CLOSE_RE = _compile(r"[ \t]?\)")
RANGE_NEXT_RE = _compile(r"(?:(?:US|HK|C|A|S)?\$|[€£¥₹])?[ \t]?(?=[0-9])")
REF_TAIL_RE = _compile(r"[A-Za-z]?(?:[-–][0-9]+[A-Za-z]?)?")


def skip_token(text: str, pos: int) -> int:
    """End of the identifier that continues at ``pos`` ("B01003e1", "COVID-19")."""
    m = _TOKEN_TAIL_RE.match(text, pos)
    return m.end() if m else pos


#: The characters CURRENCY_AFTER_RE's sign, word or code can start with (checked by tests).
_CURRENCY_FIRST = frozenset("€£dDeEpPrRyY" + "".join(code[0] for code in ISO_ALT.split("|")))


def maybe_word_after(text: str, pos: int) -> bool:
    """Could a currency word or sign follow at ``pos`` (after up to two spaces)?"""
    ch = text[pos : pos + 1]
    if ch in (" ", "\t", "\u00a0", "\u202f", "\u2009"):
        ch = text[pos + 1 : pos + 2]
        if ch in (" ", "\t", "\u00a0", "\u202f", "\u2009"):
            ch = text[pos + 2 : pos + 3]
    # Any other letter cannot start a currency ("5 in", "5 had"): no regex needed.
    return ch in _CURRENCY_FIRST


RANGE_STARTS = ("-", "–", "—", " to ", " and ", " through ", " – ", " — ", "\tto")


def is_letter(ch: str) -> bool:
    return ch.isalpha() or ch == "_"
