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

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from crossfoot.arithmetic.calculations import constant_mentions
from crossfoot.arithmetic.calculations import new_answer as new_arith_answer
from crossfoot.language.direction import new_answer
from crossfoot.language.question import asked_figures, bar_verdict, quoted_bar
from crossfoot.language.sentences import Citation, citations, split_sentences
from crossfoot.model.context import WINDOW, ClaimContext, Rule, Scope, Verdict, claim_window
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
from crossfoot.numbers.extract import extract
from crossfoot.report.result import Report
from crossfoot.rules import rules
from crossfoot.rules._derive_shared import focus_ok

if TYPE_CHECKING:
    from crossfoot.sources.load import SourceSet

__all__ = ["read_prefix", "verify"]

# Rule families allowed to look in records the sentence did not cite, for ``wrong_record``.
_CROSS_RECORD_MODULES = ("direct", "derive", "multi", "rowsums")
# Rule families that derive (switched off by ``allow_derived=False``).
_DERIVING = frozenset({"derived"})


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
    read, mentions = _reading(text, cites, keep, options, found)
    issues = [
        f"sentence {s.index + 1} cites [{token}], which is not a source"
        for s in sentences
        for token in s.unknown
    ]
    answer = _Answer(read, sources, options, sentences, mentions, asked_figures(question))
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
    claims = [answer.judge(i, mentions[i]) for i in positions]
    warnings = tuple(getattr(sources, "issues", ()))
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
    ) -> None:
        self.text = text
        self.sources = sources
        self.options = options
        self.sentences = sentences
        self.starts = [s.start for s in sentences]
        self.mentions = mentions
        self.asked = asked
        self.shared: dict[str, object] = {}  # per-answer caches rules may fill
        self.scopes: dict[tuple[tuple[str, ...] | None, bool], Scope] = {}
        self.grounded: list[Claim] = []
        self.all_rules = rules()
        self.cross_rules = tuple(
            r for r in self.all_rules if r.__module__.rsplit(".", 1)[-1] in _CROSS_RECORD_MODULES
        )
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
            return Claim(
                mention,
                sentence,
                "unsupported",
                message="no source value or derivation matches at the stated precision",
            )
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
        return claim

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


def _run(rule_list: tuple[Rule, ...], ctx: ClaimContext) -> Verdict | None:
    for rule in rule_list:
        verdict = rule(ctx)
        if verdict is None:
            continue
        if not ctx.options.allow_derived and verdict.status in _DERIVING:
            continue
        return verdict
    return None


# An answer longer than this is read in growing prefixes (see _reading).
_PREFIX = 16_000
_SENTENCE_BREAK = re.compile(r"[.!?]\s|\n")


def _reading(
    text: str,
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
    found: list[Mention] | None,
) -> tuple[str, tuple[Mention, ...]]:
    """The text the rules read and its mentions: the whole answer, or, when it states more
    figures than ``max_claims`` (which then fails it), a prefix that holds the figures checked
    with room after them. Prefixes double from 16 KB until one does, so a megabyte of figures
    costs what its first few thousand do, not a read of every number in it."""
    size = _PREFIX
    while found is None and size < len(text):
        brk = _SENTENCE_BREAK.search(text, size, size + 4_096)
        cut = brk.end() if brk is not None else size
        mentions = _claims_of(text[:cut], cites, keep, options, None)
        claims = [m for m in mentions if m.claim]
        limit = options.max_claims
        # Enough when the prefix holds more figures than are checked, and the last checked one
        # is far enough from the cut that nothing it reads (its window, its sentence) is cut.
        if len(claims) > limit and (limit == 0 or claims[limit - 1].end + 4 * WINDOW <= cut):
            return text[:cut], tuple(mentions)
        size *= 2
    return text, tuple(_claims_of(text, cites, keep, options, found))


def read_prefix(text: str, options: Options) -> str:
    """What the rules of a check read of ``text``: the whole text, or the prefix :func:`verify`
    reads of a long answer with more figures than ``max_claims`` (trace reads the same).

    >>> from crossfoot.model.options import Options
    >>> read_prefix("Revenue was $3.2bn. " * 10, Options()) == "Revenue was $3.2bn. " * 10
    True
    """
    return _reading(text, [], None, options, None)[0]


def _claims_of(
    text: str,
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
    found: list[Mention] | None = None,
) -> list[Mention]:
    """Mentions of the answer, with non-claims marked ``claim=False``."""
    found = extract(text) if found is None else list(found)
    constants = constant_mentions(text, found)
    out: list[Mention] = []
    starts = [c.start for c in cites]
    for i, m in enumerate(found):
        j = bisect_right(starts, m.start) - 1
        if j >= 0 and m.start < cites[j].end:
            continue  # the "1" of "[1]"
        is_claim = m.claim and m.kind != "year" and i not in constants
        if is_claim and not options.result_rows and _is_count_word(m):
            # "three regions", "two years": counts of things the answer talks about, which
            # documents rarely state as values. Over result rows they are row counts (trace).
            is_claim = False
        if is_claim and keep is not None and not keep(m):
            is_claim = False
        out.append(m if is_claim == m.claim else replace(m, claim=is_claim))
    return out


def _in_focus(ctx: ClaimContext, value: SourceValue) -> bool:
    """Whether ``value`` sits in the rows and years the claim's sentence names."""
    return focus_ok(ctx, (value,), False)


def _brackets(tokens: tuple[str, ...]) -> str:
    return ", ".join(f"[{t}]" for t in tokens)


def _is_count_word(m: Mention) -> bool:
    return m.kind == "number" and abs(m.value) < 100 and not any(ch.isdigit() for ch in m.text)
