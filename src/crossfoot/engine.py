"""The engine: answer text + indexed sources + options -> Report.

Stages, in order:

1. find citation brackets and split the answer into sentences
   (:mod:`crossfoot.language.sentences`);
2. extract every number (:mod:`crossfoot.numbers`) and keep the claims: not years, not formula
   constants, not numbers inside citation brackets, and whatever the caller's ``keep`` filter
   accepts;
3. for each claim, pick its scope (the cited records, or every record when nothing is cited; a
   sentence citing only unknown records gets ``unknown_citation`` with no search at all) and run
   the rules of :mod:`crossfoot.rules` in order; the first verdict wins. A claim that quotes a bar
   of the user's question ("exceeded $5M", :mod:`crossfoot.language.question`) passes without a
   search;
4. a claim no rule proves is looked for in the records the sentence did *not* cite
   (``wrong_record``), else it is ``unsupported``; with ``require_citations`` a grounded claim in a
   sentence that cites nothing is ``uncited``.

May import ``report``, ``rules`` and everything below them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from crossfoot.arithmetic.calculations import new_answer as new_arith_answer
from crossfoot.language.asked import Ask, read_question
from crossfoot.language.asked_row import row_asked
from crossfoot.language.claims import read_claims
from crossfoot.language.direction import new_answer
from crossfoot.language.labelquote import quoted_in_label
from crossfoot.language.question import asked_figures, bar_verdict, quoted_bar, quoted_label
from crossfoot.language.readings import restated_pairs
from crossfoot.language.sentences import citations, split_sentences
from crossfoot.model.context import ClaimContext, Rule, Scope, Verdict, claim_window
from crossfoot.model.memo import by_cells, by_identity, rerun_store
from crossfoot.model.options import Options
from crossfoot.model.types import (
    PASSING_STATUSES,
    Claim,
    Mention,
    Sentence,
    SourceValue,
    Status,
    exact,
)
from crossfoot.numbers.extract import convention_note_of
from crossfoot.report.result import Report
from crossfoot.rules import REACHES, rules
from crossfoot.rules._derive_shared import focus_ok
from crossfoot.rules._named import Named
from crossfoot.rules._reach import within_reach
from crossfoot.rules._rerun import cut_scope, run_pair
from crossfoot.rules.alignment import align_answer, marker_end
from crossfoot.rules.answer_count import counted_answer
from crossfoot.rules.answer_decimals import coarse_answers
from crossfoot.rules.answer_pick import picked_rows
from crossfoot.rules.arithmetic import results_first
from crossfoot.rules.change_signs import change_signs
from crossfoot.rules.comparisons import check_comparisons
from crossfoot.rules.counts import count_verdict, is_count_answer
from crossfoot.rules.each_period import each_period
from crossfoot.rules.extremes import ranked_rows
from crossfoot.rules.gap_direction import gap_directions
from crossfoot.rules.line_extreme import line_extremes
from crossfoot.rules.money_counts import set_aside
from crossfoot.rules.multiples import stated_multiples
from crossfoot.rules.own_rows import own_rows
from crossfoot.rules.period_compare import period_comparisons
from crossfoot.rules.respective import respective_places
from crossfoot.rules.row_bars import row_bars
from crossfoot.rules.sentence_counts import sentence_counts
from crossfoot.rules.stated_moves import stated_moves
from crossfoot.rules.table_years import table_years
from crossfoot.rules.which_period import which_period
from crossfoot.rules.which_years import which_years
from crossfoot.rules.worded_rows import worded_rows

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["verify"]

# Rule families allowed to look in records the sentence did not cite, for ``wrong_record``.
_CROSS_RECORD_MODULES = ("direct", "derive", "multi", "rowsums")


@exact
def verify(
    text: str,
    sources: SourceSet,
    options: Options,
    *,
    keep: Callable[[Mention], bool] | None = None,
    recheck: Callable[[str], Report] | None = None,
    found: list[Mention] | None = None,
    question: str | None = None,
) -> Report:
    """Check every number of ``text`` against ``sources``.

    ``keep`` decides which extracted mentions are claims (trace uses it for ``ignore_below``);
    ``recheck`` re-runs the same check on another text (used by ``Report.coincidence``);
    ``found`` is ``extract(text)`` when the caller already has it (trace reads it once per answer);
    ``question`` is what the user asked: a bar the answer quotes from it ("exceeded $5M") needs
    no source (:mod:`crossfoot.language.question`).
    """
    if not isinstance(text, str):
        raise TypeError(f"the answer must be a str, got {type(text).__name__}")
    new_answer()  # per-answer memos of the rule helpers start empty
    new_arith_answer()
    cites = citations(text, lambda token: sources.resolve(token) is not None)

    def resolve(token: str) -> str | None:
        source = sources.resolve(token)
        return source.id if source is not None else None

    sentences = split_sentences(text, cites, resolve)
    read, mentions = read_claims(text, cites, keep, options, found)
    issues = [
        f"sentence {s.index + 1} cites [{token}], which is not a source"
        for s in sentences
        for token in s.unknown
    ]
    asked = asked_figures(question)  # (checks that the question is text)
    ask = read_question(question) if question else None
    answer = _Answer(read, sources, options, sentences, mentions, asked, ask)
    positions = [i for i, m in enumerate(mentions) if m.claim]
    limit = options.max_claims
    if len(positions) > limit:
        # Fail closed, in bounded time: figures past the limit are not checked, and say so.
        more = "more than " if len(read) < len(text) else ""
        issues.append(
            f"the answer states {more}{len(positions):,} figures; at most {limit:,} are checked "
            f"(option max_claims), so the figures after figure {limit:,} were not"
        )
        positions = positions[:limit]
    claims = results_first([answer.judge(i, mentions[i]) for i in positions], answer.contexts)
    # (``read`` is the answer, or the prefix of a long one that holds every claim judged.)
    # "2 of the 4 regions had revenue above $4M"; "all three quarters" (documents only)
    claims = sentence_counts(read, sentences, mentions, sources, claims, options.result_rows)
    claims = check_comparisons(read, _check_restatements(read, mentions, claims), sources.get)
    claims = own_rows(read, claims, answer.rerun)
    claims = counted_answer(ask, _worded(read, sentences, mentions, claims, sources), read, sources)
    if (ask := row_asked(ask, sources.index(None).values)) and ask.figure and ask.op != "count":
        texts = {s.id: s.text for s in sources.sources}  # the final figure answers it: alignment
        claims = align_answer(ask, claims, read, sources.index(None).values, answer.rerun, texts)
        # "In which year was X below $800 million?": the years named must be the years past it.
        claims = which_years(ask, asked, read, mentions, claims, sources.index(None).values)
        claims = picked_rows(ask, asked, read, sentences, claims, sources.index(None).values)
    if ask is None or ask.figure:
        # "In which year was X largest?": the year given must be the data's (rules.which_period).
        claims = which_period(
            ask, asked, read, sentences, mentions, claims, sources.index(None).values
        )
    if ask is not None and ask.figure and not options.result_rows:
        # "Which years does the table cover?": the years given must be its (rules.table_years;
        # documents only: trace indexes the rows an answer names, not every year of the table).
        claims = table_years(ask, read, sentences, mentions, claims, sources.index(None).values)
    # A figure called a change must have the sign its own figures show (rules.change_signs).
    claims = change_signs(read, claims, question)
    if ask is not None and ask.figure and options.answer_decimals is not None:
        # A computed final figure written more coarsely than asked (rules.answer_decimals).
        claims = coarse_answers(claims, read, options.answer_decimals, ask)
    warnings = tuple(getattr(sources, "issues", ()))
    note = convention_note_of(text, options.locale)
    if note is not None:  # "1,234.5" and "1.234,5" in one answer: say how "1.234" was read
        warnings = (*warnings, note)
    return Report(text, tuple(claims), tuple(issues), warnings, options, recheck)


class _Answer:
    """One answer being checked: its sentences and mentions, and what its claims share (scopes,
    the claims grounded so far, per-answer caches of the rules)."""

    def __init__(
        self,
        text: str,
        sources: SourceSet,
        options: Options,
        sentences: list[Sentence],
        mentions: tuple[Mention, ...],
        asked: tuple[Mention, ...],
        ask: Ask | None = None,
    ) -> None:
        self.text = text
        self.sources = sources
        self.options = options
        self.sentences = sentences
        self.starts = [s.start for s in sentences]
        self.mentions = mentions
        self.asked = asked
        self.ask = ask
        # the answer marker ("Answer: 2") a count may follow, for "how many" questions
        self.marker = marker_end(text) if ask is not None and ask.op == "count" else None
        self._named: Named | None = None
        self._table_labels: tuple[str, ...] | None = None
        self.contexts: dict[tuple[int, int], ClaimContext] = {}  # to judge a claim again
        self.cuts: dict[tuple[int, int], Scope] = {}  # scopes cut to the values that fit
        self.shelf: dict[str, object] = {}  # per_answer's memos of the re-runs (model.memo.SHELF)
        self.read_ask: dict[str, object] = {}  # the question's readings, for every rule run
        if ask is not None:  # the user's question, for rules that read what it words
            self.read_ask["ask.text"] = ask.text  # the ask: the operation it words
            self.read_ask["ask.context"] = ask.context or ask.text  # every turn: what it names
            self.read_ask["ask.op"] = ask.op  # the operation it asks for (rules.percent_plain)
        self.shared: dict[str, object] = dict(self.read_ask)  # per-answer caches rules may fill
        self.scopes: dict[tuple[tuple[str, ...] | None, bool], Scope] = {}
        self.grounded: list[Claim] = []
        self.all_rules = rules()
        self.cross_rules = _cross_rules(self.all_rules)
        self.every_id = tuple(s.id for s in sources.sources)

    def scope_for(self, ids: tuple[str, ...] | None, cited: bool) -> Scope:
        key = (ids, cited)
        if key not in self.scopes:
            sources = self.sources
            chosen = (
                sources.sources
                if ids is None
                else tuple(s for s in sources.sources if s.id in set(ids))
            )
            self.scopes[key] = Scope(chosen, cited, sources.index(ids), sources.groups(ids, cited))
        return self.scopes[key]

    def sentence_of(self, mention: Mention) -> Sentence:
        if not self.sentences:
            return Sentence(0, 0, len(self.text), self.text)
        return self.sentences[max(0, bisect_right(self.starts, mention.start) - 1)]

    def judge(self, position: int, mention: Mention) -> Claim:
        """The claim ``mention`` makes, judged; a passing one joins the grounded claims."""
        sentence = self.sentence_of(mention)
        if mention.unreadable:  # fail closed: never read, never dropped
            return Claim(
                mention,
                sentence,
                "unsupported",
                message="a number of more than 64 digits is not read; it cannot be grounded",
            )
        if sentence.unknown and not sentence.cited:
            return Claim(
                mention,
                sentence,
                "unknown_citation",
                message=f"the sentence cites only {_brackets(sentence.unknown)}, "
                "which name no source; no other source is searched",
            )
        cited = tuple(sentence.cited) if sentence.cited else None
        ctx = ClaimContext(
            mention=mention,
            sentence=claim_window(self.text, sentence, mention),
            text=self.text,
            mentions=self.mentions,
            position=position,
            scope=self.scope_for(cited, cited is not None),
            options=self.options,
            grounded=self.grounded,
            shared=self.shared,
        )
        special = self._quoted(ctx, sentence)
        if special is not None:
            return special
        bar = quoted_bar(self.text, mention, self.asked) if self.asked else None
        if bar is not None:
            # The question's own bar ("exceeded $5M"), not a figure of the data: only the
            # comparison is checked (a round bar would often match some value by rounding),
            # against the values of the rows and years the sentence names.
            ok, quoted, why = bar_verdict(mention, bar, ctx.scope.index, partial(_in_focus, ctx))
            status: Status = "supported_exact" if ok else "contradicted"
            return Claim(mention, sentence, status, quoted, why)
        verdict = _run(self.all_rules, ctx)
        if verdict is None and sentence.cited:
            wrong = self._elsewhere(ctx, sentence)
            if wrong is not None:
                return wrong
        if verdict is None:
            message = "no source value or derivation matches at the stated precision"
            if mention.high is not None:  # a range: say both ends
                message = f"no source value or derivation lies in the range {mention.text.strip()}"
            if not sentence.cited:  # (a cited sentence's scope was moved to the others)
                self.contexts[(mention.start, mention.end)] = ctx
            return Claim(mention, sentence, "unsupported", message=message)
        if (
            verdict.status in PASSING_STATUSES
            and self.options.require_citations
            and not sentence.cited
        ):
            return Claim(
                mention,
                sentence,
                "uncited",
                verdict.evidence,
                message="grounded, but the sentence cites no source",
            )
        claim = Claim(mention, sentence, verdict.status, verdict.evidence, verdict.message)
        if claim.passed:
            self.grounded.append(claim)
        self.contexts[(mention.start, mention.end)] = ctx
        return claim

    def _quoted(self, ctx: ClaimContext, sentence: Sentence) -> Claim | None:
        """A count answering the question's "how many" (rules.counts), or a label the question
        names ("due in 2-5 years" of a column "2-5 Years"): judged without the rules."""
        mention, ask = ctx.mention, self.ask
        if ask is not None and is_count_answer(ask, self.text, mention, self.marker):
            if self._named is None:
                self._named = Named(ask, self.sources.index(None).values)
            counted = count_verdict(ctx, ask, self.asked, self._named)
            if counted is not None:
                return Claim(mention, sentence, counted.status, counted.evidence, counted.message)
        if self._table_labels is None:  # once per answer
            self._table_labels = _labels(self.sources)
        label = None
        if self.asked or mention.high is not None:
            label = quoted_label(mention, self.asked, self._table_labels)
        if label is None and self._table_labels:  # "due in more than 5 years" of a label
            label = quoted_in_label(self.text, mention, self._table_labels)
        if label is not None:
            return Claim(mention, sentence, "supported_exact", label)
        return None

    def rerun(
        self, i: int, keep: Callable[[SourceValue], bool], direct: bool, judged: Sequence[Claim]
    ) -> Verdict | None:
        """Claim ``i`` of ``judged`` checked again over the values ``keep`` accepts only, and
        over the answer's earlier figures grounded in such values only (rules.alignment)."""
        c = judged[i]
        ctx = self.contexts.get((c.mention.start, c.mention.end))
        if ctx is None:
            return None
        scope = ctx.scope
        key = (id(scope), id(keep))
        cut = self.cuts.get(key)
        if cut is None:  # once per scope and filter: every figure judged again shares it
            cut = cut_scope(scope, keep)
            self.cuts[key] = cut
        earlier = [
            g
            for g in judged
            if g.passed
            and g.mention.start < c.mention.start
            and g.evidence is not None
            and g.evidence.operands
            and all(keep(v) for v in g.evidence.operands)
        ]
        # The question's readings (``ask.*``) stay: a rule judging again reads the same question.
        shared = rerun_store(self.read_ask, self.shelf)  # (per_answer's memos: model.memo)
        again = replace(ctx, scope=cut, grounded=earlier, shared=shared, notes={})
        if self.ask is not None:
            again.notes["question"] = self.ask.text  # its words name rows and the operation
        wanted = _RERUN_MODULES if direct else _RERUN_MODULES[1:]  # (a pair: rules._rerun)
        pair = (i, id(keep), id(judged))
        return run_pair(self.shared, pair, direct, _rules_of(self.all_rules, wanted), again, _run)

    def _elsewhere(self, ctx: ClaimContext, sentence: Sentence) -> Claim | None:
        """``wrong_record`` when a record the sentence does not cite proves the claim."""
        others = tuple(i for i in self.every_id if i not in sentence.cited)
        if not others:
            return None
        ctx.scope = self.scope_for(others, False)
        elsewhere = _run(self.cross_rules, ctx)
        if elsewhere is None or elsewhere.status not in PASSING_STATUSES:
            return None
        cited = ", ".join(f"[{c}]" for c in sentence.cited)
        ev = elsewhere.evidence
        return Claim(
            ctx.mention,
            sentence,
            "wrong_record",
            ev,
            message=f"value is in {ev.formula if ev else 'another record'}, "
            f"but the sentence cites {cited}",
        )


