"""Answer-question alignment: the final figure must answer the question that was asked.

"What was the 2019 revenue?" answered with the 2018 cell passes every other check: the figure is in
the data. It answers another question. With ``question=`` the engine reads what the question asks
(:mod:`crossfoot.language.asked`) and checks the answer's *final figures* against it:

- **year**: a figure from a table cell or record field of a year the question does not ask about
  (a derivation needs one operand of an asked year; the others may be its base);
- **row or column**: a cell whose table has a row (or column) the question names, when the cell's
  own is not one of them;
- **operation**: a percentage where the question asks for the change ("What was the change in
  revenue?" is an amount), an amount where it asks for a percentage change, a single cell or a sum
  where it asks for an average, a single cell where it asks for a total of several years.

The final figures are those after an answer marker ("Answer:", "The answer is"); without one, the
answer is off the question only when none of its figures fits, and then its last sentence's
figures are the ones flagged. Before a figure is flagged the engine looks for another reading that
fits: the same value in an asked year or named row (tables repeat values), or a derivation over
the fitting values only. Nothing fits: the figure is ``off_question``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from crossfoot.language.answermark import marker_end
from crossfoot.language.asked import Ask
from crossfoot.model.types import PASSING_STATUSES, Claim, Evidence, SourceValue
from crossfoot.rules._incl_witness import inclusion_witness
from crossfoot.rules._lines import line_misnamed, line_witness, named_line_witness
from crossfoot.rules._named import Named, span_misfit, value_years, years_fit
from crossfoot.rules.alignment_all import all_rows_misfit
from crossfoot.rules.alignment_base import base_misfit
from crossfoot.rules.alignment_between import between_misfit
from crossfoot.rules.alignment_change import change_kind
from crossfoot.rules.alignment_columns import column_misfit
from crossfoot.rules.alignment_halves import half_down, judged_finals
from crossfoot.rules.alignment_last import computed_last
from crossfoot.rules.alignment_latest import data_years, known_years, placed_years
from crossfoot.rules.alignment_op import DIFFERENCE_WHY, op_misfit
from crossfoot.rules.alignment_opening import opening_misfit
from crossfoot.rules.alignment_operands import operands_misfit
from crossfoot.rules.alignment_part import listed_misfit
from crossfoot.rules.alignment_periods import period_misfit
from crossfoot.rules.alignment_pool import pool_misfit
from crossfoot.rules.alignment_program import more_than_asked, program_misfit
from crossfoot.rules.alignment_quotient import quotient_misfit
from crossfoot.rules.alignment_rank import rank_misfit
from crossfoot.rules.alignment_said import said_elsewhere
from crossfoot.rules.alignment_scale import scale_misfit
from crossfoot.rules.alignment_shares import share_column_misfit
from crossfoot.rules.alignment_signs import sign_misfit
from crossfoot.rules.alignment_total import total_misfit
from crossfoot.rules.alignment_written import typed
from crossfoot.rules.answer_date import dated_answer
from crossfoot.rules.answer_order import order_misfits
from crossfoot.rules.answer_sign import final_misfits
from crossfoot.rules.off_question_level import total_named
from crossfoot.rules.off_question_operand import stray_operand
from crossfoot.rules.own_rows import Rerun  # (the rules again over the values a filter keeps)
from crossfoot.rules.ratio_order import inverted_finals
from crossfoot.rules.unnamed_operands import unnamed_pair
from crossfoot.rules.worked_answer import past_working, worked_misfit

__all__ = ["Fit", "Rerun", "align_answer", "final_figures", "marker_end", "misfit", "underlying"]

_AMOUNT_KINDS = frozenset({"money", "number"})


@dataclass(frozen=True, slots=True)
class Fit:
    """Why a figure does not fit the question (``why``: year, row or op), in words."""

    why: str
    message: str


def final_figures(text: str, claims: Sequence[Claim]) -> tuple[tuple[Claim, ...], bool]:
    """The claims that give the answer, and whether an answer marker says so.

    >>> final_figures("Sales were 5. Answer: 5", [])
    ((), False)
    """
    at = marker_end(text)
    if at is not None:
        after = past_working(text, [c for c in claims if c.mention.start >= at])
        if after:
            return after, True
    return tuple(claims), False


def _underlying(claims: Sequence[Claim], c: Claim) -> Evidence | None:
    """A restatement's original evidence (same operands and result), else the claim's own."""
    ev = c.evidence
    for _ in range(4):  # restatements of restatements are rare; bounded anyway
        if ev is None or ev.kind != "restatement":
            return ev
        prior = [
            p.evidence
            for p in claims
            if p.mention.start < c.mention.start
            and p.passed
            and p.evidence is not None
            and p.evidence.kind != "restatement"
            and p.evidence.operands == ev.operands
            and p.evidence.result == ev.result
        ]
        if not prior:
            return ev
        ev = prior[-1]
    return ev


# (public for rules.answer_decimals: a restated final figure is judged by what it restates)
underlying = _underlying


def _placed(ask: Ask, c: Claim, named: Named) -> Fit | None:
    """Why ``c``'s operands are not of the year or the row ``ask`` names, or None."""
    ev = c.evidence
    if ev is None or ev.rule == "question":
        return None
    if not years_fit(ask, ev.operands, ev.kind):
        asked = ", ".join(str(y) for y in sorted(ask.years))
        where = "; ".join(f"{v.label or v.field} ({_years(v)})" for v in ev.operands[:2])
        return Fit("year", f"the question asks about {asked}; this figure comes from {where}")
    # A cell of another row, or a derivation all of whose operands are of other rows when the
    # question names its row firmly (a name written as one, "Oceania"; two words or more; one
    # word that only one row label of the table has, "revenue"). A derivation that comes to
    # zero names no rows: any two equal cells give it.
    others: list[str] = []
    for v in ev.operands:  # (read up to the first operand of a named row: all() fails there)
        other = named.misnamed(v) or named.half_misnamed(v)
        if not other:
            others = []
            break
        others.append(other)
    if others and (
        len(others) == 1 or (ev.result != 0 and named.firm(str(others[0]), ev.operands[0]))
    ):
        where = "; ".join(v.label or v.field or "" for v in ev.operands[:2])
        return Fit("row", f"the question names {others[0]!r}; this figure comes from {where}")
    return None


