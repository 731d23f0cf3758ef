"""A change the text itself states between two of its figures: "the increase in earnings from $128
million to $201 million", "interest expense decreased to $38.4 million from $41.6 million", "we
may request an increase in the line from $5.0 billion to $7.0 billion".

Such a sentence names one quantity at two levels and says it moved from the one to the other, so
its change (201 - 128 = 73) and its relative change ((7.0 - 5.0) / 5.0 = 0.4) are what the text
states, as surely as a figure it writes. A turn asking "what is the net change?" or "how much
does this change represent in relation to the original line?" answers with one of them, often
coarsely ("73", "0.4"): too coarse for the window search of two_operand, which derives a coarse
figure only from table rows the answer names (prose has none). Here the figure is matched
exactly (a fine one within its stated precision) against the changes the text states, and only
those: a pair joined by "from ... to" (or "to ... from") after a word of a change in the same
clause. A range ("useful lives ranging from 20 to 45 years") names no change and is no pair.

The wording of the answer or its question names a change for the amount ("change", "variance",
"by how much"), and a part or a quotient for the relative change ("in relation to", "percent",
"portion"); the sign is the text's (to less from), and a fall asked as a fall ("by how much did
it decrease?") may be answered by its size.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.changewords import (
    CHANGED,
    FALLS,
    GAP,
    INFLECTED,
    MOVE_NOUNS,
    MOVED,
    MOVED_SHARPLY,
    words,
)
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._near import focus_says, three_digits

__all__ = ["from_to_change", "stated_changes"]

# A clause of a change before the pair: "the increase in earnings in 2002 for non-utility nuclear
# from", "sales grew from", "decreased to" (within the clause: no sentence end between).
_CHANGE_WORD = words(CHANGED, MOVED, MOVED_SHARPLY, MOVE_NOUNS, INFLECTED, r"improved|went")
_CLAUSE = 90  # characters before the first figure read for the change word
# "in 2024", "at december 31 , 2024", "for fiscal 2024" between a figure and the next word
_DATE = (
    r"(?:(?:in|at|for|as\s+of)\s+(?:fiscal\s+|the\s+end\s+of\s+)?"
    r"(?:[a-z]+\.?\s+\d{1,2}\s*,\s*)?\d{4}\s*)?"
)
_FIRST = {"from": re.compile(r"(?i)\bfrom\s*\Z"), "to": re.compile(r"(?i)\bto\s*\Z")}
_BETWEEN = {
    "from": re.compile(rf"(?i)\A\s*{_DATE},?\s*to\s*\Z"),
    "to": re.compile(rf"(?i)\A\s*{_DATE},?\s*from\s*\Z"),
}
_ASKS_CHANGE = WordGated(
    re.compile(
        rf"(?i)\b(?:{CHANGED}|{MOVED}|{MOVED_SHARPLY}|{INFLECTED}|{GAP}|variations?|by\s+how\s+much)\b"
    ),
    (
        "chang",
        "increase",
        "decrease",
        "grew",
        "growth",
        "declin",
        "rose",
        "fell",
        "drop",
        "slid",
        "climbed",
        "jumped",
        "reduc",
        "shrank",
        "widened",
        "narrowed",
        "surged",
        "plunged",
        "soared",
        "tumbled",
        "slumped",
        "grow",
        "difference",
        "gap",
        "varia",
        "how",
    ),
)
_ASKS_PART = WordGated(
    re.compile(
        r"(?i)\b(?:percent\w*|portion|proportion|fraction|over|divided|relation|relative|"
        r"represents?|rate)\b"
    ),
    (
        "percent",
        "portion",
        "proportion",
        "fraction",
        "over",
        "divided",
        "relati",
        "represent",
        "rate",
    ),
)
_ASKS_FALL = words(FALLS)


def stated_changes(
    sources: Sequence[SourceValue], text_of: dict[str, str]
) -> list[tuple[SourceValue, SourceValue]]:
    """The (from, to) pairs of prose figures whose text states a change between them.

    ``sources`` are the scope's values in text order per source, ``text_of`` each source's text.

    >>> from crossfoot.model.types import SourceValue as V
    >>> t = "earnings rose from $ 128 million to $ 201 million ; lives range from 20 to 45 years"
    >>> vs = [V(Decimal(128), "S", span=(19, 32)), V(Decimal(201), "S", span=(36, 49)),
    ...       V(Decimal(20), "S", span=(68, 70)), V(Decimal(45), "S", span=(74, 76))]
    >>> [(a.value, b.value) for a, b in stated_changes(vs, {"S": t})]
    [(Decimal('128'), Decimal('201'))]
    """
    found: list[tuple[SourceValue, SourceValue]] = []
    for a, b in pairwise(sources):
        text = text_of.get(a.source_id)
        if text is None or a.source_id != b.source_id or a.span is None or b.span is None:
            continue
        before = text[max(0, a.span[0] - 12) : a.span[0]]
        between = text[a.span[1] : b.span[0]]
        for first, joint in _BETWEEN.items():
            if not _FIRST[first].search(before) or not joint.match(between):
                continue
            clause = text[max(0, a.span[0] - _CLAUSE) : a.span[0]].rsplit(". ", 1)[-1]
            if _CHANGE_WORD.search(clause.split(";")[-1]) is None:
                continue
            found.append((a, b) if first == "from" else (b, a))
    return found


def _pairs(ctx: ClaimContext) -> list[tuple[SourceValue, SourceValue]]:
    """The stated changes of the scope's prose, once per answer and scope."""
    key = "from_to_change"
    memo = ctx.shared.get(key)
    if isinstance(memo, tuple) and memo[0] is ctx.scope:
        return memo[1]  # type: ignore[no-any-return]
    prose = sorted(
        (
            v
            for v in ctx.scope.values()
            if v.span is not None and v.table is None and v.field is None and v.operand
        ),
        key=lambda v: (v.source_id, v.span or (0, 0)),
    )
    text_of = {s.id: s.text for s in ctx.scope.sources}
    found = stated_changes(prose, text_of) if prose else []
    ctx.shared[key] = (ctx.scope, found)
    return found


