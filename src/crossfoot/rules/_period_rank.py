"""The row a sentence ranks over its own years, when no question names it.

"Operating income was highest in 2021, at $18.2m" over a row of 18.2 (2021), 21.9, 19.7 and
24.6 (2024): the figure is 2021's cell, so every figure passes, and the year is wrong.
:mod:`crossfoot.rules.which_period` judges such a sentence over the row the question names, or
over the figures the answer states for several years; without either the sentence itself names
the row. It is read so only in three shapes, where the year is what is ranked:

- the superlative right before the year: "was highest in 2021", "peaked in 2021", "lowest in
  fiscal 2022";
- the year as the subject: "2021 had the highest operating income", "2021 was the peak";
- the superlative opening the clause and the year right after the figure: "The highest
  operating income was $24.6m, in 2024".

The row is the one cell of that year the sentence states (a passed, direct figure), or, with no
figure, the one table row whose label's words the sentence holds. English leaves a second
reading open ("West was highest in 2024" may rank West among the regions of 2024): a cell that
is the extreme of its own column (its table's other rows of the same kind, totals aside) is
left alone, so only a year no reading makes the extreme is flagged. A verb of time closes that
reading ("peaked in 2021", "bottomed out in 2019", "its highest level in 2021" rank the row's own
years), and then the cell's column does not matter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.extremes import ASIDE as _ASIDE
from crossfoot.language.rowtokens import fullest_named, tokens
from crossfoot.language.superlatives import LEAST, MOST, PEAK, words
from crossfoot.language.trends import MOVED_DOWN, MOVED_UP
from crossfoot.model.types import Claim, Sentence, SourceValue
from crossfoot.rules._named import value_years

__all__ = ["ranks_the_year", "sentence_row_line"]

# (the superlatives: language.superlatives, one list; with a line's own peak and bottom)
_SUP = rf"(?:{words((*MOST, *PEAK, *LEAST))}|bottomed(?:\s+out)?)"
# "highest in 2021", "peaked in fiscal 2021", "lowest during FY2022", "its highest level in
# 2021", "bottomed out in 2019"
_BEFORE_YEAR = re.compile(
    rf"(?i)\b{_SUP}\s+(?:(?:level|point)\s+)?(?:(?:in|during|for)\s+)?(?:(?:the\s+)?(?:fiscal|financial)\s+(?:year\s+)?"
    r"|fy\s*)?$"
)
# "2021 had the highest", "2021 was the peak", "2021 saw the lowest", "Q3 added the most"
_YEAR_SUBJECT = re.compile(
    rf"(?i)\s*(?:had|saw|was|recorded|posted|marked|brought|delivered|added|gained|generated"
    rf"|earned|produced|sold|booked|reported|logged)\s+(?:the|its|\w+'s?)\s+(?:\w+\s+)?{_SUP}\b"
)
# "The lowest net revenue retention was 110% in Q2": the clause opens on the superlative and the
# year follows the figure it ranks.
_SUP_FIRST = re.compile(rf"(?i)\s*(?:the\s+|its\s+)?{_SUP}\b")
# Words that rank a row's own years and never the rows of one year: "peaked in 2021", "bottomed
# out in 2019", "reached its highest level in 2021" ("West peaked in 2024" ranks West's years).
_OVER_TIME = re.compile(r"(?i)\b(?:peaked|bottomed|(?:highest|lowest|peak)\s+(?:level|point))\b")
_MOVED_MOST = re.compile(rf"(?i)\b(?:{MOVED_UP}|{MOVED_DOWN})\s+(?:the\s+)?$")
_AFTER_FIGURE = re.compile(
    r"(?i)\d(?:\s*(?:%|percent|million|billion|thousand|bn|mn|[mbk])\b|%)?\)?\s*,?\s+"
    r"(?:in|during|for)\s+(?:the\s+)?(?:(?:fiscal|financial)\s+(?:year\s+)?|fy\s*)?$"
)


def ranks_the_year(text: str, s: Sentence, year_start: int, year_end: int) -> bool:
    """Whether the sentence ranks the year at ``text[year_start:year_end]`` (module docstring).

    >>> t = "Operating income was highest in 2021."
    >>> ranks_the_year(t, Sentence(0, 0, len(t), t), 32, 36)
    True
    >>> t = "West had the highest revenue in 2024."
    >>> ranks_the_year(t, Sentence(0, 0, len(t), t), 32, 36)
    False
    >>> t = "South declined the most in 2023."
    >>> ranks_the_year(t, Sentence(0, 0, len(t), t), 27, 31)
    False
    """
    found = _BEFORE_YEAR.search(text, max(s.start, year_start - 60), year_start)
    if found is not None:
        # "declined the most in 2023" ranks the rows' changes of that year, not a row's years
        return _MOVED_MOST.search(text, max(s.start, found.start() - 24), found.start()) is None
    head = text[s.start : year_start].strip(" \t\n,;:").lower()
    if head in ("", "in") and _YEAR_SUBJECT.match(text, year_end, s.end):
        return True
    return bool(
        _SUP_FIRST.match(text, s.start, year_start)
        and _AFTER_FIGURE.search(text, max(s.start, year_start - 40), year_start)
    )


def sentence_row_line(
    text: str,
    part: Sentence,
    year: int,
    high: bool,
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
) -> list[SourceValue]:
    """The cells of the one row the sentence names, one per year, when the sentence's own
    figure (or, with none, the row's label) names that row and its cell of ``year`` is not the
    extreme of its column either; else []."""
    own = [
        c for c in claims if part.start <= c.mention.start < part.end and c.mention.kind != "year"
    ]
    cells = [
        c.evidence.operands[0]
        for c in own
        if c.passed
        and c.evidence is not None
        and c.evidence.rule == "direct"
        and len(c.evidence.operands) == 1
    ]
    if own:
        rows = {_series(v, year) for v in cells if v.table is not None and year in value_years(v)}
    else:
        words = frozenset(tokens(text[part.start : part.end]))
        named = (
            (key, _name(v, key))
            for v in values
            if v.table is not None
            and year in value_years(v)
            and (key := _series(v, year)) is not None
        )
        rows = set(fullest_named(named, words))  # ("services revenue": not Total revenue)
    row = rows.pop() if len(rows) == 1 else None
    if row is None:
        return []
    kept: dict[tuple[object, ...], SourceValue] = {}
    for v in values:
        if v.view == "written" or v.table is None or _series(v, None) != row:
            continue
        key = (v.row_index, v.col_index)
        if key not in kept or v.view == "true":
            kept[key] = v
    line = _one_per_year(list(kept.values()))
    mine = [v for v in line if year in value_years(v)]
    if len(mine) != 1:
        return []
    if not _OVER_TIME.search(text, part.start, part.end) and _tops_its_year(
        mine[0], row, values, high
    ):
        return []
    return line


_Series = tuple[object, ...]


def _series(v: SourceValue, year: int | None) -> _Series | None:
    """The line of a table a cell's year runs along: its row when the year is its column's
    (years across), its column when the year is its row's (years down); None otherwise."""
    ys = value_years(v)
    if len(ys) != 1 or (year is not None and year not in ys):
        return None
    shown = str(next(iter(ys)))
    if shown in (v.column or "") and shown not in (v.row or ""):
        return ("row", v.source_id, v.table, v.row_index)
    if shown in (v.row or "") and shown not in (v.column or ""):
        return ("column", v.source_id, v.table, v.col_index)
    return None


def _name(v: SourceValue, key: _Series) -> str:
    return (v.row if key[0] == "row" else v.column) or ""


def _one_per_year(cells: list[SourceValue]) -> list[SourceValue]:
    """The cells when each holds its own year (two of one year: which one is meant is unknown)."""
    seen = [value_years(v) for v in cells]
    return cells if len(cells) >= 2 and len(set(seen)) == len(seen) else []


def _tops_its_year(
    cell: SourceValue, line: _Series, values: Sequence[SourceValue], high: bool
) -> bool:
    """Whether ``cell`` is the extreme of the other lines' cells of its year, same table and
    kind, totals aside (the reading that ranks the rows of one year)."""
    across = "column" if line[0] == "row" else "row"
    at = cell.col_index if across == "column" else cell.row_index
    peers = [
        v.value
        for v in values
        if v.source_id == cell.source_id
        and v.table == cell.table
        and (v.col_index if across == "column" else v.row_index) == at
        and v.kind == cell.kind
        and v.view != "written"
        and not _ASIDE.search((v.row if across == "column" else v.column) or "")
    ]
    if len(peers) < 2:
        return False
    return cell.value == (max(peers) if high else min(peers))
