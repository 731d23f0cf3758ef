"""A fraction word as a share of two named rows: "Services made up two-fifths of total revenue
in 2021", "roughly two-thirds of net sales came from products".

A fraction written in words ("two-fifths", "one-third", "three quarters") is a share stated in
plain language: no one writes "two-fifths" for 0.40 exactly, nor for 0.49. It is met by the
quotient of two rows the sentence names, in one column (of the years it names, when it names
any), within two points of the fraction (five after a hedge: "about", "roughly", "nearly"; for a
small fraction a tenth of it, a quarter after a hedge: "one-tenth" is 9% to 11%), or on the
stated side of it after a bound ("more than a third"). The part is the smaller row: a
share of a whole. Only the named rows of one table are paired, a handful of pairs, so a wrong
fraction (three-fifths for 40%) rarely meets one by chance. The window is
``rules._worded_fraction``'s ("exactly a quarter": the fraction as written); a whole the
sentence names by its year alone ("a quarter of 2023 sales") is ``rules._fraction_column``'s.

>>> from crossfoot import check
>>> t = ('[["(in millions)", "2021", "2020"], ["Product revenue", "600", "480"],'
...      ' ["Services revenue", "400", "320"], ["Total revenue", "1,000", "800"]]')
>>> check("Services made up two-fifths of total revenue in 2021.", [t]).passed
True
>>> check("Services made up three-fifths of total revenue in 2021.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal

from crossfoot.language.rowfocus import focus_group
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label, operand_class, views_compatible
from crossfoot.rules._derive_shared import kind_allowed
from crossfoot.rules._fraction_column import column_fraction
from crossfoot.rules._named_years import value_years
from crossfoot.rules._worded_fraction import fraction_window
from crossfoot.rules.joined_share import joined_part

__all__ = ["fraction_share"]

_OF = re.compile(r"\s+of\b", re.IGNORECASE)
_MAX_VALUES = 24  # named rows' cells paired at most: a few rows of a few periods, two views


def _pairs(values: Sequence[SourceValue]) -> Iterator[tuple[SourceValue, SourceValue]]:
    """(part, whole) of two rows of one table in one column, the part the smaller."""
    by_column: dict[tuple[str, int | None, int | None], list[SourceValue]] = {}
    for v in values:
        if v.table is not None and v.row_index is not None and operand_class(v) == "amount":
            by_column.setdefault((v.source_id, v.table, v.col_index), []).append(v)
    for cells in by_column.values():
        for part in cells:
            for whole in cells:
                if (
                    part.row_index != whole.row_index
                    and 0 < part.value < whole.value
                    and views_compatible(part, whole)
                ):
                    yield part, whole


def fraction_share(ctx: ClaimContext) -> Verdict | None:
    """Rule: a fraction word as a share of two named rows (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind != "number" or not m.claim or not 0 < m.value < 1 or m.high is not None:
        return None
    if not any(ch.isalpha() for ch in m.text) or _OF.match(ctx.text, m.end) is None:
        return None  # a fraction in words, of something: "two-fifths of total revenue"
    if not o.allow_derived or not kind_allowed(ctx, "share"):
        return None
    lo, hi = fraction_window(ctx)
    years = frozenset(years_in_text(ctx.sentence.text))
    for group in ctx.scope.groups:
        named = focus_group(ctx, group, whole=True)
        if named is None or len(named) > _MAX_VALUES:
            continue
        cells = [v for v in named.values if not years or not (ys := value_years(v)) or ys & years]
        for part, whole in _pairs(cells):
            share = part.value / whole.value
            if lo <= share <= hi and not joined_part(ctx, part, whole):
                return Verdict("derived", _evidence(part, whole, share))
    return column_fraction(ctx, lo, hi)  # "of 2023 sales": the year column's whole


def _evidence(part: SourceValue, whole: SourceValue, share: Decimal) -> Evidence:
    formula = (
        f"share {label(part)} ({format_decimal(part.value)}) of {label(whole)} "
        f"({format_decimal(whole.value)}) = {format_decimal(round(share, 4))}"
    )
    note = "a fraction in words, met within its plain-language window"
    return Evidence("derive", "share", formula, (part, whole), share, note)
