"""Which rules may answer a figure, decided once per answer and once per shape of figure.

Most figures of an answer are proven by the first rules (a cell, a derivation); a figure that
matches nothing runs every rule, and most of them return ``None`` at their first lines: a
percentage is no plain number to read in thousands, a sum of money is no fraction, an answer
without a written calculation has none to recompute. :data:`NEEDS` writes those first lines
down as data, one :class:`Needs` per rule, each a *necessary* condition of the rule returning a
verdict (the rule returns ``None`` whenever it fails). A :class:`Plan` then decides them once
per answer (whether it writes a calculation) and once per shape of figure (kind, claim, range,
scale): the engine calls only the rules a figure's shape and the answer allow, in the order of
:data:`crossfoot.rules.RULES`. A rule not in :data:`NEEDS` always runs. The words a rule needs
stay the rule's own (``may_say``, read once per answer only when a figure reaches the rule).

Exact, not a heuristic: skipping a rule that would return ``None`` changes no verdict (the first
rule that returns a verdict wins, and a ``None`` changes nothing a later rule reads). Proven in
``tests/test_speed_paths_speed10.py``: every rule called anyway where its needs fail returns
``None`` (hypothesis, traces and checks), and a need that leaves out a kind is caught.
"""

from __future__ import annotations

from dataclasses import dataclass

from crossfoot.arithmetic.calculations import calculations_of
from crossfoot.model.context import ClaimContext, Rule
from crossfoot.model.types import Mention

__all__ = ["NEEDS", "Needs", "Plan", "shape_of"]

_Shape = tuple[str, bool, bool, bool]


@dataclass(frozen=True, slots=True)
class Needs:
    """What a figure and its answer must hold for a rule to return a verdict.

    >>> Needs(kinds=frozenset({"number"}), claim=True).fits(("percent", True, True, True))
    False
    """

    kinds: frozenset[str] | None = None  # the figure's kind is one of these
    claim: bool = False  # the figure is a claim (``Mention.claim``)
    single: bool = False  # a single figure, not a range (``Mention.high is None``)
    unscaled: bool = False  # no scale word multiplies it (``Mention.scale == 1``)
    calculation: bool = False  # the answer writes out a calculation (arithmetic.calculations)

    def fits(self, shape: _Shape) -> bool:
        """Whether a figure of ``shape`` (kind, claim, single, unscaled) meets the figure's
        part of the needs."""
        kind, claim, single, unscaled = shape
        return (
            (self.kinds is None or kind in self.kinds)
            and (claim or not self.claim)
            and (single or not self.single)
            and (unscaled or not self.unscaled)
        )


def shape_of(m: Mention) -> _Shape:
    """The parts of a figure :class:`Needs` reads."""
    return (m.kind, m.claim, m.high is None, m.scale == 1)


class Plan:
    """The rules of one answer, by shape of figure. Whether the answer writes a calculation is
    read once, from its first figure's context; the tuple for a shape is made once per process
    (for the same rules, needs and answer flag) and looked up once per answer."""

    __slots__ = ("_by_shape", "_calcs", "_needs", "_rules")

    def __init__(self, rules: tuple[Rule, ...], needs: dict[Rule, Needs]) -> None:
        self._rules = rules
        self._needs = needs
        self._calcs: bool | None = None
        self._by_shape: dict[_Shape, tuple[Rule, ...]] = {}

    def rules_for(self, ctx: ClaimContext) -> tuple[Rule, ...]:
        """The rules that may answer ``ctx``'s figure, in order."""
        shape = shape_of(ctx.mention)
        made = self._by_shape.get(shape)
        if made is None:
            if self._calcs is None:
                # (written_calculation, first of the rules, reads them for every answer anyway)
                self._calcs = bool(calculations_of(ctx))
            made = self._by_shape[shape] = _made(self._rules, self._needs, self._calcs, shape)
        return made


def _made(
    rules: tuple[Rule, ...], needs: dict[Rule, Needs], calcs: bool, shape: _Shape
) -> tuple[Rule, ...]:
    key = (id(rules), id(needs), calcs, shape)
    hit = _MADE.get(key)
    if hit is not None and hit[0] is rules and hit[1] is needs:
        return hit[2]
    made = tuple(
        r
        for r in rules
        if r not in needs or (needs[r].fits(shape) and (calcs or not needs[r].calculation))
    )
    if len(_MADE) > 256:
        _MADE.clear()
    _MADE[key] = (rules, needs, made)  # (holding both: their ids are not reused meanwhile)
    return made


_MADE: dict[
    tuple[int, int, bool, _Shape],
    tuple[tuple[Rule, ...], dict[Rule, Needs], tuple[Rule, ...]],
] = {}


_N, _M, _P = "number", "money", "percent"


def _needs() -> dict[Rule, Needs]:
    """Each rule's first lines (read them beside this table when a rule's guard changes; the
    property test of the module docstring fails on a need the rule does not have)."""
    from crossfoot.rules.arithmetic import written_calculation
    from crossfoot.rules.asked_scale import asked_scale
    from crossfoot.rules.average_change import average_change
    from crossfoot.rules.coarse_ratio import coarse_ratio
    from crossfoot.rules.cross_source import across_sources
    from crossfoot.rules.growth_gap import growth_gap
    from crossfoot.rules.operand_scale import operand_scale
    from crossfoot.rules.part_of_change import part_of_change
    from crossfoot.rules.part_of_sum import part_of_sum
    from crossfoot.rules.percent_plain import percent_asked
    from crossfoot.rules.scaled import scaled_operand
    from crossfoot.rules.stated_step import stated_step
    from crossfoot.rules.steps import step_arithmetic
    from crossfoot.rules.sum_share import sum_share
    from crossfoot.rules.units import unit_unstated
    from crossfoot.rules.whole_of_part import whole_of_part

    def claim(kinds: set[str], unscaled: bool = False) -> Needs:  # a claim, not a range
        return Needs(frozenset(kinds), claim=True, single=True, unscaled=unscaled)

    return {
        written_calculation: Needs(calculation=True),
        scaled_operand: Needs(frozenset({_N}), single=True, unscaled=True, calculation=True),
        step_arithmetic: Needs(claim=True),
        average_change: claim({_M, _N, _P}),
        growth_gap: claim({_N, _P, "pp"}),
        coarse_ratio: claim({_N}),
        across_sources: Needs(claim=True, single=True),
        asked_scale: claim({_N, _M}, unscaled=True),
        stated_step: claim({_N}, unscaled=True),
        operand_scale: claim({_N}, unscaled=True),
        part_of_sum: claim({_N}),
        part_of_change: claim({_N, _P}),
        whole_of_part: claim({_N, _M}),
        sum_share: claim({_N, _P}),
        percent_asked: claim({_N}, unscaled=True),
        unit_unstated: Needs(frozenset({_M, _N})),
    }


#: Each rule's needs (:class:`Needs`); a rule not listed always runs.
NEEDS: dict[Rule, Needs] = _needs()
