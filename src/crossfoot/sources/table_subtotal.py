"""A row of figures with a blank label that sums the rows above it: a total.

Filings close a section ("Current:" over "Federal", "State") with its sums and no label, and
some close a whole table so. Read as "row 7" such a row names nothing a question asks for ("the
total current tax", "the total in 2019"); read as "Total Current" (or "Total" outside a section)
it is found as a total. Only a row whose every figure is the sum of the rows above it in its
column since the section began (or the last total), within their precision, is so named (a
row of amounts by its amounts: a "% Change" column beside them does not add up); a
blank-labelled row of other figures keeps no name.

>>> from decimal import Decimal as D
>>> from crossfoot.sources.cells import CellNumber
>>> def row(*vs): return [(j + 1, CellNumber(D(v), D("0.5"), "number")) for j, v in enumerate(vs)]
>>> s = BlankTotals()
>>> [s.label("Current", lab, row(*vs)) for lab, vs in
...  [("Federal", (10, 20)), ("State", (5, 7)), ("", (15, 27))]]
['Federal', 'State', 'Total Current']
>>> s.label("Deferred", "Federal", row(1, 2)), s.label("Deferred", "", row(4, 2))
('Federal', '')
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.sources.cells import CellNumber

__all__ = ["BlankTotals"]

_TOTAL = re.compile(r"(?i)^\s*(?:sub-?)?total\b")


class BlankTotals:
    """The rows of figures read since the section began, to name a blank-labelled sum row."""

    __slots__ = ("_rows", "_section")

    def __init__(self) -> None:
        self._section = ""
        self._rows: list[dict[int, tuple[Decimal, Decimal, bool]]] = []

    def label(self, section: str, row_label: str, numbers: list[tuple[int, CellNumber]]) -> str:
        """``row_label``, or the total's name for a blank-labelled row of the sums above."""
        if section != self._section:
            self._section, self._rows = section, []
        if not row_label and self._sums(numbers):
            self._rows = []
            return f"Total {section}" if section else "Total"
        if _TOTAL.match(row_label):
            self._rows = []
        else:
            self._rows.append({j: (c.value, c.precision, c.kind == "percent") for j, c in numbers})
        return row_label

    def _sums(self, numbers: list[tuple[int, CellNumber]]) -> bool:
        if len(self._rows) < 2 or not numbers:
            return False
        # A row of amounts is judged by its amounts: the percent change of a total ("% Change"
        # beside the years) is no sum of its lines' percent changes.
        amounts = [(j, c) for j, c in numbers if c.kind != "percent"]
        for j, cell in amounts or numbers:
            # (a "% of net sales" row under each line is no term of a sum of amounts)
            pct = cell.kind == "percent"
            terms = [r[j][:2] for r in self._rows if j in r and r[j][2] == pct]
            if len(terms) < 2:
                return False
            slack = sum((p for _, p in terms), cell.precision)
            if abs(sum((v for v, _ in terms), Decimal(0)) - cell.value) > slack:
                return False
        return True
