"""Unit notes that name what they count: the rows naming that subject take its unit.

A table's text often gives two units: one for its amounts and one for a counted subject, in one
note ("(in millions, except shares in thousands and per share data)", "(dollars in millions,
shares in thousands)") or in two ("(Tabular amounts in millions)" above "(shares in thousands,
except per share data)"). The note for the amounts governs the table and carries the subject's
unit (:class:`~crossfoot.sources.cells.Unit` ``subject``); a row whose label names the subject
("Basic weighted average shares outstanding") takes that unit, a per-share row neither.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.sources.cells import COUNTED_NOTE, Unit

__all__ = ["row_subject_unit"]

_PER = re.compile(r"(?i)\bper[\s-]+(?:common\s+|diluted\s+|basic\s+)?(?:share|unit)\b")


def row_subject_unit(unit: Unit | None, *labels: str) -> Unit | None:
    """The subject unit ``unit`` carries, when a label of the row (its own, its section's)
    names the subject and no per-share figure; else None.

    >>> from crossfoot.sources.cells import find_unit_headers
    >>> [(_, _, u)] = find_unit_headers("(dollars in millions, shares in thousands)")
    >>> row_subject_unit(u, "Weighted average shares outstanding").scale
    Decimal('1000')
    >>> row_subject_unit(u, "Diluted earnings per share"), row_subject_unit(u, "Revenue")
    (None, None)
    """
    if unit is None or unit.subject is None:
        return None
    noun = _noun(unit.subject.text)
    if noun is None:
        return None
    for label in labels:
        if label and not _PER.search(label) and noun.search(label):
            return unit.subject
    return None


@lru_cache(maxsize=256)
def _noun(text: str) -> re.Pattern[str] | None:
    """The counted noun a subject note names, singular or plural ("shares": share, shares)."""
    found = COUNTED_NOTE.search(text)
    if found is None:
        return None
    stem = re.escape(found.group(0).lower().removesuffix("s"))
    return re.compile(rf"(?i)\b{stem}s?\b")
