"""A figure a sentence gives as a series' yearly average, or its total over years, is not one
year's cell.

"North's sales averaged 1,200 a year" over a table of North's 2021-2023 sales (800, 1,200,
2,500): the figure equals 2022's cell, so it passed as ``supported_exact``, yet the row's mean
is 1,500. When the sentence says a mean per year ("averaged ... a year", "an annual average
of", "the average ... over the last three years", "averaged ... from 2021 to 2023") or a total
over years ("total sales over the three years", "sales totalled ... from 2021 to 2023") and the
figure met only cells of one series of years (a row under year columns, or a column beside a
row per year), that series' mean or sum is what it claims, over the years the sentence names
(two or more, or the last / first N): a figure outside it at its stated precision is
``contradicted``. Not a total whose sentence moves ("the change in total revenue"), nor a mean
whose span follows a year or a move ("average price in 2021 was 10.0, and from 2021 to 2023 it
rose"): words of the sentence, not letters inside them ("enterprise" holds "rise"). Called by
``rules._aggregate_named``; a series of fewer than two years, or a cell of a line that is
itself a total or an average ("Average price", "Total"), is left alone.

>>> from crossfoot import check
>>> t = '[["Region", "2021", "2022", "2023"], ["North", "800", "1,200", "2,500"]]'
>>> check("North's sales averaged 1,200 a year.", [t]).claims[0].status
'contradicted'
>>> check("North's sales averaged 1,500 a year.", [t]).passed
True
>>> check("North's total sales over the three years were 2,500.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.summary_lines import line_role
from crossfoot.language.years import YEAR, period
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal, kind_family
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._series_words import relative_span

__all__ = [
    "IN_SENTENCE",
    "SPAN",
    "cell_contradicted",
    "year_mean_verdict",
    "year_series",
    "year_total_verdict",
]

# a character of the sentence, a decimal point inside its figures too ("totalled $9.5M over")
IN_SENTENCE = r"(?:[^.;]|\.(?=\d))"
# years the sentence spans: "over the last three years", "from 2021 to 2023", "in 2021-2023"
# (not "in 2021 and 2022": two years listed, as often of a figure each, "respectively")
SPAN = (
    r"(?:(?:over|across|in|during|for)\s+(?:the\s+|its\s+|these\s+|those\s+)?(?:(?:last|past|"
    r"first|prior)\s+)?(?:\d|two|three|four|five|six|seven|eight|nine|ten)\w*\s+(?:fiscal\s+)?years"
    r"\b|(?:(?:from|between)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d\d\s*(?:to|and|through|-|–)|(?:in|"
    r"for|during|over)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d\d\s*(?:to|through|-|–))\s*(?:fiscal\s+|"
    r"fy\s*)?(?:19|20)\d\d\b)"
)
_TOTAL = re.compile(
    rf"(?i)\b(?:total(?:l?ed|s|ing)?|combined|cumulative|aggregate|summed|added\s+up\s+to)\b"
    rf"{IN_SENTENCE}{{0,40}}?\b{SPAN}"
)
_WORD = re.compile(r"[a-z]+")
_SPAN_RE = re.compile(rf"(?i)\b{SPAN}")
_TOTAL_WORDS = ("total", "combined", "cumulative", "aggregate", "summed", "added up")
# (a change of a total is no sum of years, nor is a cumulative return: an index's level; the
# stems start a word of the sentence: "enterprise" holds "rise", "against" "gain")
_MOVES = ("chang", "increas", "decreas", "differen", "grow", "grew", "rose", "rise", "fell", "fall",
          "declin", "drop", "gain", "loss", "growth", "return")  # fmt: skip


def year_mean_verdict(
    ctx: ClaimContext, values: Sequence[SourceValue], said: str, at: int, periods: bool = False
) -> Verdict | None:
    """``contradicted`` when the figure met one series' year cells only and is off the
    series' mean over its years (module docstring); else None. ``said`` is the sentence's
    words of the mean, from ``at`` in the sentence; ``periods``: a mean per quarter or month,
    over a row's period columns ("Q1 2024" ... "Q4 2024")."""
    if not _governs(ctx, at) or not _spans_mean(said, _named_words(values)):
        return None
    if periods:
        return _over_periods(ctx, values, said)
    return _over_years(ctx, values, said, "mean")


