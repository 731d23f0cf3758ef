"""One named row overtaking another: "West overtook South in 2023", "Beta fell behind Alpha".

No figure says it, so no number rule sees it. A sentence with no figure that names one row before
a word of crossing ("overtook", "overtakes", "leapfrogged", "pulled ahead of", "moved ahead of";
the other way, "fell behind", "dropped behind", "slipped behind") and another row of the same
table after it says the first row was not above the second (not below, for "behind") in the year
before, and is above (below) it in the year it names; with no year named, in the table's last year
after some earlier year of the other order. The word becomes a claim: ``derived`` when the cells
cross so, ``contradicted`` naming the year that breaks it. A negated sentence, rows of two tables,
a year with no year before it, and a sentence naming more than one year are left alone.

>>> from crossfoot import check
>>> t = ('[["Region", "2021", "2022", "2023"], ["North", "3,900", "4,210", "4,637"],'
...      ' ["South", "3,500", "3,200", "2,860"], ["West", "1,700", "1,950", "3,330"]]')
>>> check("West overtook South in 2023.", [t]).passed
True
>>> check("South overtook West in 2023.", [t]).passed
False
>>> check("West overtook South in 2022.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.years import YEAR as _YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import row_pair, word_mention
from crossfoot.rules.comparisons import NEGATED

__all__ = ["crossed_rows", "may_cross"]

_CROSS = re.compile(
    r"(?i)\b(?:(?P<above>overt(?:ook|akes?|aken|aking)|leapfrog(?:ged|s)?|(?:pulled|moved|edged|"
    r"pulls|moves|edges)\s+ahead\s+of)|(?P<below>(?:fell|falls|dropped|drops|slipped|slips)\s+"
    r"behind))\b"
)
_GATES = ("overt", "leapfrog", "ahead of", "behind")


def may_cross(text: str) -> bool:
    """A cheap gate: whether ``text`` (in lower case) may hold a word of crossing."""
    return any(g in text for g in _GATES)


def crossed_rows(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of the sentence's figure-free crossing of two named rows, if it holds one
    (module docstring)."""
    sentence = text[s.start : s.end]
    m = _CROSS.search(sentence)
    if m is None or NEGATED.search(sentence, 0, m.start()):
        return []
    pair = row_pair(sentence[: m.start()], sentence[m.end() :], values)
    if pair is None:
        return []
    (_, a), (_, b) = pair
    years = sorted(set(a) & set(b))
    named = {int(y) for y in _YEAR.findall(sentence)}
    if len(named) > 1 or len(years) < 2:
        return []
    above = m.group("above") is not None
    word = m.group(0)
    start = s.start + m.start()
    mention = word_mention(word, start, 2)

    def ahead(y: int) -> bool:  # the first row is past the second that way in year y
        return a[y].value > b[y].value if above else a[y].value < b[y].value

    if named:
        (year,) = named
        if year not in years or years.index(year) == 0:
            return []
        before = years[years.index(year) - 1]
    else:
        year = years[-1]
        earlier = [y for y in years[:-1] if not ahead(y)]
        before = earlier[-1] if earlier else years[-2]
    cells = (a[before], b[before], a[year], b[year])
    formula = (
        f"{a[year].row} vs {b[year].row}: {before}: {format_decimal(a[before].value)} vs "
        f"{format_decimal(b[before].value)}; {year}: {format_decimal(a[year].value)} vs "
        f"{format_decimal(b[year].value)}"
    )
    ev = Evidence("compare", "order", formula, cells)
    side = "above" if above else "below"
    if not ahead(year):
        message = (
            f'"{word}" puts {a[year].row} {side} {b[year].row} in {year}, but it has '
            f"{format_decimal(a[year].value)} against {format_decimal(b[year].value)}"
        )
        return [Claim(mention, s, "contradicted", ev, message)]
    if ahead(before):
        message = (
            f'"{word}" says {a[year].row} crossed {b[year].row} by {year}, but it was already '
            f"{side} it in {before} ({format_decimal(a[before].value)} against "
            f"{format_decimal(b[before].value)})"
        )
        return [Claim(mention, s, "contradicted", ev, message)]
    return [Claim(mention, s, "derived", ev)]
