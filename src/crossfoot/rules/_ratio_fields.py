"""A named ratio's two sides among a record's fields: "net margin" over ``net_income_2024`` and
``revenue_2024``.

A record names its quantities by field ("net_income_2023", "revenue_2024"); the field's name
without its year is the row label a table would give it. Each side of the ratio is the fullest
field stem its words name in one record (as :func:`crossfoot.rules._ratio_names.ratio_sides`
picks a table's rows), and the change in points is the difference of the two years' quotients.

>>> from crossfoot import check
>>> r = {"id": "R1", "fields": {"revenue_2023": 2870, "revenue_2024": 3214,
...      "net_income_2023": 455, "net_income_2024": 412}}
>>> check("Net margin fell 3.0 percentage points from 2023 to 2024.", [r]).passed
True
>>> check("Net margin fell 1.0 percentage points from 2023 to 2024.", [r]).passed
False
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal

from crossfoot.language.rowtokens import required_tokens
from crossfoot.language.years import field_stem
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import operand_class
from crossfoot.rules._ratio_names import Sides

__all__ = ["field_changes"]

_Ops = tuple[SourceValue, SourceValue, SourceValue, SourceValue]


def _fullest(
    stems: dict[tuple[str, str], dict[int, SourceValue]], side: tuple[frozenset[str], ...]
) -> set[tuple[str, str]]:
    """(source, stem) of the fullest stems of each record that the side's words name."""
    best: dict[str, tuple[int, set[tuple[str, str]]]] = {}
    for key in stems:
        req = required_tokens(key[1])
        if not req or not any(req <= way for way in side):
            continue
        size, keys = best.get(key[0], (0, set()))
        if len(req) > size:
            best[key[0]] = (len(req), {key})
        elif len(req) == size:
            keys.add(key)
    return {k for _n, keys in best.values() for k in keys}


def field_changes(
    values: Sequence[SourceValue], sides: Sides, years: tuple[int, int], scale: Decimal
) -> Iterator[tuple[Decimal, _Ops]]:
    """Each (change in points, (top then, bottom then, top now, bottom now)) of the ratio over
    one record's fields of the two years."""
    stems: dict[tuple[str, str], dict[int, SourceValue]] = {}
    for v in values:
        if v.field is None or v.table is not None or v.year not in years:
            continue
        stem = field_stem(v)  # "net_income_2024" -> "net income"
        if stem is not None and operand_class(v) == "amount":
            stems.setdefault((v.source_id, stem), {})[v.year] = v
    stems = {k: cells for k, cells in stems.items() if len(cells) == 2}
    if len(stems) < 2:
        return
    for top in _fullest(stems, sides[0]):
        for bottom in _fullest(stems, sides[1]):
            if top[0] != bottom[0] or top == bottom:
                continue  # one record's two quantities
            a1, a2 = stems[top][years[0]], stems[top][years[1]]
            b1, b2 = stems[bottom][years[0]], stems[bottom][years[1]]
            if b1.value != 0 and b2.value != 0:
                yield (a2.value / b2.value - a1.value / b1.value) * scale, (a1, b1, a2, b2)
