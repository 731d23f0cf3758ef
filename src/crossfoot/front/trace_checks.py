"""The checks ``trace`` runs on the engine's verdicts: what the answer's words say about the
rows.

A figure the sentence ties to one column or to some rows is checked again against those cells
only; a figure of another row than the one named, a comparison the values contradict, a
derivation across units, and a percentage change written where points are meant are flagged.
See :mod:`crossfoot.front.trace` for the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from typing import TypeGuard, cast

from crossfoot.front.policy import Policy
from crossfoot.front.trace_chance import by_chance
from crossfoot.front.trace_keep import column_words, measured_words
from crossfoot.front.trace_mixed import mixed_units
from crossfoot.front.trace_own_rows import named_sum, own_value
from crossfoot.language.latest_step import latest_step
from crossfoot.language.short_forms import short_named
from crossfoot.language.week_spelling import weeks_as_labels
from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.report.result import Report
from crossfoot.sources.load import SourceSet
from crossfoot.sources.rows import (
    TableInfo,
    labels_named,
    row_named,
    rows_named,
)
from crossfoot.sources.rows_days import day_named
from crossfoot.sources.rows_months import day_of
from crossfoot.sources.rows_names import labels_opening

__all__ = ["TraceContext", "finish"]

_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*")


class TraceContext:
    """What the answer checks need to know about the result sets (found once per trace: every
    claim asks)."""

    __slots__ = ("_rows", "info", "measured", "policy", "question", "row_ids")

    def __init__(
        self, policy: Policy, info: Sequence[TableInfo], question: str | None = None
    ) -> None:
        self.policy = policy
        # the user's question names rows too: "The change was $530,000." answers "What was the
        # change in Oceania's revenue?" about Oceania
        self.question = question or ""
        self.info = info
        self.row_ids = frozenset(t.name for t in info)
        self.measured = _measured_words(info)
        self._rows: dict[str, int] = {}
        for t in info:
            self._rows.setdefault(t.name, t.rows)  # the first of a name, as a scan finds

    def rows_in(self, source_id: str) -> int:
        return self._rows.get(source_id, 0)

    def named_rows(self, sentence: str) -> frozenset[str]:
        return frozenset(label for t in self.info for label in labels_named(t.labels, sentence))


def finish(
    report: Report,
    ctx: TraceContext,
    about: Callable[[str | frozenset[str]], Report],
    sources: SourceSet,
) -> Report:
    """The row-aware checks on the engine's verdicts (see :mod:`crossfoot.front.trace`), then
    row-checker names in evidence and ``unmatched_percent="pass"``."""
    claims: list[Claim] = []
    changed = False
    previous_end: dict[int, int] = {}
    for c in report.claims:
        start = max(c.sentence.start, previous_end.get(c.sentence.index, 0))
        previous_end[c.sentence.index] = c.mention.end
        if c.passed:
            anchored, final = _anchored(report, c, start, ctx, about, sources)
            checked = anchored if final else _worded(report.text, anchored, ctx)
        else:  # (every check of a passing claim's evidence and wording leaves it as it is)
            checked = _worded_failing(c, ctx.policy)
        if checked is not c:
            changed = True
        if checked is not None:
            claims.append(checked)
    return replace(report, claims=tuple(claims)) if changed else report


def _anchored(
    report: Report,
    c: Claim,
    start: int,
    ctx: TraceContext,
    about: Callable[[str | frozenset[str]], Report],
    sources: SourceSet,
) -> tuple[Claim, bool]:
    """The claim checked again against the column or the rows its sentence names, and whether
    that verdict is final."""
    named = _named_column(report.text, c, start, ctx.row_ids, ctx.measured)
    if named:
        again = _again(about, named.lower().rstrip("s"), c)
        if not _decides(again):
            why = (
                f"the answer ties {c.mention.text} to {named!r}, but only "
                f"{c.evidence.formula if c.evidence else 'another column'} matches"
            )
            return _unsupported(c, why), True
        c = again  # the verdict against the column the answer names
    other = _other_row(report.text, c, start, ctx, sources)
    if other is not None:
        return other, True
    loose = _unanchored(c, ctx, report.claims)
    if loose:
        rows = ctx.named_rows(f"{c.sentence.text} {ctx.question}")
        again = _again(about, rows, c) if rows else None
        if again is not None and again.passed and _unanchored(again, ctx, report.claims):
            again = None
        if not _decides(again):
            why = (
                f"only {c.evidence.formula if c.evidence else 'a derivation'} "
                f"matches, from rows the answer does not name ({', '.join(loose)})"
            )
            return _unsupported(c, why), True
        c = again  # the verdict among the rows the sentence names
    return by_chance(c, f"{report.text} {ctx.question}", sources, bool(named))


def _worded(text: str, c: Claim, ctx: TraceContext) -> Claim | None:
    """Comparisons, units, percentages and evidence names; None drops the claim."""
    policy = ctx.policy
    compared = _comparison(text, c, ctx)
    if compared is not None:
        return compared
    mixed = mixed_units(c, ctx.row_ids)
    if mixed:
        return _unsupported(
            c,
            f"only {c.evidence.formula if c.evidence else 'a derivation'} "
            f"matches, and it combines different units ({mixed})",
        )
    if (
        policy.unmatched_percent == "pass"
        and c.status == "unsupported"
        and c.mention.kind in ("percent", "pp")
    ):
        return None  # a percentage of something outside the rows: not checked
    ev = c.evidence
    if (
        c.passed
        and ev is not None
        and ev.kind == "pp_change"
        and c.mention.kind == "percent"
        and not policy.flat
    ):
        # "margin rose 1.5%" for 12.5% -> 14.0%: the relative change is 12 %; 1.5 is points.
        return _unsupported(
            c,
            f"{c.mention.text} is a change in percentage points ({ev.formula}); "
            "write it as points, or give the relative change",
        )
    if ev is not None and ev.rule == "derive" and ev.kind == "share":
        return replace(c, evidence=_renamed(ev, "percent"))
    return c


def _worded_failing(c: Claim, policy: Policy) -> Claim | None:
    """:func:`_worded` of a claim that does not pass (:func:`_anchored` returns it unchanged and
    not final): only the unmatched percentage and the evidence's name apply to it."""
    if (
        policy.unmatched_percent == "pass"
        and c.status == "unsupported"
        and c.mention.kind in ("percent", "pp")
    ):
        return None
    ev = c.evidence
    if ev is not None and ev.rule == "derive" and ev.kind == "share":
        return replace(c, evidence=_renamed(ev, "percent"))
    return c


