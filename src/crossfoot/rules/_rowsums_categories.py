"""Totals, means and shares over the rows of one category of a result set keyed by another column.

Rows by rep with a column of regions hold a row per rep: "EMEA brought in $390,000" is the sum
of the revenue of EMEA's reps, "AMER averaged 8 deals" the mean of AMER's deals, "40% of reps
are in EMEA" EMEA's count of rows over all rows, "EMEA made 57% of revenue" EMEA's sum over the
column's total. :mod:`crossfoot.rules._rowsums_groups` groups rows by their key label or their
period; a category is a text column other than the key whose values repeat (each named value of
two rows at least, fewer distinct values than rows). The sentence names the one value, names no
row by its key, and the figure is one group figure per column, not a search:

- sums of each column of amounts (percentages are never added) over the group's rows, and their
  means when the sentence words a mean;
- for a percentage: the group's sum over the column's total, and, when the sentence names the
  rows' noun (the key column's name, or "rows" / "records"), the group's count of rows over all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._column_focus import column_in_focus
from crossfoot.rules._rowsums_tables import fmt_total, inside
from crossfoot.rules.direct import currencies_agree

if TYPE_CHECKING:
    from crossfoot.rules._rowsums_tables import _Table
    from crossfoot.sources.rows_categories import Category

#: (kind, result, formula, operands), as rules.rowsums makes its hits of them
CategoryHit = tuple[str, Decimal, str, tuple[SourceValue, ...]]

__all__ = ["MEAN_WORDS", "CategoryHit", "category_hits", "category_values", "named_category"]

_HUNDRED = Decimal(100)
# (rules.group_mean_called reads the same words)
MEAN_WORDS = frozenset("mean average averages averaged averaging avg".split())
_ROW_NOUNS = frozenset("row rows record records entries".split())


def named_category(cats: list[Category], sentence: str) -> tuple[str, str, list[int]] | None:
    """The one category value the sentence names (word-bounded), with its column and rows."""
    found = []
    for name, groups in cats:
        for value, rows in groups.items():
            if value in sentence and re.search(rf"(?<!\w){re.escape(value)}(?!\w)", sentence):
                found.append((name, value, rows))
    return found[0] if len(found) == 1 else None


def category_hits(
    ctx: ClaimContext, table: _Table, windows: list[tuple[Decimal, Decimal]], percent: bool
) -> Iterator[CategoryHit]:
    """The group figures of the one category the claim's sentence names that meet the claim
    (module docstring); none when the sentence names a row by its key."""
    cats = table.categories()
    if not cats:
        return
    sentence = ctx.sentence.text
    hit = named_category(cats, sentence)
    if hit is None:
        return
    name, value, rows = hit
    where = f"{name} {value}"
    words = set(re.findall(r"[a-z]+", sentence.lower()))
    key_noun = table.key_name
    if percent and (words & _ROW_NOUNS or (key_noun and _noun_said(key_noun, words))):
        share = Decimal(len(rows)) / Decimal(table.rows) * _HUNDRED
        if inside(share, windows):
            yield (
                "group_share",
                share,
                f"rows of {where} ({len(rows)}) / rows ({table.rows}) = {fmt_total(share)}%",
                (),
            )
    mean = not MEAN_WORDS.isdisjoint(words)
    m = ctx.mention
    for col in table.columns:
        if col.percent or not currencies_agree(m.currency, col.currency):
            continue
        if not column_in_focus(ctx, col.name):
            continue
        values = [col.values[i] for i in rows if i in col.values]
        if len(values) < 2:
            continue
        total = sum(values, Decimal(0))
        operands = tuple(col.get(i) for i in rows if i in col.values)
        n = len(values)
        if percent:
            if col.total > 0 and col.nonnegative:
                share = total / col.total * _HUNDRED
                if inside(share, windows):
                    yield (
                        "group_share",
                        share,
                        f"sum of {col.name} over the {n} rows of {where} / sum of {col.name} "
                        f"({col.total}) = {fmt_total(share)}%",
                        operands,
                    )
            continue
        if inside(total, windows):
            yield (
                "group_sum",
                total,
                f"sum of {col.name} over the {n} rows of {where} = {fmt_total(total)}",
                operands,
            )
        if mean and inside(total / n, windows):
            yield (
                "group_mean",
                total / n,
                f"mean of {col.name} over the {n} rows of {where} = {fmt_total(total / n)}",
                operands,
            )


def _noun_said(noun: str, words: set[str]) -> bool:
    noun = noun.lower().rstrip("s")
    return bool(noun) and (noun in words or noun + "s" in words)


def category_values(table: _Table, columns: Sequence[dict[int, Decimal]], out: list[float]) -> None:
    """Every value :func:`category_hits` can make over ``table`` (``columns``: its columns of
    amounts), for rules.rowsums' reach."""
    for _, groups in table.categories():
        for rows in groups.values():
            out.append(len(rows) / table.rows * 100)
            for col in columns:
                cells = [col[i] for i in rows if i in col]
                if len(cells) < 2:
                    continue
                total = sum(cells, Decimal(0))
                out.append(float(total))
                out.append(float(total / len(cells)))
                whole = sum(col.values(), Decimal(0))
                if whole > 0:
                    out.append(float(total / whole * 100))
