"""convfinqa reference answers: the gold is rounded once, from the gold program's exact value."""

from __future__ import annotations

from decimal import Decimal

import pytest

from corpora.convfinqa import answer_text, gold_value, program_value


@pytest.mark.parametrize(
    ("stored", "program", "written"),
    [
        # the data set stores -0.03065 for -0.030648...; rounding that again gave -0.0307
        (-0.03065, "x0 = 172945 - 178413; ans = x0 / 178413", "-0.0306"),
        (0.02575, "x0 = 2430 - 2369; ans = x0 / 2369", "0.0257"),
        # the loader's float noise is no stated precision
        (-0.030650000000000004, "x0 = 172945 - 178413; ans = x0 / 178413", "-0.0306"),
        # a rounded zero is a stated digit: 4 / 87 = 0.04597... is 0.0460, not 0.046
        (0.046, "ans = 4 / 87", "0.0460"),
        # an exact short value is written short
        (0.25, "x0 = 1250.0 - 1000.0; ans = x0 / 1000.0", "0.25"),
        (1.42403, "", "1.42"),
        # a program that does not give the stored answer is not trusted: the stored one stands
        (0.5, "ans = 1 / 3", "0.5"),
        # a comparison is no binary step of the program: the stored answer stands
        (1.0, "ans = 36197 > 345059", "1"),
    ],
)
def test_reference_answer_is_rounded_once(stored: float, program: str, written: str) -> None:
    assert answer_text(gold_value(stored, program)) == written


def test_program_steps_chain() -> None:
    value = program_value("x0 = 96.50 - 100; x1 = x0 / 100; x2 = 150.30 - 100; ans = x2 / 100 - x1")
    assert value is None  # "x2 / 100 - x1" is not one binary step
    value = program_value("x0 = 17388 - -38957; ans = x0 / 38957")
    assert value is not None and round(value, 4) == Decimal("1.4463")
    assert program_value("x0 = 1 / 0; ans = x0") is None
