"""Numbers the context writes only as a percentage: a rate, not an amount or a count.

"My bill was $85, add a 20% tip" vouches for 17 (20% of 85) and 102 (85 plus 20%), but not for
105 (85 + 20) nor for 1700 (85 x 20): the 20 is a share, and a share added to an amount or taken
as a count of things is a model mixing up the two. The arithmetic search (``agents._derive``)
keeps the numbers no source writes plainly out of its sums, products and stated counts. A number
some source also writes plainly ("20 guests, a 20% deposit") keeps both roles, and a number
written only as a percentage is still found as itself (an argument of 20 after "20%").

>>> shares: set[str] = set()
>>> note_shares(shares, {}, "my bill was $85, please add a 20% tip", {"85", "20"}, {"20"})
>>> sorted(shares)
['20']
>>> note_shares(shares, {"20": 0}, "and 20 guests", {"20"}, set())
>>> sorted(shares)
[]
"""

from __future__ import annotations

import re
from collections.abc import Container

from crossfoot.agents._keys import num_key

__all__ = ["note_shares", "percent_only"]

_SCAN_CAP = 200_000  # characters of a source scanned; beyond, its percentages keep both roles
_SIGN = re.compile(r"\s?(?:%|per\s?cent)")
_NUMBER = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\d|[.,]\d)")
_KEY_SCANS = 20  # percentages of one source looked for one by one; beyond, one pass


def percent_only(text: str, percents: set[str] | frozenset[str]) -> set[str]:
    """The keys of ``percents`` that the lower-cased ``text`` writes only beside "%" or
    "percent" (a key written in words only, "twenty percent", is a share too).

    >>> sorted(percent_only("raise it by 15 per cent, or 8.5 percent.", {"15", "8.5"}))
    ['15', '8.5']
    >>> sorted(percent_only("a 20% deposit for 20 guests; 1.5% of 1.5", {"20", "1.5"}))
    []
    >>> text = " ".join(f"{n}%" for n in range(30)) + " and 7 more"
    >>> sorted(percent_only(text, {str(n) for n in range(30)}), key=int)[:8]
    ['0', '1', '2', '3', '4', '5', '6', '8']
    """
    if len(text) > _SCAN_CAP:
        return set()
    if len(percents) > _KEY_SCANS:  # many: one pass over every number (linear in the text)
        plain = {
            k
            for m in _NUMBER.finditer(text)
            if (k := num_key(m[0].replace(",", ""))) in percents and not _SIGN.match(text, m.end())
        }
        return set(percents).difference(plain)
    # One pass for the few keys: each place one stands whole (not inside a longer number, a
    # decimal or a word) and without a percent sign or word after it is a plain one.
    keys = "|".join(map(_written, sorted(percents, key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w.,])(?:{keys})(?!\d|[.,]\d)")
    plain = {
        num_key(m[0].replace(",", ""))
        for m in pattern.finditer(text)
        if not _SIGN.match(text, m.end())
    }
    return set(percents).difference(plain)


def _written(key: str) -> str:
    """A pattern of the ways a canonical key is written: "20" as "20.00", "8.5" as "8.50",
    "1500" as "1,500" (the many-keys pass reads them so; read-through 40: "$20.00" beside "a
    20% tip" left 20 a share only)."""
    whole, _, frac = key.partition(".")
    forms = [whole] if len(whole) <= 3 else [whole, f"{int(whole):,}"]
    alt = "|".join(map(re.escape, forms))
    return rf"(?:{alt})\.{re.escape(frac)}0*" if frac else rf"(?:{alt})(?:\.0+)?"


def note_shares(
    shares: set[str],
    seen_before: Container[object],
    text: str,
    numbers: set[str],
    percents: set[str],
) -> None:
    """Update ``shares`` (the numbers written so far only as percentages) with one source:
    ``seen_before`` holds the numbers of the earlier sources, ``numbers`` and ``percents`` this
    one's keys."""
    own = percent_only(text, percents) if percents else set()
    if shares:
        shares.difference_update([k for k in shares if k in numbers and k not in own])
    shares.update(k for k in own if k not in seen_before)
