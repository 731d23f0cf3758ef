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
  non-zero digit ("about 1,200" -> 50), a quarter unit of it when that is its only one ("about
  70" -> 2.5, "about 2,000" -> 250: the nearest five of the place).
- "from 40 to 50 million" is two numbers (the scale is shared backwards); "40 to 50 million",
  "10-12%" and "between 9 and 10 million" are one range. A spaced hyphen ("776 - 773") is a
  subtraction, never a range.
- Number words: every value except a lone "one" ("one of them"); "one million" counts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from itertools import accumulate

from crossfoot.model.locale import Convention, resolve_locale
from crossfoot.model.types import Mention
from crossfoot.numbers.around import Env
from crossfoot.numbers.article_fractions import article_fractions, maybe_article_fraction
from crossfoot.numbers.fast import DAY, REF, plain_between
from crossfoot.numbers.forms import (
    VULGAR,
    convention_note,
    fraction_digits,
    fraction_word,
    minus_before,
    pound_is_weight,
)
from crossfoot.numbers.locale import reading_view
from crossfoot.numbers.num import Num, stated_precision
from crossfoot.numbers.operand_years import operand_years
from crossfoot.numbers.patterns import (
    CURRENCY_AFTER_RE,
    DIGITS_RE,
    REF_TAIL_RE,
    UNIT_RE,
    WORD_CURRENCY,
    next_core,
    word_starts,
)
from crossfoot.numbers.reading import Read, is_approx, read_number
from crossfoot.numbers.words import parse_words

__all__ = ["convention_note_of", "extract", "parse_number_string", "stated_precision"]


# --------------------------------------------------------------------------------------------
# The scanner
# --------------------------------------------------------------------------------------------


def _scan(
    original: str, cell: bool, convention: Convention | None = None, limit: int | None = None
) -> list[Mention]:
    # Every number is read from the reading view (digits of every script as ASCII, same
    # offsets); a mention's text is cut from the original. With ``limit``, the scan stops once
    # it holds more than ``limit`` mentions (the public extract's bound, issue 17).
    text = reading_view(original, convention)
    env = Env(convention, cell, text)
    out: list[Mention] = []
    pos = 0
    n = len(text)
    # Short texts (cells) are cheaper to scan in full than to ask word_starts() about.
    starts = None if n < 48 else word_starts(text)
    digits: list[tuple[int, re.Match[str] | None]] = []  # next_core's memo of its digit search
    search = DIGITS_RE.search if starts is not None and not starts else None
    fast = FAST_PATH[0] and convention is None and not cell
    while pos < n:
        if search is not None:  # no number word in the text (most): next_core's digit search
            m = search(text, pos)
            if m is None:
                break
            (start, end), is_words = m.span(), False
        else:
            core = next_core(text, pos, starts, digits)
            if core is None:
                break
            start, end, is_words = core
        if is_words:
            nums, nxt = _read_words(text, start, text[start:end])
        elif fast and (plain := plain_between(original, text, start, end, env, pos)) is not None:
            # A number between two plain words: its digits alone (numbers.fast); or the day of
            # a written date: no number.
            pos = end
            if plain is DAY:
                continue
            if plain is REF:  # "Note 4", "item 2": no number, as the reader resumes
                tail = REF_TAIL_RE.match(text, end)
                pos = tail.end() if tail is not None and tail.end() > end else end
                continue
            out.append(plain)
            env.prev = None
            if limit is not None and len(out) > limit:
                return out
            continue
        else:
            nums, nxt = read_number(text, start, end, env, pos, True)
        for num in nums:
            out.append(num.mention(original))
        pos = nxt if nxt > end else end
        if limit is not None and len(out) > limit:
            return out  # over the bound: the caller refuses the text, so no fraction pass
    if not original.isascii() and _VULGAR_RE.search(text) is not None:
        out = _vulgar_fractions(original, text, out)
    if _HYPHEN_FRACTION_GATE.search(text) is not None:
        out = _hyphen_fractions(original, text, out)
    if not cell and maybe_article_fraction(text):  # "a third of", "about half of"
        out = article_fractions(original, text, out, _coverage(out), is_approx)
    return operand_years(original, out)  # "2786 + 1903 + 1899": 1903 is an amount


# After a lone "one": "of the" and a count of the whole, in words or digits ("one of the four").
_ONE_OF_COUNT = re.compile(
    r" of (?:the|its|their|our|those|these) (?:two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|[2-9]|1[0-9])\b"
)

#: Whether the scanner takes the fast path of numbers.fast (tests turn it off to compare).
FAST_PATH = [True]


def _read_words(text: str, start: int, run: str) -> Read:
    nums: list[Num] = []
    end = start + len(run)
    found = parse_words(run)
    if run[-3:].lower() == "one" and (not found or found[-1][1] < len(run) - 3):
        # A lone "one" is no figure ("one of the", "the one that"), save before a unit of
        # points or percent: "by one percentage point" is 1 pp, as "two percentage points" is 2.
        um = UNIT_RE.match(text, end)
        pct = um.group("pct") if um is not None else None
        if um is not None and (um.lastgroup in ("pp", "bps") or (pct and "%" not in pct)):
            found.append((len(run) - 3, len(run), Decimal(1), Decimal("0.5")))
        elif len(run) == 3 and _ONE_OF_COUNT.match(text, end):
            # "one of the three segments": a count of a whole the sentence names, as "two of
            # the three" is (a count word: claimed only where a rule can count it)
            found.append((0, 3, Decimal(1), Decimal("0.5")))
    for s, e, value, precision in found:
        place_exp = (precision * 2).adjusted()
        num = Num(start + s, start + e, str(value), 0, place_exp=place_exp)
        frac = fraction_word(text, num.end, int(value)) if value < 10 else None
        if frac is not None:  # "three quarters of", "two-thirds of"
            num.digits, num.exp = fraction_digits(int(value), frac[0])
            num.place_exp, num.end = -2, frac[1]
        um = UNIT_RE.match(text, num.end)
        if um is not None and um.group("pct") is not None and "%" not in um.group("pct"):
            num.kind, num.end = "percent", um.end()
        elif um is not None and um.lastgroup in ("pp", "bps"):  # "two percentage points"
            num.kind, num.end = um.lastgroup, um.end()  # type: ignore[assignment]
        elif (cm := CURRENCY_AFTER_RE.match(text, num.end)) is not None and cm.group("word"):
            word = cm.group("word")
            if word.lower().startswith("pound") and pound_is_weight(text, cm.end(), word):
                num.unit, num.end = "lb", cm.end()  # "a ten pound bag"
            else:
                num.kind, num.end = "money", cm.end()
                num.currency = WORD_CURRENCY[word.lower().rstrip("s")]
        minus = minus_before(text, num.start)
        if minus is not None:  # "minus ten"
            num.start, num.negative = minus, True
        num.approximate = is_approx(text, num.start)
        nums.append(num)
        end = max(end, num.end)
    return nums, end


_VULGAR_RE = re.compile("[" + "".join(VULGAR) + "]")
# Case spelt out, not re.I: a pattern starting with a literal lets the engine skip in C.
_HYPHEN_FRACTION_GATE = re.compile(
    "-(?:[Hh](?:alf|ALF|alves)|[Tt](?:hird|HIRD|enth)|[Qq](?:uarter|UARTER)|[Ff](?:ourth|ifth)"
    "|[Ss]ixth|[Ee]ighth)"
)
_HYPHEN_FRACTION_RE = re.compile(
    r"(?<![\w-])(?P<n>one|two|three|four|five|six|seven|nine)(?=-)", re.I
)
_SMALL_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "nine": 9,
}


