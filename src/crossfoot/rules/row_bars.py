"""A bar the sentence draws over rows it names: "Only North exceeded $3M in 2024 revenue".

The figure after "exceeded" is a line drawn across a column, no value of it. Before, it was
matched like any figure: a right "Only North exceeded $3M" failed as unsupported (no cell is
$3M), and a wrong "Only West exceeded $2.4M" passed, as West's own cell is $2.4M. Now, when a
word of quantity stands next to a row the sentence names, before the bar ("only", "alone";
"both", "each"; "neither ... nor": ``language.rowbars``), the bar is judged as the sentence
states it, over the cells of the column it names (``rules.counts.bar_values``, the reading
of a "how many" question's bar, so views, units and years are read the same way):

- "only": the rows named are exactly the rows past the bar;
- "both", "each": every row named is past it;
- "neither": no row named is past it.

The bar becomes ``derived`` with the rows past it as evidence, or ``contradicted`` naming the
row that breaks the sentence. A sentence that names no row of that column, or no column, is
left to the other rules, as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from crossfoot.language.bounds import side_before
from crossfoot.language.owncount import counted_noun, counts_past_bar
from crossfoot.language.rowbars import may_quantify, next_to_row, quantity_word
from crossfoot.model.types import (
    Claim,
    Evidence,
    Mention,
    Sentence,
    SourceValue,
    format_decimal,
)
from crossfoot.rules._bar_cells import bar_cells
from crossfoot.rules._filtered_rank import filtered_ranks
from crossfoot.rules.asked_bar_row import asked_bar_row
from crossfoot.rules.change_bar import change_bar
from crossfoot.rules.counts import past_bar
from crossfoot.rules.one_row_bar import one_row_bar
from crossfoot.rules.worded_tables import worded_tables
from crossfoot.rules.year_bar import year_bar
from crossfoot.sources.rows_label_match import label_search

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["row_bars"]

_HYPHEN_WORD = re.compile(r"-[A-Za-z]")


def row_bars(text: str, claims: list[Claim], sources: SourceSet) -> list[Claim]:
    """The claims, with each bar over named rows judged (module docstring), after a cell that a
    filtered superlative misranks ("the cheapest economy flight": rules._filtered_rank)."""
    claims = filtered_ranks(text, claims, sources)  # "the cheapest economy flight"
    values = sources.index(None).values
    claims = worded_tables(text, claims, values)  # ranked lists, halves, "% change" cells
    if not counts_past_bar(text):
        return claims
    low = text.lower()
    gated = may_quantify(low)
    texts = {s.id: s.text for s in sources.sources}
    out = list(claims)
    for i, c in enumerate(claims):
        m, s = c.mention, c.sentence
        if m.kind not in ("money", "number", "percent") or m.high is not None:
            continue
        if side_before(text, m.start, s.start) is None:
            continue
        if _counts(text, m):  # ("over the 5 years"), but a change by a count is a bar on it
            judged = change_bar(text, c, values)  # ("South fell by more than 300 units")
            out[i] = judged or c
            continue
        if c.evidence is not None and c.evidence.rule == "question":  # (judged on its row)
            out[i] = asked_bar_row(text, c, values, texts) or c
            continue
        word = quantity_word(text, s.start, m.start) if gated else None
        if word is None:
            judged = year_bar(text, c, values, texts)  # "above 90 every year except 2023"
            judged = judged or one_row_bar(text, c, values, texts)  # "East exceeded $4.5M"
            judged = judged or change_bar(text, c, values)  # "North grew by more than $0.3M"
        else:
            judged = _judged(text, c, s, word, values, texts)
        if judged is not None:
            out[i] = judged
    return out


def _judged(
    text: str,
    claim: Claim,
    s: Sentence,
    word: re.Match[str],
    values: Sequence[SourceValue],
    texts: Mapping[str, str],
) -> Claim | None:
    """The bar's claim judged over the named rows, or None when the sentence names none."""
    m = claim.mention
    sentence = text[s.start : s.end]
    found = bar_cells(text, word.end(), s.end, values, texts)
    if found is None:
        return None
    bar, side, cells = found
    low = sentence.lower()
    named = [v for v in cells if v.row and label_search(v.row, sentence, low)]
    named.sort(key=lambda v: low.find((v.row or "").lower()))  # as the sentence has them
    if len(cells) < 2 or not any(next_to_row(text, word, v.row or "") for v in named):
        return None  # ("revenue was only slightly above $3M": no quantity over rows)
    past = past_bar(cells, bar, side)
    said = "above" if side == ">" else "below"
    shown = ", ".join(f"{v.row} ({format_decimal(v.value)})" for v in past) or "none"
    ev = Evidence(
        "bar", "rows", f"rows {said} {m.text.strip()}: {shown}", tuple(past), Decimal(len(past))
    )
    wrong = _breaks(word, named, past, cells)
    if wrong is None:
        return Claim(m, s, "derived", ev)
    v, is_past = wrong
    why = (
        f"{v.row} ({format_decimal(v.value)}) is {'' if is_past else 'not '}{said} {m.text.strip()}"
    )
    return Claim(m, s, "contradicted", ev, f'"{word.group(0)}": {why}')


def _breaks(
    word: re.Match[str],
    named: list[SourceValue],
    past: list[SourceValue],
    cells: list[SourceValue],
) -> tuple[SourceValue, bool] | None:
    """The first row that breaks the sentence's quantity, and whether it is past the bar."""
    beyond = {id(v) for v in past}
    if word.group("none"):
        return next(((v, True) for v in named if id(v) in beyond), None)
    short = next(((v, False) for v in named if id(v) not in beyond), None)
    if short is not None or word.group("all"):
        return short
    named_ids = {id(v) for v in named}
    return next(((v, True) for v in cells if id(v) in beyond and id(v) not in named_ids), None)


def _counts(text: str, m: Mention) -> bool:
    """Whether the figure counts something rather than drawing a line: "over the 5 years",
    "over the 5-year period"."""
    return (
        counted_noun(text, m, len(text)) is not None or _HYPHEN_WORD.match(text, m.end) is not None
    )
