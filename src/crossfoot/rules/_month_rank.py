"""A month or half ranked for one row of a table whose columns are months or halves: "Airport
peaked in March at 1,050" over Airport's January, February and March cells.

The month's twin of :mod:`crossfoot.rules._quarter_rank` (which ranks quarters the same way):
the figure is March's cell, so it passes, and March is not the row's peak. The figure of the
sentence carries the verdict: its cell, in a column of one month (or half,
:func:`crossfoot.language.period_columns.column_period`), must be the extreme of its row's cells
of the same kind of period. In the same shapes as a quarter (the superlative right before the
month, "highest in March", "peaked in March"). A cell that is also the extreme of the other rows
of its column is left alone (the sentence may rank those), unless a verb of time ranks it
("peaked", "bottomed": a row's own months only).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from crossfoot.language.period_columns import QUARTER, by_column, named_parts, period_name
from crossfoot.model.types import Claim, Sentence, SourceValue
from crossfoot.rules._period_rank import ranks_the_year
from crossfoot.rules._quarter_rank import _ASIDE, off_extreme
from crossfoot.rules.row_months import named_month

__all__ = ["ranked_months"]

Condition = Callable[[str, int, int], "tuple[str, object] | None"]


def ranked_months(
    text: str,
    sentences: Sequence[Sentence],
    claims: list[Claim],
    values: Sequence[SourceValue],
    condition: Condition,
) -> list[Claim]:
    """``claims``, with the figure of a sentence that misranks its month (or half)
    ``contradicted``; ``condition``: "max" or "min" a stretch of text asks for."""
    if not any(v.period is not None and by_column(v) for v in values[:64]):
        return claims  # (no table of month or half columns: most answers)
    out = list(claims)
    for s in sentences:
        said = named_month(text[s.start : s.end])
        codes = named_parts(text[s.start : s.end])
        if len(said) != 1 or len(codes) != 1 or said[0][1] // QUARTER == 1:
            continue  # (a quarter: rules._quarter_rank)
        code = said[0][1]
        words = _PART_WORD.finditer(text, s.start, s.end)
        at = next((w for w in words if named_parts(w[0]) == {code}), None)
        cond = condition(text, s.start, s.end)
        if cond is None or at is None or _compares(cond[1]):
            continue
        if not ranks_the_year(text, s, at.start(), at.end()):
            continue
        for i, c in enumerate(out):
            if not s.start <= c.mention.start < s.end or c.mention.kind == "year":
                continue
            why = _misranked(c, values, code, cond[0] == "max", cond[1])
            if why is not None:
                out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
            break  # the sentence's first figure is the one ranked
    return out


_PART_WORD = re.compile(r"\b(?:[A-Z][a-z]{2,8}|[hH][12]|[12][hH])\b")


def _compares(match: object) -> bool:
    group = getattr(match, "group", None)
    return group is not None and bool(group("more") or group("less"))


def _misranked(
    c: Claim, values: Sequence[SourceValue], code: int, high: bool, match: object
) -> str | None:
    ev = c.evidence
    if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None or v.period is None or v.period[1] != code or not by_column(v):
        return None
    word = str(getattr(match, "group", lambda _: "")(0)).lower()
    line: dict[int, SourceValue] = {}
    across: list[SourceValue] = []
    for w in values:
        if w.source_id != v.source_id or w.table != v.table or w.view != v.view:
            continue
        if w.kind != v.kind or w.period is None or not by_column(w):
            continue
        if w.row_index == v.row_index and w.period[1] // QUARTER == code // QUARTER:
            line[w.period[1]] = w
        if w.col_index == v.col_index and not _ASIDE.search(w.row or ""):
            across.append(w)
    if len(line) < 2 or any(w.value < 0 for w in line.values()):
        return None
    return off_extreme(line, code, v.value, across, high, word, period_name)
