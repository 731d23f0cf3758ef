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
- **another year's base**: the question names one year, the numerator is of it and the base
  of another year;
- **the total for a named part**: the question names its base ("as a percentage of Retail
  sales") by the words of a row of the table that is no total, says no "total", and the
  figure divides by the table's total row.

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

__all__ = ["base_misfit"]

_QUOTIENTS = frozenset({"share", "ratio", "written_calculation"})
# "of total revenue", "of the total", "to the company's total": the base asked is a total
_TOTAL_BASE = re.compile(
    r"(?i)\b(?:of|to|over|in)\s+(?:the\s+)?(?:(?:company|group|firm)['’]s\s+)?total\b"
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


def _part_for_total(ask: Ask, num: SourceValue, base: SourceValue, named: Named) -> str | None:
    """A share of the total asked, divided by a part the total row of its column exceeds."""
    if not _TOTAL_BASE.search(ask.text) or TOTAL_LABEL.search(num.row or ""):
        return None  # ("the ratio of total debt to equity": the total is the numerator)
    if TOTAL_LABEL.search(base.row or "") or named.names(base, "row"):
        return None
    if not named.names(num, "row"):
        return None
    if required_tokens(base.row or "") & frozenset(tokens(ask.text)):
        return None  # (a base the question half names may be the total it means: "Revenue")
    totals = [
        x
        for x in named.values
        if _same_table(x, base)
        and x.col_index == base.col_index
        and x.row_index != base.row_index
        and TOTAL_LABEL.search(x.row or "")
        and abs(x.value) > abs(base.value)
        and abs(x.value) >= abs(num.value)
    ]
    if not totals:
        return None
    return f"the question asks for a share of the total; this figure divides by {base.row}"


def _total_for_part(ask: Ask, base: SourceValue, named: Named) -> str | None:
    """A base the question names by a row's words, and the figure divides by the total row."""
    if "total" in ask.text.lower() or not TOTAL_LABEL.search(base.row or ""):
        return None
    if named.names(base, "row"):
        return None
    sides = read_sides(ask.text)
    if sides is None or not sides.quotient or sides.back:
        return None
    right = frozenset(tokens(sides.right))
    rows = sorted(
        {
            str(x.row)
            for x in named.values
            if _same_table(x, base)
            and x.col_index == base.col_index
            and x.row
            and not TOTAL_LABEL.search(x.row)
            and (req := required_tokens(x.row))
            and req <= right
        }
    )
    if len(rows) != 1:
        return None
    return f"the question asks for a share of {rows[0]}; this figure divides by {base.row}"


def base_misfit(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """Why the quotient ``ev`` divides by another base than the one the question names, in
    words, or None (see the module docstring)."""
    if ask.op != "ratio":
        return None
    pair = _num_base(ev)
    if pair is None:
        return None
    num, base = pair
    if num.table is None or not _same_table(num, base) or num.row_index == base.row_index:
        return None
    return (
        _other_year(ask, num, base)
        or _part_for_total(ask, num, base, named)
        or _total_for_part(ask, base, named)
    )


def _other_year(ask: Ask, num: SourceValue, base: SourceValue) -> str | None:
    """One year asked, the numerator of it and the base of another year."""
    if len(ask.years) != 1:
        return None
    ny, by = value_years(num), value_years(base)
    if len(ny) != 1 or len(by) != 1 or not ny <= ask.years or by & ask.years:
        return None
    (year,) = ask.years
    return f"the question asks about {year}; this figure divides by {base.label or base.row}"
