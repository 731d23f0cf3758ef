"""A coarse ratio of two rows the text names: "What is the ratio of Data Center Group to Mobileye
goodwill in 2019? The answer is 0.7."

A plain number stated too coarsely for the 1 % rule ("0.7", "1.3", "0.19") is derived by no
search over a table: a window of several percent meets some pair of a large table by chance
(docs/derivations.md). Reports and answers round ratios that way all the same. Such a figure is
derived here only when its sentence (or the one before) words a ratio ("ratio", "proportion",
"divided by") and names two rows or more of one table, and only as a ratio or share of two named
rows in one column (one period): a handful of pairs, not a table's worth, so a wrong figure 10 %
off rarely meets one. When the wording names years, only the columns of those years (and columns
of no year: a percent or change column) are searched: "in 2019" is not met by the 2017 column's
pair (three years of a steady share round alike), and a table with percent and change columns
beside each year stays a handful of pairs. A ratio named by its name ("the current ratio")
names its definition's rows (rules._ratio_names): its numerator's row over its denominator's.

Lines of one label under two sections ("Services" under "Domestic" and "International") are two
lines, told apart only when the text names both sections. A figure fine enough for the 1 % rule
("0.78") had the whole search only where its table was small enough: in a larger one whose named
rows were too many (a section's word names each of its lines) it is sought here too, and only as
the two lines the ratio's sides name whole ("the ratio of current state to deferred federal").
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.language.ratio_sides import ratio_sides as ratio_sides_of
from crossfoot.language.rowmatch import focus_group, focus_text
from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import label_tokens, tokens
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._claim_year import year_before_stated
from crossfoot.rules._derive_shared import (
    Candidate,
    best_verdict,
    derivable,
    derivation_limit,
    group_too_large,
)
from crossfoot.rules._named_years import value_years
from crossfoot.rules._ratio_names import Sides, named_ratio, ratio_sides
from crossfoot.rules.derive import pair_candidates

__all__ = ["coarse_ratio"]

_RATIO_WORDING = WordGated(
    re.compile(r"(?i)\b(?:ratios?|proportions?|divided\s+by)\b"), ("ratio", "proportion", "divided")
)
_KINDS = frozenset({"ratio", "share"})
_MAX_VALUES = 12  # named rows' values searched at most: a few rows of a few periods


def _two_rows_one_column(operands: tuple[SourceValue, ...]) -> bool:
    x, y = operands[0], operands[-1]
    return (
        x.table is not None
        and x.source_id == y.source_id
        and x.table == y.table
        and x.row_index != y.row_index
        and _line(x) != _line(y)
        and x.col_index == y.col_index
        and x.column == y.column
    )


def _line(v: SourceValue) -> tuple[str, str]:
    """A row's label under its section: "Services" under "Domestic" and under "International"
    are two lines."""
    return ((section_of(v) or "").casefold(), (v.row or "").casefold())


def _sections_named(text: str, operands: tuple[SourceValue, ...]) -> bool:
    """Whether two lines of one label are told apart by the text: it names both their sections
    ("services domestic to services international"), not one line's section alone."""
    x, y = operands[0], operands[-1]
    if (x.row or "").casefold() != (y.row or "").casefold():
        return True
    said = frozenset(tokens(text))
    return all((words := label_tokens(section_of(v) or "")) and words <= said for v in (x, y))


def _sides_named(text: str, operands: tuple[SourceValue, ...]) -> bool:
    """Whether the ratio's sides name the pair's lines whole, section and label, in their order:
    "the ratio of current foreign to deferred federal" is 'Current: Foreign' over 'Deferred:
    Federal', not 'Current: Federal' over the current total, which its words name as well."""
    sides = ratio_sides_of(text)
    if sides is None:
        return False
    top, base = operands[-1], operands[0]  # the quotient is the last over the first
    return _names_whole(sides[0], top) and _names_whole(sides[1], base)


def _names_whole(side: str, v: SourceValue) -> bool:
    words = label_tokens(v.row or "") | label_tokens(section_of(v) or "")
    return bool(words) and words <= frozenset(tokens(side))


def _of_years(named: ValueIndex, years: frozenset[int]) -> ValueIndex:
    """The values of ``named`` in a column of one of ``years`` or of no year; all with none."""
    if not years:
        return named
    kept = [v for v in named.values if not (ys := value_years(v)) or ys & years]
    return named if len(kept) == len(named) else ValueIndex(kept)


def _named_pairs(ctx: ClaimContext, group: ValueIndex, sides: Sides) -> list[Candidate]:
    """The ratios of a named ratio's numerator row over its denominator row, in one column."""
    num, den = ratio_sides(group.values, sides)
    if not num or not den:
        return []
    picked = [v for v in group.values if (v.source_id, v.table, v.row_index) in num | den]
    if len(picked) > 2 * _MAX_VALUES:
        return []

    def ordered(c: Candidate) -> bool:
        (x, y) = (c.operands[0], c.operands[-1])  # the quotient is y over x
        return (y.source_id, y.table, y.row_index) in num and (
            x.source_id,
            x.table,
            x.row_index,
        ) in den

    found = pair_candidates(ctx, ValueIndex(picked))
    return [c for c in found if _two_rows_one_column(c.operands) and ordered(c)]


def coarse_ratio(ctx: ClaimContext) -> Verdict | None:
    """Rule: a coarse plain-number ratio of two named rows of one column (module docstring)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent", "ratio") or not m.claim or m.value <= 0 or m.high:
        return None
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return None
    text = focus_text(ctx)
    # A fine figure had the whole search already where its group was small enough, but a ratio
    # named by its name ("the current ratio") is still sought between its definition's rows, in a
    # table of many pairs; in a larger table whose named rows were too many for the search (a
    # section's word names each of its lines), the named rows of the years named are searched.
    fine, sides = derivable(m, False), named_ratio(text)
    if m.kind == "percent" and sides is None:
        return None  # a percentage only as a named ratio ("the effective tax rate")
    # ("8 times operating income", "3x": a multiple words its ratio itself, lead42)
    if not (sides is not None or m.kind == "ratio" or _RATIO_WORDING.search(text)):
        return None
    kinds = _KINDS if o.derivations is None else _KINDS & o.derivations
    if not kinds:
        return None
    narrow = replace(ctx, options=replace(o, derivations=kinds))
    found: list[Candidate] = []
    years = frozenset(years_in_text(text))
    if (prior := year_before_stated(ctx.text, m, sorted(years))) is not None:
        years = frozenset({prior})  # "compared with 22.0% in the prior year"
    limit = derivation_limit(ctx)
    for group in ctx.scope.groups:
        if sides is not None:
            found.extend(_named_pairs(narrow, _of_years(group, years), sides))
        if fine and not group_too_large(group, limit):
            continue
        named = focus_group(ctx, group, whole=True)
        if named is not None:
            named = _of_years(named, years)
        if named is None or len(named) > 2 * _MAX_VALUES:  # two unit views of each cell
            continue
        if len({(v.table, v.row_index) for v in named.values}) < 2:
            continue
        found.extend(
            c
            for c in pair_candidates(narrow, named)
            if _two_rows_one_column(c.operands)
            and _sections_named(text, c.operands)
            and (not fine or _sides_named(text, c.operands))
        )
    verdict = best_verdict(narrow, found)
    return verdict if verdict is not None and verdict.status == "derived" else None
