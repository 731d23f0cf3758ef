"""Prose pools searched by nearby pairs only, when they are too large to search whole.

A pool of n values offers about n**2 operand pairs, and the derivation search admits a pool
while that stays within the claim's chance budget (``derivation_limit`` squared). Running text
has no rows or columns, but it has distance: two figures of one passage ("capital expenditures
were $820 million in 2010 and $852 million in 2009") are the pairs a sentence about them
combines. A prose pool too large for the budget is still searched when the pairs of its values
that stand within ``NEAR`` characters of each other fit the budget; only those pairs are then
tried (:func:`crossfoot.rules.derive._pair_ok`). The chance of a coincidental match is set by the
pairs tried, so the budget is the same one.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Mention
from crossfoot.model.wordgate import WordGated

__all__ = [
    "NEAR",
    "focus_says",
    "line_pairs",
    "may_say",
    "near_pairs",
    "offered_pairs",
    "prose_only",
    "three_digits",
]

#: Characters between the starts of two prose operands for them to count as one passage: about
#: two sentences of a filing (half the distance the coarse-figure rule of
#: :mod:`crossfoot.rules.derive` allows for a pool searched whole).
NEAR = 250
_THREE_DIGITS = Decimal("0.005")


def three_digits(m: Mention) -> bool:
    """The figure is stated to about three significant digits or finer (a half unit of at most
    0.5 % of it: "1.66", "-0.0339", not "-60" or "5.0"). Coarser figures are met by the many
    nearby pairs of small counts and range ends of a passage, so only finer ones are searched
    by nearby pairs.

    >>> from decimal import Decimal
    >>> three_digits(Mention("1.66", 0, 4, Decimal("1.66"), "number", Decimal("0.005")))
    True
    >>> three_digits(Mention("-60", 0, 3, Decimal(-60), "number", Decimal("0.5")))
    False
    """
    return m.value != 0 and 0 < m.precision <= abs(m.value) * _THREE_DIGITS


def prose_only(group: ValueIndex) -> bool:
    """Every value of ``group`` is a figure of running text (a span, no table cell, no field)."""
    return bool(len(group)) and all(
        v.span is not None and v.table is None and v.field is None for v in group.values
    )


def near_pairs(ctx: ClaimContext, group: ValueIndex) -> int | None:
    """How many ordered pairs of distinct operand values of a prose ``group`` stand within
    ``NEAR`` characters of each other (once per answer and group), or None when the group is
    not prose.

    >>> from crossfoot.model.types import SourceValue
    >>> from crossfoot.model.options import Options
    >>> vals = [SourceValue(Decimal(v), "S", span=(at, at + 3)) for v, at in
    ...         [(820, 0), (852, 40), (926, 2000)]]
    >>> m = Mention("1", 0, 1, Decimal(1), "number", Decimal("0.5"))
    >>> ctx = ClaimContext(m, None, "1", (m,), 0, None, Options())
    >>> near_pairs(ctx, ValueIndex(vals))
    2
    """
    found = offered_pairs(ctx, group)
    return found[1] if found is not None and found[0] == "near" else None


def _near_count(group: ValueIndex) -> int:
    starts = sorted(v.span[0] for v in group.values if v.operand and v.span is not None)
    count = 0
    for i, s in enumerate(starts):
        count += bisect_right(starts, s + NEAR) - i - 1
    return count * 2


def line_pairs(ctx: ClaimContext, group: ValueIndex) -> int | None:
    """How many ordered pairs of operand cells of a table ``group`` share a row or a column
    (once per answer and group, in the larger unit view), or None when a value of the group is
    no table cell.

    Cells of a table combine only along a row or down a column (crossfooting), so these are the
    pairs the derivation search tries: a table of R rows and C columns offers about
    n * (R + C - 2) of them, not n ** 2.

    >>> from crossfoot.model.types import SourceValue
    >>> from crossfoot.model.options import Options
    >>> vals = [SourceValue(Decimal(r * 10 + c + 1), "S", row=str(r), column=str(c), table=0,
    ...         row_index=r, col_index=c) for r in range(3) for c in range(4)]
    >>> m = Mention("1", 0, 1, Decimal(1), "number", Decimal("0.5"))
    >>> ctx = ClaimContext(m, None, "1", (m,), 0, None, Options())
    >>> line_pairs(ctx, ValueIndex(vals))  # 12 cells: 3 rows of 4, 4 columns of 3
    60
    """
    found = offered_pairs(ctx, group)
    return found[1] if found is not None and found[0] == "lines" else None


def _lines_count(group: ValueIndex) -> int:
    per_view = []
    for views in (("both", "true"), ("both", "written")):
        lines: dict[tuple[object, ...], int] = {}
        for v in group.values:
            if v.operand and v.kind != "year" and v.view in views:
                for key in (
                    (v.source_id, v.table, "r", v.row_index),
                    (v.source_id, v.table, "c", v.col_index),
                ):
                    lines[key] = lines.get(key, 0) + 1
        per_view.append(sum(k * (k - 1) for k in lines.values()))
    return max(per_view)


def offered_pairs(ctx: ClaimContext, group: ValueIndex) -> tuple[str, int] | None:
    """The operand pairs the derivation search tries in ``group`` when it is too large to search
    whole, the count the chance budget (``derivation_limit`` squared) is set against:
    ``("near", n)`` for running text (:func:`near_pairs`), ``("lines", n)`` for table cells
    (:func:`line_pairs`), None for a group of both or of record fields. Once per answer and
    group: one pass tells the group's shape, one counts its pairs."""
    memo: dict[int, tuple[ValueIndex, tuple[str, int] | None]]
    memo = ctx.shared.setdefault("derive.offered", {})  # type: ignore[assignment]
    hit = memo.get(id(group))
    if hit is not None and hit[0] is group:
        return hit[1]
    prose = table = bool(len(group))
    for v in group.values:
        prose = prose and v.span is not None and v.table is None and v.field is None
        table = table and v.table is not None and v.row_index is not None
        if not (prose or table):
            break
    found: tuple[str, int] | None = None
    if prose:
        found = ("near", _near_count(group))
    elif table:
        found = ("lines", _lines_count(group))
    memo[id(group)] = (group, found)
    return found


def focus_says(ctx: ClaimContext, pattern: re.Pattern[str] | WordGated) -> bool:
    """``pattern`` occurs in the claim's focus text (its sentence and the one before), read once
    per sentence and pattern: the claims of one long sentence share the answer (a per-claim
    search of a 40 KB sentence made 10,000 claims quadratic)."""
    memo: dict[tuple[object, int, int, object], bool]
    memo = ctx.shared.setdefault("focus_says", {})  # type: ignore[assignment]
    key = (pattern.pattern, ctx.sentence.start, ctx.sentence.end, ctx.notes.get("question"))
    said = memo.get(key)
    if said is None:
        said = memo[key] = pattern.search(focus_text(ctx)) is not None
    return said


def may_say(ctx: ClaimContext, key: str, pattern: re.Pattern[str] | WordGated) -> bool:
    """False when neither the answer nor the question the claim is judged with holds a match of
    ``pattern``, so no part of them (a claim's focus text) can: the answer is searched once per
    answer, not once per claim. ``pattern`` must be a necessary condition of the rule's own
    patterns that needs no word boundary (a slice may cut a word)."""
    memo: dict[str, bool] = ctx.shared.setdefault("derive.may_say", {})  # type: ignore[assignment]
    said = memo.get(key)
    if said is None:
        said = memo[key] = pattern.search(ctx.text) is not None
    asked = ctx.notes.get("question")
    return said or (isinstance(asked, str) and pattern.search(asked) is not None)
