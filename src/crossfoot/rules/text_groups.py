"""Group totals over a long table pasted as text: trace's reading, for ``check()``.

A SQL result pasted into a prompt as markdown (region, month, revenue: a row per pair) is read by
``check()`` as a table whose rows keep their month (:mod:`crossfoot.sources.rows_months`).
"Total revenue in February was $108,400" is the sum of February's rows: trace derives it
(:mod:`crossfoot.rules.rowsums`, :mod:`crossfoot.rules.group_change`), ``check()`` did not. Here
the same group readings run over the tables of the scope whose rows repeat a period: a period's
total, mean and one row's share of it (:func:`crossfoot.rules._rowsums_groups.group_hits`, the
period groups only: a label repeated in a financial statement, "Total" twice, is no group) and
the change between two named periods' totals. Tables without repeated periods, the usual
financial statement, cost one look per answer.

>>> from crossfoot import check
>>> t = "| region | month | revenue |\\n|-|-|-|\\n| N | 2024-01 | 40 |\\n| N | 2024-02 | 46 |\\n" \\
...     "| S | 2024-01 | 30 |\\n| S | 2024-02 | 31 |"
>>> [c.status for c in check("Total revenue in February was 77.", [t]).claims]
['derived']
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence
from crossfoot.rules._derive_shared import claim_interval, claim_worded, derivable, kind_allowed
from crossfoot.rules._derive_wording import move_level
from crossfoot.rules._rowsums_groups import claim_clause, group_hits
from crossfoot.rules._rowsums_tables import _Table, _tables
from crossfoot.rules.group_change import changes_over

__all__ = ["text_groups"]


def text_groups(ctx: ClaimContext) -> Verdict | None:
    """Rule: a period's total, mean or share, or the change of two periods' totals, of a long
    table pasted as text (module docstring)."""
    m, o = ctx.mention, ctx.options
    if o.result_rows or not o.allow_derived or not m.claim:
        return None  # (trace reads result sets in rules.rowsums and rules.group_change)
    if m.kind not in ("money", "number", "percent") or m.value == 0:
        return None
    tables = _long_tables(ctx)
    if not tables:
        return None
    found = changes_over(ctx, tables)
    if found is not None:
        return found
    if claim_worded(ctx) and not move_level(ctx, starts=True):
        return None  # a change, never a total
    lo, hi = claim_interval(ctx)
    signed = [(lo, hi)]
    if not m.negative and m.value > 0:
        signed.append((-hi, -lo))
    percent = m.kind == "percent"
    if not kind_allowed(ctx, "column_share" if percent else "column_sum"):
        return None
    if percent and not derivable(m, False):
        return None
    said = ctx.sentence.text
    for table in tables:
        named = table.rows_named(said)
        for kind, result, formula, operands in group_hits(
            table, said, claim_clause(ctx), named, signed, percent, labels_alone=False
        ):
            return Verdict("derived", Evidence("rowsums", kind, formula, operands, result))
    return None


def _long_tables(ctx: ClaimContext) -> list[_Table]:
    """The tables of the scope whose rows repeat a period, found once per answer."""
    key = "text_groups.tables"
    kept = ctx.shared.get(key)
    if isinstance(kept, tuple) and kept[0] is ctx.scope:
        return kept[1]  # type: ignore[no-any-return]
    tables: list[_Table] = []
    for source in ctx.scope.sources:
        if not any(v.period is not None for v in source.values):
            continue  # (no row of it names a month or a quarter)
        for table in _tables(source):
            by = table.period_index()
            if any(k[0] == "period" and len(rows) > 1 for k, rows in by.items()):
                tables.append(table)
    ctx.shared[key] = (ctx.scope, tables)
    return tables
