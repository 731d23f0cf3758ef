"""A figure of running text quoted for another year than the one its source gives it (issue 15,
"a prose figure of the wrong year").

"In 2018 revenue was $5.2 million. In 2019 revenue was $5.6 million." states $5.2 million for
2018; an answer "Revenue was $5.2 million in 2019" names the wrong year. Table cells are judged
by their column's year (``language.rowmatch``); a prose value carries the year its sentence
states plainly (``sources.prose``: a year right after the figure, or the only year before it),
and is judged here the same way:

- every source value the figure meets is a prose figure with a year of its own, none of them the
  year the answer's sentence gives the figure (``language.order.number_year_date``);
- the sources state figures of the answer's year too (a year they never mention may be another
  calendar's name for the same period: fiscal years);
- no year of those source values is written in the figure's clause (in "$12.8 million in 2005,
  $17.6 million in 2004" which year is whose is unsure);
- the figure is no change (a change's year is the year it ends in, "rose $12m in 2024") and no
  base of a comparison ("up from $5.2 million", "than $5.2 million": the earlier year's figure
  in a sentence of the later year).

A sentence that names no year at all ("The answer is $5.7 million.") gives its figure the year
of the question, when the question names one year and asks no change: "what was the expense in
2024?" over "$12.1 million, $9.0 million and $5.7 million in 2025, 2024 and 2023, respectively".

>>> from crossfoot import check
>>> p = "In 2018 revenue was $5.2 million. In 2019 revenue was $5.6 million."
>>> check("Revenue was $5.2 million in 2019.", [p]).claims[0].status
'wrong_row'
>>> check("Revenue was $5.2 million in 2018.", [p]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.asked import question_years
from crossfoot.language.direction import clause_bounds
from crossfoot.language.order import number_year_date
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._prose_change import names_change, states_change
from crossfoot.rules._prose_other import prose_subject_verdict

__all__ = ["prose_year_verdict"]

# "from $5.2 million", "than $5.2 million", "compared with $5.2 million": the base of a
# comparison, the figure of another period than the sentence's.
_BASE_BEFORE = re.compile(
    r"(?i)\b(?:from|than|versus|vs\.?|compared\s+(?:with|to)|against|over|prior|previous|"
    r"preceding|earlier|last)\s+(?:the\s+|a\s+|year\s+|period\s+|of\s+)*[$€£¥]?\s*\Z"
)
_YEAR = re.compile(r"(?<![\d.,$€£¥])(?:19|20)\d\d(?![\d%])")


def _asked_year(ctx: ClaimContext) -> int | None:
    """The one year the question names, when it asks no change (module docstring)."""
    asked = ctx.shared.get("ask.text")
    if not isinstance(asked, str) or names_change(asked):
        return None
    years = question_years(asked)
    return next(iter(years)) if len(years) == 1 else None


# A line labelled by its year: "- 2011: $9.5 million", "2. FY2011: $9.5 million" (an answer's
# list of one figure per year; markdown's "**2011**" is read without its stars).
_LABEL_YEAR = re.compile(
    r"\s*(?:[-*\u2022]\s*|\d{1,2}[.)]\s+)?(?:(?:fiscal|FY)\s*)?((?:19|20)\d\d)\s*:", re.IGNORECASE
)


def _label_year(ctx: ClaimContext) -> int | None:
    """The year a line opens with as its label, before a colon, when it is the line's only
    year and the claim stands after it ("- 2011: $9.5 million")."""
    s, m = ctx.sentence, ctx.mention
    label = _LABEL_YEAR.match(ctx.text, s.start, s.end)
    if label is None or label.end() > m.start:
        return None
    if len(_YEAR.findall(ctx.text, s.start, s.end)) != 1:
        return None
    return int(label.group(1))


def prose_year_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the claim is a prose figure of another year (module docstring)."""
    other = prose_subject_verdict(ctx, matches)  # "Rent expense was $0.4 million" of marketing's
    if (
        other is not None
        or not matches
        or any(
            sv.table is not None or sv.field is not None or sv.span is None or sv.year is None
            for sv in matches
        )
    ):
        return other
    m, s = ctx.mention, ctx.sentence
    year, _ = number_year_date(ctx.text, s.start, s.end, ctx.mentions, ctx.position)
    whose = "the sentence gives the figure"
    if year is None and (year := _label_year(ctx)) is not None:
        whose = "the line gives the figure"
    if year is None and _YEAR.search(ctx.text, s.start, s.end) is None:
        year, whose = _asked_year(ctx), "the question asks"
    if year is None or any(sv.year == year for sv in matches):
        return None
    if names_change(ctx.text[s.start : s.end]) or any(states_change(sv) for sv in matches):
        return None
    if _BASE_BEFORE.search(ctx.text, max(s.start, m.start - 40), m.start):
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if {int(y) for y in _YEAR.findall(ctx.text, lo, hi)} & {sv.year for sv in matches}:
        # "(purchased) $12.8 million in 2005, $17.6 million in 2004": the source's year is
        # written beside the figure too; which of the clause's years is the figure's is unsure.
        return None
    if not any(
        v.year == year and v.table is None and v.field is None for v in ctx.scope.index.values
    ):
        return None
    sv = matches[0]
    said = (sv.label or "").strip()
    said = said if len(said) <= 100 else "..." + said[-97:]
    why = f"{whose} for {year}; the source states it for {sv.year}: {said!r}"
    return Verdict("wrong_row", Evidence("rows", "wrong_row", why, (sv,), sv.value), why)
