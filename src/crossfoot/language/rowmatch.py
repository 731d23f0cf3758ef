"""Which table row (and year column) a sentence names for a number: the ``wrong_row`` check.

A value can be a true number of the source and still be the wrong number: "net sales were $120m"
when 120 is the operating profit, or "revenue was $450m in 2019" when 450 is the 2018 figure. The
direct rule calls :func:`row_verdict` with the source values a claim matched; when every match is a
table cell, the sentence's words are compared with the row labels of the same table:

- labels and sentence are reduced to tokens: lowercase words, plurals folded ("revenues" ->
  "revenue"), stop words dropped, so "sales, net" and "net sales" are one label;
- a row is *named* when all its content tokens appear in the text around the number ("net" and
  "total" may be left out: "sales" names "Net sales"). The text is the number's own stretch of its
  clause (from the previous number), else the clause up to the number;
- the claim is ``wrong_row`` when a named row scores strictly better than every row the value sits
  in (score: the share of the row's tokens present), so ambiguous wording ("income" with both
  "net income" and "operating income" rows) never fails;
- a year written for the number ("$450m in 2019", "In 2019, ... $450m") must be the column year of
  one of the matches when that table has such a column (or, in a transposed table whose row
  labels are years, a row of the value's column);
- a longer row that only adds words the sentence never uses is not named: "Swiss" is not
  "Non-Swiss", "ending balance" is not "Beginning balance";
- a value also written in prose is still judged when the named row has its own cell in the
  matched column and no prose passage holding the value names that row;
- "the change in X is 5", "X fell by 5" (or "The change is 5" after X) fails when 5 is a cell
  of another row, or X's own figure outside a change column, and no two figures of X differ by
  5; "the average X is 5" likewise when no subset of X's figures averages to 5;
- "total sales were 934" fails when 934 is a part and a bare "Total" row has its own cell there;
- a bare answer line ("Answer: $5m") must restate the one figure of the sentence before it.

False alarms cost more than misses here: whenever the words cannot decide, the check passes.

The tokens live in :mod:`crossfoot.language.rowtokens`, the sentence before a claim in
:mod:`crossfoot.language.prevsentence`, the rows named for derivations (:func:`focus_group`,
:func:`states_a_cell`) in :mod:`crossfoot.language.rowfocus` (public names re-exported here).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations

from crossfoot.arithmetic.calculations import calculations_of
from crossfoot.language.average_columns import averages
from crossfoot.language.changewords import move_stated, moved_by, worded_change
from crossfoot.language.counted_year import counted_year
from crossfoot.language.cross_row_year import shared_year
from crossfoot.language.direction import clause_bounds
from crossfoot.language.figtail import tail_end
from crossfoot.language.named_sum import named_sum
from crossfoot.language.prevsentence import (
    _ANSWER_MARK,
    _THRESHOLD,
    _concluded,
    _previous_figure,
    _previous_sentence,
    _restated,
    _titled,
    change_before,
)
from crossfoot.language.prior_year import names_no_subject
from crossfoot.language.prose_row import prose_only_row
from crossfoot.language.rowfocus import _year_date, focus_group, focus_text, states_a_cell
from crossfoot.language.rowtables import (
    LabelTable,
    SaidText,
    describe_cell,
    judge,
    label_tables,
    rows_named_by,
    total_rows,
)
from crossfoot.language.rowtokens import OPTIONAL, label_tokens, names_row, required_tokens, tokens
from crossfoot.language.rowtokens import counted as _counted
from crossfoot.language.spaced_plus import spaced_plus
from crossfoot.language.stretch import segment_start
from crossfoot.language.unnamed_change import CHANGE_LABEL, maybe_change, unnamed_change
from crossfoot.model.context import ClaimContext, Verdict, mentions_between, mentions_ending_in
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated

__all__ = [
    "focus_group",
    "focus_text",
    "label_tokens",
    "names_row",
    "required_tokens",
    "row_verdict",
    "states_a_cell",
    "tokens",
]

# Arithmetic right next to a number: its row names nothing ("revenue − costs = 5").
_OPERATOR_NEAR = re.compile(r"[+−×÷=*/]|\s-\s|\\frac|\\times")


def _mute(ctx: ClaimContext, matches: Sequence[SourceValue]) -> bool:
    """Whether no table of the matched cells can find the words wrong, whatever they are.

    Then :func:`row_verdict` ends in ``None`` at the first such table (or finds no table),
    and only the answer-line check before its tables can still fail the claim. A table is
    mute when it is ``unnamed`` and one of its matched cells has no year: nothing is named, so
    every cell fits, that cell agrees with any year, and the change, total and average checks
    all need a named row or a "Total" row. A source or table that cannot be found ends the same.
    """
    found = False
    for sv in matches:
        if sv.table is None:
            continue
        found = True
        source = ctx.scope.source(sv.source_id)
        if source is None:
            return True
        table = label_tables(source).get(sv.table)
        if table is None or (table.unnamed and sv.year is None):
            return True
    # (a value in prose only: a table may still state the named row's figure, language/prose_row)
    return not found and not any(label_tables(s) for s in ctx.scope.sources)


_RESPECTIVELY = WordGated(re.compile(r"(?i)\brespectively\b"), ("respectively",))
_OF_AFTER = re.compile(  # (or its label in parentheses: "to 4,637 (North)"; "in W2", "in Wk 2")
    r"(?i)^\s*(?:(?:in|of|per|for)\s+((?:(?:w(?:k\s?|eek\s)?\d\d?\b|[a-z&,'-]+)\s*){1,4})"
    r"|\(((?:\s*[a-z&'.-]+){1,4})\s*\))"
)
_MINUS_NEXT = re.compile(r"-\s?\d")


def _respectively(ctx: ClaimContext) -> bool:
    s = ctx.sentence
    memo: dict[tuple[int, int], bool]
    memo = ctx.shared.setdefault("rowmatch.respectively", {})  # type: ignore[assignment]
    said = memo.get((s.start, s.end))
    if said is None:  # once per sentence: every claim of it asks
        said = _RESPECTIVELY.search(ctx.text[s.start : s.end]) is not None
        memo[(s.start, s.end)] = said
    return said


def _said(ctx: ClaimContext, said: str) -> SaidText:
    """The words of ``said`` run together ("totalassets") and its tokens (read when asked),
    once per answer for each sentence (every claim of a sentence asks)."""
    memo: dict[str, SaidText]
    memo = ctx.shared.setdefault("rowmatch.said", {})  # type: ignore[assignment]
    hit = memo.get(said)
    if hit is None:
        hit = memo[said] = SaidText(said)
    return hit


def _words(ctx: ClaimContext) -> set[str]:
    """Tokens of the text that names what the number is (see the module docstring)."""
    m, s = ctx.mention, ctx.sentence
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end, split_and=False)
    if _respectively(ctx):
        return set(tokens(ctx.text[s.start : s.end]))
    seg_start = lo
    for x in reversed([x for x in mentions_ending_in(ctx, lo, m.start) if x is not m]):
        end = tail_end(ctx.text, x.end, m.start)  # past its own words ("of total assets")
        brk = segment_start(ctx.text, end, m.start) if x.kind != "year" else None
        if brk is not None:
            seg_start = brk  # the previous figure's stretch ends here
            break
    own = set(tokens(ctx.text[seg_start : m.start]))
    own |= set(tokens(_after(ctx.text, m.end, hi)))
    if m.kind == "number" and m.currency is None:
        own |= set(tokens(_counted(ctx.text, m.end, hi)))  # "915 male employees"
    if own and not names_no_subject(own):  # ("versus ... the prior year": the clause's subject)
        return own
    return own | set(tokens(ctx.text[lo : m.start]))


def _after(text: str, start: int, hi: int) -> str:
    """Words right after the number that belong to it ("$5m of net sales", "$5m in revenue")."""
    tail = text[start:hi]
    m = _OF_AFTER.match(tail)
    return (m.group(1) or m.group(2)) if m else ""


def row_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the sentence names another row (or year) than every matching cell's.

    Returns ``None`` when the words cannot tell or agree; see the module docstring."""
    if not matches or not ctx.options.check_table_rows:
        return None
    if ctx.mention.value == 0:
        return None  # "$0": an empty or dashed cell of the named row may mean zero
    if _mute(ctx, matches) and _previous_figure(ctx) is None and not maybe_change(ctx):
        # No table can disagree, and without a figure before it the answer-line check passes
        # too (_concluded, _restated): skip reading the words (tests/test_rowmatch_gate.py).
        return None
    prose = [sv for sv in matches if sv.table is None]
    if any(sv.span is None or sv.field is not None for sv in prose):
        return None  # the value is also a record field: rows cannot decide
    every = tuple(matches)
    matches = [sv for sv in matches if sv.table is not None]
    if _in_arithmetic(ctx) or _threshold(ctx):
        return None
    said = _what_is_said(ctx, every)
    if said is None or isinstance(said, Verdict):
        return said
    if not said.words:  # nothing named
        return unnamed_change(ctx, every, said.change)
    if not matches:  # the value is in prose only: the table may state the row's own figure
        return prose_only_row(ctx, prose, said.words, said.year, said.date)
    reasons = _reasons(ctx, matches, prose, said)
    if not reasons:
        return None
    formula = reasons[0]
    return Verdict("wrong_row", Evidence("rows", "wrong_row", formula, tuple(matches[:1])), formula)


