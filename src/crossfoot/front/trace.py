"""``trace``: check an answer written from query result rows against those rows.

The same engine as :func:`crossfoot.check`, with the sources given as result sets
(:mod:`crossfoot.sources.rows`), the matching rules of a :class:`~crossfoot.front.policy.Policy`,
the row derivations of :mod:`crossfoot.rules.rowsums`, and a filter that decides which numbers of
the answer are claims about the data at all.

What is *not* a claim (skipped, not counted in ``checked``):

- ranks and list sizes: "top 5 regions", "the 3 largest", "#1", "rank 2";
- time windows and labels: "in 2024", "the last 30 days", "Q3", "week 12", "step 2";
- subset counts over the rows: "2 regions grew" when the rows hold 4 regions (a count of
  the rows themselves, "all 4 regions", is checked and grounded by ``row_count``);
- numbers inside inline code (SQL the answer quotes);
- with ``ignore_below=N``: plain numbers (no currency, no percent) of size N or less.

Everything else is checked, small counts included: "Europe has 61 stores" fails when the cell
says 52.

>>> rows = [{"region": "Europe", "stores": 52}, {"region": "Americas", "stores": 61}]
>>> trace("Europe has 61 stores.", rows).ungrounded
['61']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, cast
from weakref import ref

from crossfoot.front.check import as_written
from crossfoot.front.policy import DEFAULT, Policy, policy_of
from crossfoot.front.trace_checks import TraceContext, finish
from crossfoot.front.trace_fast import quick_trace
from crossfoot.front.trace_keep import column_words, keep_filter
from crossfoot.front.trace_rows import kept_read
from crossfoot.language.claims import read_prefix_found
from crossfoot.language.markup import unmark
from crossfoot.language.trends import worded_claim
from crossfoot.model.locale import check_locale
from crossfoot.model.options import Options
from crossfoot.model.types import Mention, Source, exact
from crossfoot.model.validate import as_key
from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.report.result import Report
from crossfoot.sources.load import SourceSet
from crossfoot.sources.rows import (
    AnswerOperands,
    read_tables,
    register,
)

__all__ = ["options_for", "trace"]


def options_for(policy: Policy, *, operands: int = 30) -> Options:
    """The engine options a policy stands for.

    Policy kind names follow the row-checker vocabulary; the engine calls a pairwise a/b*100
    "share" and a share of a column total is checked by rowsums under "column_share".

    >>> sorted(options_for(Policy(derivations={"cell", "percent"})).derivations)
    ['cell', 'share']
    """
    kinds = set(policy.derivations) - {"share", "percent"}
    if "share" in policy.derivations:
        kinds.add("column_share")
    if "percent" in policy.derivations:
        kinds.add("share")
    return Options(
        allow_rounding=True,
        allow_derived=len(kinds) > 1,
        check_table_rows=True,
        # Pairwise operands are already bounded by max_rows (later rows are not operands), so the
        # engine's own cap would only switch derivations off for wide tables.
        max_derivation_operands=max(30, operands),
        derivations=frozenset(kinds),
        rel_tolerance=policy.rel_tolerance,
        abs_tolerance=policy.abs_tolerance,
        result_rows=True,
        max_rows=policy.max_rows,
        max_claims=policy.max_claims,
        max_source_numbers=policy.max_source_numbers,
        answer_decimals=policy.answer_decimals,
    )


_OPTIONS: dict[tuple[Policy, int], Options] = {}
_VERIFY: list[Callable[..., Any]] = []


def _verify() -> Callable[..., Report]:
    """The engine's verify, imported on first use (the engine imports every rule), then kept:
    an import statement costs a microsecond at every call."""
    if not _VERIFY:
        from crossfoot.engine import verify

        _VERIFY.append(verify)
    return _VERIFY[0]


def _options(policy: Policy, operands: int) -> Options:
    """:func:`options_for`, made once per policy and width (Options and Policy are frozen)."""
    try:
        made = _OPTIONS.get((policy, operands))
    except TypeError:  # a policy holding something unhashable: made every time
        return options_for(policy, operands=operands)
    if made is None:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        made = _OPTIONS[(policy, operands)] = options_for(policy, operands=operands)
    return made


def _read_rows(
    rows: Any, results: Any, policy: Policy, key: str | Sequence[str] | None, locale: str | None
) -> Any:
    """``read_tables``, with the numeric strings of the cells read in ``locale``; a small result
    set traced again is not read again (:mod:`crossfoot.front.trace_rows`)."""

    def read() -> Any:
        token = READING_LOCALE.set(locale)
        try:
            return read_tables(
                rows,
                results=results,
                parse_strings=policy.parse_strings,
                key=key,
                max_numbers=policy.max_source_numbers,
            )
        finally:
            READING_LOCALE.reset(token)

    how = (policy.parse_strings, policy.max_source_numbers, key, locale)
    made = kept_read(rows, results, how, read)
    for table in made[0]:
        table.new_answer()  # (a kept table: the windows of another answer are not this one's)
    return made


@exact
def trace(
    text: str,
    rows: Any = None,
    *,
    results: Any = None,
    policy: Policy | str | None = None,
    key: str | Sequence[str] | None = None,
    question: str | None = None,
    locale: str | None = None,
    **overrides: Any,
) -> Report:
    """Check every figure of ``text`` against query result rows.

    ``rows`` is one result set (a list of dicts, a list of lists or tuples with or without a
    header row, ``{"columns": [...], "rows": [...]}``, a pandas DataFrame, a DB-API cursor after
    ``execute``, or a JSON API response); ``results`` several (a list, or a mapping name -> rows;
    a plain string there is a prose source). ``key`` names the row key column when it is not the
    first text column. ``policy`` is a :class:`~crossfoot.front.policy.Policy` or a preset's name
    (``"STRICT"``; default :data:`~crossfoot.front.policy.DEFAULT`); keyword ``overrides`` change
    single options. Options are validated as ``check`` validates its own: an unknown name or a
    value of the wrong kind raises ``OptionError`` (a ``TypeError`` and ``ValueError``).
    ``question``, the user's question, lets the answer quote a bar from it ("regions above
    $2M") without a cell stating it. ``locale`` is how the answer and the numeric strings of the
    cells write numbers (``"de_DE"``: "1.234" is a thousand).

    >>> rows = [{"region": "North America", "revenue": 4_820_000},
    ...         {"region": "Europe", "revenue": 3_150_000}]
    >>> r = trace("North America brought in $4.82M, 53% more than Europe.", rows)
    >>> r.ok, [c.evidence.kind for c in r.claims]
    (True, ['cell', 'percent_change'])
    """
    chosen = policy_of(policy)
    if overrides:  # (validated by with_overrides; without any it returns the policy itself)
        chosen = chosen.with_overrides(**overrides)
    check_locale(locale)  # the option validator's reading of it
    if chosen is DEFAULT and results is key is question is locale is None:
        # A small result set and an answer stating its cells: decided without the engine.
        quick = quick_trace(text, rows, lambda width: _options(chosen, 12 * width), trace)
        if quick is not None:
            return quick
    return _traced(text, rows, results, chosen, key, question, locale)


def _traced(
    text: str,
    rows: Any,
    results: Any,
    chosen: Policy,
    key: str | Sequence[str] | None,
    question: str | None,
    locale: str | None,
) -> Report:
    """:func:`trace` by the engine, once the policy is chosen."""
    # Every cell is indexed once; which feed pairwise derivations is decided per answer.
    tables, prose, order, issues = _read_rows(rows, results, chosen, as_key(key), locale)
    operands = AnswerOperands(
        tables, prose, order, issues, chosen.max_rows, chosen.rel_tolerance, chosen.abs_tolerance
    )
    info = operands.info
    widest = max((len(t.columns) for t in info), default=0)
    options = _options(chosen, max(1, chosen.max_rows) * widest)
    if locale is not None:
        operands.locale = locale
        options = replace(options, locale=locale)
    verify = _verify()
    ctx = TraceContext(chosen, info, question)

    def run(answer: str, made: list[Mention] | None = None) -> Report:
        # (itself as the reports' recheck, through a weak reference: a function that names
        # itself is a cycle, which kept the result sets alive until the collector's next pass
        # over older objects; a caller of run holds it)
        this = cast("Callable[..., Report]", me())
        keep = keep_filter(answer, chosen, info, question)
        found = operands.mentions(answer, made, options.locale)  # for every verify below
        if not found and not question and FAST_EMPTY and _plain_words(answer):
            # (the engine would find no claim nor citation: tests/test_speed_paths_speed7.py)
            return Report(answer, (), (), operands.issues, options, this)
        if found or question or worded_claim(answer):  # ("grew every month", "nearly double")
            # The rows the question names are indexed too: the answer's figure must come from
            # them (rules.alignment), and a figure of another row is found there.
            asked = f"{answer}\n{question}" if question else answer
            sources = operands.sources_for(asked, question)
        else:  # no number and no question: only the citations are checked, with no cell
            sources = operands.bare()
        report = verify(
            answer, sources, options, keep=keep, recheck=this, found=found, question=question
        )
        narrowed: dict[object, Report] = {}

        def about(word: str | frozenset[str]) -> Report:
            # The answer ties a figure to one column (a word) or to some rows (their labels):
            # check it again against those cells only.
            if word not in narrowed:
                only = _narrow(sources, ctx.row_ids, word)
                narrowed[word] = verify(
                    answer, only, options, keep=keep, found=found, question=question
                )
            return narrowed[word]

        return finish(report, ctx, about, sources)

    me = ref(run)
    return _unmarked(run, text, options)


#: Whether an answer with no number, no bracket and no question skips the engine (speed only:
#: the tests turn it off to compare with the engine's own reading).
FAST_EMPTY = True
_DIGIT_OR_BRACKET = re.compile(r"[\d\[]")


# trace's check of one answer text; the second argument is the text's extraction when the caller
# has it (_bounded).
_Run = Callable[[str, "list[Mention] | None"], Report]


def _plain_words(answer: str) -> bool:
    """No digit and no "[" in ``answer``: no citation bracket, and nothing the convention note
    (:func:`~crossfoot.numbers.extract.convention_note_of`) reads; and no movement in every
    period or multiple in words ("grew every month", "nearly double": judged over the rows)."""
    return _DIGIT_OR_BRACKET.search(answer) is None and not worded_claim(answer)


def _unmarked(run: _Run, answer: str, options: Options) -> Report:
    """:func:`_bounded` of the answer without its markdown and LaTeX markup ("**$4.82M**",
    "$12.5\\%$"), as check reads it, with every claim reported where the answer writes it."""
    unmarked = unmark(answer) if isinstance(answer, str) else None
    if unmarked is None:
        return _bounded(run, answer, options)
    plain, back = unmarked
    return as_written(_bounded(run, plain, options), answer, back)


def _bounded(run: _Run, answer: str, options: Options) -> Report:
    """``run(answer)``; for a long answer with more figures than ``max_claims``, run on the prefix
    the engine would read (:func:`~crossfoot.language.claims.read_prefix`): the answer fails,
    its first figures are checked as a full read would check them (their rows found from them),
    and not every number of it is read."""
    if not isinstance(answer, str):
        raise TypeError(f"trace() needs the answer as a str, got {type(answer).__name__}")
    read, made = read_prefix_found(answer, options)
    if len(read) == len(answer):
        return run(answer, None)
    # (``made``: the prefix's extraction the cut read, and with it the cut's reading of its
    # claims: language.claims.read_prefix_found)
    head = run(read, made)
    note = (
        f"the answer states more than {options.max_claims:,} figures: only its first "
        f"{len(read):,} characters were checked (option max_claims)"
    )
    return replace(head, text=answer, issues=(*head.issues, note))


def _narrow(sources: SourceSet, row_ids: frozenset[str], on: str | frozenset[str]) -> SourceSet:
    """The sources with result-set cells limited to one column family (a word) or to rows."""

    kept: list[Source] = []
    for s in sources.sources:
        if s.id in row_ids:
            if isinstance(on, str):  # (each column's words read once: hundreds of its cells)
                named = {c for c in {v.column for v in s.values} if on in column_words(c or "")}
                s = replace(s, values=tuple(v for v in s.values if v.column in named))
            else:
                s = replace(s, values=tuple(v for v in s.values if v.row in on))
            register(s, None)  # some cells only: no column totals from it
        kept.append(s)
    return SourceSet(kept, sources.issues)
