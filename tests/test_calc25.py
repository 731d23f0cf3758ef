"""A quotient the answer works out, restated as a percentage (``rules._steps_percent``) or with
the percentage in brackets after it (``arithmetic.shapes.restated_asides``): the right
restatement passes however the operands fall, a slipped one never does. Shapes of the class in
``tests/vectors/calc25.json``."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot

_CELLS = st.integers(min_value=120, max_value=9_800)


def _table(a: int, b: int, c: int) -> str:
    return f'[["(in millions)", "2019", "2018", "2017"], ["Revenue", "{a:,}", "{b:,}", "{c:,}"]]'


def _q(value: Decimal, places: str) -> str:
    return str(value.quantize(Decimal(places), rounding=ROUND_HALF_UP))


@settings(max_examples=40, deadline=None)
@given(_CELLS, _CELLS, _CELLS, st.booleans(), st.sampled_from([", or ", " (", ", i.e. "]))
def test_a_quotient_restated_as_a_percentage(
    a: int, b: int, c: int, slip: bool, joint: str
) -> None:
    quotient = Decimal(a + b - c) / Decimal(c)
    fraction = _q(quotient, "0.0001")
    shown = quotient * 100 * (Decimal("1.13") if slip else 1)
    percent = _q(shown, "0.01") + "%"
    close = ")" if joint == " (" else ""
    answer = f"({a:,} + {b:,} - {c:,}) / {c:,} = {fraction}{joint}{percent}{close}."
    report = crossfoot.check(answer, [_table(a, b, c)])
    got = {claim.text.strip(): claim.status for claim in report.claims}
    assert got[fraction] == "derived", report.explain()
    if slip:
        assert got[percent] not in crossfoot.PASSING_STATUSES, report.explain()
    else:
        assert got[percent] == "derived", report.explain()
