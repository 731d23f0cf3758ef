"""Round 35 (issue 19, speed49): the axis of a cell read once per pair of labels.

``rules.alignment_operands.axis_of`` (cached by the cell's row and column labels, which repeat
over a table's cells and every final figure's operands) against the plain reading it replaces
(a year in the row label and none in the column's: the periods are rows); and both modules that
read a cell's axis (``alignment_operands._axis``, ``alignment_base._axis``) give it.
"""

from __future__ import annotations

import importlib
import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.model.types import SourceValue
from crossfoot.rules import alignment_base, alignment_operands
from crossfoot.rules.alignment_operands import axis_of

_YEARISH = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\bFY\s?\d\d\b", re.IGNORECASE)


def _plain(row: str | None, column: str | None) -> str:
    if _YEARISH.search(row or "") and not _YEARISH.search(column or ""):
        return "column"
    return "row"


_PIECES = ["2019", "FY19", "fy 20", "12019", "Revenue", "Dec 31,", " ", "Q1", "1999", "2020s", ""]
_LABEL = st.one_of(st.none(), st.lists(st.sampled_from(_PIECES), max_size=4).map(" ".join))


@settings(max_examples=50, deadline=None)
@given(_LABEL, _LABEL)
def test_axis_of_is_the_plain_reading(row: str | None, column: str | None) -> None:
    assert axis_of(row, column) == _plain(row, column)
    v = SourceValue(Decimal(1), "S1", row=row, column=column, table=0)
    assert alignment_operands._axis(v) == alignment_base._axis(v) == _plain(row, column)


def test_axis_twins() -> None:
    # periods as rows: the item is the column; a year in both labels: the row
    assert axis_of("2019", "Revenue") == "column"
    assert axis_of("Revenue", "2019") == "row"
    assert axis_of("2019", "2019 vs 2018") == "row"
    assert axis_of("Fy 21", None) == "column"


# Year patterns that opened with a lookbehind ((?<!\d)), which ``re`` tries at every character,
# now open with "19"/"20" and test the digit before after it: the plain form of each, and the
# modules holding the rewritten one (since read35a, language.years.YEAR itself, imported: its
# group is the whole year, so search, findall and sub read as the uncaptured form did).
_PLAIN_YEARS = {
    "crossfoot.language.years:YEAR": r"(?<!\d)(19\d\d|20\d\d)(?!\d)",
    "crossfoot.language.years:_TEXT_YEAR": r"(?<!\d)(?<!\d\.)(19\d\d|20\d\d)(?!\d)(?!\.\d)",
    "crossfoot.rules.alignment_latest:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_periods:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules._named_years:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_program:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_sides:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_points:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_signs:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules.alignment_part:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
    "crossfoot.rules._named_parts:_YEAR": r"(?<!\d)((?:19|20)\d\d)(?!\d)",
}


def _pattern(where: str) -> re.Pattern[str]:
    module, name = where.split(":")
    found: re.Pattern[str] = getattr(importlib.import_module(module), name)
    return found


def _read(p: re.Pattern[str], text: str, pos: int, end: int) -> list[object]:
    return [(m.span(), m.groups(), p.groups and m.span(1)) for m in p.finditer(text, pos, end)]


@settings(max_examples=50, deadline=None)
@given(st.text("0129.\n -a\u0663", max_size=24), st.integers(0, 26), st.integers(0, 26))
def test_year_patterns_are_their_plain_forms(text: str, pos: int, end: int) -> None:
    text = f"in 2019.5 20{text}19 x1999 2020"  # (years, glued digits, decimals, at both ends)
    for where, plain in _PLAIN_YEARS.items():
        fast, slow = _pattern(where), re.compile(plain)
        assert fast.pattern != plain, where  # (the rewritten one is in place)
        assert _read(fast, text, pos, end) == _read(slow, text, pos, end), where
        assert fast.sub("Y", text) == slow.sub("Y", text), where


def test_year_pattern_twins() -> None:
    year = _pattern("crossfoot.language.years:YEAR")
    text_year = _pattern("crossfoot.language.years:_TEXT_YEAR")
    assert year.findall("fy2023, 2023q1, revenue_2023, 12019, 20190") == ["2023"] * 3
    assert year.search("x2019", 1).group(1) == "2019"  # (pos past the glued digit: a year)
    assert year.search("12019", 1) is None  # (the digit before pos still counts, as before)
    assert text_year.findall("The answer is 0.1969, 2019.5 or 2020.") == ["2020"]
