"""A unit note standing alone: in a row under a table's figures, or as a line of text.

Filings print a table's unit on a line of its own ("(in thousands)", "US$'000", "£m",
"Thousands of dollars"); a parser leaves that line as a row of the table under its figures (a
footnote line), as a line of text after a table it ended, or as a passage of its own. Each place
states the same unit, so each is read as one (a figure stated in thousands was ``unit_unstated``,
or passed in one table format and not in another):

* :func:`trailing_unit`: a unit note alone in a row after the last figure row;
  :func:`crossfoot.sources.table_read.read_table` takes it as the unit from outside the header,
  before the text around the table. A row with a figure or two filled cells is no note; a cell
  over 80 characters is a footnote sentence, not a unit note.
* :func:`unit_headers`: the unit headers of a text (``cells.find_unit_headers``) and each
  line of at most 40 characters that a header cell reading (``cells.unit_in_cell``) takes
  whole as a unit: "$'000", "RMB'000", "£m", "Revenue $'000".
* :func:`caption_unit`: passages that name two scales ("(in thousands)" before one table,
  "(in millions)" of another matter) leave no one unit to a table given apart; the note in a
  sentence that introduces a table ("The following table ... (in thousands):", "... as
  follows", "... below") is that table's caption, and governs it when the captions agree.
* :func:`year_units`: a unit written on one year's column header only ("2019 $'000 | 2018"):
  the columns of the other years, labelled the same but for the year, take it.
* :func:`body_unit`: a unit note alone in a row between figure rows ("Stores | 120 | 110"
  above, "(in millions)" over the figure columns, "Revenue | 1,234 | 1,100" below: a stacked
  table's block of amounts under a block of counts or rates) governs the rows below it, as the
  same note between the header and the first figures governs all of them (the amounts below
  were ``unit_unstated``; round 40).

>>> from crossfoot.sources.table_header import cell_number
>>> grid = [["", "2019"], ["Sales", "1,200"], ["(in thousands)", ""]]
>>> trailing_unit(grid, [[cell_number(c) for c in row] for row in grid]).scale
Decimal('1000')
>>> text = "Revenue by region; US$'000".replace("; ", chr(10))
>>> [(a, b, u.scale) for a, b, u in unit_headers(text)]
[(18, 25, Decimal('1000'))]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from crossfoot.sources.cells import CellNumber, Unit, find_unit_headers, unit_in_cell
from crossfoot.sources.table_header import Header

__all__ = ["body_unit", "caption_unit", "trailing_unit", "unit_headers", "year_units"]

# A sentence that introduces a table: "the following table", "as follows", "shown below".
_INTRODUCES = re.compile(
    r"(?i)\b(?:following\s+(?:table|schedule|summary)|tables?\s+below|as\s+follows|"
    r"(?:set\s+forth|shown|presented|summari[sz]ed|detailed|listed|provided|included)\s+below)\b"
)
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")

_YEAR_DIGITS = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_OTHER_DIGITS = re.compile(r"\d+")

_SHORT_LINE = re.compile(r"^[ \t]*(\S[^\n]{0,38}?)[ \t]*$", re.M)


def trailing_unit(
    grid: Sequence[Sequence[str]], parsed: Sequence[Sequence[CellNumber | None]]
) -> Unit | None:
    """The unit a figure-less row after the table's last figure row states alone, if any."""
    last = max((i for i, row in enumerate(parsed) if any(c is not None for c in row)), default=-1)
    for row in grid[last + 1 :]:
        filled = [c for c in row if c and c.strip()]
        if len(filled) == 1 and len(filled[0]) <= 80:
            unit = unit_in_cell(filled[0])
            if unit is not None:
                return unit
    return None


