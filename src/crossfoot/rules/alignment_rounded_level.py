"""A change asked, answered with a figure that only rounds to one level of the sources.

"What was the net change?" answered "The answer is 3." over a text that writes "$3.4 million of
goodwill" is not the change: the figure meets a value the sources give as a level (no change word
in its own words or its cell's labels), and meets it only by dropping the source's digits. A
figure that states the change ("increased $3.4 million", a cell of an "Increase (decrease)"
column) still answers it, and so does a figure equal to a level as written (a coincidence the
answer cannot be blamed for: it may be the difference too). For
:func:`crossfoot.rules.alignment.misfit`, which then looks for another reading that fits (the
difference of the values the question names) before the figure is ``off_question``.

>>> from decimal import Decimal
>>> from crossfoot.model.types import Evidence, Mention, Sentence
>>> v = SourceValue(Decimal("3.4"), "S2", label="the company recorded $3.4 million", span=(0, 4))
>>> ev = Evidence("direct", "rounded", "[S2] the company recorded $3.4 million = 3.4", (v,))
>>> m = Mention("3", 14, 15, Decimal(3), "number", Decimal("0.5"))
>>> c = Claim(m, Sentence(0, 0, 16, "The answer is 3."), "supported_rounded", ev)
>>> rounded_level(c, ev.operands).split(";")[0]
'the question asks for a change'
>>> up = SourceValue(Decimal("3.4"), "S2", label="revenue increased $3.4 million", span=(0, 4))
>>> rounded_level(c, (up,)) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import Claim, SourceValue
from crossfoot.rules._prose_change import names_change, states_change
from crossfoot.rules.alignment_points import points_misfit

__all__ = ["change_misfit", "rounded_level"]

# Labels that name a change: such a cell may hold the change asked ("Increase (decrease)").
_CHANGE_LABEL = (
    r"\bchange|\bincrease|\bdecrease|\bgrowth|\bdifference|\bvariance|\bdecline|\bvs\.?(?!\w)|"
    r"\bversus\b|\bmovement"
)
_CHANGED = re.compile(rf"(?i){_CHANGE_LABEL}")
# ... or another computed quantity, which the figure's own cell may answer (points, a rate).
_COMPUTED = re.compile(rf"(?i)%|percent|\bper\b|\brates?\b|\bratio|{_CHANGE_LABEL}")


def rounded_level(
    c: Claim, ops: Sequence[SourceValue], values: Sequence[SourceValue] = ()
) -> str | None:
    """Why ``c`` (a direct match of the source figures ``ops``) is no answer to a change asked, or
    None: it only rounds to one source figure that states no change, and no two neighbouring
    figures of ``values`` differ by it."""
    if c.status != "supported_rounded" or len(ops) != 1 or c.evidence is None:
        return None
    if c.evidence.rule != "direct":
        return None
    v = ops[0]
    if _states(v, _COMPUTED):
        return None
    if any(
        _states(w, _CHANGED) and abs(abs(w.value) - abs(c.mention.value)) <= c.mention.precision
        for w in values
    ):
        return None  # (another figure the figure rounds to states a change: "decreased $3.4")
    if _neighbours_differ(c, values):
        return None  # ("$1.3 billion ... $1.2 billion": the change, as written, is there too)
    return (
        "the question asks for a change; this figure only rounds to one value the sources give "
        f"as a level ({v.label or v.row or 'one figure'})"
    )


def _states(v: SourceValue, named: re.Pattern[str]) -> bool:
    """Whether ``v``'s own words state a change or its labels name what ``named`` reads."""
    labels = " ".join(x for x in (v.row, v.column, v.field) if x)
    if states_change(v) or named.search(labels):
        return True
    return v.span is not None and names_change(v.label or "")  # ("the decrease was $3.4 million")


# Prose figures this close (characters) are read as one passage: a change and its two levels.
_NEAR = 250


def _neighbours_differ(c: Claim, values: Sequence[SourceValue]) -> bool:
    """Whether two figures of one passage, row or column differ by exactly ``c``'s figure
    (neither a year; prose figures also as written, "$1.3 billion" as 1.3)."""
    m = c.mention
    target = abs(m.value)
    groups: dict[tuple[object, ...], list[SourceValue]] = {}
    for v in values:
        if v.kind == "year":
            continue
        if v.span is not None:
            groups.setdefault((v.source_id, "p", v.span[0] // _NEAR), []).append(v)
            groups.setdefault((v.source_id, "p", (v.span[0] + _NEAR // 2) // _NEAR), []).append(v)
        elif v.table is not None:
            groups.setdefault((v.source_id, v.table, "r", v.row_index), []).append(v)
            groups.setdefault((v.source_id, v.table, "c", v.col_index), []).append(v)
    for group in groups.values():
        seen = sorted({abs(v.value) for v in group})
        for k, a in enumerate(seen):
            for b in seen[k + 1 :]:
                if b - a == target:
                    return True
    return False


def change_misfit(
    c: Claim, kind: str, ops: Sequence[SourceValue], values: Sequence[SourceValue] = ()
) -> str | None:
    """The misfits of a final figure when the question asks for a change (an amount): a relative
    change of percentages (:func:`points_misfit`), a figure that only rounds to a level."""
    return points_misfit(c.mention, kind, ops) or rounded_level(c, ops, values)
