"""A week named by its short form ("W2", "Wk3", "wk03") read as the words it stands for
("week 2"), so that a row labelled "W2" and a sentence's "week 2" name each other.

Read by ``language.rowtokens`` one word at a time (its memo keeps each word's reading): the
letters "w" or "wk" glued to a week number of one or two digits (1 to 53), no other word.

>>> week_words("w2"), week_words("wk03"), week_words("w54"), week_words("w2a")
(('week', '2'), ('week', '3'), None, None)
"""

from __future__ import annotations

__all__ = ["week_words"]


def week_words(word: str) -> tuple[str, str] | None:
    """``("week", n)`` for a lowercase word that is a week's short form ("w2", "wk12"), else
    None."""
    if word[:1] != "w":
        return None
    digits = word[2:] if word[1:2] == "k" else word[1:]
    if not 1 <= len(digits) <= 2 or not digits.isdigit() or not 1 <= int(digits) <= 53:
        return None
    return "week", str(int(digits))
