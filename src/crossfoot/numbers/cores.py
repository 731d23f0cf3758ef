"""Finding and reading number cores: the digit runs and number words
:mod:`crossfoot.numbers.extract` starts from, before any context (sign, currency, unit) is read
around them.

:func:`next_core` finds the next core as ``CORE_RE.search`` would, faster: digits by one
character class, number words only where :func:`word_starts` says a run of them may start.
:func:`read_core` reads a core's digits, grouping and decimals; :func:`exact_decimal` and
:func:`half_unit` build the exact values and precisions. Also home of ``_compile``, which every
pattern of :mod:`crossfoot.numbers.patterns` is compiled with.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal
from typing import NamedTuple

from crossfoot.numbers.words import MULTIPLIERS, NUMBER_WORDS, WORDS_PATTERN

__all__ = [
    "CORE_RE",
    "DIGITS_RE",
    "MAX_DIGITS",
    "SCAN_RE",
    "Digits",
    "exact_decimal",
    "half_unit",
    "next_core",
    "read_core",
    "word_starts",
]


def _compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compile with ``[ \\t]`` widened to the no-break spaces that PDFs and HTML put between a
    number and its unit ("$119\\u00a0million"); the patterns stay readable."""
    return re.compile(pattern.replace("[ \\t]", "[ \\t\\u00a0\\u202f\\u2009]"), flags)


MAX_DIGITS = 64  # a number with more digits is reported as unreadable, never read or dropped

# --------------------------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------------------------

# Spaces that group digits: a space, a no-break space, a narrow no-break space, a thin space.
_SP = "[ \u00a0\u202f\u2009]"
# Groups of three after one to three digits, set apart by one of those spaces ("6 420",
# "1 234 567,89"); not when the run is one of several numbers in a row ("10 20 300 400"), nor
# glued to a word ("500 201d").
_SPACED = rf"""[0-9]{{1,3}}(?:{_SP}[0-9]{{3}})+(?![0-9])(?:[.,][0-9]+)?(?!{_SP}?[0-9]|[a-z_])"""

CORE_RE = _compile(
    rf"""
    (?P<num>
        (?<![0-9])(?<![0-9]{_SP})           # never start inside a digit run or a row of them
        {_SPACED}                           # space-grouped: 6 420, 1 234,50
      | (?<![0-9])                          # never start inside a digit run
        [0-9]+(?:[.,'’][0-9]+)*             # digits with "," "." "'" groups or decimals
        (?:[eE][+-]?[0-9]{{1,3}}(?![0-9]))?  # scientific exponent: 1.2e6
      | (?<![\w.])\.[0-9]+                  # a leading-dot decimal: .5
    )
  | (?P<words>{WORDS_PATTERN})              # number words: "two million"
    """,
    re.X | re.I,
)

# CORE_RE.search tries its lookbehinds at every character (~80 ns each). SCAN_RE finds the same
# starts faster: it opens with one character class, which lets the regex engine skip in C to the
# next candidate. A number word is found from the character before it (which must not be a word
# character or "-" anyway); :func:`next_core` then reads the run with CORE_RE itself, so the words
# matched are exactly CORE_RE's. Faster still, for all but short texts: DIGITS_RE (candidates:
# digits and ".") finds the numbers, and CORE_RE is tried only where :func:`word_starts` says a
# run of number words may start; most texts have no such place at all.


def _word_starts() -> str:
    """Alternatives "[tT](?i:wo|hree|...)", one per first letter of a number word or "a"/"an".

    Branches that open with a character class let the engine drop all but one of them with a
    single test. Under re.I "s" also matches "ſ" (U+017F); no other letter here has such a
    fold (tests check every code point).
    """
    rests: dict[str, set[str]] = {"a": {r"n?[ \t]"}}
    for word in NUMBER_WORDS:
        rests.setdefault(word[0], set()).add(re.escape(word[1:]))
    out = []
    for first, tails in sorted(rests.items()):
        chars = first + first.upper() + ("\\u017f" if first == "s" else "")
        out.append(f"[{chars}](?i:{'|'.join(sorted(tails, key=len, reverse=True))})")
    return "|".join(out)


_DIGIT_CORE = rf"""
        (?<=[0-9])(?<![0-9][0-9])                 # a digit that starts a digit run
        (?:(?<![0-9]{_SP}[0-9])                   # the rest of CORE_RE's num: space-grouped
           [0-9]{{0,2}}(?:{_SP}[0-9]{{3}})+(?![0-9])(?:[.,][0-9]+)?(?!{_SP}?[0-9]|[a-z_])
         | [0-9]*(?:[.,'’][0-9]+)*(?:[eE][+-]?[0-9]{{1,3}}(?![0-9]))?   # or the rest
        )
      | (?<=\.)(?<![\w.]\.)[0-9]+                 # a leading-dot decimal: .5
"""
SCAN_RE = _compile(
    rf"""
    [\W\d]                                        # one class: the engine skips letters in C
    (?:{_DIGIT_CORE}
      | (?<![\w-])                                # a non-word character, then what could start
        (?={_word_starts()})                      # a number word or "a"/"an" + multiplier
    )
    """,
    re.X,
)
DIGITS_RE = _compile(rf"[0-9.](?:{_DIGIT_CORE})", re.X)

