"""rules.alignment_written: the operation a written calculation performs, read from its formula."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules.alignment_written import typed

_AMOUNTS = st.integers(min_value=1, max_value=9_999_999)


def _kind(formula: str, n: int = 2) -> str:
    ops = tuple(SourceValue(Decimal(i + 1), "S1") for i in range(n))
    return typed(Evidence("arithmetic", "written_calculation", formula, ops)).kind


@settings(max_examples=50, deadline=None)
@given(_AMOUNTS, _AMOUNTS, st.sampled_from(["", "$", "€"]), st.sampled_from(["", " million", "m"]))
def test_each_shape_reads_as_its_operation(a: int, b: int, cur: str, unit: str) -> None:
    x, y = f"{cur}{a:,}{unit}", f"{cur}{b:,}{unit}"
    assert _kind(f"{x} + {y} = {a + b:,}") == "sum"
    assert _kind(f"{x} - {y} = {a - b:,}") == "difference"
    assert _kind(f"{x} / {y} = 1.5") == "ratio"
    assert _kind(f"{x} / {y} x 100 = 150%") == "ratio"
    assert _kind(f"({x} + {y}) / 2 = 7") == "mean"
    assert _kind(f"({x} - {y}) / {y} = 12%") == "percent_change"


def test_other_formulas_keep_their_kind() -> None:
    assert _kind("(4,310 + 905) / 3 = 1,738") == "written_calculation"  # not the count of terms
    assert _kind("4,310 + 905 - 12 = 5,203") == "written_calculation"  # a mix
    assert _kind("4,310 + 905 = 5,215", n=3) == "written_calculation"  # figures != operands
    assert _kind("(62.4 - 58.9) / 62.4 = 5.6%") == "written_calculation"  # not over its base
    one = Evidence("steps", "sum", "a + b", (SourceValue(Decimal(1), "S1"),) * 2)
    assert typed(one) is one
