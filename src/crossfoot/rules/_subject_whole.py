"""A share "of" the table's subject is a share of its whole line.

"Cloud made up about 60% of Q4 revenue" over a segment table whose corner cell reads *Revenue*
and whose whole line is *Total*: the whole the sentence names is the table's subject, which the
table writes in its corner, not in the whole line's label. The share's search (``rules.derive``)
kept to the rows the sentence names (Cloud) in a table too large to search whole, and the check
of the words after "of" (``rules._prose_subject.whole_named``) took *Total* for no line of
revenue, so the figure was refused. A whole line (``language.summary_lines``: "Total", "Total
revenue") of the named rows' table is the whole the words after "X% of" name when those words
share a content word with the table's corner cell or with the whole line's own label, or name
nothing its source writes ("of Q4 revenue" over a *Segment* table: as "of the total" does); the
words after "of" must still name nothing else the sources write (``whole_named``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from crossfoot.language.rowtokens import tokens
from crossfoot.language.summary_lines import line_role
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.sources.tables import find_tables

__all__ = ["subject_of_table", "with_subject_whole"]

# The words after "X% of" that name the whole: up to a clause, a preposition of time or a mark
# (digits kept: "of Q4 revenue", "of 2024 sales").
_OF = re.compile(
    r"\s+of\s+((?:(?!\b(?:in|for|from|during|at|as|on|by|compared|versus|and|which|that|was|"
    r"were|is)\b)[^.,;:()\n]){1,60})",
    re.IGNORECASE,
)
# words of a corner cell that name no subject: scales, units, periods
_NOT_SUBJECT = frozenset(
    "thousands millions billions thousand million billion dollars amounts amount total year "
    "years fiscal ended quarter quarters except otherwise noted".split()
)


def _words(text: str) -> frozenset[str]:
    return frozenset(t for t in tokens(text) if len(t) >= 4 and t.isalpha())


@lru_cache(maxsize=512)
def _corner(text: str, table: int) -> frozenset[str]:
    """The subject words of the corner cell of ``text``'s table ``table`` (its label column's
    header)."""
    tables = find_tables(text)
    if not 0 <= table < len(tables) or not tables[table].rows or not tables[table].rows[0]:
        return frozenset()
    return _words(tables[table].rows[0][0]) - _NOT_SUBJECT


def subject_of_table(ctx: ClaimContext, v: SourceValue) -> frozenset[str]:
    """The words of the corner cell of ``v``'s table (empty for prose or a result set)."""
    if v.table is None:
        return frozenset()
    source = ctx.scope.source(v.source_id)
    if source is None or not source.text:
        return frozenset()
    return _corner(source.text, v.table)


def names_subject_whole(
    ctx: ClaimContext, whole: SourceValue, named: Iterable[str], unwritten: bool = False
) -> bool:
    """Whether ``whole`` is its table's whole line and ``named`` (the words after "X% of")
    name the table's subject or the line's own words ("of Q4 revenue" over *Revenue* /
    *Total*, or over *Total revenue*); with ``unwritten``, also when they name nothing its
    source writes (as "of the total" names no row)."""
    if line_role(whole.row) != "whole":
        return False
    said = frozenset(named)
    if said & (subject_of_table(ctx, whole) | _words(whole.row or "")):
        return True
    source = ctx.scope.source(whole.source_id) if unwritten else None
    return source is not None and not said & _text_words(source.text)


@lru_cache(maxsize=64)
def _text_words(text: str) -> frozenset[str]:
    return _words(text)


def with_subject_whole(
    ctx: ClaimContext, group: ValueIndex, focused: ValueIndex | None
) -> ValueIndex | None:
    """``focused`` (the cells of the rows the sentence names, ``language.rowfocus``) with the
    whole line of their table when the claim is a share "of" the table's subject or of that
    line (module docstring); ``focused`` itself otherwise."""
    m = ctx.mention
    if focused is None or m.kind != "percent":
        return focused
    said = _OF.match(ctx.text, m.end)
    if said is None:
        return focused
    memo: dict[tuple[int, int, int], tuple[ValueIndex, ValueIndex]]
    memo = ctx.shared.setdefault("subject_whole", {})  # type: ignore[assignment]
    key = (id(focused), m.start, m.end)
    hit = memo.get(key)
    if hit is not None and hit[0] is focused:
        return hit[1]
    named = _words(said.group(1))
    tables = {(v.source_id, v.table) for v in focused.values if v.table is not None}
    more: list[SourceValue] = []
    if named and len(tables) == 1:
        chosen = {id(v) for v in focused.values}
        wholes: dict[str, bool] = {}  # row label -> whether it is the whole the words name
        for v in group.values:
            if (v.source_id, v.table) not in tables or id(v) in chosen or not v.row:
                continue
            ok = wholes.get(v.row)
            if ok is None:
                ok = wholes[v.row] = names_subject_whole(ctx, v, named, unwritten=True)
            if ok:
                more.append(v)
    found = ValueIndex([*focused.values, *more]) if more else focused
    memo[key] = (focused, found)  # (focused is held: its id() is not reused meanwhile)
    return found
