"""A shown calculation over the wrong operands of the one the question names.

An answer that shows its calculation ("Product revenue was 4,200 and cost of sales was 2,400 in
2019. The percentage is 175%.") writes a figure every per-figure check accepts: each operand is a
cell and the arithmetic is right. When the question names the operands of the calculation it asks
for, the figure can still be read against them, without knowing the right answer. For
:func:`crossfoot.rules.alignment.misfit`, a final figure the answer computes from figures it
showed is ``off_question`` when:

- **a row the question does not name**: the question names two rows of one table or more ("product
  revenue as a percentage of total revenue", "the sum of A and B") and the calculation combines one
  of them with a row whose words the question does not all hold (*Cost of revenue* for "total
  revenue": with both sides named, a row only half named is neither of them); or the question
  names one row and asks for its change, average or total over the years it names, and one of
  the calculation's values (each of its own asked year) is of a row so named. With the periods
  as rows, the same holds of the columns;
- **one year for a change of two**: the question asks for the change from one year to another and
  the difference (or percentage change) takes two rows' values of one year, neither of them a
  change (the change of a year is *its* row's two years, not two rows of the year); a value the
  table also gives for the other year (the opening balance of 2021 is the closing one of 2020)
  is not judged;
- **one row for two**: the question asks for a quotient, a sum or an average of two things it
  names ("cost of sales as a percentage of revenue", "the sum of A and B in 2019") and the figure
  takes both its values from the row only one of them names, in two periods (cost of sales in
  2019 over cost of sales in 2018);
- **an average for a total**: the question asks for the total (sum, combined) of several years and
  names no average, and the figure is the mean of the same cells;
- **a change for a total, a ratio for a change**: the question asks for the total of one line's
  two years (and names no change), and the figure is their difference or percentage change; or
  it asks for the change from one year to the other, and the figure is their ratio (1.125 or
  112.5% for a rise of 12.5%). This one is judged of a figure the engine derived itself too
  ("The total revenue in 2018 and 2019 is $300."), unless the figure is a quotient (a rounded
  figure meets some ratio of two values by chance); a question with a word of comparison
  ("variation", "compared to") asks for a change of a line named "total".
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.asked_sides import read_sides
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._prose_change import names_change
from crossfoot.rules._shown import SHOWN

__all__ = ["axis_of", "operands_misfit"]

_COMBINED = frozenset({"share", "ratio", "sum", "difference", "mean", "average", "percent_change"})
_CHANGES = frozenset({"difference", "percent_change"})
_MEANS = frozenset({"mean", "average"})
_AVERAGED = re.compile(r"(?i)\b(?:average|mean|per)\b")


_YEARISH = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\bFY\s?\d\d\b", re.IGNORECASE)


def _table(v: SourceValue) -> tuple[str, int] | None:
    return None if v.table is None else (v.source_id, v.table)


def _axis(v: SourceValue) -> str:
    """The axis of a cell's item (what it measures): its row, unless the table gives the
    periods as rows (a year in the row label and none in the column's)."""
    return axis_of(v.row, v.column)


@lru_cache(maxsize=4096)  # (a table's labels: every final figure's operands ask, 3 an answer)
def axis_of(row: str | None, column: str | None) -> str:
    """:func:`_axis` of a cell labelled ``row`` and ``column``.

    >>> axis_of("2019", "Revenue"), axis_of("Revenue", "2019"), axis_of("FY19", None)
    ('column', 'row', 'column')
    """
    if _YEARISH.search(row or "") and not _YEARISH.search(column or ""):
        return "column"
    return "row"


def _item(v: SourceValue) -> tuple[str | None, int | None]:
    """The label and index of the line a cell measures (see :func:`_axis`)."""
    return (v.column, v.col_index) if _axis(v) == "column" else (v.row, v.row_index)


_OVER_YEARS = frozenset({"difference", "percent_change", "sum", "mean", "average"})


def _over_years(ask: Ask, base: Evidence) -> bool:
    """A change, average or total of one line over the years asked: each operand of its own
    year, every one of which the question names."""
    if ask.op not in ("change", "percent_change", "average", "sum") or len(ask.years) < 2:
        return False
    return base.kind in _OVER_YEARS and _each_asked_year(ask, base)


def _each_asked_year(ask: Ask, base: Evidence) -> bool:
    """Each operand of ``base`` of its own year, every one of which the question names."""
    per = [value_years(v) for v in base.operands]
    if any(len(ys) != 1 for ys in per) or len(frozenset().union(*per)) != len(per):
        return False
    return frozenset().union(*per) <= ask.years


def _other_row(ask: Ask, base: Evidence, named: Named) -> str | None:
    """A combination of a named row with a row the question does not name, in words."""
    ops = base.operands
    if base.kind not in _COMBINED or len(ops) < 2:
        return None
    tables = {_table(v) for v in ops}
    if None in tables or len(tables) != 1:
        return None
    axis = _axis(ops[0])
    if any(_axis(v) != axis for v in ops):
        return None
    if len(named.labels_named(ops[0], axis)) < 2 and not _over_years(ask, base):
        return None  # (one line named: the other operand of a share may be any base)
    if not any(named.names(v, axis) for v in ops):
        return None
    words = frozenset(tokens(ask.text))
    for v in ops:
        label = _item(v)[0]
        if not label or named.names(v, axis):
            continue
        # (a label half named, "cost of revenue" beside "total revenue", is not one of the two)
        req = required_tokens(label)
        if named.misnamed(v) is not None or (req and not req <= words):
            shown = sorted(named.labels_named(v, axis))
            return f"the question names {' and '.join(shown)}; this figure takes {label}"
    return None


def _one_year_change(ask: Ask, base: Evidence, named: Named) -> str | None:
    """A change from one year to another asked, answered with two rows of one year (neither of
    whose values the table gives for the other year too)."""
    if ask.op not in ("change", "percent_change") or len(ask.years) != 2:
        return None
    ops = base.operands
    if base.kind not in _CHANGES or len(ops) != 2:
        return None
    if any(v.table is None for v in ops) or _item(ops[0])[1] is None:
        return None
    if _item(ops[0]) == _item(ops[1]) and _table(ops[0]) == _table(ops[1]):
        return None
    per = [value_years(v) for v in ops]
    if any(len(ys) != 1 for ys in per) or per[0] != per[1]:
        return None
    labels = " ".join(x for v in ops for x in (v.row, v.column) if x)
    if names_change(labels):
        return None  # ("Net change in cash": a row that is itself a change)
    (year,) = per[0]
    others = ask.years - per[0]
    if any(
        x.value == v.value and value_years(x) & others and _table(x) == _table(v)
        for v in ops
        for x in named.values
    ):
        return None  # (tables repeat values: the year's opening balance is the last closing one)
    lo, hi = sorted(ask.years)
    asked = f"the question asks for the change from {lo} to {hi}"
    return f"{asked}; this figure takes two values of {year}"


# "the sum of A and B", "the average of A and B": a pool of two things the question names
_POOL_OF = re.compile(r"(?i)\b(?:sum|total|average|mean|combined)\s+(?:value\s+)?(?:of|for)\s+")
_POOL_JOIN = re.compile(r"(?i)\s(?:and|plus)\s")
_QUOTIENTS = frozenset({"share", "ratio"})
_POOLS = frozenset({"sum", "mean", "average"})


def _two_sides(ask: Ask, kind: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words of the two things a quotient (or a pool) asked for names, or None."""
    if kind in _QUOTIENTS:
        sides = read_sides(ask.text)
        if sides is None or not sides.quotient or sides.back:
            return None
        return frozenset(tokens(sides.left)), frozenset(tokens(sides.right))
    if kind not in _POOLS or len(ask.years) > 1:
        return None  # (two years asked: "the total A and B" may be one row's two years)
    m = _POOL_OF.search(ask.text)
    if m is None:
        return None
    joins = list(_POOL_JOIN.finditer(ask.text, m.end()))
    if len(joins) != 1:
        return None
    j = joins[0]
    return frozenset(tokens(ask.text[m.end() : j.start()])), frozenset(tokens(ask.text[j.end() :]))


def _one_row_for_two(ask: Ask, base: Evidence, named: Named) -> str | None:
    """Two things asked, and both values taken from the row of one of them, in two periods."""
    ops = base.operands
    if len(ops) != 2 or any(v.table is None or not _item(v)[0] for v in ops):
        return None
    a, b = ops
    if (a.source_id, a.table, _item(a), a.view) != (b.source_id, b.table, _item(b), b.view):
        return None
    ya, yb = value_years(a), value_years(b)
    if not ya or not yb or ya == yb:
        return None
    sides = _two_sides(ask, base.kind)
    if sides is None:
        return None
    line = str(_item(a)[0])
    req = required_tokens(line)
    if not req:
        return None
    mine = [req <= side for side in sides]
    if mine.count(True) != 1:
        return None  # (a row both sides name, or neither: no verdict)
    other = sides[mine.index(False)]
    lines = {_item(v)[0] for v in named.values if v.source_id == a.source_id and v.table == a.table}
    lines.discard(line)
    if not any(x and (r := required_tokens(x)) and r <= other for x in lines):
        return None  # (the other side names no line of the table: it may be this line's period)
    return f"the question asks about two things; this figure takes both values from {line}"


def _average_for_total(ask: Ask, base: Evidence) -> str | None:
    """A total of several years asked, answered with their mean."""
    if ask.op != "sum" or base.kind not in _MEANS or len(base.operands) < 2:
        return None
    if _AVERAGED.search(ask.text):
        return None
    if len({y for v in base.operands for y in value_years(v)}) < 2:
        return None
    return "the question asks for a total; this figure is an average"


def _one_line(base: Evidence) -> bool:
    """Whether the two operands of ``base`` are one line's values (of one table)."""
    a, b = base.operands
    return a.table is not None and (_table(a), _item(a)) == (_table(b), _item(b))


# "the variation in the total gross amount", "total revenue in 2019 compared to 2018": a change
# of a line named "total"
_VARIED = re.compile(
    r"(?i)\bvari(?:ation|ed|es|y)\b|\bdelta\b|\bevolution\b|\bcompared\b|\bvs\b|\bversus\b|"
    r"\brelative\s+to\b|\bagainst\b|\bover\b"
)


_POOLED = re.compile(r"(?i)\b(?:average|mean|total|sum|combined)\b")


def _asks_change(text: str) -> bool:
    return names_change(text) or _VARIED.search(text) is not None


# What a question asks of one line's two years, in words, and the operations that answer it
# (a percentage change asked answered with the difference is judged in rules.alignment).
_ASKED = {
    # (a quotient too: "the 2005 total in relation to the 2004 one" asks for their ratio)
    "sum": ("a total", frozenset({"sum", "ratio", "share"})),
    "change": ("the change", frozenset({"difference", "percent_change"})),
    "percent_change": ("a percentage change", frozenset({"percent_change", "difference"})),
}
_OPERATIONS = {
    "difference": "a difference",
    "percent_change": "a percentage change",
    "sum": "a sum",
    "mean": "an average",
    "average": "an average",
    "ratio": "the ratio of the two years",
    "share": "the ratio of the two years",
}


def _other_combination(ask: Ask, base: Evidence) -> str | None:
    """Another operation than the one asked on one line's two asked years: their change for a
    total, their ratio for a change (1.125, or 112.5%, for a rise of 12.5%) or a percentage
    change."""
    asked = _ASKED.get(ask.op or "")
    if asked is None or len(ask.years) != 2 or len(base.operands) != 2:
        return None
    done = _OPERATIONS.get(base.kind)
    if done is None or base.kind in asked[1]:
        return None
    if ask.op == "sum" and (_asks_change(ask.text) or _AVERAGED.search(ask.text)):
        return None
    if ask.op != "sum" and _POOLED.search(ask.text):
        return None  # ("the average Permanent differences value": a change word of a row name)
    if not _each_asked_year(ask, base) or not _one_line(base):
        return None
    if base.kind in _POOLS and names_change(" ".join(f"{v.row} {v.column}" for v in base.operands)):
        return None  # (the sum of a table's change cells: "the total change from 2017 to 2019")
    return f"the question asks for {asked[0]}; this figure is {done}"


def _two_lines_of_a_year(base: Evidence) -> bool:
    """Whether ``base`` takes two lines' values (of one table) of one and the same year."""
    a, b = base.operands
    if a.table is None or _table(a) != _table(b) or _item(a) == _item(b):
        return False
    ya, yb = value_years(a), value_years(b)
    return ya == yb and len(ya) == 1


def _other_pair(ask: Ask, base: Evidence) -> str | None:
    """Two lines of a year combined otherwise than asked: "the difference between A and B"
    answered with their ratio or sum, "the sum (total) of A and B" with their difference or
    ratio, "A as a percentage of B" (a quotient) with their difference or sum."""
    if len(base.operands) != 2 or base.kind not in _OPERATIONS or ask.points_back:
        return None
    pooled = _POOL_OF.search(ask.text)
    if pooled is not None and not _AVERAGED.search(pooled.group(0)):
        if base.kind not in ("sum", "difference", "percent_change", "ratio", "share"):
            return None
        if base.kind == "sum" or len(list(_POOL_JOIN.finditer(ask.text, pooled.end()))) != 1:
            return None
        asked = "the total of two things"
    else:
        sides = read_sides(ask.text)
        if sides is None or sides.back:
            return None
        if sides.quotient and base.kind in ("difference", "sum"):
            asked = "a quotient of two things"
        elif not sides.quotient and (
            base.kind in _QUOTIENTS
            # (A less a cost written "(95)" is A plus the cell: only two positive values)
            or (base.kind == "sum" and all(v.value > 0 for v in base.operands))
        ):
            asked = "the difference between two things"
        else:
            return None
    if not _two_lines_of_a_year(base):
        return None
    return f"the question asks for {asked}; this figure is {_PAIRED[base.kind]}"


_PAIRED = {
    "sum": "their sum",
    "difference": "their difference",
    "percent_change": "their relative difference",
    "ratio": "their ratio",
    "share": "their ratio",
}


def operands_misfit(ask: Ask, base: Evidence, named: Named) -> str | None:
    """Why the shown calculation of ``base`` takes operands (or pools them) other than the ones
    the question names, in words, or None (see the module docstring).

    >>> from decimal import Decimal
    >>> ask = Ask("What was the total sales in 2024 and 2025?", frozenset({2024, 2025}), "sum")
    >>> cell = lambda x, y: SourceValue(Decimal(x), "S1", table=0, row_index=1, row="Sales",
    ...                                 column=str(y), year=y, label=f"Sales / {y}")
    >>> ev = Evidence("steps", "mean", "", (cell(120, 2025), cell(100, 2024)), Decimal(110))
    >>> operands_misfit(ask, ev, Named(ask, ev.operands))
    'the question asks for a total; this figure is an average'
    """
    if base.rule not in SHOWN:
        # (a figure the engine derived itself: only another operation on the asked lines, and
        # no quotient: a rounded figure meets some ratio of two values by chance)
        if base.kind in _QUOTIENTS:
            return None
        return _other_combination(ask, base) or _other_pair(ask, base)
    return (
        _other_row(ask, base, named)
        or _one_row_for_two(ask, base, named)
        or _one_year_change(ask, base, named)
        or _average_for_total(ask, base)
        or _other_combination(ask, base)
        or _other_pair(ask, base)
    )
