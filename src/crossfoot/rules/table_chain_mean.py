"""The average of changes of a table's lines between two years: "what was the average change in
interest expense and depreciation and amortization from 2012 to 2013? The answer is -74." for
((822 - 768) + (527 - 729)) / 2, or "what is the average change?" after turns asking one line's
changes over two successive years, (527 - 590) / 2.

A conversation averages the changes it asked before ("what was the change in X from 2012 to
2013? and in Y? what is the average of these changes?"): four operands, which no two-operand
search reaches, and which :mod:`crossfoot.rules.average_change` (the change between two
averages) does not read. The chains here are the means of changes over one table, later year
less earlier:

- one line between two years ``k`` years apart (``k`` of 2 to 5), its change over ``k``: the
  average of its ``k`` yearly changes;
- two or three lines between the same two years, the mean of their changes.

The last turn must word an average ("average", "mean"). When the words (the last turn and the
claim's sentence, then a conversation's turns together) name lines of the table, only chains on
lines they name are read; a last turn read alone that names none ("what is the average of
these changes?") reads every line. Chance is counted, never assumed away: the chains in the
figure's band (:mod:`crossfoot.rules._chance`) times its window over that band stay under
:data:`_BUDGET` (:data:`_ALONE` times less when no line is named).

>>> from crossfoot import check
>>> t = ("| ( in millions ) | 2013 | 2012 | 2011 |\\n|-|-|-|-|\\n| interest expense | 822 | 768 |"
...      " 556 |\\n| depreciation and amortization | 527 | 729 | 590 |\\n| net revenues | 4,616 |"
...      " 4,400 | 3,435 |")
>>> q = ("what was the average change in interest expense and depreciation and amortization"
...      " from 2012 to 2013?")
>>> [c.status for c in check("The answer is -74.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is -64.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import read_turns
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import counted_match
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.table_chain_named import plain_asked

__all__ = ["changes_mean"]

_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_ALONE = 5  # times fewer when the words name no line of the table
_SPAN = 5  # years between a line's two cells, at most (its average of yearly changes)
_LINES = 12  # lines of one table read, at most (the means of three grow with their cube)
_KEPT = 64
_MEAN_WORDS = frozenset(("average", "mean"))
_Mean = tuple[Decimal, tuple[SourceValue, ...]]
# one table's lines by row: their cells by year
_Table = dict[int, dict[int, SourceValue]]
_MEMO: dict[int, tuple[ValueIndex, list[_Table]]] = {}


def _tables(group: ValueIndex) -> list[_Table]:
    """The amount cells of each table of ``group`` as written, by row and year (a column of
    one year each)."""
    out: dict[tuple[str, int], _Table] = defaultdict(lambda: defaultdict(dict))
    for v in group.values:
        if v.table is None or v.row_index is None or v.view == "true" or v.year is None:
            continue
        if operand_class(v) != "amount" or v.period is not None:
            continue
        out[(v.source_id, v.table)][v.row_index].setdefault(v.year, v)
    return [t for t in out.values() if t]


def _means(table: _Table, rows: list[int]) -> list[_Mean]:
    """The chains of the module docstring over ``rows`` of ``table``, sorted by value."""
    out: list[_Mean] = []
    for r in rows:
        line = table[r]
        for y1, y2 in combinations(sorted(line), 2):
            if 2 <= y2 - y1 <= _SPAN:
                a, b = line[y1], line[y2]
                out.append(((b.value - a.value) / (y2 - y1), (a, b)))
    for k in (2, 3):
        for group in combinations(rows, k):
            shared = set.intersection(*(set(table[r]) for r in group))
            for y1, y2 in combinations(sorted(shared), 2):
                ops = tuple(v for r in group for v in (table[r][y1], table[r][y2]))
                total = sum((table[r][y2].value - table[r][y1].value for r in group), Decimal(0))
                out.append((total / k, ops))
    out.sort(key=lambda x: x[0])
    return out


def _words(ctx: ClaimContext) -> list[frozenset[str]] | None:
    """The words of the last turn with the claim's sentence, then of every turn; None when the
    last turn words no average."""
    ask = ctx.shared.get("ask.text")
    if not isinstance(ask, str) or not ("average" in ask.lower() or "mean" in ask.lower()):
        return None  # (a substring test first: most questions ask no average)
    turns = read_turns(ask)
    if not turns or not _MEAN_WORDS & turns[-1].words:
        return None
    s = ctx.sentence
    own = frozenset(tokens(s.text)) if s is not None else frozenset()
    out = [turns[-1].words | own]
    context = ctx.shared.get("ask.context")  # the conversation, when one is passed whole
    earlier = read_turns(context) if isinstance(context, str) else ()
    if len(earlier) > 1:
        out.append(frozenset().union(*(t.words for t in earlier)) | own)
    return out


def _named(table: _Table, words: frozenset[str]) -> list[int]:
    """The rows of ``table`` whose label's content words ``words`` hold."""
    out = []
    for r, line in table.items():
        name = next(iter(line.values())).row
        need = required_tokens(name) if name else frozenset()
        if need and need <= words:
            out.append(r)
    return out


def changes_mean(ctx: ClaimContext) -> Verdict | None:
    """Rule: the average of changes of a table's lines (see the module docstring)."""
    if not plain_asked(ctx):
        return None
    m = ctx.mention
    readings = _words(ctx)
    if readings is None:
        return None
    lo, hi = claim_interval(ctx)
    for group in ctx.scope.groups:
        for table in by_identity(_MEMO, group, _KEPT, _tables):
            found = _search(table, readings, lo, hi, m.value)
            if found is not None:
                return Verdict("derived", _evidence(ctx, found))
    return None


def _search(
    table: _Table, readings: list[frozenset[str]], lo: Decimal, hi: Decimal, value: Decimal
) -> _Mean | None:
    for words in readings:
        rows = _named(table, words)
        if rows:
            found = counted_match(_means(table, rows), lo, hi, value, _BUDGET)
            if found is not None:
                return found
    if any(_named(table, w) for w in readings) or len(table) > _LINES:
        return None
    return counted_match(_means(table, list(table)), lo, hi, value, _BUDGET / _ALONE)


def _evidence(ctx: ClaimContext, found: _Mean) -> Evidence:
    result, ops = found
    pairs = [
        f"({label(b)} ({b.value:,}) - {label(a)} ({a.value:,}))"
        for a, b in zip(ops[::2], ops[1::2], strict=True)
    ]
    if len(pairs) == 1:
        a, b = ops
        years = (b.year or 0) - (a.year or 0)
        formula = f"{pairs[0]} / {years}"
    else:
        formula = f"({' + '.join(pairs)}) / {len(pairs)}"
    formula += f" = {fmt_result(ctx, result)}"
    note = "an average of changes over one table's lines, counted against chance"
    return Evidence("derive", "average", formula, ops, result, note)
