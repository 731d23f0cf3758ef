"""A figure called a line's high, low or record must be it, over the line's own periods.

"Net income bottomed out at $100 million in 2020" passed over a net income line of 100, 120, 90
and 150: $100 million is 2020's cell, and the line's low is 2022's 90. "Reached a high of $120
million in 2021" and "hit a record $120 million" passed the same way. A figure that one of these
words leads into ("peaked at", "a high of", "its highest", "topped out at", "bottomed out at", "a
low of", "its lowest", "a trough of", "a record", "an all-time high of"), and that passed as one
table cell of a row with three periods or more (or of a column, where a result set's rows are
its periods: "churn hit its low of 45 in April"), must be that line's greatest (least) cell: over
every period for a peak or a low, over the periods up to its own for a record ("a record $1.3
billion in 2023" may be passed later). Otherwise the claim becomes ``contradicted``, and the
message names the period that goes past it.

Words that rank rows rather than periods ("the highest of the regions") are
:mod:`crossfoot.rules.extremes`'; a superlative right before a year ("was highest in 2021") is
:mod:`crossfoot.rules._period_rank`'s.

>>> import crossfoot
>>> t = "| | 2020 | 2021 | 2022 | 2023 |\\n|---|---|---|---|---|"
>>> t += "\\n| Net income | 100 | 120 | 90 | 150 |"
>>> crossfoot.check("Net income bottomed out at 90 in 2022.", [t]).passed
True
>>> crossfoot.check("Net income bottomed out at 100 in 2020.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.line_words import BARE
from crossfoot.language.line_words import GATE as _GATE
from crossfoot.language.line_words import LEAD as _LEAD
from crossfoot.language.years import YEAR, YEAR_LABEL, label_date, period
from crossfoot.model.types import Claim, SourceValue, format_decimal

__all__ = ["line_extremes"]


def line_extremes(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a figure a high, low or record word misnames ``contradicted``."""
    low_text = text.lower()
    if not any(g in low_text for g in _GATE):
        return claims
    out = list(claims)
    for i, c in enumerate(claims):
        ev = c.evidence
        if not c.passed or ev is None or ev.kind != "cell" or len(ev.operands) != 1:
            continue
        lead = _LEAD.search(text, max(c.sentence.start, c.mention.start - 40), c.mention.start)
        if lead is None or (BARE.match(lead.group(0)) and YEAR.search(c.sentence.text)):
            continue  # ("In 2023, East was highest at $500": East ranks first that year)
        found = _past(ev.operands[0], values, lead.group("low") is None, lead.group("record"))
        if found is not None:
            out[i] = replace(c, status="contradicted", message=found)
    return out


def _past(
    v: SourceValue, values: Sequence[SourceValue], high: bool, record: str | None
) -> str | None:
    """The message when another period of ``v``'s row goes past it, else None."""
    own = period(v)
    if v.table is None or v.row_index is None or own is None:
        return None
    # (a result set's rows are its periods, months or days, as a table's rows may be its years:
    # the line is a column)
    by_row = v.period is not None or (
        v.row is not None
        and (label_date(v.row) is not None or YEAR_LABEL.fullmatch(v.row.strip()) is not None)
    )
    line = [
        (p, w)
        for w in values
        if w.source_id == v.source_id
        and w.table == v.table
        and (w.col_index == v.col_index if by_row else w.row_index == v.row_index)
        and w.view == v.view
        and (p := period(w)) is not None
        and (p[1] is None) == (own[1] is None)
    ]
    if len(line) < 3:
        return None
    if record:
        line = [(p, w) for p, w in line if (p[0], p[1] or 0) <= (own[0], own[1] or 0)]
    past = [w for _, w in line if (w.value > v.value if high else w.value < v.value)]
    if not past:
        return None
    top = max(past, key=lambda w: w.value if high else -w.value)
    what = "record" if record else "high" if high else "low"
    line_name, when = (v.column, top.row) if by_row else (v.row, top.column)
    return (
        f"{format_decimal(v.value)} is not the {what} of {line_name}: {when or top.label} has "
        f"{format_decimal(top.value)}"
    )
