"""Totals over the rows of one group of a long result set: one period, or one label.

A result set by region and month holds a row per pair: "Total revenue in February was $108,400"
is the sum of February's rows, "North's revenue totalled $522,000" the sum of North's twelve,
"North accounted for 42.0% of February revenue" North's February cell over February's total.
:mod:`crossfoot.rules.rowsums` adds a whole column, two named cells or a run of adjacent ones;
the rows of a month are neither. The sentence names the group, so each total is one figure per
column (a canonical figure, like a column total), not a search:

- the period group: the rows of the one month, quarter or year the sentence names (the table's
  column of periods, or of years, :mod:`crossfoot.sources.rows_months`);
- the label group: the rows whose label the sentence names, when they all share that one label;
- both named: their common rows; with one row in common, that row's share of the period's total.

Sums and means of the group, two rows at least, in each column of amounts (percentages are never
added).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING

from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention, SourceValue, format_decimal
from crossfoot.rules._month_focus import months_in
from crossfoot.rules._rowsums_tables import fmt_total, inside
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import DAY, QUARTER

if TYPE_CHECKING:
    from crossfoot.rules._rowsums_tables import _Period, _Table

#: (kind, result, formula, operands), as rules.rowsums makes its hits of them
GroupHit = tuple[str, Decimal, str, tuple[SourceValue, ...]]

__all__ = ["GroupHit", "claim_clause", "distinct_count", "group_hits"]

_HUNDRED = Decimal(100)


def group_hits(
    table: _Table,
    sentence: str,
    near: tuple[str, str],
    named: list[int],
    windows: list[tuple[Decimal, Decimal]],
    percent: bool,
    labels_alone: bool = True,
) -> Iterator[GroupHit]:
    """The group totals, means and shares of ``table`` that meet the claim (module docstring);
    ``named``: the rows whose label the sentence names; ``near``: the claim's own clause before
    and after the figure, read for the period when the sentence names several ("January revenue
    was $100,500, rising to $108,400 in February"; the words after the figure first)."""
    period, where = _period_rows(table, sentence, near)
    labelled = _one_label(table, named)
    if period is None and (labelled is None or not labels_alone):
        return  # (without ``labels_alone`` a label only narrows a period's rows)
    if period is not None and labelled is not None:
        rows = sorted(set(period) & set(labelled))
        name = f"{table.labels_of(rows[0]) if rows else ''} in {where}"
    elif period is not None:
        rows, name = period, where
    else:
        assert labelled is not None
        rows, name = labelled, table.labels_of(labelled[0]) or ""
    for col in table.columns:
        if col.percent:
            continue
        values = [col.values[i] for i in rows if i in col.values]
        if not percent and len(values) >= 2:
            total = sum(values, Decimal(0))
            mean = total / len(values)
            for kind, result in (("group_sum", total), ("group_mean", mean)):
                if inside(result, windows):
                    word = "sum" if kind == "group_sum" else "mean"
                    yield (
                        kind,
                        result,
                        f"{word} of {col.name} over the {len(values)} rows of {name} = "
                        f"{fmt_total(result)}",
                        tuple(col.get(i) for i in rows if i in col.values),
                    )
        if percent and period is not None and len(rows) == 1 and rows[0] in col.values:
            whole = [col.values[i] for i in period if i in col.values]
            total = sum(whole, Decimal(0))
            if len(whole) < 2 or total <= 0 or min(whole) < 0:
                continue
            share = col.values[rows[0]] / total * _HUNDRED
            if inside(share, windows):
                cell = col.get(rows[0])
                yield (
                    "group_share",
                    share,
                    f"{cell.label} ({format_decimal(cell.value)}) / sum of {col.name} over "
                    f"the {len(whole)} rows of {where} ({format_decimal(total)}) = "
                    f"{fmt_total(share)}%",
                    (cell,),
                )


def _period_rows(
    table: _Table, sentence: str, near: tuple[str, str]
) -> tuple[list[int] | None, str]:
    """The rows of the one period the sentence (else the claim's stretch) names, and the
    period in words."""
    periods = table.row_periods()
    if periods is None:
        return None, ""
    by = table.period_index()
    named = named_month(sentence) or named_month(near[1]) or named_month("".join(near))
    if named:
        year, month = named[-1]
        if year is None:
            found = by.get(("month", month), [])
        else:
            found = by.get(("period", (year, month)), []) + by.get(("period", (None, month)), [])
        if not found and QUARTER < month < DAY:  # "Q1 revenue" over rows by month: its months
            found = _months_of(periods, year, month)
        rows = sorted(found)
        if len(rows) < 2:
            return None, ""
        first = periods[rows[0]]
        return rows, _shown(first[0] if first is not None else year, month)
    years = set(years_in_text(sentence))
    if len(years) > 1:
        years = set(years_in_text(near[1])) or set(years_in_text("".join(near)))
    if len(years) != 1:
        return None, ""
    (year,) = years
    rows = by.get(("year", year), [])
    if len(rows) < 2 or len(rows) == len(periods):
        return None, ""  # every row is of that year: the column total says it
    return rows, str(year)


def _months_of(periods: list[_Period | None], year: int | None, code: int) -> list[int]:
    """The rows by month (of ``year``, when given) inside the quarter or half ``code``."""
    inside = set(months_in(code))
    return [
        i
        for i, p in enumerate(periods)
        if p is not None and p[1] in inside and (year is None or p[0] in (year, None))
    ]


# The period a noun counts: "two months" of a table by month, "three years".
_PERIOD_NOUNS = {"month": "month", "quarter": "quarter", "year": "year", "period": "period"}
_NOUN = re.compile(
    r"\s*(?:(?:full|calendar|fiscal|reporting|distinct|different|separate)\s+)?"
    r"([a-z]+)"
)


def distinct_count(table: _Table, m: Mention, after: str) -> tuple[int, str] | None:
    """The count a whole number states of a long table's periods ("the two months") or of its
    labels ("three regions", the noun not a measured column), with the formula; None if not."""
    if m.currency or m.kind != "number" or m.precision > Decimal("0.5") or m.value < 2:
        return None
    word = _NOUN.match(after.lower())
    if word is None:
        return None
    noun = word[1].rstrip("s")
    periods = table.row_periods()
    if noun in _PERIOD_NOUNS and periods is not None:
        seen = {p if noun != "year" else p[0] for p in periods if p is not None}
        if len(seen) == m.value:
            return len(seen), f"distinct {noun}s in {table.source_id} = {len(seen)}"
        return None
    measured = {w.rstrip("s") for c in table.columns for w in c.family.split()}
    if len(noun) < 3 or noun in measured or noun in _PERIOD_NOUNS:
        return None
    labels = {table.labels_of(i) for i in range(table.rows)} - {None}
    if len(labels) == m.value and len(labels) < table.rows:
        return len(labels), f"distinct labels in {table.source_id} = {len(labels)}"
    return None


def _one_label(table: _Table, named: list[int]) -> list[int] | None:
    """The rows the sentence names, when there are two or more and all share one label."""
    if len(named) < 2:
        return None
    labels = {table.labels_of(i) for i in named}
    return named if len(labels) == 1 else None


def _shown(year: int | None, month: int) -> str:
    if month > 100:
        return f"Q{month - 100}" + (f" {year}" if year else "")
    return f"{year}-{month:02d}" if year else f"month {month}"


def claim_clause(ctx: ClaimContext) -> tuple[str, str]:
    """The claim's clause before and after the figure: its sentence from the figure before it
    to the figure after it, cut at the clause marks nearest the figure ("; ", ", ", " and ")."""
    m = ctx.mention
    own = [x for x in ctx.sentence_mentions if x.kind != "year"]
    k = next((n for n, x in enumerate(own) if x.start == m.start), None)
    if k is None:
        return ctx.text[ctx.sentence.start : m.start], ctx.text[m.end : ctx.sentence.end]
    lo = own[k - 1].end if k > 0 else ctx.sentence.start
    hi = own[k + 1].start if k + 1 < len(own) else ctx.sentence.end
    cut = [c.end() for c in _CLAUSE.finditer(ctx.text, lo, m.start)]
    after = _CLAUSE.search(ctx.text, m.end, hi)
    return ctx.text[cut[-1] if cut else lo : m.start], ctx.text[
        m.end : after.start() if after else hi
    ]


_CLAUSE = re.compile(r";\s|,\s|\s(?:and|while|whereas|but)\s")