def _written(v: SourceValue, ctx: ClaimContext) -> Decimal | None:
    """The digits of a scaled prose figure as written ("$ 128 million" -> 128), or None."""
    for w in ctx.scope.values():
        if w.view == "written" and w.span == v.span and w.source_id == v.source_id:
            return w.value
    return None


def _meets(ctx: ClaimContext, got: Decimal) -> bool:
    m = ctx.mention
    if m.value == got:
        return True
    return three_digits(m) and abs(m.value - got) <= m.precision


def from_to_change(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure that is a change, or a relative change, the text states between two of its
    figures (module docstring).

    >>> import crossfoot
    >>> text = "the increase in earnings from $ 128 million to $ 201 million was due to volume ."
    >>> q = "what is the net change?"
    >>> [c.status for c in crossfoot.check(q + " The answer is 73.", [text], question=q).claims]
    ['derived']
    """
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "money", "percent") or not m.claim or m.high is not None:
        return None
    if m.approximate or not o.allow_derived or m.value == 0:
        return None
    if o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    asks_change, asks_part = focus_says(ctx, _ASKS_CHANGE), focus_says(ctx, _ASKS_PART)
    if not (asks_change or asks_part):
        return None
    pairs = _pairs(ctx)
    for old, new in pairs:
        if old.kind != new.kind or old.value == 0:
            continue
        verdict = _judge(ctx, old, new, asks_change, asks_part)
        if verdict is not None:
            return verdict
    return None


def _judge(
    ctx: ClaimContext, old: SourceValue, new: SourceValue, asks_change: bool, asks_part: bool
) -> Verdict | None:
    m = ctx.mention
    gap = new.value - old.value
    said = f"{new.label} ({format_decimal(new.value)}) - {old.label} ({format_decimal(old.value)})"
    if (asks_change and m.kind != "percent") or (m.kind == "percent" and old.kind == "percent"):
        wold, wnew = _written(old, ctx), _written(new, ctx)
        gaps = [gap] + ([wnew - wold] if wold is not None and wnew is not None else [])
        fall = gap < 0 < m.value and focus_says(ctx, _ASKS_FALL)
        for g in gaps:
            if _meets(ctx, g) or (fall and _meets(ctx, -g)):
                return _verdict("difference", said, (new, old), g)
    if asks_part and old.kind != "percent":
        rel = gap / old.value
        if _meets(ctx, rel * 100 if m.kind == "percent" else rel):
            return _verdict(
                "percent_change", f"({said}) / {format_decimal(old.value)}", (old, new), rel
            )
    return None


def _verdict(
    kind: str, formula: str, operands: tuple[SourceValue, ...], result: Decimal
) -> Verdict:
    note = "a change the text states from one figure to the other"
    return Verdict(
        "derived",
        Evidence("derive", kind, f"{formula} = {format_decimal(result)}", operands, result, note),
    )
