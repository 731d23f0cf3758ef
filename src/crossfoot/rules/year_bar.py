"""A bar a line stays past in every year, or in every year but the ones named: "Sales were
above 90 every year", "margin stayed above 20% in every year except 2023".

The bar is drawn across one line's years (its row across year columns, or a column down rows by
year: ``rules._bar_cells``). Before, "above 90 every year" passed on a cell near the bar (92)
though 2023 sat at 85, and "above 90 every year except 2022" passed on 2022's cell, the year the
sentence sets apart, as the one row it names (``rules.one_row_bar``). Here the claim is
``derived`` when every year's cell is past the bar except the years named, which are not, and
``contradicted`` naming the first year that breaks it. A bar on a change ("grew by more than
5% every year") is left to the other rules, as in ``rules.one_row_bar``.

>>> from crossfoot import check
>>> t = '[["Year", "Sales"], ["2021", "92"], ["2022", "95"], ["2023", "85"], ["2024", "99"]]'
>>> [c.status for c in check("Sales were above 90 every year except 2023.", [t]).claims]
['derived']
>>> [c.status for c in check("Sales were above 90 every year.", [t]).claims]
['contradicted']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules._bar_cells import bar_cells
from crossfoot.rules.counts import past_bar
from crossfoot.rules.every_except import excepted_years, unexcepted, year_of
from crossfoot.rules.one_row_bar import level_after, moves_before

__all__ = ["year_bar"]

_EVERY = re.compile(r"(?i)\b(?:every|each)\s+(?:single\s+)?year\b")
_NEAR = 24  # (characters from the bar to "every year": " in", " throughout", " for")
_CHANGE_STEMS = ("change", "differen", "increase", "decrease", "growth")
_CHANGE_WORDS = frozenset({"gap", "gaps", "by"})
_WORD = re.compile(r"[a-z]+")


def _label_words(cells: Sequence[SourceValue]) -> frozenset[str]:
    """The words of the cells' row and column labels: "Gap sales were above 90 every year" over
    a row *Gap* names a brand, not a gap."""
    labels = {x.lower() for v in cells for x in (v.row, v.column) if x}
    return frozenset(w for label in labels for w in _WORD.findall(label))


def year_bar(
    text: str, claim: Claim, values: Sequence[SourceValue], texts: Mapping[str, str]
) -> Claim | None:
    """The bar's claim judged over its line's every year (module docstring), or None."""
    m, s = claim.mention, claim.sentence
    sentence = text[s.start : s.end]
    low = sentence.lower()
    if "year" not in low or ("every" not in low and "each" not in low):
        return None
    after = m.end - s.start
    every = _EVERY.search(sentence, after)
    if every is None or every.start() > after + _NEAR:
        return None
    moved = moves_before(text, s.start, m.start)
    before = low[: m.start - s.start]
    words = _WORD.findall(before)  # (words: "Singapore" holds "gap", "Exchange" "change")
    if moved and not level_after(text, moved, m.start):
        return None
    changed = {w for w in words if w.startswith(_CHANGE_STEMS) or w in _CHANGE_WORDS}
    plain = text[: s.start] + unexcepted(sentence) + text[s.end :]  # (offsets kept)
    found = bar_cells(plain, s.start, s.end, values, texts)
    if found is None:
        return None
    bar, side, cells = found
    if changed and not changed <= _label_words(cells):
        return None  # a bar on a change; a word of a line's name ("Gap") is no word of change
    by_year = {year_of(v): v for v in cells}
    if None in by_year or len(by_year) != len(cells) or len(cells) < 3:
        return None  # not one line of distinct years
    if len({v.row for v in cells}) > 1 and len({v.column for v in cells}) > 1:
        return None
    read = excepted_years(sentence, every.start())
    named = read[0] if read is not None and read[1] == every.start() else frozenset()
    if not named <= by_year.keys():
        return None
    line = sorted(by_year.items())
    steps = ", ".join(f"{y}: {format_decimal(v.value)}" for y, v in line)
    ev = Evidence("bar", "rows", f"{steps} against {m.text.strip()}", tuple(v for _, v in line))
    said = "above" if side == ">" else "below"
    for y, v in line:
        past = bool(past_bar([v], bar, side))
        if past == (y in named):
            why = f"is {said} {m.text.strip()}, but the sentence sets {y} apart"
            if y not in named:
                why = f"is not {said} {m.text.strip()}"
            return Claim(m, s, "contradicted", ev, f"{y} ({format_decimal(v.value)}) {why}")
    return Claim(m, s, "derived", ev)
