"""An amount per unit of a counted line: "the average order value was $118.05", "revenue per
order", "cost per employee", for revenue / orders of one row of a result set or a table.

A money figure is never a quotient to the two-operand search (:mod:`crossfoot.rules.derive`
divides amounts into shares and ratios, which have no currency). An amount per unit does have
one, and the words say so: "per <noun>" or "average <noun> value" (size, price, cost, spend),
where the noun names a line of the table that counts things ("Orders", "Number of employees").
The figure is then an amount cell over that line's cell of the same record (one row) or of the
same period (one column), at the figure's stated precision. When the sentence names the amount's
line ("revenue per order") only that line divides; when it names years, both cells are of them.
A record's fields are its line too ("revenue_2024" over "employees_2024", one record and year),
and a passage's figures are read last (:mod:`crossfoot.rules._prose_per_unit`). Nothing else is
tried: one count line and the amounts beside it are a handful of quotients, so a
figure of three significant digits or finer meets one by chance only rarely.

>>> from crossfoot import check
>>> t = "| Month | Revenue | Orders |\\n|-|-|-|\\n| Jan 2024 | 182,400 | 1,520 |"
>>> [c.status for c in check("January's average order value was $120.00.", sources=[t]).claims]
['derived']
>>> [c.status for c in check("January's average order value was $102.00.", sources=[t]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import field_stem, years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._claim_year import year_before_stated
from crossfoot.rules._derive_kinds import label, operand_class
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules._prose_per_unit import prose_per_unit
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_months import DAY

__all__ = ["per_unit"]

# "per order", "per employee", "average order value", "average basket size"
_PER = re.compile(
    r"\bper\s+([a-z]+)|\baverage\s+([a-z]+)\s+(?:value|size|price|cost|spend|amount)\b",
    re.IGNORECASE,
)
_THREE = Decimal("0.005")  # three significant digits or finer, relative to the figure
_TWO = Decimal("0.05")  # two (a coarse figure, read only over a named record's one line)


def _unit_words(sentence: str) -> frozenset[str]:
    """The nouns the sentence divides by ("order" of "per order"), singular."""
    if "per" not in sentence.lower() and "average" not in sentence.lower():
        return frozenset()
    found = (m[1] or m[2] for m in _PER.finditer(sentence))
    return frozenset(t for w in found for t in tokens(w))


# A count of people goes by several names: "per employee" divides by a "Headcount" or "FTEs"
# line as well as by "Employees" (tokens are singular).
_PEOPLE = frozenset(
    "employee head headcount staff worker person people fte workforce member associate".split()
)


def _names_count(need: frozenset[str], units: frozenset[str]) -> bool:
    """Whether a count line of words ``need`` is what the sentence divides by."""
    return bool(need & units) or bool(need & _PEOPLE and units & _PEOPLE)


def _line(v: SourceValue, by_row: bool) -> str:
    return (v.row if by_row else v.column) or ""


def per_unit(ctx: ClaimContext) -> Verdict | None:
    """Rule: a money figure as an amount cell over a count line's cell (module docstring)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind != "money" or not ctx.options.allow_derived or not m.claim or m.value <= 0:
        return None
    # A coarse figure ("about $1.2M per store"): too many quotients come near it, save one
    # line alone over the count of the record the sentence names (two digits at least).
    coarse = m.precision > abs(m.value) * _THREE
    if coarse and m.precision > abs(m.value) * _TWO:
        return None
    units = _unit_words(s.text)
    if not units:
        return None
    words = frozenset(tokens(s.text))
    years = frozenset(years_in_text(s.text))
    others = [o for o in ctx.sentence_mentions if o.kind != "year"]
    if (prior := year_before_stated(ctx.text, m, sorted(years), others)) is not None:
        years = frozenset({prior})  # "$220.4 thousand in 2020, up from $210.6 thousand"
    named = named_month(s.text)  # "in February": a month row of a result set is that month's
    month = named[-1][1] if named and named[-1][1] < DAY else None  # a month or a quarter
    lo, hi = claim_interval(ctx)
    values = ctx.scope.index.values
    # (grouped once: the cells beside a count are its record's or its period's, looked up by
    # line, never by a scan of the whole scope per count)
    lines: dict[tuple[object, ...], list[SourceValue]] = defaultdict(list)
    rows: dict[tuple[bool, str, int | None], set[str]] = defaultdict(set)
    for a in values:
        if a.table is not None and operand_class(a) == "amount" and a.value > 0:
            lines[(False, a.source_id, a.table, a.row_index)].append(a)
            lines[(True, a.source_id, a.table, a.col_index)].append(a)
        if a.row:
            rows[(False, a.source_id, a.table)].add(a.row)
        if a.column:
            rows[(True, a.source_id, a.table)].add(a.column)
    for v in values:
        for by_row in (False, True):  # the count line a column (records), or a row
            need = required_tokens(_line(v, by_row))
            if not need or not _names_count(need, units) or operand_class(v) != "amount":
                continue
            if v.value <= 0:
                continue
            records = rows[(by_row, v.source_id, v.table)]
            if not _fits(v, by_row, years, month, words, records, coarse):
                continue
            index = v.col_index if by_row else v.row_index
            beside = lines.get((by_row, v.source_id, v.table, index), [])
            if coarse:
                beside = [a for a in beside if a.view != "written"]
            found = _over(v, by_row, beside, words, lo, hi, coarse)
            if found is not None:
                return Verdict("derived", _evidence(ctx, found, v))
    if coarse:
        return None  # (records' fields and passages: three digits or finer)
    found_field = _record_per_unit(values, units, words, years, lo, hi)
    if found_field is not None:
        return Verdict("derived", _evidence(ctx, *found_field))
    return prose_per_unit(ctx, units, lo, hi)  # "12.4 million shares" of a passage (prose24)


