"""A quarter ranked for one line of a table: "Operating income was highest in Q1, at $18.2m".

The quarter's twin of :mod:`crossfoot.rules._period_rank`: the figure is Q1's cell of a line
whose Q4 cell is higher, so every figure passes and the quarter is wrong. A quarter is no claim of
its own (a year is read as one, a quarter is not), so the figure the sentence states carries the
verdict: its cell must be the extreme of its line's quarters of the same year, in the same two
shapes (the superlative right before the quarter, "highest in Q1", "peaked in the first
quarter"; the quarter as subject, "Q1 had the highest ..."). As for years, a cell that is also
the extreme of the other lines of its quarter is left alone (the sentence may rank those),
unless a verb of time ranks it ("peaked", "bottomed": a line's own quarters only). A sentence
with no figure ("Services revenue was highest in Q2") ranks the quarter of the row it names by
its fullest label (``rules._period_trend.row_periods``): the quarter then is the claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from crossfoot.language.extremes import RANK_NOUN as _NOUN
from crossfoot.language.period_columns import dated_or_part as period  # (a quarter alone too)
from crossfoot.model.types import (
    Claim,
    Evidence,
    Mention,
    Sentence,
    SourceValue,
    format_decimal,
)
from crossfoot.rules._period_rank import ranks_the_year
from crossfoot.rules._period_trend import row_periods
from crossfoot.rules.row_months import QUARTER_NAME, quarter_number

__all__ = ["off_extreme", "ranked_quarters"]

_ASIDE = re.compile(r"(?i)\b(?:total|subtotal|sum|all|overall|average|mean|median|combined|year)\b")

Condition = Callable[[str, int, int], "tuple[str, re.Match[str]] | None"]


def ranked_quarters(
    text: str,
    sentences: Sequence[Sentence],
    claims: list[Claim],
    values: Sequence[SourceValue],
    condition: Condition,
) -> list[Claim]:
    """``claims``, with the figure of a sentence that misranks its quarter ``contradicted``;
    ``condition``: "max" or "min" a stretch of text asks for (rules.which_period)."""
    if "q" not in text.lower() or QUARTER_NAME.search(text) is None:
        return claims
    out = list(claims)
    for s in sentences:
        found = list(QUARTER_NAME.finditer(text, s.start, s.end))
        if len(found) != 1:
            continue
        q = found[0]
        cond = condition(text, s.start, s.end)
        if cond is None or cond[1].group("more") or cond[1].group("less"):
            continue
        if not ranks_the_year(text, s, q.start(), q.end()):
            continue
        number = quarter_number(q)
        high, word = cond[0] == "max", cond[1].group(0).lower()
        own = [i for i, c in enumerate(out) if s.start <= c.mention.start < s.end]
        for i in own:
            c = out[i]
            if c.mention.kind == "year":
                continue
            why = _misranked(c, values, number * 3, high, word)
            if why is not None:
                out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
            break  # the sentence's first figure is the one ranked
        if not own:  # "Services revenue was highest in Q2": the row the sentence names
            free = _figure_free(text, s, q, values, number * 3, high, word)
            if free is not None:
                out.append(free)
    if len(out) == len(claims):
        return out
    return sorted(out, key=lambda c: c.mention.start)  # (a figure-free claim goes in order)


def _misranked(
    c: Claim, values: Sequence[SourceValue], month: int, high: bool, word: str
) -> str | None:
    ev = c.evidence
    if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    return _misranked_cell(ev.operands[0], values, month, high, word)


def _misranked_cell(
    v: SourceValue, values: Sequence[SourceValue], month: int, high: bool, word: str
) -> str | None:
    """Why ``v``'s quarter is not its line's extreme, or None."""
    own = period(v)
    if v.table is None or own is None or own[1] != month or v.value < 0:
        return None
    along_row = _quarter_in(v.column)
    if along_row == _quarter_in(v.row):
        return None  # the quarter in both labels, or in neither: no line to rank along
    line: dict[int, SourceValue] = {}
    across: list[SourceValue] = []
    for w in values:
        if w.source_id != v.source_id or w.table != v.table or w.view == "written":
            continue
        if w.kind != v.kind:
            continue
        p = period(w)
        same_line = w.row_index == v.row_index if along_row else w.col_index == v.col_index
        if same_line and p is not None and p[0] == own[0] and p[1] in (3, 6, 9, 12):
            if p[1] in line and line[p[1]].value != w.value:
                return None  # two values of one quarter: which is meant is unknown
            line[p[1]] = w
        same_quarter = w.col_index == v.col_index if along_row else w.row_index == v.row_index
        label = (w.row if along_row else w.column) or ""
        if same_quarter and not _ASIDE.search(label):
            across.append(w)
    if len(line) < 2 or any(w.value < 0 for w in line.values()) or month not in line:
        return None
    # The figure's own cell as the line reads it: its operand may be the cell as written
    # ("398" of a "$ in thousands" table) and the line the cells as scaled.
    return off_extreme(line, month, line[month].value, across, high, word, lambda e: f"Q{e // 3}")


def off_extreme(
    line: dict[int, SourceValue],
    code: int,
    value: Decimal,
    across: list[SourceValue],
    high: bool,
    word: str,
    name: Callable[[int], str],
) -> str | None:
    """Why ``value``, the cell of period ``code`` of ``line`` (its cells by period), is not
    the line's extreme ("max" when ``high``), or None; ``across``: the other lines' cells of its
    period, ``name``: a period's name (shared with ``rules._month_rank``).

    >>> from crossfoot.model.types import SourceValue
    >>> line = {3: SourceValue(Decimal(5), "S1"), 6: SourceValue(Decimal(8), "S1")}
    >>> off_extreme(line, 3, Decimal(5), [], True, "highest", lambda e: f"Q{e // 3}")
    'the highest is 8 (Q2), not 5 (Q1)'
    """
    pick = max if high else min
    # (a verb of _NOUN, "peaked in Q3", ranks a line's own periods, never the lines of one)
    if word not in _NOUN and len(across) >= 2 and value == pick(w.value for w in across):
        return None  # the extreme of its period's lines: the sentence may rank those
    end, best = pick(line.items(), key=lambda kv: kv[1].value)
    if best.value == value:
        return None
    return (
        f"the {_NOUN.get(word, word)} is {format_decimal(best.value)} ({name(end)}), "
        f"not {format_decimal(value)} ({name(code)})"
    )


def _quarter_in(label: str | None) -> bool:
    return bool(label) and QUARTER_NAME.search(label or "") is not None


def _figure_free(
    text: str,
    s: Sentence,
    q: re.Match[str],
    values: Sequence[SourceValue],
    month: int,
    high: bool,
    word: str,
) -> Claim | None:
    """The claim of a figure-free sentence that ranks a quarter of the row it names by its
    fullest label, when that quarter's cell is not the row's extreme (the quarter is the claim)."""
    line = row_periods(text[s.start : s.end], "quarter", values)
    mine = [v for v in line or () if (p := period(v)) is not None and p[1] == month]
    if len(mine) != 1:
        return None
    why = _misranked_cell(mine[0], values, month, high, word)
    if why is None:
        return None
    m = Mention(q.group(0), q.start(), q.end(), Decimal(month // 3), "number", Decimal(0))
    ev = Evidence("which_period", "extreme", why, tuple(line or ()), None, why)
    return Claim(m, s, "contradicted", ev, why)
