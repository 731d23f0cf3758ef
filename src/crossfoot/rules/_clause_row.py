"""The table rows a text figure's own clause names in other words than the row's label.

A filing's text names a table's line in its own words: "in 2005 , capital spending was $ 509.3
million" beside the row *capital expenditures*, "income from operations was $ 1.2 billion"
beside *operating income*. :mod:`crossfoot.rules.table_chain_mixed` binds a text figure to the
cells of a row its sentence names by every required token of the label; this reads the words a
row has that no other row of the scope has (its own words: "capital" when no other label holds
it), and finds them in the figure's own clause (the words before it back to the previous figure
or the sentence's start), when that clause names no row by its whole label (then it is that
row's figure: "operating income in our north america segment increased $ 88.6 million" is North
America's, not *total operating income*'s).

A table set out with a row per year ("2013", "december 31 , 2012" as its row labels) has its
lines in its columns: :func:`line_label` names a cell's line by its column there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue
from crossfoot.rules._prose_subject import content_word

__all__ = ["clause", "clause_rows", "line_label", "own_words"]

_BACK = 160  # characters of a clause, at most
_STOPS = frozenset(".;:!?\n")
_DATE_WORDS = frozenset(MONTH_NUMBERS) | frozenset("year ended ending fiscal quarter".split())
_YEAR = re.compile(r"(?:19|20)\d\d")


def own_words(rows: Mapping[str | None, frozenset[str]]) -> dict[str | None, frozenset[str]]:
    """Each row's content words that no other row's label has.

    >>> own = own_words({"capital expenditures": frozenset({"capital", "expenditur"}),
    ...                  "capital leases": frozenset({"capital", "lease"})})
    >>> sorted(own["capital expenditures"])
    ['expenditur']
    """
    seen: dict[str, int] = {}
    for words in rows.values():
        for w in words:
            seen[w] = seen.get(w, 0) + 1
    return {
        row: frozenset(w for w in words if seen[w] == 1 and content_word(w))
        for row, words in rows.items()
    }


def clause(text: str, start: int) -> frozenset[str]:
    """The tokens of the words before ``text[start]`` back to the previous digit or sentence end
    (at most :data:`_BACK` characters): what the figure's own clause says it is.

    >>> sorted(clause("sales were 4.2 . in 2005 , capital spending was $ 509.3", 49))
    ['2005', 'capital', 'spending']
    """
    k = start
    while k > 0 and start - k < _BACK:
        ch = text[k - 1]
        if ch.isdigit():
            if not _year_at(text, k):
                break
            k -= 4  # a year is a word of the clause ("dividends for 2005 were $ 892.8")
            continue
        if ch in _STOPS and not (k >= 2 and text[k - 2].isdigit()):
            break
        k -= 1
    return frozenset(tokens(text[max(k, 0) : start]))


def _year_at(text: str, end: int) -> bool:
    """Whether the four digits ending at ``end`` are a year standing alone ("for 2005 was"),
    not part of a longer number ("12,005", "2005.3") or a label ("FY2005")."""
    if end < 4 or _YEAR.fullmatch(text, end - 4, end) is None:
        return False
    before = text[end - 5] if end >= 5 else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or before in ".,$") and not (after.isdigit() or after == ".")


def clause_rows(
    words: frozenset[str],
    rows: Mapping[str | None, frozenset[str]],
    own: Mapping[str | None, frozenset[str]],
) -> frozenset[str | None]:
    """The rows a clause of ``words`` names by their own words, when it names no row whole.

    >>> rows = {"capital expenditures": frozenset({"capital", "expenditur"}),
    ...         "net revenues": frozenset({"revenue"})}
    >>> sorted(clause_rows(frozenset({"capital", "spending"}), rows, own_words(rows)))
    ['capital expenditures']
    >>> clause_rows(frozenset({"revenue", "capital"}), rows, own_words(rows))
    frozenset()
    """
    if any(need and need <= words for need in rows.values()):
        return frozenset()
    return frozenset(row for row, mine in own.items() if mine & words)


def line_label(c: SourceValue) -> str | None:
    """The label of the line a cell belongs to: its row, or its column when the row's label
    names no line (a table set out with a row per year: "2013", "december 31 , 2012").

    >>> from decimal import Decimal
    >>> line_label(SourceValue(Decimal(1), "T", row="2013", column="net earnings", table=0))
    'net earnings'
    >>> line_label(SourceValue(Decimal(1), "T", row="net earnings", column="2013", table=0))
    'net earnings'
    """
    if c.row and not _dated(c.row):
        return c.row
    if c.column and not _dated(c.column):
        return c.column
    return c.row


def _dated(label: str) -> bool:
    """Whether a label names a period and no line: years, days, months ("december 31 , 2012",
    "2013 ( a )", "year ended 2009")."""
    return all(t.isdigit() or t in _DATE_WORDS for t in required_tokens(label))
