"""What a sentence with no figure says of named rows: a movement in every period ("Net income has
fallen every year since 2019") and an order of two rows ("Services revenue exceeded product
revenue in 2021").

**Every year.** No figure says it, so no number rule sees it, and a row that fell once in three
years passed. When a sentence names one row of a table and says it rose (or fell) "every year",
"each year" or "year after year", the row's cells of the years the sentence spans (from a year it
names "since" or "from", to the last it names or the table's last; every year of the row when it
names none) must each move that way from the year before. The verb becomes a claim: ``derived`` when
every step moves as said, ``contradicted`` naming the first step that does not. A negated sentence
("has not grown every year") and a row of fewer than two of those years are left alone.

**One row against another.** A sentence with no figure that names one row before a comparison
word ("exceeded", "higher than", "outsold", "trailed", "lower than") and another row of the same
table after it says the first row's cell is the larger (or the smaller) in each year it names,
in every year both rows hold after "every year" / "each year" / "both years", or in their one
common year. The comparison word becomes a claim, ``derived`` or ``contradicted`` naming the year
that breaks it; a sentence of several comparisons ("A exceeded B in 2021, while C trailed B")
holds a claim for each, over the rows and years of its own stretch. A comparison followed by a
figure ("more than $5M") is a bound, left alone, as is a negated one and a sentence whose rows
or years are not plain.

Read from here by modules of their own: an order of two rows in every quarter or month, or
over a result set by period ("Beta trailed Alpha every month": ``rules._row_order_periods``, when
the order above finds none), and a movement in one period ("South fell in 2023":
``rules._row_moves``, in a sentence no other reading here made a claim of).

>>> from crossfoot import check
>>> t = ('[["(in millions)", "2021", "2020", "2019"], ["Revenue", "1,000", "800", "700"],'
...      ' ["Net income", "90", "64", "(20)"]]')
>>> check("Net income has grown every year since 2019.", [t]).passed
True
>>> check("Net income has fallen every year since 2019.", [t]).passed
False
>>> check("Revenue exceeded net income in 2021.", [t]).passed
True
>>> check("Net income was higher than revenue in every year.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.direction import clause_bounds
from crossfoot.language.row_compare import may_compare_periods
from crossfoot.language.trends import (
    MOVED,
    MOVED_DOWN,
    MOVED_UP,
    every_period,
    may_word_every,
    wrong_step,
)
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules._every_row_moves import every_row_moves
from crossfoot.rules._growth_order import growth_order, may_grow_faster
from crossfoot.rules._level_moves import level_moves
from crossfoot.rules._majority import majority_claims
from crossfoot.rules._only_moved import only_moved
from crossfoot.rules._period_trend import period_series, period_unit, row_periods
from crossfoot.rules._rank_free import may_rank_free, ranked_free
from crossfoot.rules._row_crossing import crossed_rows, may_cross
from crossfoot.rules._row_moves import may_move, row_moves
from crossfoot.rules._row_order import compared_rows, may_compare, named_rows, word_mention
from crossfoot.rules._row_order_periods import compared_periods
from crossfoot.rules._streak import may_streak, streak
from crossfoot.rules.every_except import every_except, unexcepted
from crossfoot.rules.signed_years import every_but

__all__ = ["worded_rows"]

_TREND = re.compile(
    rf"(?i)\b(?:(?P<up>{MOVED_UP})|(?P<down>{MOVED_DOWN}))\s+(?:\w+\s+){{0,2}}?"
    r"(?:(?:in\s+)?(?:every|each)\s+(?:single\s+)?year|year\s+after\s+year|year\s+on\s+year\s+every)\b"
)
_VERB = MOVED
_NOT = re.compile(r"(?i)\b(?:not|never)\b|n't\b")  # ("hasn't": no \b before its "n")
_SINCE = re.compile(r"(?i)\b(?:since|from)\s+(?:fy\s*|fiscal\s+)?((?:19|20)\d\d)\b")


def worded_rows(
    text: str, sentences: Sequence[Sentence], claims: list[Claim], values: Sequence[SourceValue]
) -> list[Claim]:
    """The claims, with each figure-free movement or order of named rows judged as a claim of
    its own (module docstring); and a cell reached by a movement the wrong way ("fell to $800
    million in 2020": rules._level_moves)."""
    claims = majority_claims(text, sentences, level_moves(text, claims, values), values)
    low = text.lower()
    every = every_period(low)
    faster = may_grow_faster(low)  # ("grew faster than", "outpaced")
    compares = may_compare(low) or may_compare_periods(low) or may_cross(low) or faster
    moves = may_move(low)
    every_row = moves and may_word_every(low)  # ("Every region grew in 2023")
    run = moves and may_streak(low)  # ("fell for two straight years")
    ranks = may_rank_free(low)  # ("North was the largest region": rules._rank_free)
    only = "only" in low  # ("the only segment to decline")
    if not every and not compares and not moves and not only and not ranks:
        return claims
    added: list[Claim] = []
    has_figure = {c.sentence.index for c in claims}
    for s in sentences:
        if every:
            _trend(text, s, values, added)
        if compares and s.index not in has_figure:
            added.extend(
                compared_rows(text, s, values)
                or compared_periods(text, s, values)
                or crossed_rows(text, s, values)  # "West overtook South in 2023"
                or (growth_order(text, s, values) if faster else [])  # "A grew faster than B"
            )
        if only and s.index not in has_figure:
            found = only_moved(text, s, values)  # "Services was the only segment to decline"
            if found:
                added.extend(found)
                continue
        if (
            moves
            and s.index not in has_figure
            and not any(c.sentence.index == s.index for c in added)
        ):
            added.extend(
                (every_row and every_row_moves(text, s, values))
                or (run and streak(text, s, values))
                or row_moves(text, s, values)  # "South fell in 2023" (rules._row_moves)
            )
        if ranks and s.index not in has_figure and all(c.sentence.index != s.index for c in added):
            added.extend(ranked_free(text, s, values))
    if not added:
        return claims
    return sorted([*claims, *added], key=lambda c: c.mention.start)


def _trend(text: str, s: Sentence, values: Sequence[SourceValue], added: list[Claim]) -> None:
    """An "every year" movement of the sentence's one named row, judged (module docstring)."""
    sentence = unexcepted(text[s.start : s.end])  # (rules.every_except: no end of the span)
    m = _TREND.search(sentence)
    unit: str | None = "year"
    if m is not None:  # a named row's years, or a column of a result set by year
        cells = _clause_rows(sentence, m, values) or period_series(sentence, "year", values)
    else:  # "grew every month": a column of a result set by month or quarter
        unit = None
        for m in _VERB.finditer(sentence):
            if (unit := period_unit(sentence, m.end())) is not None:
                break
        else:
            m = None
        cells = (
            period_series(sentence, unit, values) or row_periods(sentence, unit, values)
            if unit is not None
            else None
        )
    if m is None or cells is None or _NOT.search(sentence, 0, m.start()):
        return
    up = m.group("up") is not None
    word = m.group("up") or m.group("down")
    start = s.start + m.start()
    mention = word_mention(word, start, len(cells))
    # ("grew in every year but one": rules.signed_years counts the steps that did not)
    but = every_but(mention, s, cells, up, unit or "year") or every_except(
        mention, s, cells, up, unit or "year"
    )
    added.append(but or _judged(mention, s, cells, up, word, unit or "year"))


def _clause_rows(
    sentence: str, m: re.Match[str], values: Sequence[SourceValue]
) -> list[SourceValue] | None:
    """The cells of the row the trend's own clause names ("Revenue grew every year, while gross
    margin slipped" is Revenue's), its clause cut at "and" too unless that leaves no row
    ("Research and development grew every year")."""
    cut = None
    for split_and in (True, False):
        lo, hi = clause_bounds(sentence, 0, len(sentence), m.start(), m.end(), split_and)
        if (lo, hi) != cut:
            cut = (lo, hi)
            cells = _row_years(sentence[lo:hi], values)
            if cells is not None:
                return cells
    return None


def _row_years(sentence: str, values: Sequence[SourceValue]) -> list[SourceValue] | None:
    """The one named row's cells of the years the sentence spans, in year order, or None."""
    rows = named_rows(sentence, values)
    if len(rows) != 1:
        return None  # no row named, or several
    (by_year,) = rows.values()
    named = [int(y) for y in _YEAR.findall(sentence)]
    since = _SINCE.search(sentence)
    first = int(since.group(1)) if since else min(by_year)
    last = max(named) if named and max(named) > first else max(by_year)
    years = [y for y in sorted(by_year) if first <= y <= last]
    return [by_year[y] for y in years] if len(years) >= 2 else None


def _judged(
    m: Mention, s: Sentence, cells: list[SourceValue], up: bool, word: str, unit: str
) -> Claim:
    # a row across its years or its quarters, or a column down the rows of a result set by
    # period ("January")
    down = len({v.row_index for v in cells}) > 1
    when = [(v.row if down else v.column if unit != "year" else None) or str(v.year) for v in cells]
    steps = " -> ".join(f"{w}: {format_decimal(v.value)}" for w, v in zip(when, cells, strict=True))
    row = cells[0].column if down else cells[0].row
    ev = Evidence("trend", "movement", f"{row}: {steps}", tuple(cells), None)
    wrong = wrong_step([v.value for v in cells], up)
    if wrong is None:
        return Claim(m, s, "derived", ev)
    i, went = wrong
    message = (
        f'"{word}" says {row} moved so in every {unit}, but it {went} from '
        f"{format_decimal(cells[i].value)} in {when[i]} to {format_decimal(cells[i + 1].value)} in "
        f"{when[i + 1]}"
    )
    return Claim(m, s, "contradicted", ev, message)
