"""A count of rows past a bar of their own: "3 of the 5 reps beat their quota".

Over rows of reps with columns ``sales`` and ``quota``, "3 of the 5 reps beat their quota"
counts the rows whose sales exceed their own quota. The bar is no one figure ("above $4M", which
``language.owncount`` reads), so the count was no claim in ``trace`` (a count of some of the
rows) and "4 of the 5" passed. Here, when the sentence compares each row with another column of
its own (``language.column_bar``: "beat", "exceeded", "above", "missed", "below", "met" ...
"their <column>"), the count is of the rows of one table that:

- hold a column named by the compared word ("quota", "target", "budget") and a column of
  amounts the sentence names before the verb ("had sales above their quota"), or else the one
  other column of amounts of the table;
- hold the noun counted in the table's own words (its key column or text: "reps" over "rep").

It is ``derived`` when the count of rows past their bar is the figure, ``contradicted`` when it
is not. Otherwise the figure is left to the other rules.

>>> import crossfoot
>>> rows = [{"rep": "Ann", "sales": 120, "quota": 100}, {"rep": "Bob", "sales": 80, "quota": 100},
...         {"rep": "Cy", "sales": 130, "quota": 110}]
>>> crossfoot.trace("2 of the 3 reps beat their quota.", rows).ok
True
>>> [c.status for c in crossfoot.trace("3 of the 3 reps beat their quota.", rows).claims][0]
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from crossfoot.language.column_bar import column_bar
from crossfoot.language.owncount import counted_noun, singular
from crossfoot.model.context import Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue

__all__ = ["bar_unread", "column_count"]

_WORD = re.compile(r"[a-z]+")
_WHOLE = re.compile(r"(?i)\bof\s+(?:the\s+|all\s+)?$")
_Table = dict[str, dict[int, SourceValue]]


def column_count(
    text: str,
    m: Mention,
    sentence: tuple[int, int],
    values: Sequence[SourceValue],
    uses: Callable[[str, str], bool],
) -> Verdict | None:
    """``derived`` or ``contradicted`` for a count of rows past a column of their own (module
    docstring), or None; ``uses(source id, noun)``: whether a source calls its rows so."""
    found = counted_noun(text, m, sentence[1])
    if found is None or _WHOLE.search(text, max(sentence[0], m.start - 12), m.start):
        return None  # ("5" in "3 of the 5 reps" counts the whole: the rows' count judges it)
    bar = column_bar(text[sentence[0] : sentence[1]])
    if bar is None or m.end > sentence[0] + len(bar[2]) + 1:
        return None  # (the count is before the verb: "3 of the 5 reps beat ...")
    op, target, before = bar
    noun = singular(found.group(1))
    said = {singular(w) for w in _WORD.findall(before.lower())}
    for (source_id, _table), columns in _tables(values).items():
        if not uses(source_id, noun):
            continue
        pair = _pair(columns, target, said)
        if pair is None:
            continue
        measure, bar_col = pair
        rows = sorted(set(columns[measure]) & set(columns[bar_col]))
        past = [i for i in rows if _past(columns[measure][i].value, columns[bar_col][i].value, op)]
        n = len(past)
        what = f"rows where {measure} {op} {bar_col}"
        ev = Evidence(
            "count",
            "count",
            f"{n} of {len(rows)} {what}",
            tuple(columns[measure][i] for i in past),
            Decimal(n),
        )
        if m.value == n:
            return Verdict("derived", ev)
        return Verdict("contradicted", ev, f"{m.text} counts {what}, and there are {n}")
    return None


def bar_unread(text: str, m: Mention, sentence: tuple[int, int], status: str) -> bool:
    """Whether ``m``, left unsupported, is a count of some rows past a bar of their own that
    :func:`column_count` could not read over the rows (no column, or two, for a side): in
    ``trace`` such a count is no claim, as a count of some of the rows is not."""
    if status != "unsupported" or counted_noun(text, m, sentence[1]) is None:
        return False
    bar = column_bar(text[sentence[0] : sentence[1]])
    return bar is not None and m.end <= sentence[0] + len(bar[2]) + 1


def _tables(values: Sequence[SourceValue]) -> dict[tuple[str, int], _Table]:
    tables: dict[tuple[str, int], _Table] = {}
    for v in values:
        if v.table is None or v.row_index is None or not v.column or v.view == "true":
            continue
        if v.kind not in ("number", "money", "percent"):
            continue
        cols = tables.setdefault((v.source_id, v.table), {})
        cols.setdefault(v.column, {}).setdefault(v.row_index, v)
    return tables


def _words(column: str) -> set[str]:
    return {singular(w) for w in _WORD.findall(column.lower())}


def _pair(columns: _Table, target: str, said: set[str]) -> tuple[str, str] | None:
    """(the measured column, the bar's column), or None when either is not read."""
    bars = [c for c in columns if target in _words(c)]
    if len(bars) != 1:
        return None
    others = [c for c in columns if c != bars[0] and len(columns[c]) > 1]
    named = [c for c in others if _words(c) & said]
    if len(named) == 1:
        return named[0], bars[0]
    return (others[0], bars[0]) if len(others) == 1 and not named else None


def _past(value: Decimal, bar: Decimal, op: str) -> bool:
    if op == ">":
        return value > bar
    if op == "<":
        return value < bar
    return value >= bar
