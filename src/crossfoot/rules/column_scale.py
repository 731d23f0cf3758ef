"""A result column whose name carries its scale: ``revenue_musd``, ``revenue_usd_m``,
``sales_k``, ``cost_thousands``, ``arr_usd_bn`` (trace only).

"East revenue was $4.2M" over a cell 4.2 of ``revenue_musd`` states the cell in the unit the
column's name gives; before, the figure was unsupported (the cells were read as plain 4.2), and
"$4.2K" or "$4.2 billion" passed nothing but failed no better. A money or plain figure is
``supported_rounded`` (``derived`` for the column's total or mean) when, read in the column's
unit, it is a cell of such a column, the column's total or its mean (not when its clause names
a row and its sentence no word that gathers rows: "East revenue was $9.8M" is no sum of every
region, as ``rules.rowsums`` holds for a column read plain; a figure without a sign may state a
negative cell's size, and the words' sign is held to the cell's, ``rules.signs``, as
``rules.direct`` does); it is ``contradicted``
when its digits as written are the cell of a row its sentence names but its scale word is
another ("$4.2K" of a column in millions). A bare ``m`` / ``b`` suffix (meters, bytes) counts
only in a name that says money (``usd``, ``eur``, ``revenue``, ``sales``...).

>>> from crossfoot import trace
>>> rows = [{"region": "East", "revenue_musd": 4.2}, {"region": "West", "revenue_musd": 3.1}]
>>> [c.status for c in trace("East revenue was $4.2M.", rows).claims]
['supported_rounded']
>>> [c.status for c in trace("East revenue was $4.2K.", rows).claims]
['contradicted']
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.memo import per_answer
from crossfoot.model.types import Evidence, Source, SourceValue, Status, format_decimal
from crossfoot.rules._rowsums_groups import claim_clause
from crossfoot.rules.rowsums import _GATHER, _words
from crossfoot.rules.signs import sign_verdict
from crossfoot.sources.rows import row_table
from crossfoot.sources.rows_names import row_named

__all__ = ["column_scale", "name_scale", "name_unit"]

_K, _M, _B = Decimal(1000), Decimal(1_000_000), Decimal(1_000_000_000)
_WORDS = {
    "k": _K, "thousand": _K, "thousands": _K, "000s": _K, "kusd": _K,
    "m": _M, "mm": _M, "mn": _M, "mil": _M, "million": _M, "millions": _M, "musd": _M,
    "b": _B, "bn": _B, "billion": _B, "billions": _B, "busd": _B,
}  # fmt: skip
_NAMES = {_K: "thousands", _M: "millions", _B: "billions"}
_MONEY = frozenset(
    "usd eur gbp jpy dollars revenue revenues sales cost costs price spend income profit arr "
    "mrr gmv amount value".split()
)
_CURRENCY = frozenset({"usd", "eur", "gbp", "jpy", "$"})
# A suffix that is a unit where no money is said: "distance_m" meters, "rainfall_mm"
# millimetres, "disk_b" bytes; and "k" where the name says a temperature (kelvins).
_BARE = frozenset({"m", "b", "mm"})
_UNITS = {"k": frozenset({"temp", "temperature", "kelvin", "kelvins"})}
_TOKEN = re.compile(r"[a-z0-9$]+")


@lru_cache(maxsize=1024)  # column names repeat across answers
def name_scale(column: str) -> tuple[Decimal, bool] | None:
    """The scale a column's name ends in, and whether the scale is a bare letter that needs
    money to mean it (``_m`` may be meters); None when the name carries none.

    >>> name_scale("revenue_musd"), name_scale("revenue_usd_m"), name_scale("sales_k")
    ((Decimal('1000000'), False), (Decimal('1000000'), False), (Decimal('1000'), False))
    >>> name_scale("distance_m"), name_scale("revenue"), name_scale("m")
    ((Decimal('1000000'), True), None, None)
    >>> name_scale("rainfall_mm"), name_scale("revenue_mm"), name_scale("temp_k")
    ((Decimal('1000000'), True), (Decimal('1000000'), False), None)
    """
    words = _TOKEN.findall(column.lower())
    if len(words) < 2:
        return None
    last = words[-1]
    if last in _CURRENCY and len(words) >= 3:  # "revenue_m_usd", "cost (thousands $)"
        last = words[-2]
    scale = _WORDS.get(last)
    if scale is None or (last in _UNITS and _UNITS[last] & set(words)):
        return None  # "temp_k": kelvins, no thousands
    bare = last in _BARE and not (_MONEY & set(words))
    return scale, bare


def name_unit(column: str) -> str | None:
    """The unit a column's name ends in where the name says a quantity other than money, as a
    scale word would be written after a figure ("rainfall_mm": "42mm" is 42 millimetres, not 42
    million; "temp_k": "9,940K" is kelvins); None for a scale or no unit.

    >>> name_unit("rainfall_mm"), name_unit("temp_k"), name_unit("revenue_mm"), name_unit("sales_k")
    ('mm', 'k', None, None)
    """
    words = _TOKEN.findall(column.lower())
    if len(words) < 2 or words[-1] not in _WORDS:
        return None
    read = name_scale(column)
    return words[-1] if read is None or read[1] else None


def _scaled(sources: tuple[Source, ...]) -> list[tuple[Any, int, Decimal]]:
    """(table, column index, scale) of every result column of ``sources`` named with a scale
    (a bare ``_m`` / ``_b`` only beside a word of money in the name)."""
    found = []
    for source in sources:
        table = row_table(source)
        if table is None:
            continue
        for j, name in enumerate(table.columns):
            read = name_scale(name)
            if read is not None and not read[1] and table.cells[j]:
                found.append((table, j, read[0]))
    return found


def column_scale(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure read in the unit a result column's name gives (module docstring)."""
    m = ctx.mention
    if not ctx.options.result_rows or m.kind not in ("money", "number") or m.high is not None:
        return None
    if m.value == 0 or not ctx.scope.sources:
        return None
    if m.scale != 1 and m.scale_word and m.kind != "money":  # "42mm" of rainfall_mm
        as_unit = _as_unit(ctx, m.scale_word.lower())
        if as_unit is not None:
            return as_unit
    columns = per_answer(ctx, "column_scale", ctx.scope.sources, _scaled)  # (keyed by scope)
    if not columns:
        return None
    for table, j, scale in columns:
        verdict = _met(ctx, table, j, scale)
        if verdict is not None:
            return verdict
    return _wrong_scale(ctx, columns)


