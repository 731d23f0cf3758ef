"""A figure called the mean of a named group of result rows is the group's mean, not one cell.

"AMER averaged 8 deals" over rows by rep with a column of regions (or rows keyed by region,
several rows each) is the mean of the deals of AMER's rows: before the cell match, a figure
whose own clause words a mean ("averaged", "average", "mean") over the one group its sentence
names (a category value, :mod:`crossfoot.rules._rowsums_categories`, or a key label of two rows
or more) is ``derived`` when the group's mean in a column meets it, and when it
is only a cell of the table (one rep's 9 deals, another region's 8): ``contradicted``, as
:mod:`crossfoot.rules._aggregate_named` says of "the average region". A cell of a column that is
itself a mean ("avg_deal") is left to the rules after. Result rows only (``trace``).

>>> from crossfoot import trace
>>> rows = [{"rep": "Ana", "region": "EMEA", "deals": 12}, {"rep": "Ben", "region": "AMER",
...         "deals": 7}, {"rep": "Cai", "region": "EMEA", "deals": 8},
...         {"rep": "Dee", "region": "AMER", "deals": 9}]
>>> [c.status for c in trace("AMER averaged 8 deals.", rows).claims]
['derived']
>>> [c.status for c in trace("AMER averaged 9 deals.", rows).claims]
['contradicted']
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._rowsums_categories import MEAN_WORDS, named_category
from crossfoot.rules._rowsums_groups import claim_clause
from crossfoot.rules._rowsums_tables import _Table, fmt_total, scope_tables
from crossfoot.rules.direct import currencies_agree

__all__ = ["group_mean_called"]

# Substring gates of the words, each case they are written in ("Mean", "AVG")
_GATE = ("verag", "VERAG", "ean", "EAN", "vg", "VG")
_MEAN_COLUMN = ("avg", "average", "mean", "median")


def group_mean_called(ctx: ClaimContext) -> Verdict | None:
    """Rule: a group's mean, worded as one (module docstring)."""
    m, o = ctx.mention, ctx.options
    if not o.result_rows or not o.allow_derived or not m.claim or m.high is not None:
        return None
    text = ctx.sentence.text
    if m.kind not in ("money", "number") or not any(g in text for g in _GATE):
        return None
    said = _said(ctx)
    if MEAN_WORDS.isdisjoint(_WORDS.findall(said.lower())):
        return None
    lo, hi = claim_interval(ctx)
    for table in scope_tables(ctx):
        group = _group(table, said)
        if group is None:
            continue
        rows, where = group
        other: tuple[str, Decimal, SourceValue] | None = None
        for col in table.columns:
            if col.percent or not currencies_agree(m.currency, col.currency):
                continue
            values = [col.values[i] for i in rows if i in col.values]
            near = next((i for i, x in col.values.items() if lo <= x <= hi), None)
            cells = near is not None
            if cells and any(w in col.name.lower() for w in _MEAN_COLUMN):
                return None  # a cell that is itself a mean
            if len(values) < 2:
                continue
            mean = sum(values, Decimal(0)) / len(values)
            if lo <= mean <= hi:
                formula = f"mean of {col.name} over the {len(values)} rows of {where} = "
                operands = tuple(col.get(i) for i in rows if i in col.values)
                ev = Evidence("rowsums", "group_mean", formula + fmt_total(mean), operands, mean)
                return Verdict("derived", ev)
            if near is not None and other is None:
                other = (col.name, mean, col.get(near))
        if other is not None:
            why = (
                f"called the mean of the rows of {where}, but their mean of {other[0]} is "
                f"{fmt_total(other[1])}"
            )
            v = other[2]
            ev = Evidence("direct", "cell", v.describe(), (v,), v.value)
            return Verdict("contradicted", ev, why)
    return None


def _said(ctx: ClaimContext) -> str:
    """The claim's own clause; its whole sentence when it is the sentence's one figure ("On
    average, EMEA reps brought in $195,000")."""
    own = [x for x in ctx.sentence_mentions if x.kind != "year"]
    if len(own) == 1:
        return ctx.sentence.text
    before, after = claim_clause(ctx)
    return f"{before} {after}"


_WORDS = re.compile(r"[a-z]+")


def _group(table: _Table, sentence: str) -> tuple[list[int], str] | None:
    """The rows of the one group the sentence names: a key label of two rows or more, else
    (no row named by its key) a category value."""
    named = table.rows_named(sentence)
    if named:
        labels = {table.labels_of(i) for i in named}
        if len(named) < 2 or len(labels) != 1:
            return None
        return named, str(table.labels_of(named[0]))
    found = named_category(table.categories(), sentence)
    return None if found is None else (found[2], f"{found[0]} {found[1]}")
