"""Counts-only tags of a written calculation the checker calls wrong (``arithmetic_error``).

``cause_counts.py`` prints, per half, how many false-alarm claims of each shape there are:
how far the stated result stands from the recomputed one (in units of its last written digit,
or by a hundred / a thousand), the operators, whether a step of a chain feeds it, whether the
sentence is LaTeX, whether an operand carries a thousands separator, a scale word or a percent
sign. It never prints a sentence, a number or a label of an item: the validation half stays
unread, and a shape far more common there than on the tuning half names a class to write
shapes of.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from crossfoot.arithmetic.calculations import Calculation, find_calculations
from crossfoot.arithmetic.parse import BinOp, Neg, Node
from crossfoot.numbers.extract import extract

__all__ = ["calc_shape"]


def _ops(node: Node) -> set[str]:
    if isinstance(node, BinOp):
        return {node.op} | _ops(node.left) | _ops(node.right)
    if isinstance(node, Neg):
        return {"neg"} | _ops(node.operand)
    return set()


def _gap(stated: Decimal, computed: Decimal, half: Decimal) -> str:
    """How far ``stated`` is from ``computed``, in words (no number of the item)."""
    if computed == 0:
        return "computed zero"
    if stated == 0:
        return "stated zero"
    if (stated < 0) != (computed < 0):
        if abs(abs(stated) - abs(computed)) <= 2 * half:
            return "sign flipped only"
        return "other sign, other size"
    unit = 2 * half if half else Decimal(1)
    digits = abs(stated - computed) / unit
    ratio = abs(stated / computed)
    for factor, name in (
        (100, "x100"),
        (Decimal("0.01"), "/100"),
        (1000, "x1000"),
        (Decimal("0.001"), "/1000"),
        (10, "x10"),
        (Decimal("0.1"), "/10"),
    ):
        if abs(ratio - Decimal(factor)) <= Decimal(factor) * Decimal("0.02"):
            return f"stated {name} of computed"
    if digits <= 3:
        return f"off by {int(digits + Decimal('0.999'))} last-digit units"
    rel = abs(ratio - 1)
    for bound in ("0.01", "0.05", "0.2", "0.5"):
        if rel <= Decimal(bound):
            return f"within {Decimal(bound) * 100:.0f}% (past 3 last-digit units)"
    return "far (over 50%)"


def _approx(answer: str, at: int) -> bool:
    return any(w in answer[max(0, at - 16) : at] for w in ("≈", "approx", "about", "~"))


def _status_of(claims: Any, m: Any) -> str:
    for c in claims:
        if c.mention.start == m.start:
            ev = c.evidence
            return f"{c.status}{'/' + ev.rule if ev is not None else ''}"
    return "no claim"


def calc_shape(answer: str, claim: Any, claims: Any = ()) -> str:
    """Counts-only tags of the calculation whose stated result is ``claim``'s figure (or, for a
    figure that repeats an earlier wrong result, of that calculation)."""
    ms = extract(answer)
    at = next((k for k, m in enumerate(ms) if m.start == claim.mention.start), None)
    calcs: list[Calculation] = find_calculations(answer, ms) if at is not None else []
    mine = [c for c in calcs if c.result == at]
    note = (claim.evidence.note or "") if claim.evidence is not None else ""
    prefix = ""
    if not mine and note == "repeated":
        mine = [
            c
            for c in calcs
            if not c.correct
            and ms[c.result].start < claim.mention.start
            and ms[c.result].value == claim.mention.value
        ][:1]
        same = bool(mine) and any(
            x.mention.start == ms[mine[0].result].start and x.status == "arithmetic_error"
            for x in claims
        )
        prefix = f"repeats ({'flagged' if same else 'not flagged'} there): "
    if not mine:
        return f"no calculation re-found (note {note or '-'})"
    c = mine[0]
    res = ms[c.result]
    ops = "".join(sorted(_ops(c.tree)))
    operands = [ms[i] for i in c.operands]
    s = claim.sentence
    text = answer[s.start : s.end] if s.end <= len(answer) else s.text
    feeds = any(o.result in c.operands for o in calcs if o is not c)
    fed = any(c.result in o.operands for o in calcs if o is not c)
    tags = [
        _gap(res.written if res.value >= 0 else -abs(res.written), c.value, res.precision)
        if res.written
        else "no written digits",
        f"ops {ops}",
        f"{len(c.operands)} operands ({len(c.constants)} constants)",
        f"result {res.kind}{' +scale' if res.scale_word else ''}",
        "approx" if _approx(answer, res.start) else "exact",
    ]
    if note:
        tags.append(f"note {note}")
    if "\\" in text:
        tags.append("latex")
    if any("," in o.text for o in operands):
        tags.append("thousands separator in an operand")
    if any(o.scale_word for o in operands):
        tags.append("scale word in an operand")
    if any(o.kind == "percent" for o in operands):
        tags.append("percent operand")
    if feeds:
        tags.append("an earlier step feeds it")
    if fed:
        tags.append("feeds a later step")
    if text.count("=") > 1:
        tags.append(f"{text.count('=')} equals signs")
    if c.start >= res.start:
        tags.append("result first")
    if res.written and c.value:
        rel = abs(abs(res.written) / abs(c.value) - 1)
        bounds = ("0.001", "0.002", "0.003", "0.005", "0.007", "0.01", "0.02")
        under = next((b for b in bounds if rel < Decimal(b)), None)
        tags.append(f"rel {'<' + str(Decimal(under) * 100) + '%' if under else '>=2%'}")
        sig = len(res.written.normalize().as_tuple().digits)
        tags.append(f"{sig} significant digits")
    grounds = {_status_of(claims, ms[k]) for k in c.operands if k not in c.constants}
    tags.append("operands " + ",".join(sorted(grounds)))
    return prefix + "; ".join(tags)
