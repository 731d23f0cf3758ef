"""A computed answer stated finely enough for the question: the ``answer_decimals`` option.

Financial question answering gives a computed answer to two decimals: the gold of "What was the
percentage change in net debt?" is 25.19%, of "What is the average trade receivables?" 10,425.50
(TAT-QA, FinQA, ConvFinQA). "25.2%" is a fair rounding in a report and a wrong answer in such a
task. With ``answer_decimals=N`` and ``question=``, a *final figure* (after an answer marker, else
the figures of the answer's last sentence with any) that the answer *computes* must be written
with at least ``N`` decimals in the unit it is written in ("%", "thousand"), or be the computed
value rounded half away from zero to ``N`` decimals ("12.5%" for 12.5% exactly). Else it is
``off_question`` and the message gives the value at ``N`` decimals. Computed means: a change,
percentage, share, ratio, average or sum over figures the answer stated before, a calculation it
writes out, or, for a bare figure, the very operation the question asks for over exactly the
years it names, found in the sources. A figure read from the sources (a cell, a prose value)
says what the source says and is not judged; neither is a figure that fails already. The
default (None) leaves rounding to the writer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal

from crossfoot.language.asked import Ask
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._named import value_years
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment import final_figures, underlying

__all__ = ["coarse_answers", "computed_in_unit"]

# Evidence kinds that read a value rather than compute one.
_READ = frozenset({"cell", "exact", "rounded", "restatement", "label", "range"})
_HUNDRED = Decimal(100)
_ASKED = {
    "average": ("mean", "average"),
    "percent_change": ("percent_change",),
    "ratio": ("share", "ratio"),
    "sum": ("sum",),
    "change": ("difference",),
}


def computed_in_unit(claim: Claim, ev: Evidence) -> Decimal | None:
    """The computed value of ``ev`` in the unit ``claim`` is written in, unsigned: "25.2%" is in
    percent, "$244,800 thousand" in thousands, a written calculation in its own digits; a
    fraction written for a percentage (0.2519 for 25.19%) or the reverse is read as written.

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.model.types import Sentence
    >>> m = extract("$244,800 thousand")[0]
    >>> ev = Evidence("steps", "average", "", result=Decimal("244800500"))
    >>> computed_in_unit(Claim(m, Sentence(0, 0, 17, ""), "derived", ev), ev)
    Decimal('244800.5')
    """
    if ev.result is None:
        return None
    m = claim.mention
    result = abs(ev.result)
    if ev.rule != "arithmetic" and m.kind != "percent":
        result /= m.scale
    stated = m.written
    if stated == 0 or result == 0:
        return result
    # A share computed as a percentage and written as a fraction (or the other way round).
    for candidate in (result, result / _HUNDRED, result * _HUNDRED):
        if abs(candidate - stated) <= abs(stated) / 10:
            return candidate
    return None  # another unit ("13.1" of a sum in billions asked "in billions"): not judged


def _decimals(written: Decimal) -> int:
    """Decimal places as written: 25.2 -> 1, 10,425 -> 0, 0.50 -> 2."""
    exponent = written.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _finals(text: str, claims: Sequence[Claim]) -> tuple[Claim, ...]:
    """The figures that give the answer: after its marker, else those of its last sentence."""
    finals, marked = final_figures(text, claims)
    if marked or not claims:
        return finals
    last = claims[-1].sentence.index
    return tuple(c for c in claims if c.sentence.index == last)


def _asked_derivation(ask: Ask | None, ev: Evidence) -> bool:
    """Whether a derivation the search found for a bare figure is the one the question asks
    for: its operation, over every year the question names (a mean of two of three asked years
    is a coincidence of rounding, not the answer)."""
    if ask is None or ev.kind not in _ASKED.get(ask.op or "", ()):
        return False
    years = {y for v in ev.operands for y in value_years(v)}
    return bool(ask.years) and years == set(ask.years)


def coarse_answers(
    claims: Sequence[Claim], text: str, decimals: int, ask: Ask | None = None
) -> list[Claim]:
    """The claims with every final computed figure written more coarsely than ``decimals``
    places made ``off_question``.

    >>> coarse_answers([], "Answer: 5", 2)
    []
    """
    out = list(claims)
    index = {id(c): i for i, c in enumerate(claims)}
    step = Decimal(1).scaleb(-decimals)
    for c in _finals(text, claims):
        ev = underlying(claims, c) if c.passed else None
        if ev is None or ev.kind in _READ:
            continue
        # the answer's own computations (SHOWN); a value the search derives from the sources
        # for a bare figure may be a coincidence of another rounding ("1.9%" matching the mean
        # 1.85 of two cells), so it is left out unless it is the derivation the question asks
        if ev.rule not in SHOWN and not _asked_derivation(ask, ev):
            continue
        written = c.mention.written
        computed = computed_in_unit(c, ev)
        if computed is None or _decimals(written) >= decimals or computed == written:
            continue
        target = computed.quantize(step, rounding=ROUND_HALF_UP)
        if target == written:
            continue
        message = (
            f"the computed answer is {target:,f} to {decimals} decimals; {c.mention.text.strip()} "
            f"is coarser than the question asks (answer_decimals={decimals})"
        )
        out[index[id(c)]] = replace(c, status="off_question", message=message)
    return out
