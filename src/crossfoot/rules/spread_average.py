"""An amount spread evenly over a period its own sentence states: "customer relationships of
$1,031 million, amortized over 10 years" answers "what was the average annual amortization?"
with 103.1; "$168 million payable over three years" answers "its annual average payment?" with
56; "$90 million in six equal quarterly installments" answers "each installment?" with 15.

Such a figure is no value of the sources and no quotient of two of their values: the divisor is
a count of periods written as words of the text ("over 10 years", "a five-year period", "in four
annual installments"), which no derivation reads as an operand. Before, the right average was
unsupported. When the claim's sentence (or the question it answers) asks for an average or a
figure per period ("average", "annual", "per year", "each", "installment"), the claim is
``derived`` from an amount of a sentence that spreads it over ``N`` periods, divided by ``N``, at
the figure's stated precision, read in the amount's written unit ("$1,031 million" / 10 is
103.1) or in full. Only an amount written before the period words, in their own sentence, is
divided: one sentence holds a handful of amounts, so a fine figure meets one of their quotients
by ``N`` by chance only rarely.

The ask is read from the claim's sentence and the one before it (where an answer restates the
question), not from the ``question`` argument alone.

>>> import crossfoot
>>> src = "Customer relationships of $1,031 million are amortized over 10 years."
>>> q = "What was the average annual amortization expense?"
>>> [c.status for c in crossfoot.check(f"{q} The answer is 103.1.", [src]).claims]
['derived']
>>> [c.status for c in crossfoot.check(f"{q} The answer is 113.1.", [src]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.rowfocus import focus_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._derive_shared import claim_interval, fmt_result

__all__ = ["spread_average", "spreads"]

_KINDS = frozenset({"number", "money"})
# Words that ask for a figure per period (a substring gate over the focus text, lower case).
_ASKS = (
    "average",
    "annual",
    "per year",
    "a year",
    "each year",
    "yearly",
    "per annum",
    "installment",
)
_COUNT_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}
_COUNT = r"(\d{1,2}|" + "|".join(_COUNT_WORDS) + r")"
# "over 10 years", "over a period of ten years", "over the next three years", "over a five-year
# period", "through 2 years", "in four (equal) (annual) installments"
_SPREAD = re.compile(
    r"\b(?:over|across)\s+(?:a\s+(?:period|term)\s+of\s+|the\s+(?:next|following|remaining)\s+"
    r"|an?\s+)?" + _COUNT + r"[\s-]+(?:years?|annual\s+periods)\b"
    r"|\bin\s+" + _COUNT + r"\s+(?:equal\s+)?(?:annual\s+|yearly\s+|quarterly\s+|monthly\s+)?"
    r"(?:installments|instalments|payments)\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.;!?]\s")
_MIN_DIGITS = 2  # a one-digit figure meets some amount / N by chance too often

# (amount as written, amount in full, the period count N, the sentence's words) per spread
_Spread = tuple[SourceValue, Decimal, int]


def spreads(ctx: ClaimContext) -> list[_Spread]:
    """Every amount of the scope's running text written before period words of its own
    sentence (``_SPREAD``), with its count of periods, once per scope."""
    ids = tuple(s.id for s in ctx.scope.sources)
    memo: dict[tuple[str, ...], list[_Spread]]
    memo = ctx.shared.setdefault("spread_average.spreads", {})  # type: ignore[assignment]
    found = memo.get(ids)
    if found is not None:
        return found
    found = memo[ids] = []
    marks: dict[str, list[tuple[int, int, int]]] = {}  # source id: (sentence start, at, N)
    for src in ctx.scope.sources:
        text = src.text
        if "over" not in text and "installment" not in text and "payments" not in text:
            continue
        for m in _SPREAD.finditer(text):
            word = (m.group(1) or m.group(2)).lower()
            n = _COUNT_WORDS.get(word) if not word.isdigit() else int(word)
            if n is None or n < 2:
                continue
            cut = max(text.rfind(". ", 0, m.start()), text.rfind("; ", 0, m.start()))
            marks.setdefault(src.id, []).append((cut + 1, m.start(), n))
    if not marks:
        return found
    written: dict[tuple[str, tuple[int, int]], Decimal] = {}
    for v in ctx.scope.index.values:
        if v.span is not None and v.table is None and v.view == "written":
            written[(v.source_id, v.span)] = v.value
    for v in ctx.scope.index.values:
        if v.span is None or v.table is not None or v.view == "written" or v.value <= 0:
            continue
        if v.kind not in _KINDS:
            continue
        for start, at, n in marks.get(v.source_id, ()):
            if start <= v.span[0] and v.span[1] <= at:
                found.append((v, written.get((v.source_id, v.span), v.value), n))
    return found


def spread_average(ctx: ClaimContext) -> Verdict | None:
    """``derived`` when the claim is an amount of the text spread over the periods its sentence
    states, asked as an average or per period (module docstring)."""
    m = ctx.mention
    if m.kind not in _KINDS or m.value <= 0:
        return None
    if len(m.value.normalize().as_tuple().digits) < _MIN_DIGITS:
        return None
    focus = focus_text(ctx).lower()
    if not any(w in focus for w in _ASKS):
        return None
    found = spreads(ctx)
    if not found:
        return None
    lo, hi = claim_interval(ctx)
    for v, shown, n in found:
        for amount in (shown, v.value) if shown != v.value else (v.value,):
            if lo <= amount / n <= hi:
                return Verdict("derived", _evidence(ctx, v, amount, n))
    return None


def _evidence(ctx: ClaimContext, v: SourceValue, amount: Decimal, n: int) -> Evidence:
    result = amount / n
    formula = f"{label(v)} ({amount:,}) / {n} periods = {fmt_result(ctx, result)}"
    return Evidence("derive", "average", formula, (v,), result, "an amount spread over periods")
