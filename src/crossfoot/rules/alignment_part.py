"""An average or a total over part of what the question asks (some of the years, rows or columns
it names), for :mod:`crossfoot.rules.alignment`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named import TOTAL_LABEL, Named, _own_words, value_years

__all__ = ["listed_misfit", "part_misfit", "years_list"]

_COMBINING = re.compile(r"(?i)\b(?:total|sum|combined|aggregate|altogether|average|mean)\b")
_COMBINED = frozenset({"sum", "mean", "average", "written_calculation"})
_BOTH = re.compile(r"(?i)\bboth\b")
_MINUS = re.compile("[-−–×*]")  # (a written calculation of sums and a division only)


def part_misfit(ask: Ask, kind: str, ops: Sequence[SourceValue], named: Named) -> str | None:
    """An average or a total over part of what the question asks: one year of the several it
    names, or some years of the one row it names without naming years."""
    if len(ops) < 2:
        return None
    years = {y for v in ops for y in value_years(v)}
    if len(ask.years) >= 2 and len(years) == 1:
        asked, taken = years_list(ask.years), years_list(years)
        return f"the question asks about {asked}; this {kind} is of {taken} only"
    if ops[0].table is None or ask.points_back:
        return None
    rows = {(v.source_id, v.table, v.row_index) for v in ops}
    if len(rows) == 1 and not ask.years and named.names(ops[0], "row"):
        return _takes_part(kind, len(ops), "year", ops[0].row, named.years_in_row(ops[0]))
    # "the average age of the executive officers": a column the question names, no row named
    cols = {(v.source_id, v.table, v.col_index, v.view) for v in ops}
    if (
        len(rows) > 1
        and len(cols) == 1
        and not years
        and named.names(ops[0], "column")
        and not named.labels_named(ops[0], "row")
    ):
        return _takes_part(kind, len(ops), "row", ops[0].column, named.rows_in_column(ops[0]))
    return None


def _takes_part(kind: str, taken: int, unit: str, line: str | None, every: int) -> str | None:
    """Why a ``kind`` of ``taken`` values of a line of ``every`` (each a ``unit``) is a part of
    what the question asks about, or None when it takes them all."""
    if every <= taken:
        return None
    return f"the question asks about every {unit} of {line}; this {kind} takes {taken} of {every}"


def listed_misfit(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """A total or an average of one column over some of the rows the question lists ("the
    total revenue from Americas, Europe and Asia Pacific" over two of them): every operand's
    row is named, and a named row (no total line) is left out. (Read whatever ``Ask.op`` is:
    "the total revenue from A, B and C in 2018" asks no sum of years.)"""
    ops = ev.operands
    if len(ops) < 2 or ops[0].table is None or not _combining(ask.text):
        return None
    if ev.kind not in _COMBINED or (ev.kind == "written_calculation" and _MINUS.search(ev.formula)):
        return None
    cols = {(v.source_id, v.table, v.col_index, v.view) for v in ops}
    if len(cols) != 1:
        return None
    kind = "average" if ev.kind in ("mean", "average") else "total"
    # each row by the words that name it: rows of one name ("Nonvested at January 1, 2017",
    # "Nonvested at December 30, 2018") are one line named, not several listed
    listed = {
        required_tokens(_own_words(x)): x
        for x in named.labels_named(ops[0], "row")
        if not TOTAL_LABEL.search(x) and not _YEAR.search(x)  # ("2015 net revenue": a period)
    }
    # ("current portion of long-term debt" names no "Long-term debt" besides)
    listed = {k: x for k, x in listed.items() if not any(k < other for other in listed)}
    taken = {required_tokens(_own_words(v.row or "")) for v in ops}
    if len(listed) < 3 or not taken < listed.keys():
        return None
    left = ", ".join(sorted(listed[k] for k in listed.keys() - taken))
    return f"the question lists {len(listed)} rows; this {kind} leaves out {left}"


@lru_cache(maxsize=1024)  # (one question, many answers and claims)
def _combining(question: str) -> bool:
    """Whether the question asks to combine rows (a total, a sum, an average), and not "both
    A and B" (two rows asked)."""
    return _COMBINING.search(question) is not None and _BOTH.search(question) is None


def years_list(years: Iterable[int]) -> str:
    """The years in order, for a message: "2018, 2019"."""
    return ", ".join(str(y) for y in sorted(years))