def misfit(ask: Ask, c: Claim, claims: Sequence[Claim], named: Named) -> Fit | None:
    """Why ``c`` does not answer ``ask`` (year, row or operation), or None when it does."""
    placed = _placed(ask, c, named)
    if placed is not None or c.evidence is None or c.evidence.rule == "question":
        return placed
    base = _underlying(claims, c)
    worked = worked_misfit(ask, base, named) if base is not None else None
    if worked is not None:
        return Fit(*worked)
    span = span_misfit(ask, base.kind, base.operands) if base is not None else None
    if span is not None:
        return Fit("year", span)
    if base is not None:
        other = between_misfit(ask.text, base.kind, base.operands, named)
        other = other or opening_misfit(ask, base, named.values)
        other = other or all_rows_misfit(ask, base, named.values)
        if other is not None:
            return Fit("row", other)
        other = period_misfit(ask, c.mention, base, named)
        if other is not None:
            return Fit("year", other)
        other = sign_misfit(ask, c, (base, c.evidence), claims)
        if other is not None:
            return Fit("op", other)
        other = rank_misfit(ask, base, named) or stray_operand(base, named)
        if other is not None:
            return Fit("row", other)
        other = scale_misfit(ask, c, base, named.values, claims) or program_misfit(ask, base, named)
        other = other or operands_misfit(ask, typed(base), named) or column_misfit(ask, base, named)
        other = other or total_misfit(base, named) or base_misfit(ask, base, named)
        other = other or listed_misfit(ask, base, named)  # (A, B and C: two of them)
        other = other or share_column_misfit(ask, base, named)
        other = other or quotient_misfit(ask, c, typed(base), claims)  # (stopped short of it)
        other = other or pool_misfit(ask, base, named.values)  # (one of two things pooled)
        other = other or unnamed_pair(ask.context or ask.text, base, named.texts)
        if other is not None:
            return Fit("op", other)
    why = op_misfit(ask, c, typed(base), named) if base is not None else None
    if why == DIFFERENCE_WHY and any(
        o.mention.kind == "percent" and o.sentence.index >= c.sentence.index for o in claims
    ):
        why = None  # "97,679 / 760,000 = 12.85%": the difference is a step to the percentage
    why = change_kind(ask, c, base, claims, why)  # (a change or a percentage: alignment_change)
    return Fit("op", why) if why else None


