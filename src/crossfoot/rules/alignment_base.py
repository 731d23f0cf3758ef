"""A share over another base than the one the question names.

"What percentage of total revenue in 2020 came from Online?" answered with Online over Retail
(two rows of the table, the arithmetic right) passes every per-figure check: it answers another
question. For :func:`crossfoot.rules.alignment.misfit`, a final figure that is a quotient of two
cells of one table (a share, a ratio, a written division), read as numerator over base by its
result, is ``off_question`` when:

- **a part for the total**: the question asks for a share *of the total* ("of total revenue",
  "of the total"), names the numerator's row, and the base is a row that is no total (no
  "total" in its label), that the question does not name by any of its words, and that a total
  row of the same column exceeds;
- **another year's side**: the question names one year, one side of the quotient is of it
  and the other of another year (the numerator or the base); read also for "what percentage
  (share, proportion) of X ...", which asks for a quotient in other words;
- **the total for a named part**: the question names its base ("as a percentage of Retail
  sales") by the words of a row of the table that is no total, says no "total", and the
  figure divides by the table's total row.

- **the other parts for the total**: the question asks for a share of the total and names
  the numerator's row; the figure is a written quotient of that cell over a sum of other lines'
  cells of its period ("250 / (612 + 388)"), none a total, and the table's total line of that
  period is the numerator plus that sum: the base leaves the part itself out.

A base the question names, a total row for a total asked, or a table with no total row: not
judged (the table may give the total under another name: "Revenue").

>>> import json, crossfoot
>>> grid = [["", "2020"], ["Retail", "612"], ["Online", "250"], ["Total", "1,250"]]
>>> q = "What percentage of total sales in 2020 came from Online?"
>>> crossfoot.check("Answer: 20%", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("Answer: 40.85%", [json.dumps(grid)], question=q).passed
False
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.asked_sides import read_sides
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import TOTAL_LABEL, Named, value_years
from crossfoot.rules.alignment_inverted import inverted_misfit
from crossfoot.rules.alignment_operands import axis_of

__all__ = ["base_misfit"]

_QUOTIENTS = frozenset({"share", "ratio", "written_calculation"})
# "of total revenue", "of the total", "to the company's total": the base asked is a total
_TOTAL_BASE = re.compile(
    r"(?i)\b(?:of|to|over|in)\s+(?:the\s+)?(?:(?:company|group|firm)['’]s\s+)?total\b"
)
# "What percentage of revenue in 2019 was gross profit?": a share asked with no word that
# language.asked reads as a ratio ("as a percentage of", "of total")
_SHARE_ASKED = re.compile(
    r"(?i)\bwhat\s+(?:percentage|percent|proportion|share|portion|fraction)\s+of\b"
)
_CLOSE = Decimal("0.001")  # relative: a quotient read at the result's own digits


def _num_base(ev: Evidence) -> tuple[SourceValue, SourceValue] | None:
    """The numerator and the base of a quotient of two values, read by its result (as a
    fraction or a percentage), or None when neither order gives it."""
    if ev.kind not in _QUOTIENTS or len(ev.operands) != 2 or ev.result is None:
        return None
    if ev.kind == "written_calculation" and not any(c in ev.formula for c in "/÷"):
        return None
    a, b = ev.operands
    found = []
    for num, base in ((a, b), (b, a)):
        if base.value == 0:
            continue
        q = num.value / base.value
        for read in (q, q * 100):
            if abs(read - ev.result) <= _CLOSE * max(abs(read), Decimal(1)):
                found.append((num, base))
                break
    return found[0] if len(found) == 1 else None


def _same_table(a: SourceValue, b: SourceValue) -> bool:
    return (a.source_id, a.table, a.view) == (b.source_id, b.table, b.view)


def _axis(v: SourceValue) -> str:
    """The axis of a cell's item: its row, unless the table gives the periods as rows (a year
    in the row label and none in the column's; alignment_operands.axis_of, read once a label)."""
    return axis_of(v.row, v.column)


def _item(v: SourceValue, axis: str) -> str:
    """The label of the line ``v`` measures along ``axis``."""
    return (v.row if axis == "row" else v.column) or ""


def _at(v: SourceValue, axis: str) -> tuple[int | None, int | None]:
    """(the index of ``v``'s line, the index of its period) along ``axis``."""
    return (v.row_index, v.col_index) if axis == "row" else (v.col_index, v.row_index)


def _beside(x: SourceValue, v: SourceValue, axis: str) -> bool:
    """Whether ``x`` is another line's value at ``v``'s period, in ``v``'s table."""
    return (
        _same_table(x, v)
        and _at(x, axis)[1] == _at(v, axis)[1]
        and _at(x, axis)[0] != _at(v, axis)[0]
    )