# word_starts() reads the text as ASCII bytes with every byte but a letter turned into a space
# (A-Z lower-cased); a non-ASCII character becomes "?" and so a space too, which keeps offsets.
_LETTERS_ONLY = bytes(c if 97 <= c <= 122 else c + 32 if 65 <= c <= 90 else 32 for c in range(256))
_WORD_BYTES = frozenset(w.encode() for w in NUMBER_WORDS)
_MULT_BYTES = frozenset(w.encode() for w in MULTIPLIERS)
_ALL_BYTES = _WORD_BYTES | _MULT_BYTES
# Characters that re.I matches to an ASCII letter of a number word, though they are not ASCII
# ("ſix" is "six" to CORE_RE); a text with one takes the full scan (tests check every code point).
_FOLDS_RE = re.compile("[\u0130\u0131\u017f\u212a]")


def word_starts(text: str) -> list[int] | None:
    """Every place a run of number words may start in ``text``, in order (and maybe more);
    None when the text has a character that defeats the shortcut and all must be scanned.

    A run starts with a number word standing alone ("one", "Twenty-five") or with "a"/"an"
    before a multiplier ("a million"): both show up as tokens of the letters-only text.
    """
    if not text.isascii() and _FOLDS_RE.search(text) is not None:  # isascii() is O(1)
        return None
    letters = text.encode("ascii", "replace").translate(_LETTERS_ONLY)
    # Most texts hold none of the words: one pass over the tokens, no set of them built.
    found = _ALL_BYTES.intersection(letters.split())
    if not found:
        return []
    words = _WORD_BYTES.intersection(found)
    mults = _MULT_BYTES.intersection(found)  # "in millions" is common, "a million" rare
    padded = b" " + letters + b" "  # padded[i + 1] is text[i]; every token has a space each side
    starts: list[int] = []
    for word in words:
        needle = b" " + word + b" "
        i = padded.find(needle)
        while i >= 0:
            starts.append(i)  # the token starts at padded[i + 1], that is text[i]
            i = padded.find(needle, i + len(word) + 1)
    for mult in mults:
        needle = b" " + mult + b" "
        i = padded.find(needle)
        while i >= 0:
            k = i  # back over the spaces to the token before the multiplier
            while k > 0 and padded[k] == 32:
                k -= 1
            if padded[k - 1 : k + 1] == b" a":
                starts.append(k - 1)
            elif padded[k - 2 : k + 1] == b" an":
                starts.append(k - 2)
            i = padded.find(needle, i + len(mult) + 1)
    starts.sort()
    return starts


def next_core(
    text: str,
    pos: int,
    starts: list[int] | None = None,
    digits: list[tuple[int, re.Match[str] | None]] | None = None,
) -> tuple[int, int, bool] | None:
    """(start, end, is_words) of the first core at or after ``pos``; as ``CORE_RE.search``.

    ``starts`` is :func:`word_starts` of the text: then digits are found by DIGITS_RE and number
    words are only tried where a run may start. None scans every character with SCAN_RE.
    ``digits``, an empty list the caller keeps for one text and passes to every call, remembers
    the last digit search (issue 17: without it a text of number words and no digit after them
    was searched to its end again for every word, quadratic in its length).
    """
    if starts is not None:
        # Without a number word (most texts) every call searches afresh: the memo is for words.
        m = _next_digits(text, pos, digits) if starts else DIGITS_RE.search(text, pos)
        limit = len(text) if m is None else m.start()
        k = bisect_left(starts, pos)
        while k < len(starts) and starts[k] < limit:
            words = CORE_RE.match(text, starts[k])
            if words is not None:
                return starts[k], words.end(), True
            k += 1
        return None if m is None else (m.start(), m.end(), False)
    if pos == 0 and text[:1].isalpha():  # a number word opening the text has nothing before it
        m = CORE_RE.match(text, 0)
        if m is not None:
            return 0, m.end(), True
    i = pos - 1 if pos > 0 else 0  # a word starting at ``pos`` is found from the character before
    while True:
        m = SCAN_RE.search(text, i)
        if m is None:
            return None
        p = m.start()
        ch = text[p]
        if ch in _ASCII_DIGITS or (ch == "." and m.end() > p + 1):
            if p >= pos:
                return p, m.end(), False
            i = pos  # a number at pos - 1 started before ``pos``: not ours
            continue
        found = CORE_RE.match(text, p + 1)
        if found is not None:
            return p + 1, found.end(), True
        i = p + 1


