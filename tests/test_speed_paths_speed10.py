"""trace's fast paths of round 9 (issue 19, speed10) give what the plain path gives.

- ``front.trace_keep.rank_before`` answers ``_RANK_BEFORE.search`` (a word that makes the
  number after it a rank or a label) without the regex for ASCII text: equal to the pattern on
  hypothesis texts of its words, their neighbours ("stop", "topic", "no.", "#"), other letters,
  digits, "_", white space and the characters ``re`` folds to ASCII letters; a test that forgets
  the word boundary, or "no.", is caught.
- ``rules._applies``: the engine calls only the rules a figure's shape and its answer allow
  (``Plan``, ``NEEDS``). With every rule run, a rule the plan would skip never returns a verdict
  (every answer of the vector files with sources or rows, and hypothesis answers of figures of
  every kind and the gates' words, traced and checked); the reports with and without the plan
  are equal; a need the rule does not have (a kind left out) is caught on the vectors; and the
  nine-figure timing answer makes at most 56 rule calls (88 without the plan).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, find, given, settings
from hypothesis import strategies as st

import crossfoot.engine as engine
import crossfoot.front.trace_keep as trace_keep
import crossfoot.rules as R
from crossfoot import check, trace
from crossfoot.arithmetic.calculations import calculations_of
from crossfoot.front.trace_keep import _RANK_WORDS, rank_before
from crossfoot.model.context import ClaimContext, Rule, Verdict
from crossfoot.model.errors import CrossfootError
from crossfoot.rules._applies import Needs, shape_of
from crossfoot.rules.derive import two_operand
from crossfoot.rules.steps import step_arithmetic

_PIECES = [
    *sorted(_RANK_WORDS), "no.", "No.", "NO", "#", "stop", "topic", "items", "rank1", "_top",
    "q3", "FY", "Fy", "H", "ſtep", "İtem", "\u212aey", "ı", "a", "1", "_", ".", ",", "(", "-",
    " ", "  ", "\t", "\n", "\u00a0", "\u2003", "é",
]  # fmt: skip
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=8).map("".join)


def _plain(before: str) -> bool:
    return trace_keep._RANK_BEFORE.search(before) is not None


@settings(max_examples=1500, deadline=None)
@given(_TEXTS)
@example("the top ")
@example("a stop ")
@example("see no.")
@example("casino.")
@example("#")
@example("")
@example("Q")
@example("ſtep ")
@example("row\n")
@example("row\u00a0")
def test_rank_before_equals_the_pattern(before: str) -> None:
    assert rank_before(before) is _plain(before)


def test_rank_before_on_every_word_in_every_case() -> None:
    for w in sorted(_RANK_WORDS):
        for text in (w, w.upper(), w.title(), f"the {w} ", f"x{w}", f"({w}\n", f"{w}s", f"{w}_"):
            assert rank_before(text) is _plain(text), text


def _broken_no_boundary(before: str) -> bool:
    if not before.isascii():
        return _plain(before)
    s = before.rstrip().lower()
    return s.endswith("#") or s.endswith("no.") or any(s.endswith(w) for w in _RANK_WORDS)


def _broken_no_dot(before: str) -> bool:
    s = before.rstrip()
    if s.endswith(".") and before.isascii():
        return False
    return rank_before(before)


def test_broken_fast_paths_are_caught() -> None:
    broken: list[Callable[[str], bool]] = [_broken_no_boundary, _broken_no_dot]
    for fast in broken:
        witness = find(_TEXTS, lambda t, f=fast: f(t) is not _plain(t))  # type: ignore[misc]
        assert fast(witness) is not _plain(witness)


def test_words_are_the_patterns_alternatives() -> None:
    # the fast path's word set is the pattern's letters-only alternatives, no more, no less
    body = trace_keep._RANK_BEFORE.pattern
    listed = re.search(r"\\b\(\?:(.*)\)\|#", body, re.S)
    assert listed is not None
    alternatives = {a for a in re.sub(r"\(\?:ed\)\?", "", listed.group(1)).split("|")}
    alternatives |= {"ranked"}
    assert alternatives - {r"no\."} == set(_RANK_WORDS)


# --- rules._applies: the rules a figure may need -------------------------------------------------

_VECTORS = Path(__file__).parent / "vectors"


def _vector_cases() -> list[dict[str, Any]]:
    """Every vector case that is an answer with sources (check) or rows (trace)."""
    out: list[dict[str, Any]] = []
    for path in sorted(_VECTORS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        items = data if isinstance(data, list) else data.get("cases") or data.get("vectors") or []
        for case in items:
            if isinstance(case, dict) and isinstance(case.get("answer"), str):
                if case.get("sources") or case.get("rows"):
                    out.append(case)
    return out


def _run_case(case: dict[str, Any]) -> dict[str, Any] | None:
    try:
        if case.get("rows"):
            return trace(case["answer"], case["rows"]).to_dict()
        return check(case["answer"], case["sources"], question=case.get("question")).to_dict()
    except CrossfootError:
        return None  # (a case of bad input: no verdict to compare)


@contextmanager
def _checked_rules(needs: dict[Rule, Needs]) -> Iterator[list[str]]:
    """Every rule runs (no plan), and each call the plan would skip must return None: the names
    of the rules that returned a verdict where their needs fail are collected."""
    wrong: list[str] = []

    def skipped(rule: Rule, ctx: ClaimContext) -> bool:  # as Plan.rules_for decides
        need = needs[rule]
        return not need.fits(shape_of(ctx.mention)) or (
            need.calculation and not calculations_of(ctx)
        )

    def wrap(rule: Rule) -> Rule:
        def run(ctx: ClaimContext) -> Verdict | None:
            verdict = rule(ctx)
            if verdict is not None and rule in needs and skipped(rule, ctx):
                wrong.append(f"{rule.__name__}: {ctx.mention.text!r} in {ctx.text[:80]!r}")
            return verdict

        run.__module__ = rule.__module__  # (the engine picks rule families by module)
        return run

    wrapped = {r: wrap(r) for r in R.RULES}
    saved = (engine.rules, engine.NEEDS, engine.REACHES)
    engine.rules = lambda: tuple(wrapped[r] for r in R.RULES)
    engine.NEEDS = {}
    engine.REACHES = {wrapped[r]: reach for r, reach in R.REACHES.items()}
    engine._CROSS.clear()
    try:
        yield wrong
    finally:
        engine.rules, engine.NEEDS, engine.REACHES = saved
        engine._CROSS.clear()


CASES = _vector_cases()


def test_the_vectors_hold_many_answers() -> None:
    assert len(CASES) > 400


def test_no_skipped_rule_answers_a_vector() -> None:
    with _checked_rules(R.NEEDS) as wrong:
        for case in CASES:
            _run_case(case)
    assert wrong == []


_FIGURES = ["$4.2 million", "4,200", "12.5%", "0.35", "1,234", "3 pp", "10-12%", "$5", "2019",
            "(927)", "1.5 billion", "0.7", "45", "$1,366"]  # fmt: skip
_GLUE = ["average", "mean", "less", "plus", "growth", "rate", "change", "increase", "share",
         "ratio", "in thousands", "divided by 1000", "=", "+", "-", "/", "total", "of", "was",
         "Revenue", "Costs", "Europe", "Asia", "rose to", ".", ",", "and", "from",
         "to"]  # fmt: skip
_ANSWERS = st.lists(st.sampled_from(_FIGURES + _GLUE), min_size=3, max_size=16).map(" ".join)
_ROWS = [
    {"region": "Europe", "revenue": 4200, "costs": 1234, "margin": 0.35},
    {"region": "Asia", "revenue": 3000, "costs": 1366, "margin": 0.545},
    {"region": "America", "revenue": 5000, "costs": 927, "margin": 0.815},
]
_TABLE = json.dumps(
    [["", "2019", "2018"], ["Revenue", "4,200", "3,000"], ["Costs", "1,234", "927"]]
)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(_ANSWERS, st.sampled_from([None, "What was the average change, in thousands?"]))
def test_skipped_rules_return_none_and_reports_agree(answer: str, question: str | None) -> None:
    with _checked_rules(R.NEEDS) as wrong:
        slow = (
            trace(answer, _ROWS).to_dict(),
            check(answer, [_TABLE], question=question).to_dict(),
        )
    assert wrong == []
    fast = (trace(answer, _ROWS).to_dict(), check(answer, [_TABLE], question=question).to_dict())
    assert fast == slow


def test_a_need_the_rule_does_not_have_is_caught() -> None:
    # two_operand derives percentages and sums: a need for plain numbers only is wrong
    broken = {**R.NEEDS, two_operand: Needs(frozenset({"number"}), claim=True)}
    with _checked_rules(broken) as wrong:
        for case in CASES:
            _run_case(case)
    assert any(w.startswith("two_operand") for w in wrong)
    # and a dropped kind of a listed rule: step_arithmetic's percentages
    broken = {**R.NEEDS, step_arithmetic: Needs(frozenset({"number", "money"}), claim=True)}
    with _checked_rules(broken) as wrong:
        for case in CASES:
            _run_case(case)
    assert any(w.startswith("step_arithmetic") for w in wrong)


def test_rule_calls_per_timing_trace() -> None:
    # the nine-figure answer of benchmarks/trace_vs_figured.py on a 2x3 table: 88 rule calls
    # without the plan (four figures match nothing and run every rule), 55 with it
    rows = [{"name": "item 1", "revenue": 299, "orders": 10234},
            {"name": "item 2", "revenue": 11150, "orders": 514}]  # fmt: skip
    text = (
        "item 1 had 299 in revenue and item 2 had 11,150. Together revenue reached 11,449, a "
        "mean of 5,724. item 1 was 97.3% below item 2. We also saw 123,457 events, a 78.5% rate "
        "and $4.21M of spend, and 10,251 orders."
    )
    counts = {}
    for name, needs in (("plan", R.NEEDS), ("all", {})):
        calls: list[str] = []

        def wrap(rule: Rule, calls: list[str] = calls) -> Rule:
            def run(ctx: ClaimContext) -> Verdict | None:
                calls.append(rule.__name__)
                return rule(ctx)

            run.__module__ = rule.__module__
            return run

        wrapped = {r: wrap(r) for r in R.RULES}
        saved = (engine.rules, engine.NEEDS, engine.REACHES)
        engine.rules = lambda w=wrapped: tuple(w[r] for r in R.RULES)  # type: ignore[misc]
        engine.NEEDS = {wrapped[r]: n for r, n in needs.items()}
        engine.REACHES = {wrapped[r]: reach for r, reach in R.REACHES.items()}
        engine._CROSS.clear()
        try:
            statuses = [c.status for c in trace(text, rows).claims]
        finally:
            engine.rules, engine.NEEDS, engine.REACHES = saved
            engine._CROSS.clear()
        counts[name] = (len(calls), statuses)
    assert counts["plan"][1] == counts["all"][1]
    assert counts["all"][0] >= 85
    assert counts["plan"][0] <= 56