def _spans_mean(said: str, own: frozenset[str] = frozenset()) -> bool:
    """Whether the words of a mean over a span of years give the span to the mean: not when a
    year or a move comes between "average" and the span ("average price in 2021 was 10.0, and
    from 2021 to 2023 it rose"; "the average price rose to 11.5 from 2021 to 2023").

    >>> _spans_mean("averaged 10.0 from 2021 to 2023"), _spans_mean("averaged 9 a year")
    (True, True)
    >>> _spans_mean("average price rose to 11.5 from 2021 to 2023")
    False
    >>> _spans_mean("average returns over the three years", frozenset({"returns"}))
    True
    """
    span = _SPAN_RE.search(said)
    if span is None:
        return True  # "averaged 1,850 a year"
    head = said[: span.start()]
    return YEAR.search(head) is None and not _moved(head, own)


def _moved(low: str, own: frozenset[str] = frozenset()) -> bool:
    """Whether a word of ``low`` starts with a stem of movement (``_MOVES``), other than the
    words ``own`` of the line the figure met: a line named *Returns* (goods sent back) or
    *Gains on sales* is a quantity, its name no move of the sentence."""
    return any(w.startswith(_MOVES) and w not in own for w in _WORD.findall(low.lower()))


def _named_words(values: Sequence[SourceValue]) -> frozenset[str]:
    """The words of the row and column labels of the cells a figure met (``_moved``); none for
    a rate or a line that accumulates ("Cumulative return": an index's level, no sum)."""
    labels = {x.lower() for v in values for x in (v.row, v.column) if x}
    if any(v.kind == "percent" for v in values) or any(
        w in label for label in labels for w in _TOTAL_WORDS
    ):
        return frozenset()
    return frozenset(w for label in labels for w in _WORD.findall(label))


def _over_periods(ctx: ClaimContext, values: Sequence[SourceValue], said: str) -> Verdict | None:
    v = values[0]
    own = period(v)
    if v.table is None or v.row_index is None or own is None or own[1] is None:
        return None
    if (
        any(
            (w.source_id, w.table, w.row_index) != (v.source_id, v.table, v.row_index)
            for w in values
        )
        or line_role(v.row) is not None
        or line_role(v.column) is not None
    ):
        return None
    family = kind_family(v.kind)
    row: dict[tuple[int, int | None], Decimal] = {}
    for w in ctx.scope.values():
        p = period(w)
        if (
            p is not None
            and p[1] is not None
            and (w.source_id, w.table, w.row_index, w.view)
            == (v.source_id, v.table, v.row_index, v.view)
            and kind_family(w.kind) == family
            and line_role(w.column) is None
        ):
            row[p] = w.value
    if len(row) < 3:
        return None
    mean = sum(row.values(), Decimal(0)) / len(row)
    lo, hi = claim_interval(ctx)
    if lo <= mean <= hi:
        return None
    shown = format_decimal(mean.quantize(Decimal("0.01")).normalize())
    why = (
        f"the sentence gives an average per period ({said!r}); {v.row}'s mean over its "
        f"{len(row)} periods is {shown}, and the figure is {v.describe()}, one period's cell"
    )
    return cell_contradicted(v, why)


def _governs(ctx: ClaimContext, at: int) -> bool:
    """Whether the claim is the first figure of its kind from ``at`` (in its sentence) on: "in
    2021 it was $9.5M, above its average of $8.7M over 2020-2023" holds the $8.7M to the mean,
    not the $9.5M before the words."""
    m, start = ctx.mention, ctx.sentence.start + at
    after = [o.start for o in ctx.sentence_mentions if o.claim and o.kind == m.kind]
    return m.start >= start and min((x for x in after if x >= start), default=-1) == m.start


