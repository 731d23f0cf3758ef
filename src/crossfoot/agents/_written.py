"""What the agent writes itself: its prose, its written calculations, a pure tool's operands.

The agent's own words vouch for nothing, with one exception: a written calculation
(``1,180.00 + 96.75 = 1,276.75``) whose operands were all found. Its result is kept in
``computed`` (value -> explanation) and counts as a source for a later call. Values in the prose
are checked loosely (prose rounds: "about $4.8 million" is found when $4,823,114.20 was seen).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal, InvalidOperation
from itertools import islice
from typing import NamedTuple

from crossfoot.agents._chains import bracket_calc, evaluate
from crossfoot.agents._context import ContextStore, Hit, dec_key
from crossfoot.agents._findings import Finding, ValueCheck
from crossfoot.agents._keys import fold
from crossfoot.agents._values import NOT_ID, ArgValue
from crossfoot.agents._written_ids import _ID_SHORTEST, _Spans
from crossfoot.agents._written_ids import _RUNS_KEPT as _RUNS_KEPT  # (tests set it here)
from crossfoot.agents._written_ids import _prose_ids as _prose_ids  # (and replace this)

__all__ = ["Calc", "calculations", "check_calculation", "check_prose", "operands"]

_PROSE_MONEY = re.compile(
    r"(?:[$€£¥₹]|\b(?:USD|EUR|GBP)\s?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(k|m|bn|thousand|million|billion)\b)?",
    re.IGNORECASE,
)
_PROSE_DIGITS = re.compile(r"(?<![\w.,$])\d{5,}(?![\w.,]\d)")
# Starts only at the beginning of a run of address characters: a long run with no "@" after it
# is then scanned once, not once per start (a match from inside the run implies one from its start).
_PROSE_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A written calculation: numbers joined by operators, "=", a result. Read token by token from
# each "=" backwards, never by one regex over the chain: a chain with no "=" after it ("1-1-1-...")
# made such a regex try every start and rescan the chain from each, quadratic in its length.
_CALC_TOKEN = re.compile(r"\$?\d[\d,]*(?:\.\d+)?|[-+×x*/]")
_RESULT = re.compile(r"\s*\$?(\d[\d,]*(?:\.\d+)?)")
_OPS = frozenset("-+×x*/")
# Up to three short words after a number in a chain: "$140 per night x 3 nights = $420".
_UNIT_GAP = re.compile(r"\s*(?:[A-Za-z]{1,12}\s+){0,2}[A-Za-z]{1,12}\s*")
# A result right before a bracketed formula: "$1,174 (".
_RESULT_BEFORE = re.compile(r"\$?(\d[\d,]*(?:\.\d+)?)\s*$")
_BRACKET_WINDOW = 400
_HAS_OP = re.compile(r"[-+×x*/]")
_PROSE_CALCS = 1_000  # written calculations of one message that are read
_CALC_WINDOW = 2_000  # characters before "=" a chain may take; longer ones are not read
_CALC_OPERANDS = 64  # operands of one calculation at most; an agent writes a handful
_OPERAND = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?")
_SCALES = {"k": 3, "thousand": 3, "m": 6, "million": 6, "bn": 9, "billion": 9}
_APPROX = re.compile(
    r"\b(?:about|approximately|approx\.?|around|roughly|nearly|almost|some)\s*$|~\s*$",
    re.IGNORECASE,
)


class Calc(NamedTuple):
    """One written calculation: ``text`` as written, its ``operands``/``ops``, the ``result``."""

    text: str
    operands: tuple[str, ...]
    ops: tuple[str, ...]
    result: str


def calculations(text: str) -> Iterator[Calc]:
    """The written calculations of a text (``1,180.00 + 96.75 = 1,276.75``, also with unit words
    after a number, ``$140 per night x 3 nights = $420``, and a result followed by its formula in
    brackets, ``$1,174 ($523 + $501 + $150)``), in time linear in the text.

    >>> [c.text for c in calculations("Fares: 523 + 501 = $1,024 and 3 x 4 = 12.")]
    ['523 + 501 = $1,024', '3 x 4 = 12']
    >>> [c.result for c in calculations("a total of $1,174 ($523 + $501 + $150)")]
    ['1,174']
    """
    done = 0  # a result belongs to its calculation: the next chain starts after it
    eq = text.find("=")
    while eq != -1:
        start = max(done, eq - _CALC_WINDOW)
        clipped = start > done and start > 0  # the window, not the text, ends the chain
        prev = text.rfind("=", start, eq)
        if prev != -1:
            start, clipped = prev + 1, False
        calc, end = _calculation_at(text, start, eq, clipped)
        if calc is None and text.find("(", start, eq) != -1:  # "(300+300)x4 = 2,400"
            calc, end = _bracketed_at(text, start, eq)
        if calc is not None:
            yield calc
            done = end
        eq = text.find("=", max(eq + 1, done))
    yield from _bracketed(text)


def _calculation_at(text: str, start: int, eq: int, clipped: bool) -> tuple[Calc | None, int]:
    """The calculation whose chain ends at the "=" at ``eq`` (the chain within text[start:eq])."""
    result = _RESULT.match(text, eq + 1)
    if result is None:
        return None, 0
    chain = _chain(text, start, eq)
    if chain is None:
        return None, 0
    first = chain[0].start()
    if clipped and (not text[start:first] or text[start:first].isspace()):
        return None, 0  # the chain may go on before the window: too long to read
    return (
        Calc(
            text[first : result.end()],
            tuple(t[0].replace("$", "") for t in chain[0::2]),
            tuple(t[0] for t in chain[1::2]),
            result[1],
        ),
        result.end(),
    )


def _bracketed_at(text: str, start: int, eq: int) -> tuple[Calc | None, int]:
    """A chain with brackets before the "=" at ``eq`` and its result (agents._chains)."""
    result = _RESULT.match(text, eq + 1)
    got = bracket_calc(text, start, eq) if result is not None else None
    if result is None or got is None:
        return None, 0
    numbers = tuple(m[0] for m in _OPERAND.finditer(got[0]))
    return Calc(f"{got[0]} = {result[1]}", numbers, ("()",), result[1]), result.end()


def _chain(text: str, start: int, end: int) -> list[re.Match[str]] | None:
    """The longest chain number, operator, number ... ending at ``end`` within text[start:end]:
    tokens apart only by spaces, or by a few unit words after a number ("3 nights x")."""
    tokens = list(_CALC_TOKEN.finditer(text, start, end))
    k = len(tokens) - 1
    chain: list[re.Match[str]] = []
    while k >= 0:
        t = tokens[k]
        gap = text[t.end() : end]
        is_op = t[0] in _OPS
        if is_op != (len(chain) % 2 == 1):
            break
        if gap and not gap.isspace() and (is_op or _UNIT_GAP.fullmatch(gap) is None):
            break
        chain.append(t)
        end = t.start()
        k -= 1
    if chain and chain[-1][0] in _OPS:
        chain.pop()  # a chain starts with a number
    n_ops = len(chain) // 2
    if n_ops < 1 or n_ops >= _CALC_OPERANDS:
        return None
    chain.reverse()
    return chain


def _bracketed(text: str) -> Iterator[Calc]:
    """A result followed by its formula in brackets: ``$1,174 ($523 + $501 + $150)``."""
    pos = text.find("(")
    while pos != -1:
        close = text.find(")", pos, pos + _BRACKET_WINDOW)
        result = None
        if close != -1 and _HAS_OP.search(text, pos + 1, close) is not None:
            result = _RESULT_BEFORE.search(text, max(0, pos - 40), pos)
        if result is not None:
            chain = _chain(text, pos + 1, close)
            if chain is not None and text[pos + 1 : chain[0].start()].strip() == "":
                yield Calc(
                    text[result.start() : close + 1],
                    tuple(t[0].replace("$", "") for t in chain[0::2]),
                    tuple(t[0] for t in chain[1::2]),
                    result[1],
                )
        pos = text.find("(", pos + 1)


def check_prose(
    store: ContextStore,
    computed: dict[Decimal, str],
    text: str,
    step: int,
    counts: Iterable[int] = (),
) -> tuple[list[ValueCheck], list[Finding]]:
    """Check the values in the agent's prose loosely; written calculations go to ``computed``.
    ``counts`` are the list lengths of the agent's earlier calls (the three passengers it booked).

    >>> store = ContextStore()
    >>> _ = store.add("tool", '{"fare": 1180.0, "bags": 96.75}', tool="quote")
    >>> computed = {}
    >>> checks, findings = check_prose(store, computed, "1,180.00 + 96.75 = $1,276.75", 2)
    >>> [c.found for c in checks], sorted(computed)
    ([True], [Decimal('1276.75')])
    """
    text = fold(text)
    for calc in islice(calculations(text), _PROSE_CALCS):
        check_calculation(store, computed, calc, step)
    prose = _Prose(store, computed, step, tuple(counts))
    spans: list[tuple[int, int]] = []
    for m in _PROSE_EMAIL.finditer(text):
        spans.append(m.span())
        prose.check("email", m[0], m)
    for m in _PROSE_MONEY.finditer(text):
        spans.append(m.span())
        prose.check("amount", m[0], m)
    taken = _Spans(spans)
    named: dict[str, str] = {}  # token as read -> the identifier checked ("" for none)
    for start, raw in _prose_ids(text, _ID_SHORTEST):
        token = named.get(raw)
        if token is None:
            token = raw.rstrip("-_")
            token = "" if NOT_ID.fullmatch(token) else token
            if len(named) < _RUNS_KEPT:
                named[raw] = token
        if token and start not in taken:
            prose.check("id", token, None)
    for m in _PROSE_DIGITS.finditer(text):
        if m.start() not in taken:
            prose.check("digits", m[0], None)
    findings = _unsourced(prose.checks, step)
    if prose.skipped:
        findings.append(
            Finding(
                "context_truncated",
                "info",
                step,
                "assistant",
                f"assistant: only the first {_PROSE_VALUES:,} distinct values of this message "
                f"were checked ({prose.skipped:,} more were not)",
            )
        )
    return prose.checks, findings


def _unsourced(checks: list[ValueCheck], step: int) -> list[Finding]:
    """A finding for each check of a value not found; a value the message repeats is one check
    repeated, and its findings are one (frozen) finding repeated, made once."""
    made: dict[int, Finding] = {}
    out: list[Finding] = []
    for c in checks:
        if c.found:
            continue
        finding = made.get(id(c))  # the checks hold ``c``: its id is not reused meanwhile
        if finding is None:
            message = f"assistant wrote {c.value}, which is not in context"
            finding = made[id(c)] = Finding("unsourced_text", "warn", step, "assistant", message)
        out.append(finding)
    return out


_PROSE_VALUES = 5_000  # distinct values of one message that are checked
_PROSE_DERIVATIONS = 25  # arithmetic searches for one message (each can cost milliseconds)


class _Prose:
    """The checks of one message: each distinct value is looked up once (a message that repeats
    a value a thousand times costs one look-up), and the costly look-ups are counted."""

    def __init__(
        self,
        store: ContextStore,
        computed: dict[Decimal, str],
        step: int,
        counts: tuple[int, ...] = (),
    ) -> None:
        self.store, self.computed, self.step, self.counts = store, computed, step, counts
        self.checks: list[ValueCheck] = []
        self.memo: dict[tuple[str, str], ValueCheck | None] = {}
        self.derivations = [_PROSE_DERIVATIONS]  # arithmetic searches left
        self.skipped = 0

    def check(self, kind: str, value: str, m: re.Match[str] | None) -> None:
        key = (kind, value)
        if key in self.memo:
            got = self.memo[key]
        elif len(self.memo) >= _PROSE_VALUES:
            self.skipped += 1
            return
        else:
            got = self.memo[key] = self._look(kind, value, m)
        if got is not None:
            self.checks.append(got)

    def _look(self, kind: str, value: str, m: re.Match[str] | None) -> ValueCheck | None:
        store, step = self.store, self.step
        if kind == "email":
            return _prose_check(store, step, value, "email", store.find_email(value.lower()))
        if kind == "amount":
            assert m is not None
            return _money_check(store, self.computed, m, step, self.derivations, self.counts)
        if kind == "id":
            return _prose_check(store, step, value, "id", store.find_id(value.lower()))
        hit = store.find_id(value) or store.find_digits(value)
        if hit is None and store.find_number(Decimal(value)) is not None:
            return None
        return _prose_check(store, step, value, "id", hit)


def _money_check(
    store: ContextStore,
    computed: dict[Decimal, str],
    m: re.Match[str],
    step: int,
    budget: list[int] | None = None,
    counts: tuple[int, ...] = (),
) -> ValueCheck | None:
    """A currency amount in prose, found when seen within its stated precision, computed, or
    derived loosely. ``budget`` holds the arithmetic searches still allowed for the message."""
    try:
        value = Decimal(m[1].replace(",", ""))
    except InvalidOperation:  # pragma: no cover
        return None
    whole, _, frac = m[1].replace(",", "").partition(".")
    half = Decimal(5).scaleb(-len(frac) - 1)
    if not frac and _APPROX.search(m.string, max(0, m.start() - 16), m.start()):
        # "about $1,200": a round figure is as precise as its last non-zero digit (±50).
        zeros = len(whole) - len(whole.rstrip("0"))
        half = Decimal(5).scaleb(min(zeros, len(whole) - 1) - 1)
    if m[2]:
        exp = _SCALES[m[2].lower()]
        value, half = value.scaleb(exp), half.scaleb(exp)
    if value <= 10:
        return None
    found = (
        store.find_number(value) is not None
        or bool(store.near(value - half, value + half))
        or abs(value) in computed
    )
    if not found and (budget is None or budget[0] > 0):
        if budget is not None:
            budget[0] -= 1
        tolerance = max(half, Decimal("0.005"))
        found = store.derive(value, counts, tolerance=tolerance, loose=True) is not None
    return ValueCheck(
        step, "assistant", m[0], "amount", found, "in context (rounded)" if found else ""
    )


def _prose_check(
    store: ContextStore, step: int, value: str, kind: str, hit: Hit | None
) -> ValueCheck:
    where = f"{store.sources[hit.sources[0]].at()} ({hit.how})" if hit and hit.sources else ""
    return ValueCheck(step, "assistant", value, kind, hit is not None, where)


def check_calculation(
    store: ContextStore, computed: dict[Decimal, str], calc: Calc, step: int
) -> None:
    """Keep the result of one written calculation in ``computed`` when it is right and every
    operand was found (small whole numbers up to 100 are multipliers)."""
    try:
        values = [Decimal(t.replace(",", "")) for t in calc.operands]
        result = Decimal(calc.result.replace(",", ""))
    except InvalidOperation:
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
    if calc.ops == ("()",):  # a chain with brackets (_bracketed_at)
        chained = evaluate(calc.text.partition("=")[0])
        value = chained[0] if chained is not None else None
    else:
        value = _evaluate(values, list(calc.ops))
    if value is None:
        return
    _, _, frac = calc.result.partition(".")
    half = Decimal(5).scaleb(-len(frac) - 1)
    if abs(value - result) <= half:
        computed[abs(result)] = f"assistant@{step} ({calc.text.strip()}, operands found)"


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
