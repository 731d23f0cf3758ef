"""The top (bottom) N rows of a column, worded: "The top two regions accounted for 62% of
revenue", "the three largest products brought in $1.2 million", "the bottom 2 regions made
$570,000 combined".

A sentence that ranks a group of rows ("top", "bottom", "leading", "largest", "biggest",
"smallest", "lowest", "highest", with a count before or after: "top two", "two largest", "top
3") speaks of the N greatest (least) cells of one column of a table (rows only: total and
average lines aside; more rows than N). A figure of its sentence is then:

- ``derived`` when it is their sum, or, for a percentage, their sum's share of the column's
  whole (its total line, else every row summed), at its stated precision; and the count N
  itself ("3" of "top 3") when the column has more than N rows;
- ``contradicted`` when the sentence names the column (its header's words) or the table has one
  column of the figure's kind, and the figure meets neither (a figure worded as a change, "rose
  5.7%", or a comparison, "40% more revenue than South", is no sum: left alone): before, "the
  top 3 regions made up 82% of revenue" passed as one region's share of another's, and a right
  62% failed.

When the sentence names a year, the column is that year's.

>>> from crossfoot import check
>>> t = ('[["Region", "Revenue"], ["East", "420"], ["West", "510"], ["North", "300"],'
...      ' ["South", "270"]]')
>>> check("The top two regions accounted for 62% of revenue.", [t]).passed
True
>>> check("The top 3 regions made up 92% of revenue.", [t]).claims[-1].status
'contradicted'
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.extremes import ROW_NOUNS
from crossfoot.language.rowtokens import tokens
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import (
    claim_direction,
    claim_interval,
    fmt_result,
    kind_allowed,
)
from crossfoot.rules._label_noun import label_nouns
from crossfoot.rules._low import sentence_low

__all__ = ["top_rows"]

_GATES = ("top", "bottom", "leading", "largest", "biggest", "smallest", "lowest", "highest")
# (a count of rows, not a percentile: "the top 10% of customers", "top 5 percent")
_N = (
    r"(two|three|four|five|six|seven|eight|nine|ten|[2-9]|1[0-9])"
    r"(?!\s*(?:%|percent|per\s+cent))"
)
_WORDS = {w: i + 2 for i, w in enumerate("two three four five six seven eight nine ten".split())}
_RANK = re.compile(
    rf"(?i)\b(?:the\s+)?(?:(?P<top>top|leading|largest|biggest|highest)|(?P<bottom>bottom|"
    rf"smallest|lowest))\s+{_N}\b|\b(?:the\s+)?{_N}\s+(?:(?P<top2>largest|biggest|highest|"
    rf"leading|top)|(?P<bottom2>smallest|lowest|bottom))\b"
)
_THAN = re.compile(
    r"(?i)\s*(?:more|less|higher|lower|larger|smaller|greater|fewer)?\s*(?:\w+\s+){0,2}?than\b"
)
_HUNDRED = Decimal(100)
# The rows ranked must be called rows: a row noun ("regions", "products", "customers", or the
# label header's: rules._label_noun) within the two words after the rank ("the top two sales
# regions"); "our top 3 priorities" is none.
_ROW_WORDS = frozenset(w for n in ROW_NOUNS for w in (n, f"{n}s", f"{n[:-1]}ies", f"{n}es"))
_NEXT = re.compile(r"\s+([a-z-]+)(?:\s+([a-z-]+))?")


def _rows_noun(ctx: ClaimContext, text: str, at: int) -> bool:
    nxt = _NEXT.match(text.lower(), at)
    if nxt is None:
        return False
    said = [w for w in nxt.groups() if w]
    # (or the noun the table's label header gives its rows: "the top 3 reps" under "Rep")
    return any(w in _ROW_WORDS for w in said) or not label_nouns(ctx).isdisjoint(said)


def top_rows(ctx: ClaimContext) -> Verdict | None:
    """Rule: the sum or share of a column's top (bottom) N rows (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    if not m.claim or m.high is not None or m.kind == "year" or not ctx.options.allow_derived:
        return None
    low = sentence_low(ctx)
    if not any(g in low for g in _GATES) or not kind_allowed(ctx, "sum"):
        return None
    rank = _RANK.search(s.text)
    if rank is None or not _rows_noun(ctx, s.text, rank.end()):
        return None  # (none, or "our top 3 priorities": no rows of a table are ranked)
    word = (rank.group(3) or rank.group(4)).lower()
    n = _WORDS.get(word) or int(word)
    top = rank.group("top") is not None or rank.group("top2") is not None
    columns = _columns(ctx, n)
    if not columns:
        return None
    named = [c for c in columns if _named(low, c)]
    at = s.start + rank.start()
    if at <= m.start < s.start + rank.end():  # the count itself: "3" of "top 3"
        col = (named or columns)[0]
        formula = f"{n} of the {len(col)} rows of {col[0].column or 'the column'}"
        ev = Evidence(_rule(ctx), "count", formula, (), Decimal(n), "top rows")
        return Verdict("derived", ev)
    lo, hi = claim_interval(ctx)
    percent = m.kind == "percent"
    for col in named or columns:
        picked, result = _top(col, n, top, percent)
        if result is not None and lo <= result <= hi:
            return Verdict("derived", _evidence(ctx, col, picked, top, result, percent))
    if claim_direction(ctx)[1] or _THAN.match(s.text, m.end - s.start):
        return None  # ("rose 5.7%", "40% more than South": a change or a comparison, no share)
    if len(named) == 1 or (not named and len(columns) == 1):
        col = (named or columns)[0]
        picked, want = _top(col, n, top, percent)
        if want is None:  # (a share of a whole of nothing: the sum is what it names)
            want = sum((v.value for v in picked), Decimal(0))
        if m.scale != 1 and abs(m.written - want) <= m.precision / m.scale:
            return None  # ("$1.2M" over a column of 0.42, 0.78 in millions: a unit not read here)
        ev = _evidence(ctx, col, picked, top, want, percent)
        message = f'"{rank.group(0).strip()}" gives {ev.formula}, not {m.text.strip()}'
        return Verdict("contradicted", ev, message)
    return None


