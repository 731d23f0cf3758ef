"""A row's cell of a percent-change column, stated as its change without the "%": "Retail
revenue grew 6.5 in 2023" over a table whose "% change" column holds 6.5 for Retail.

A plain number is not matched against a percentage cell (a bare "6.5" for a "6.5%" cell of
another line passes too easily: round 33 measured the general reading and dropped it). This
reading is narrow: the figure is unsupported, plain (no "%", no unit), the words right before
it state it as a change ("grew", "rose by", "was down": ``language.changewords.move_stated``),
and a cell of a column whose header names a change in percent ("% change", "Change (%)", "YoY
%", "growth %") holds its value, in a row the figure's clause names by label (and, when the sentence
writes a year and the cell has one, of that year). The direction must agree with the cell's
sign ("fell 2.1" for -2.1 or (2.1); "grew 2.1" for -2.1 stays unsupported). Found, the figure
is that cell (``supported_exact``).

>>> from crossfoot import check
>>> t = ('[["Segment", "Revenue", "% change"], ["Retail", "4,637", "6.5"],'
...      ' ["Online", "3,540", "12.0"]]')
>>> check("Retail revenue grew 6.5 in 2023.", [t]).passed
True
>>> check("Retail revenue grew 12.0 in 2023.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.changewords import move_stated
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.sources.rows_label_match import label_search

__all__ = ["CLAUSE_BREAK", "change_cells"]

_PERCENT = re.compile(r"(?i)%|\bper\s?cent\b|\bpct\b")
_CHANGE = re.compile(r"(?i)\b(?:change|chg|growth|yoy|y/y|increase|decrease|var(?:iance)?)\b")
# Where a clause of the sentence ends: a comma, a semicolon or a colon, or a word that joins
# another clause (also ``rules.half_change``'s).
CLAUSE_BREAK = re.compile(r"[,;:]\s|\s(?:and|while|but|whereas)\s")


def _clause(sentence: str, start: int, end: int) -> str:
    """The clause of the sentence that holds ``sentence[start:end]``: "Wholesale was up by 12.0"
    of "Wholesale was up by 12.0, while Retail rose 6.5"."""
    lo = max((b.end() for b in CLAUSE_BREAK.finditer(sentence, 0, start)), default=0)
    after = CLAUSE_BREAK.search(sentence, end)
    return sentence[lo : after.start() if after else len(sentence)]


@lru_cache(maxsize=256)
def _change_header(column: str) -> bool:
    """Whether a column header names a change in percent."""
    return _PERCENT.search(column) is not None and _CHANGE.search(column) is not None


def change_cells(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a plain figure stated as a change that a named row's percent-change
    cell holds ``supported_exact`` (module docstring)."""
    todo = [
        (i, way)
        for i, c in enumerate(claims)
        if not c.passed
        and c.mention.kind == "number"
        and c.mention.scale_word is None
        and c.mention.high is None
        and (way := move_stated(text, c.sentence.start, c.mention.start)) is not None
    ]
    if not todo:  # (before the one pass over the values)
        return claims
    cells = [v for v in values if v.column and v.row and _change_header(v.column)]
    if not cells:
        return claims
    out = list(claims)
    for i, way in todo:
        c = claims[i]
        m, s = c.mention, c.sentence
        sentence = text[s.start : s.end]
        clause = _clause(sentence, m.start - s.start, m.end - s.start)
        low = clause.lower()
        years = {int(y) for y in YEAR.findall(sentence)}
        hits = [
            v
            for v in cells
            if abs(abs(v.value) - abs(m.value)) <= m.precision
            and way * v.value >= 0
            and (not years or v.year is None or v.year in years)
            and label_search(v.row or "", clause, low)
        ]
        if len({v.value for v in hits}) == 1:
            v = hits[0]
            ev = Evidence("direct", "cell", f"{v.describe()} (a percent change)", (v,), v.value)
            out[i] = Claim(m, s, "supported_exact", ev)
    return out
