"""The row a question means when its words also name another row: a named section's line.

:meth:`crossfoot.rules._named.Named.misnamed` calls a cell of another row than the question
names off the question; a cell whose own row label the question's words also hold ("revenue")
passes it. This reading says which of those rows the question means, and reports the meant one
for a cell of the other:

- **a named section's line**: "What was the average Europe revenue for 2019 and 2020?" over a
  table of segments ("Europe:" with *Revenue* and *Operating income* under it, "Greater China:"
  likewise, then *Total revenue*) names the *Revenue* row under *Europe*. An answer that takes
  *Total revenue* ("The Europe revenue in 2020 is $72,010 and in 2019 is $95,062. The average is
  $83,536.") answers "what was the average total revenue?". The question names a section by a
  word of its label no other section's label has (period words such as "Fiscal 2019" name no
  section); a cell under none of the named sections is not of their line when a row under one
  of them is named too, unless the question writes the cell's own label word for word
  ("Europe revenue as a percentage of total revenue" names *Total revenue* as the base). (A
  label repeated under another section is ``_other_section``'s reading; the total of
  another section, ``Named._section_total``'s.)

A cell of a catch-all line ("Other") answers a question that names another row of its table
and never says "other" ("What was the change in property and equipment?") off the question.

A question that writes a total line word for word ("What was the change in total revenue?")
over sections that each hold the line without "total" (*Americas:* *Revenue*, *Europe:*
*Revenue*, then *Total revenue*) means the total line: a section's cell is off the question
unless the question names a word of its section ("the total Americas revenue").

>>> _words("Fiscal 2019 Europe")
frozenset({'europe'})
"""

from __future__ import annotations

from typing import Protocol

from crossfoot.language.extremes import ASIDE
from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import SourceValue
from crossfoot.rules._named_parts import said_whole
from crossfoot.rules._named_sections import Sections
from crossfoot.rules.off_question_ratio import ratio_free  # (the one import of _named)

__all__ = ["meant_row", "ratio_free"]


class Named(Protocol):
    """What this reading takes of :class:`crossfoot.rules._named.Named` (which calls it, so it
    is not imported here): the question's words, and the section rows of the tables' cells."""

    _words: frozenset[str]
    _tokens: list[str]

    def _secs(self) -> Sections: ...

    def _section_total(self, v: SourceValue, named_rows: frozenset[str]) -> str | None: ...

    def _sections_of(self, v: SourceValue) -> set[str]: ...


def meant_row(named: Named, v: SourceValue, named_rows: frozenset[str]) -> str | None:
    """The row the question means instead of ``v``'s, or None (see the module): the line under
    the named section, a section's total (``Named._section_total``), then a named section's
    line, then a named row for a cell of a catch-all line."""
    found = _other_section(named, v, named_rows)
    found = found or named._section_total(v, named_rows)  # (the total of another section)
    if found is not None or v.table is None or not v.row:
        return found
    return (
        _outside_section(named, v, named_rows)
        or _catch_all(named, v, named_rows)
        or _part_of_total(named, v, named_rows)
    )


# Lines that gather what the others leave out: no word of their label can disagree with a
# question ("Other" holds no word a question names), so a question that names another row of
# the table and never says "other" does not mean them.
_CATCH_ALL = frozenset({"other", "others", "all other", "other, net", "miscellaneous"})
_CATCH_WORDS = frozenset({"other", "others", "miscellaneous", "misc"})
_WHOLE_WORDS = frozenset({"total", "totals", "all", "overall", "combined", "sum", "whole"})


def _catch_all(named: Named, v: SourceValue, named_rows: frozenset[str]) -> str | None:
    """A named row of ``v``'s table when ``v`` is of a catch-all line the question leaves out.

    >>> from decimal import Decimal
    >>> class Q:
    ...     _words = frozenset({"change", "property", "equipment"})
    >>> v = SourceValue(Decimal(1), "S1", row="Other", table=0)
    >>> _catch_all(Q(), v, frozenset({"Property and equipment"}))
    'Property and equipment'
    """
    label = (v.row or "").strip().rstrip(":").lower()
    if label not in _CATCH_ALL or not named_rows or v.row in named_rows:
        return None
    if named._words & _CATCH_WORDS:
        return None  # ("other deferred tax liabilities", "all other segments")
    if named._words & _WHOLE_WORDS or any(ASIDE.search(row) for row in named_rows):
        return None  # ("what percentage of total sales was from Online?": Other is a part of it)
    return sorted(named_rows)[0]


def _other_section(named: Named, v: SourceValue, named_rows: frozenset[str]) -> str | None:
    """The section the question names instead of ``v``'s, for a row label it names that
    stands under several section rows ("Tamil films" under "Global (India and
    International)", "International only" and "India only"): a section is named by a word
    of its label that no other of them has ("global"). None when no section, or ``v``'s
    own, is so named."""
    mine = section_of(v)
    if mine is None or v.row not in named_rows or v.table is None:
        return None
    sections = named._sections_of(v)
    if len(sections) < 2:
        return None
    own = {sec: frozenset(tokens(sec)) for sec in sections}
    chosen = sorted(
        sec
        for sec, toks in own.items()
        if (toks - frozenset().union(*(t for o, t in own.items() if o != sec))) & named._words
    )
    if not chosen or mine in chosen:
        return None
    return f"{chosen[0]}: {v.row}"


def _outside_section(named: Named, v: SourceValue, named_rows: frozenset[str]) -> str | None:
    """The named section's row the question means instead of ``v``'s (a row it names too)."""
    if v.row not in named_rows:
        return None
    rows = _section_rows(named, v)
    if len(rows) < 2:
        return None  # (no sections, or one: nothing to choose between)
    words = named._words
    own = {sec: _words(sec) for sec in rows}
    chosen = sorted(
        sec
        for sec, toks in own.items()
        if (toks - frozenset().union(*(t for o, t in own.items() if o != sec))) & words
    )
    if not chosen or section_of(v) in chosen:
        return None
    for sec in chosen:
        for row in sorted(rows[sec]):
            if row != v.row and row in named_rows:
                # (Named's own reading of the question: it may write the cell's own row whole)
                return None if said_whole(_label(v.row or ""), named._tokens) else f"{sec}: {row}"
    return None


def _part_of_total(named: Named, v: SourceValue, named_rows: frozenset[str]) -> str | None:
    """The total row the question writes word for word ("the change in total revenue") when
    ``v`` is of a row under a section that holds the same words without "total" (a segment's
    *Revenue*) and the question names no word of that section."""
    if "total" not in named._words or not v.row or "total" in v.row.lower():
        return None
    sec = section_of(v)
    if sec is None or _words(sec) & named._words:
        return None
    own = _label(v.row)
    for row in sorted(named_rows):
        words = _label(row)
        if words[:1] == ("total",) and words[1:] == own and said_whole(words, named._tokens):
            return row
    return None


def _label(label: str) -> tuple[str, ...]:
    """A label's words, its years and note numbers left out (``tokens`` drops the period words
    "fiscal", "year ended")."""
    return tuple(t for t in tokens(label) if not t.isdigit())


def _words(section: str) -> frozenset[str]:
    """A section label's words, period words left out ("Fiscal 2019" names no section)."""
    return frozenset(_label(section))


def _section_rows(named: Named, v: SourceValue) -> dict[str, set[str]]:
    """The row labels under each section row of ``v``'s table."""
    out: dict[str, set[str]] = {}
    key = (v.source_id, v.table)
    for (sid, table, row), secs in named._secs()[0].items():
        if (sid, table) == key:
            for sec in secs:
                out.setdefault(sec, set()).add(row)
    return out
