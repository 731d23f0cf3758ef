"""Round 42 (lead42): a sentence with a word of the mean is no column's total in ``trace``.

"The average revenue across regions was 90" was refused when the orders column summed to 90:
the column total matched first and the re-check against the revenue column found no total.
"""

from __future__ import annotations

import pytest

from crossfoot import trace

_ROWS = [
    {"region": "North", "revenue": 120, "orders": 30},
    {"region": "South", "revenue": 80, "orders": 25},
    {"region": "East", "revenue": 100, "orders": 20},
    {"region": "West", "revenue": 60, "orders": 15},
]
# The revenue mean is 94 here; the orders still sum to 90.
_OTHER = [dict(r, revenue=v) for r, v in zip(_ROWS, (130, 80, 104, 62), strict=True)]


@pytest.mark.parametrize(
    ("rows", "answer", "passed", "kind"),
    [
        (_ROWS, "The average revenue across regions was 90.", True, "column_mean"),
        (_ROWS, "Revenue averaged 90 per region.", True, "column_mean"),
        (_OTHER, "The average revenue across regions was 90.", False, None),
        (_ROWS, "Orders across regions totalled 90.", True, "column_sum"),
    ],
)
def test_a_mean_word_is_no_column_total(
    rows: list[dict[str, object]], answer: str, passed: bool, kind: str | None
) -> None:
    report = trace(answer, rows)
    assert report.passed is passed, report.explain()
    if kind is not None:
        assert all(c.evidence is not None and c.evidence.kind == kind for c in report.claims)
