"""Recompute a parsed calculation: evaluate its tree on the numbers as written or as scaled, find
its formula constants ("x 100", "/ 3"), and judge a stated result at its own precision.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, DecimalException, localcontext

from crossfoot.arithmetic.parse import BinOp, Neg, Node, Num, _Fail
from crossfoot.model.types import Mention

__all__ = [
    "HUNDRED",
    "PLAIN_KINDS",
    "agrees",
    "approximate_precision",
    "check_result",
    "collect_constants",
    "effective_precision",
    "evaluate",
    "has_op",
    "is_hundred",
    "is_plain",
    "is_small_count",
    "leaf_value",
    "leaves",
]

HUNDRED = Decimal(100)
_SMALL_DIVISOR = Decimal(12)  # "/ 2", "/ 3", "/ 12 months": counts, not figures to ground

# ---------------------------------------------------------------------------------------------
# Evaluation


def leaves(node: Node) -> list[int]:
    if isinstance(node, Num):
        return [node.index]
    if isinstance(node, Neg):
        return leaves(node.operand)
    return leaves(node.left) + leaves(node.right)


def has_op(node: Node) -> bool:
    return isinstance(node, BinOp) or (isinstance(node, Neg) and has_op(node.operand))


def leaf_value(m: Mention, written: bool, pct_fraction: bool, unsigned: bool = False) -> Decimal:
    magnitude = m.written if m.written != 0 or m.value == 0 else abs(m.value)
    if not written and m.kind != "percent":
        magnitude = magnitude * m.scale if m.written != 0 else abs(m.value)
    if pct_fraction and m.kind == "percent":
        magnitude = magnitude / HUNDRED
    return -magnitude if (m.negative or m.value < 0) and not unsigned else magnitude


def evaluate(node: Node, ms: Sequence[Mention], written: bool, pct_fraction: bool) -> Decimal:
    """Exact value of ``node``; raises ``DecimalException`` or ``_Fail`` when it has none."""
    if isinstance(node, Num):
        return leaf_value(ms[node.index], written, pct_fraction, node.unsigned)
    if isinstance(node, Neg):
        return -evaluate(node.operand, ms, written, pct_fraction)
    a = evaluate(node.left, ms, written, pct_fraction)
    b = evaluate(node.right, ms, written, pct_fraction)
    if node.op == "+":
        return a + b
    if node.op == "-":
        return a - b
    if node.op == "*":
        return a * b
    if node.op == "/":
        if b == 0:
            raise _Fail
        return a / b
    # "^": small integer powers and roots (1/n) only, so CAGR reads and nothing explodes.
    if abs(b) > 20:
        raise _Fail
    if b == b.to_integral_value():
        return a ** int(b)
    if a < 0:
        raise _Fail
    return a**b


def collect_constants(node: Node, ms: Sequence[Mention], out: set[int]) -> None:
    if isinstance(node, Num):
        if not ms[node.index].claim:
            out.add(node.index)
        return
    if isinstance(node, Neg):
        collect_constants(node.operand, ms, out)
        return
    r, left = node.right, node.left
    if node.op == "*":
        for side in (left, r):
            if isinstance(side, Num) and is_hundred(ms[side.index]):
                out.add(side.index)
    elif node.op == "/" and isinstance(r, Num) and is_small_count(ms[r.index]):
        out.add(r.index)
    elif node.op in "+-":
        for side in (left, r):  # the 1 of "(1 + r)" and "b / a − 1"
            if (
                isinstance(side, Num)
                and is_plain(ms[side.index])
                and abs(ms[side.index].value) == 1
            ):
                out.add(side.index)
    elif node.op == "^":
        for leaf in leaves(r):
            out.add(leaf)
    collect_constants(left, ms, out)
    collect_constants(r, ms, out)


PLAIN_KINDS = ("number", "percent")


def is_plain(m: Mention) -> bool:
    return m.currency is None and m.scale == 1 and m.kind in PLAIN_KINDS


def is_hundred(m: Mention) -> bool:
    return is_plain(m) and abs(m.value) == HUNDRED


def is_small_count(m: Mention) -> bool:
    v = abs(m.value)
    return (
        m.kind == "number"
        and m.currency is None
        and m.scale == 1
        and v == v.to_integral_value()
        and 1 < v <= _SMALL_DIVISOR
    ) or (is_plain(m) and m.kind == "number" and v == HUNDRED)


def agrees(stated: Decimal, computed: Decimal, precision: Decimal) -> bool:
    """Whether ``stated`` is ``computed`` written at ``precision`` (rounded, or truncated).

    >>> agrees(Decimal("12.28"), Decimal("12.2837"), Decimal("0.005"))
    True
    >>> agrees(Decimal("12.29"), Decimal("12.2899"), Decimal("0.005"))
    True
    >>> agrees(Decimal("918.2"), Decimal("919.6"), Decimal("0.05"))
    False
    """
    diff = computed - stated
    if abs(diff) <= precision:
        return True
    # Truncated rather than rounded: 27.739 written as 27.73.
    return (
        stated != 0
        and (stated > 0) == (computed > 0)
        and abs(stated) < abs(computed) < abs(stated) + 2 * precision
    )


def effective_precision(m: Mention) -> Decimal:
    """The stated precision, read loosely for round figures: "= 36,000,000" may be rounded to
    the millions, so trailing zeros of a whole number of 4+ digits are not taken as exact."""
    digits = m.written.normalize() if m.written else Decimal(0)
    if m.written and digits == digits.to_integral_value() and abs(m.written) >= 1000:
        exponent = digits.as_tuple().exponent
        if isinstance(exponent, int) and exponent >= 3:
            loose = Decimal(5).scaleb(exponent - 1) * (m.scale if m.kind != "percent" else 1)
            return max(m.precision, loose)
    return m.precision


def approximate_precision(m: Mention) -> Decimal:
    """The precision of a result written as approximate ("≈ 1.80", "about 13.50%"): trailing
    zeros after the decimal point are not taken as exact digits, so the half unit of the last
    nonzero digit, as "about" reads an amount elsewhere (docs/claims.md). A figure left with one
    significant digit ("≈ 0.10", "≈ 2.0") keeps its written precision: its window would be a
    tenth of the figure or more.

    >>> from crossfoot.numbers.extract import extract
    >>> [str(approximate_precision(m)) for m in extract("≈ 1.80, ≈ 0.10, ≈ 13.50%")]
    ['0.05', '0.005', '0.05']
    """
    digits = m.written.normalize() if m.written else Decimal(0)
    exponent = digits.as_tuple().exponent
    if not m.written or len(digits.as_tuple().digits) < 2 or not isinstance(exponent, int):
        return m.precision
    loose = Decimal(5).scaleb(exponent - 1) * (m.scale if m.kind != "percent" else 1)
    return max(m.precision, loose)


def check_result(
    tree: Node, ms: Sequence[Mention], result: Mention, approximate: bool = False
) -> tuple[bool, Decimal, str] | None:
    """(correct?, value in the result's units, note) or None when the tree cannot be computed.
    ``approximate``: the result is written as approximate ("≈", "about"): see
    :func:`approximate_precision`."""
    has_pct = any(ms[i].kind == "percent" for i in leaves(tree))
    readings: list[tuple[bool, bool, str]] = [(False, False, ""), (True, False, "as written")]
    if has_pct:
        readings += [
            (False, True, "percentages as fractions"),
            (True, True, "percentages as fractions"),
        ]
    closest: tuple[Decimal, Decimal] | None = None  # (distance, shown) for the error message
    stated_shown = -abs(result.written) if result.value < 0 else abs(result.written or result.value)
    for written, pct_fraction, note in readings:
        try:
            with localcontext() as ctx:
                ctx.prec = 28
                value = evaluate(tree, ms, written, pct_fraction)
        except (_Fail, DecimalException, OverflowError, ValueError):
            return None
        stated = leaf_value(result, written, False)
        prec = effective_precision(result)
        if approximate:
            prec = max(prec, approximate_precision(result))
        if written and result.kind != "percent" and result.scale != 0:
            prec = prec / result.scale
        factors = [(Decimal(1), "")]
        if result.kind == "percent" and not pct_fraction:
            factors.append((HUNDRED, "fraction as a percentage"))
        elif result.kind == "bps" and not pct_fraction:
            factors.append((HUNDRED, "percentage points as basis points"))
        for factor, why in factors:
            v = value * factor
            shown = (
                v / result.scale
                if (not written and result.kind != "percent" and result.scale)
                else v
            )
            if not pct_fraction and (closest is None or abs(shown - stated_shown) < closest[0]):
                closest = (abs(shown - stated_shown), shown)
            for candidate, sign_note in ((v, ""), (-v, "magnitude only")):
                if sign_note and (stated < 0 or v >= 0):
                    continue
                if agrees(stated, candidate, prec):
                    parts = [p for p in (note, why, sign_note) if p]
                    shown_ok = (
                        candidate / result.scale
                        if (not written and result.kind != "percent" and result.scale)
                        else candidate
                    )
                    return True, shown_ok, ", ".join(parts)
    assert closest is not None
    return False, closest[1], ""