def _again(
    about: Callable[[str | frozenset[str]], Report], on: str | frozenset[str], c: Claim
) -> Claim | None:
    """The claim at the same place, checked against the narrowed cells."""
    return next((a for a in about(on).claims if a.span == c.span), None)


def _decides(again: Claim | None) -> TypeGuard[Claim]:
    """A narrowed re-check decides when it passes, or fails for another reason than "nothing
    matches" (a wrong row, a contradiction)."""
    return again is not None and (again.passed or again.status != "unsupported")


def _unsupported(c: Claim, message: str) -> Claim:
    return replace(c, status="unsupported", message=message)


@lru_cache(maxsize=256)  # _named_column and _other_row read the same claim's clause
def _clause(text: str, start: int, end: int) -> str:
    """The figure's own clause: from the last clause break (or the previous figure, minus the
    noun that belongs to it) up to the figure."""
    parts = _CLAUSE_BREAK.split(text[start:end])
    clause = parts[-1]
    if len(parts) == 1 and start > 0 and text[start - 1 : start].isalnum():
        clause = _NOUN_AFTER.sub("", clause, count=1)
    return clause


def _other_row(
    text: str, c: Claim, start: int, ctx: TraceContext, sources: SourceSet
) -> Claim | None:
    """``wrong_row`` for a cell whose row the figure's own clause does not name, when it names
    other rows of the same result set ("North America had $3.15M" for Europe's cell).

    Another cell of a named row that also matches the figure clears it (duplicate values).
    """
    ev = c.evidence
    if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
        return None
    cell = ev.operands[0]
    if cell.source_id not in ctx.row_ids or cell.row is None or ctx.rows_in(cell.source_id) < 2:
        return None
    info = next(t for t in ctx.info if t.name == cell.source_id)
    # A row written right after the figure is its own ("$3.21M in 2023"); otherwise the rows its
    # clause names before it, without the one that belongs to the previous figure.
    after = _OWN_ROW.match(weeks_as_labels(info.labels, text[c.mention.end : c.mention.end + 80]))
    named = _labels_at(info, after.group(1)) if after else set()
    if not named:
        clause = weeks_as_labels(info.labels, _clause(text, start, c.mention.start))
        if start > c.sentence.start:
            clause = _OWN_ROW.sub("", clause, count=1)
        labels = info.labels
        named = {cast(str, labels[i]) for i in rows_named(labels, clause, clause.lower())}
    if not named:
        return None
    # (by index: a series' rows carry the names a sentence uses, "March" for "March 2024";
    # a row's label looked up by its index, not every row's: 20,000 rows took 1 ms a figure)
    labels = info.labels

    def is_named(i: int | None) -> bool:
        return i is not None and 0 <= i < len(labels) and labels[i] in named

    if is_named(cell.row_index):
        return None
    source = sources.get(cell.source_id)
    own = [v for v in source.values if is_named(v.row_index)] if source is not None else []
    if own_value(text, c, cell, own):  # a named row's own cell, or its change, matches too
        return None
    said = ctx.named_rows(c.sentence.text)  # "A and B together brought in X": their sum
    if source is not None and (summed := named_sum(c, cell, source.values, labels, said)):
        return summed
    where = ", ".join(sorted(named))
    return replace(
        c,
        status="wrong_row",
        message=f"value is in {cell.label}, but the figure is given for {where}",
    )


