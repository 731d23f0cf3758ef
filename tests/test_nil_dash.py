"""A table's dash read as zero (issue 14): an operand of a mean, never a term of a sum.

"What was the average X for 2018 and 2019?" over "X | 16,451 | —" is 8,225.5: a report writes
nil as a dash. Read as zero, the dash must not turn a cell of one year into "a sum" of two years
or into a difference (x + 0, x - 0 restate x).
"""

from __future__ import annotations

import json
from decimal import Decimal

from crossfoot.rules._derive_kinds import is_nil
from crossfoot.sources.load import load_sources

_GRID = [
    ["", "2025", "2024", "Note"],
    ["", "$'000", "$'000", ""],
    ["Issued capital", "71,204", "58,930", "—"],
    ["Contract for future issue of equity", "12,318", "$ -", "n/a"],
    ["Deferred items", "—", "—", ""],
]


def _values() -> list[tuple[str | None, int | None, Decimal, bool]]:
    sources = load_sources([json.dumps(_GRID)])
    return [
        (v.row, v.year, v.value, is_nil(v))
        for s in sources.sources
        for v in s.values
        if v.view != "true"
    ]


def test_a_dash_in_a_dated_column_of_a_row_of_figures_is_a_nil_zero() -> None:
    got = _values()
    assert ("Contract for future issue of equity", 2024, Decimal(0), True) in got
    assert ("Contract for future issue of equity", 2025, Decimal(12318), False) in got


def test_no_nil_in_an_undated_column_or_a_row_without_figures() -> None:
    got = _values()
    # the "Note" column has no year; the "Deferred items" row holds no figure at all
    assert not any(row == "Issued capital" and nil for row, _, _, nil in got)
    assert not any(row == "Deferred items" for row, _, _, _ in got)
