"""A total line labelled by the noun its rows are: "All regions", "Total segments", "All stores".

Such a line is the table's whole, and its one content word is the noun of every row ("region"):
a question that says "which region" or "the North region" names a row, not the line of all of
them. :func:`collective_line` tells such a label; ``rules._named`` names it only when the
question says a word of a summary (``language.summary_lines.SUMMARY``: "all regions", "the
total", "overall").

>>> collective_line("All regions"), collective_line("Total segments"), collective_line("Total")
(True, True, False)
>>> collective_line("Total revenue"), collective_line("North region")
(False, False)
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.language.extremes import ROW_NOUNS
from crossfoot.language.rowtokens import tokens
from crossfoot.language.summary_lines import SUMMARY, line_role

__all__ = ["collective_line", "says_summary"]


@lru_cache(maxsize=1024)  # (a table's labels, asked by every question over it)
def collective_line(label: str) -> bool:
    """Whether ``label`` is a total line whose content words are all the rows' noun."""
    if line_role(label) != "whole":
        return False
    words = [t for t in tokens(label) if not SUMMARY.fullmatch(t)]
    return bool(words) and all(t in ROW_NOUNS for t in words)


def says_summary(text: str) -> frozenset[str]:
    """``{"all"}`` when ``text`` says a word of a summary line, else nothing (a marker word the
    row tokens never hold: "all" is a stop word of theirs)."""
    return _ALL if SUMMARY.search(text) else frozenset()


_ALL = frozenset({"all"})
