"""The words a group's rows are named by, kept once per group (for language.rowsynonyms)."""

from __future__ import annotations

from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.index import ValueIndex

__all__ = ["row_words"]


def row_words(group: ValueIndex) -> frozenset[str]:
    """The words the rows of ``group`` require, once per group (check() reuses a document's
    groups for every question on it; the entry holds the group, so its id() is not reused)."""
    hit = _ROW_WORDS.get(id(group))
    if hit is not None and hit[0] is group:
        return hit[1]
    rows = {sv.row for sv in group.values if sv.row}
    made = frozenset(t for row in rows for t in required_tokens(row))
    if len(_ROW_WORDS) >= _KEPT:
        _ROW_WORDS.pop(next(iter(_ROW_WORDS)))  # the oldest entry first
    _ROW_WORDS[id(group)] = (group, made)
    return made


_ROW_WORDS: dict[int, tuple[ValueIndex, frozenset[str]]] = {}
_KEPT = 64
