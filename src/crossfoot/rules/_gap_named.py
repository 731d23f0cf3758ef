"""An unworded gap of two rows stands for the rows its sentence names on its own.

A difference the answer words neither as a change ("rose", "changed by") nor as a gap
("difference", "less", "minus", "more than") is read by the two-operand search as a change of one
quantity or as the gap between two rows of one column ("total expenses" as revenue less operating
income, when the question asks for a line the table does not have). A sentence that names a row
of the table the question does not name ("In 2019, research expense was $1,200 million" to "What
drove the change in operating income?") states that row's figure: a gap between two rows of which
neither is named there is a coincidence of the table's many pairs, not the figure's reading (an
answer's restated cell written wrong meets some gap of a large table at its precision).

A sentence that restates the question's subject ("The total expenses in 2019 were 82,884
million" to "What were the total expenses in 2019?") names only what the question asks for,
which may be a derived line: nothing narrows it, as nothing narrows a bare answer line. Nor when
the sentence, the one before it, a list's lead-in or the question words a difference.

:func:`unworded_ok` reads any unworded difference so, a change of one line as well as a gap of
two: a sentence that names something the sources write and the question does not ("Stock
options of 11.5 million were excluded as anti-dilutive") states a line of its own, and takes a
difference only when one is worded as above or both operands are rows it names ("Widget Alpha
outsold Widget Beta by 380 units").

>>> import json
>>> from crossfoot import check
>>> t = json.dumps([["(in millions)", "2019", "2018"], ["Revenue", "1,540", "1,410"],
...                 ["Cost of sales", "610", "575"], ["Net income", "402", "371"]])
>>> check("Revenue was $930 million.", [t]).passed
False
>>> q = "What was the gross profit in 2019?"
>>> check("Gross profit was $930 million.", [t], question=q).passed
True
"""

from __future__ import annotations

from crossfoot.language.operation_words import DIFFERENCE_WORDED
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowmatch import names_row
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import _focus
from crossfoot.rules._list_lead import list_lead
from crossfoot.rules._prose_subject import _source_words, content_words

__all__ = ["gap_named", "unworded_ok"]


def gap_named(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether an unworded gap of ``x`` and ``y`` fits the rows the claim's sentence names: no
    row of an operand's table named but by the question too, every operand of such a table in a
    named row, or a difference worded by the sentence, the one before, a list's lead or the
    question."""
    rows = _focus(ctx).rows
    if not rows:
        return True
    for v in (x, y):
        if v.table is None:
            continue
        key = (v.source_id, v.table)
        named = rows.get(key)
        if named is None or v.row_index in named:
            continue
        if _own_rows(ctx, key, named):
            return _worded(ctx)
    return True


def unworded_ok(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether an unworded difference of ``x`` and ``y`` (a change of one line, or a gap of
    two) may be the claim's reading: its sentence names the rows of both operands ("Widget Alpha
    outsold Widget Beta by 380 units"), or nothing of the sources' that the question does not
    name, or a difference is worded by the sentence, the one before, a list's lead or the
    question."""
    if _rows_named(ctx, x, y) or not _names_own(ctx):
        return True
    return _worded(ctx)


def _rows_named(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether both operands are cells of rows the claim's sentence names."""
    rows = _focus(ctx).rows
    for v in (x, y):
        named = rows.get((v.source_id, v.table)) if v.table is not None else None
        if named is None or v.row_index not in named:
            return False
    return True


def _names_own(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence names something the sources write (a content word of theirs)
    that the question does not (once per sentence): "In 2011, the exclusion covered 11.5 million
    shares" states a line of the sources, where "The total expenses in 2019 were 82,884 million"
    restates what "What were the total expenses in 2019?" asks for."""
    memo: dict[tuple[int, int, tuple[str, ...]], bool]
    memo = ctx.shared.setdefault("gap_named.names_own", {})  # type: ignore[assignment]
    # (the sources' words depend on the scope: a sentence judged again over other records reads
    # theirs, engine._elsewhere)
    key = (ctx.sentence.start, ctx.sentence.end, tuple(s.id for s in ctx.scope.sources))
    own = memo.get(key)
    if own is None:
        asked = ctx.shared.get("ask.context")
        said = content_words(asked) if isinstance(asked, str) else frozenset()
        own = memo[key] = bool(content_words(ctx.sentence.text) & _source_words(ctx) - said)
    return own


def _own_rows(ctx: ClaimContext, key: tuple[str, int], named: frozenset[int]) -> bool:
    """Whether the sentence names a row of table ``key`` that the question does not name (once
    per sentence and table)."""
    memo: dict[tuple[int, int, str, int], bool]
    memo = ctx.shared.setdefault("gap_named.own", {})  # type: ignore[assignment]
    s = ctx.sentence
    at = (s.start, s.end, *key)
    own = memo.get(at)
    if own is None:
        asked = ctx.shared.get("ask.context")
        labels: dict[int, str] = {}
        if isinstance(asked, str) and asked:
            for group in ctx.scope.groups:
                for v in group.values:
                    if (v.source_id, v.table) == key and v.row_index in named and v.row:
                        labels.setdefault(v.row_index, v.row)
        said = asked if isinstance(asked, str) else ""
        own = memo[at] = any(i not in labels or not names_row(labels[i], said) for i in named)
    return own


def _worded(ctx: ClaimContext) -> bool:
    """The sentence, the one before, a list's lead or the question words a difference (once per
    sentence)."""
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("gap_named.worded", {})  # type: ignore[assignment]
    key = (ctx.sentence.start, ctx.sentence.end)
    said = memo.get(key)
    if said is None:
        asked = ctx.shared.get("ask.text")
        wording = focus_text(ctx) + " " + list_lead(ctx.text, ctx.sentence.start)
        if isinstance(asked, str):
            wording += " " + asked
        said = memo[key] = DIFFERENCE_WORDED.search(wording) is not None
    return said