def _years(v: SourceValue) -> str:
    return "/".join(str(y) for y in sorted(value_years(v)))


def off_question(c: Claim, fit: Fit) -> Claim:
    """``c`` as an ``off_question`` claim, keeping its evidence for the explanation."""
    return replace(c, status="off_question", message=fit.message)


def _refit(
    ask: Ask,
    i: int,
    c: Claim,
    claims: Sequence[Claim],
    named: Named,
    values: Sequence[SourceValue],
    rerun: Rerun,
) -> Claim | None:
    """Another reading of a misfit figure that does fit the question, or None."""
    if said_elsewhere(ask.text, c, claims, named):
        return None  # (the sentence names the cell's own line: rules.alignment_said)
    witness = line_witness(ask, c, values) or inclusion_witness(ask, c, values, named)
    if witness is not None and not line_misnamed(witness, named):
        return replace(c, status="derived", evidence=witness, message="")
    # the asked years alone first: a tie between two years resolves to the asked one
    last = None
    for keep in named.keeps():
        for direct in (True, False):
            verdict = rerun(i, keep, direct, claims)
            if verdict is None or verdict.status not in PASSING_STATUSES:
                continue
            if REUSED and verdict is last:
                continue  # (the pair's second run repeating its first, rules._rerun: same misfit)
            last = verdict
            again = replace(c, status=verdict.status, evidence=verdict.evidence, message="")
            if misfit(ask, again, claims, named) is None:
                return again
    return None


def _in_question(
    ask: Ask, i: int, c: Claim, claims: Sequence[Claim], named: Named, rerun: Rerun
) -> Claim | None:
    """An unsupported final figure proved over the values the question names, or None."""
    verdict = rerun(i, named.keeps()[-1], True, claims)
    if verdict is None or verdict.status not in PASSING_STATUSES:
        return None
    found = replace(c, status=verdict.status, evidence=verdict.evidence, message="")
    return found if misfit(ask, found, claims, named) is None else None


# An answer without claims skips ``_align`` (which returns a list of the claims, each in its
# place); off for the proof that it is verdict-neutral (tests/test_speed_paths_speed41.py).
GATED = True
# A misfit judged once is not judged again for the same claim and claims (speed only; off for
# the proof that it is verdict-neutral: tests/test_speed_paths_speed43.py).
REUSED = True
_ONE_FIGURE = {"sum": "total", "average": "average"}
_COMBINED = frozenset({"sum", "mean", "average", "written_calculation", "count"})


def _several_for_one(ask: Ask, finals: Sequence[Claim], marked: bool) -> Fit | None:
    """A total or an average asked, and an answer marker followed by two or more figures none
    of which combines anything ("Answer: $2.0 billion in 2019 and $6.0 billion in 2018"): the
    answer gives the parts, not the one figure asked for."""
    word = None if total_named(ask, finals) else _ONE_FIGURE.get(ask.op or "")
    passing = [c for c in finals if c.passed]
    if word is None or not marked or ask.several or len(passing) < 2 or len(passing) != len(finals):
        return None
    if any(c.evidence is None or c.evidence.kind in _COMBINED for c in passing):
        return None
    return Fit("op", f"the question asks for one {word}; the answer gives {len(passing)} figures")