def _units(sources: tuple[Source, ...]) -> list[tuple[Any, int, str]]:
    """(table, column index, unit) of every result column of ``sources`` whose name ends in a
    unit that reads like a scale word (``name_unit``)."""
    found = []
    for source in sources:
        table = row_table(source)
        if table is not None:
            for j, name in enumerate(table.columns):
                unit = name_unit(name)
                if unit is not None and table.cells[j]:
                    found.append((table, j, unit))
    return found


def _as_unit(ctx: ClaimContext, word: str) -> Verdict | None:
    """A figure whose scale word is the unit its column's name ends in ("42mm" of rainfall_mm),
    met as written by a cell of that column: ``supported_rounded``, or ``wrong_row`` when the
    sentence names another row and not the cell's."""
    m = ctx.mention
    written = -m.written if m.negative else m.written
    half = m.precision / m.scale
    wide = float(half) * 1.01 + 1e-9
    sentence = ctx.sentence.text
    low = sentence.lower()
    for table, j, unit in per_answer(ctx, "column_scale.units", ctx.scope.sources, _units):
        if unit != word:
            continue
        labels = table.labels
        for i, jj in table.near(float(written) - wide, float(written) + wide):
            sv: SourceValue = table.cell(i, j)
            if jj != j or abs(sv.value - written) > half:
                continue
            other = next(
                (x for x in labels if x and x.lower() in low and row_named(x, sentence)), None
            )
            if other is not None and not row_named(labels[i], sentence):
                why = f"value is in {sv.describe()}, but the sentence names {other}"
                return Verdict("wrong_row", Evidence("direct", "cell", sv.describe(), (sv,)), why)
            formula = f"{sv.describe()} (in {m.scale_word}, the column's unit)"
            status: Status = "supported_exact" if sv.value == written else "supported_rounded"
            return Verdict(status, Evidence("direct", "cell", formula, (sv,), sv.value))
    return None