def _columns(ctx: ClaimContext, n: int) -> list[list[SourceValue]]:
    """Each table column of amounts or plain numbers with more than ``n`` rows (summary lines
    aside), of the year the sentence names if it names one."""
    years = {int(x.value) for x in ctx.sentence_mentions if x.kind == "year"}
    cols: dict[tuple[str, int, int, str], dict[int, SourceValue]] = {}
    for v in ctx.scope.values():
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        if kind_family(v.kind) != "amount":
            continue
        if line_role(v.row) is not None or (years and v.year not in years):
            continue
        cols.setdefault((v.source_id, v.table, v.col_index, v.view), {}).setdefault(v.row_index, v)
    out = [list(c.values()) for c in cols.values() if len(c) > n]
    return [c for c in out if all(v.value >= 0 for v in c)]


def _top(
    col: list[SourceValue], n: int, top: bool, percent: bool
) -> tuple[list[SourceValue], Decimal | None]:
    """The column's ``n`` largest (smallest) cells and their sum, or for a percentage its share
    of the column's whole (None when the whole is not positive)."""
    picked = sorted(col, key=lambda v: v.value, reverse=top)[:n]
    total = sum((v.value for v in picked), Decimal(0))
    if not percent:
        return picked, total
    whole = sum((v.value for v in col), Decimal(0))
    return picked, (total / whole * _HUNDRED if whole > 0 else None)


def _rule(ctx: ClaimContext) -> str:
    # (over result rows the rows are picked by rank, not named: the family trace leaves as is)
    return "rowsums" if ctx.options.result_rows else "derive"


def _named(low: str, col: list[SourceValue]) -> bool:
    words = tokens(col[0].column or "")
    return bool(words) and all(w in low for w in words)


def _evidence(
    ctx: ClaimContext,
    col: list[SourceValue],
    picked: list[SourceValue],
    top: bool,
    result: Decimal,
    percent: bool,
) -> Evidence:
    which = "largest" if top else "smallest"
    listed = " + ".join(f"{v.row} ({format_decimal(v.value)})" for v in picked)
    head = f"the {len(picked)} {which} of {col[0].column or 'the column'}: {listed}"
    formula = f"({head}) / the column's {len(col)} rows" if percent else head
    return Evidence(
        _rule(ctx), "sum", f"{formula} = {fmt_result(ctx, result)}", tuple(picked), result
    )