def _coverage(found: list[Mention]) -> Callable[[int], bool]:
    """Whether an offset lies inside one of ``found`` (sorted by start), in O(log n): a text of
    thousands of fractions asked each mention before."""
    starts = [m.start for m in found]
    reach = list(accumulate((m.end for m in found), max))  # furthest end so far

    def inside(i: int) -> bool:
        j = bisect_right(starts, i) - 1
        return j >= 0 and i < reach[j]

    return inside


def _hyphen_fractions(original: str, text: str, found: list[Mention]) -> list[Mention]:
    """Add "two-thirds of", "one-half of": number words stop at a hyphen ("two-year")."""
    extra: list[Mention] = []
    inside = _coverage(found)
    for m in _HYPHEN_FRACTION_RE.finditer(text):
        n = _SMALL_WORDS[m.group("n").lower()]
        frac = fraction_word(text, m.end(), n)
        if frac is None or inside(m.start()):
            continue
        digits, exp = fraction_digits(n, frac[0])
        num = Num(m.start(), frac[1], digits, exp, plain=False, place_exp=-2)
        num.approximate = is_approx(text, num.start)
        extra.append(num.mention(original))
    return sorted([*found, *extra], key=lambda m: m.start) if extra else found


def _vulgar_fractions(original: str, text: str, found: list[Mention]) -> list[Mention]:
    """Add a "½" standing alone as a number (one glued to digits was read with them: "2½")."""
    inside = _coverage(found)
    extra: list[Mention] = []
    for hit in _VULGAR_RE.finditer(text):
        i, ch = hit.start(), hit.group()
        if inside(i) or (i > 0 and text[i - 1].isalnum()):
            continue
        digits, exp = fraction_digits(*VULGAR[ch])
        num = Num(i, i + 1, digits, exp, plain=False, place_exp=-2)
        num.approximate = is_approx(text, i)
        extra.append(num.mention(original))
    return sorted([*found, *extra], key=lambda m: m.start) if extra else found


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------


