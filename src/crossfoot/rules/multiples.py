"""A multiple the sentence states in words must be the ratio of what it compares.

"North's revenue tripled from $1.2M in 2023 to $3.8M in 2024" is right (3.17); "doubled" in
its place is wrong, though each figure is a right cell, and "North's revenue roughly doubled
from 2023 to 2024" has no figure at all. Before, no such word was a claim, so every one passed.
Each word of a multiple (``language.multiples``) is held to the ratio of the pair it speaks of,
found in this order:

1. two figures of one kind in its sentence: for a movement ("tripled"), the later over the
   earlier by the wording's order (``language.order``, "from A to B", "B, up from A"); for a
   comparison ("twice as large as"), the first over the second;
2. a movement with one figure, a cell of a row, and one other year the sentence names: that
   row's cell of the other year ("tripled since 2021 to $3.8M in 2024");
3. a movement with no figure: the one row of a table the sentence names, in the two years it
   names ("North's revenue doubled from 2023 to 2024");
4. a comparison with no figure: the row named before the word over the row named after it, in
   the one column both hold that the sentence names ("North had twice the revenue of South",
   ``rules._multiple_rows``).

The word becomes a claim of its own (``derived`` when the ratio lies in its window,
``contradicted`` with both figures otherwise); digits before "-fold" ("rose 3-fold") are that
claim. A pair that cannot be found leaves the word alone, as before: it is no figure of its own.
A pair of cells that starts at or below zero ("net income doubled" from a loss of 20 to 64) is
``contradicted``: no multiple holds across a change of sign. Two losses are left alone: which of
them "doubled" is the wording's, not the cells'.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.direction import clause_bounds
from crossfoot.language.multiples import Multiple, may_multiply, multiples
from crossfoot.language.order import stated_order
from crossfoot.language.trends import MOVED
from crossfoot.model.types import (
    Claim,
    Evidence,
    Mention,
    Sentence,
    SourceValue,
    format_decimal,
    kind_family,
)
from crossfoot.rules._multiple_rows import two_rows
from crossfoot.rules._multiple_series import ends_of_years, series_pair
from crossfoot.sources.rows_label_match import label_search

__all__ = ["stated_multiples"]

_Pair = tuple[Decimal, Decimal, str, tuple[SourceValue, ...]]  # earlier, later, formula, cells


def stated_multiples(
    text: str,
    sentences: Sequence[Sentence],
    mentions: Sequence[Mention],
    claims: list[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """The claims, with each multiple in words judged (module docstring)."""
    if not may_multiply(text):
        return claims
    out = list(claims)
    added: list[Claim] = []
    gone: set[int] = set()
    at = {(c.mention.start, c.mention.end): i for i, c in enumerate(claims)}
    for s in sentences:
        found = multiples(text, s.start, s.end)
        if not found:
            continue
        inside = [c for c in claims if s.start <= c.mention.start < s.end]
        years = [m for m in mentions if s.start <= m.start < s.end and m.kind == "year"]
        for mu in found:
            fold = _fold_digits(inside, mu)
            figures = [c for c in inside if c is not fold and c.mention.kind != "year"]
            if mu.factor == 1 and _level_elsewhere(text, s, mu, figures):
                continue  # ("prices were unchanged, while sales rose to 2,500": not the sales')
            if mu.loose:  # "6 times net income": two rows named, or not a multiple of them
                pair = None if figures else two_rows(text, mu.start, mu.end, s, years, values)
                if pair is None:
                    continue
            else:
                pair = _pair(text, mu, figures, years, s, values)
            if pair is None:
                # "three times as many orders as LATAM" with no LATAM row: the number word is
                # the multiple's, no count of rows to check it against
                gone |= {i for i, c in enumerate(out) if _word_of(c.mention, mu)}
                continue
            if mu.factor == 1 and pair[0] <= 0:
                continue  # "flat" from a loss or from nothing: left to the wording
            claim = _judged(text, mu, pair, fold.mention if fold else None, s)
            i = at.get((claim.mention.start, claim.mention.end))
            if i is None:
                added.append(claim)
            else:
                out[i] = claim
    if gone:
        out = [c for i, c in enumerate(out) if i not in gone]
    if not added:
        return out
    return sorted([*out, *added], key=lambda c: c.mention.start)


def _level_elsewhere(text: str, s: Sentence, mu: Multiple, figures: list[Claim]) -> bool:
    """Whether a level word ("were unchanged", "stayed stable") may be of another quantity
    than the sentence's figures: one of them, or a verb of movement, lies outside its clause
    ("Headcount stayed stable, and sales reached 2,500")."""
    lo, hi = clause_bounds(text, s.start, s.end, mu.start, mu.end)
    if any(not lo <= c.mention.start < hi for c in figures):
        return True
    return MOVED.search(text, s.start, lo) is not None or MOVED.search(text, hi, s.end) is not None


def _word_of(m: Mention, mu: Multiple) -> bool:
    """Whether ``m`` is the number word of the multiple ("three" of "three times")."""
    return mu.start <= m.start and m.end <= mu.end and m.text.strip().isalpha()


def _fold_digits(inside: list[Claim], mu: Multiple) -> Claim | None:
    """The claim of the digits of "3-fold" or "6 times", when the multiple is one."""
    for c in inside:
        if c.mention.start == mu.start and c.mention.end <= mu.end:
            return c
    return None


def _pair(
    text: str,
    mu: Multiple,
    figures: list[Claim],
    years: list[Mention],
    s: Sentence,
    values: Sequence[SourceValue],
) -> _Pair | None:
    """``(earlier or second, later or first, formula, cells)`` of the pair the multiple speaks
    of, or None (module docstring, steps 1-3)."""
    families: dict[str, list[Mention]] = {}
    for c in figures:
        families.setdefault(kind_family(c.mention.kind), []).append(c.mention)
    twos = [ms for ms in families.values() if len(ms) == 2]
    if len(figures) == 2 and len(twos) == 1:
        a, b = twos[0]
        if a.value <= 0 or b.value <= 0 or a.high is not None or b.high is not None:
            return None
        if not mu.over_time:
            return b.value, a.value, f"{a.text.strip()} / {b.text.strip()}", ()
        order = stated_order(text, a, b)
        if order is None:
            return None
        early, late = order
        return early.value, late.value, f"{late.text.strip()} / {early.text.strip()}", ()
    if not mu.over_time and not figures:
        return two_rows(text, mu.start, mu.end, s, years, values)
    if not mu.over_time or len(figures) > 1:
        return None
    named = {int(y.value) for y in years} | {int(y.high) for y in years if y.high is not None}
    if len(figures) == 1:
        return _other_year(figures[0], named, values)
    if len(named) > 2:
        return None
    said = text[s.start : s.end]  # (a line of periods: its span's ends, rules._multiple_series)
    return _named_row(said, named, values) or series_pair(said, named, values)


def _other_year(claim: Claim, named: set[int], values: Sequence[SourceValue]) -> _Pair | None:
    """Step 2: the figure's cell and its row's cell of the one other year named."""
    ev = claim.evidence
    if not claim.passed or ev is None or ev.kind != "cell" or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.year is None or v.row_index is None or v.value == 0:
        return None
    others = named - {v.year}
    if not others:  # "tripled to $3.8M in 2024": from the row's year before
        others = {y for y in [_year_before(v, values)] if y is not None}
    if len(others) != 1:
        return None
    (year,) = others
    peers = [w for w in values if w.year == year and _same_row(v, w)]
    if len(peers) != 1 or (peers[0].value < 0 and v.value < 0):
        return None  # two losses: which one "doubled" is the wording's, not the cells'
    if peers[0].value < 0 < v.value and claim.mention.negative:
        return None
    w = peers[0]
    early, late = (w, v) if year < v.year else (v, w)
    return early.value, late.value, _formula(early, late), (early, late)


def _year_before(v: SourceValue, values: Sequence[SourceValue]) -> int | None:
    """The latest year before ``v``'s of a cell of its row, or None."""
    if v.year is None:
        return None
    at = v.year
    years = [w.year for w in values if w.year is not None and w.year < at and _same_row(v, w)]
    return max(years, default=None)