def align_answer(
    ask: Ask,
    claims: Sequence[Claim],
    text: str,
    values: Sequence[SourceValue],
    rerun: Rerun,
    texts: Mapping[str, str] | None = None,
) -> list[Claim]:
    """The claims, final figures answering another question made ``off_question`` (a misfit
    another reading fits takes its evidence); ``texts``: the sources' texts by id. Then a final
    figure that rounds its computed value the wrong way (``rules.alignment_program``)."""
    if not claims and GATED:  # (the gate: each step below maps the claims; a date checks alone)
        return dated_answer(ask, [], text, (texts or {}).values())
    out = _align(ask, claims, text, values, rerun, texts)
    finals = final_figures(text, out)[0]
    wrong = judged_finals(finals, lambda c: _underlying(out, c), half_down)
    wrong |= final_misfits(ask, finals, out, lambda c: _underlying(out, c))
    wrong |= order_misfits(ask, finals, lambda c: _underlying(out, c), values)
    out = [off_question(c, Fit("op", wrong[id(c)])) if id(c) in wrong else c for c in out]
    return dated_answer(ask, out, text, (texts or {}).values())  # "Answer: March 2029"


def _align(
    ask: Ask,
    claims: Sequence[Claim],
    text: str,
    values: Sequence[SourceValue],
    rerun: Rerun,
    texts: Mapping[str, str] | None = None,
) -> list[Claim]:
    """The claims, final figures answering another question made ``off_question`` (a misfit
    another reading fits takes its evidence); ``texts``: the sources' texts by id."""
    out = list(claims)
    ask = placed_years(known_years(ask, values), data_years(values)[0])
    named = Named(ask, values, texts, text)
    placed = lambda c: _placed(ask, c, named) is None  # noqa: E731
    finals, marked = computed_last(*final_figures(text, claims), placed)
    final_ids = {id(c) for c in finals}
    judged: dict[int, Claim] = {}
    more = more_than_asked(ask, finals, marked)
    several = _several_for_one(ask, finals, marked) or (Fit("op", more) if more else None)
    if several is not None:
        index = {id(c): i for i, c in enumerate(claims)}
        for c in finals:
            out[index[id(c)]] = off_question(c, several)
        return out
    inv = inverted_finals(ask.text, finals, lambda c: _underlying(claims, c)) if marked else {}
    if inv:  # (judged before any re-reading: the refits below read the steps anew)
        return [off_question(c, Fit("op", inv[id(c)])) if id(c) in inv else c for c in out]
    # Most answers fit: then nothing is judged again (the re-runs below are the costly part).
    fits = {id(c): misfit(ask, c, claims, named) for c in finals if c.passed}
    fitting = [c.passed and fits[id(c)] is None for c in finals]
    # Each figure answers a part of a "respective" question, as after an answer marker.
    marked = marked or ask.several
    if all(fitting) or (not marked and any(fitting)):
        if not any(c.status == "unsupported" for c in finals) or not named.any_named():
            return out
    fits_any, same = False, True  # (same: ``out`` holds ``claims``' own objects still)
    # Every figure in order when a final figure that does not fit stands on earlier figures
    # (a restatement or a step sees their refits); else the final figures only.
    earlier = any(
        not ok and c.evidence is not None and c.evidence.rule == "steps"
        for c, ok in zip(finals, fitting, strict=True)
    )
    for i, c in enumerate(claims):
        if not earlier and id(c) not in final_ids:
            continue
        if c.status == "unsupported" and id(c) in final_ids and named.any_named():
            # "The change was $530,000." answering "What was the change in Oceania's revenue?":
            # the question says which row the answer's bare figure is about.
            found = _in_question(ask, i, c, out, named, rerun)
            if found is None:
                witness = named_line_witness(ask, c, values, named)
                if witness is not None:
                    found = replace(c, status="derived", evidence=witness, message="")
            if found is not None:
                out[i] = c = found
                same = False
        if not c.passed:
            continue
        # (a final figure judged above, while no claim is replaced, is judged the same)
        fit = fits[id(c)] if REUSED and same and id(c) in fits else misfit(ask, c, out, named)
        final = id(c) in final_ids
        if fit is None:
            fits_any = fits_any or final
            continue
        better = _refit(ask, i, c, out, named, values, rerun)
        if better is not None:
            fits_any = fits_any or final
            out[i] = better
            same = False
        elif final:
            judged[i] = off_question(c, fit)
    if not marked and fits_any:
        judged = {}
    elif not marked or ask.several:
        last = max((c.sentence.index for c in finals if c.passed), default=-1)
        judged = {i: c for i, c in judged.items() if c.sentence.index == last}
    for i, c in judged.items():
        out[i] = c
    return out