@dataclass(slots=True)
class _Said:
    """What the claim's sentence (or the one before it, for a bare answer line) names."""

    words: set[str]
    year: int | None
    text: str
    change: bool  # the figure is a change of the rows named ("the net change in X is 5")
    grows: bool  # a percentage after a movement word ("rose 12%")
    lo: int  # where the figure's clause starts
    date: tuple[int, int, int] | None = None  # a full date stated with the year ("June 30, 2025")
    moved: int | None = None  # the words before the figure state a move: its way (1, -1, 0)


def _what_is_said(ctx: ClaimContext, every: tuple[SourceValue, ...]) -> _Said | Verdict | None:
    m, s = ctx.mention, ctx.sentence
    lo, _ = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    # "The net change in X is 5": a change of the row X, so no year; judged only when no two
    # figures of the named rows differ by 5 (see _change_elsewhere).
    change = change_before(ctx.text, lo, m.start)
    if change and m.kind not in ("money", "number"):
        return None
    words = _words(ctx)
    year, date = _year_date(ctx)
    year = counted_year(ctx.text, m.end, every) if year is None else year  # "116 new stores in"
    said = ctx.text[s.start : s.end]
    if words <= _ANSWER_MARK:
        concluded = _concluded(ctx)
        if concluded is not None:
            formula = (
                f"the answer line states {m.text.strip()}, but the sentence before concludes "
                f"{concluded.text.strip()}"
            )
            ev = Evidence("rows", "wrong_row", formula, every[:1])
            return Verdict("wrong_row", ev, formula)
        restated = _restated(ctx) or _titled(ctx)  # (or a figure alone under a title)
        if restated is None:
            return unnamed_change(ctx, every, change)  # ("The change is 21": a level cell?)
        said, year = restated
        date = None
        words = set(tokens(said))
    if change and words <= _CHANGE_ONLY:
        # "The change is 5" right after "X was 7 in 2019 and 2 in 2018": a change of the rows
        # the sentence before names.
        found = _previous_sentence(ctx)
        if found is None:
            return unnamed_change(ctx, every, True)
        said = found
        words = set(tokens(said))
    grows = m.kind == "percent" and _MOVED.search(ctx.text, lo, s.end) is not None
    if change or grows:
        year = date = None  # "revenue rose 12% in 2023": a growth into 2023, not a 2023 figure
    moved = move_stated(ctx.text, s.start, m.start) if m.kind in ("money", "number") else None
    return _Said(words, year, said, change, grows, lo, date, moved)  # moved: "X fell by $20"


