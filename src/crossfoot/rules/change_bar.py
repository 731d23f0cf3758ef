"""A bar drawn over the change of one named row: "North's revenue grew by more than $0.3M in
2024", "East's costs fell by less than 5% from 2023 to 2024".

The figure after "more than" is a line, not the change itself. Before, it failed as
unsupported whatever the change was (no cell and no derivation is $0.3M), so a right bar
looked as wrong as a wrong one. Now, when the sentence names exactly one row, a movement word
stands before the bar, and the sentence states one year (the change into it from the year
before) or two (the change between them), the row's change decides:

- moved the stated way and past the bar: ``derived``, the two cells as its evidence, for a
  round line (two significant digits at most) within a factor of ten of the change;
- moved the other way, or not past the bar: ``contradicted``, naming the two cells.

A percentage bar is held to the change in per cent of the earlier cell; a percentage bar over
cells that are percentages themselves (points or per cent?) is left to the other rules, as is a
claim that passes on a derivation already. One that passes on a single cell ("grew by more than
$4M" near another row's $4.2M) read the bar as a level and is judged here.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.bounds import side_before
from crossfoot.language.direction import clause_bounds
from crossfoot.language.years import years_in_text
from crossfoot.model.types import PASSING_STATUSES, Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules.one_row_bar import level_after, moves_before, near, round_line
from crossfoot.sources.rows_label_match import label_search

__all__ = ["change_bar"]

_HUNDRED = Decimal(100)


def change_bar(text: str, claim: Claim, values: Sequence[SourceValue]) -> Claim | None:
    """The bar's claim judged on the change of the one row its sentence names, or None (see
    the module docstring).

    >>> from crossfoot import check
    >>> table = ("| Region | 2023 | 2024 |\\n|---|---|---|\\n"
    ...          "| North | 3.8 | 4.2 |\\n| South | 2.5 | 2.9 |")
    >>> [c.status for c in check("North grew by more than 0.3 in 2024.", [table]).claims]
    ['derived']
    >>> [c.status for c in check("North grew by more than 0.9 in 2024.", [table]).claims]
    ['contradicted']
    """
    m, s = claim.mention, claim.sentence
    if m.kind not in ("money", "number", "percent") or _derived(claim):
        return None
    side = side_before(text, m.start, s.start)
    moved = moves_before(text, s.start, m.start)
    if side is None or not moved or any(ch.isdigit() for ch in text[moved[-1].end() : m.start]):
        return None  # (a figure between: "grew by $0.4M to $4.2M, staying above $4M" is a level)
    if level_after(text, moved, m.start):
        return None  # "grew to more than $550M", "rose, ending above $550M": a bar on a level
    way = 1 if moved[-1].group("up") else -1
    sentence = text[s.start : s.end]
    # no year stated: a table of two years has one change ("West grew by less than 5%")
    years = sorted(set(years_in_text(sentence))) or _two_years(values)
    if len(years) not in (1, 2):
        return None
    old_year, new_year = (years[0] - 1, years[0]) if len(years) == 1 else (years[0], years[1])
    lo, hi = clause_bounds(text, s.start, s.end, m.start, m.end)  # the clause names the row
    pair = _row_pair(text[lo:hi], values, old_year, new_year, m.scale != 1)
    if pair is None:
        return None
    old, new = pair
    if m.kind == "percent":
        if old.kind == "percent" or old.value == 0:
            return None
        change = (new.value - old.value) / abs(old.value) * _HUNDRED
    else:
        change = new.value - old.value
    said = "more" if side == ">" else "less"
    cells = (
        f"{old.row} {format_decimal(old.value)} ({old_year}) "
        f"to {format_decimal(new.value)} ({new_year})"
    )
    shown = format_decimal(
        abs(change).quantize(Decimal("0.01")) if m.kind == "percent" else abs(change)
    )
    shown = f"{'+' if change >= 0 else '-'}{shown}{'%' if m.kind == 'percent' else ''}"
    ev = Evidence("bar", "change", f"{cells}: a change of {shown}", (old, new), change)
    bar = abs(m.value)
    if change * way <= 0:
        went = "down" if change < 0 else "up" if change > 0 else "nowhere"
        why = f"{cells} is a change of {shown}: it went {went}, not {moved[-1].group(0)}"
        return Claim(m, s, "contradicted", ev, why)
    past = abs(change) > bar if side == ">" else abs(change) < bar
    if not past:
        return Claim(
            m,
            s,
            "contradicted",
            ev,
            f"{cells} is a change of {shown}, not {said} than {m.text.strip()}",
        )
    if not near(abs(change), bar) or not round_line(m.written):
        return None
    return Claim(m, s, "derived", ev)


def _two_years(values: Sequence[SourceValue]) -> list[int]:
    """The two years of the sources' cells when they have exactly two, else none."""
    years = {v.year for v in values if v.year is not None and v.row is not None}
    return sorted(years) if len(years) == 2 else []


def _derived(claim: Claim) -> bool:
    """Whether the claim passes on a derivation already (a change the rules found): one that
    passes on a single cell ("more than $4M" near another row's $4.2M) is a level, which a bar
    after a movement word is not, and is judged here."""
    ev = claim.evidence
    return claim.status in PASSING_STATUSES and ev is not None and len(ev.operands) != 1


def _row_pair(
    sentence: str, values: Sequence[SourceValue], old_year: int, new_year: int, scaled: bool
) -> tuple[SourceValue, SourceValue] | None:
    """The cells of the one row the sentence names in the two years (a bar written with a scale
    meets a cell's scaled reading, one without it the cell as written), or None."""
    prefer = "true" if scaled else "written"
    low = sentence.lower()
    found: dict[tuple[object, ...], dict[int, SourceValue]] = {}
    for v in values:
        if v.year not in (old_year, new_year) or v.row is None or v.kind == "year":
            continue
        if v.view not in ("both", prefer):
            continue
        if not label_search(v.row, sentence, low):
            continue
        # one row of a wide table, or the rows of one label in a long one ("revenue" by year)
        column = v.column if str(v.year) not in (v.column or "") else ""
        found.setdefault((v.source_id, v.table, v.row, column), {})[v.year] = v
    rows = [r for r in found.values() if len(r) == 2]
    if len(rows) != 1 or len(found) != 1:
        return None
    return rows[0][old_year], rows[0][new_year]
