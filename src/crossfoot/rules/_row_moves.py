"""A figure-free movement of named rows in one period: "South's sales fell in 2023", "North and
West grew in 2023, while South declined", "Revenue increased from 2021 to 2023".

No figure says it, so no number rule sees it, and a row that rose passed as one that "fell". A
sentence with no figure is read clause by clause (split at a comma, a semicolon, "while",
"whereas", "but"): a clause that names rows of one table before a movement verb ("grew",
"declined": ``language.trends``) and states one year Y, or two ("from 2021 to 2023"), says each
of those rows moved that way from the year before Y (or between its two years). The verb becomes
a claim: ``derived`` when every named row moved so, ``contradicted`` naming the first row that
did not. A clause of several verbs ("North grew in 2023 and South declined") holds a movement
for each, of the rows named between it and the verb before it. The year may stand in the
sentence's first clause for the ones after it ("In 2023, North grew while South declined").

Left alone, as other rules' or as unsure: a negated clause ("did not grow"); a subject that
leaves rows out or counts them ("all regions except South grew"); a verb with a degree
or a comparison after it ("grew the most", "fell faster than", "rose more than"); every-period
movements (``rules.worded_rows``); a clause naming no row, no year, rows of two tables, or a
year whose row holds no cell the year before.

>>> from crossfoot import check
>>> t = '[["Region", "2022", "2023"], ["North", "4,210", "4,630"], ["South", "3,880", "3,540"]]'
>>> check("North grew in 2023, while South declined.", [t]).passed
True
>>> check("South grew in 2023.", [t]).claims[0].status
'contradicted'
>>> check("North grew in 2023 and South rose.", [t]).passed  # (each verb of a clause is read)
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from crossfoot.language.extremes import ASIDE
from crossfoot.language.row_compare import CLAUSE_BREAK
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.trends import MOVED, MOVED_DOWN, MOVED_UP
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules._named_years import value_years
from crossfoot.rules._period_trend import period_series
from crossfoot.rules._row_order import named_rows, word_mention
from crossfoot.rules.comparisons import NEGATED

__all__ = ["may_move", "row_moves"]

_GATES = f"{MOVED_UP}|{MOVED_DOWN}".split("|")  # (the verbs' own words: substring gates)
_VERB = MOVED
# A subject that names rows to leave out or counts them: "all regions except South grew".
# ... or holds a negation ("North did not decline in 2023 and South fell": "decline" is no
# movement the verbs list, so North would be read as the subject of "fell").
_EXCEPT = re.compile(
    r"(?i)\b(?:except|excluding|other\s+than|apart\s+from|aside\s+from|besides|all|none|"
    r"neither|nor|no|every|each|any|not|never)\b|n't\b"
)
# "grew the most", "declined fastest": the named row's change is the extreme of its table's rows.
_MOST = re.compile(
    r"(?i)\s*(?:the\s+)?(?:most|fastest|quickest|sharpest|furthest|(?:by\s+)?the\s+largest"
    r"(?:\s+(?:amount|margin))?)\b"
)
# A degree, a comparison or an every-period reading after the verb: other rules' sentences.
_AFTER = re.compile(
    r"(?i)\s*(?:\w+\s+){0,3}?(?:most|least|more|less|faster|slower|further|than|every|each|"
    r"year\s+after|fastest|slowest|quickest|sharpest|largest|biggest|smallest|highest|lowest)\b"
)


def may_move(low: str) -> bool:
    """Whether the lowered text holds a movement verb (substring tests)."""
    return any(g in low for g in _GATES)


def row_moves(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claims of the sentence's figure-free movements of named rows, one a clause (module
    docstring)."""
    sentence = text[s.start : s.end]
    cuts = [0, *(m.end() for m in CLAUSE_BREAK.finditer(sentence)), len(sentence)]
    years: list[int] = []
    claims: list[Claim] = []
    for lo, hi in pairwise(cuts):
        clause = sentence[lo:hi]
        said = [int(y) for y in YEAR.findall(clause)]
        years = said or years  # "In 2023, North grew while South declined"
        # Every verb of the clause, each of the rows named since the verb before it: "North grew
        # in 2023 and South rose" holds two movements (the second one read too: not passed).
        begin = 0
        for verb in _VERB.finditer(clause):
            subject = clause[begin : verb.start()]
            begin = verb.end()
            claim = _moved(s, lo, clause, subject, verb, years, values)
            if claim is not None:
                claims.append(claim)
    return claims


def _moved(
    s: Sentence,
    lo: int,
    clause: str,
    subject: str,
    verb: re.Match[str],
    years: list[int],
    values: Sequence[SourceValue],
) -> Claim | None:
    """The claim of one movement verb of the clause at ``lo`` in the sentence, its rows named by
    ``subject`` (the clause's words since the verb before it); None when it is left alone."""
    most = _MOST.match(clause, verb.end())
    start = verb.start() - len(subject)
    if NEGATED.search(clause, start, verb.start()) or (
        most is None and _AFTER.match(clause, verb.end())
    ):
        return None
    if _EXCEPT.search(subject):
        return None
    rows = named_rows(subject, values)
    if all(len(by_year) < 2 for by_year in rows.values()):
        rows = _long_rows(clause, rows, values) or _column(subject, values)
    steps = _steps(rows, years)
    if steps is None or (most is not None and len(steps) != 1):
        return None
    word = verb.group(0) if most is None else clause[verb.start() : most.end()]
    at = s.start + lo + verb.start()
    mention = word_mention(word, at, len(steps))
    up = verb.group("up") is not None
    if most is None:
        return _judged(s, mention, up, steps)
    peers = _peers(steps[0], values)
    return _ranked(s, mention, up, steps[0], peers) if peers is not None else None


