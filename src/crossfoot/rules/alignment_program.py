"""What the answer's own calculation did wrong, read against the question's words.

An answer that shows a calculation of its own ("Product revenue was 3,640 in 2025 and 3,010 in
2024. The percentage change is 120.9%.") writes a figure every per-figure check accepts: the
calculation is right over cells of the data. It may still not be the calculation the question
asks for. For :func:`crossfoot.rules.alignment.misfit`, a final figure the answer computes from
figures it showed (the "steps" and "arithmetic" rules; a value the search derives for a bare
figure may be another calculation's coincidence, and is not judged so) is ``off_question`` when:

- **ratio for a change**: the question asks for a percentage change and the figure is the ratio
  of one line's two years (3,640 / 3,010 = 120.9%, or 1.21; the change is 20.9%);
- **mixed periods**: the question names one year and asks for no average, and the figure
  combines cells of two rows or more (a share, a ratio, a total, a difference) one of which is
  of another year (2025's product revenue over 2024's total revenue "in 2025"); for a change
  asked, only when the question names each of the rows (the base of a change "in 2025" is the
  year before);
- **pool for a change**: the question asks for a change and the figure is the total or the
  average of one line's years (no label of the line names a change, no word of the question
  asks for a total or an average: "the average net change" pools changes).

:func:`more_than_asked` reads the answer as a whole: a "respective" question of k named parts
(its years, or the items of its list) answered after an answer marker with more than k figures.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._prose_change import names_change
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_periods import line_years

__all__ = ["more_than_asked", "program_misfit"]

_RATIOS = frozenset({"share", "ratio"})
_HUNDRED = Decimal(100)
_ONE = Decimal(1)
_CLOSE = Decimal("0.0005")  # (the written operands are the cells: the quotient is exact)
_ACROSS = frozenset({"share", "ratio", "sum", "difference", "mean", "average"})
_CHANGES = frozenset({"change", "percent_change"})
_POOLS = frozenset({"sum", "mean", "average"})
# A question that asks for a pool ("the 2019 average", "the total change"): its figure pools.
_POOLED = re.compile(r"(?i)\b(?:average|mean|total|sum|combined|cumulative)\b")
_AVERAGED = re.compile(r"(?i)\b(?:average|mean)\b")


def _line(v: SourceValue) -> tuple[str, int | None, int | None] | None:
    """The table row ``v`` stands in, or None for a value of no table."""
    return None if v.table is None else (v.source_id, v.table, v.row_index)


def _written_ratio(base: Evidence) -> bool:
    """Whether a written calculation comes to the quotient of one line's two years, either way
    round, as a fraction or a percentage ("3,640 / 3,010 = 120.9%", "= 1.21")."""
    if base.kind != "written_calculation" or base.result is None or base.result == 0:
        return False
    by_year = line_years(base.operands)
    if by_year is None or len(by_year) != 2 or 0 in by_year.values():
        return False
    x, y = by_year.values()
    r = abs(base.result)
    return any(
        abs(r - q * k) <= q * k * _CLOSE for q in (abs(x / y), abs(y / x)) for k in (1, _HUNDRED)
    )


def _ratio_for_change(ask: Ask, base: Evidence) -> str | None:
    """A percentage change asked, answered with the ratio of one line's two years."""
    if ask.op != "percent_change":
        return None
    if _written_ratio(base):
        return (
            "the question asks for a percentage change; this figure is the ratio of "
            f"{base.operands[0].row or base.operands[0].label}'s two years"
        )
    if base.kind not in _RATIOS or len(base.operands) != 2:
        return None
    a, b = base.operands
    line = _line(a)
    if line is None or line != _line(b):
        return None
    ya, yb = value_years(a), value_years(b)
    if not ya or not yb or ya & yb or not _nearer_ratio(base.result, a.value, b.value):
        return None
    return f"the question asks for a percentage change; this figure is the ratio of {a.label}"


def _nearer_ratio(result: Decimal | None, x: Decimal, y: Decimal) -> bool:
    """Whether ``result`` lies nearer the quotient of ``x`` and ``y`` (either way round, as a
    fraction or a percentage) than their change: a step chain's operands are the cells the chain
    stands on, so the change of two rounded restatements of them over the first ("$105 million /
    $18,600 million") is a share of those two cells as its evidence reads, and still a change."""
    if result is None or x == 0 or y == 0:
        return True  # (nothing to tell them apart by: the operands decide, as before)
    pairs = [(q * k, (q - 1) * k) for q in (abs(x / y), abs(y / x)) for k in (_ONE, _HUNDRED)]
    ratio = min(abs(result - r) for r, _ in pairs)
    change = min(abs(result - c) for _, c in pairs)
    return ratio < change