def _reasons(
    ctx: ClaimContext, matches: list[SourceValue], prose: list[SourceValue], said: _Said
) -> list[str]:
    """Why each table's matching cells disagree with the words; empty when some cell agrees."""
    by_table: dict[tuple[str, int], list[SourceValue]] = {}
    for sv in matches:
        assert sv.table is not None
        by_table.setdefault((sv.source_id, sv.table), []).append(sv)
    sentence = _said(ctx, said.text)
    glued = sentence.glued
    words, year, change, m = said.words, said.year, said.change, ctx.mention
    reasons: list[str] = []
    for (source_id, t), cells in by_table.items():
        source = ctx.scope.source(source_id)
        table = label_tables(source).get(t) if source is not None else None
        if table is None:
            return []
        reason = judge(
            table,
            cells,
            words,
            year if year is not None or change else shared_year(ctx, table, words, glued),
            _respectively(ctx),
            glued,
            sentence,
            columns=not (change or said.grows),
            date=said.date,
            money=m.kind == "money",  # ("West's stores brought in $24.0M": no count column)
        )
        if reason is None and change:
            reason = _level_not_change(ctx, table, cells, words, glued)
        if reason is None and not change and m.kind in ("money", "number"):
            reason = _total_named(table, cells, words, glued, sentence)
        if reason is None and not change and year is None and _averaged(ctx, said.lo):
            reason = _level_not_average(ctx, table, cells, words, glued)
        if reason is None or named_sum(m.value, m.precision, table, cells, words, glued, year):
            return []  # some match agrees with the words, or the rows named add up to it
        if prose and not _prose_elsewhere(ctx, prose, table, cells, words, glued, year):
            return []
        way = 0 if change else said.moved  # a change stated either way, or a move's way
        if way is not None and not _change_elsewhere(ctx, table, cells, words, glued, way):
            # their change, not a cell (one in words: direct.direct_match defers the wrong row)
            return [reason] if worded_change(ctx) else []
        reasons.append(reason)
    return reasons