def _record_per_unit(
    values: tuple[SourceValue, ...] | list[SourceValue],
    units: frozenset[str],
    words: frozenset[str],
    years: frozenset[int],
    lo: Decimal,
    hi: Decimal,
) -> tuple[SourceValue, SourceValue] | None:
    """An amount field over a count field of the same record and year ("revenue_2024" over
    "employees_2024" for "revenue per employee in 2024"): a record's fields are its line."""
    counts = [
        v
        for v in values
        if v.field is not None
        and v.table is None
        and v.value > 0
        and operand_class(v) == "amount"
        and (not years or v.year in years)
        and _names_count(required_tokens(field_stem(v) or v.field), units)
    ]
    for count in counts:
        stem = field_stem(count) or count.field
        beside = [
            a
            for a in values
            if a.field is not None
            and a.table is None
            and a.source_id == count.source_id
            and a.year == count.year
            and a.value > 0
            and (field_stem(a) or a.field) != stem
            and operand_class(a) == "amount"
        ]
        named = [
            a for a in beside if (need := required_tokens(field_stem(a) or "")) <= words and need
        ]
        for a in named or beside:
            if lo <= a.value / count.value <= hi:
                return a, count
    return None


def _fits(
    count: SourceValue,
    by_row: bool,
    years: frozenset[int],
    month: int | None,
    words: frozenset[str],
    records: set[str],
    coarse: bool = False,
) -> bool:
    """Whether the count's record is of the year, month and record the sentence names
    (``records``: the labels across the count line, the columns of a count row); for a
    ``coarse`` figure the sentence must name it."""
    if years and count.year is not None and count.year not in years:
        return False
    if month is not None and count.period is not None and count.period[1] != month:
        return False
    # "APAC's average order value": EMEA's record is not it
    named = {r for r in records if (need := required_tokens(r)) and need <= words}
    return (not named and not coarse) or _line(count, not by_row) in named


def _over(
    count: SourceValue,
    by_row: bool,
    beside: list[SourceValue],
    words: frozenset[str],
    lo: Decimal,
    hi: Decimal,
    coarse: bool = False,
) -> SourceValue | None:
    """The amount beside ``count`` (same record or same period) that over it meets the figure;
    for a ``coarse`` figure, only when one line alone meets it."""
    line = _line(count, by_row)
    others = [a for a in beside if a is not count and _line(a, by_row) != line]
    named = [a for a in others if (need := required_tokens(_line(a, by_row))) and need <= words]
    met = [a for a in named or others if lo <= a.value / count.value <= hi]
    if coarse and len(met) != 1:
        return None  # (a coarse figure: one line of the row's meets it, or none is read)
    return met[0] if met else None


def _evidence(ctx: ClaimContext, a: SourceValue, b: SourceValue) -> Evidence:
    result = a.value / b.value
    formula = f"{label(a)} ({a.value:,}) / {label(b)} ({b.value:,}) = {fmt_result(ctx, result)}"
    return Evidence("derive", "ratio", formula, (a, b), result, "an amount per unit of a count")
