"""The rows a claim's sentence names, per table of its scope: the derivations' focus
(``rules._derive_shared._focus``) made once per scope and sentence, not once per claim (speed
only; docs/speed.md, round 36).

The focus read every value of every group of the scope for the row labels of each table, then
every label against the sentence (``language.collective_lines.names_part_row``), for every
claim that asked it. The labels are the scope's groups' (kept per tuple of groups: a document's
``SourceSet`` hands every answer on it the same tuple), and the rows named are a function of
those labels and the sentence's text alone (kept per tuple of groups and text, the last
128). Both memos hold the groups they were made of, so an ``id()`` is never mistaken for
another's; the callers only read what they are handed.
"""

from __future__ import annotations

from crossfoot.language.collective_lines import names_part_row
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity, evict_oldest

__all__ = ["named_rows_of", "row_labels"]

_Labels = dict[tuple[str, int], dict[int, str]]
_Rows = dict[tuple[str, int], frozenset[int]]
_LABELS: dict[int, tuple[tuple[ValueIndex, ...], _Labels]] = {}
_ROWS: dict[tuple[int, str], tuple[tuple[ValueIndex, ...], _Rows]] = {}
_KEPT = 64
_KEPT_ROWS = 128


def row_labels(groups: tuple[ValueIndex, ...]) -> _Labels:
    """The row labels of each table of ``groups`` by row index (the last value of a row wins).

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> g = ValueIndex([SourceValue(Decimal(5), "T", row="North", table=0, row_index=1)])
    >>> row_labels((g,))
    {('T', 0): {1: 'North'}}
    """
    return by_identity(_LABELS, groups, _KEPT, _read_labels)


def _read_labels(groups: tuple[ValueIndex, ...]) -> _Labels:
    labels: _Labels = {}
    for group in groups:
        for v in group.values:
            if v.table is not None and v.row_index is not None and v.row:
                labels.setdefault((v.source_id, v.table), {})[v.row_index] = v.row
    return labels


def named_rows_of(groups: tuple[ValueIndex, ...], text: str) -> _Rows:
    """The rows of each table of ``groups`` whose labels ``text`` names (tables naming none are
    left out). The dict is shared: read it, never change it.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> g = ValueIndex([SourceValue(Decimal(5), "T", row="North", table=0, row_index=1)])
    >>> named_rows_of((g,), "North sold 5."), named_rows_of((g,), "South sold 5.")
    ({('T', 0): frozenset({1})}, {})
    """
    key = (id(groups), text)
    hit = _ROWS.get(key)
    if hit is not None and hit[0] is groups:
        return hit[1]
    rows: _Rows = {}
    for table, by_index in row_labels(groups).items():
        named = frozenset(i for i, lab in by_index.items() if names_part_row(lab, text))
        if named:
            rows[table] = named
    evict_oldest(_ROWS, _KEPT_ROWS)
    _ROWS[key] = (groups, rows)  # (the groups are held: their id is not reused meanwhile)
    return rows
