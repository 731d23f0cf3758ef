"""A fraction named by an article, as a number: "a third of total revenue", "about half of sales";
after "by", a change by that fraction of its base, as a percentage: "fell by a third" is -33.3%
("by half", "by a half" and "by one quarter" alike).

"One-third of" and "two thirds of" are read with the number words; "a third of", "a quarter of"
and "half of" have none, yet claim a share as plainly. Read only before "of" (a fraction of
something), and not where the words name a period or a unit: "the first half of 2021", "the
second half of the year", "a tenth of a percent", "a quarter of a point".

>>> from crossfoot.numbers.extract import extract
>>> [(m.text, str(m.value)) for m in extract("About half of sales, a third of costs.")]
[('half', '0.5'), ('a third', '0.3333')]
>>> extract("In the first half of 2021 sales rose by a tenth of a percent.")[0].text
'2021'
>>> [(m.text, str(m.value)) for m in extract("Sales fell by about a third; costs fell by half.")]
[('a third', '33.3333'), ('half', '50')]
>>> [m.text for m in extract("Returns fell by a half; orders by one quarter.")]
['a half']
>>> [m.text for m in extract("Returns fell by a half; orders fell by one quarter.")]
['a half', 'one quarter']
>>> extract("Rates were cut by a quarter point.")
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable

from crossfoot.model.types import Mention
from crossfoot.numbers.forms import fraction_digits
from crossfoot.numbers.num import Num

__all__ = ["DENOMINATORS", "article_fractions", "is_article_fraction", "maybe_article_fraction"]

DENOMINATORS = {  # a fraction word's denominator (agents._fraction_words reads them too)
    "half": 2,
    "third": 3,
    "quarter": 4,
    "fifth": 5,
    "sixth": 6,
    "eighth": 8,
    "tenth": 10,
}
_ARTICLE_RE = re.compile(
    r"(?<![\w-])(?:(?P<a>an?)[ \t]+(?P<den>third|quarter|fifth|sixth|eighth|tenth)|(?P<half>half))"
    r"(?=[ \t]+of[ \t]+(?P<what>[\w%]+(?:[ \t]+[\w%]+)?))",
    re.I,
)
_WORDS = frozenset(["half", *DENOMINATORS])
# A word before "half" that makes it a period or a part of a thing, not a share: "the first half
# of", "the back half of", "each half of".
_NOT_SHARE_BEFORE = frozenset(
    "first second 1st 2nd the a this that last next each one other back front latter former "
    "upper lower top bottom later earlier".split()
)
# What the fraction is of, after a determiner, when it is a unit or a period ("a tenth of a
# percent" is 0.1%, "half of the year" a period): no share.
_DETERMINERS = frozenset("a an one the this that its their our".split())
_NOT_A_WHOLE = frozenset(
    "percent percentage point points basis cent penny % year month quarter period decade".split()
)
_WORD_BEFORE_RE = re.compile(r"([A-Za-z0-9]+)[ \t]*\Z")


# ... and a fraction a movement is by: "fell by half", "rose by about a third". Not a unit or a
# period after it ("by a quarter point", "by half a percent", "by a third of a point").
_BY_RE = re.compile(
    r"\b(?:rose|rise[sn]?|rising|fell|falls?|fallen|falling|grew|grow[sn]?|growing|shr[aiu]nk\w*|"
    r"cut|cuts|up|down|increas\w*|decreas\w*|declin\w*|dropp?\w*|reduc\w*|climb\w*|jump\w*|"
    r"slid|slump\w*|plung\w*|soar\w*|surg\w*|expand\w*|contract\w*|gain\w*|lost|los[ei]\w*|"
    r"improv\w*|widen\w*|narrow\w*|lower\w*|rais\w*|boost\w*|trimm?\w*|slash\w*)"
    r"[ \t]+(?:[a-z]+ly[ \t]+)?by[ \t]+(?:(?:about|around|roughly|nearly|almost|approximately|"
    r"some|over|more[ \t]+than|less[ \t]+than|just[ \t]+(?:over|under))[ \t]+)?"
    r"(?P<frac>(?:(?P<a>an?|one)[ \t]+)?(?P<half>half)|(?P<a2>an?|one)[ \t]+"
    r"(?P<den>third|quarter|fifth|sixth|eighth|tenth))"
    r"(?![\w-])(?![ \t]+(?:of|a|an|the|point|points|percent|percentage|basis|pp|bps|cent|"
    r"hour|day|week|month|year|quarter|period)\b)(?![ \t]*%)",
    re.I,
)


def maybe_article_fraction(text: str) -> bool:
    """A cheap gate: whether ``text`` may hold "half of" or "a third of" and the like, or a
    fraction after "by"."""
    return "alf of" in text or "th of" in text or "rd of" in text or "ter of" in text or _by(text)


# The words every match of _BY_RE holds ("by" and a fraction's noun): a text without them holds
# none (the common case: "by" alone is in many answers).
_BY_WORDS = ("half", "third", "quarter", "fifth", "sixth", "eighth", "tenth")


def _by(text: str) -> bool:
    low = text.lower()
    return "by" in low and any(w in low for w in _BY_WORDS)


# Exact gates for the two case-blind scans above, which try every character of a long passage
# (_BY_RE ~0.2 ms on a 2,300-character passage that names a "quarter": a fifth of a source's
# number reading). Every match of _ARTICLE_RE / _BY_RE is a run of ASCII characters (its
# letters match only ASCII letters, but for the four characters re.I folds onto them, _FOLDS)
# holding the words these find, and lower() maps that run to its lower-cased self: a text's
# lower() they miss holds no match, and the scans are skipped. Each starts with a word, which
# the regex engine finds without trying every character.
_FOLDS = re.compile("[\u0130\u0131\u017f\u212a]")  # (as numbers.cores._FOLDS_RE)
_ARTICLE_GATE = re.compile(
    r"(?:half|an?[ \t]+(?:third|quarter|fifth|sixth|eighth|tenth))[ \t]+of[ \t]"
)
_BY_GATE = re.compile(
    r"by[ \t]+(?:(?:about|around|roughly|nearly|almost|approximately|some|over|more[ \t]+than|"
    r"less[ \t]+than|just[ \t]+(?:over|under))[ \t]+)?(?:(?:an?|one)[ \t]+(?:third|quarter|fifth|"
    r"sixth|eighth|tenth|half)|half)"
)


def is_article_fraction(text: str) -> bool:
    """Whether a mention's text is a fraction this module reads ("a third", "half").

    >>> is_article_fraction("a third"), is_article_fraction("two-thirds")
    (True, False)
    """
    words = text.lower().split()
    return bool(words) and words[-1] in _WORDS and (len(words) == 1 or words[0] in ("a", "an"))


def article_fractions(
    original: str,
    text: str,
    found: list[Mention],
    inside: Callable[[int], bool],
    approx: Callable[[str, int], bool],
) -> list[Mention]:
    """``found`` with the fractions named by an article added (module docstring), in order."""
    extra: list[Mention] = []
    low = text.lower() if text.isascii() or _FOLDS.search(text) is None else None
    articles = low is None or _ARTICLE_GATE.search(low) is not None
    for m in _ARTICLE_RE.finditer(text) if articles else ():
        if inside(m.start()):
            continue
        what = [w.lower() for w in m.group("what").split()]
        if what[0] in _DETERMINERS:
            what = what[1:]
        if not what or what[0] in _NOT_A_WHOLE:
            continue
        if m.group("half") is not None:
            before = _WORD_BEFORE_RE.search(text, max(0, m.start() - 24), m.start())
            if before is not None and before.group(1).lower() in _NOT_SHARE_BEFORE:
                continue
            den = 2
        else:
            den = DENOMINATORS[m.group("den").lower()]
        digits, exp = fraction_digits(1, den)
        num = Num(m.start(), m.end(), digits, exp, plain=False, place_exp=-2)
        num.approximate = approx(text, num.start)
        extra.append(num.mention(original))
    if (_BY_GATE.search(low) is not None) if low is not None else _by(text):
        for m in _BY_RE.finditer(text):
            start = m.start("frac")
            if inside(start) or any(x.start == start for x in extra):
                continue
            den = 2 if m.group("half") is not None else DENOMINATORS[m.group("den").lower()]
            # a change by a fraction is a percentage of the base: "by a quarter" as "by 25%"
            digits, exp = fraction_digits(100, den)
            num = Num(start, m.end("frac"), digits, exp, plain=False, place_exp=0)
            num.kind = "percent"
            num.approximate = approx(text, num.start)
            extra.append(num.mention(original))
    return sorted([*found, *extra], key=lambda x: x.start) if extra else found