_YEARISH = re.compile(r"(?:FY\s?)?(?:19|20)\d\d", re.I)
_OWN_ROW = re.compile(r"^\s*\)?\s*(?:in|for|at|during|from)\s+(?:the\s+)?([^,;.]{1,60})", re.I)


def _labels_at(info: TableInfo, head: str) -> set[str]:
    """Row labels that ``head`` starts with ("2023 before dipping" -> {"2023"})."""
    low = head.lower()
    return {
        label
        for label in labels_opening(info.labels, low)
        if row_named(label, head[: len(label) + 1])
    }


def _rows_by_value(c: Claim, claims: Sequence[Claim]) -> set[str]:
    """Rows whose cells other figures of the sentence state ("from 320 in January to 505")."""
    return {
        o.row
        for other in claims
        if other is not c
        and other.passed
        and other.sentence.index == c.sentence.index
        and other.evidence is not None
        and other.evidence.rule == "direct"
        for o in other.evidence.operands
        if o.row is not None
    }


def _unanchored(c: Claim, ctx: TraceContext, claims: Sequence[Claim] = ()) -> tuple[str, ...]:
    """Rows a derivation over result rows used that the sentence does not name.

    A % change, difference, ratio or sum picks two or more cells out of many; with a dozen rows
    some pair lands near almost any figure. It counts only when the sentence names the rows it
    combines ("North America made 53% more than Europe"), or states their cells ("from 320 to
    505, a 57.8% increase"); between two periods, naming one is enough ("revenue rose 12% in
    2023", "orders rose 12.5% in February"). A result set of one or two rows needs no names.
    """
    ev = c.evidence
    if not c.passed or ev is None or ev.rule not in ("derive", "multi") or len(ev.operands) < 2:
        return ()
    ops = ev.operands
    if not all(o.source_id in ctx.row_ids for o in ops):
        return ()
    if all(ctx.rows_in(o.source_id) <= 2 for o in ops):
        return ()
    labels = list(dict.fromkeys(o.row for o in ops))
    if None in labels:
        return ("rows without a key",)
    text = f"{c.sentence.text} {ctx.question}"
    cited = _rows_by_value(c, claims)
    missing = tuple(
        label
        for label in labels
        if label
        and label not in cited
        and not row_named(label, text)
        and not day_named(label, text)  # "March 2" of a row "2024-03-02"
    )
    if not missing:
        return ()
    if (
        len(labels) == 2
        and len(missing) == 1
        and (
            all(label and _YEARISH.fullmatch(label) for label in labels)
            or all(o.period is not None for o in ops)  # two months or quarters of a series
            or _next_days(ops)  # "rose 11.7% on March 3": from the day before
        )
    ) or latest_step(text, ops, ctx.rows_in(ops[0].source_id)):  # ("month over month")
        return ()
    return missing


def _next_days(ops: Sequence[SourceValue]) -> bool:
    """Two cells of one column in rows next to each other, each labelled by a date."""
    a, b = ops[0], ops[-1]
    if a.row_index is None or b.row_index is None or abs(a.row_index - b.row_index) != 1:
        return False
    return a.col_index == b.col_index and all(day_of(o.row or "") is not None for o in (a, b))


_MORE = r"more|higher|greater|larger|bigger|above|over|up|ahead"
_LESS = r"less|lower|smaller|fewer|below|under|down|behind"
_THAN = re.compile(
    rf"^(?P<gap>[^.;]{{0,50}}?)\b(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\b"
    r"(?:[^.;]{0,30}?\bthan\b|(?<=above|below)|(?<=over)|(?<=under))\s+"
    r"(?:that of\s+|those of\s+)?"
    r"(?P<base>[^.;]{1,60})",
    re.IGNORECASE,
)


# "month over month", "year-over-year": a rate's name, no base ("rose 19.3% month over month in
# March" is March against February, not something against March).
_PERIOD_OVER = re.compile(r"(?i)\b(day|week|month|quarter|year)[\s-]+(?:over|on)[\s-]+\1\b")


def _blank(hit: re.Match[str]) -> str:
    return " " * len(hit.group())


