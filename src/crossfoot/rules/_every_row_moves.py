"""A movement said of every row of a table: "Every region grew in 2023", "Margins improved in
every segment except Devices", "Sales rose across all regions".

No figure says it, so no number rule sees it, and a table where one region fell passed. A
sentence with no figure that words every row ("every"/"each"/"all" with a noun for what the
rows are: region, segment, product, ...) and a movement verb (``language.trends``) says each row
of the table moved that way between two years: the year it names and the one before, the two it
names, or the table's last two. The columns are the years' columns whose other words the
sentence names ("Margin 2022" / "Margin 2023" for "margins"), or bare years. Rows named after
"except", "other than", "apart from" are left out, and must not have moved that way. Total and
average lines are never among the rows. The verb becomes a claim: ``derived`` when every row
moved as said, ``contradicted`` naming the first that did not. A negated sentence, a table of
fewer than two rows, and a sentence naming more than two years are left alone.

>>> from crossfoot import check
>>> t = ('[["Region", "2022", "2023"], ["North", "4,210", "4,637"], ["South", "3,200", "2,860"],'
...      ' ["West", "1,950", "2,330"]]')
>>> check("Every region grew in 2023.", [t]).passed
False
>>> check("Every region except South grew in 2023.", [t]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.extremes import ASIDE
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.trends import EVERY_ROW, MOVED
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import word_mention
from crossfoot.rules.comparisons import NEGATED

__all__ = ["every_row_moves"]

_VERB = MOVED
_EXCEPT = re.compile(r"(?i)\b(?:except(?:\s+for)?|other\s+than|apart\s+from|but|save)\s+")
_BREAK = re.compile(r"(?i)[,;]|\b(?:while|whereas|but|although|though|unlike)\b")
_EXCEPT_END = re.compile(r"(?i)\s*(?:[,;.]|\b(?:grew|rose|fell|in|from|over|between)\b)")


def every_row_moves(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of the sentence's movement of every row, if it holds one (module docstring)."""
    sentence = text[s.start : s.end]
    every = EVERY_ROW.search(sentence)
    verb = None if every is None else _own_verb(sentence, every.start(), every.end())
    if every is None or verb is None or NEGATED.search(sentence, 0, verb.start()):
        return []
    if NEGATED.search(sentence, 0, every.start()):
        return []  # "but not every region did": no movement said of every row
    years = sorted({int(y) for y in YEAR.findall(sentence)})
    if len(years) > 2:
        return []
    said = frozenset(tokens(sentence))
    table = _year_columns(values, said)
    if table is None:
        return []
    rows, by_year = table
    if len(years) == 1:
        pair = (years[0] - 1, years[0])
    elif years:
        pair = (years[0], years[1])
    else:
        known = sorted(by_year)
        pair = (known[-2], known[-1]) if len(known) >= 2 else (0, 0)
    if pair[0] not in by_year or pair[1] not in by_year:
        return []
    left_out = _excepted(sentence, rows)
    up = verb.group("up") is not None
    word = verb.group(0)
    start = s.start + verb.start()
    steps = []
    for row in rows:
        a, b = by_year[pair[0]].get(row), by_year[pair[1]].get(row)
        if a is None or b is None:
            return []
        steps.append((row, a, b))
    if len(steps) - len(left_out) < 2:
        return []
    mention = word_mention(word, start, len(steps))
    formula = "; ".join(
        f"{row}: {format_decimal(a.value)} -> {format_decimal(b.value)}" for row, a, b in steps
    )
    ev = Evidence("trend", "movement", f"{pair[0]} -> {pair[1]}: {formula}", _cells(steps))
    for row, a, b in steps:
        moved = b.value > a.value if up else b.value < a.value
        if moved == (row in left_out):
            went = "rose" if b.value > a.value else "fell" if b.value < a.value else "held"
            said_of = "leaves out" if row in left_out else "says every row"
            message = (
                f'"{word}" {said_of} {row}, but {row} {went} from {format_decimal(a.value)} in '
                f"{pair[0]} to {format_decimal(b.value)} in {pair[1]}"
            )
            return [Claim(mention, s, "contradicted", ev, message)]
    return [Claim(mention, s, "derived", ev)]


def _own_verb(sentence: str, start: int, end: int) -> re.Match[str] | None:
    """The movement verb of the words of every row at ``start:end``: the last before them in
    their clause ("Margins improved in every segment except Devices, which fell"), else the
    first after them ("Every region grew"); never another clause's ("South fell while every
    region in the west grew": "grew")."""
    before = list(_VERB.finditer(sentence, 0, start))
    if before and not _BREAK.search(sentence, before[-1].end(), start):
        return before[-1]
    return _VERB.search(sentence, end)


def _cells(steps: list[tuple[str, SourceValue, SourceValue]]) -> tuple[SourceValue, ...]:
    return tuple(v for _row, a, b in steps for v in (a, b))


def _year_columns(
    values: Sequence[SourceValue], said: frozenset[str]
) -> tuple[list[str], dict[int, dict[str, SourceValue]]] | None:
    """The rows (total and average lines aside) and, by year, the cells of the one table's
    year columns whose other words the sentence names, or bare years, or the one quantity a
    table has by year ("revenue_2023", "revenue_2024"); None when no such columns, or several."""
    found: dict[tuple[str, int | None, frozenset[str]], dict[int, dict[str, SourceValue]]] = {}
    for v in values:
        if v.table is None or v.year is None or not v.row or not v.column or v.view == "written":
            continue
        if v.row_index is None or v.kind == "year" or ASIDE.search(v.row):
            continue  # (a long result set's year is a cell of the row: its column has none)
        need = required_tokens(v.column) - {str(v.year)}
        key = (v.source_id, v.table, need)
        found.setdefault(key, {}).setdefault(v.year, {})[v.row] = v
    named = [k for k in found if k[2] <= said]
    if not named and len(found) == 1:
        named = list(found)
    if len(named) != 1:
        return None
    by_year = found[named[0]]
    rows = sorted({r for cells in by_year.values() for r in cells})
    return (rows, by_year) if len(rows) >= 2 else None


def _excepted(sentence: str, rows: list[str]) -> set[str]:
    """The rows named after "except" (up to the clause's end or its verb)."""
    found = _EXCEPT.search(sentence)
    if found is None:
        return set()
    end = _EXCEPT_END.search(sentence, found.end())
    part = frozenset(tokens(sentence[found.end() : end.start() if end else len(sentence)]))
    return {r for r in rows if (need := required_tokens(r)) and need <= part}
