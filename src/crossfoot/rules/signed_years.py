"""Counts of years a row's sign or movement says: "The company lost money in three of the four
years", "Net income was negative in 2 of the 4 years", "Revenue grew in two of the three years",
"Revenue grew in every year but one".

``rules.sentence_counts`` reads a count with a bar of its own ("exceeded $5 million in three of
the four quarters"); a count of years with no bar was no claim in words and, in digits, met some
cell by chance ("3" passed as a cell). The years such a sentence counts are those of one row:

- a sign: "lost money", "posted (reported) a (net) loss", "was unprofitable" count the years of the
  table's net income line (net income, profit, earnings or loss: the one such row) below zero;
  "was profitable", "made money" those above; "was negative" / "positive" of the row the sentence
  names those below (above) zero. The whole ("four" of "of the four years") is its years;
- a movement ("grew", "fell", ``language.changewords``): the steps from each year to the next
  of the row the sentence names that moved so; the whole is the steps, or the years.

The count is ``derived`` when it is that number and ``contradicted`` when not (naming the
years). A whole that is neither the row's years nor its steps counts the last of them after
"last" / "past" ("in two of the last three years"), and leaves the count alone otherwise.
"Every year but one" (``every_but``) holds when exactly that many steps moved the other way.

>>> from crossfoot import check
>>> t = '[["", "2021", "2022", "2023", "2024"], ["Net income", "-5", "3", "-8", "-2"]]'
>>> [c.status for c in check("The company lost money in three of the four years.", [t]).claims]
['derived', 'derived']
>>> [c.status for c in check("The company lost money in two of the four years.", [t]).claims]
['contradicted', 'derived']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.direction import clause_bounds
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.year_signs import BUT, COUNT, may_sign_count, number
from crossfoot.model.context import Verdict
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import named_rows

__all__ = ["every_but", "signed_years"]

_SAYS_NET = re.compile(r"(?i)\bnet\s+(?:income|profit|earnings|loss)\b")
_NET = re.compile(r"(?i)^\s*net[\s_]+(?:income|profit|earnings|loss|\(loss\))")
_NEAR = 16  # (characters from the verb to its "every year but": " in every", " during each")
_LOSS_ONLY, _GAINS = re.compile(r"(?i)\bloss(?:es)?\b"), re.compile(r"(?i)income|profit|earnings")


def signed_years(
    text: str, m: Mention, sentence: tuple[int, int], values: Sequence[SourceValue]
) -> Verdict | None:
    """``derived`` or ``contradicted`` for ``m`` when it is the count or the whole of a count of
    years by a sign or a move (module docstring); None otherwise."""
    if not may_sign_count(text[sentence[0] : sentence[1]].lower()):
        return None
    found = next(
        (
            f
            for f in COUNT.finditer(text, sentence[0], sentence[1])
            if f.start("n") <= m.start < f.end("m")
        ),
        None,
    )
    if found is None:
        return None
    which = next(g for g in ("loss", "gain", "neg", "pos", "up", "down") if found.group(g))
    # the line of the count's own clause ("revenue grew in two of the three years, and costs fell
    # in 3 of the 3 years"), else of the sentence (a row name with "and" in it spans a break)
    lo, hi = clause_bounds(text, sentence[0], sentence[1], found.start(), found.end())
    line = _cells(text[lo:hi], which, values)
    if line is None and (lo, hi) != sentence:
        line = _cells(text[sentence[0] : sentence[1]], which, values)
    if line is None:
        return None
    cells, sign = line
    years = _window(sorted(cells), number(found.group("m")), which, found.group("last"))
    if years is None:
        return None  # (the whole is not the row's years: which years it counts is not read)
    if which in ("up", "down"):
        up = which == "up"
        steps = pairwise(years)
        hits = [b for a, b in steps if _moved(cells[a].value, cells[b].value, up)]
        what = f"years {'up' if up else 'down'} on the year before"
    else:
        below = which in ("loss", "neg")
        hits = [
            y for y in years if (sign * cells[y].value < 0 if below else sign * cells[y].value > 0)
        ]
        what = f"years {'below' if below else 'above'} zero"
    row = cells[years[0]].row or "the row"
    listed = ", ".join(f"{y}: {format_decimal(cells[y].value)}" for y in years)
    is_whole = m.start >= found.start("m")
    n = len(hits) if not is_whole else number(found.group("m"))
    formula = f"{row} ({listed}): {len(hits)} {what}"
    ev = Evidence("count", "count", formula, tuple(cells[y] for y in years), Decimal(n))
    if is_whole or m.value == len(hits):  # (the whole is the window's own size)
        return Verdict("derived", ev)
    return Verdict("contradicted", ev, f"{m.text.strip()} {what}: {formula}")


def _window(years: list[int], whole: int, which: str, last: str | None) -> list[int] | None:
    """The years the count runs over: the row's, when the whole is their number (or, for a
    move, the number of steps); the last ones after "last" / "past"; else None."""
    steps = which in ("up", "down")
    if whole == len(years) or (steps and whole == len(years) - 1):
        return years
    if last and whole < len(years):
        return years[-whole - 1 :] if steps else years[-whole:]
    return None


def _cells(
    sentence: str, which: str, values: Sequence[SourceValue]
) -> tuple[dict[int, SourceValue], int] | None:
    """The one line the count reads, its cells by year, and the sign that makes a loss negative:
    the net income line for a loss or a profit (or a sign said of net income), else the one
    line the sentence names; a row across year columns, or a column down year rows. None when
    there is not exactly one. A line that names a loss alone ("Net loss") and holds no negative
    cell writes each loss as its size (sign -1); one that holds both signs is left alone."""
    net = which in ("loss", "gain") or _SAYS_NET.search(sentence) is not None
    found = [] if net else list(named_rows(sentence, values).values())
    sign = 1
    if not found:
        said = frozenset(tokens(sentence))
        lines: dict[tuple[str, int | None, str, str], dict[int, SourceValue]] = {}
        for v in values:
            if v.year is None or v.kind == "year" or v.row_index is None:
                continue
            for along, label in (("row", v.row), ("column", v.column)):
                if label and (_NET.match(label) if net else _names(label, said)):
                    cells = lines.setdefault((v.source_id, v.table, along, label), {})
                    if v.view == "written" or v.year not in cells:
                        cells[v.year] = v
        kept = [(k[3], c) for k, c in lines.items() if len(c) >= 2]
        found = [c for _, c in kept]
        if (
            len(kept) == 1
            and net
            and _LOSS_ONLY.search(kept[0][0])
            and not _GAINS.search(kept[0][0])
        ):
            signs = {c.value > 0 for c in kept[0][1].values() if c.value != 0}
            if len(signs) > 1:
                return None  # (a "Net loss" row of both signs: which one is a loss is a guess)
            sign = -1 if signs == {True} else 1
    if len(found) != 1 or len(found[0]) < 2:
        return None
    return found[0], sign


def _names(label: str, said: frozenset[str]) -> bool:
    need = required_tokens(label)
    return bool(need) and need <= said


def _moved(a: Decimal, b: Decimal, up: bool) -> bool:
    return b > a if up else b < a


def every_but(
    m: Mention, s: Sentence, cells: Sequence[SourceValue], up: bool, unit: str
) -> Claim | None:
    """A movement "in every year but one" ("each month except two"): ``m``, the verb's claim
    over ``cells`` in order, is ``derived`` when exactly that many steps moved otherwise and
    ``contradicted`` when not; None when no "but" follows the verb itself."""
    at = m.start - s.start
    found = BUT.search(s.text, at)
    if found is None or found.start() > at + len(m.text) + _NEAR:
        return None  # (none, or another verb's: "grew every year, though margins fell in ...")
    said = number(found.group("n"))
    other = [i for i in range(len(cells) - 1) if not _moved(cells[i].value, cells[i + 1].value, up)]
    steps = " -> ".join(f"{v.year or v.column}: {format_decimal(v.value)}" for v in cells)
    ev = Evidence("trend", "movement", f"{cells[0].row}: {steps}", tuple(cells), None)
    if said == len(other) and len(other) < len(cells) - 1:
        return Claim(m, s, "derived", ev)
    message = (
        f'"{m.text} in every {unit} but {found.group("n")}" says {said} of the '
        f"{len(cells) - 1} steps moved otherwise; {len(other)} did"
    )
    return Claim(m, s, "contradicted", ev, message)
