"""A cheap reading that proves the wrong-row check passes a claim, before its words are read.

:func:`crossfoot.language.rowmatch.row_verdict` reads, for every exact table match, the words
that name the figure (its stretch of the clause, its year and date, a change or an average it
states) and judges each table of the matched cells by them. Nearly always it ends in ``None``:
the sentence names the matched cells' own row, or none. :func:`plainly_passes` proves that
outcome from the whole sentence, read once per sentence:

- the sentence's tokens (a superset of every stretch's: :func:`_sentence_tokens`) meet the
  required tokens of no row but the matched cells' own, so no other row is named and some
  matched cell always fits;
- they name no section of a sectioned table, no column of a table whose rows are years (its
  columns are the line items), no qualifier column ("Domestic"), and not "total" where the table
  has a bare "Total" row, nor "average" or "mean" when they name every matched row;
- every year the sentence can state for the figure (its years and dates; the exact year when
  it states several, or one "the year before") is the year of every matched cell of a table that
  has that year; a full date only where the table's columns are not dated;
- the answer-line readings cannot fire: the claim's sentence is not a lone figure after a
  sentence or title with one figure, and the words before the figure state no change.

Each condition is sufficient for its check of :func:`~crossfoot.language.rowtables.judge` and of
the three after it, whatever subset of the cells the judge keeps; ``tests/test_rowgate.py`` holds
the gate to the full reading over hypothesis tables (sections, totals, year rows, dated columns,
monthly rows) and sentences drawn from their own labels and years.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from crossfoot.language.direction import clause_bounds
from crossfoot.language.order import _NUMERIC_DATE as _DATES
from crossfoot.language.order import _date_hint
from crossfoot.language.prevsentence import (
    _CHANGE_WORDS,
    _MOVE_IS,
    _one_figure,
    _previous_figure,
    _titled,
)
from crossfoot.language.prior_year import PRIOR_YEAR
from crossfoot.language.rowfocus import _year_date
from crossfoot.language.rowtables import (
    LabelTable,
    label_tables,
    run_together,
    section_of,
    total_rows,
)
from crossfoot.language.rowtokens import _OPTIONAL, label_tokens, required_tokens, root, tokens
from crossfoot.language.unnamed_change import maybe_change
from crossfoot.language.years import _MONTH_NAMES, OPENING_DATE, label_date, years_in_text
from crossfoot.model.context import WINDOW, ClaimContext, mention_range
from crossfoot.model.types import SourceValue
from crossfoot.model.wordgate import FOLDS_TO_ASCII

__all__ = ["plainly_passes"]

# Characters of a token run (rowtokens.tokens), and two of them of different classes side by
# side (letter, digit, "'", "&"): a stretch of the sentence may end between them.
_RUN = re.compile(r"[a-z0-9'&]+")
_RUN_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789'&")
_SEGMENT = re.compile(r"[a-z]+|[0-9]+|'+|&+")  # the pieces of one class of a run
_MIXED = re.compile(r"[a-z][0-9'&]|[0-9][a-z'&]|'[a-z0-9&]|&[a-z0-9']")
# Each character as its class (a letter "a", a digit "0", "'" and "&" themselves, else a space):
# two classes side by side in the translated text are _MIXED, found by substring tests in C.
_CLASSES = str.maketrans(
    {**{c: "a" for c in "abcdefghijklmnopqrstuvwxyz"}, **{c: "0" for c in "0123456789"}}
)
_YEARISH = re.compile(r"(?:19|20)\d\d")
# The full dates of language.years._DATE without a month's name: "2025-03-31", "3/31/2025".
_NUMERIC_DATE = re.compile(r"(?:19|20)\d\d-\d|\d[/.]\d{1,2}[/.](?:19|20)\d\d")


class _Sentence:
    """What the gate reads of a claim's sentence, once per sentence (the costlier parts when
    first asked: most tables have no dated column, most sentences one year)."""

    __slots__ = ("_dated", "_glued", "_years", "changeless", "ctx", "one_figure", "plain", "words")

    def __init__(self, ctx: ClaimContext, low: str, plain: frozenset[str]) -> None:
        self.ctx = ctx  # (its text and mentions are the answer's: any claim of it reads them)
        self.words = _sentence_tokens(ctx, low, plain)  # every token any stretch can hold
        self.plain = plain  # its own tokens (rowtables.SaidText.words)
        self.one_figure = _one_figure(ctx)  # prevsentence._one_figure: maybe an answer line
        # no word of a change: prevsentence.change_before reads none in any part of it
        self.changeless = _changeless(low)
        self._glued: str | None = None
        self._years: tuple[frozenset[int], int | None] | None = None
        self._dated: bool | None = None

    def glued(self) -> str:
        """Its letters and digits run together (rowtables.SaidText.glued)."""
        if self._glued is None:
            s = self.ctx.sentence
            self._glued = run_together(self.ctx.text[s.start : s.end])
        return self._glued

    def years(self) -> frozenset[int]:
        """Every year it can state for a figure (:func:`_years`)."""
        if self._years is None:
            self._years = _years(self.ctx)
        return self._years[0]

    def single(self) -> int | None:
        """The one year it states, if one (language.cross_row_year)."""
        self.years()
        assert self._years is not None
        return self._years[1]

    def dated(self) -> bool:
        """It may write a full date: a month's name, or digits around "-", "/", "." (read up
        to 24 characters before it, as language.years.date_at_end reads before a year)."""
        if self._dated is None:
            s = self.ctx.sentence
            near = self.ctx.text[max(0, s.start - 24) : s.end]
            self._dated = not _MONTH_NAMES.absent(near) or _NUMERIC_DATE.search(near) is not None
        return self._dated

    def averaged(self) -> bool:
        """ "average" or "mean" in it."""
        s = self.ctx.sentence
        low = self.ctx.text[s.start : s.end].lower()
        return "average" in low or "mean" in low


def _sentence_tokens(ctx: ClaimContext, low: str, plain: frozenset[str]) -> frozenset[str]:
    """Every token of every stretch the row check reads of the sentence ``low`` (lower case,
    one character per character of the text; ``plain`` its tokens).

    The stretches end at run boundaries, between characters of two classes (a letter and a
    digit: "of revenue2019" reads "revenue") and at the bounds of a figure; within a run cut
    there, every piece between two cut points is read."""
    s, n = ctx.sentence, len(low)
    runs: dict[int, set[int]] = {}  # a run cut inside (its start) -> the cut points
    r = mention_range(ctx, s.start, s.end)
    for i in range(max(0, r.start - 1), r.stop):  # (and a figure that may run into it)
        x = ctx.mentions[i]
        for pos in (x.start - s.start, x.end - s.start):
            if 0 < pos < n and low[pos - 1] in _RUN_CHARS and low[pos] in _RUN_CHARS:
                runs.setdefault(_run_start(low, pos), set()).add(pos)
    classes = low.translate(_CLASSES)
    if (  # (two classes side by side: substring tests in C, no call each)
        "a0" in classes or "0a" in classes or "'" in classes or "&" in classes
    ):
        for hit in _MIXED.finditer(low):
            a = _run_start(low, hit.start())
            if a not in runs and _pieces_differ(low, a):
                runs[a] = set()
    if not runs:
        return plain
    words = set(plain)
    for a, cuts in runs.items():
        run = _RUN.match(low, a)
        assert run is not None
        points = sorted(
            cuts | {p for seg in _SEGMENT.finditer(low, a, run.end()) for p in seg.span()}
        )
        for i, p in enumerate(points):
            for q in points[i + 1 :]:
                words.update(tokens(low[p:q]))
    return frozenset(words)


def _pieces_differ(low: str, a: int) -> bool:
    """Whether a piece of the run at ``a`` between two class changes can read another token
    than the run: not when it is one word in quotes or with a possessive ("'other'",
    "company's", "states'"), whose pieces read the word or nothing."""
    run = _RUN.match(low, a)
    assert run is not None
    core = run.group().strip("'&")
    if core.endswith("'s"):
        core = core[:-2]
    return not (core.isalpha() or core.isdigit())


def _run_start(low: str, pos: int) -> int:
    """Where the run of token characters holding ``low[pos]`` starts."""
    while pos > 0 and low[pos - 1] in _RUN_CHARS:
        pos -= 1
    return pos


# Every word a match of prevsentence's _CHANGE_WORDS or _MOVE_IS holds (change_before reads
# those two patterns only), and the characters re.I folds to ASCII letters (model.wordgate).
_CHANGE_NEEDLES = tuple(dict.fromkeys(_CHANGE_WORDS.words + _MOVE_IS.words))
_FOLDS = frozenset(FOLDS_TO_ASCII)


def _changeless(low: str) -> bool:
    """Whether the lower-case sentence ``low`` holds no word of a change, so change_before
    finds none in any part of it (as WordGated.absent reads, on the sentence once)."""
    if not low.isascii() and not _FOLDS.isdisjoint(low):
        return False
    for word in _CHANGE_NEEDLES:
        if word in low:
            return False
    return True


def _sentence(ctx: ClaimContext) -> _Sentence | None:
    """The sentence as the gate reads it, once per sentence; None when its lower case moves
    positions ("İ" lowers to two characters): then the full reading decides."""
    s = ctx.sentence
    memo: dict[tuple[int, int], _Sentence | None]
    memo = ctx.shared.setdefault("rowgate.sentence", {})  # type: ignore[assignment]
    key = (s.start, s.end)
    if key in memo:
        return memo[key]
    text = ctx.text[s.start : s.end]
    low = text.lower()  # (the same length: every character lowers to one, in place)
    got = _Sentence(ctx, low, frozenset(tokens(low))) if len(low) == len(text) else None
    memo[key] = got
    return got


def _years(ctx: ClaimContext) -> tuple[frozenset[int], int | None]:
    """Every year the claim's sentence can state for a figure (its year mentions, and every
    "19xx" or "20xx" in it: dates written in numbers, language.years.years_in_text), and the
    one year it states, if one (language.cross_row_year)."""
    s = ctx.sentence
    text = ctx.text[s.start : s.end]
    years = {int(y) for y in _YEARISH.findall(text)}
    for i in mention_range(ctx, s.start, s.end):
        if ctx.mentions[i].kind == "year":
            years.add(int(ctx.mentions[i].value))
    stated = set(years_in_text(text)) if len(years) > 1 else years
    return frozenset(years), next(iter(stated)) if len(stated) == 1 else None


@dataclass(frozen=True, slots=True)
class _TableFacts:
    """What the gate reads of a table, once per table."""

    sections: tuple[tuple[str, frozenset[str]], ...]  # the section rows and their tokens
    columns: tuple[frozenset[str], ...]  # each column's required tokens (transposed tables)
    dates: frozenset[tuple[int, int, int]]  # the full dates its columns name
    total: bool  # a bare "Total" row
    year_rows: bool  # a row labelled by numbers only (a year, in a transposed table)


_FACTS: dict[int, tuple[LabelTable, _TableFacts]] = {}


def _facts(table: LabelTable) -> _TableFacts:
    hit = _FACTS.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    sections = set()
    if table.sectioned:  # (section_of reads every cell's label: only where one has a section)
        sections = {x for sv in table.cells if (x := section_of(sv)) is not None}
    columns = dict.fromkeys(sv.column for sv in table.cells if sv.column)
    facts = _TableFacts(
        tuple((x, t) for x in sections if (t := label_tokens(x))),
        tuple(r for c in columns if (r := required_tokens(c or ""))),
        frozenset(d for c in columns if (d := label_date(c or "")) is not None),
        bool(total_rows(table.rows)),
        any(toks and all(t.isdigit() for t in toks) for toks in table.rows.values()),
    )
    if len(_FACTS) > 256:
        _FACTS.clear()
    _FACTS[id(table)] = (table, facts)
    return facts


def _candidates(table: LabelTable, said: _Sentence) -> set[str]:
    """Every row ``rows_named_by`` could keep for any part of the sentence's words (its tests,
    without the choice of the best: each is monotone in the words)."""
    words = said.words
    out: set[str] = set()
    for label, _toks, req, short, acr in table.book:
        if req <= words or (acr is not None and acr in words):
            out.add(label)
        elif short <= words and all(t in words or t in said.glued() for t in req):
            out.add(label)  # (a long token read in the words run together: rowtables._present)
    return out


def plainly_passes(ctx: ClaimContext, matches: Sequence[SourceValue]) -> bool:
    """Whether :func:`~crossfoot.language.rowmatch.row_verdict` surely returns ``None`` for
    these matches (module docstring); False when it cannot tell cheaply.

    >>> from crossfoot import check
    >>> src = "| | 2019 | 2018 |\\n|---|---|---|\\n| Revenue | 450 | 420 |\\n| Costs | 120 | 110 |"
    >>> [c.status for c in check("Revenue was 450 in 2019; costs were 120.", [src]).claims]
    ['supported_exact', 'supported_exact']
    """
    by_table: dict[tuple[str, int], list[SourceValue]] = {}
    for sv in matches:
        if sv.table is not None:
            by_table.setdefault((sv.source_id, sv.table), []).append(sv)
    if not by_table:
        return False
    said = _sentence(ctx)
    if said is None:
        return False
    tables: list[tuple[LabelTable, list[SourceValue], _Reading]] = []
    for (source_id, t), cells in by_table.items():
        source = ctx.scope.source(source_id)
        table = label_tables(source).get(t) if source is not None else None
        if table is None:
            return False
        reading = _reading(ctx, table, said)
        if not reading.rows <= {c.row for c in cells}:
            return False  # the sentence may name another row (most claims the gate leaves)
        tables.append((table, cells, reading))
    if said.one_figure and (_previous_figure(ctx) is not None or _titled(ctx) is not None):
        return False  # a bare answer line: judged by the sentence before it
    if not said.changeless and maybe_change(ctx):
        return False
    exact: list[tuple[int | None, tuple[int, int, int] | None]] = []
    return all(_table_passes(ctx, t, cells, r, said, exact) for t, cells, r in tables)


def _exact(
    ctx: ClaimContext, exact: list[tuple[int | None, tuple[int, int, int] | None]]
) -> tuple[int | None, tuple[int, int, int] | None]:
    """The year and date the full reading states for the figure (read once per claim)."""
    if not exact:
        exact.append(_year_date(ctx))
    return exact[0]


def _table_passes(
    ctx: ClaimContext,
    table: LabelTable,
    cells: list[SourceValue],
    reading: _Reading,
    said: _Sentence,
    exact: list[tuple[int | None, tuple[int, int, int] | None]],
) -> bool:
    """The checks of one table after the rows (module docstring), for these cells."""
    if reading.sections:
        own = {section_of(c) for c in cells}
        if own != {None} and not (len(own) == 1 and reading.sections <= own):
            return False  # (rowtables._other_section, for any cells the judge keeps)
    if reading.columns and any(_year_row(table, c) for c in cells):
        return False
    if reading.qualifier:
        return False
    if reading.total and not _own_total(table, cells, said):
        return False
    if reading.rows and said.averaged() and all(c.row in reading.rows for c in cells):
        return False
    if reading.dated and any(c.column and label_date(c.column) for c in cells):
        _year, date = _exact(ctx, exact)
        if date is not None and date in _facts(table).dates:
            return False
    return _years_agree(ctx, cells, reading.years, said, table.years, exact)


@dataclass(frozen=True, slots=True)
class _Reading:
    """What a sentence may name of one table (every part of it: the gate's superset words)."""

    rows: set[str]  # rows rowtables.rows_named_by may keep
    sections: set[str]  # section rows named
    columns: bool  # a column named (read in a transposed table)
    qualifier: bool  # a qualifier column named (rowtables._qualified_column)
    total: bool  # "total", where the table has a bare "Total" row
    dated: bool  # a full date may be written, and the table's columns name some
    years: frozenset[int]  # the sentence's years the table has


def _may_date(ctx: ClaimContext, dates: frozenset[tuple[int, int, int]]) -> bool:
    """Whether the sentence may write one of ``dates``: a date read in it writes its year and
    its day in digits ("June 30, 2025", "2025-06-30", "30.06.2025"), within the 24 characters
    language.years.date_at_end reads before a year."""
    s = ctx.sentence
    near = ctx.text[max(0, s.start - 24) : s.end]
    return any(str(y) in near and str(d) in near for y, _m, d in dates)


def _reading(ctx: ClaimContext, table: LabelTable, said: _Sentence) -> _Reading:
    """:class:`_Reading`, once per sentence and table."""
    s = ctx.sentence
    memo: dict[tuple[int, int, int], tuple[LabelTable, _Reading]]
    memo = ctx.shared.setdefault("rowgate.rows", {})  # type: ignore[assignment]
    key = (s.start, s.end, id(table))
    hit = memo.get(key)
    if hit is not None and hit[0] is table:
        return hit[1]
    words, facts = said.words, _facts(table)
    qualifier = False
    if table.qualifiers and not table.unnamed:
        roots = {root(w) for w in words}
        qualifier = any(need <= roots for _col, need in table.qualifiers)
    reading = _Reading(
        _candidates(table, said),
        {x for x, toks in facts.sections if toks <= words},
        facts.year_rows and any(req <= words for req in facts.columns),
        qualifier,
        facts.total and "total" in words,
        bool(facts.dates) and said.dated() and _may_date(ctx, facts.dates),
        said.years() & table.years if table.years else frozenset(),
    )
    memo[key] = (table, reading)
    return reading


def _own_total(table: LabelTable, cells: list[SourceValue], said: _Sentence) -> bool:
    """A cell's row is a total or shares a word with the sentence, or its column is a total:
    rowmatch._total_named then ends in None."""
    for c in cells:
        toks = table.rows.get(c.row or "", frozenset())
        if "total" in toks or (toks - _OPTIONAL) & said.plain or "total" in tokens(c.column or ""):
            return True
    return False


def _years_agree(
    ctx: ClaimContext,
    cells: list[SourceValue],
    years: frozenset[int],
    said: _Sentence,
    held: frozenset[int],
    exact: list[tuple[int | None, tuple[int, int, int] | None]],
) -> bool:
    """Whether every year the figure can be given that the table has (``held``) is every
    cell's year; ``years``: the sentence's years the table has."""
    if not years or all(c.year is None for c in cells):
        return True
    if len(years) > 1 or PRIOR_YEAR.match(ctx.text, ctx.mention.end) is not None:
        # (a sentence of two years, or one and a figure of the year before: the year read)
        own = _claim_years(ctx)
        if own is None:
            year, _date = _exact(ctx, exact)
            own = set() if year is None else {year}
        single = said.single()
        if single is not None:  # the one year it states (language.cross_row_year)
            own.add(single)
        years = frozenset(own) & held
    return all(c.year is None or c.year == y for y in years for c in cells)


def _claim_years(ctx: ClaimContext) -> set[int] | None:
    """Every year language.order's reading can give the figure (``_year_of``: a year mention
    of its clause in the claim window; ``_opening_year``: the sentence's opening year), or None
    where it reads another way (a year before, a date written in numbers): read it exactly."""
    text, m, s = ctx.text, ctx.mention, ctx.sentence
    if PRIOR_YEAR.match(text, m.end) is not None:
        return None  # ("the year before": language.prior_year)
    ws, we = max(s.start, m.start - WINDOW), min(s.end, m.end + WINDOW)
    if _date_hint(text, ws, we) and _DATES.search(text, ws, we) is not None:
        return None  # (a date written in numbers, read as its year: order._numeric_dates)
    lo, hi = clause_bounds(text, ws, we, m.start, m.end)
    found = {
        int(x.value) for i in mention_range(ctx, lo, hi) if (x := ctx.mentions[i]).kind == "year"
    }
    before = mention_range(ctx, s.start, m.start)
    if ws == s.start and before:
        first = ctx.mentions[before.start]
        if first.kind == "year" and OPENING_DATE.fullmatch(text, s.start, first.start):
            found.add(int(first.value))
    return found


def _year_row(table: LabelTable, cell: SourceValue) -> bool:
    """Whether the cell's row label is its year (rowtables._year_row)."""
    toks = table.rows.get(cell.row or "", frozenset())
    return cell.year is not None and str(cell.year) in toks and all(t.isdigit() for t in toks)