def _part_for_total(
    ask: Ask, num: SourceValue, base: SourceValue, named: Named, axis: str
) -> str | None:
    """A share of the total asked, divided by a part the total line of its period exceeds."""
    if not _TOTAL_BASE.search(ask.text) or TOTAL_LABEL.search(_item(num, axis)):
        return None  # ("the ratio of total debt to equity": the total is the numerator)
    label = _item(base, axis)
    if TOTAL_LABEL.search(label) or named.names(base, axis) or not named.names(num, axis):
        return None
    if required_tokens(label) & frozenset(tokens(ask.text)):
        return None  # (a base the question half names may be the total it means: "Revenue")
    if not any(
        _beside(x, base, axis)
        and TOTAL_LABEL.search(_item(x, axis))
        and abs(x.value) > abs(base.value)
        and abs(x.value) >= abs(num.value)
        for x in named.values
    ):
        return None
    return f"the question asks for a share of the total; this figure divides by {label}"


def _total_for_part(ask: Ask, base: SourceValue, named: Named, axis: str) -> str | None:
    """A base the question names by a line's words, and the figure divides by the total."""
    label = _item(base, axis)
    if "total" in ask.text.lower() or not TOTAL_LABEL.search(label) or named.names(base, axis):
        return None
    sides = read_sides(ask.text)
    if sides is None or not sides.quotient or sides.back:
        return None
    right = frozenset(tokens(sides.right))
    lines = {
        item
        for x in named.values
        if _beside(x, base, axis)
        and (item := _item(x, axis))
        and not TOTAL_LABEL.search(item)
        and (req := required_tokens(item))
        and req <= right
    }
    if len(lines) != 1:
        return None
    return f"the question asks for a share of {lines.pop()}; this figure divides by {label}"


def base_misfit(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """Why the quotient ``ev`` divides by another base than the one the question names, in
    words, or None (see the module docstring)."""
    share = ask.op is None and _SHARE_ASKED.search(ask.text) is not None
    if ask.op != "ratio" and not share:
        return None
    if len(ev.operands) > 2:
        return _other_parts(ask, ev, named)
    pair = _num_base(ev)
    if pair is None:
        return None
    num, base = pair
    if num.table is None or not _same_table(num, base):
        return None
    axis = _axis(num)
    if _axis(base) != axis or _at(num, axis)[0] == _at(base, axis)[0]:
        return None
    if share:
        return _other_year(ask, num, base)  # ("what percentage of X": the year of both sides)
    return (
        inverted_misfit(ask, num, base, _item(num, axis), _item(base, axis))
        or _other_year(ask, num, base)
        or _part_for_total(ask, num, base, named, axis)
        or _total_for_part(ask, base, named, axis)
    )


def _other_year(ask: Ask, num: SourceValue, base: SourceValue) -> str | None:
    """One year asked, one side of the quotient of it and the other of another year (the
    share of one year's part in another year's whole, either way round)."""
    if len(ask.years) != 1:
        return None
    ny, by = value_years(num), value_years(base)
    if len(ny) != 1 or len(by) != 1 or ny == by:
        return None
    (year,) = ask.years
    if ny <= ask.years and not by & ask.years:
        return f"the question asks about {year}; this figure divides by {base.label or base.row}"
    if by <= ask.years and not ny & ask.years:
        return f"the question asks about {year}; this figure divides {num.label or num.row}"
    return None


_NEAR = Decimal("0.01")  # relative: a share read at a written result's rounding


def _near(a: Decimal, b: Decimal) -> bool:
    return abs(a - b) <= _NEAR * max(abs(a), abs(b), Decimal("0.0001"))


def _reads(share: Decimal, result: Decimal) -> bool:
    """Whether the written ``result`` is ``share`` as a fraction or a percentage."""
    return _near(share, result) or _near(share * 100, result)


def _other_parts(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """A share of the total asked, written as the named part over the sum of the others."""
    if ev.kind != "written_calculation" or "/" not in ev.formula or ev.result is None:
        return None
    if not _TOTAL_BASE.search(ask.text):
        return None
    num, *rest = ev.operands
    if num.table is None or not named.names(num, _axis(num)) or num.value <= 0:
        return None
    axis = _axis(num)
    if any(
        not _beside(x, num, axis) or _axis(x) != axis or TOTAL_LABEL.search(_item(x, axis))
        for x in rest
    ):
        return None
    others = sum((x.value for x in rest), Decimal(0))
    if others <= 0 or not _reads(num.value / others, ev.result):
        return None
    for x in named.values:
        if (
            _beside(x, num, axis)
            and TOTAL_LABEL.search(_item(x, axis))
            and _near(x.value, num.value + others)
            and not _reads(num.value / x.value, ev.result)
        ):
            return (
                f"the question asks for a share of the total; this figure divides by the other "
                f"parts ({', '.join(_item(v, axis) for v in rest)}), not {_item(x, axis)}"
            )
    return None