_Rows = dict[tuple[str, int | None, int], dict[int, SourceValue]]


def _long_rows(clause: str, rows: _Rows, values: Sequence[SourceValue]) -> _Rows:
    """The named rows of a result set in the long shape (one row per region and year: each
    named row holds one year), joined by label into one line per label over the one column
    of amounts the clause names (or the only one); {} when that is not plain."""
    labels = {(k[0], k[1], next(iter(c.values())).row) for k, c in rows.items() if c}
    said = frozenset(tokens(clause))
    lines: dict[tuple[str, int | None, str | None, int | None], dict[int, SourceValue]] = {}
    for v in values:
        if v.kind == "year" or v.year is None or (v.source_id, v.table, v.row) not in labels:
            continue
        line = lines.setdefault((v.source_id, v.table, v.row, v.col_index), {})
        if v.year in line:
            return {}  # two rows of one label and year: which one is meant is unknown
        line[v.year] = v
    named = {
        k for k in lines if required_tokens(next(iter(lines[k].values())).column or "") <= said
    }
    keep = named or set(lines)
    if len({k[3] for k in keep}) != 1:
        return {}
    return {(k[0], k[1], i): lines[k] for i, k in enumerate(sorted(keep, key=str))}


def _column(subject: str, values: Sequence[SourceValue]) -> _Rows:
    """The column the subject names in a table of years down its rows ("Revenue fell in 2024"
    over rows 2022, 2023, 2024), as one line by year; {} when none."""
    series = period_series(subject, "year", values)
    if series is None:
        return {}
    by_year = {}
    for v in series:
        years = value_years(v)
        if len(years) == 1:
            by_year[next(iter(years))] = v
    return {(series[0].source_id, series[0].table, -1): by_year}


def _steps(rows: _Rows, years: list[int]) -> list[tuple[SourceValue, SourceValue]] | None:
    if not rows or len({k[:2] for k in rows}) != 1 or not 1 <= len(years) <= 2:
        return None
    first, last = (years[-1] - 1, years[-1]) if len(years) == 1 else (min(years), max(years))
    steps = []
    for by_year in rows.values():
        a, b = by_year.get(first), by_year.get(last)
        if a is None or b is None:
            return None
        steps.append((a, b))
    return steps


def _peers(
    step: tuple[SourceValue, SourceValue], values: Sequence[SourceValue]
) -> list[tuple[SourceValue, SourceValue]] | None:
    """Every row's step between the named step's two columns, in its table (totals aside), when
    there are at least three rows to rank."""
    a, b = step
    cells: dict[int, dict[int | None, SourceValue]] = {}
    for v in values:
        if (
            v.source_id == a.source_id
            and v.table == a.table
            and v.row_index is not None
            and v.col_index in (a.col_index, b.col_index)
            and v.kind == a.kind
            and v.view != "written"
            and not ASIDE.search(v.row or "")
        ):
            cells.setdefault(v.row_index, {})[v.col_index] = v
    peers = [(c[a.col_index], c[b.col_index]) for _, c in sorted(cells.items()) if len(c) == 2]
    return peers if len(peers) >= 3 else None


def _ranked(
    s: Sentence,
    m: Mention,
    up: bool,
    step: tuple[SourceValue, SourceValue],
    peers: list[tuple[SourceValue, SourceValue]],
) -> Claim:
    """ "West grew the most in 2023": the named row's change is the largest rise (or fall) of
    its table's rows, as an amount or as a percentage (either reading passes)."""

    def amount(p: tuple[SourceValue, SourceValue]) -> Decimal:
        return p[1].value - p[0].value if up else p[0].value - p[1].value

    def rate(p: tuple[SourceValue, SourceValue]) -> Decimal:
        return amount(p) / abs(p[0].value) if p[0].value else Decimal(0)

    row = step[0].row_index
    shown = "; ".join(
        f"{x.row}: {format_decimal(x.value)} -> {format_decimal(y.value)}" for x, y in peers
    )
    ev = Evidence("trend", "movement", shown, tuple(v for p in peers for v in p), None)
    top, fastest = max(peers, key=amount), max(peers, key=rate)
    if amount(step) > 0 and row in (top[0].row_index, fastest[0].row_index):
        return Claim(m, s, "derived", ev)
    moved = f"{top[0].row} moved {format_decimal(top[0].value)} -> {format_decimal(top[1].value)}"
    if fastest is not top:
        moved += (
            f" and {fastest[0].row} {format_decimal(fastest[0].value)} -> "
            f"{format_decimal(fastest[1].value)}"
        )
    went = "rise" if up else "fall"
    message = f'"{m.text}" says {step[0].row} had the largest {went}, but {moved}'
    return Claim(m, s, "contradicted", ev, message)


def _line(v: SourceValue) -> str:
    """What the cell's line is called: its row, or its column in a table of years down its rows."""
    return (v.column if v.year is not None and str(v.year) in (v.row or "") else v.row) or ""


def _judged(
    s: Sentence, m: Mention, up: bool, steps: list[tuple[SourceValue, SourceValue]]
) -> Claim:
    shown = "; ".join(
        f"{_line(a)}: {format_decimal(a.value)} ({a.year}) -> {format_decimal(b.value)} ({b.year})"
        for a, b in steps
    )
    ev = Evidence("trend", "movement", shown, tuple(v for p in steps for v in p), None)
    for a, b in steps:
        if (b.value > a.value) != up or b.value == a.value:
            went = "rose" if b.value > a.value else "fell" if b.value < a.value else "held"
            message = (
                f'"{m.text}" says {_line(a)} moved so, but it {went} from '
                f"{format_decimal(a.value)} in {a.year} to {format_decimal(b.value)} in {b.year}"
            )
            return Claim(m, s, "contradicted", ev, message)
    return Claim(m, s, "derived", ev)
