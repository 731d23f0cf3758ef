"""One row said to be the only one that moved a way: "Services was the only segment to decline in
2023", "Only Cloud grew" (rules.worded_rows reads it).

"Only" claims two things: the row named moved that way, and no other row of its table did.
"Cloud was the only segment to grow" passed over a table where Devices grew too (the infinitive
went unread, and "Only Cloud grew" was held to Cloud alone). The verb becomes a claim over the
row's table between two years (the one named and the year before, the two named, or the table's
last two): ``derived`` when the named row moved so and every other row (total lines aside)
did not, else ``contradicted`` naming the row that breaks it. A negated sentence ("the only one
that did not grow"), "only" before a time ("It was only in 2023 that Cloud grew": the time is
the only one), several rows named, or years the table does not hold leave it alone.

>>> from crossfoot import check
>>> t = ('[["Segment", "2022", "2023"], ["Cloud", "1,200", "1,560"],'
...      ' ["Devices", "2,400", "2,520"], ["Services", "800", "760"]]')
>>> check("Services was the only segment to decline in 2023.", [t]).passed
True
>>> check("Cloud was the only segment to grow in 2023.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.summary_lines import line_role
from crossfoot.language.trends import MOVED_DOWN, MOVED_UP
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import named_rows, word_mention, year_span

__all__ = ["only_moved"]

_UP = r"grow|rise|increase|climb|improve|expand|gain"
_DOWN = r"decline|fall|decrease|drop|shrink|contract|slip|dip"
# "the only segment to decline", "... that declines", "... that declined" / "that grew" (the
# past forms of language.trends: "declined" is no stem plus "ed")
_THE_ONLY = re.compile(
    r"(?i)\b(?:was|were|is|are|remained)\s+the\s+only\s+(?:[a-z-]+\s+){1,2}?(?:to|that)\s+"
    rf"(?P<word>(?P<up>{MOVED_UP}|(?:{_UP})(?:s|ed)?)|(?P<down>{MOVED_DOWN}|(?:{_DOWN})(?:s|ed)?))\b"
)
# "Only Cloud grew": the row right after "only"; not a time ("only in 2023", "only last year",
# "only recently") nor a cleft ("It was only then that Cloud grew": the time is the only one)
_ONLY_X = re.compile(
    r"(?i)\bonly\s+(?!(?:in|on|at|after|before|since|during|from|until|by|for|over|through|"
    r"within|when|once|then|now|last|this|next|recently|lately|later|briefly)\b)"
    rf"(?P<row>(?:(?!\bthat\b)[^,;.]){{1,60}}?)\s+"
    rf"(?P<word>(?P<up>{MOVED_UP})|(?P<down>{MOVED_DOWN}))\b"
)
_SUMMED = ("whole", "subtotal")  # a table's total lines (language.summary_lines), no row
_NOT = re.compile(r"(?i)\b(?:not|never)\b|n't\b")


def only_moved(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of an "only" movement (module docstring), or []."""
    sentence = text[s.start : s.end]
    if "only" not in sentence.lower():
        return []
    m = _THE_ONLY.search(sentence)
    part = sentence[: m.start()] if m is not None else ""
    if m is None:
        m = _ONLY_X.search(sentence)
        if m is None:
            return []
        part = m.group("row")
    if _NOT.search(sentence):
        return []
    rows = named_rows(part, values)
    if len(rows) != 1:
        return []
    ((key, cells),) = rows.items()
    table = _table(values, key[:2])
    span = year_span(sentence, sorted(cells), held_before=True)
    if span is None:
        return []
    y0, y1 = span
    up = m.group("up") is not None
    moved = [r for r, c in table.items() if y0 in c and y1 in c and _went(c, y0, y1, up)]
    word = m.group("word")
    mention = word_mention(word, s.start + m.start("word"), len(table))
    steps = "; ".join(
        f"{c[y1].row}: {format_decimal(c[y0].value)} -> {format_decimal(c[y1].value)}"
        for c in table.values()
        if y0 in c and y1 in c
    )
    ops = tuple(v for c in table.values() if y0 in c and y1 in c for v in (c[y0], c[y1]))
    ev = Evidence("trend", "only", f"{y0} to {y1}: {steps}", ops)
    if moved == [key]:
        return [Claim(mention, s, "derived", ev)]
    way = "rose" if up else "fell"
    if key not in moved:
        message = f'"{word}" says {cells[y1].row} {way} from {y0} to {y1}, but it did not'
    else:
        others = ", ".join(table[r][y1].row or "" for r in moved if r != key)
        message = f'"only" says no other row {way} from {y0} to {y1}, but {others} did too'
    return [Claim(mention, s, "contradicted", ev, message)]


def _table(
    values: Sequence[SourceValue], table: tuple[str, int | None]
) -> dict[tuple[str, int | None, int], dict[int, SourceValue]]:
    """Every row of the table but its total lines, with its cells by year (as written)."""
    rows: dict[tuple[str, int | None, int], dict[int, SourceValue]] = {}
    for v in values:
        if (v.source_id, v.table) != table or v.year is None or v.row_index is None:
            continue
        if not v.row or line_role(v.row) in _SUMMED or v.kind == "year":
            continue
        cells = rows.setdefault((v.source_id, v.table, v.row_index), {})
        if v.view == "written" or v.year not in cells:
            cells[v.year] = v
    return rows


def _went(cells: dict[int, SourceValue], y0: int, y1: int, up: bool) -> bool:
    a, b = cells[y0].value, cells[y1].value
    return b > a if up else b < a
