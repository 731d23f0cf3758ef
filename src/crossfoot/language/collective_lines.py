"""A total line labelled by the noun its rows are: "All regions", "Total segments", "All stores".

Such a line is the table's whole, and its one content word is the noun of every row ("region"):
a question that says "which region" or "the North region" names a row, not the line of all of
them. :func:`collective_line` tells such a label; ``rules._named`` names it only when the
question says a word of a whole (``language.summary_lines.WHOLE_WORDS``: "all regions", "the
total", "overall"; an average's words name no total line).

>>> collective_line("All regions"), collective_line("Total segments"), collective_line("Total")
(True, True, False)
>>> collective_line("Total revenue"), collective_line("North region")
(False, False)
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.language.extremes import ROW_NOUNS
from crossfoot.language.rowtokens import names_row, tokens
from crossfoot.language.summary_lines import SUMMARY, WHOLE, WHOLE_WORDS, line_role

__all__ = ["collective_line", "names_part_row", "says_summary"]


@lru_cache(maxsize=1024)  # (a table's labels, asked by every question over it)
def collective_line(label: str) -> bool:
    """Whether ``label`` is a total line whose content words are all the rows' noun."""
    if line_role(label) != "whole":
        return False
    words = [t for t in tokens(label) if not SUMMARY.fullmatch(t)]
    return bool(words) and all(t in ROW_NOUNS for t in words)


def says_summary(text: str) -> frozenset[str]:
    """``{"all"}`` when ``text`` says a word of a whole ("all", "total", "overall"), else
    nothing (a marker word the row tokens never hold: "all" is a stop word of theirs).

    >>> says_summary("What were sales across all regions?"), says_summary("Which region led?")
    (frozenset({'all'}), frozenset())
    """
    low = text.lower()  # (a substring gate: most questions hold none of the words)
    if not any(w in low for w in WHOLE_WORDS):
        return _NONE
    return _ALL if WHOLE.search(text) else _NONE


_ALL, _NONE = frozenset({"all"}), frozenset[str]()


def names_part_row(label: str, text: str) -> bool:
    """Whether ``text`` names the row ``label`` (``rowtokens.names_row``), a collective total
    line only when the text says a word of a whole: "the average region" and "per region" name
    no "All regions" line (the derivation focus, ``rules._derive_shared.focus_ok``: the mean of
    the regions is not held to the line of all of them).

    >>> names_part_row("All regions", "The average region sold 3,558.")
    False
    >>> names_part_row("All regions", "Sales across all regions were 14,232.")
    True
    >>> names_part_row("North", "North sold 4,637.")
    True
    """
    if not names_row(label, text):
        return False
    return not collective_line(label) or bool(says_summary(text))
