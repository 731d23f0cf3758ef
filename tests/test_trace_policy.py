"""Policy: options, presets and validation for trace (crossfoot.front.policy)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot.front.policy import DEFAULT, DERIVATION_KINDS, LENIENT, STRICT, Policy
from crossfoot.front.trace import options_for


def test_default_is_precision_aware_and_checks_small_numbers() -> None:
    assert DEFAULT.rel_tolerance is None and DEFAULT.abs_tolerance is None
    assert not DEFAULT.flat
    assert DEFAULT.ignore_below == 0
    assert DEFAULT.derivations == DERIVATION_KINDS


def test_presets_differ_where_documented() -> None:
    assert LENIENT.rel_tolerance == Decimal("0.05") and LENIENT.unmatched_percent == "pass"
    assert STRICT.approximate is False and STRICT.ignore_years is False
    assert STRICT.max_rows < DEFAULT.max_rows


def test_policy_is_frozen() -> None:
    with pytest.raises(AttributeError):
        DEFAULT.max_rows = 3  # type: ignore[misc]


def test_overrides_coerce_types() -> None:
    p = DEFAULT.with_overrides(rel_tolerance=0.015, ignore_below=100, derivations="cell,column_sum")
    assert p.rel_tolerance == Decimal("0.015")
    assert p.ignore_below == Decimal(100)
    assert p.derivations == frozenset({"cell", "column_sum"})
    assert p.flat
    assert DEFAULT.with_overrides(derivations="all").derivations == DERIVATION_KINDS
    # A direct cell match can never be switched off: without it every figure would fail.
    assert "cell" in DEFAULT.with_overrides(derivations={"sum"}).derivations


def test_unknown_override_names_option_and_lists_valid_ones() -> None:
    with pytest.raises(TypeError) as info:
        DEFAULT.with_overrides(tolerance=0.01)
    message = str(info.value)
    assert "'tolerance'" in message and "did you mean 'rel_tolerance'" in message
    for name in Policy.option_names():
        assert name in message


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("rel_tolerance", -0.1, "finite number >= 0"),
        ("rel_tolerance", "lots", "must be a number"),
        ("abs_tolerance", True, "must be a number"),
        ("unmatched_percent", "ignore", "'flag' or 'pass'"),
        ("max_rows", 2.5, "must be an int"),
        ("max_rows", -1, ">= 0"),
        ("derivations", {"cell", "magic"}, "unknown derivation kind 'magic'"),
        ("derivations", 3, "'all' or a set of kind names"),
        ("parse_strings", "yes", "True or False"),
    ],
)
def test_bad_values_raise_value_error(name: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DEFAULT.with_overrides(**{name: value})


def test_options_translate_kind_names() -> None:
    opts = options_for(Policy(derivations={"cell", "share", "column_sum"}))
    assert opts.result_rows
    assert opts.derivations == frozenset({"cell", "column_share", "column_sum"})
    only_cells = options_for(Policy(derivations={"cell"}))
    assert not only_cells.allow_derived
    assert options_for(LENIENT).rel_tolerance == Decimal("0.05")
    assert options_for(DEFAULT, operands=120).max_derivation_operands == 120
