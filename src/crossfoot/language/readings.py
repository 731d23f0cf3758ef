"""How the answer's own words change what a number reads as: unit notes and restatements.

**A scale stated once for the answer's figures**: "$120 (all figures in billions)".

An answer may state its unit apart from the numbers, as a table does in its header: "(all figures
in billions)", "Amounts in millions.", "(figures in $ thousands)". The note scales every amount of
money the answer writes without a scale word of its own, and the plain numbers of the note's own
sentence. Without this, "$120 (all figures in billions)" was read as $120 and matched a cell "120"
of a table in millions: a thousandfold error that passed.

**A number in parentheses right after another figure** restates it ("Ohio has 11.8 million
residents (11,799,448)"): it is not an accounting negative. Accounting negatives keep their sign
where they are written as such: a currency or scale inside the parentheses ("$(1.2) million"), or
no figure right before them.

>>> from crossfoot.numbers.extract import extract
>>> t = "Net income was $120 (all figures in billions)."
>>> [(m.text, str(m.value)) for m in apply_notes(t, extract(t))]
[('$120', '120000000000')]
>>> t = "Ohio has 11.8 million residents (11,799,448)."
>>> [str(m.value) for m in restatements(t, extract(t))]
['11800000', '11799448']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.changewords import STATED_BEFORE
from crossfoot.model.types import Mention, kind_family
from crossfoot.model.wordgate import WordGated
from crossfoot.numbers.affixes import currency_codes
from crossfoot.numbers.extract import extract
from crossfoot.numbers.scales import SCALE_EXP

__all__ = [
    "apply_notes",
    "by_to",
    "counts_not_years",
    "list_items",
    "restated_pairs",
    "restatements",
]

_NOTE = WordGated(
    re.compile(
        r"(?ix)(?:\(\s*|\b)(?:all\s+)?(?:figures|amounts|numbers|values|dollar\s+amounts)\s+"
        r"(?:are\s+)?(?:(?:stated|expressed|shown|given|reported)\s+)?in\s+"
        r"(?:(?:us\s*)?\$|usd|eur|€|gbp|£)?\s*"
        r"(?P<scale>thousands?|millions?|billions?|trillions?|bn|mn|m|k)\b"
    ),
    tuple("figures amounts numbers values".split()),
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")


def apply_notes(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` with the answer's unit note applied (see the module docstring)."""
    note = _NOTE.search(text)
    if note is None:
        return list(mentions)
    scale = Decimal(10) ** SCALE_EXP[note.group("scale").lower()]
    word = note.group("scale")
    start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, note.start())), default=0)
    stop = _SENTENCE_END.search(text, note.end())
    end = stop.start() if stop else len(text)
    out: list[Mention] = []
    for m in mentions:
        own = start <= m.start < end
        if (
            m.scale == 1
            and m.scale_word is None
            and m.high is None
            and (m.kind == "money" or (own and m.kind == "number"))
            and not note.start() <= m.start < note.end()
        ):
            m = replace(
                m,
                value=m.value * scale,
                precision=m.precision * scale,
                scale=scale,
                scale_word=word,
                written=m.written or abs(m.value),
            )
        out.append(m)
    return out


_BARE_PARENS = re.compile(r"^\(\s*[$€£¥₹]?\s*[\d.,]+\s*\)$")
# What may stand between a figure and its restatement: a few words ("residents"), no clause break.
_BETWEEN = re.compile(r"[ \t]*(?:[A-Za-z][A-Za-z'-]*[ \t]+){0,3}$")
# Words that start the next item of a list or comparison: "South (2,860) and West (2,330)" gives
# two rows their own figures, so the second restates nothing.
_NEXT_ITEM = re.compile(r"(?i)\b(?:and|or|vs|versus|while|whereas|but|than|against)\b")