def _named_row(sentence: str, named: set[int], values: Sequence[SourceValue]) -> _Pair | None:
    """Step 3: the one row the sentence names that has a cell in each of the two years named;
    with one year named, that year and the row's year before it ("tripled in 2024"); with none,
    a row's first and last years ("East's sales tripled")."""
    rows: dict[tuple[str, int | None, int, str], dict[int, list[SourceValue]]] = {}
    bare: dict[tuple[str, int | None, int, str], dict[int, list[SourceValue]]] = {}
    low = sentence.lower()
    last = max(named, default=None)
    for v in values:
        if v.year is None or not v.row or v.row_index is None:
            continue
        if (v.year not in named) if len(named) == 2 else (last is not None and v.year > last):
            continue
        key = (v.source_id, v.table, v.row_index, v.view)  # (a cell as written and scaled)
        if label_search(v.row, sentence, low):
            rows.setdefault(key, {}).setdefault(v.year, []).append(v)
        elif _bare_named(v.row, sentence, low):
            bare.setdefault(key, {}).setdefault(v.year, []).append(v)
    # a label named only without its dress ("revenue" of *Total revenue*) where no row is named
    # in full: "Services revenue doubled" names *Services revenue*, not the total (read42a)
    rows = rows or bare
    if len(named) == 1:
        rows = {k: _last_two(r) for k, r in rows.items() if last in r}
    elif not named:  # "Widget A units doubled" over four years: from its first to its last
        rows = {k: ends_of_years(r) for k, r in rows.items()}
    full = [k for k, r in rows.items() if len(r) == 2 and all(len(x) == 1 for x in r.values())]
    if len({k[:3] for k in full}) != 1:
        return None
    chosen = rows[min(full, key=lambda k: k[3] != "written")]
    (first, second) = sorted(chosen.items())
    early, late = first[1][0], second[1][0]
    if (early.value < 0 and late.value < 0) or not _same_row(early, late):
        return None  # two losses: which one "doubled" is the wording's, not the cells'
    return early.value, late.value, _formula(early, late), (early, late)


