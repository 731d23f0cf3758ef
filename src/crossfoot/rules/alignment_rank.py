"""A rank asked, answered with another rank's figure.

"Which segment had the second highest revenue in 2025?" answered "the Cloud segment with $4,812
million" names the highest, not the second highest: the figure is a cell of the table, so every
per-figure check passes. For :func:`crossfoot.rules.alignment.misfit`, a final figure quoted
from one table cell is ``off_question`` when:

- the question asks for one rank, once: "the highest", "the second largest", "the lowest",
  "the most", "the fewest" (a label's own word, "the 10 largest customers", "alternative
  minimum tax", is no rank: a rank word follows "the" or an ordinal right after it);
- the cell's line is the one ranked: the cells of its column of the same year (the rows are the
  things ranked; total rows left out) when its column is of a year the question asks or a
  column the question names; or, when the question asks "which year", the cells of its row of
  one year each, when the question names that row;
- the line has three values or more, none negative (a loss shown negative has no agreed
  "highest"), and the figure is not the value at the asked rank (ties count as one rank each).
"""

from __future__ import annotations

import re

from crossfoot.language.asked import WHICH_YEAR, Ask
from crossfoot.language.extremes import ORDINALS
from crossfoot.language.summary_lines import line_role
from crossfoot.language.superlatives import LEAST, MOST, NOT_A_RANK, words
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._named import Named, value_years

__all__ = ["asked_rank", "rank_misfit"]

# (word-gated: misfit reads every question for it; most ask no rank)
_RANK = WordGated(
    re.compile(
        r"(?i)\bthe\s+(?:(second|third|fourth|fifth|2nd|3rd|4th|5th)[\s-]+)?"
        rf"({words(MOST, NOT_A_RANK)}|{words(LEAST, NOT_A_RANK)})\b"
        r"(?!\s+(?:recent|likely|part|of\b))"
    ),
    # (the superlatives of language.superlatives that rank after "the")
    tuple(w for w in (*MOST, *LEAST) if w not in NOT_A_RANK),
)
_HIGH = frozenset(MOST) - NOT_A_RANK
_WORDS = {1: "", 2: "second ", 3: "third ", 4: "fourth ", 5: "fifth "}


def asked_rank(question: str) -> tuple[int, bool] | None:
    """(rank, highest first) of the one rank the question asks for, or None.

    >>> asked_rank("Which segment had the second highest revenue in 2025?")
    (2, True)
    >>> asked_rank("In which year was net income the lowest?")
    (1, False)
    >>> asked_rank("What share of receivables do the 10 largest customers hold?") is None
    True
    """
    found = [] if _RANK.absent(question) else list(_RANK.pattern.finditer(question))
    if len(found) != 1:
        return None
    m = found[0]
    return ORDINALS.get((m.group(1) or "").lower(), 1), m.group(2).lower() in _HIGH


def _line(v: SourceValue, ask: Ask, named: Named) -> list[SourceValue] | None:
    """The cells ranked with ``v``, or None when its line is not the one the question ranks."""
    years = value_years(v)
    if len(years) != 1:
        return None
    if named.names(v, "row"):
        # the row the question names, ranked over its years (those asked, when it asks two)
        line = [
            x
            for x in named.values
            if (x.source_id, x.table, x.row_index, x.view)
            == (v.source_id, v.table, v.row_index, v.view)
            and len(value_years(x)) == 1
            and (len(ask.years) < 2 or value_years(x) <= ask.years)
        ]
        if len({min(value_years(x)) for x in line}) != len(line):
            return None
        return line if len(line) >= (2 if len(ask.years) >= 2 else 3) else None
    if WHICH_YEAR.search(ask.text) or not (years <= ask.years or named.names(v, "column")):
        return None
    line = [
        x
        for x in named.values
        if (x.source_id, x.table, x.col_index, x.view)
        == (v.source_id, v.table, v.col_index, v.view)
        and value_years(x) == years
        and line_role(x.row) is None  # (a total, subtotal or average line ranks nothing)
    ]
    return line if len(line) >= 3 else None


def rank_misfit(ask: Ask, ev: Evidence, named: Named) -> str | None:
    """Why a quoted cell is not the one at the rank the question asks for, or None (see the
    module docstring)."""
    rank = asked_rank(ask.text)
    if rank is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None or line_role(v.row) is not None:
        return None
    line = _line(v, ask, named)
    if line is None or v not in line or any(x.value < 0 for x in line):
        return None
    k, high = rank
    ordered = sorted({x.value for x in line}, reverse=high)
    if len(ordered) < k or ordered[k - 1] == v.value:
        return None
    at = next(x for x in line if x.value == ordered[k - 1])
    word = "highest" if high else "lowest"
    place = ordered.index(v.value) + 1
    return (
        f"the question asks for the {_WORDS.get(k, '')}{word}; this figure ({v.label}) is the "
        f"{_WORDS.get(place, f'{place}th ')}{word}, and {at.label} is the {_WORDS.get(k, '')}{word}"
    )
