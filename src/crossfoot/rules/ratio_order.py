"""An asked ratio or share divided the other way round: the question's order against the answer's.

"What was the ratio of licence revenue to service revenue?" answered with service revenue over
licence revenue, or "What percentage of total revenue was service revenue?" answered with total
revenue over service revenue (364%): every operand is a value of the sources and the division is
right, but it is not the figure asked for. The question says which side is divided by which
(:func:`crossfoot.language.ratio_sides.ratio_sides`); the answer's figure, when it is one value
divided by another (a ratio, a share, a written division), has its numerator and denominator
among the table's rows. When the numerator's row is named by the question's denominator side
only, and the denominator's row by its numerator side only, the figure is the inverse of the one
asked: ``off_question`` (:mod:`crossfoot.rules.alignment`). Labels both sides name alike, or a
figure that the asked order also gives at its precision (a ratio near one), are not judged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from crossfoot.language.ratio_sides import ratio_sides
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import Claim, Evidence, Mention, SourceValue

__all__ = ["inverted_finals", "ratio_misfit"]

_DIVISIONS = frozenset({"ratio", "share"})
# A division written out, or restated from an earlier sentence ("restates 0.38 (sentence 2):
# $3,115 thousand (sentence 1) / $8,240 thousand (sentence 1) = 0.378").
_WRITTEN = frozenset({"written_calculation", "restatement"})
# A written calculation that is one division: "3,115 / 8,240 = 0.378" (no sum, no difference).
_ONE_DIVISION = re.compile(r"^[^/+\u2212-]*[/\u00f7][^/+\u2212-]*=")


def _score(v: SourceValue, side: frozenset[str]) -> int:
    """How many of a side's words the value's row label (or field) holds."""
    return len(frozenset(tokens(v.row or v.field or v.label or "")) & side)


def _inverted(ops: tuple[SourceValue, ...], a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether the labels fit the sides better divided the other way round: the numerator's
    label holds more of the denominator side's words (and the denominator's of the numerator
    side's) than in the asked order ("Cost of revenue" and "Total revenue" for "the cost to
    revenue ratio": the label that holds "cost" goes on top)."""
    top, bottom = ops
    asked = _score(top, a) + _score(bottom, b)
    other = _score(top, b) + _score(bottom, a)
    return other > asked and _score(top, b) > 0 and _score(bottom, a) > 0


def ratio_misfit(question: str, m: Mention, ev: Evidence) -> str | None:
    """Why the figure divides the question's sides the other way round, in words, or None.

    >>> from crossfoot.model.types import Claim, Evidence, Mention, SourceValue
    >>> lic = SourceValue(Decimal(8240), "S1", table=0, row="Licence revenue")
    >>> ser = SourceValue(Decimal(3115), "S1", table=0, row="Service revenue")
    >>> q = "What was the ratio of licence revenue to service revenue?"
    >>> m = Mention("0.38", 0, 4, Decimal("0.38"), "number", Decimal("0.005"))
    >>> why = ratio_misfit(q, m, Evidence("steps", "ratio", "", (ser, lic), Decimal("0.378")))
    >>> why.split("; ")[1]
    'this figure divides Service revenue by Licence revenue'
    >>> ratio_misfit(q, m, Evidence("steps", "ratio", "", (lic, ser), Decimal("2.645"))) is None
    True
    """
    ops = ev.operands
    if len(ops) != 2:
        return None
    if ev.kind not in _DIVISIONS and not (
        ev.kind in _WRITTEN and _ONE_DIVISION.search(ev.formula.rpartition("): ")[2])
    ):
        return None
    sides = ratio_sides(question)
    if sides is None:
        return None
    a, b = (frozenset(tokens(s)) for s in sides)
    if not _inverted((ops[0], ops[1]), a, b):
        return None
    num, den = ops[1].value, ops[0].value  # the asked order
    if den != 0 and m.value != 0:
        # (a plain number may be a share written without its "%": rules.percent_plain)
        factors = (Decimal(100),) if m.kind == "percent" else (Decimal(1), Decimal(100))
        if any(abs(abs(num / den * f) - abs(m.value)) <= m.precision for f in factors):
            return None  # (a ratio near one: either order gives the figure)
    names = (ops[0].row or ops[0].field or ops[0].label, ops[1].row or ops[1].field or ops[1].label)
    return (
        f"the question asks for {sides[0]} over {sides[1]}; this figure divides "
        f"{names[0]} by {names[1]}"
    )


def inverted_finals(
    question: str, finals: Sequence[Claim], evidence: Callable[[Claim], Evidence | None]
) -> dict[int, str]:
    """The final figures (after an answer marker) that divide the question's sides the other way
    round, by ``id`` of the claim, with why; read on the claims as the rules judged them, each
    by its ``evidence`` (a restated figure by what it restates)."""
    if ratio_sides(question) is None:
        return {}
    out: dict[int, str] = {}
    for c in finals:
        ev = evidence(c) if c.passed else None
        why = None if ev is None else ratio_misfit(question, c.mention, ev)
        if why is not None:
            out[id(c)] = why
    return out
