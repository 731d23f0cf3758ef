"""The years a table covers: "Which years does the table provide information for?"

"In which years was the current liabilities recorded?" / "What years are included in the
table?" ask for the periods the table reports, and the answer is a list of years ("Answer: 2019,
2018"). A year the table has no column (or row) for is a year the answer did not read from it
("2017, 2018, 2019" over a table of 2019 and 2018, with 2017 named only in the notes around it),
and a year of the table the answer leaves out makes the list short. Neither is caught by
grounding each figure: years are read as dates, not claims.

The check runs when the question asks "which / what year(s)" of the table or of something
calculated, recorded, reported, presented, provided, shown, included, disclosed or listed in it,
with no bar, superlative or comparison (those are :mod:`crossfoot.rules.which_years` and
:mod:`crossfoot.rules.which_period`) and no year of its own. The answer is the years after the
answer marker, or an answer that is nothing but years
(:func:`crossfoot.rules.which_period.answer_start`). The table's years are the years of its
values' columns and rows (or, as well, the years of the row the question names that have a
value: "recorded" for a row with a 2019 cell only); with no table, or one without years, there
is no verdict. A wrong
list joins the claims as ``contradicted`` at its first year, naming the table's years. It runs
for ``check`` over documents, whose every value is indexed; ``trace`` indexes only the rows an
answer or question names (a speed gate), so the table's years are not all known there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._named import Named
from crossfoot.rules.which_period import answer_start

__all__ = ["asks_table_years", "table_years"]

# "which years does the table ...", "in which years was X calculated", "what years are included"
_ASKS = WordGated(
    re.compile(
        r"(?i)\b(?:which|what)\s+(?:fiscal\s+)?years?\b(?:\s*\(s\))?.*\b(?:table|calculated|"
        r"recorded|reported|presented|provided|shown|shows?|included|disclosed|listed)\b"
    ),
    tuple("table calculat record report present provid show includ disclos listed".split()),
)
# A bar, a superlative or a comparison: another question about the years (which_years, ...).
_OTHER = re.compile(
    r"(?i)\b(?:than|above|below|over|under|exceed\w*|larg\w*|high\w*|great\w*|most|low\w*|"
    r"small\w*|least|more|less|few\w*|increas\w*|decreas\w*|chang\w*|between)\b|\d"
)


def asks_table_years(ask: Ask) -> bool:
    """Whether the question asks for the years a table covers.

    >>> from crossfoot.language.asked import read_question
    >>> asks_table_years(read_question("Which years does the table provide information for?"))
    True
    >>> asks_table_years(read_question("In which year was revenue largest?"))
    False
    """
    return _ASKS.search(ask.text) is not None and _OTHER.search(ask.text) is None


def table_years(
    ask: Ask,
    text: str,
    sentences: Sequence[Sentence],
    mentions: Sequence[Mention],
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """``claims`` and a ``contradicted`` claim when the years the answer gives are not the
    years of the table (see the module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2019", "2018"], ["Accrued liabilities", "328", "268"]]'
    >>> q = "In which years was accrued liabilities calculated?"
    >>> check("Answer: 2019, 2018", [t], question=q).passed
    True
    >>> check("Answer: 2019, 2018, 2017", [t], question=q).claims[-1].message
    'the table covers 2018 and 2019; 2017 is not among them'
    """
    if not asks_table_years(ask):
        return list(claims)
    years = [m for m in mentions if m.kind == "year"]
    at = answer_start(text, years)
    given = [m for m in years if at is not None and m.start >= at]
    if not given:
        return list(claims)
    tables: dict[tuple[str, int], set[int]] = {}
    for v in values:
        if v.table is not None and v.year is not None:
            tables.setdefault((v.source_id, v.table), set()).add(v.year)
    have = set().union(*tables.values())
    if len(have) < 2:
        return list(claims)  # no table, or one year only: nothing to list
    named = {int(m.value) for m in given}
    if named == have or named in tables.values() or named == _row_years(ask, values):
        # every table's years, one table's ("the table" of several), or the named row's
        return list(claims)
    extra, missing = sorted(named - have), sorted(have - named)
    if not extra and not missing:
        return list(claims)
    shown = _years(sorted(have))
    if extra:
        why = f"the table covers {shown}; {_years(extra)} {_is(extra)} not among them"
        m = next(m for m in given if int(m.value) == extra[0])
    else:
        why = f"the table covers {shown}; the answer leaves out {_years(missing)}"
        m = given[0]
    s = next((x for x in sentences if x.start <= m.start < x.end), None)
    if s is None:
        s = Sentence(0, m.start, m.end, m.text)
    ev = Evidence("table_years", "years", why, (), None, why)
    added = Claim(m, s, "contradicted", ev, why)
    return sorted([*claims, added], key=lambda c: c.mention.start)


def _row_years(ask: Ask, values: Sequence[SourceValue]) -> set[int] | None:
    """The years with a value in the rows the question names ("In which years was lease
    obligation recorded?" over a row with a 2019 cell only), or None when it names none."""
    named = Named(ask, values)
    ys = {
        v.year
        for v in values
        if v.year is not None and v.table is not None and named.names(v, "row")
    }
    return ys or None


def _years(ys: Sequence[int]) -> str:
    words = [str(y) for y in ys]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _is(ys: Sequence[int]) -> str:
    return "is" if len(ys) == 1 else "are"
