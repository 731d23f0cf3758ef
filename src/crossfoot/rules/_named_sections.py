"""The section rows of the sources' table cells, read once per values sequence (speed only).

:class:`crossfoot.rules._named.Named` asks which section row ("Europe:") a cell stands under
(``_other_section``, ``_section_total``, and ``rules.off_question_rows``). Those maps depend on
the sources' values alone, not on the question: read afresh for every answer they cost a
:func:`~crossfoot.language.rowtables.section_of` per value of the document (~18 % of ``misfit``
on pot-tatqa). The sources' values are the same tuple for every answer on the same sources, so
the maps are kept by its identity (``model.memo.by_identity``), as ``Named``'s table labels are.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.rowtables import section_of
from crossfoot.model.memo import by_identity
from crossfoot.model.types import SourceValue

__all__ = ["Sections", "section_maps"]

# (the sections under each (source, table, row), the sections of each (source, table))
Sections = tuple[dict[tuple[str, int, str], set[str]], dict[tuple[str, int], set[str]]]
_KEPT: dict[int, tuple[Sequence[SourceValue], Sections]] = {}


def _read(values: Sequence[SourceValue]) -> Sections:
    rows: dict[tuple[str, int, str], set[str]] = {}
    tables: dict[tuple[str, int], set[str]] = {}
    for x in values:
        if x.table is not None and (sec := section_of(x)) is not None:
            tables.setdefault((x.source_id, x.table), set()).add(sec)
            if x.row:
                rows.setdefault((x.source_id, x.table, x.row), set()).add(sec)
    return rows, tables


def section_maps(values: Sequence[SourceValue]) -> Sections:
    """The section rows of ``values``' cells: by (source, table, row) and by (source, table).
    Shared across answers: callers read them and never change them.

    >>> from decimal import Decimal
    >>> v = SourceValue(Decimal(1), "S1", label="Europe: Revenue / 2024", row="Revenue", table=0)
    >>> section_maps((v,))
    ({('S1', 0, 'Revenue'): {'Europe'}}, {('S1', 0): {'Europe'}})
    """
    if type(values) is tuple:  # (immutable: its maps are kept while it is)
        return by_identity(_KEPT, values, 8, _read)
    return _read(values)