def extract(text: str, *, locale: str | None = None, limit: int | None = None) -> list[Mention]:
    """Every number in ``text``, in order of appearance.

    With ``limit``, reading stops once more than ``limit`` numbers are found (the list then
    holds more than ``limit`` and not every number): :func:`crossfoot.extract` refuses such a
    text in time bounded by ``limit``, not by the text.

    ``locale`` ("de_DE", "fr", "pt_BR", "en_IN"...) settles what a text cannot: in ``de`` "1.234"
    is a thousand and "1,234" a decimal; an ambiguous currency symbol names the locale's own ("$"
    is AUD in ``en_AU``); the locale's scale words are read ("1,5 Mio.", "elfu 12"). Without it a
    "1.234" is a decimal unless the text writes "1.234,56" elsewhere.

    >>> [(m.text, str(m.value), m.kind) for m in extract("Revenue rose 12% to $3.2bn in 2024.")]
    [('12%', '12', 'percent'), ('$3.2bn', '3200000000', 'money'), ('2024', '2024', 'year')]
    >>> m = extract("a loss of ($1,234)")[0]
    >>> (str(m.value), m.negative, str(m.precision))
    ('-1234', True, '0.5')
    >>> [m.text for m in extract("See Note 4 and the 10-K filed December 31, 2019.")]
    ['2019']
    >>> [(str(m.value), m.currency) for m in extract("1.234,5 € und 1.234 kr.", locale="da_DK")]
    [('1234.5', '€'), ('1234', 'DKK')]
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects a str, got {type(text).__name__}")
    return _scan(text, cell=False, convention=resolve_locale(locale), limit=limit)


def convention_note_of(text: str, locale: str | None = None) -> str | None:
    """A note when ``text`` writes numbers in two conventions ("1,234.5" and "1.234,5") and no
    locale settles which one an ambiguous "1.234" follows; None otherwise.

    >>> convention_note_of("Sales were 1,234.5 here and 1.234,5 there.") is not None
    True
    """
    if locale is not None or "," not in text or "." not in text:
        return None
    return convention_note(reading_view(text))


def parse_number_string(s: str, *, locale: str | None = None) -> Mention | None:
    """Read one cell or field as a single number; None when it is not exactly one number.

    >>> m = parse_number_string("(1,234)")
    >>> (str(m.value), m.negative)
    ('-1234', True)
    >>> str(parse_number_string("€ 12.5 million").value)
    '12500000'
    >>> parse_number_string("N/A") is None, parse_number_string("2019-06-30") is None
    (True, True)
    >>> str(parse_number_string("1.234,5", locale="de").value)
    '1234.5'
    """
    if not isinstance(s, str):
        raise TypeError(f"parse_number_string() expects a str, got {type(s).__name__}")
    stripped = s.strip()
    if not stripped:
        return None
    lead = len(s) - len(s.lstrip())
    found = _scan(stripped, cell=True, convention=resolve_locale(locale))
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(stripped):
        return None
    return replace(found[0], start=found[0].start + lead, end=found[0].end + lead)
