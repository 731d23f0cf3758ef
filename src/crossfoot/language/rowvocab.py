"""The words a group's rows are named by, kept once per group (for language.rowsynonyms)."""

from __future__ import annotations

from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity

__all__ = ["row_words"]


def row_words(group: ValueIndex) -> frozenset[str]:
    """The words the rows of ``group`` require, once per group (check() reuses a document's
    groups for every question on it)."""
    return by_identity(_ROW_WORDS, group, _KEPT, _make)


def _make(group: ValueIndex) -> frozenset[str]:
    rows = {sv.row for sv in group.values if sv.row}
    return frozenset(t for row in rows for t in required_tokens(row))


_ROW_WORDS: dict[int, tuple[ValueIndex, frozenset[str]]] = {}
_KEPT = 64
