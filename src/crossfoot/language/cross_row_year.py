"""The year a figure set against another row shares with the figure before it.

"North had $4.2M in 2024, versus $2.9M for South" compares two regions in one year: South's
figure is its 2024 cell, though no year stands in its own stretch of words. Before, such a
figure had no year at all, so South's 2023 cell passed as well as its 2024 one.

A figure gets the year of the figure before it in its sentence when all of these hold:

- the sentence states one year, however often, and the figure before has it;
- the figure opens a stretch of its own ("versus", "while", "and", a comma: language.stretch);
- its own words name a row of the table that the words before it do not (a figure naming no
  other row, "versus $3.8M", or the same one, "compared with revenue of $3.8M", is most often
  the prior period's, so it is left without a year, as before);
- no word of another period stands in its stretch ("prior", "earlier", "last", "quarter", a
  month: those set it in another period, which language.prior_year reads where it can).
"""

from __future__ import annotations

import re

from crossfoot.language.order import number_year_date
from crossfoot.language.rowtables import LabelTable, rows_named_by
from crossfoot.language.rowtokens import tokens
from crossfoot.language.stretch import segment_start
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext

__all__ = ["shared_year"]

_PERIOD = re.compile(
    r"(?i)\b(?:prior|previous|preceding|earlier|before|ago|last|since|quarter|period|month|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|"
    r"july|august|september|october|november|december|q[1-4]|h[12]|fy)\b"
)


def shared_year(ctx: ClaimContext, table: LabelTable, words: set[str], glued: str) -> int | None:
    """The year the claim's figure shares with the figure before it (module docstring), or None.

    ``words`` are the words the figure's own stretch names (the wrong-row reading's).
    """
    m, s, text = ctx.mention, ctx.sentence, ctx.text
    years = set(years_in_text(text[s.start : s.end]))
    if len(years) != 1:
        return None
    i = ctx.position
    prev = next(
        (
            k
            for k in range(i - 1, -1, -1)
            if ctx.mentions[k].kind != "year" and ctx.mentions[k].start >= s.start
        ),
        None,
    )
    if prev is None:
        return None
    p = ctx.mentions[prev]
    brk = segment_start(text, p.end, m.start)
    if brk is None:
        # the previous figure's words may run on ("$4.2m of revenue in 2024, versus ...")
        comma = text.find(",", p.end, m.start)
        brk = segment_start(text, comma, m.start) if comma >= 0 else None
    if brk is None or _PERIOD.search(text, brk, s.end) or years_in_text(text[m.end : s.end]):
        return None
    (year,) = years
    if number_year_date(text, s.start, s.end, ctx.mentions, prev)[0] != year:
        return None
    own = rows_named_by(table, words, glued)
    if not own:
        return None
    before = set(tokens(text[s.start : brk]))
    if set(own) & set(rows_named_by(table, before, "")):
        return None  # the same row: a figure of another period, most often
    return year
