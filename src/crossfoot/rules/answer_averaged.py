"""A table whose heading says its cells are averages: one of its cells answers "the average".

"What was the average monthly number of employees in manufacturing in 2019?" over a table whose
corner cell (or a title row above its first figures) reads *Average monthly number of
employees* asks for one cell: the table states the average, no operation is left to do.
:mod:`crossfoot.rules.alignment` judges one value quoted for an asked average ``off_question``
unless the value's own row or column names an average; a heading of the label column over the
whole table names it as well. Only the label column's cells above the table's first figure are
read (years over the columns are headings too); a section row inside the table is a row label
the values already carry. Prose that introduces the table may say it instead ("The average
monthly number of employees during the year was:"): a source sentence whose "average" is
followed, within six words, by the words the question's own "average" is followed by (two of
them, or its one word).

Only a question naming one year is read so: "the average ... in 2018 and 2019" asks an
operation over the years whatever the cells are, and "the average X" naming no year over a line
of two years may ask their mean. The prose read is that of the sources other than the table's
(a table's own next label, "Weighted-average shares | Unvested stock", is no sentence).

The heading is read from the source's own table (``sources.tables.find_tables``: the values
keep the cells' labels, never the corner).

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> t = '[["Average number of employees", "2019", "2018"], ["Sales", "342", "330"]]'
>>> v = SourceValue(Decimal(342), "S1", row="Sales", column="2019", table=0, row_index=1)
>>> q = "What was the average number of employees in sales in 2019?"
>>> averaged_heading([v], {"S1": t}, q, 1)
True
>>> plain = t.replace("Average number", "Number")
>>> averaged_heading([v], {"S1": plain}, q, 1), averaged_heading([v], {"S1": t}, q, 2)
(False, False)
>>> averaged_heading([v], {"S1": t}, q.replace(" in 2019", ""), 0)
False
>>> said = "The average number of employees during the year was as follows:"
>>> averaged_heading([v], {"S1": plain, "S2": said}, q, 1)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from crossfoot.model.types import SourceValue
from crossfoot.sources.tables import find_tables

__all__ = ["averaged_heading"]

_STOP = frozenset("a an the of in on for at by to and or per was were is are".split())
# the question's "average" phrase: its words up to a year, a period word or the end
_ASKED = re.compile(r"(?i)\b(?:average|mean)\s+((?:[a-z][\w'-]*\s+){0,6})")

_AVERAGE = re.compile(r"(?i)\baverage\b|\bmean\b|\bavg\b")
# a heading cell over the figures: empty, a year, a period or a unit word (no figure of its own)
_FIGURE = re.compile(r"\d")
_YEARISH = re.compile(r"^\D*(?:19|20)\d\d\D*$")


@lru_cache(maxsize=256)
def _heading(text: str, table: int) -> bool:
    """Whether the label column of ``text``'s table ``table`` says "average" above its first row
    of figures."""
    tables = find_tables(text)
    if not 0 <= table < len(tables):
        return False
    for row in tables[table].rows:
        if any(_FIGURE.search(c) and not _YEARISH.match(c.strip()) for c in row[1:]):
            return False  # the first row of figures: the heading ends above it
        if row and _AVERAGE.search(row[0]):
            return True
    return False


def _words_after(text: str, at: int, n: int) -> list[str]:
    return [w for w in re.findall(r"[a-z][a-z'-]*", text[at:].lower())[:n] if w not in _STOP]


@lru_cache(maxsize=256)
def _said(text: str, asked: tuple[str, ...]) -> bool:
    """Whether ``text`` writes "average" followed within six words by the asked words."""
    need = min(2, len(asked))
    for m in _AVERAGE.finditer(text):
        if need and len(set(_words_after(text, m.end(), 6)) & set(asked)) >= need:
            return True
    return False


def averaged_heading(
    ops: Sequence[SourceValue], texts: Mapping[str, str], question: str, years: int
) -> bool:
    """Whether every operand is a cell of a table whose heading (its label column above the
    first figures) or whose other sources' prose names the asked average, for a ``question``
    naming one year (``years``: how many it names).

    >>> averaged_heading([], {}, "", 0)
    False
    """
    if not ops or years != 1:
        return False
    if any(v.table is None or v.row_index is None for v in ops):
        return False
    if all(_heading(texts.get(v.source_id, ""), v.table or 0) for v in ops):
        return True
    m = _ASKED.search(question)
    asked = tuple(_words_after(question, m.start(1), 4)) if m else ()
    tabled = {v.source_id for v in ops}
    return bool(asked) and any(_said(t, asked) for k, t in texts.items() if k not in tabled)
