"""Forms around a number that change what it is: scientific notation written with "×10",
fractions ("1/2", "½", "three quarters of"), "minus" before a number, times of day ("3 pm"),
"pound" as a weight ("a ten pound bag"), and which convention a whole text writes numbers in.

Each check is a small anchored regex over a slice next to the number, asked only when a cheap
character test says it may match (see :mod:`crossfoot.numbers.reading`).
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.numbers.cores import _compile

__all__ = [
    "SCI_FIRST",
    "VULGAR",
    "convention_note",
    "eu_search",
    "european_text",
    "fraction_digits",
    "fraction_word",
    "minus_before",
    "pound_is_weight",
    "sci_after",
    "time_of_day",
]

# -- scientific notation ------------------------------------------------------------------------

_SUPER = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
#: The characters a "×10" exponent can start with, after the mantissa.
SCI_FIRST = frozenset(" ×xX·*")
_SCI_RE = _compile(
    r"""
    [ \t]?[×xX·*][ \t]?10                          # "× 10", "x10", "·10"
    (?:
        \^[ \t]?(?P<caret>[-−+]?[0-9]{1,3})        # 10^-4, 10^6
      | (?P<sup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})            # 10⁻⁴, 10²³
      | (?P<minus>−[0-9]{1,3})                     # 10−4 (a minus sign, glued)
    )
    (?![0-9⁰¹²³⁴⁵⁶⁷⁸⁹])
    """,
    re.X,
)


def sci_after(text: str, pos: int) -> tuple[int, int] | None:
    """(exponent, end) of a "×10⁻⁴"-style exponent right after a mantissa ending at ``pos``.

    >>> sci_after("3.1×10⁻⁴ per", 3), sci_after("2.5 x 10^6", 3), sci_after("5 x 10 = 50", 1)
    ((-4, 8), (6, 10), None)
    """
    m = _SCI_RE.match(text, pos)
    if m is None:
        return None
    raw = m.group("caret") or m.group("minus") or m.group("sup").translate(_SUPER)
    return int(raw.replace("−", "-")), m.end()


# -- fractions ----------------------------------------------------------------------------------

#: Vulgar fraction characters and their values.
VULGAR = {
    "½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5),
    "⅗": (3, 5), "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8),
    "⅞": (7, 8),
}  # fmt: skip
_FOUR_PLACES = Decimal("0.0001")


def fraction_digits(numerator: int, denominator: int, whole: int = 0) -> tuple[str, int]:
    """(digits, exponent) of ``whole + numerator/denominator`` to four decimal places.

    >>> fraction_digits(1, 2), fraction_digits(2, 3), fraction_digits(1, 2, whole=2)
    (('5', -1), ('6667', -4), ('25', -1))
    """
    value = (Decimal(whole) + Decimal(numerator) / Decimal(denominator)).quantize(_FOUR_PLACES)
    _, digits, exp = value.normalize().as_tuple()
    return "".join(map(str, digits)), int(exp)


_DENOMINATORS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
    "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8,
    "tenth": 10, "tenths": 10,
}  # fmt: skip
# "three quarters of", "two-thirds of", "one half of": the fraction only before "of" (or hyphened),
# since "the last three quarters" counts periods.
_FRACTION_WORD_RE = _compile(
    r"(?P<sep>[ \t]|-)(?P<den>half|halves|thirds?|quarters?|fourths?|fifths?|sixths?|eighths?"
    r"|tenths?)(?P<of>[ \t]+of(?![\w]))?(?![\w-])",
    re.I,
)


def fraction_word(text: str, pos: int, numerator: int) -> tuple[int, int] | None:
    """(denominator, end of the fraction word) after a number word ending at ``pos``.

    >>> fraction_word("three quarters of sales", 5, 3), fraction_word("three quarters ago", 5, 3)
    ((4, 14), None)
    """
    m = _FRACTION_WORD_RE.match(text, pos)
    if m is None or (m.group("of") is None and m.group("sep") != "-"):
        return None
    den = _DENOMINATORS[m.group("den").lower()]
    if not 0 < numerator < den:
        return None
    return den, m.end("den")


# -- signs and weights --------------------------------------------------------------------------

# "minus ten", read backwards from the number; not after an operand ("20 minus 5" subtracts).
_MINUS_BACK_RE = _compile(r"[ \t]+sunim(?![A-Za-z])", re.I)
_OPERAND_BEFORE_RE = _compile(
    r"(?:[0-9%)]|(?<![A-Za-z])(?:[a-z]+teen|[a-z]+ty|zero|one|two|three|four|five|six|seven"
    r"|eight|nine|ten|eleven|twelve|hundred|thousand|million|billion|trillion|percent))[ \t]*\Z",
    re.I,
)
# A number and the one noun it counts before "minus": the noun's last word is group 1.
_NAMED_OPERAND_RE = _compile(r"[0-9%][ \t]+(?:[a-z]+[ \t]+)?([a-z]+)[ \t]*\Z")
# Words after a number that leave "minus" the sign of what follows: "from 5 to minus 3", "up 4
# or minus 2", "5 degrees, falling to minus 3" (the comma ends the match already).
_NOT_NOUNS = frozenset(
    "to and or at of from by in on is was were are be been fell rose reached hit than between "
    "near around about nearly roughly approximately stood versus vs plus".split()
)


def minus_before(text: str, start: int) -> int | None:
    """Where "minus" starts when it is the sign of the number at ``start`` ("minus ten")."""
    if start < 6:
        return None
    back = text[max(0, start - 7) : start][::-1]
    m = _MINUS_BACK_RE.match(back)
    if m is None:
        return None
    at = start - m.end()
    if _OPERAND_BEFORE_RE.search(text, max(0, at - 24), at) is not None:
        return None
    named = _NAMED_OPERAND_RE.search(text, max(0, at - 40), at)
    if named is not None and named.group(1).lower() not in _NOT_NOUNS:
        return None  # "1,610 signups minus 77 churned": a counted noun, then the operator
    return at


_WEIGHT_AFTER_RE = _compile(r"[ \t]+(?:of[ \t]|(?!sterling)[a-z])")


def pound_is_weight(text: str, end: int, word: str) -> bool:
    """Whether "pound(s)" ending at ``end`` weighs: "a ten pound bag", "5 pounds of flour"
    (a plural pound before "of", a singular one before any lower-case word)."""
    m = _WEIGHT_AFTER_RE.match(text, end)
    if m is None:
        return False
    return word.lower().endswith("s") is False or m.group().lstrip().startswith("of")


_TIME_RE = _compile(r"[ \t]?(?:[ap]\.m\.|[ap]m(?![\w]))", re.I)


def time_of_day(text: str, end: int, digits: str) -> bool:
    """Whether the bare integer ``digits`` ending at ``end`` is an hour ("3 pm", "9 a.m.")."""
    return len(digits) <= 2 and 1 <= int(digits) <= 12 and _TIME_RE.match(text, end) is not None


# -- the convention of a whole text -------------------------------------------------------------

_EU_RE = re.compile(
    r"(?<![0-9.,])[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]+(?![0-9]|[.,][0-9])"
    r"|(?<![0-9.,])[0-9]{1,3}(?:\.[0-9]{3}){2,}(?![0-9]|[.,][0-9])"
)
_US_RE = re.compile(
    r"(?<![0-9.,])[0-9]{1,3}(?:,[0-9]{3})+\.[0-9]+(?![0-9]|[.,][0-9])"
    r"|(?<![0-9.,])[0-9]{1,3}(?:,[0-9]{3}){2,}(?![0-9]|[.,][0-9])"
)


# Every match of _EU_RE holds a group of three digits after a point followed by a comma and a
# digit ("1.234,5") or by a point and a digit ("1.234.567"). _EU_RE starts with a look-behind,
# so ``re`` tries it at every character (0.3 ms on a passage of 700 characters); this gate
# starts with a literal point, which ``re`` skips to, and almost no English text holds it.
_EU_GATE = re.compile(r"\.[0-9]{3}[.,][0-9]")


def eu_search(view: str) -> re.Match[str] | None:
    """``_EU_RE.search(view)``: the first number written as "1.234,56" or "1.234.567".

    >>> eu_search("1,234.5 and 1.234,5").group(), eu_search("1,234.5 and 1.234") is None
    ('1.234,5', True)
    """
    if _EU_GATE.search(view) is None:
        return None
    return _EU_RE.search(view)


def european_text(view: str) -> bool:
    """Whether the text writes numbers as "1.234,56" and never as "1,234.56": then a lone
    "1.234" in it is a thousand."""
    return eu_search(view) is not None and _US_RE.search(view) is None


def convention_note(view: str) -> str | None:
    """A note when a text writes numbers both ways ("1,234.5" and "1.234,5")."""
    eu = eu_search(view)
    if eu is None:
        return None
    us = _US_RE.search(view)
    if us is None:
        return None
    return (
        f"the text mixes number conventions ({us.group()} and {eu.group()}): a number such as "
        "1.234 is read with a decimal point; pass locale= to settle it"
    )
