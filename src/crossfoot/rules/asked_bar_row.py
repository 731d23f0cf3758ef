"""The question's bar, quoted by a sentence that names one row: judged on that row's cells.

"In which year was interest income less than $1,000 thousand?" -- "Interest income in 2017 was
more than $1,000 thousand." The $1,000 thousand is the question's bar (``language.question``),
which passes when *some* value of the sources lies on the side the words claim: any prose
figure or cell above it made the wrong "more than" pass. When the sentence names one row of the
column the bar is drawn across (the reading of ``rules._bar_cells``, as for a bar of the
sentence's own, ``rules.one_row_bar``), the comparison is about that row's cells in the years
it names, and it is ``contradicted`` when none of them lies on the claimed side:

- the row is named in full (``label_search``); a label repeated under several section rows
  ("Transition costs" under "Other current assets:" and under "Other assets:") is the row of
  the section the sentence names, when it names exactly one;
- several named cells of the one row ("more than 5 million in 2017 and 2018") fail only when
  none lies past the bar (a sentence may name a year the bar does not hold for);
- a bar on a change ("grew by more than 5%", "an increase of over $2M") is left to the
  question's reading: a row's level says nothing of its change.

Only a contradiction is returned: a bar that passes keeps its evidence from the question.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from crossfoot.language.bounds import Side
from crossfoot.language.rowtables import section_of
from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules.one_row_bar import level_bar
from crossfoot.sources.rows_label_match import label_search

__all__ = ["asked_bar_row"]


def asked_bar_row(
    text: str, claim: Claim, values: Sequence[SourceValue], texts: Mapping[str, str]
) -> Claim | None:
    """``contradicted`` when the question's bar ``claim`` quotes lies on the wrong side of
    every cell of the one row its sentence names, else None (module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2018", "2017"], ["Interest income", "1,310", "510"], ["Other", "2,400", "90"]]'
    >>> q = "In which year was interest income less than 1,000?"
    >>> check("Interest income in 2017 was less than 1,000.", [t], question=q).passed
    True
    >>> check("Interest income in 2017 was more than 1,000.", [t], question=q).passed
    False
    """
    m, s = claim.mention, claim.sentence
    found = level_bar(text, claim, values, texts)
    if found is None:
        return None
    bar, side, cells = found  # (the cells of the rows the sentence names)
    named = _one_row(cells, text[s.start : s.end])
    if not named or _met(named, bar.value, bar.kind == "percent", side):
        return None
    said = "above" if side == ">" else "below"
    shown = ", ".join(f"{v.label or v.row} ({format_decimal(v.value)})" for v in named)
    ev = Evidence("bar", "rows", f"{shown} against {m.text.strip()}", tuple(named), named[0].value)
    why = f"the row the sentence names is not {said} {m.text.strip()}: {shown}"
    return Claim(m, s, "contradicted", ev, why)


def _one_row(named: list[SourceValue], sentence: str) -> list[SourceValue]:
    """The cells of ``named`` when they are of one row (of the one section the sentence names,
    when the label repeats under several), else []."""
    rows = {(v.source_id, v.table, v.row_index) for v in named}
    if len(rows) > 1:
        low = sentence.lower()
        said = [v for v in named if (sec := section_of(v)) and label_search(sec, sentence, low)]
        rows = {(v.source_id, v.table, v.row_index) for v in said}
        named = said
    return named if len(rows) == 1 else []


def _met(cells: Sequence[SourceValue], bar: Decimal, percent: bool, side: Side) -> bool:
    """Whether a cell lies on ``side`` of the bar or at it ("exceeded $5M" of a cell shown as
    $5.0M is a rounding apart), a percentage bar over fractions read as one (counts.past_bar)."""
    limit = bar / 100 if percent and all(abs(v.value) <= 1 for v in cells) else bar
    return any(v.value >= limit if side == ">" else v.value <= limit for v in cells)
