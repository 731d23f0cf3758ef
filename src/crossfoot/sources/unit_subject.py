"""Unit notes that name what they count: the rows naming that subject take its unit.

A table's text often gives two units: one for its amounts and one for a counted subject, in one
note ("(in millions, except shares in thousands and per share data)", "(dollars in millions,
shares in thousands)") or in two ("(Tabular amounts in millions)" above "(shares in thousands,
except per share data)"). The note for the amounts governs the table and carries the subject's
unit (:class:`~crossfoot.sources.cells.Unit` ``subject``); a row whose label names the subject
("Basic weighted average shares outstanding") takes that unit, a per-share row neither. So do
the rows between two such rows that add up from one to the other in every column ("Basic shares"
+ "Dilutive securities" + "Restricted stock units" = "Diluted shares"): they count the subject
though their labels do not name it (:func:`counted_between`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from itertools import pairwise

from crossfoot.sources.cells import COUNTED_NOTE, Unit

__all__ = ["counted_between", "row_subject_unit"]

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


#: A body row as :func:`counted_between` reads it: its label (and section), and its figures by
#: column as (value, precision).
Figures = tuple[tuple[str, ...], dict[int, tuple[Decimal, Decimal]]]


def counted_between(rows: Sequence[Figures], units: Sequence[Unit | None]) -> frozenset[int]:
    """The rows (indices into ``rows``) between two rows naming a unit's subject whose figures
    add up from the one to the other in every column under that unit: the parts of a count
    ("Dilutive securities" between the basic and the diluted shares), of the subject's unit
    though their labels do not name it. A per-share row between them, or one row short of the
    sum (a money row between two share counts), leaves the block as it was.

    >>> from crossfoot.sources.cells import find_unit_headers
    >>> [(_, _, u)] = find_unit_headers("(dollars in millions, shares in thousands)")
    >>> d = Decimal
    >>> rows = [(("Basic shares",), {1: (d(500), d("0.5"))}),
    ...         (("Dilutive securities",), {1: (d(4), d("0.5"))}),
    ...         (("Diluted shares",), {1: (d(504), d("0.5"))})]
    >>> counted_between(rows, [None, u])
    frozenset({1})
    >>> counted_between([rows[0], (("Net income",), {1: (d(7), d("0.5"))}), rows[2]], [None, u])
    frozenset()
    """
    named = [
        i
        for i, (labels, figures) in enumerate(rows)
        if figures and any(row_subject_unit(units[j], *labels) for j in figures)
    ]
    found: set[int] = set()
    for a, b in pairwise(named):
        mid = [k for k in range(a + 1, b) if rows[k][1]]
        cols = [
            j
            for j in rows[a][1]
            if j in rows[b][1] and (u := units[j]) is not None and u.subject is not None
        ]
        if not mid or not cols or any(_PER.search(" ".join(rows[k][0])) for k in mid):
            continue
        if any(not set(rows[k][1]) & set(cols) for k in mid):
            continue  # a part with no figure under the subject's unit
        if all(_adds_up(rows, a, b, mid, j) for j in cols):
            found.update(mid)
    return frozenset(found)


def _adds_up(rows: Sequence[Figures], a: int, b: int, mid: list[int], j: int) -> bool:
    """Whether column ``j`` of row ``a`` plus (or less) rows ``mid`` gives row ``b``, to the
    rounding of the figures written."""
    parts = [rows[k][1].get(j, (Decimal(0), Decimal(0))) for k in mid]
    total = sum((v for v, _ in parts), Decimal(0))
    (top, p_top), (bottom, p_bottom) = rows[a][1][j], rows[b][1][j]
    slack = p_top + p_bottom + sum((p for _, p in parts), Decimal(0))
    return abs(top + total - bottom) <= slack or abs(top - total - bottom) <= slack