def _met(ctx: ClaimContext, table: Any, j: int, scale: Decimal) -> Verdict | None:
    m = ctx.mention
    if m.scale != 1 and m.scale != scale:
        return None  # "$4.2K" is not read in millions
    value, precision = m.value / scale, max(m.precision / scale, Decimal("1e-9"))
    unit = _NAMES[scale]
    # (the table's own search by value: a long column is not read cell by cell per figure; a
    # figure written without a sign may state a negative cell's size, as in rules.direct)
    wide = float(precision) * 1.01 + 1e-9
    for at in (value, -value) if value > 0 and not m.negative else (value,):
        for i, jj in table.near(float(at) - wide, float(at) + wide):
            if jj != j:
                continue
            sv: SourceValue = table.cell(i, j)
            if abs(sv.value - at) <= precision:
                signed = sign_verdict(ctx, sv)  # "a loss of $3.1M" of +3.1, "a profit" of -4.2
                if signed is not None:
                    return signed
                formula = f"{sv.describe()} (in {unit}, by the column's name)"
                ev = Evidence("direct", "cell", formula, (sv,), m.value)
                return Verdict("supported_rounded", ev)
    total, count = _whole(ctx, table, j)
    name = table.columns[j]
    for kind, got in (("column_sum", total), ("column_mean", total / count)):
        if abs(got - value) <= precision and not _row_said(ctx, table):
            what = "sum" if kind == "column_sum" else "mean"
            formula = (
                f"{what} of {name} over {count} rows = {format_decimal(got)} "
                f"(in {unit}, by the column's name)"
            )
            return Verdict("derived", Evidence("rowsums", kind, formula, (), got * scale))
    return None


def _whole(ctx: ClaimContext, table: Any, j: int) -> tuple[Decimal, int]:
    """The column's total and count of cells, once per answer and column."""
    made: dict[int, tuple[Decimal, int]] = per_answer(ctx, "column_scale.sums", table, _sums)
    hit = made.get(j)
    if hit is None:
        numbers = [Decimal(getattr(c, "value", c)) for c in table.cells[j].values()]
        hit = made[j] = (sum(numbers, Decimal(0)), len(numbers))
    return hit


def _sums(table: Any) -> dict[int, tuple[Decimal, int]]:
    return {}


def _row_said(ctx: ClaimContext, table: Any) -> bool:
    """Whether the claim's own clause names a row (some, not all, of three or more) and its
    sentence no word that gathers rows: "East revenue was $9.8M" is East's figure, not every
    region's total (as ``rules.rowsums._rows_said`` holds for a column read plain). Asked only
    once a total or mean matched: a substring test over the labels, the word test on the few."""
    labels = [label for label in table.labels if label]
    if len(labels) < 3 or not _GATHER.isdisjoint(_words(ctx.sentence.text)):
        return False
    before, after = claim_clause(ctx)
    clause = f"{before} {after}"
    low = clause.lower()
    named = sum(1 for label in labels if label.lower() in low and row_named(label, clause))
    return 0 < named < len(labels)


def _wrong_scale(ctx: ClaimContext, columns: list[tuple[Any, int, Decimal]]) -> Verdict | None:
    """ "$4.2K" of a row the sentence names whose cell of a column in millions is 4.2."""
    m = ctx.mention
    if m.scale == 1:
        return None
    written = -m.written if m.negative else m.written
    half = m.precision / m.scale
    sentence = ctx.sentence.text
    for table, j, scale in columns:
        if scale == m.scale:
            continue
        labels = table.labels
        wide = float(half) * 1.01 + 1e-9
        for i, jj in table.near(float(written) - wide, float(written) + wide):
            if jj != j or not row_named(labels[i], sentence):
                continue
            sv: SourceValue = table.cell(i, j)
            if abs(sv.value - written) <= half:
                why = (
                    f"{sv.describe()} is in {_NAMES[scale]} by its column's name; the answer "
                    f"states {m.text} ({m.scale_word or 'another scale'})"
                )
                ev = Evidence("direct", "cell", sv.describe(), (sv,), sv.value * scale)
                return Verdict("contradicted", ev, why)
    return None