_CHOSEN: dict[tuple[tuple[Rule, ...], tuple[str, ...]], tuple[Rule, ...]] = {}


def _rules_of(all_rules: tuple[Rule, ...], modules: tuple[str, ...]) -> tuple[Rule, ...]:
    """The rules of ``all_rules`` (in order) whose module is one of ``modules``, found once per
    rule list and modules, not once per answer (or per figure judged again)."""
    key = (all_rules, modules)
    made = _CHOSEN.get(key)
    if made is None:
        made = tuple(r for r in all_rules if r.__module__.rsplit(".", 1)[-1] in modules)
        if len(_CHOSEN) > 8:
            _CHOSEN.clear()
        _CHOSEN[key] = made
    return made


def _cross_rules(all_rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """The rules that may look in records a sentence does not cite."""
    return _rules_of(all_rules, _CROSS_RECORD_MODULES)


def _run(rule_list: tuple[Rule, ...], ctx: ClaimContext) -> Verdict | None:
    reaches = REACHES
    for rule in rule_list:
        reach = reaches.get(rule)
        if reach is not None and not within_reach(ctx, reach):
            continue  # no value this rule can produce approaches the claim (rules._reach)
        verdict = rule(ctx)
        if verdict is None:
            continue
        if set_aside(ctx, verdict):  # derived with derivations off; money of counts
            continue
        return verdict
    return None


# Rule families that may answer a claim judged again over the values that fit the question: a
# first reading of another row or year left them no turn (a coarse ratio, "about" rounded twice).
_RERUN = ("direct", "rowsums", "steps", "derive", "multi", "average_change", "coarse_ratio")
_RERUN_MODULES = (*_RERUN, "twice_rounded")


def _worded(
    text: str,
    sentences: list[Sentence],
    mentions: tuple[Mention, ...],
    claims: list[Claim],
    sources: SourceSet,
) -> list[Claim]:
    """The answer's words against its own figures: "X in 2019 is greater than X in 2018"
    (rules.period_compare), "fell to $4.2M from $3.8M" (rules.stated_moves), "West had the
    highest revenue" (rules.extremes)."""
    claims = stated_moves(text, mentions, period_comparisons(text, sentences, mentions, claims))
    values = sources.index(None).values
    claims = stated_multiples(text, sentences, mentions, claims, values)  # "tripled"
    claims = worded_rows(text, sentences, claims, values)  # "grew every year", "exceeded"
    claims = each_period(text, sentences, mentions, claims, values)  # "in each of the last 3"
    claims = respective_places(text, sentences, mentions, claims, values)  # "..., respectively"
    claims = row_bars(text, claims, sources)  # "Only East exceeded $4M"
    claims = line_extremes(text, claims, values)  # "bottomed out at $100 million in 2020"
    claims = gap_directions(text, claims, values)  # "the gap ... narrowed to $800 in 2024"
    return ranked_rows(text, claims, values)


def _check_restatements(
    text: str, mentions: tuple[Mention, ...], claims: list[Claim]
) -> list[Claim]:
    """A figure in parentheses that restates the one before it must state the same value:
    "$2.4 billion ($2,180 million)" restates nothing (language.readings)."""
    pairs = restated_pairs(text, mentions)
    if not pairs:
        return claims
    at = {(c.mention.start, c.mention.end): i for i, c in enumerate(claims)}
    out = list(claims)
    for h, r in pairs:
        head, rest = mentions[h], mentions[r]
        i, j = at.get((head.start, head.end)), at.get((rest.start, rest.end))
        if i is None or j is None or not (out[i].passed and out[j].passed):
            continue
        if abs(abs(head.value) - abs(rest.value)) > max(head.precision, rest.precision):
            message = f"in parentheses after {head.text.strip()}, it should restate it, but differs"
            out[j] = replace(out[j], status="contradicted", message=message)
    return out


# _labels by SourceSet (check() reuses the sources of the same passages for many answers)
_LABELS: dict[int, tuple[SourceSet, tuple[str, ...]]] = {}
_CELLS: dict[tuple[int, ...], tuple[object, tuple[str, ...]]] = {}  # (a kept result set's cells)


def _labels(sources: SourceSet) -> tuple[str, ...]:
    """The row and column labels with digits of the sources' tables ("2-5 Years"), in order of
    first appearance (made once per SourceSet, and once per tuple of the same cells)."""
    return by_identity(_LABELS, sources, 64, _labels_of)


def _labels_of(sources: SourceSet) -> tuple[str, ...]:
    return by_cells(_CELLS, sources.index(None).values, 64, _read_labels)


def _read_labels(values: tuple[SourceValue, ...]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for v in values:
        if v.table is not None:
            if v.row:
                seen[v.row] = None
            if v.column:
                seen[v.column] = None
    # each label tested once (a row's label comes with every column of the row)
    return tuple(label for label in seen if any(map(str.isdigit, label)))


def _in_focus(ctx: ClaimContext, value: SourceValue) -> bool:
    """Whether ``value`` sits in the rows and years the claim's sentence names."""
    return focus_ok(ctx, (value,), False)


def _brackets(tokens: tuple[str, ...]) -> str:
    return ", ".join(f"[{t}]" for t in tokens)
