"""The change over a whole series: "MRR rose 15.1% over the quarter" over one row per month.

A result set whose rows are periods in time order (one row per month, quarter or year: the key
column holds them, or a column of dates gives each row its period) is a series. A sentence
that states a move of a column it names ("MRR rose", "signups fell") but names no period and
no row speaks of the series from its first row to its last: the figure is the last value less
the first, as a difference or as a percentage change. A direction the sentence states must be
the change's: the opposite one is ``contradicted``. Trace only (``Options.result_rows``); a
table whose rows share a period or a label (a long table) is :mod:`rules.group_change`'s, and
a sentence that names periods or rows is the two-operand search's.

>>> from crossfoot import trace
>>> data = (("2024-01", 48.2), ("2024-02", 51.0), ("2024-03", 55.5))
>>> rows = [{"month": m, "mrr": v} for m, v in data]
>>> [c.status for c in trace("MRR rose 15.1% over the quarter.", rows).claims]
['derived']
>>> [c.status for c in trace("MRR fell 15.1% over the quarter.", rows).claims]
['contradicted']
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from itertools import pairwise

from crossfoot.language.direction import stated_direction
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, format_decimal
from crossfoot.rules._derive_shared import claim_interval, fmt_result, kind_allowed
from crossfoot.rules._rowsums_tables import _Table, scope_tables
from crossfoot.rules.extremes import same_noun
from crossfoot.sources.rows_months import MONTH_NUMBERS, QUARTER

__all__ = ["series_span"]

_HUNDRED = Decimal(100)
_WORDS = re.compile(r"[a-z]{3,}")
# A period the sentence names: a month's name, a quarter ("Q3"), a half ("H1").
_PERIOD = re.compile(r"\b(?:[A-Z][a-z]{2,8}|[QqHh][1-4])\b")


def series_span(ctx: ClaimContext) -> Verdict | None:
    """Rule: the change of a named column from the first row of a series to its last (module
    docstring)."""
    m, o = ctx.mention, ctx.options
    if not o.result_rows or not o.allow_derived or not m.claim:
        return None
    if m.kind not in ("percent", "money", "number"):
        return None
    tables = [(t, order) for t in scope_tables(ctx) if (order := _series(t)) is not None]
    if not tables:
        return None  # (most result sets: no series of periods)
    s = ctx.sentence
    said = stated_direction(ctx.text, s.start, s.end, m.start, m.end)
    since = _since(s.text) if said is not None else None
    words = _unperiodic_words(since[1] if since else s.text) if said is not None else None
    if words is None:
        return None
    lo, hi = claim_interval(ctx)
    for table, order in tables:
        if table.rows_named(s.text):
            continue
        first, last = order
        if since is not None:  # "up 28% since January": from January's row (lead42)
            rows = table.period_index().get(("month", since[0]), [])
            if len(rows) != 1 or rows[0] >= last:
                continue
            first = rows[0]
        for col in table.columns:
            if col.percent or first not in col.values or last not in col.values:
                continue
            if not same_noun(words, {w.rstrip("s") for w in _WORDS.findall(col.name.lower())}):
                continue
            a, b = col.values[first], col.values[last]
            options = []
            if m.kind == "percent" and a > 0 and kind_allowed(ctx, "percent_change"):
                options.append(("percent_change", (b - a) / a * _HUNDRED))
            if m.kind != "percent" and kind_allowed(ctx, "difference"):
                options.append(("difference", b - a))
            for kind, result in options:
                if not lo <= abs(result) <= hi:
                    continue
                start = "the first row" if since is None else f"the {since[2]} row"
                formula = (
                    f"{'% change' if kind == 'percent_change' else 'change'} of {col.name} "
                    f"from {start} ({format_decimal(a)}) to the last "
                    f"({format_decimal(b)}) = {fmt_result(ctx, result)}"
                )
                ev = Evidence("series_span", kind, formula, (col.get(first), col.get(last)), result)
                if (said == "up") != (result > 0):
                    why = f"{col.name} {'fell' if result < 0 else 'rose'}: {formula}"
                    return Verdict("contradicted", replace(ev, note=why), why)
                return Verdict("derived", ev)
    return None


# "since January", "since Q2": the one period a change starts from (lead42).
_SINCE = re.compile(
    r"\b(?i:since)\s+(?:the\s+(?:start|beginning)\s+of\s+)?([A-Z][a-z]{2,8}|[Qq][1-4])\b"
    r"(?:\s+(?:19|20)\d\d\b)?"
)


@lru_cache(maxsize=64)
def _since(sentence: str) -> tuple[int, str, str] | None:
    """(the code of the month or quarter after "since", the sentence without it, its name)
    when that is the one period the sentence names."""
    if "since" not in sentence.lower():
        return None
    found = list(_SINCE.finditer(sentence))
    if len(found) != 1:
        return None
    word = found[0].group(1)
    if word[0] in "Qq":
        code = QUARTER + int(word[1])
    else:
        month = MONTH_NUMBERS.get(word.lower())
        if month is None:
            return None
        code = month
    rest = sentence[: found[0].start()] + sentence[found[0].end() :]
    return code, rest, word


@lru_cache(maxsize=64)  # (every claim of a sentence asks)
def _unperiodic_words(sentence: str) -> frozenset[str] | None:
    """The sentence's words (each cut of a final "s"), or None when it names a year or a
    period."""
    if years_in_text(sentence) or _names_period(sentence):
        return None
    return frozenset(w.rstrip("s") for w in _WORDS.findall(sentence.lower()))


def _names_period(text: str) -> bool:
    """Whether the text names a month, a quarter or a half ("from January", "in Q3")."""
    for w in _PERIOD.finditer(text):
        word = w.group(0)
        if word[0] in "QqHh" and word[1:].isdigit():
            return True
        if MONTH_NUMBERS.get(word.lower()) is not None and word != "May":
            return True
    return False


def _series(table: _Table) -> tuple[int, int] | None:
    """The first and last rows of a table whose rows are periods in time order, each once."""
    periods = table.row_periods()
    if not periods or len(periods) < 2 or any(p is None for p in periods):
        return None
    keys = [(p[0] or 0, p[1]) for p in periods if p is not None]
    if any(x >= y for x, y in pairwise(keys)):
        return None
    return 0, len(periods) - 1