def _mixed_periods(ask: Ask, base: Evidence, named: Named) -> str | None:
    """One year asked, and a combination of rows that takes a value of another year."""
    if len(ask.years) != 1 or base.kind not in _ACROSS or len(base.operands) < 2:
        return None
    ops = base.operands
    lines = {_line(v) for v in ops}
    if None in lines or len(lines) < 2 or _AVERAGED.search(ask.text):
        return None  # ("the 2019 average": over the years up to 2019)
    if ask.op in _CHANGES and not all(named.names(v, "row") for v in ops):
        return None  # (a change in one year: its base is the year before, in any row)
    per = [value_years(v) for v in ops]
    if not all(per):
        return None
    off = [v for v, ys in zip(ops, per, strict=True) if not ys & ask.years]
    if not off or len(off) == len(ops):
        return None  # (every value of other years: the year check judges it)
    return f"the question asks about {min(ask.years)}; this figure takes {off[0].label}"


def _is_change(v: SourceValue) -> bool:
    """Whether a label of ``v`` names a change ("Net change in cash", "Change 2019 vs 2018")."""
    return names_change(" ".join(x for x in (v.row, v.column, v.label) if x))


def _pool_for_change(ask: Ask, base: Evidence) -> str | None:
    """A change asked, answered with the total or the average of one line's years."""
    if ask.op not in _CHANGES or base.kind not in _POOLS or len(base.operands) < 2:
        return None
    ops = base.operands
    line = _line(ops[0])
    if line is None or any(_line(v) != line for v in ops) or any(map(_is_change, ops)):
        return None  # ("the average net change": the line is itself a change)
    per = [value_years(v) for v in ops]
    if not all(per) or len(frozenset().union(*per)) < 2 or _POOLED.search(ask.text):
        return None
    word = "total" if base.kind == "sum" else "average"
    return f"the question asks for a change; this figure is the {word} of {ops[0].label}"


def program_misfit(ask: Ask, base: Evidence, named: Named) -> str | None:
    """Why the figure of ``base`` is not the calculation the question asks for, or None.

    >>> from decimal import Decimal
    >>> ask = Ask("What was the percentage change in sales from 2024 to 2025?",
    ...           frozenset({2024, 2025}), "percent_change")
    >>> cell = lambda x, y: SourceValue(Decimal(x), "S1", table=0, row_index=1, row="Sales",
    ...                                 column=str(y), year=y, label=f"Sales / {y}")
    >>> ev = Evidence("steps", "share", "", (cell(120, 2025), cell(100, 2024)), Decimal(120))
    >>> program_misfit(ask, ev, Named(ask, ev.operands))
    'the question asks for a percentage change; this figure is the ratio of Sales / 2025'
    """
    if base.rule not in SHOWN:
        return None
    return (
        _ratio_for_change(ask, base)
        or _mixed_periods(ask, base, named)
        or _pool_for_change(ask, base)
    )


_RESPECTIVE = re.compile(r"(?i)\brespective(?:ly)?\b")
_JOIN = re.compile(r"(?i)\band\b|,")
# The comma of a date ("January 1, 2024"), which joins no two parts.
_DATE_COMMA = re.compile(r"\b\d{1,2},\s*(?:19|20)\d\d\b")


def more_than_asked(ask: Ask, finals: Sequence[Claim], marked: bool) -> str | None:
    """A "respective" question of k named parts (its years, else the items of its list: "A, B
    and C"), answered after an answer marker with more than k distinct figures, every one of
    which passes: the answer lists what the question did not ask for.

    >>> more_than_asked(Ask("What were A and B respectively?", several=True), [], True) is None
    True
    """
    if not ask.several or not marked or len(finals) < 3:
        return None
    text = ask.text
    if _RESPECTIVE.search(text) is None or not all(c.passed for c in finals):
        return None  # ("for each segment": as many as the data has)
    joins = len(_JOIN.findall(text)) - len(_DATE_COMMA.findall(text))
    parts = max(len(ask.years), len(set(_YEAR.findall(text))), joins + 1)
    values = {c.mention.value for c in finals}
    if parts < 2 or len(values) <= parts:
        return None
    return f"the question asks for {parts} figures; the answer gives {len(values)}"
