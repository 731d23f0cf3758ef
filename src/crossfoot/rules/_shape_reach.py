"""Reach gates decided by the scope's values alone, without a word read and without the
rule's own per-table build (speed only; docs/speed.md, round 30): their signs and the shape of
the cells (how many share a row or a column of a table).

- :func:`signed_reach` (``rules.signed_quotient``): the rule's quotients are of two nonzero
  amount cells of opposite signs (``_make`` skips a grid whose cells are all positive; zeros are
  no cell of a grid). A scope whose groups hold no negative value has none: ``EMPTY``. A
  :class:`~crossfoot.model.index.ValueIndex` is sorted by value, so this is its first key, per
  group, no pass over the cells (a result set of positive counts and amounts, most of them).
- :func:`lines_reach` (``rules.multi.multi_operand``): its sums and means are of 3..k values of
  one *line* (``multi.lines``: the cells of one table row or one table column, in one view, of
  one operand class; a record's fields; a run of prose figures); CAGR is of two amounts, for a
  percent claim only. For a claim that is not a percent, a scope whose every value is a table
  cell and whose every row and column of a table holds at most two values has no line and so no
  result: ``EMPTY`` (a result set of two rows and two measures). A focused group
  (``focus_group``) is a part of its group: it has no more values in a line. A value of a record
  or of prose, or a group of more than :data:`_MAX` values (a line is sure there), answers None:
  the rule runs. Asked of result rows only (``trace``): a document's groups are larger, and
  counting them cost ``check()`` more than the gate saved there.

Both answer ``EMPTY`` or None (cannot tell), never a list: the engine skips the rule only on
``EMPTY``. A rule that comes to find more (``multi`` a line of two or a sum outside lines,
``signed_quotient`` a quotient of one sign) changes its gate here in the same change.
``tests/test_speed_paths_speed39.py`` traces random result sets and answers with the gates and
without them (hypothesis) and compares every report, and asserts of each gate's ``EMPTY`` that
the rule, run anyway, returns None.
"""

from __future__ import annotations

from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.rules._reach import EMPTY, Reach

__all__ = ["lines_reach", "signed_reach"]

#: A group of more values has a line of three (or more) as good as surely: not counted.
_MAX = 64
_KEPT = 64
_NO_LINE: dict[int, tuple[ValueIndex, bool]] = {}


def signed_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when no group of the scope holds a negative value (no signed quotient exists).

    >>> from decimal import Decimal
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence, SourceValue
    >>> def ctx(*cells):
    ...     g = ValueIndex([SourceValue(Decimal(c), "T", table=0, row_index=0) for c in cells])
    ...     m = Mention("-0.3", 0, 4, Decimal("-0.3"), "number", Decimal("0.05"))
    ...     s = Scope((), False, g, (g,))
    ...     return ClaimContext(m, Sentence(0, 0, 4, "-0.3"), "-0.3", (m,), 0, s, Options())
    >>> signed_reach(ctx(0, 12, 40)) is EMPTY, signed_reach(ctx(-12, 40))
    (True, None)
    """
    scope = ctx.scope
    if scope is None:
        return None  # (the rule's own path)
    for group in scope.groups:
        keys = group.keys
        if keys and keys[0] < 0:  # (sorted by value: the least first)
            return None
    return EMPTY


def lines_reach(ctx: ClaimContext) -> Reach | None:
    """``EMPTY`` when the claim is no percent and no row or column of the scope's tables holds
    three values (so ``multi_operand`` has no line to sum), else None.

    >>> from decimal import Decimal
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention, Sentence, SourceValue
    >>> def ctx(rows, kind="number"):
    ...     g = ValueIndex([SourceValue(Decimal(i * 10 + j + 1), "T", table=0, row_index=i,
    ...                                 col_index=j) for i in range(rows) for j in range(2)])
    ...     m = Mention("5", 0, 1, Decimal(5), kind, Decimal("0.5"))
    ...     s, o = Scope((), False, g, (g,)), Options(result_rows=True)
    ...     return ClaimContext(m, Sentence(0, 0, 1, "5"), "5", (m,), 0, s, o)
    >>> lines_reach(ctx(2)) is EMPTY, lines_reach(ctx(3)), lines_reach(ctx(2, "percent"))
    (True, None, None)
    """
    scope = ctx.scope
    if not ctx.options.result_rows or ctx.mention.kind == "percent":
        return None  # (a document's groups: lines as good as surely; a CAGR: any two amounts)
    if scope is None:
        return None  # (the rule's own path)
    for group in scope.groups:
        if not by_identity(_NO_LINE, group, _KEPT, _no_line):
            return None
    return EMPTY


def _no_line(group: ValueIndex) -> bool:
    """Whether every value of ``group`` is a table cell and no row or column of a table holds
    three of them."""
    values = group.values
    if len(values) > _MAX:
        return False
    seen: dict[tuple[bool, str, int, int], int] = {}  # (row?, source, table, index): values
    for v in values:
        table = v.table
        if table is None:
            return False  # a record's fields, a run of prose figures: lines of their own
        for is_row, at in ((True, v.row_index), (False, v.col_index)):
            if at is None:
                continue
            key = (is_row, v.source_id, table, at)
            n = seen[key] = seen.get(key, 0) + 1
            if n == 3:
                return False  # (a larger table: found within a few values)
    return True
