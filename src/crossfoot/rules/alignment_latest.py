"""The year a question names by its place: "in the latest year", "for the earliest period".

"What was the Devices segment revenue in the latest year?" over a table of 2025 and 2024 asks
about 2025, as "in 2025" would; answered with the 2024 cell it answers another question. For
:func:`crossfoot.rules.alignment.align_answer`: a question that writes no year of its own and
says "the latest (most recent) year" or "the earliest year" asks about the latest (earliest)
year of the data's table cells and record fields, when they hold two years or more.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import SourceValue
from crossfoot.rules._named import value_years

__all__ = ["data_years", "known_years", "placed_years"]

_PERIOD = r"(?:(?:fiscal|financial|calendar|reporting)\s+)?(?:year|period)\b"
_LATEST = re.compile(rf"(?i)\b(?:latest|most\s+recent)\s+{_PERIOD}")
_EARLIEST = re.compile(rf"(?i)\bearliest\s+{_PERIOD}")


def placed_years(ask: Ask, dated: frozenset[int]) -> Ask:
    """``ask`` with the year its words place ("the latest year") among the data's years.

    >>> placed_years(Ask("What was revenue in the latest year?"), frozenset({2024, 2025})).years
    frozenset({2025})
    >>> placed_years(Ask("What was revenue in 2024?", frozenset({2024})), frozenset({2025})).years
    frozenset({2024})
    """
    if ask.years or ask.points_back or len(dated) < 2:
        return ask
    latest = _LATEST.search(ask.text) is not None
    earliest = _EARLIEST.search(ask.text) is not None
    if latest == earliest:
        return ask
    return replace(ask, years=frozenset({max(dated) if latest else min(dated)}))


def known_years(ask: Ask, values: Sequence[SourceValue]) -> Ask:
    """The question without its years when it writes a year no value of the data has beside one
    the data does have: "in fiscal 2029, 2018 and 2017" over a table of 2017-2019 mistypes a year,
    and which one it meant is unknown (a 2019 figure may answer it)."""
    if not ask.years:
        return ask
    written = {int(y) for y in _YEAR.findall(ask.text)}
    dated, named = data_years(values)
    if written - dated - named and written & dated:
        # (its years are unknown, which is not "every year": as when it points back to others)
        return replace(ask, years=frozenset(), points_back=True)
    if written - dated and written & dated:
        return replace(ask, years=ask.years & dated)
    return ask


# The data's years per values sequence (one per source set: a Checker's answers share it), kept
# with the sequence itself so that its id is not reused while cached.
_DATA_YEARS: dict[int, tuple[Sequence[SourceValue], frozenset[int], frozenset[int]]] = {}


def data_years(values: Sequence[SourceValue]) -> tuple[frozenset[int], frozenset[int]]:
    """The years the values belong to, and the years their labels write ("Change 2019 and
    2018": both), read once per values sequence."""
    hit = _DATA_YEARS.get(id(values))
    if hit is not None and hit[0] is values:
        return hit[1], hit[2]
    dated: set[int] = set()
    named: set[int] = set()
    for v in values:
        if v.table is not None or v.field is not None:
            dated |= value_years(v)
            named.update(y for name in (v.row, v.column, v.field) for y in _label_years(name))
    if len(_DATA_YEARS) >= 4:  # (a few source sets: each entry keeps its values alive)
        _DATA_YEARS.clear()
    _DATA_YEARS[id(values)] = (values, frozenset(dated), frozenset(named))
    return frozenset(dated), frozenset(named)


@lru_cache(maxsize=4096)  # labels repeat across values and answers
def _label_years(name: str | None) -> tuple[int, ...]:
    """Every year a label writes ("Change 2019 and 2018": both)."""
    return tuple(int(y) for y in _YEAR.findall(name)) if name else ()