def year_total_verdict(ctx: ClaimContext, values: Sequence[SourceValue]) -> Verdict | None:
    """``contradicted`` when the sentence gives a total over years and the figure met one
    series' year cells only, off their sum (module docstring); else None."""
    low = ctx.sentence.text.lower()
    if not any(w in low for w in _TOTAL_WORDS) or ctx.mention.high is not None:
        return None
    m = ctx.mention
    if "respectively" in low or any(
        o.start != m.start and o.kind == m.kind and o.claim for o in ctx.sentence_mentions
    ):
        return None  # figures listed, as often one a year: the total is no single figure's
    if _moved(low, _named_words(values)):
        return None  # "the change in total revenue from 2022 to 2023" (words, not "enterprise")
    said = _TOTAL.search(ctx.sentence.text)
    if said is None or not _governs(ctx, said.start()):
        return None  # the total word governs the figure after it
    return _over_years(ctx, values, said.group(0), "total")


def _over_years(
    ctx: ClaimContext, values: Sequence[SourceValue], said: str, how: str
) -> Verdict | None:
    cells = [v for v in values if v.table is not None and v.row_index is not None]
    if not cells or len(cells) != len(values) or any(v.year is None for v in cells):
        return None
    v = cells[0]
    if any(
        (w.source_id, w.table, w.row_index) != (v.source_id, v.table, v.row_index) for w in cells
    ):
        return None
    if line_role(v.row) is not None or line_role(v.column) is not None:
        return None  # the matched cell is itself a total or an average line
    row, name = _named_series(ctx, v)
    named = sorted({int(y) for y in YEAR.findall(ctx.sentence.text)} & set(row))
    if len(named) >= 2:
        row = {y: x for y, x in row.items() if named[0] <= y <= named[-1]}
    row = _last_years(row, said)
    if len(row) < 2:
        return None
    whole = sum(row.values(), Decimal(0))
    if how == "mean":
        whole /= len(row)
    lo, hi = claim_interval(ctx)
    if lo <= whole <= hi:
        return None
    shown = format_decimal(whole.quantize(Decimal("0.01")).normalize())
    years = f"{min(row)}-{max(row)}"
    kind = "a yearly average" if how == "mean" else "a total over years"
    why = (
        f"the sentence gives {kind} ({said!r}); {name or 'the series'}'s {how} over {years} "
        f"is {shown}, and the figure is {v.describe()}, one year's cell"
    )
    return cell_contradicted(v, why)


def year_series(ctx: ClaimContext, v: SourceValue) -> dict[int, Decimal]:
    """The series of years ``v`` is one year of: its row's year cells, or in a table with a row
    per year its column's; {} when neither holds two years."""
    row = _named_series(ctx, v)[0]
    return row if len(row) >= 2 else {}


def _named_series(ctx: ClaimContext, v: SourceValue) -> tuple[dict[int, Decimal], str | None]:
    """:func:`year_series` as read (fewer than two years too), with the series' name: the row's
    label, or the column's down a table with a row per year."""
    row = _series(ctx, v, by_row=True)
    if len(row) < 2:
        return _series(ctx, v, by_row=False), v.column
    return row, v.row


def _series(ctx: ClaimContext, v: SourceValue, by_row: bool) -> dict[int, Decimal]:
    """The year cells of ``v``'s row (or column), of its kind family: year -> value."""
    family = kind_family(v.kind)
    at = v.row_index if by_row else v.col_index
    out: dict[int, Decimal] = {}
    for w in ctx.scope.values():
        if (
            w.year is not None
            and (w.source_id, w.table, w.view) == (v.source_id, v.table, v.view)
            and (w.row_index if by_row else w.col_index) == at
            and kind_family(w.kind) == family
        ):
            if w.year in out and out[w.year] != w.value:
                return {}  # two cells of one year: not a series of years
            out[w.year] = w.value
    return out


def _last_years(row: dict[int, Decimal], said: str) -> dict[int, Decimal]:
    """The years of ``row`` a span names ("over the last three years": the latest three); {}
    for a span whose count is unread or past the series ("the last few years")."""
    span = relative_span(said)
    if span is None:
        return row
    which, n = span
    if not 2 <= n <= len(row):
        return {}
    years = sorted(row)
    keep = years[:n] if which == "first" else years[-n:]
    return {y: row[y] for y in keep}


def cell_contradicted(v: SourceValue, why: str) -> Verdict:
    """``contradicted``, with the one cell ``v`` the figure met as evidence and ``why``."""
    return Verdict("contradicted", Evidence("direct", "cell", v.describe(), (v,), v.value), why)
