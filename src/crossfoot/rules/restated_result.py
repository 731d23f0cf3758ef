"""Rule: a figure that restates a conclusion must be that conclusion.

"240 + 160 = 400. Thus the total is 420.": the second sentence restates the result of the
calculation written before it, and 420 is not that result, though it may well be another cell
of the table (which the direct match would take). Likewise "The net increase is $224 million.
Answer: $165 million": a bare answer line restates the one figure the sentence before concludes,
and a figure any derivation of the table happens to meet is no restatement of it.

A restatement here is the first figure after a written calculation's result (years aside), in a
clause that concludes ("thus", "so", "therefore", "hence", "answer"), stated as the result (not
"rose to", "from", "than"); or a bare answer line after a sentence of one figure
(:func:`crossfoot.language.prevsentence._concluded`). It agrees when it rounds the result (or its
computed value) at either figure's stated precision, in any sign, as a percentage of a fraction
or the fraction of a percentage, or in another unit of the same digits; a figure the answer
already wrote before is a restatement of that one, not judged here, unless it is one of the
calculation's own operands and the words before it name what the calculation yields ("0.6 + 0.1
+ 0.1 = 0.8. Thus, the total is 0.6": a total concluded as one of its parts).
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.arithmetic.calculations import BinOp, Calculation, calculations_of
from crossfoot.language.prevsentence import _concluded, change_before, same_currency
from crossfoot.language.rowfocus import previous_sentence
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict, mentions_between
from crossfoot.model.types import Evidence, Mention

__all__ = ["restated_result"]

_KINDS = frozenset({"money", "number", "percent"})
# Words that make a clause the conclusion of what came before it.
_CONCLUDE = frozenset({"thus", "so", "therefore", "hence", "consequently", "answer"})
_GATE = tuple(_CONCLUDE)  # (substrings: a cheap test before the words are read)
# The words of a bare answer line ("Answer: $5m", "**Final answer:** 12%"), a hedge among them
# ("Answer: about $1,210": the line rounds what it restates).
_LINE = frozenset(
    {"answer", "explanation", "final", "about", "approximately", "approx", "around", "roughly"}
)
# A word right before the figure that makes it a level or a bound, not the result restated:
# "Thus revenue rose to 240", "up from 200", "more than 400".
_NOT_RESULT = frozenset(
    {"to", "from", "than", "over", "under", "above", "below", "least", "most", "per", "vs"}
)
# How far after a calculation's result its restatement may stand (characters).
_NEAR = 160
_UNITS = (Decimal(1000), Decimal(10) ** 6, Decimal(10) ** 9)


def restated_result(ctx: ClaimContext) -> Verdict | None:
    """Rule: the claim restates the calculation (or the answer line the sentence) before it.

    >>> from crossfoot import check
    >>> t = '[["", "2021", "2020"], ["Retail", "240", "200"], ["Online", "90", "60"]]'
    >>> check("240 - 200 = 40. So the change is 60.", [t]).claims[-1].status
    'arithmetic_error'
    >>> check("240 - 200 = 40. So the change is 40.", [t]).claims[-1].status
    'derived'
    """
    m = ctx.mention
    if m.kind not in _KINDS or m.high is not None or not m.claim:
        return None
    s = ctx.sentence
    head = ctx.text[s.start : m.start].lower()
    if not any(w in head for w in _GATE):
        return _change_of_two(ctx) if _CHANGE_GATE.intersection(head.split()) else None
    calc = _calculation_before(ctx)
    if calc is not None:
        return _against_calculation(ctx, calc)
    if not _bare_line(ctx):
        return _change_of_two(ctx)
    concluded = _concluded(ctx)
    if concluded is None:
        return None
    formula = (
        f"the answer line states {m.text.strip()}, but the sentence before concludes "
        f"{concluded.text.strip()}"
    )
    return Verdict("wrong_row", Evidence("rows", "wrong_row", formula), formula)


# The words a change of the sentence before's two figures may add to that sentence's own: "The
# net change (in the value of raw materials) is $31 thousand."
_CHANGE_WORDS = frozenset(
    "net change changes increase decrease difference decline growth rise drop fall absolute "
    "amount answer explanation final thus so therefore hence total two years year period "
    "between from about approximately approx around roughly".split()
)
_CHANGE_GATE = frozenset({"change", "increase", "decrease", "difference", "average", "mean"})
_MEAN = frozenset({"average", "mean"})


def _change_of_two(ctx: ClaimContext) -> Verdict | None:
    """A change (or an average) stated right after the sentence of its two figures must be
    their difference (either order, any sign, or of their sizes) or their mean, unless its
    words name more than that sentence did: not "X in 2019 is $3,574 million and in 2018 is
    $3,497 million. The net change is $68 million." (``arithmetic_error``)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number"):
        return None
    # (Each test below ends in None and reads nothing the others change: the cheap ones first,
    # the sentence's words and change words, read on most claims, only for a sentence of two
    # figures after one with none before the claim.)
    if any(x.kind != "year" for x in mentions_between(ctx, s.start, m.start)):
        return None  # a figure before it in its own sentence: not the two of the sentence before
    start, end = previous_sentence(ctx.text, s.start)
    prev = ctx.text[start:end]
    if not prev.strip() or prev.rstrip().endswith("?"):
        return None
    figures = [x for x in mentions_between(ctx, start, end) if x.kind != "year"]
    if len(figures) != 2 or any(
        x.kind != m.kind or not same_currency(x.currency, m.currency) or x.high is not None
        for x in figures
    ):
        return None
    if _in_calculation(ctx):
        return None
    own = {w for w in tokens(ctx.text[s.start : m.start]) if not w.isdigit()}
    mean = bool(own & _MEAN)
    if not mean and not change_before(ctx.text, s.start, m.start):
        return None
    named = set(tokens(prev))
    if own - _CHANGE_WORDS - _MEAN - named or (mean and named & _MEAN):
        return None  # "The change in cost is 5": a row the sentence before did not name
    a, b = figures
    window = a.precision + b.precision
    if mean:
        results = ((a.value + b.value) / 2, (abs(a.value) + abs(b.value)) / 2)
        window /= 2
    else:
        results = (a.value - b.value, abs(a.value) - abs(b.value))
    if any(_agrees(m, r, window, a, True) for r in results):
        return None  # (either order, any sign; or the two figures' sizes, "a loss of")
    op = (
        f"({a.text.strip()} + {b.text.strip()}) / 2"
        if mean
        else (f"{a.text.strip()} - {b.text.strip()}")
    )
    formula = f"{op} = {_shown_diff(results[0], m)}, stated as {m.text.strip()}"
    what = "mean" if mean else "change"
    return Verdict(
        "arithmetic_error",
        Evidence("arithmetic", "restated_result", formula, (), results[0]),
        message=f"the {what} of the two figures the sentence before states is not this: {formula}",
    )


