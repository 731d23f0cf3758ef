"""One superlative list and one reading of a column's summary lines, read by every ranker and
every reader of a column's whole (unify34): the readers' patterns are built from
``language.superlatives`` and ``language.summary_lines``, so they agree member by member."""

from __future__ import annotations

from decimal import Decimal

from crossfoot.arithmetic.middle import median_of
from crossfoot.language import extremes
from crossfoot.language.summary_lines import SUMMARY, line_role
from crossfoot.language.superlatives import LEAST, MOST, NOT_A_RANK
from crossfoot.rules import _period_rank, alignment_rank, answer_pick, which_period


def test_every_ranker_reads_the_one_list() -> None:
    assert answer_pick._MOST == frozenset(MOST) and answer_pick._LEAST == frozenset(LEAST)
    for w in (*MOST, *LEAST):
        said = f"Which region had the {w} revenue?"
        assert which_period._EXTREME.pattern.search(said), w
        assert _period_rank._BEFORE_YEAR.search(f"Revenue was {w} in "), w
        ranked = alignment_rank.asked_rank(said)
        assert (ranked is None) == (w in NOT_A_RANK), w
        found = extremes.extremes(f"West had the {w} revenue.", 0, 30)
        assert bool(found) == (w not in NOT_A_RANK), w
        if found:
            assert found[0][2] == (w in MOST) and (ranked is None or ranked[1] == (w in MOST))


def test_summary_lines_are_the_aside_lines() -> None:
    assert extremes.ASIDE is SUMMARY
    roles = {x: line_role(x) for x in ("Total sales", "Overall", "Sub-total", "Mean", "All other")}
    assert roles == {
        "Total sales": "whole",
        "Overall": "whole",
        "Sub-total": "subtotal",
        "Mean": "centre",
        "All other": None,
    }


def test_one_median_for_decimals_and_floats() -> None:
    cells = [Decimal(4637), Decimal(3540), Decimal(1643), Decimal(2410)]
    assert median_of(cells) == Decimal("2975")
    assert median_of([float(c) for c in cells]) == 2975.0
