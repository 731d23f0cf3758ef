"""Calculations an answer writes out, parsed by a small safe parser and recomputed.

Answers often show their working: ``(7167.1 − 6383.0) / 6383.0 × 100 = 12.28%``,
``(76 + 73 + 52) / 3 = 67``, LaTeX such as ``\\frac{119 - 86}{119} \\times 100 \\approx 27.7\\%``,
or a parenthetical that explains a figure: "a decrease of $6 million ($5829m − $5735m)". This
module finds them and recomputes them with :class:`~decimal.Decimal` arithmetic. Nothing is ever
``eval``-ed: the numbers are the spans :func:`crossfoot.numbers.extract.extract` found, the
operators come from a fixed table, and the parser is a recursive descent bounded in length
(:data:`MAX_CHARS`), tokens and depth (:data:`MAX_DEPTH`). Text it cannot read yields no
calculation, never an exception.

Units: a calculation is recomputed twice, once on the values as scaled ("$5829m" is 5,829,000,000)
and once on the digits as written (5829), so "$365 + $346 + $345 = $1,056 million" and
"7630.0 − 6710.4 = $919.6m" both read naturally. A percentage result may be written from a fraction
("(a − b) / b = 12.3%"), and a percentage operand may act as a fraction ("200 × 5% = 10").

>>> from decimal import Decimal
>>> from crossfoot.model.types import Mention
>>> def m(text, start, value):
...     return Mention(text, start, start + len(text), Decimal(value), "number", Decimal("0.5"),
...                    written=Decimal(value))
>>> text = "10 + 5 = 16"
>>> calc = find_calculations(text, [m("10", 0, 10), m("5", 5, 5), m("16", 9, 16)])[0]
>>> calc.correct, str(calc.value), calc.formula
(False, '15', '10 + 5')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from crossfoot.arithmetic.carried import carried_mentions, step_value
from crossfoot.arithmetic.evaluate import (
    HUNDRED,
    PLAIN_KINDS,
    agrees,
    check_result,
    collect_constants,
    has_op,
    is_hundred,
    is_small_count,
    leaf_value,
    leaves,
)
from crossfoot.arithmetic.parse import (
    MAX_CHARS,
    MAX_DEPTH,
    BinOp,
    Neg,
    Node,
    Num,
    _parse,
)
from crossfoot.arithmetic.shapes import (
    comma_asides,
    label_asides,
    restated_asides,
    restates,
    result_first,
    unit_nouns,
)
from crossfoot.arithmetic.tokens import (
    _T_BREAK,
    _T_EQ,
    _T_LP,
    _T_NUM,
    _T_OP,
    _T_RP,
    _Tok,
    _tokenize,
)
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention

__all__ = [
    "MAX_CHARS",
    "MAX_DEPTH",
    "BinOp",
    "Calculation",
    "Neg",
    "Node",
    "Num",
    "agrees",
    "calculations_of",
    "constant_mentions",
    "find_calculations",
    "new_answer",
    "reread",
]


@dataclass(frozen=True, slots=True)
class Calculation:
    """One written calculation and its recomputation.

    ``operands`` are the indices (into the mention list) of every number in the expression, in
    order; ``constants`` the subset that needs no grounding (the ``100`` of ``× 100``, small
    divisors such as the ``3`` of ``/ 3``, the ``1`` of ``(1 + r)``, exponents). ``value`` is the
    recomputed result in the units of the stated result; ``correct`` says whether the stated
    result agrees with it at the precision it is written to.
    """

    result: int
    operands: tuple[int, ...]
    constants: tuple[int, ...]
    formula: str
    value: Decimal
    correct: bool
    tree: Node
    start: int
    end: int
    note: str = ""  # which reading matched: "as written", "fraction as a percentage", ...


# ---------------------------------------------------------------------------------------------
# Finding calculations


def _render(node: Node, ms: Sequence[Mention], parent: int = 0) -> str:
    prec = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
    if isinstance(node, Num):
        text = ms[node.index].text.strip().replace("\\%", "%")
        return text.lstrip("-−– ") if node.unsigned else text
    if isinstance(node, Neg):
        return "−" + _render(node.operand, ms, 3)
    p = prec[node.op]
    sym = {"+": "+", "-": "−", "*": "×", "/": "/", "^": "^"}[node.op]
    left = _render(node.left, ms, p)
    right = _render(node.right, ms, p + (0 if node.op in "+*" else 1))
    out = f"{left} {sym} {right}" if node.op != "^" else f"{left}^{right}"
    return f"({out})" if p < parent else out


def _split(toks: list[_Tok], kind: int) -> list[list[_Tok]]:
    parts: list[list[_Tok]] = [[]]
    for tok in toks:
        if tok.kind == kind:
            parts.append([])
        else:
            parts[-1].append(tok)
    return parts


def _usable(tree: Node, ms: Sequence[Mention]) -> bool:
    return all(ms[i].kind != "year" for i in leaves(tree))


def _sum_over_count(tree: Node, ms: Sequence[Mention]) -> Node | None:
    """``a + b / k`` (k a small count) re-read as ``(a + b) / k``, else None."""
    if not (isinstance(tree, BinOp) and tree.op in "+-"):
        return None
    last = tree.right
    if not (isinstance(last, BinOp) and last.op == "/" and isinstance(last.right, Num)):
        return None
    if not is_small_count(ms[last.right.index]):
        return None
    return BinOp("/", BinOp(tree.op, tree.left, last.left), last.right)


def _make(
    text: str, tree: Node, result_index: int, ms: Sequence[Mention], start: int, end: int
) -> Calculation | None:
    result = ms[result_index]
    if result.kind == "year" or not _usable(tree, ms) or not has_op(tree):
        return None
    if _SPLIT_NUMBER.match(text[result.end : result.end + 6]):
        return None  # "$65, 836, 168": a number broken by spaces, read in pieces
    approx = _APPROX_BEFORE.search(text, max(0, result.start - 24), result.start) is not None
    checked = check_result(tree, ms, result, approx)
    if checked is None:
        return None
    if not checked[0]:
        # "a + b / 2 = mean": a sum over a count written without its parentheses.
        loose = _sum_over_count(tree, ms)
        if loose is not None:
            again = check_result(loose, ms, result, approx)
            if again is not None and again[0]:
                tree, checked = loose, (True, again[1], "read as a sum over a count")
    correct, value, note = checked
    consts: set[int] = set()
    collect_constants(tree, ms, consts)
    operands = leaves(tree)
    return Calculation(
        result=result_index,
        operands=tuple(operands),
        constants=tuple(i for i in operands if i in consts),
        formula=_render(tree, ms),
        value=value,
        correct=correct,
        tree=tree,
        start=start,
        end=end,
        note=note,
    )


_SPLIT_NUMBER = re.compile(r"^,\s\d{3}\b")
# A result written as approximate: "≈ 1.80", "= about 13.50%", "is roughly 0.140" (a bound such
# as "over" or "nearly" is no rounding, and is not read here).
_APPROX_BEFORE = re.compile(
    r"(?:≈|≃|≅|~=?|\\approx|\\simeq|\\sim|\babout|\bapproximately|\bapprox\.?|\broughly|"
    r"\baround|\bcirca)\s*(?:\\?[$€£¥₹]\s*)?\Z",
    re.IGNORECASE,
)
_CONTINUE_GAP = re.compile(r"^[\s,;]*(?:and\s+(?:then\s+)?|then\s+)?$", re.IGNORECASE)


def _span(toks: Sequence[_Tok]) -> tuple[int, int]:
    return toks[0].start, toks[-1].end


def _parenthetical(seg: list[_Tok], ms: Sequence[Mention], text: str) -> Calculation | None:
    """``NUM ( expression )``: the expression explains the number before it."""
    if len(seg) < 5 or seg[0].kind != _T_NUM or seg[1].kind != _T_LP or seg[-1].kind != _T_RP:
        return None
    inner = seg[2:-1]
    # Only symbols inside, and a minus must be spaced ("$35–45m" is a range).
    for tok in inner:
        if tok.kind == _T_OP and tok.op == "-" and not tok.word:
            before = text[tok.start - 1 : tok.start]
            after = text[tok.end : tok.end + 1]
            if not (before.isspace() and after.isspace()):
                return None
        if tok.kind == _T_EQ:
            return None
    tree = _parse(inner)
    if tree is None or _is_range(tree, ms, ms[seg[0].index]):
        return None
    return _make(text, tree, seg[0].index, ms, seg[0].start, seg[-1].end)


def _is_range(tree: Node, ms: Sequence[Mention], figure: Mention) -> bool:
    """``40 (35 - 45)``: two numbers around the figure they bracket are a range."""
    if not (isinstance(tree, BinOp) and tree.op == "-"):
        return False
    if not (isinstance(tree.left, Num) and isinstance(tree.right, Num)):
        return False
    a, b = ms[tree.left.index], ms[tree.right.index]
    for written in (False, True):
        lo, hi = sorted((leaf_value(a, written, False), leaf_value(b, written, False)))
        x = leaf_value(figure, written, False)
        # A range's ends are of one size ("35 - 45", "1.2 - 1.9"); ends twenty times apart
        # around their difference are the subtraction that gives it ("1,533 (1,610 - 77)").
        if lo <= x <= hi and (lo <= 0 or hi < 3 * lo):
            return True
    return False


# Tokens depend on where the numbers are, not on which are claims: the engine reads the answer's
# calculations twice (to find formula constants, then with non-claims marked), so keep them for
# one answer. new_answer() empties both memos: a memo that outlived the answer would make a
# second check of the same text (a benchmark loop) cheaper than any real one.
_TOKENS: dict[tuple[str, tuple[tuple[int, int, str], ...]], tuple[_Tok, ...]] = {}


def _tokens(text: str, mentions: Sequence[Mention]) -> list[_Tok]:
    key = (text, tuple((m.start, m.end, m.text) for m in mentions))
    hit = _TOKENS.get(key)
    if hit is None:
        if len(_TOKENS) >= 64:
            _TOKENS.clear()
        hit = _TOKENS[key] = tuple(_tokenize(text, mentions))
    return list(hit)


def new_answer() -> None:
    """Forget the tokens and calculations kept for the previous answer."""
    _TOKENS.clear()
    _find_cached.cache_clear()


@lru_cache(maxsize=64)
def _find_cached(text: str, mentions: tuple[Mention, ...]) -> tuple[Calculation, ...]:
    ms = mentions
    toks = label_asides(text, _tokens(text, ms), ms)
    toks = restated_asides(text, comma_asides(text, unit_nouns(text, toks)))
    found: list[Calculation] = []
    runs = _split(toks, _T_BREAK)
    prev_tail: tuple[Node, _Tok] | None = None  # last expression of the previous run, for "× 100 ="
    for run in runs:
        if not run:
            prev_tail = None
            continue
        segs = _split(run, _T_EQ)
        trees: list[Node | None] = []
        for j, seg in enumerate(segs):
            tree = _parse(seg)
            if (
                tree is None
                and j == 0
                and seg
                and seg[0].kind == _T_OP
                and seg[0].op in "*/"
                and prev_tail is not None
                and _CONTINUE_GAP.match(text[prev_tail[1].end : seg[0].start])
            ):
                # "= 0.3208, multiplied by 100 = 32.08%": the run continues the previous value.
                rest = _parse(seg[1:])
                if rest is not None:
                    tree = BinOp(seg[0].op, prev_tail[0], rest)
            if tree is None and seg:
                calc = _parenthetical(seg, ms, text)
                if calc is not None:
                    found.append(calc)
            trees.append(tree)
        for j in range(len(segs) - 1):
            left, right = trees[j], trees[j + 1]
            if left is None or right is None or not segs[j] or not segs[j + 1]:
                continue
            if isinstance(right, Num) and has_op(left):
                calc = _make(text, left, right.index, ms, segs[j][0].start, segs[j + 1][-1].end)
            elif isinstance(left, Num) and has_op(right) and result_first(segs, j):
                calc = _make(text, right, left.index, ms, segs[j][0].start, segs[j + 1][-1].end)
            elif has_op(left):
                calc = _step_before_factor(text, left, right, ms, segs[j][0].start)
            else:
                calc = None
            if calc is not None:
                found.append(calc)
        last_tree = trees[-1] if trees else None
        prev_tail = (last_tree, run[-1]) if last_tree is not None and segs[-1] else None
    return tuple(_carry(text, found, ms))


def _step_before_factor(
    text: str, left: Node, right: Node, ms: Sequence[Mention], start: int
) -> Calculation | None:
    """``a / b = c × 100 = d``: the ``c`` that opens a product or quotient after the equals
    sign is the result of ``a / b`` (a step, carried into the next one). Kept when it agrees,
    or when its factor is the hundred of a percentage: "= 0.172 × 100" after 510 / 4,010 is a
    slip; "2 × 6 = 3 × 4" is two products, not a step."""
    if not (isinstance(right, BinOp) and right.op in "*/" and isinstance(right.left, Num)):
        return None
    if restates(left, right, ms):
        return None  # "(a / b) × 100 = 0.1272 × 100": the same value, written more simply
    node = right.left
    calc = _make(text, left, node.index, ms, start, ms[node.index].end)
    if calc is None or calc.correct:
        return calc
    factor = right.right
    hundred = isinstance(factor, Num) and is_hundred(ms[factor.index])
    return calc if hundred and right.op == "*" else None


def _carry(text: str, found: list[Calculation], ms: Sequence[Mention]) -> list[Calculation]:
    """Each wrong calculation re-read with the right earlier steps it uses carried unrounded
    (:mod:`crossfoot.arithmetic.carried`); kept when that reading agrees."""
    steps: dict[int, Decimal] = {}
    out: list[Calculation] = []
    for calc in found:
        if not calc.correct:
            carried = carried_mentions(calc.tree, calc.result, ms, steps)
            again = None
            if carried is not None:
                again = _make(text, calc.tree, calc.result, carried, calc.start, calc.end)
            if again is not None and again.correct:
                note = ", ".join(n for n in ("an earlier step carried unrounded", again.note) if n)
                calc = replace(again, note=note)
        if calc.correct:
            exact = step_value(ms[calc.result], calc.value)
            if exact is not None:
                steps.setdefault(calc.result, exact)
        out.append(calc)
    return out


# Every calculation holds an operator token (a BinOp or Neg: _make, _parenthetical and the
# "× 100 =" continuation all require one), and _tokenize makes those only from the symbols below
# (its _LEX "mul", "div", "frac", "plus", "minus", "pow", or a signed number after a number), a
# lone "x", or _WORDS' operator words, whose first letters _OP_WORDS spells under the same case
# folding. A text none of them is in has no calculation (tests/test_arith_gate.py checks).
_OP_SYMBOLS = re.compile(r"[+\-−–—×*·⋅∗÷/∕^\\]")
_LONE_X = re.compile(r"(?<![A-Za-z])[xX](?![A-Za-z])")
_OP_WORDS = re.compile(r"(?i)multipl|times|divid|minus|plus")
_OP_NEEDLES = ("multipl", "times", "divid", "minus", "plus")
# The only non-ASCII characters re.I matches to a letter of those words (dotted and dotless i,
# long s): without them, the lower-cased text holds a word exactly when _OP_WORDS finds it.
_OP_FOLDS = re.compile("[\u0130\u0131\u017f]")


_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def lone_x(text: str) -> bool:
    """``_LONE_X.search(text) is not None``: an "x" or "X" with no ASCII letter on either side.
    Nearly every answer has an "x" in a word ("tax", "approximately"): looking at the two
    neighbours of each is ~1 us, where the pattern, tried at every character, took ~20 us.

    >>> lone_x("tax expenses"), lone_x("3 x 4"), lone_x("X")
    (False, True, True)
    """
    letters, n = _ASCII_LETTERS, len(text)
    for x in "xX":
        i = text.find(x)
        while i >= 0:
            if (i == 0 or text[i - 1] not in letters) and (
                i + 1 == n or text[i + 1] not in letters
            ):
                return True
            i = text.find(x, i + 1)
    return False


def _may_operate(text: str) -> bool:
    """Whether ``text`` holds anything _tokenize reads as an operator (and maybe more)."""
    if _OP_SYMBOLS.search(text) is not None:
        return True
    if ("x" in text or "X" in text) and lone_x(text):
        return True
    if text.isascii() or _OP_FOLDS.search(text) is None:
        # Substring tests on the lower-cased text: ~1 us, where _OP_WORDS.search takes ~8 us.
        low = text.lower()
        return any(word in low for word in _OP_NEEDLES)
    return _OP_WORDS.search(text) is not None


def find_calculations(text: str, mentions: Sequence[Mention]) -> list[Calculation]:
    """Every calculation written in ``text`` whose stated result is one of ``mentions``.

    ``mentions`` are the numbers of ``text`` (from :func:`crossfoot.numbers.extract.extract`);
    indices in the result refer to them. Never raises on odd text: what does not parse is skipped.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention
    >>> def m(text, start, value, kind="number", p="0.5"):
    ...     return Mention(text, start, start + len(text), Decimal(value), kind, Decimal(p),
    ...                    written=Decimal(value))
    >>> t = "(76 + 73 + 52) / 3 = 67"
    >>> ms = [m("76", 1, 76), m("73", 6, 73), m("52", 11, 52), m("3", 17, 3), m("67", 21, 67)]
    >>> c = find_calculations(t, ms)[0]
    >>> c.correct, c.result, c.constants
    (True, 4, (3,))
    """
    if not _may_operate(text):
        return []  # no operator anywhere: no calculation, and no tokens or cache key to build
    try:
        return list(_find_cached(text, tuple(mentions)))
    except RecursionError:  # pragma: no cover - depth is bounded well below the limit
        return []


_PROSE_HUNDRED = re.compile(
    r"(?:multipl\w*(?:\s+\w+){0,3}?\s+by|times|[×x*·]|\\times|\\cdot)\s*$", re.IGNORECASE
)
_PROSE_DIVISOR = re.compile(r"(?:divid\w*(?:\s+\w+){0,3}?\s+by|[/÷]|\\div|over)\s*$", re.IGNORECASE)


def constant_mentions(text: str, mentions: Sequence[Mention]) -> set[int]:
    """Indices of mentions that are formula constants and need no grounding.

    The ``100`` of "× 100" or "multiplying by 100", small divisors such as the ``2`` of "/ 2" or
    "divided by 2", and the constants of every calculation :func:`find_calculations` reads.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention
    >>> t = "then multiplying by 100 gives 12%"
    >>> ms = [Mention("100", 20, 23, Decimal(100), "number", Decimal("0.5"), written=Decimal(100))]
    >>> constant_mentions(t, ms)
    {0}
    """
    out: set[int] = set()
    for calc in find_calculations(text, mentions):
        out.update(calc.constants)
    for i, m in enumerate(mentions):
        if m.currency is not None or m.kind not in PLAIN_KINDS:
            continue  # neither a hundred nor a small count: both are plain numbers
        if not 1 < abs(m.value) <= HUNDRED:
            continue  # both are in (1, 100]
        before = text[max(0, m.start - 40) : m.start]
        if is_hundred(m) and _PROSE_HUNDRED.search(before):
            out.add(i)
        elif is_small_count(m) and _PROSE_DIVISOR.search(before):
            out.add(i)
    return out


def calculations_of(ctx: ClaimContext) -> list[Calculation]:
    """The calculations ``ctx``'s answer writes out, parsed once per answer (not once per claim)."""
    cached = ctx.shared.get("calculations")
    if cached is None:
        cached = find_calculations(ctx.text, ctx.mentions)
        ctx.shared["calculations"] = cached
    return cached  # type: ignore[return-value]


def reread(text: str, calc: Calculation, mentions: Sequence[Mention]) -> Calculation | None:
    """``calc`` recomputed over ``mentions`` (the answer's mentions with some operands read at
    another value: :mod:`crossfoot.rules.calc_sources`); its formula still shows the operands
    as written."""
    return _make(text, calc.tree, calc.result, mentions, calc.start, calc.end)