_MOVED = re.compile(
    r"(?i)\b(?:r[io]se[ns]?|rising|gr[eo]w[ns]?|growing|increas\w*|decreas\w*|f[ae]ll[s]?|falling"
    r"|declin\w*|drop\w*|up|down|higher|lower|gain\w*|growth)\b"
)
# Words of a sentence that states a change and names no row ("The net change is 5").
_CHANGE_ONLY = frozenset(
    {"change", "difference", "increase", "decrease", "absolute", "net", "explanation", "answer"}
)


def _level_not_change(
    ctx: ClaimContext, table: LabelTable, cells: Sequence[SourceValue], words: set[str], glued: str
) -> str | None:
    """Why "the change in X is 5" is wrong when 5 is X's own figure for one year (not in a
    change column) and no two figures of X differ by 5: the answer states a level, not a change.
    """
    named = rows_named_by(table, words, glued)  # (a row with no label: a subtotal, a level)
    if not cells or any(c.row is not None and c.row not in named for c in cells):
        return None
    if any(CHANGE_LABEL.search(c.column or "") for c in cells):
        return None
    if any(CHANGE_LABEL.search(n) for n in named):
        return None  # "Net change in cash balance": the change word is the row's own name
    if not _change_elsewhere(ctx, table, cells, words, glued):
        return None
    return f"value is {describe_cell(cells[0])} itself, not a change of it"


def _total_named(
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    glued: str,
    said: SaidText,
) -> str | None:
    """Why "total sales in 2019 were 934" is wrong when 934 is a part (Foodservice) and the table
    has a bare "Total" row with a cell in the same column: the sentence names that row.

    Only when the sentence names no row at all, uses none of the value's row words, and the
    value's row is no total itself.
    """
    if "total" not in words or rows_named_by(table, words, glued):
        return None
    totals = total_rows(table.rows)
    if not totals:
        return None
    sentence = said.words()
    for c in cells:
        toks = table.rows.get(c.row or "", frozenset())
        if "total" in toks or (toks - OPTIONAL) & sentence:
            return None
        if "total" in tokens(c.column or ""):
            return None  # "Total Number of Shares Purchased": the column's total, not the row's
        if not any(sv.row in totals and sv.column == c.column for sv in table.cells):
            return None
    return f"value is in {describe_cell(cells[0])}, but the sentence names the total"


_AVERAGE = re.compile(r"(?i)\b(?:average|avg|mean)\b")  # ("Avg price": the column is the average)
# "Weighted-average exchange rate", "average balance": a measure of one period, not a mean of years.
_AVERAGE_OF_YEARS = re.compile(r"(?i)(?<!weighted[- ])\b(?:average|mean)\b")


def _averaged(ctx: ClaimContext, lo: int) -> bool:
    """The clause before the number says "average" (not "weighted average"), and no year is
    stated for the number (the caller checks): an average over the row's years."""
    found = None
    for hit in _AVERAGE_OF_YEARS.finditer(ctx.text, lo, ctx.mention.start):
        found = hit  # the last "average" before the number
    if found is None:
        return False
    # "an average basket of €38 across 12,400 orders": the average is the €38; a figure that
    # follows another figure is that figure's context, not the average.
    between = mentions_between(ctx, found.end(), ctx.mention.start)
    return not any(m.kind != "year" for m in between)