def unit_headers(text: str) -> list[tuple[int, int, Unit]]:
    """The unit headers of ``text`` with their spans, in order: the notes a text states
    ("(in millions)") and its short lines that are a unit alone (see the module docstring)."""
    found = find_unit_headers(text)
    if "\n" not in text and len(text) > 40:
        return found  # (a passage of one long line: no line of its own)
    lines = []
    for m in _SHORT_LINE.finditer(text):
        a, b = m.span(1)
        if any(s < b and a < e for s, e, _ in found):
            continue
        unit = unit_in_cell(m.group(1))
        if unit is not None:
            lines.append((a, b, unit))
    return sorted(found + lines, key=lambda x: x[0]) if lines else found


# What a unit note leaves of a label beside its year ("2019 $", "2019 Dollars", "2019 of euros",
# "2019 , except per share"): no part of the column's name.
_UNIT_RESIDUE = re.compile(
    r"(?i)\bexcept\b.*|[$€£¥₹]|\b(?:of|u\.?s\.?|usd|eur|gbp|dollars?|euros?|pounds?|yen)\b|\W"
)


def _shape(label: str) -> str:
    """A column label with its year as "Y" and a unit note's residue dropped."""
    return _UNIT_RESIDUE.sub("", _OTHER_DIGITS.sub("", _YEAR_DIGITS.sub("Y", label))).lower()


def year_units(h: Header) -> Header:
    """``h`` with a unit one year's column states given to the columns of the other years that
    state none and are labelled alike but for the year (not percent columns); ``h`` itself when
    the year columns state two scales or all state one.

    >>> from crossfoot.sources.cells import unit_in_cell
    >>> h = Header(1, 1, ["", "2019", "2018"], [None, 2019, 2018], [False] * 3,
    ...            [None, unit_in_cell("2019 $'000"), None])
    >>> [u and u.text for u in year_units(h).units]
    [None, "2019 $'000", "2019 $'000"]
    """
    cols = [j for j in range(1, len(h.years)) if h.years[j] is not None and not h.percent[j]]
    donors = [j for j in cols if h.units[j] is not None]
    if not donors or len(donors) == len(cols):
        return h
    units = [h.units[j] for j in donors]
    if len({u.scale for u in units if u is not None}) != 1:
        return h
    shapes = {_shape(h.labels[j]) for j in donors}
    fill = [j for j in cols if h.units[j] is None and _shape(h.labels[j]) in shapes]
    if not fill:
        return h
    out = list(h.units)
    for j in fill:
        out[j] = units[0]
    return replace(h, units=out)


def caption_unit(texts: Sequence[tuple[str, Sequence[tuple[int, int, Unit]]]]) -> Unit | None:
    """The unit the notes of table captions among ``texts`` (each a text and its unit headers)
    agree on, if they name one scale (see the module docstring).

    >>> text = "The following table shows revenue (in thousands):"
    >>> other = "Debt is shown in the notes (in millions)."
    >>> caption_unit([(text, unit_headers(text)), (other, unit_headers(other))]).scale
    Decimal('1000')
    """
    found = []
    for text, units in texts:
        for a, b, unit in units:
            start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, a)), default=0)
            end = _SENTENCE_END.search(text, b)
            if _INTRODUCES.search(text, start, end.start() if end else len(text)):
                found.append(unit)
    return found[0] if found and len({u.scale for u in found}) == 1 else None


def body_unit(h: Header, row: Sequence[str]) -> Header | None:
    """``h`` with the unit a body row without figures states alone (a note of at most 80
    characters in any one cell) given to every column but the percent columns; None when the
    row is no such note (see the module docstring).

    >>> from crossfoot.sources.cells import unit_in_cell
    >>> h = Header(1, 1, ["", "2019", "2018"], [None, 2019, 2018], [False] * 3, [None] * 3)
    >>> [u and u.scale for u in body_unit(h, ["", "(in millions)", ""]).units]
    [Decimal('1000000'), Decimal('1000000'), Decimal('1000000')]
    >>> body_unit(h, ["Revenue", "", ""]) is None
    True
    """
    filled = [c for c in row if c and c.strip()]
    if len(filled) != 1 or len(filled[0]) > 80:
        return None
    unit = unit_in_cell(filled[0])
    if unit is None:
        return None
    units = [u if h.percent[j] else unit for j, u in enumerate(h.units)]
    return replace(h, units=units)