_ASCII_DIGITS = frozenset("0123456789")


def _next_digits(
    text: str, pos: int, memo: list[tuple[int, re.Match[str] | None]] | None
) -> re.Match[str] | None:
    """``DIGITS_RE.search(text, pos)``, answered from ``memo`` when its last search started at or
    before ``pos`` and found nothing before ``pos``: no match starts between the two (a match
    at a place does not depend on where the search started), so the answer is the same."""
    if memo:
        at, found = memo[0]
        if at <= pos and (found is None or found.start() >= pos):
            return found
    found = DIGITS_RE.search(text, pos)
    if memo is not None:
        memo[:] = [(pos, found)]
    return found


# --------------------------------------------------------------------------------------------
# Reading a core
# --------------------------------------------------------------------------------------------

_PLAIN = _compile(r"[0-9]*(?:\.[0-9]+)?")
_US_GROUPS = _compile(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")
_INDIAN_GROUPS = _compile(r"[0-9]{1,2}(?:,[0-9]{2})+,[0-9]{3}(?:\.[0-9]+)?")
_EU_GROUPS = _compile(r"[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]+")
_GROUP_ONLY = frozenset(" \u00a0\u202f\u2009'’")  # never a decimal mark
_GROUP_SPLIT = re.compile("[ \u00a0\u202f\u2009'’]")


class Digits(NamedTuple):
    """A core read as digits: ``digits`` x 10**``exp``; ``plain`` when written with no separator."""

    digits: str
    exp: int
    plain: bool
    grouped: bool


def _groups_ok(groups: list[str], sizes: tuple[int, int] | None) -> bool:
    """Whether digit groups are a grouping: the first of 1 to 3 digits (no leading zero), the last
    of three, those between of three (or two, the Indian style, or the locale's ``sizes``)."""
    if len(groups) < 2 or not all(g.isdigit() for g in groups):
        return False
    first, *middle, last = groups
    if first[0] == "0":
        return False
    allowed = ((3, 3), (3, 2)) if sizes is None else ((3, 3), sizes)
    for primary, secondary in allowed:
        if len(last) != primary:
            continue
        if secondary == 0:  # one separator only, before the last group: "1234567'890"
            if not middle:
                return True
        elif all(len(g) == secondary for g in middle):
            if 1 <= len(first) <= (secondary if middle else primary):
                return True
    return False


def _whole(groups: list[str], frac: str) -> Digits:
    return Digits("".join(groups) + frac, -len(frac), False, True)


def _pieces_of(mantissa: str) -> list[Digits] | None:
    """A list written without spaces ("1,2,3"): the pieces, or None when one is not a number."""
    pieces = re.split("[,'’]", mantissa)
    if not all(_PLAIN.fullmatch(p) and p.count(".") <= 1 for p in pieces):
        return None
    out = []
    for p in pieces:
        whole, _, frac = p.partition(".")
        out.append(Digits(whole + frac, -len(frac), plain="." not in p, grouped=False))
    return out


def read_core(
    core: str,
    decimal: str | None = None,
    sizes: tuple[int, int] | None = None,
    european: bool = False,
) -> Digits | list[Digits] | None:
    """Read one core; a list when it is several numbers run together ("1,2,3"); None to skip.

    ``decimal`` is the locale's decimal mark ("," in ``de``), ``sizes`` its group sizes;
    ``european`` says the text writes "1.234,56" and never "1,234.56" (a lone "1.234" is then a
    thousand). Without them: one "," before one or two digits is a decimal comma ("48,90"), one
    "," before three digits groups thousands ("1,234"), one "." is a decimal point.

    >>> read_core("48,90")
    Digits(digits='4890', exp=-2, plain=False, grouped=False)
    >>> read_core("1,234", decimal=",").exp, read_core("1.234", decimal=",").exp
    (-3, 0)
    >>> read_core("1 234,5").digits, read_core("120'999'000").digits
    ('12345', '120999000')
    """
    if core.isdigit():  # the common case: 2024, 12, 1200
        return Digits(core, 0, True, False)
    if decimal is None:  # the next commonest, "44.1" and "1,234.5", as read_any_core reads them
        whole, dot, frac = core.partition(".")
        if "," not in whole:
            if dot and frac.isdigit() and (whole.isdigit() or not whole) and core.isascii():
                if not european:  # (a European text's "1.234" is a thousand)
                    return Digits(whole + frac, -len(frac), False, False)
        elif core[0] != "0" and _US_GROUPS.fullmatch(core) is not None:
            return Digits(whole.replace(",", "") + frac, -len(frac), False, True)
    return read_any_core(core, decimal, sizes, european)


def read_any_core(
    core: str, decimal: str | None, sizes: tuple[int, int] | None, european: bool
) -> Digits | list[Digits] | None:
    """:func:`read_core` by its general rules, for every form (tests compare the two)."""
    if core.isdigit():
        return Digits(core, 0, True, False)
    mantissa, sci = core, 0
    i = core.find("e")  # a core holds at most one exponent
    if i < 0:
        i = core.find("E")
    if i >= 0:
        mantissa, sci = core[:i], int(core[i + 1 :])
    spaced = " " in mantissa or "'" in mantissa or not mantissa.isascii()  # group-only marks
    if "," not in mantissa and mantissa.count(".") <= 1 and not spaced:
        whole, _, frac = mantissa.partition(".")
        if (
            frac
            and len(frac) == 3
            and not sci
            and 1 <= len(whole) <= 3
            and whole[0] != "0"
            and (decimal == "," or (decimal is None and european))
        ):
            return Digits(whole + frac, 0, False, True)  # "1.234" where "." groups thousands
        return Digits(whole + frac, sci - len(frac), "." not in mantissa, False)
    if sci:
        return None
    if spaced and _GROUP_ONLY.intersection(mantissa):
        return _read_spaced(mantissa, sizes)
    if decimal != "," and mantissa[0] != "0":
        # The common groupings, by one regex each (the general rules below say the same).
        if _US_GROUPS.fullmatch(mantissa) or _INDIAN_GROUPS.fullmatch(mantissa):
            whole, _, frac = mantissa.replace(",", "").partition(".")
            return Digits(whole + frac, -len(frac), False, True)
        if "," in mantissa and _EU_GROUPS.fullmatch(mantissa):
            whole, _, frac = mantissa.replace(".", "").partition(",")
            return Digits(whole + frac, -len(frac), False, True)
    commas, dots = mantissa.count(","), mantissa.count(".")
    if commas and dots:
        last = max(mantissa.rfind(","), mantissa.rfind("."))
        mark = mantissa[last]
        body, frac = mantissa[:last], mantissa[last + 1 :]
        other = "." if mark == "," else ","
        if mantissa.count(mark) == 1 and _groups_ok(body.split(other), sizes):
            return _whole(body.split(other), frac)
        return _pieces_of(mantissa) if commas else None
    if dots:  # two or more: "1.234.567", else a version or an IP address ("8.4.1.1")
        groups = mantissa.split(".")
        return _whole(groups, "") if _groups_ok(groups, (3, 3)) else None
    if commas > 1:
        groups = mantissa.split(",")
        return _whole(groups, "") if _groups_ok(groups, sizes) else _pieces_of(mantissa)
    before, _, after = mantissa.partition(",")
    if decimal == "," or len(after) in (1, 2) or (len(after) == 3 and before == "0"):
        return Digits(before + after, -len(after), False, False)  # a decimal comma: "48,90"
    if len(after) == 3 and 1 <= len(before) <= 3:
        return Digits(before + after, 0, False, True)  # "1,234"
    return _pieces_of(mantissa)


def _read_spaced(mantissa: str, sizes: tuple[int, int] | None) -> Digits | list[Digits] | None:
    """Digits grouped by spaces or apostrophes, with a "." or "," decimal mark at the end."""
    last = max(mantissa.rfind(","), mantissa.rfind("."))
    body, frac = (mantissa[:last], mantissa[last + 1 :]) if last >= 0 else (mantissa, "")
    if last >= 0 and (_GROUP_ONLY.intersection(frac) or "," in body or "." in body):
        return None  # "1 234.567,89": two marks
    groups = _GROUP_SPLIT.split(body)
    if _groups_ok(groups, sizes):
        return _whole(groups, frac)
    return _pieces_of(mantissa) if " " not in mantissa else None


def exact_decimal(digits: str, exp: int, negative: bool = False) -> Decimal:
    # Built from a string or an int, so exact whatever the context precision; whole numbers get
    # no exponent so they print as "3200000000", not "3.2E+9".
    if exp == 0 and not negative:  # the common case, without the f-string
        return Decimal(digits or "0")
    sign = "-" if negative else ""
    if exp == 0:
        return Decimal(f"{sign}{digits or '0'}")
    if exp > 0:
        return Decimal(f"{sign}{int(digits or '0') * 10**exp}")
    return Decimal(f"{sign}{digits or '0'}E{exp}")


# Every precision is half a unit of some power of ten: built once here, not per number.
_HALF_UNITS = {exp: exact_decimal("5", exp) for exp in range(-30, 31)}


def half_unit(exp: int) -> Decimal:
    """5 x 10**``exp``, exactly as ``exact_decimal("5", exp)`` writes it."""
    found = _HALF_UNITS.get(exp)
    return found if found is not None else exact_decimal("5", exp)
