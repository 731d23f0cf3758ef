"""A figure the sentence calls an average or median of the rows is not one row's cell.

"The average region sold $1.25 million in 2023" over a table of four regions whose mean is
$1.35 million: the figure equals East's cell, so it used to pass as ``supported_exact``, yet
East is not what the sentence speaks of. When the sentence names an aggregate over the table's
rows ("the average region", "the median store", "average sales per region", "each branch, on
average") and the figure matches only cells of rows it does not name, the column's mean (or
median) is what it claims: a figure outside that at its stated precision is ``contradicted``,
naming both the aggregate and the cell it happened to equal. A matched line of the table's own
("Average", "Total") or a row the sentence names leaves the match alone, as does a column of
fewer than three rows.

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "1,200", "2,500"], ["South", "900", "950"],'
...      ' ["East", "400", "1,250"], ["West", "700", "690"]]')
>>> check("The average region sold 1,250 in 2023.", [t]).claims[0].status
'contradicted'
>>> check("The average region sold 1,347.5 in 2023.", [t]).passed
True
>>> check("East sold 1,250 in 2023, above the average region.", [t]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.arithmetic.middle import median_of
from crossfoot.language.extremes import ROW_NOUNS_RE
from crossfoot.language.rowtokens import names_row
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._month_focus import months_in, one_month, period_row
from crossfoot.rules._rowsums_tables import scope_tables
from crossfoot.rules._year_mean import IN_SENTENCE, SPAN, year_mean_verdict, year_total_verdict
from crossfoot.sources.rows_months import QUARTER

__all__ = ["aggregate_verdict"]

_WORDS = ("average", "median", "mean")  # (a substring gate: few sentences say one)
# "the average region", "median store", "average sales per region", "each branch ... on average",
# "the average growth rate across products"
# "mean" after a determiner only: "the mean across regions", not the verb ("that would mean the
# region sold 1,250")
_MEAN = r"(?:(?<=\bthe\s)|(?<=\ba\s)|(?<=\bits\s)|(?<=\bour\s)|(?<=\btheir\s))mean"
# a character of the sentence, a decimal point inside its figures too ("averaged $9.5M a year")
_IN = IN_SENTENCE
_OVER_ROWS = re.compile(
    rf"(?i)\b(?:(?:average|median|{_MEAN})\s+(?:[a-z-]+\s+){{0,2}}?(?:per\s+)?(?:{ROW_NOUNS_RE})"
    rf"|(?:per|each|every)\s+(?:{ROW_NOUNS_RE})\b{_IN}*?\bon\s+average"
    rf"|on\s+average,?\s+(?:each|every|a|the)\s+(?:{ROW_NOUNS_RE})"
    rf"|(?:averag(?:e|ed|es|ing)|median|{_MEAN})\b{_IN}{{0,40}}?\b(?:across|among)\s+(?:the\s+|all\s+|our\s+)?"
    rf"(?:[a-z]+\s+)?(?:{ROW_NOUNS_RE}))\b"
)
# "averaged 1,350 orders a month", "a monthly average of": over rows that are periods
_OVER_PERIODS = re.compile(
    rf"(?i)\baverag(?:e|ed|es|ing)\b{_IN}{{0,40}}?\b(?:a|per|each|every)\s+"
    r"(?:month|week|day|quarter)\b|\b(?:monthly|weekly|daily|quarterly)\s+average\b"
    r"|\baverage\s+(?:monthly|weekly|daily|quarterly)\b"
)
# "averaged 1,850 a year", "an annual average of": a row's mean across its year columns (not
# "average annual growth": a mean of changes, not of the row's cells)
_PER_YEAR = re.compile(
    rf"(?i)\baverag(?:e|ed|es|ing)\b{_IN}{{0,40}}?\b(?:(?:a|per|each)\s+year\b"
    rf"|{SPAN})"
    r"|\b(?:annual|yearly)\s+average\b(?!\s+(?:growth|change|increase|decrease|rate|return))"
)
_Cell = tuple[Decimal, "tuple[int | None, int] | None"]  # a column's value and its row's period


def aggregate_verdict(ctx: ClaimContext, values: Sequence[SourceValue]) -> Verdict | None:
    """``contradicted`` when the sentence names the rows' average or median and the figure met
    only cells of rows it does not name, off that aggregate (module docstring); else None."""
    text = ctx.sentence.text
    low = text.lower()
    if not any(w in low for w in _WORDS):
        return year_total_verdict(ctx, values)  # "total sales over the three years"
    said = _OVER_ROWS.search(text) or _OVER_PERIODS.search(text) or _PER_YEAR.search(text)
    if said is None or ctx.mention.high is not None:
        return None
    if said.re is _PER_YEAR:
        return year_mean_verdict(ctx, values, said.group(0), said.start())
    if said.re is _OVER_PERIODS and not all(period_row(v) for v in values):
        # "Services averaged 101 a quarter" of a row across quarter columns: the row's mean
        return year_mean_verdict(ctx, values, said.group(0), said.start(), periods=True)
    cells = [v for v in values if v.table is not None and v.row_index is not None and v.row]
    if not cells or len(cells) != len(values):
        return None
    if any(line_role(v.row) is not None or names_row(v.row or "", text) for v in cells):
        return None
    v = cells[0]
    found = _column(ctx.scope.values(), v) or _rows_column(ctx, v)
    if len(found) < 3:
        return None
    median = "median" in said.group(0).lower()
    groups = [[x for x, _ in found]]
    part = one_month(text)  # "Q1 orders averaged 1,350 a month": Q1's months, too
    if part is not None and part > QUARTER:
        inside = set(months_in(part))
        groups.append([x for x, p in found if p is not None and p[1] in inside])
    groups = [g for g in groups if g]
    wholes = [median_of(g) if median else sum(g, Decimal(0)) / len(g) for g in groups]
    lo, hi = claim_interval(ctx)
    if any(lo <= w <= hi for w in wholes):
        return None
    what = "median" if median else "mean"
    shown = format_decimal(wholes[-1].quantize(Decimal("0.01")).normalize())
    why = (
        f"the sentence gives the {what} of the rows ({said.group(0)!r}); the {what} of "
        f"{v.column or 'its column'} over {len(groups[-1])} rows is {shown}, and the figure "
        f"is {v.describe()}, a row the sentence does not name"
    )
    return Verdict("contradicted", Evidence("direct", "cell", v.describe(), (v,), v.value), why)


def _column(values: tuple[SourceValue, ...], v: SourceValue) -> list[_Cell]:
    """The cells of ``v``'s column, one per row, its summary lines aside."""
    family = kind_family(v.kind)
    seen: dict[int, _Cell] = {}
    for w in values:
        if (
            w.table == v.table
            and w.col_index == v.col_index
            and w.source_id == v.source_id
            and w.view == v.view
            and w.row_index is not None
            and kind_family(w.kind) == family
            and line_role(w.row) is None
        ):
            seen.setdefault(w.row_index, (w.value, w.period))
    return list(seen.values()) if len(seen) >= 3 else []


def _rows_column(ctx: ClaimContext, v: SourceValue) -> list[_Cell]:
    """A result set's column of ``v`` (trace's scope indexes only the cells a claim met), its
    total rows aside; nothing for a long table (rows of several periods or repeated labels)."""
    for t in scope_tables(ctx):
        if t.source_id != v.source_id or t.grouped():
            continue
        for c in t.columns:
            if c.name == v.column and v.row_index in c.values:
                periods = t.row_periods() or []
                n = len(periods)
                return [(x, periods[i] if i < n else None) for i, x in c.values.items()]
    return []
