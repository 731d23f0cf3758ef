"""A sum of three or four cells of one line of a table, every cell named by the question: "what
was the total dividends per share in 2008, 2009 and 2010? The answer is 4.35." or "what was the
total of north america, europe and asia pacific in 2024? The answer is 268."

The sums of :mod:`crossfoot.rules.multi` take runs of adjacent cells of short lines, and
:mod:`crossfoot.rules.table_chain` takes any three cells of a line only for a figure stated finer
than a thousandth of its size: a sum answered to its cells' own precision ("268" of three counts,
"4.35" of three per-share amounts) or of cells apart in a long line is met by neither. Here the
words bind the cells instead of the precision: a cell is named when the question names its row
and its column (a label whose content words it says, or the year it asks for; a table of one
column of amounts needs no column named), and only the named cells of one line are summed. Such
sums are few, so a chance match is counted, never assumed away: the named sums in the figure's
band (:mod:`crossfoot.rules._chance`) times its window over that band stay under
:data:`_BUDGET`.

The question's last turn must word a sum ("total", "sum", "combined", "including") and nothing
else ("the total change", "the sum divided by 2" are other shapes; "the total share of A, B and
C" sums shares). A plain figure may sum percentages as numbers, as a conversation's answers
are written ("what was the total share of the three regions? The answer is 91.8" over 45.2 %,
30.5 % and 16.1 %). A conversation passed whole
names the cells over its turns ("what was X in 2008? and in 2009? and in 2010? what is the
total?"): the turns that go on from one another up to the last are read together.

>>> from crossfoot import check
>>> t = ("| | 2010 | 2009 | 2008 | 2007 |\\n|-|-|-|-|-|\\n| dividends per share | 1.52 | 1.40 |"
...      " 1.43 | 1.30 |\\n| book value per share | 21.40 | 20.10 | 19.65 | 18.20 |")
>>> q = "what were the total dividends per share in 2010, 2008 and 2007?"
>>> [c.status for c in check("The answer is 4.25.", sources=[t], question=q).claims]
['derived']
>>> [c.status for c in check("The answer is 4.52.", sources=[t], question=q).claims]
['unsupported']
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import combinations

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import Turn, operations, read_turns
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import counted_match
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result

__all__ = ["named_cells", "named_cells_sum", "plain_asked"]

_BUDGET = Decimal("0.05")  # expected chance matches in the figure's window, at most
_SIZES = (3, 4)  # cells of one sum
_LINE = 12  # named cells of one line, at most (the sums of four grow with its fourth power)
_CELLS = 4000  # cells of one table, at most (every claim reads which are named)
_Grid = dict[tuple[int, int], SourceValue]
_MEMO: dict[int, tuple[ValueIndex, list[tuple[str, _Grid]]]] = {}
# A plain figure may sum percentages as numbers ("what was the total share of the three
# regions? The answer is 91.8" over 45.2 %, 30.5 % and 16.1 %); an amount of money sums amounts.
_CLASSES = {"number": ("amount", "percent"), "money": ("amount",)}
_KEPT = 64
# "the total share of A, B and C", "their combined percentage of sales": shares summed
_JOINT = re.compile(r"(?i)\b(?:total|combined)\s+(?:share|percentage|portion)s?\s+of\b")
# "the sum of the 3", "the total of all four": the count of the cells summed
_COUNTED = re.compile(r"(?i)\b(?:the|all|these|those)\s+(?:3|4)\b")


def _grids(group: ValueIndex) -> list[tuple[str, _Grid]]:
    """The amount cells and the percent cells of each table of ``group`` as written, by (row,
    column), each with its class."""
    grids: dict[tuple[str, int, str], _Grid] = {}
    for v in group.values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        cls = operand_class(v)
        if v.view == "true" or v.value == 0 or cls not in _CLASSES["number"]:
            continue
        grids.setdefault((v.source_id, v.table, cls), {})[(v.row_index, v.col_index)] = v
    return [(k[2], g) for k, g in grids.items() if 3 <= len(g) <= _CELLS]


def _said(
    text: str | None, words: frozenset[str], years: frozenset[int], own: bool = False
) -> bool:
    """Whether the words name a row or column label: its content words (with ``own``, a label
    of none, "total", by its own words), or its year."""
    if not text:
        return False
    need = required_tokens(text) or (frozenset(tokens(text)) if own else frozenset())
    if need and need <= words:
        return True
    return any(y in years for y in years_in_text(text))


def named_cells(
    grid: _Grid, words: frozenset[str], years: frozenset[int], own: bool = False
) -> list[SourceValue]:
    """The cells whose row and column the words name (a table of one amount column: the row);
    ``own``: a label with no content word is named by its own words."""
    one_column = len({c for _, c in grid}) == 1
    return [
        v
        for v in grid.values()
        if _said(v.row, words, years, own) and (one_column or _said(v.column, words, years, own))
    ]


def _sums(cells: list[SourceValue]) -> list[tuple[Decimal, tuple[SourceValue, ...]]]:
    """Sums of three or four named cells of one row or one column, sorted."""
    lines: dict[tuple[str, int], list[SourceValue]] = {}
    for v in cells:
        lines.setdefault(("r", v.row_index or 0), []).append(v)
        lines.setdefault(("c", v.col_index or 0), []).append(v)
    out: list[tuple[Decimal, tuple[SourceValue, ...]]] = []
    for line in lines.values():
        if len(line) > _LINE:
            continue
        for k in _SIZES:
            out.extend((sum((v.value for v in c), Decimal(0)), c) for c in combinations(line, k))
    out.sort(key=lambda s: s[0])
    return out


def _readings(ctx: ClaimContext) -> list[tuple[frozenset[str], frozenset[int]]]:
    """The words and years of the last turn (and the claim's sentence), then, for a
    conversation, of the turns that go on from one another up to the last."""
    turns = read_turns(ctx.shared.get("ask.text") or "")
    if not turns or not _sum_asked(turns[-1]):
        return []
    said = ""
    if (s := ctx.sentence) is not None:
        a, b = ctx.mention.start - s.start, ctx.mention.end - s.start
        said = f"{s.text[:a]} {s.text[b:]}" if 0 <= a <= b <= len(s.text) else s.text
    own = frozenset(tokens(said))
    out = [(turns[-1].words | own, turns[-1].years | frozenset(years_in_text(said)))]
    context = ctx.shared.get("ask.context")
    earlier = read_turns(context) if isinstance(context, str) else ()
    if len(earlier) > 1:
        run = _run(earlier)
        words = frozenset().union(*(t.words for t in run)) | own
        years = frozenset().union(*(t.years for t in run))
        if (words, years) != out[0]:
            out.append((words, years))
    return out


def _sum_asked(turn: Turn) -> bool:
    """Whether the turn words a sum and no other operation: "the total share of A, B and C" is
    a sum of shares, "the sum of the 3" counts its cells (no operand of the user's own)."""
    ops = turn.ops
    if "/" in ops and _JOINT.search(turn.text):
        ops = operations(_JOINT.sub(" total ", turn.text))
    stated = turn.stated and not (len(turn.stated) == 1 and _COUNTED.search(turn.text))
    return "+" in ops and not ops & {"-", "/"} and not stated


def _sum_or_none(turn: Turn) -> bool:
    return not turn.ops or _sum_asked(turn)


def _run(turns: tuple[Turn, ...]) -> tuple[Turn, ...]:
    """The last turns that name the cells of one sum: back to the turn that starts the run (the
    first turn after one that words an operation other than a sum, or the first of all: "what
    is the sum of X and Y in 2009? what is the sum including Z?" names three cells)."""
    start = len(turns) - 1
    while start > 0 and _sum_or_none(turns[start - 1]):
        start -= 1
    return turns[start:]


def plain_asked(ctx: ClaimContext) -> bool:
    """Whether the claim is a plain figure (a number or money, exact, unscaled, not zero) under
    default tolerances with derivations allowed, and the ask is known: what the searches of one
    table's named lines read (this module's and ``rules.table_chain_mean``)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "money") or not m.claim or m.high is not None or m.value == 0:
        return False
    if m.scale != 1 or not o.allow_derived or o.rel_tolerance is not None:
        return False
    return o.abs_tolerance is None and isinstance(ctx.shared.get("ask.text"), str)


def named_cells_sum(ctx: ClaimContext) -> Verdict | None:
    """Rule: a sum of three or four named cells of one table line (module docstring)."""
    if not plain_asked(ctx):
        return None
    m = ctx.mention
    readings = _readings(ctx)
    if not readings:
        return None
    lo, hi = claim_interval(ctx)
    classes = _CLASSES[m.kind]
    grids = [
        g
        for group in ctx.scope.groups
        for cls, g in by_identity(_MEMO, group, _KEPT, _grids)
        if cls in classes
    ]
    for words, years in readings:
        for grid in grids:
            sums = _sums(named_cells(grid, words, years))
            found = counted_match(sums, lo, hi, m.value, _BUDGET)
            if found is not None:
                return Verdict("derived", _evidence(ctx, found))
    return None


def _evidence(ctx: ClaimContext, found: tuple[Decimal, tuple[SourceValue, ...]]) -> Evidence:
    total, ops = found
    terms = " + ".join(f"{label(v)} ({v.value:,})" for v in ops)
    formula = f"{terms} = {fmt_result(ctx, total)}"
    note = "a sum of the cells of one line the question names, counted against chance"
    return Evidence("derive", "sum", formula, ops, total, note)
