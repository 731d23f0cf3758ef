"""read36b: a period's code before a spaced percent sign ("Q1 %", "FY19 %") heads a column of
percents, as "2019 %" does; a number before it ("5.25 % notes") names the item."""

from __future__ import annotations

import pytest

import crossfoot

_MD = "| Region | Q1 % | Q2 % |\n|---|---|---|\n| East | 12.5 | 14.0 |\n| West | 9.0 | 8.5 |\n"
_PLAIN = "Region   FY19 %   FY20 %\nEast     12.5     14.0\nWest     9.0      8.5\n"


@pytest.mark.parametrize(
    ("table", "period"), [(_MD, "Q1"), (_PLAIN, "FY19"), (_MD.replace("Q", "H"), "H1")]
)
def test_period_code_percent_header(table: str, period: str) -> None:
    assert crossfoot.check(f"East's {period} share was 12.5%.", [table]).passed
    assert not crossfoot.check(f"East's {period} figure was $12.5.", [table]).passed


def test_number_before_percent_names_the_item() -> None:
    from crossfoot.sources.table_header import PERCENT_LABEL

    assert PERCENT_LABEL.search("5.25 % notes due 2025") is None
    assert PERCENT_LABEL.search("Top 10 % of customers") is None
    assert PERCENT_LABEL.search("FY19 %") is not None
