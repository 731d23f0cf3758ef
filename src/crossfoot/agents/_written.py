"""What the agent writes itself: its prose, its written calculations, a pure tool's operands.

The agent's own words vouch for nothing, with one exception: a written calculation
(``1,180.00 + 96.75 = 1,276.75``) whose operands were all found. Its result is kept in
``computed`` (value -> explanation) and counts as a source for a later call. Values in the prose
are checked loosely (prose rounds: "about $4.8 million" is found when $4,823,114.20 was seen).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from ._context import ContextStore, Hit, dec_key
from ._findings import Finding, ValueCheck
from ._values import NOT_ID, ArgValue

__all__ = ["CALC", "check_calculation", "check_prose", "operands"]

_PROSE_MONEY = re.compile(
    r"(?:[$€£¥₹]|\b(?:USD|EUR|GBP)\s?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(k|m|bn|thousand|million|billion)\b)?",
    re.IGNORECASE,
)
_PROSE_ID = re.compile(r"(?<![\w@.])#?[A-Za-z][\w-]*\d[\w-]*|(?<![\w@.#$,])\d[\w-]*[A-Za-z][\w-]*")
_PROSE_DIGITS = re.compile(r"(?<![\w.,$])\d{5,}(?![\w.,]\d)")
_PROSE_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NUM = r"\$?\d[\d,]*(?:\.\d+)?"
CALC = re.compile(rf"({_NUM}(?:\s*[-+×x*/]\s*{_NUM})+)\s*=\s*\$?(\d[\d,]*(?:\.\d+)?)")
_CALC_TOKENS = re.compile(r"\d[\d,]*(?:\.\d+)?|[-+×x*/]")
_OPERAND = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?")
_SCALES = {"k": 3, "thousand": 3, "m": 6, "million": 6, "bn": 9, "billion": 9}


def check_prose(
    store: ContextStore, computed: dict[Decimal, str], text: str, step: int
) -> tuple[list[ValueCheck], list[Finding]]:
    """Check the values in the agent's prose loosely; written calculations go to ``computed``.

    >>> store = ContextStore()
    >>> _ = store.add("tool", '{"fare": 1180.0, "bags": 96.75}', tool="quote")
    >>> computed = {}
    >>> checks, findings = check_prose(store, computed, "1,180.00 + 96.75 = $1,276.75", 2)
    >>> [c.found for c in checks], sorted(computed)
    ([True], [Decimal('1276.75')])
    """
    for m in CALC.finditer(text):
        check_calculation(store, computed, m, step)
    checks: list[ValueCheck] = []
    spans: list[tuple[int, int]] = []
    for m in _PROSE_EMAIL.finditer(text):
        spans.append(m.span())
        hit = store.find_email(m[0].lower())
        checks.append(_prose_check(store, step, m[0], "email", hit))
    for m in _PROSE_MONEY.finditer(text):
        spans.append(m.span())
        check = _money_check(store, computed, m, step)
        if check is not None:
            checks.append(check)
    for m in _PROSE_ID.finditer(text):
        token = m[0].rstrip("-_")
        if len(token) < 5 or NOT_ID.fullmatch(token) or any(a <= m.start() < b for a, b in spans):
            continue
        hit = store.find_id(token.lower())
        checks.append(_prose_check(store, step, token, "id", hit))
    for m in _PROSE_DIGITS.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        hit = store.find_id(m[0]) or store.find_digits(m[0])
        if hit is None and store.find_number(Decimal(m[0])) is not None:
            continue
        checks.append(_prose_check(store, step, m[0], "id", hit))
    findings = [
        Finding(
            "unsourced_text",
            "warn",
            step,
            "assistant",
            f"assistant wrote {c.value}, which is not in context",
        )
        for c in checks
        if not c.found
    ]
    return checks, findings


def _money_check(
    store: ContextStore, computed: dict[Decimal, str], m: re.Match[str], step: int
) -> ValueCheck | None:
    try:
        value = Decimal(m[1].replace(",", ""))
    except InvalidOperation:  # pragma: no cover
        return None
    _, _, frac = m[1].partition(".")
    half = Decimal(5).scaleb(-len(frac) - 1)
    if m[2]:
        exp = _SCALES[m[2].lower()]
        value, half = value.scaleb(exp), half.scaleb(exp)
    if value <= 10:
        return None
    found = (
        store.find_number(value) is not None
        or bool(store.near(value - half, value + half))
        or abs(value) in computed
        or store.derive(value, (), tolerance=max(half, Decimal("0.005")), loose=True) is not None
    )
    return ValueCheck(
        step, "assistant", m[0], "amount", found, "in context (rounded)" if found else ""
    )


def _prose_check(
    store: ContextStore, step: int, value: str, kind: str, hit: Hit | None
) -> ValueCheck:
    where = f"{store.sources[hit.sources[0]].at()} ({hit.how})" if hit and hit.sources else ""
    return ValueCheck(step, "assistant", value, kind, hit is not None, where)


def check_calculation(
    store: ContextStore, computed: dict[Decimal, str], m: re.Match[str], step: int
) -> None:
    """Keep the result of one written calculation (a :data:`CALC` match) in ``computed`` when it is
    right and every operand was found (small whole numbers up to 100 are multipliers)."""
    tokens = _CALC_TOKENS.findall(m[1].replace("$", ""))
    try:
        values = [Decimal(t.replace(",", "")) for t in tokens[0::2]]
        result = Decimal(m[2].replace(",", ""))
    except InvalidOperation:
        return
    ops = tokens[1::2]
    if len(ops) != len(values) - 1:
        return
    for a in values:
        small = a == a.to_integral_value() and a <= 100
        if (
            not small
            and store.find_number(a) is None
            and a not in computed
            and store.derive(a) is None
        ):
            return  # an operand with no source: the result launders nothing
    value = _evaluate(values, ops)
    if value is None:
        return
    _, _, frac = m[2].partition(".")
    half = Decimal(5).scaleb(-len(frac) - 1)
    if abs(value - result) <= half:
        computed[abs(result)] = f"assistant@{step} ({m[0].strip()}, operands found)"


def operands(values: list[ArgValue]) -> list[ArgValue]:
    """A pure tool's inputs: every number in its string arguments ("49.99 * 3 + 12.34") is an
    operand that must have a source, or the tool's output vouches for nothing.

    >>> [(v.raw, v.checked) for v in operands([ArgValue("calc.e", "49.99 * 3", "text", "")])]
    [('49.99', True), ('3', False)]
    """
    out: list[ArgValue] = []
    seen: set[tuple[str, str]] = set()
    for v in values:
        if not isinstance(v.raw, str) or v.kind in ("id", "email", "url", "date"):
            out.append(v)
            continue
        for m in _OPERAND.finditer(v.raw):
            text = m[0].replace(",", "")
            if (v.path, text) in seen:
                continue
            seen.add((v.path, text))
            value = Decimal(text)
            small = value == value.to_integral_value() and value <= 100
            _, _, frac = text.partition(".")
            out.append(
                ArgValue(
                    v.path,
                    m[0],
                    "amount",
                    value,
                    checked=not small,  # multipliers and counts in a formula need no source
                    embedded=True,
                    precision=Decimal(5).scaleb(-len(frac) - 1),
                    nkey=dec_key(value),
                )
            )
    return out


def _evaluate(values: list[Decimal], ops: list[str]) -> Decimal | None:
    # Multiplication and division first, then addition and subtraction; never eval().
    terms = [values[0]]
    signs: list[str] = []
    for op, b in zip(ops, values[1:], strict=True):
        if op in "*×x":
            terms[-1] *= b
        elif op == "/":
            if b == 0:
                return None
            terms[-1] /= b
        else:
            signs.append(op)
            terms.append(b)
    total = terms[0]
    for op, t in zip(signs, terms[1:], strict=True):
        total = total + t if op == "+" else total - t
    return total