def _level_not_average(
    ctx: ClaimContext, table: LabelTable, cells: Sequence[SourceValue], words: set[str], glued: str
) -> str | None:
    """Why "the average X is 5" is wrong when 5 is X's own figure for one year and no two or
    more figures of X average to 5 (at most 8 figures are tried: 247 subsets).
    """
    if ctx.mention.kind not in ("money", "number"):
        return None
    named = rows_named_by(table, words, glued)
    if not cells or any(c.row not in named for c in cells):
        return None
    if any(
        averages(c.column, ctx.sentence.text) or _AVERAGE.search(n.replace("_", " "))
        for c in cells
        for n in named
    ):
        return None  # "Average balance", "Weighted average shares": the row or column's own name
    views = {c.view for c in cells} | {"both"}
    vals = [sv.value for sv in table.cells if sv.row in named and sv.view in views]
    if not 2 <= len(vals) <= 8:
        return None
    target, tol = ctx.mention.value, ctx.mention.precision
    for k in range(2, len(vals) + 1):
        for combo in combinations(vals, k):
            if abs(sum(combo, Decimal(0)) / k - target) <= tol:
                return None
    return f"value is {describe_cell(cells[0])} itself, not an average of it"


def _change_elsewhere(
    ctx: ClaimContext,
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    glued: str,
    way: int = 0,
) -> bool:
    """Whether "the change in X is 5" cannot be a change of the rows it names: no two figures of
    them (in the cell's unit view) differ by 5 at its precision, the later one higher for a rise
    (``way`` 1) or lower for a fall (-1), so the 5 taken from another row is the wrong number."""
    named = rows_named_by(table, words, glued)
    if not named:
        return False
    views = {c.view for c in cells} | {"both"}
    vals = [sv for sv in table.cells if sv.row in named and sv.view in views]
    if len(vals) < 2:
        return False  # the change may come from figures the table does not hold
    return not moved_by(vals, abs(ctx.mention.value), ctx.mention.precision, way)


def _prose_says(ctx: ClaimContext, sv: SourceValue, word: str) -> bool:
    """Whether the prose passage around ``sv`` (or a source that cannot be read) has ``word``."""
    source = ctx.scope.source(sv.source_id)
    if source is None or sv.span is None:
        return True
    a, b = sv.span
    return word in source.text[max(0, a - 300) : b + 100]


def _prose_elsewhere(
    ctx: ClaimContext,
    prose: Sequence[SourceValue],
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    glued: str,
    year: int | None = None,
) -> bool:
    """Whether a value that is also written in prose is still the wrong row of ``table``.

    Only when the row the sentence names has its own cell in the matched cell's column (so the
    table states that row's figure, and it is another number), and no prose passage that holds
    the value names that row ("cash from operating activities of $497 million").
    """
    named = rows_named_by(table, words, glued)
    if not named or all(c.row in named for c in cells):
        # A wrong year: wrong in prose too unless a passage holding the value says that year.
        return year is not None and not any(_prose_says(ctx, sv, str(year)) for sv in prose)
    columns = {c.column for c in cells}
    if not any(sv.row in named and sv.column in columns for sv in table.cells):
        return False
    for sv in prose:
        source = ctx.scope.source(sv.source_id)
        if source is None or sv.span is None:
            return False
        a, b = sv.span
        around = set(tokens(source.text[max(0, a - 160) : b + 60]))
        if any(table.req[n] <= around for n in named):
            return False
    return True


def _threshold(ctx: ClaimContext) -> bool:
    """ "less than $800 million": a bound the answer compares with, not a value it reports."""
    m = ctx.mention
    return _THRESHOLD.search(ctx.text[max(0, m.start - 25) : m.start]) is not None


def _in_arithmetic(ctx: ClaimContext) -> bool:
    """The number is an operand or result of written arithmetic: labels around it mean little."""
    m = ctx.mention
    near = ctx.text[max(0, m.start - 3) : m.start] + " " + ctx.text[m.end : m.end + 3]
    if _OPERATOR_NEAR.search(near) and not spaced_plus(ctx.text, m.start):  # "(+ 15)": a sign
        return True
    if _MINUS_NEXT.match(ctx.text[m.end : m.end + 3]):
        return True  # "1,347-891=456": a minus glued to the next operand
    return any(ctx.position == c.result or ctx.position in c.operands for c in calculations_of(ctx))
