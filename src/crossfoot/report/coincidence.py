"""How likely would a wrong figure have passed by luck?

A passing claim is only as convincing as the chance that a *wrong* number in its place would have
failed. With many source values and many derivation formulas, some formula lands near almost any
figure; the evidence string shows which one matched, and this estimate says how often that
happens for these sources and options.

The estimate: for each passing claim in turn, draw a wrong figure of the same shape (same prefix,
suffix, scale word and number of significant digits; moved 5-60 % up or down; never within the
claim's own window of the value it was matched to), substitute it into the answer, re-check the
whole answer, and count whether the claim at that position still passes.

>>> from crossfoot import check
>>> r = check("Revenue was $3.21bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}])
>>> r.coincidence(draws=20)
0.0
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Protocol

from crossfoot.model.types import Claim

__all__ = ["estimate", "perturb"]

# The digits of a number as written: "3.21" in "$3.21bn", "97,150" in "(97,150)".
_CORE = re.compile(r"\d[\d,]*(?:\.\d+)?|\.\d+")
_LOW, _HIGH = 0.05, 0.60  # how far a wrong figure moves, relative
_TRIES = 20


class _ReportLike(Protocol):
    @property
    def text(self) -> str: ...

    @property
    def claims(self) -> tuple[Claim, ...]: ...


def _significant(core: str) -> int:
    digits = core.replace(",", "")
    if "." in digits:
        return max(1, len(digits.replace(".", "").lstrip("0")))
    stripped = digits.lstrip("0").rstrip("0")  # "3,000" is one significant digit
    return max(1, len(stripped))


def _format(value: Decimal, sig: int, commas: bool) -> str:
    exponent = math.floor(math.log10(value)) if value > 0 else 0
    places = sig - 1 - exponent
    quantum = Decimal(1).scaleb(-places)
    rounded = (
        value.quantize(quantum) if places > 0 else (value / quantum).quantize(Decimal(1)) * quantum
    )
    decimals = max(0, places)
    if commas:
        return f"{rounded:,.{decimals}f}"
    return f"{rounded:.{decimals}f}"


def perturb(segment: str, claim: Claim, rng: random.Random) -> str | None:
    """A wrong version of ``segment`` (the claim's characters in the answer), or ``None``.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention, Sentence
    >>> m = Mention("12.3%", 0, 5, Decimal("12.3"), "percent", Decimal("0.05"))
    >>> perturb("12.3%", Claim(m, Sentence(0, 0, 5, "12.3%"), "derived"), random.Random(1))
    '10.8%'
    """
    core_match = _CORE.search(segment)
    if core_match is None:
        return None
    core = core_match.group(0)
    written = Decimal(core.replace(",", ""))
    if written == 0:
        return None
    m = claim.mention
    factor = m.value / written  # scale and sign
    truth = m.value
    if claim.evidence is not None and claim.evidence.result is not None:
        truth = claim.evidence.result
    window = m.precision
    sig = _significant(core)
    for _ in range(_TRIES):
        move = Decimal(repr(rng.uniform(_LOW, _HIGH)))
        new = written * (1 + move) if rng.random() < 0.5 else written * (1 - move)
        if new <= 0:
            continue
        text = _format(new, sig, "," in core)
        value = Decimal(text.replace(",", ""))
        if value == written or abs(value * factor - truth) <= window:
            continue
        return segment[: core_match.start()] + text + segment[core_match.end() :]
    return None


def estimate(
    report: _ReportLike,
    recheck: Callable[[str], _ReportLike],
    *,
    draws: int = 200,
    seed: int = 0,
) -> float:
    """Share of ``draws`` wrong figures that passed when substituted for the report's passing
    claims (cycling through them) and re-checked with ``recheck`` (the same sources and options).

    Returns 0.0 when the report has no passing claim. Draws whose substituted text no longer
    yields a claim at that position are not counted.
    """
    text = report.text
    targets: Sequence[Claim] = [c for c in report.claims if c.passed]
    if not targets or draws <= 0:
        return 0.0
    rng = random.Random(seed)
    tried = hits = 0
    for i in range(draws):
        claim = targets[i % len(targets)]
        start, end = claim.mention.start, claim.mention.end
        wrong = perturb(text[start:end], claim, rng)
        if wrong is None:
            continue
        rechecked = recheck(text[:start] + wrong + text[end:])
        same = [c for c in rechecked.claims if c.mention.start == start]
        if not same:
            continue
        tried += 1
        hits += same[0].passed
    return hits / tried if tried else 0.0
