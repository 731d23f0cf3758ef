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

from dataclasses import replace

from crossfoot.model.types import Mention
from crossfoot.numbers.num import Num, stated_precision
from crossfoot.numbers.patterns import (
    CURRENCY_AFTER_RE,
    UNIT_RE,
    WORD_CURRENCY,
    next_core,
    word_starts,
)
from crossfoot.numbers.reading import Read, is_approx, read_number
from crossfoot.numbers.words import parse_words

__all__ = ["extract", "parse_number_string", "stated_precision"]


# --------------------------------------------------------------------------------------------
# The scanner
# --------------------------------------------------------------------------------------------


def _scan(text: str, cell: bool) -> list[Mention]:
    out: list[Mention] = []
    pos = 0
    n = len(text)
    # Short texts (cells) are cheaper to scan in full than to ask word_starts() about.
    starts = None if n < 48 else word_starts(text)
    while pos < n:
        core = next_core(text, pos, starts)
        if core is None:
            break
        start, end, is_words = core
        if is_words:
            nums, nxt = _read_words(text, start, text[start:end])
        else:
            nums, nxt = read_number(text, start, end, cell, pos, True)
        for num in nums:
            out.append(num.mention(text))
        pos = max(nxt, end)
    return out


def _read_words(text: str, start: int, run: str) -> Read:
    nums: list[Num] = []
    end = start + len(run)
    for s, e, value, precision in parse_words(run):
        place_exp = (precision * 2).adjusted()
        num = Num(start + s, start + e, str(value), 0, place_exp=place_exp)
        um = UNIT_RE.match(text, num.end)
        if um is not None and um.group("pct") is not None and "%" not in um.group("pct"):
            num.kind, num.end = "percent", um.end()
        elif (cm := CURRENCY_AFTER_RE.match(text, num.end)) is not None and cm.group("word"):
            num.kind, num.end = "money", cm.end()
            num.currency = WORD_CURRENCY[cm.group("word").lower().rstrip("s")]
        num.approximate = is_approx(text, num.start)
        nums.append(num)
        end = max(end, num.end)
    return nums, end


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
