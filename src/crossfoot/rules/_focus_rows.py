"""The rows of a scope's tables that a claim's sentence names, read once per answer and sentence.

The derivations' focus (``rules._derive_shared._focus``) holds, beside the years and months the
claim's sentence states, the table rows it names: for every table of the scope's groups, the rows
whose label the sentence names (``language.collective_lines.names_part_row``). That part reads
only the groups' labels and the sentence's text, so every claim of a sentence over the same
groups has the same rows; and ``rules._line_rows.named_rows`` (asked by ``multi_operand`` of
every claim whose plain sums met nothing) needs those rows alone, not the claim's years.

Kept per answer (``model.memo.per_answer``, by the groups tuple itself: the re-runs' cut scopes
are new groups), the labels once per groups and the rows once per sentence text. The mapping
returned is shared: callers only read it.

>>> from decimal import Decimal as D
>>> from crossfoot.model.context import ClaimContext, Scope
>>> from crossfoot.model.index import ValueIndex
>>> from crossfoot.model.options import Options
>>> from crossfoot.model.types import Mention, Sentence, SourceValue
>>> cells = [SourceValue(D(v), "T", row=r, table=0, row_index=i, col_index=1)
...          for i, (r, v) in enumerate([("North", 4), ("West", 3), ("South", 5)])]
>>> idx = ValueIndex(cells)
>>> text = "North and South sold 9."
>>> m = Mention("9", 21, 22, D(9), "number", D("0.5"))
>>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
...                    Scope((), False, idx, (idx,)), Options())
>>> named_table_rows(ctx)
{('T', 0): frozenset({0, 2})}
"""

from __future__ import annotations

from crossfoot.language.collective_lines import names_part_row
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import per_answer
from crossfoot.rules._month_focus import period_row

__all__ = ["named_table_rows"]

_Rows = dict[tuple[str, int], frozenset[int]]


class _Read:
    """The groups' row labels by table (read once), and the rows named per sentence text."""

    __slots__ = ("by_text", "labels")

    def __init__(self, groups: tuple[ValueIndex, ...]) -> None:
        labels: dict[tuple[str, int], dict[int, str]] = {}
        for group in groups:
            for v in group.values:
                if v.table is not None and v.row_index is not None and v.row and not period_row(v):
                    labels.setdefault((v.source_id, v.table), {})[v.row_index] = v.row
        self.labels = labels
        self.by_text: dict[str, _Rows] = {}


def named_table_rows(ctx: ClaimContext) -> _Rows:
    """Tables of ``ctx.scope``'s groups whose rows the claim's sentence names -> those rows'
    indexes (tables with none named left out). Shared: read it, never change it."""
    read = per_answer(ctx, "focus_rows.read", ctx.scope.groups, _Read)
    text = ctx.sentence.text
    rows = read.by_text.get(text)
    if rows is None:
        rows = {}
        for key, by_index in read.labels.items():
            named = frozenset(i for i, lab in by_index.items() if names_part_row(lab, text))
            if named:
                rows[key] = named
        read.by_text[text] = rows
    return rows