def restatements(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` with a bare parenthesised number right after another figure read as a
    positive restatement of it (see the module docstring)."""
    out: list[Mention] = []
    for i, m in enumerate(mentions):
        prev = mentions[i - 1] if i else None
        if (
            prev is not None
            and m.negative
            and _BARE_PARENS.match(m.text)
            and not prev.negative
            and prev.kind != "year"
            and _BETWEEN.match(text, prev.end, m.start) is not None
        ):
            m = replace(m, value=-m.value, negative=False)
        out.append(m)
    return out


def restated_pairs(text: str, mentions: Sequence[Mention]) -> list[tuple[int, int]]:
    """``(head, restatement)`` indexes: a figure in parentheses right after another of the same
    kind ("$2.4 billion ($2,412 million)"), which must state the same value.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Revenue reached $2.4 billion ($2,412 million) in 2023."
    >>> restated_pairs(t, extract(t))
    [(0, 1)]
    >>> t = "North sold 4,630 (+420)."  # a level and its signed change
    >>> restated_pairs(t, extract(t))
    []
    >>> t = "Budget AED 9500 (USD 2587)."  # a conversion into another currency restates nothing
    >>> restated_pairs(t, extract(t))
    []
    >>> t = "ahead of South (2,860) and West (2,330)"  # two rows, each with its own figure
    >>> restated_pairs(t, extract(t))
    []
    """
    pairs: list[tuple[int, int]] = []
    for i in range(1, len(mentions)):
        prev, m = mentions[i - 1], mentions[i]
        if prev.kind == "year" or m.kind == "year" or prev.high is not None or m.high is not None:
            continue
        if kind_family(prev.kind) != kind_family(m.kind) or _converted(prev.currency, m.currency):
            continue
        if m.text.startswith(_SIGNS) and not prev.text.startswith(_SIGNS):
            continue  # "4,630 (+420)": a level, then its change signed, restates nothing
        if m.text.startswith("("):
            opening = m.start
        else:
            opening = text.rfind("(", prev.end, m.start)
            if opening < 0 or text[opening + 1 : m.start].strip():
                continue
        closed = m.text.endswith(")") or text[m.end :].lstrip().startswith(")")
        if closed and _BETWEEN.match(text, prev.end, opening) is not None:
            if _NEXT_ITEM.search(text, prev.end, opening) is None:
                pairs.append((i - 1, i))
    return pairs


_SIGNS = ("+", "-", "−")  # a sign written on a figure (startswith: an empty text has none)


def _converted(a: str | None, b: str | None) -> bool:
    """Whether two currencies can name no common code ("AED" then "USD", "$" then "€"): the
    second figure is a conversion, not the first restated. "$" then "USD" may be the same."""
    codes_a, codes_b = currency_codes(a), currency_codes(b)
    return bool(codes_a and codes_b and not codes_a & codes_b)


# "fell by $0.3 million to $4.1 million", "increased $63 million to $987 million", "was up 5% to
# 7%": a change and the level it reached, not a range. The words before the range that state its
# first figure as a change are language.changewords'; any range right after "by" is one too.
_STATED = re.compile(rf"(?i)(?:\bby\s*|{STATED_BEFORE})\Z")
_TO = re.compile(r"\s+to\s+")
_LOOK_BACK = 48  # characters before the range: the longest phrase of STATED_BEFORE and spaces


def by_to(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` with a range read after words that state a change ("rose by 3% to 12%",
    "decreased $63 million to $987 million") split into the change and the level it reached.
    A low end that borrows its unit from the high end ("by 5 to 7 percent") keeps the range: a
    change and a level each write their own.

    >>> t = "Costs fell by $0.3 million to $4.1 million."
    >>> [m.text for m in by_to(t, extract(t))]
    ['$0.3 million', '$4.1 million']
    >>> t = "Useful lives are 5 to 40 years; costs rose by 5 to 7 percent."
    >>> [m.text for m in by_to(t, extract(t))]
    ['5 to 40', '5 to 7 percent']
    """
    out: list[Mention] = []
    for m in mentions:
        split = _TO.search(m.text) if m.high is not None else None
        if split is None or not _STATED.search(text, max(0, m.start - _LOOK_BACK), m.start):
            out.append(m)
            continue
        parts = []
        for lo, hi in ((m.start, m.start + split.start()), (m.start + split.end(), m.end)):
            found = [x for x in extract(text[lo:hi]) if x.high is None]
            if len(found) != 1:
                break
            x = found[0]
            parts.append(replace(x, start=x.start + lo, end=x.end + lo))
        own = len(parts) == 2 and _unit(parts[0]) == _unit(m)
        out.extend(parts if own else [m])
    return out


def _unit(m: Mention) -> tuple[str, str | None, Decimal]:
    return m.kind, m.currency, m.scale


# "built 1987 vehicles", "had 2019 employees": a four-digit count before a plural noun. A year
# before a noun follows a determiner or a preposition ("the 2023 vehicles", "in 2019 sales").
_PLURAL_NEXT = re.compile(r"[ \t]+([a-z]{3,}s)\b")
_YEAR_LEAD = frozenset(
    """the a an its their our his her this that these those in of for since from to until by
    during fiscal fy year years and or than over between through after before as at
    calendar financial end ended ending""".split()
)
_NOT_COUNTED = frozenset(
    """results figures levels plans targets numbers sales revenues earnings accounts statements
    reports notes bonds loans notes payments awards grants options shares rates terms
    years months quarters periods""".split()
)
_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ \t]+$")


def counts_not_years(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` with four-digit "years" that count something read as numbers.

    >>> t = "The plant built 1987 vehicles in 2023."
    >>> [(m.text, m.kind) for m in counts_not_years(t, extract(t))]
    [('1987', 'number'), ('2023', 'year')]
    """
    out: list[Mention] = []
    for m in mentions:
        if m.kind == "year" and len(m.text) == 4 and m.text.isdigit():
            noun = _PLURAL_NEXT.match(text, m.end)
            if noun is None or noun.group(1) in _NOT_COUNTED:
                out.append(m)  # (most years: no plural noun after, and no word before is read)
                continue
            lead = _WORD_BEFORE.search(text, max(0, m.start - 30), m.start)
            if lead is not None and lead.group(1).lower() not in _YEAR_LEAD:
                m = replace(m, kind="number", precision=Decimal("0.5"), claim=True)
        out.append(m)
    return out


# "Answer: ['6,148 thousand', '5,974 thousand']": a list written as code. Its items are figures.
_QUOTED_LIST = re.compile(r"""\[(?:\s*(['"])[^'"\[\]\n]{0,80}\1\s*,?){1,20}\s*\]""")


def list_items(text: str) -> str:
    """``text`` with the quotes of a list written as code blanked (same length, so every span
    stays put): the number reader then reads its items as the figures they are.

    >>> list_items("Answer: ['6,148 thousand', '5,974 thousand']")
    'Answer: [ 6,148 thousand ,  5,974 thousand ]'
    """
    if "[" not in text:
        return text
    return _QUOTED_LIST.sub(lambda m: re.sub("['\"]", " ", m.group(0)), text)