def _shown_diff(diff: Decimal, m: Mention) -> str:
    shown = f"{diff / m.scale:,f}"
    return shown.rstrip("0").rstrip(".") if "." in shown else shown


def _bare_line(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence is a bare answer line: no words but the answer marks."""
    s, m = ctx.sentence, ctx.mention
    rest = ctx.text[s.start : m.start] + " " + ctx.text[m.end : s.end]
    words = {w for w in tokens(rest) if not w.isdigit()}
    return bool(words) and words <= _LINE


def _in_calculation(ctx: ClaimContext) -> bool:
    pos = ctx.position
    return any(c.result == pos or pos in c.operands for c in calculations_of(ctx))


def _calculation_before(ctx: ClaimContext) -> Calculation | None:
    """The written calculation whose result the claim restates: the last one before it, with no
    figure between (years aside), near, and a concluding word between them."""
    every = calculations_of(ctx)
    if not every:
        return None
    m, pos = ctx.mention, ctx.position
    if _in_calculation(ctx):
        return None  # the claim is a calculation's own figure (rules.arithmetic judges it)
    before = [c for c in every if c.result < pos and c.end <= m.start]
    if not before:
        return None
    calc = max(before, key=lambda c: c.end)
    result = ctx.mentions[calc.result]
    if m.start - max(result.end, calc.end) > _NEAR:
        return None
    between = ctx.mentions[calc.result + 1 : pos]
    if any(x.kind != "year" and x.end > calc.end for x in between):
        return None
    words = tokens(ctx.text[max(result.end, calc.end) : m.start])
    if not _CONCLUDE.intersection(words) or (words and words[-1] in _NOT_RESULT):
        return None
    return calc


def _against_calculation(ctx: ClaimContext, calc: Calculation) -> Verdict | None:
    m = ctx.mention
    result = ctx.mentions[calc.result]
    if _further_step(ctx, calc, result):
        return None  # "= 806.8, so the average is 403.4": a step on from the result, not it
    if _agrees(m, result.value, result.precision, result):
        return None
    if _agrees(m, calc.value * result.scale, result.precision, result):
        return None
    parts = [ctx.mentions[k] for k in calc.operands] if _names_result(ctx, calc) else []
    if any(
        x.kind != "year"
        and _agrees(m, x.value, x.precision, x)
        and not any(_agrees(m, p.value, p.precision, p) for p in parts)
        for x in ctx.mentions[: ctx.position]
    ):
        return None  # it restates another figure the answer wrote (not a part it sums up)
    formula = f"{calc.formula} = {result.text.strip()}, restated as {m.text.strip()}"
    return Verdict(
        "arithmetic_error",
        Evidence("arithmetic", "restated_result", formula, (), calc.value),
        message=f"restates the result of the written calculation as another figure: {formula}",
    )


# Words that name what a calculation yields ("Thus, the total is", "So the change was"): a
# clause holding one restates the result, never one of the parts it is made of; without one
# ("So Retail reached 240") the figure may be a level the calculation started from.
_RESULT_WORDS = frozenset(
    """total totals sum combined aggregate altogether overall change difference increase
    decrease average mean ratio result""".split()
)


# Words that name a step taken on from a sum or a difference: its mean, a rate of it.
_MEAN_WORDS = frozenset({"average", "mean", "per"})
_PERCENT_WORDS = frozenset({"percent", "percentage", "rate", "growth", "margin", "share"})
_GROWTH_WORDS = frozenset(
    "growth increase decrease change rise grew rose fell decline higher lower more less".split()
)


def _further_step(ctx: ClaimContext, calc: Calculation, result: Mention) -> bool:
    """Whether the conclusion names a step beyond what the calculation yields: the average of
    a sum or a difference ("= 806.8, so the average is 403.4"), a percentage of one ("= -619,
    so the percentage decrease is 32.4%"), or a ratio's growth that it states rightly ("=
    1.122. So the growth is 12.2%"). Such a figure is no restatement of the result: the other
    rules judge it (a derivation of the sources, else unsupported)."""
    top = calc.tree.op if isinstance(calc.tree, BinOp) else ""
    m = ctx.mention
    words = set(tokens(ctx.text[max(result.end, calc.end) : m.end + 16]))
    if top == "/" and m.kind == "percent" and result.kind != "percent":
        # "426.6 / 380.2 = 1.122. So the growth is 12.2%": the ratio less one, as a percentage
        grown = (abs(result.value) - 1) * 100
        return bool(words & _GROWTH_WORDS) and _agrees(m, grown, result.precision * 100, result)
    if top not in ("+", "-"):
        return False
    if words & _MEAN_WORDS:
        return True
    return m.kind == "percent" and result.kind != "percent" and bool(words & _PERCENT_WORDS)


def _names_result(ctx: ClaimContext, calc: Calculation) -> bool:
    """Whether the words between the calculation and the claim name what it yields."""
    result = ctx.mentions[calc.result]
    return not _RESULT_WORDS.isdisjoint(
        tokens(ctx.text[max(result.end, calc.end) : ctx.mention.start])
    )


def _plus(x: Decimal, y: Decimal) -> Decimal:
    return x + y


def _agrees(
    m: Mention, value: Decimal, precision: Decimal, other: Mention, computed: bool = False
) -> bool:
    """Whether ``m`` writes ``value`` (stated to ``precision``): at either precision, in either
    sign, as a percentage of a fraction (or back), or the same digits in another unit.

    A figure the answer wrote is restated when it rounds it at either figure's precision, not
    within the two half units together: "= 0.8. Thus the total is 0.7" restates no 0.8, though
    0.75 lies within both. A value ``computed`` from two written figures (``precision``: their
    half units) carries their rounding too: it is met within both windows together."""
    a, b = abs(m.value), abs(value)
    hundred = Decimal(100)
    both = _plus if computed else max
    window = both(m.precision, precision)
    if abs(a - b) <= window:
        return True
    if abs(a - b * hundred) <= both(m.precision, precision * hundred):
        return True  # "= 0.2. So 20%"
    if abs(a * hundred - b) <= both(m.precision * hundred, precision):
        return True  # "= 20%. So the ratio is 0.2"
    scales = {m.scale, other.scale, *_UNITS}
    return any(
        abs(a / u - b) <= both(m.precision / u, precision) or abs(a - b / u) <= window / u
        for u in scales
        if u != 1
    )