# A label's unit in brackets and a leading "Total": "Revenue ($M)", "Total revenue" (lead42).
_DRESS = re.compile(r"(?i)^\s*total\s+|\s*\([^)]*\)\s*$")


def _bare_named(label: str, sentence: str, low: str) -> bool:
    """Whether the sentence names the label without its unit or a leading "Total"."""
    bare = _DRESS.sub("", label)
    return bool(bare) and bare != label and label_search(bare, sentence, low)


def _last_two(row: dict[int, list[SourceValue]]) -> dict[int, list[SourceValue]]:
    """A row's cells of its two latest years."""
    return {y: row[y] for y in sorted(row)[-2:]}


def _same_row(v: SourceValue, w: SourceValue) -> bool:
    """Two cells of one row of one table, in other columns, of one kind and view."""
    return (
        w.source_id == v.source_id
        and w.table == v.table
        and w.row_index == v.row_index
        and w.col_index != v.col_index
        and w.view == v.view
        and kind_family(w.kind) == kind_family(v.kind)
    )


def _formula(early: SourceValue, late: SourceValue) -> str:
    return (
        f"{late.label or late.row} ({format_decimal(late.value)}) / "
        f"{early.label or early.row} ({format_decimal(early.value)})"
    )


def _judged(text: str, mu: Multiple, pair: _Pair, fold: Mention | None, s: Sentence) -> Claim:
    """The multiple's claim: the fold's digits, or the word itself, judged by the pair."""
    early, late, formula, cells = pair
    word = text[mu.start : mu.end]
    m = fold or Mention(word, mu.start, mu.end, mu.factor, "ratio", mu.factor / 10)
    if early <= 0:
        # from a loss or from nothing no multiple holds: "net income doubled" from -20 to 64
        ev = Evidence("multiple", "ratio", formula, cells, None)
        message = (
            f'"{word}" says a ratio of {mu.said()}, but it starts from {format_decimal(early)} '
            f"({formula}): a value at or below zero has no multiple"
        )
        return Claim(m, s, "contradicted", ev, message)
    ratio = late / early
    shown = ratio.quantize(Decimal("0.01"))
    ev = Evidence("multiple", "ratio", f"{formula} = {format_decimal(shown)}", cells, ratio)
    if mu.allows(ratio):
        return Claim(m, s, "derived", ev)
    says = "a level kept, a ratio of" if mu.factor == 1 else "a ratio of"
    message = f'"{word}" says {says} {mu.said()}, but {formula} is {format_decimal(shown)}'
    return Claim(m, s, "contradicted", ev, message)