def _comparison(text: str, c: Claim, ctx: TraceContext) -> Claim | None:
    """ "A made 53% more than B": the row after "than" is the base, the other row the subject.

    The engine matches the size of a change between two cells; between two rows it cannot know
    which is the base. The answer's wording says: the claim holds only when subject against base
    gives the stated change with the stated sign ("more" up, "less" down).
    """
    ev = c.evidence
    if not c.passed or ev is None or ev.kind not in ("percent_change", "difference"):
        return None
    if len(ev.operands) != 2 or not all(o.source_id in ctx.row_ids for o in ev.operands):
        return None
    x, y = ev.operands
    if x.row is None or y.row is None or x.row == y.row:
        return None
    m = _THAN.match(_PERIOD_OVER.sub(_blank, text[c.mention.end : c.sentence.end]))
    if m is None:
        return None
    head = m.group("base")[:80]
    base_is = [o for o in (x, y) if row_named(o.row, head[: len(o.row or "") + 12])]
    if len(base_is) != 1:
        return None
    base = base_is[0]
    subject = y if base is x else x
    if base.value == 0:
        return None
    if ev.kind == "percent_change":
        if subject.value == 0:
            return None
        actual = (subject.value / base.value - 1) * 100
        reverse = (base.value / subject.value - 1) * 100  # the rows the other way round
        unit = "%"
    else:
        actual = subject.value - base.value
        reverse = -actual
        unit = ""
    size = abs(c.mention.value)
    stated = size if m.group("more") else -size
    if ctx.policy.flat:
        window = max(
            (ctx.policy.rel_tolerance or Decimal(0)) * size, ctx.policy.abs_tolerance or Decimal(0)
        )
    else:
        window = c.mention.precision
    if abs(actual - stated) <= window:
        return None
    where = f"{subject.label} against {base.label} is {_short(actual)}{unit}"
    if abs(actual + stated) <= window or abs(reverse - stated) <= window:
        return replace(
            c,
            status="contradicted",
            message=f"the size matches, but {where}: the wording states the opposite direction",
        )
    return replace(c, status="unsupported", message=f"{where}, not {_short(stated)}{unit}")


def _short(value: Decimal) -> str:
    return format_decimal(value.quantize(Decimal("0.01")))


_CLAUSE_BREAK = re.compile(r"[;:,()\u2013\u2014]|\s-\s|\band\b|\bwhile\b|\bbut\b")
_NOUN_AFTER = re.compile(
    r"^\s*(?:(?:of|in)\s+(?:(?:the|all|total|our|their|its)\s+)*)?([A-Za-z][A-Za-z_-]*)"
)


def _measured_words(info: Sequence[TableInfo]) -> frozenset[str]:
    """Singular words of the measured columns' names: not the key's, nor a period column's."""
    words: set[str] = set()
    for t in info:
        words.update(measured_words(tuple(c for c in t.columns if c != t.periods), t.key))
    return frozenset(words - _GENERIC)


# Column-name words too generic to say which column a figure is about.
_GENERIC = frozenset(
    """total count value amount number sum avg mean pct percent rate share change new net gross
    level data metric figure item""".split()
)


def _named_column(
    text: str, c: Claim, start: int, row_ids: frozenset[str], measured: frozenset[str]
) -> str:
    """A column word the answer ties to a figure when the matching cells sit in other columns.

    The figure's own noun ("61 stores", "32% of revenue") decides when it names a column;
    otherwise the words of its clause before it ("Revenue fell 12%"): if some name columns and
    none of them is a column the evidence used, the figure is about another column. "" when there
    is no conflict, or nothing to compare (prose sources, records, row counts).
    """
    ev = c.evidence
    if not c.passed or ev is None or not ev.operands or ev.kind == "count":
        return ""  # ("Two plans have over 3,000 subscribers": the noun counted names the rows)
    columns: dict[str, None] = {}  # (a column sum's dozen cells name one column)
    for o in ev.operands:
        if o.source_id not in row_ids or o.column is None:
            return ""
        columns[o.column] = None
    m = _NOUN_AFTER.match(text[c.mention.end : c.mention.end + 60])
    word = m.group(1).lower().rstrip("s") if m is not None else ""
    clause = _clause(text, start, c.mention.start)
    if short_named(
        clause, tuple(columns)
    ):  # "average order value" of ``aov``: language.short_forms
        return ""
    before: list[str] = [w for w in _WORD.findall(clause) if w.lower().rstrip("s") in measured]
    used = _used(columns)
    if m is not None and word in measured:  # ("Returns totaled 140 units": the subject's unit)
        return "" if word in used or {w.lower().rstrip("s") for w in before} & used else m[1]
    if before:  # the columns' words only when the clause names a column at all
        if not any(w.lower().rstrip("s") in used for w in before):
            return before[-1]
    return ""


def _used(columns: dict[str, None]) -> frozenset[str]:
    """The words of the columns the evidence used (each column once)."""
    if len(columns) == 1:
        return column_words(next(iter(columns)))
    return frozenset().union(*map(column_words, columns))


def _renamed(ev: Evidence, kind: str) -> Evidence:
    return replace(ev, kind=kind)
