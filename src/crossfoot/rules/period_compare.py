"""Two years of one row compared in words must agree with the row's values.

"Revenue was $200 in 2018 and $150 in 2019. The revenue in 2019 is greater than the revenue in
2018." and "The 2019 revenue of $150 was higher than the 2018 revenue of $200." Each figure is
right; the comparison is the wrong way. Comparisons between two named *rows* are
:mod:`crossfoot.rules.comparisons`; this is the same check between two *years* of one row,
which-year answers' usual reasoning ("In which year was X higher?").

A sentence with one comparative followed by "than" ("higher than", "greater than", "less than";
not a bar: "more than $5 million" is a bound, :mod:`crossfoot.language.question`), not negated,
naming one year before the word (the subject) and another after it, is checked over the figures
the answer states for one row in those two years, in the sentence or just before it
(:func:`crossfoot.rules.which_period.own_points`: the row the sentence names when several; as
written and as the cells are signed, both must say it). The first figure of the sentence becomes
``contradicted``; a sentence without figures gets a claim on its subject year. No row, a year
without a figure, a negative figure ("a greater outflow": by size or by sign?), or readings that
disagree: no verdict.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.model.types import Claim, Evidence, Mention, Sentence
from crossfoot.model.wordgate import WordGated
from crossfoot.rules.comparisons import NEGATED
from crossfoot.rules.which_period import own_points

__all__ = ["period_comparisons"]

_CMP = WordGated(
    re.compile(
        r"(?i)\b(?:(?P<more>higher|greater|larger|bigger|more)|(?P<less>lower|smaller|less|fewer))"
        r"\s+than\b"
    ),
    ("than",),
)
_FIGURE_NEXT = re.compile(r"\s*(?:about|around|roughly|nearly|approximately)?\s*[$€£¥₹(+-]?\s*\d")
_YEAR_NEXT = re.compile(
    r"\s*(?:(?:in|of|for|during)\s+)?(?:the\s+)?(?:fiscal\s+)?(?:19|20)\d\d(?!\d)"
)
_WINDOW = 24  # figures before the sentence read for the row it compares


def period_comparisons(
    text: str, sentences: Sequence[Sentence], mentions: Sequence[Mention], claims: Sequence[Claim]
) -> list[Claim]:
    """``claims`` with each comparison of two years the row's figures contradict flagged (see
    the module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2019", "2018"], ["Revenue", "150", "200"]]'
    >>> a = "Revenue was $200 in 2018 and $150 in 2019. Revenue in 2019 is higher than in 2018."
    >>> check(a, [t]).claims[-1].message
    'the sentence says 2019 is higher than 2018, but the figures are $150 (2019) and $200 (2018)'
    """
    years = [m for m in mentions if m.kind == "year"]
    if len(years) < 2 or not _CMP.search(text):
        return list(claims)
    out = list(claims)
    added: list[Claim] = []
    starts = [m.start for m in years]
    at = [c.mention.start for c in claims]
    for s in sentences:
        w = _comparison(text, s)
        if w is None:
            continue
        inside = years[bisect_left(starts, s.start) : bisect_left(starts, s.end)]
        first = [m for m in inside if m.end <= w.start()]
        second = [m for m in inside if m.start >= w.end()]
        if len({int(m.value) for m in first}) != 1 or len({int(m.value) for m in second}) != 1:
            continue
        y1, y2 = int(first[0].value), int(second[0].value)
        if y1 == y2:
            continue
        hi = bisect_left(at, s.end)
        points = own_points(text[s.start : s.end], claims[max(0, hi - _WINDOW) : hi], None)
        if points is None:
            continue
        why = _wrong_way(points, y1, y2, bool(w.group("more")), w.group(0).split()[0].lower())
        if why is None:
            continue
        own = bisect_left(at, s.start)  # the sentence's first claim (out is claims' order)
        if own < len(out) and out[own].mention.start < s.end:
            if out[own].passed:
                out[own] = replace(out[own], status="contradicted", message=why)
        else:
            ev = Evidence("period_compare", "comparison", why, (), None, why)
            added.append(Claim(first[0], s, "contradicted", ev, why))
    if not added:
        return out
    return sorted([*out, *added], key=lambda c: c.mention.start)


def _comparison(text: str, s: Sentence) -> re.Match[str] | None:
    """The sentence's one comparative with "than", when it compares with no figure and is not
    negated."""
    found = list(_CMP.finditer(text, s.start, s.end))
    if len(found) != 1:
        return None
    w = found[0]
    if NEGATED.search(text, max(s.start, w.start() - 30), w.start()):
        return None
    after = text[w.end() : min(s.end, w.end() + 40)]
    if _FIGURE_NEXT.match(after) and not _YEAR_NEXT.match(after):
        return None  # "more than $5 million": a bound, not a comparison of two years
    return w


def _wrong_way(
    points: tuple[list[tuple[frozenset[int], Decimal, str]], ...],
    y1: int,
    y2: int,
    more: bool,
    word: str,
) -> str | None:
    """Why "y1 is <word> than y2" is wrong in every reading of ``points``, or None."""
    why = None
    for reading in points:
        a = [p for p in reading if y1 in p[0]]
        b = [p for p in reading if y2 in p[0]]
        if len(a) != 1 or len(b) != 1:
            return None
        va, vb = a[0][1], b[0][1]
        if va < 0 or vb < 0:
            return None  # "a greater outflow" of -4.2 against -1.5: size or sign? unknown
        right = va > vb if more else va < vb
        if right:
            return None
        why = (
            f"the sentence says {y1} is {word} than {y2}, but the figures are "
            f"{a[0][2]} ({y1}) and {b[0][2]} ({y2})"
        )
    return why
