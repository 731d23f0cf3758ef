"""Which years a source value belongs to, and whether a derivation's operands are of the asked
years, for :mod:`crossfoot.rules._named` and the alignment rules.

A fiscal year that ends in January-March is also the year before; "2018/19" is of both its
calendar years; an average or a total over the asked years uses every asked year and no other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.language.years import _period  # the cached reading by names
from crossfoot.model.types import SourceValue
from crossfoot.rules._span_sides import span_sides_misfit
from crossfoot.rules.off_question_due import asked_of

__all__ = [
    "TOTAL_LABEL",
    "pool_misfit",
    "prose_base_fits",
    "span_misfit",
    "value_years",
    "years_fit",
]

# A total row's label ("Total revenue", "Sum", "Combined").
TOTAL_LABEL = re.compile(r"(?i)\btotal|\bsum\b|combined")
# A fiscal year that ends early in January-March is usually named for the year before.
_EARLY = re.compile(r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?)\b")
# A fiscal year written across two calendar years: "2018/2019", "2018/19" (a slash: a bare
# "2018-19" is as often a range of two years), or a hyphen after a fiscal prefix ("FY2019-20",
# "fiscal 2019-20": one fiscal year).
_SPLIT_YEAR = re.compile(
    r"(?<!\d)((?:19|20)\d\d)\s*/\s*((?:19|20)\d\d|\d\d)(?!\d)"
    r"|(?i:\bFY|\bfiscal(?:\s+year)?)\s*'?((?:19|20)\d\d)\s*[-\u2013]\s*((?:19|20)\d\d|\d\d)(?!\d)"
)


def _next_year(split: re.Match[str], year: int) -> bool:
    """Whether the second year of "2018/2019" or "2018/19" follows the first (not "2019/03")."""
    second = int(split.group(2) or split.group(4))
    return second == year + 1 if second >= 100 else second == (year + 1) % 100


def value_years(v: SourceValue) -> frozenset[int]:
    """The years a table cell or record field belongs to (empty for prose: unknown)."""
    if v.table is None and v.field is None:
        return frozenset()
    return _years_of(v.year, v.field, v.column, v.row, v.label)


@lru_cache(maxsize=65536)  # a source's cells are judged again for every question on it
def _years_of(
    year: int | None, field: str | None, column: str | None, row: str | None, label: str | None
) -> frozenset[int]:
    """:func:`value_years` of a table cell or record field, from the names it reads."""
    p = _period(year, field, column, row, label)
    if p is None:
        return frozenset()
    names = " ".join(x for x in (label, row, column, field) if x)
    split = _SPLIT_YEAR.search(names)
    if (
        split is not None
        and (split.group(1) or split.group(3)) == str(p[0])
        and _next_year(split, p[0])
    ):
        # "2018/2019", "FY 2018/19": a fiscal year across two calendar years is of both
        return frozenset({p[0], p[0] + 1})
    if _EARLY.search(names):
        return frozenset({p[0], p[0] - 1})
    return frozenset({p[0]})


# A year the question dates by its month ("31 March 2018", "March 31, 2018", "March 2018")
_DATED = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2},?\s+)?"
    r"((?:19|20)\d\d)(?!\d)"
)


@lru_cache(maxsize=1024)  # (one question, many values)
def _dated(question: str) -> bool:
    return _DATED.search(question) is not None


def _fit_years(ask: Ask, v: SourceValue) -> frozenset[int]:
    """:func:`value_years`, but a value dated early in a year ("Year ended 31 March 2019": of
    2019 and 2018) is of its written year alone when the question dates its year by a month
    too ("for the year ended 31 March 2018" names that column, not the one a year later)."""
    ys = value_years(v)
    if len(ys) != 2 or not _dated(ask.text):
        return ys
    names = " ".join(x for x in (v.label, v.row, v.column, v.field) if x)
    p = _period(v.year, v.field, v.column, v.row, v.label)
    if p is None or _SPLIT_YEAR.search(names) or ys != {p[0], p[0] - 1}:
        return ys
    return frozenset({p[0]})


def years_fit(ask: Ask, operands: Sequence[SourceValue], kind: str = "") -> bool:
    """A single value must be of an asked year; a derivation needs one operand of one (a
    relative change, ``kind`` "percent_change", may have it in its text figure: see
    :func:`prose_base_fits`)."""
    if not ask.years:
        return True
    # (a year of a row's own label names the row: rules.off_question_due)
    per = [(ys, asked_of(ask.years, v, ys)) for v in operands if (ys := _fit_years(ask, v))]
    if not per:
        return True
    if len(operands) > 1:
        fit = any(not a or ys & a for ys, a in per)
        return fit or (kind == "percent_change" and prose_base_fits(ask, operands))
    return all(not a or ys & a for ys, a in per)


def prose_base_fits(ask: Ask, operands: Sequence[SourceValue]) -> bool:
    """Whether a relative change of a text figure and cells is of the asked years by the year
    the text figure's own sentence dates it ("in 2007 , net revenue was $ 1,187 million"): that
    year is asked, and so is every cell's, unless the question names one year only (the base:
    "this change in relation to the 2007 value").

    >>> from decimal import Decimal
    >>> from crossfoot.language.asked import read_question
    >>> text = SourceValue(Decimal(1187), "S2", span=(0, 5), year=2007)
    >>> cell = SourceValue(Decimal(1310), "S1", table=0, row="revenue", column="2008", year=2008)
    >>> ask = read_question("what is this change in relation to the 2007 value?")
    >>> prose_base_fits(ask, (cell, text)), prose_base_fits(ask, (cell, cell))
    (True, False)
    >>> prose_base_fits(read_question("the percent change from 2006 to 2007?"), (cell, text))
    False
    """
    dated = [v.year for v in operands if v.table is None and v.field is None and v.year]
    if not dated or not set(dated) <= ask.years:
        return False
    if len(ask.years) == 1:
        return True
    cells = [value_years(v) for v in operands if v.table is not None or v.field is not None]
    return all(ys & ask.years for ys in cells if ys)


# "from FY17 to FY19": the two-digit fiscal years a question writes (language.asked reads them)
_FY = re.compile(r"(?i)(?<![a-z0-9])fy\s?'?(\d\d)(?!\d)")


# "the average A", "averages": a change between averages pools the years on each side.
_AVERAGES = re.compile(r"(?i)\baverages?\b")
# Changes of one quantity between two periods (a change in points of a rate is one as well).
_TWO_YEAR_CHANGES = frozenset({"difference", "percent_change", "pp_change", "bps_change"})


def span_misfit(ask: Ask, kind: str, operands: Sequence[SourceValue]) -> str | None:
    """A change asked between two years (the first and last the question names) answered with
    the change between two others: a change column of other years ("2019 and 2018" for "from
    2017 to 2019"), or a difference of cells of other years; an average or a total of other
    years (:func:`pool_misfit`). None when it fits or cannot say."""
    if ask.op in ("average", "sum"):
        return pool_misfit(ask, kind, operands)
    if ask.op not in ("change", "percent_change") or len(ask.years) < 2:
        return None
    written = {int(y) for y in _YEAR.findall(ask.text)}
    if "fy" in ask.text.lower():
        written |= {2000 + int(y) for y in _FY.findall(ask.text)}
    if len(written) != 2:
        # "from 2020 to 2021-2022" (rules._span_sides), "2019 and 2018 as compared to 2018 and 2017"
        return span_sides_misfit(ask.text, operands) if kind in _TWO_YEAR_CHANGES else None
    lo, hi = min(written), max(written)
    if len(operands) == 1 and operands[0].table is not None:
        years = {int(y) for y in _YEAR.findall(operands[0].column or "")}
        if len(years) == 2 and years != {lo, hi}:
            a, b = sorted(years)
            asked = f"the question asks for the change from {lo} to {hi}"
            return f"{asked}; this is the change from {a} to {b}"
        return None
    if len(operands) != 2 or (kind not in _TWO_YEAR_CHANGES and not _one_line(kind, operands)):
        return None
    first, second = (value_years(v) for v in operands)
    if first and first == second and len(first) == 1 and _AVERAGES.search(ask.text):
        # "the difference between the average A and the average B from 2018 to 2019": each
        # side pools both years, and a difference of one year's two values is not it
        asked = f"the question asks for a change of averages over {lo} to {hi}"
        return f"{asked}; this is a difference of two values of {min(first)}"
    if not first or not second or first & second:
        return None
    if (lo in first and hi in second) or (lo in second and hi in first):
        return None
    return f"the question asks for the change from {lo} to {hi}; this change is of other years"


def _one_line(kind: str, operands: Sequence[SourceValue]) -> bool:
    """A calculation written over two cells of one table line ("4,820 - 4,310 = 510" answering
    a change): a change of that line between the cells' two periods (a row's two columns, or
    a column's two rows when the periods are the rows; the cells' years tell the periods)."""
    a, b = operands
    if kind != "written_calculation" or a.table is None:
        return False
    if (a.source_id, a.table, a.view) != (b.source_id, b.table, b.view):
        return False
    return (a.row_index == b.row_index) != (a.col_index == b.col_index)


# What pools the values of several periods into one figure (a written calculation too:
# "(4,215 + 4,602) / 2 = 4,408.5").
_POOLS = frozenset({"mean", "average", "sum", "written_calculation"})


def pool_misfit(ask: Ask, kind: str, operands: Sequence[SourceValue]) -> str | None:
    """An average or a total asked over the years the question names ("the average X in 2020
    and 2021", "from 2019 to 2021") that pools a value of a year it does not name (2019 and 2020)
    or leaves one of them out (2020 and 2021 of the three): the pool is over other periods,
    whatever year it shares with the question. None when it fits or cannot say (fewer than two
    values of a year, fewer than two years asked).

    >>> from dataclasses import replace
    >>> from decimal import Decimal
    >>> ask = Ask("average cost in 2020 and 2021", frozenset({2020, 2021}), "average")
    >>> cell = lambda y: SourceValue(Decimal(1), "S1", table=0, column=str(y), year=y)
    >>> pool_misfit(ask, "mean", [cell(2020), cell(2021)]) is None
    True
    >>> pool_misfit(ask, "mean", [cell(2019), cell(2020)])
    'the question asks about 2020, 2021; this average takes a value of 2019'
    >>> pool_misfit(replace(ask, op="sum"), "sum", [cell(2021), cell(2021)])
    'the question asks about 2020, 2021; this total takes no value of 2020'
    """
    if ask.op not in ("average", "sum") or len(ask.years) < 2 or kind not in _POOLS:
        return None
    per = [ys for v in operands if (ys := value_years(v))]
    if len(per) < 2:
        return None
    asked = ", ".join(str(y) for y in sorted(ask.years))
    word = "total" if ask.op == "sum" else "average"
    outside = sorted({min(ys) for ys in per if not ys & ask.years})
    if outside:
        other = ", ".join(str(y) for y in outside)
        return f"the question asks about {asked}; this {word} takes a value of {other}"
    missing = sorted(ask.years - frozenset().union(*per))
    if missing:
        other = ", ".join(str(y) for y in missing)
        return f"the question asks about {asked}; this {word} takes no value of {other}"
    return None
