"""gaps39: a count whose bar is each row's own value of another column, over result rows
(``trace``; rules.column_bar_count). Both twins; the ``check`` twins are in
tests/vectors/gaps39.json."""

from __future__ import annotations

import pytest

import crossfoot

_REPS = [
    {"rep": "Ann", "region": "East", "sales": 120, "quota": 100},
    {"rep": "Bob", "region": "East", "sales": 80, "quota": 100},
    {"rep": "Cy", "region": "West", "sales": 130, "quota": 110},
    {"rep": "Di", "region": "West", "sales": 90, "quota": 95},
    {"rep": "Ed", "region": "West", "sales": 105, "quota": 100},
]
_STORES = [
    {"store": "North", "revenue": 120.5, "calls": 40, "target": 100.0},
    {"store": "South", "revenue": 80.0, "calls": 55, "target": 100.0},
    {"store": "East", "revenue": 130.0, "calls": 61, "target": 140.0},
]


@pytest.mark.parametrize(
    ("rows", "answer", "count"),
    [
        (_REPS, "3 of the 5 reps beat their quota.", "derived"),
        (_REPS, "4 of the 5 reps beat their quota.", "contradicted"),
        (_REPS, "Three of the five reps exceeded their quotas.", "derived"),
        (_REPS, "2 reps fell short of their quota.", "derived"),
        (_REPS, "3 reps fell short of their quota.", "contradicted"),
        # (two columns of amounts besides the bar: the one the sentence names)
        (_STORES, "2 of the 3 stores had revenue below their target.", "derived"),
        (_STORES, "1 of the 3 stores had revenue below their target.", "contradicted"),
    ],
)
def test_a_count_past_each_rows_own_bar(
    rows: list[dict[str, object]], answer: str, count: str
) -> None:
    report = crossfoot.trace(answer, rows)
    assert report.claims[0].status == count, report.explain()
    assert all(c.status == "derived" for c in report.claims[1:]), report.explain()


def test_a_bar_whose_column_is_not_read_leaves_the_count_alone() -> None:
    # two columns of amounts and none named: which one meets the target is not read
    report = crossfoot.trace("2 of the 3 stores beat their target.", _STORES)
    assert [c.text for c in report.claims] == ["3"], report.explain()
