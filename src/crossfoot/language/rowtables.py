"""The tables a row check reads, and how a sentence's words judge one table's matching cells.

:func:`judge` says why a table's cells are the wrong row (or year, or column) for the words of
a sentence, or None when some cell agrees; :mod:`crossfoot.language.rowmatch` asks it for every
table a claim matched in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter

from crossfoot.language.nested_labels import named_apart, named_beside
from crossfoot.language.rowtokens import (
    OPTIONAL,
    label_reading,
    label_tokens,
    required_tokens,
    root,
    tokens,
)
from crossfoot.language.short_forms import short_forms_named
from crossfoot.language.years import label_date
from crossfoot.model.types import Source, SourceValue

__all__ = [
    "LabelTable",
    "SaidText",
    "describe_cell",
    "judge",
    "label_tables",
    "rows_named_by",
    "section_of",
    "total_rows",
]


def _score(label: frozenset[str], words: set[str]) -> float:
    return len(label & words) / len(label) if label else 0.0


_NOT_ALNUM = re.compile(r"[^a-z0-9]")
# Every ASCII byte but a lower-case letter or a digit: deleted from an ASCII text's lower case.
_NOT_ALNUM_BYTES = bytes(c for c in range(128) if not chr(c).isalnum() or chr(c).isupper())


def run_together(text: str) -> str:
    """The letters and digits of ``text``, lower case, run together (``[^a-z0-9]`` taken out
    of its lower case; in C for an ASCII text).

    >>> run_together("Total Assets, net: $5m")
    'totalassetsnet5m'
    """
    low = text.lower()
    if low.isascii():
        return low.encode("ascii").translate(None, _NOT_ALNUM_BYTES).decode("ascii")
    return _NOT_ALNUM.sub("", low)


class SaidText:
    """A claim's sentence for the row check: its words run together (``glued``, for labels a
    source glues: "totalassets") and its tokens (``words()``, read when first asked: the judge
    of a table needs them only for a row it must tell from a fuller one, a section or a total).
    """

    __slots__ = ("_words", "glued", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.glued = run_together(text)
        self._words: frozenset[str] | None = None

    def words(self) -> frozenset[str]:
        if self._words is None:
            self._words = frozenset(tokens(self.text))
        return self._words


def _said_words(sentence: frozenset[str] | SaidText) -> frozenset[str]:
    return sentence if isinstance(sentence, frozenset) else sentence.words()


_LABEL = attrgetter("label")

# A token of a label this long may be found in the sentence's words run together ("totalassets").
_GLUED_MIN = 10
_Entry = tuple[str, frozenset[str], frozenset[str], frozenset[str], str | None]


@dataclass(frozen=True, slots=True)
class LabelTable:
    rows: dict[str, frozenset[str]]  # row label -> tokens
    req: dict[str, frozenset[str]]  # row label -> tokens a sentence must contain to name it
    cells: tuple[SourceValue, ...]
    years: frozenset[int]
    # No row can be named (every label is numbers and generic words, "item 1") and no row is a
    # bare "Total": only a cell's year can then make the words disagree (see _mute).
    unnamed: bool
    # Read once per table for _qualified_column (it runs per claim): each column's roots, and
    # the roots of every row's tokens.
    column_roots: dict[str, frozenset[str]] = field(default_factory=dict)
    row_roots: frozenset[str] = frozenset()
    # Made from the fields above at construction (rows_named_by and _qualified_column run per
    # claim and table; tests/test_speed_paths_speed23.py proves both against the plain reading):
    # each row that can be named, as (label, tokens, required tokens, the required tokens under
    # _GLUED_MIN letters, its "&" abbreviation), and the columns a qualifier can name.
    book: tuple[_Entry, ...] = field(default=(), compare=False, repr=False)
    qualifiers: tuple[tuple[str, frozenset[str]], ...] = field(
        default=(), compare=False, repr=False
    )
    sectioned: bool = field(default=False, compare=False, repr=False)  # a cell under a section

    def __post_init__(self) -> None:
        book: list[_Entry] = []
        for label, toks in self.rows.items():
            req = self.req[label]
            if req:  # (the "&" abbreviation as label_tables read it: label_reading)
                short = frozenset(t for t in req if len(t) < _GLUED_MIN)
                book.append((label, toks, req, short, label_reading(label)[2]))
        object.__setattr__(self, "book", tuple(book))
        qualifiers = tuple(
            (col, need)
            for col, need in self.column_roots.items()
            if need and not need & self.row_roots
        )
        object.__setattr__(self, "qualifiers", qualifiers)
        # (a section needs a label "<section>: <row> ...": no ": " in any label, none; joined by
        # "\x00", no ": " spans two labels; tests/test_speed_paths_trace54.py)
        try:
            said = "\x00".join(filter(None, map(_LABEL, self.cells)))
        except TypeError:  # (a label that is no str: every cell read)
            said = ": "
        sectioned = ": " in said and any(section_of(sv) is not None for sv in self.cells)
        object.__setattr__(self, "sectioned", sectioned)


def label_tables(source: Source) -> dict[int, LabelTable]:
    """Row labels and years per table of a source (cached on the source's value tuple)."""
    values = source.values
    hit = _CACHE.get(id(values))
    if hit is not None and hit[0] is values:
        return hit[1]
    # The same cells in another tuple: the cells near the same figures of a kept result set,
    # read for a new answer (front/trace_rows.py). The kept tuple holds its cells alive, so
    # equal ids are the same (frozen) cells.
    key = _cells_key(values) if BY_CELLS else ()
    same = _BY_CELLS.get(key) if key else None
    out = same[1] if same is not None else _read_tables(values)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(values)] = (values, out)
    if key and same is None:
        if len(_BY_CELLS) > 64:
            _BY_CELLS.clear()
        _BY_CELLS[key] = (values, out)
    return out


def _cells_key(values: tuple[SourceValue, ...]) -> tuple[int, ...]:
    return tuple(map(id, values))


def _read_tables(values: tuple[SourceValue, ...]) -> dict[int, LabelTable]:
    grouped: dict[int, list[SourceValue]] = {}
    unlabelled: dict[int, list[SourceValue]] = {}
    for sv in values:
        if sv.table is not None:
            (grouped if sv.row is not None else unlabelled).setdefault(sv.table, []).append(sv)
    out: dict[int, LabelTable] = {}
    for t, cells in grouped.items():
        # each label's tokens, required tokens and "&" abbreviation read at once (label_reading)
        read = {r: label_reading(r) for r in dict.fromkeys(sv.row for sv in cells) if r}
        rows = {label: got[0] for label, got in read.items()}
        req = {label: got[1] for label, got in read.items()}
        # the cells of a row without a label (a total under its parts) have years all the same
        cells = cells + unlabelled.get(t, [])
        years = frozenset(sv.year for sv in cells if sv.year is not None)
        unnamed = not any(req.values()) and not total_rows(rows)
        # Once per column (every cell of a column carries its name), in the cells' order.
        columns = {c: _column_roots(c) for c in dict.fromkeys(sv.column for sv in cells) if c}
        # (each token once: "item" is every row's)
        row_roots = frozenset(map(root, frozenset().union(*rows.values())))
        out[t] = LabelTable(rows, req, tuple(cells), years, unnamed, columns, row_roots)
    return out


def total_rows(rows: dict[str, frozenset[str]]) -> list[str]:
    """Labels of the bare "Total" rows (tokens "total" and at most "net")."""
    return [r for r, toks in rows.items() if "total" in toks and toks <= OPTIONAL]


def _present(req: frozenset[str], words: set[str] | frozenset[str], glued: str) -> bool:
    """Whether the words contain every token of ``req``; a label glued together by the source
    ("totalassets") counts when the sentence's words run together contain it. (The subset test
    in C first: a token of ``req`` the words lack must then be in ``glued``, which is empty for
    most calls; tests/test_speed_paths_speed13.py.)"""
    return req <= words or (
        glued != "" and all(t in words or (len(t) >= _GLUED_MIN and t in glued) for t in req)
    )


def rows_named_by(table: LabelTable, words: set[str], glued: str = "") -> dict[str, float]:
    named: dict[str, float] = {}
    # (_present, with its short tokens tested in C first: a short token the words lack cannot
    # be read in ``glued``, so most rows end at a subset test.)
    for label, toks, req, short, acr in table.book:
        if req <= words or (glued != "" and short <= words and _present(req, words, glued)):
            named[label] = len(toks & words) / len(toks) if toks else 0.0  # (_score)
        elif acr is not None and acr in words:
            named[label] = 1.0  # named in full by its abbreviation ("R&D", "SG&A")
    # A row whose tokens another named row contains is the vaguer reading, and a row named only
    # by leaving out "net"/"total" yields to one named in full: keep the fuller ones.
    best = max(named.values(), default=0.0)
    return {
        a: sa
        for a, sa in named.items()
        if sa == best and not any(table.rows[a] < table.rows[b] for b in named if b != a)
    }


def _narrower(table: LabelTable, named: str, cell: SourceValue, sentence: frozenset[str]) -> bool:
    """The sentence names row ``named`` exactly, and the value's row only adds words the
    sentence never uses: "Swiss" is not "Non-Swiss", "ending balance" not "Beginning balance".

    Only when ``named`` is a real alternative: it has a cell in the value's own column. The
    whole sentence counts (not only the number's stretch): "... $4m for the current and $3m for
    the non-current deferred revenue" may name the row after the number.
    """
    extra = table.rows.get(cell.row or "", frozenset()) - table.rows[named] - OPTIONAL
    if not extra or extra & sentence:
        return False
    return any(sv.row == named and sv.column == cell.column for sv in table.cells)


def judge(
    table: LabelTable,
    cells: Iterable[SourceValue],
    words: set[str],
    year: int | None,
    loose: bool,
    glued: str = "",
    sentence: frozenset[str] | SaidText = frozenset(),
    columns: bool = True,
    date: tuple[int, int, int] | None = None,
    money: bool = False,
) -> str | None:
    """Why none of ``cells`` fits the words, or ``None`` when one does (or nothing is named);
    ``money``: the figure is written as an amount of money."""
    cells = list(cells)
    named = rows_named_by(table, words, glued)
    best_named = max(named.values()) if named else 0.0

    named_tokens = frozenset().union(*(table.rows[n] for n in named)) if named else frozenset()

    def fits(c: SourceValue) -> bool:
        toks = table.rows.get(c.row or "", frozenset())
        if not named or c.row in named or not any(not t.isdigit() for t in toks):
            return True  # nothing named, the row itself named, or a row of numbers/dates only
        holding = {n for n in named if toks < table.rows[n]}
        if holding:  # a fuller row holding this one, unless (named_beside) it is written apart
            # (only the rows that hold it: another named row, "and North", is no longer label)
            fuller = {
                v.row: v.value for v in table.cells if v.row in holding and v.column == c.column
            }
            return named_beside(c.row or "", c.value, fuller, getattr(sentence, "text", ""))
        said = _said_words(sentence) or frozenset(words)
        if any(table.rows[n] <= toks and not _narrower(table, n, c, said) for n in named):
            if not named_apart(c.row or "", words, getattr(sentence, "glued", "")):
                return True  # the sentence names part of the value's row label
        if _score(toks, words) >= best_named:
            return True
        # Words of the value's own row that the named rows do not explain: the sentence may
        # well mean that row too (two such words; one with "respectively").
        distinctive = len((table.req.get(c.row or "", frozenset()) & words) - named_tokens)
        return distinctive >= (1 if loose else 2)

    row_ok = [c for c in cells if fits(c)]
    if not row_ok:
        label = max(named, key=lambda k: named[k])
        return f"value is in {describe_cell(cells[0])}, but the sentence names {label.strip()}"
    other = _other_section(table, row_ok, words, sentence)
    if other is not None:
        return other
    if columns and all(_year_row(table, c) for c in row_ok):
        wrong_column = _transposed_column(table, row_ok, words)
        if wrong_column is not None:
            return wrong_column
    elif columns and not loose:
        wrong_column = _qualified_column(table, row_ok, words, money, getattr(sentence, "text", ""))
        if wrong_column is not None:
            return wrong_column
    if date is not None:
        wrong_date = _dated_column(table, row_ok, date)
        if wrong_date is not None:
            return wrong_date
    if year is None or year not in table.years:
        return None
    if any(c.year is None or c.year == year for c in row_ok):
        return None
    # The row the value sits in must have a cell for the year the sentence states.
    # In a transposed table the years are row labels ("2020", "2021"): then the value's column
    # must have a cell for that year.
    rows = {c.row for c in row_ok}
    year_columns = {c.column for c in row_ok if _year_row(table, c)}
    if not any(
        sv.year == year and (sv.row in rows or (sv.column in year_columns and _year_row(table, sv)))
        for sv in table.cells
    ):
        return None
    c = row_ok[0]
    long_row = c.column is not None and not any(ch.isdigit() for ch in c.column)
    if _year_row(table, c) or long_row:  # (long_row: the year is a cell of the value's row)
        return f"value is in the {c.year} row ({describe_cell(c)}), but the sentence says {year}"
    return f"value is in the {c.year} column ({describe_cell(c)}), but the sentence says {year}"


def _dated_column(
    table: LabelTable, cells: Sequence[SourceValue], date: tuple[int, int, int]
) -> str | None:
    """Why none of ``cells`` is in the column of the full date the sentence states, when the
    table's columns are dated and one of them is that date ("$45.10 on June 30, 2025" for the
    March 31, 2025 cell of a row with a June 30, 2025 cell): a date names its column as a year
    names a year's column, and two dates of one year are two columns. None when a cell is in
    that column or in an undated one, or the row has no cell of that date."""
    dated = [(sv, label_date(sv.column)) for sv in table.cells if sv.column]
    if not any(d == date for _sv, d in dated):
        return None
    if any(c.column is None or label_date(c.column) in (date, None) for c in cells):
        return None
    rows = {c.row for c in cells}
    if not any(sv.row in rows and d == date for sv, d in dated):
        return None
    c = cells[0]
    y, mo, d = date
    return (
        f"value is in the {c.column} column ({describe_cell(c)}), but the sentence says "
        f"{y}-{mo:02d}-{d:02d}"
    )


def _transposed_column(
    table: LabelTable, cells: Sequence[SourceValue], words: set[str]
) -> str | None:
    """In a transposed table (years as row labels) the columns are the line items: why none of
    ``cells`` is in the column the sentence names ("operating leases" for a "Finance Leases"
    cell), or None."""
    columns = {sv.column for sv in table.cells if sv.column}
    named = {col for col in columns if (req := required_tokens(col)) and req <= words}
    if not named:
        return None
    for c in cells:
        own = label_tokens(c.column or "")
        if c.column in named or any(label_tokens(n) <= own for n in named):
            return None
    label = sorted(named)[0]
    return f"value is in {describe_cell(cells[0])}, but the sentence names {label.strip()}"


@lru_cache(maxsize=8192)  # like the label tokens it reads: a result set's columns repeat
def _column_roots(column: str) -> frozenset[str]:
    """Roots (:func:`~crossfoot.language.rowtokens.root`) of the words a sentence must hold to
    name a column: its required tokens without numbers ("Domestic 2022" is named by
    "domestic")."""
    req = required_tokens(column)
    if any(c.isdigit() for t in req for c in t):
        return frozenset()  # a dated or year column ("30 Jun 2024", "FY2019") is a period
    return frozenset(root(t) for t in req)


def _qualified_column(
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    money: bool = False,
    text: str = "",
) -> str | None:
    """Why none of ``cells`` is in the column a qualifier of the sentence names: "domestic
    revenue" names the *Domestic* column of a Domestic / International table, "male employees"
    the *Men* column, "European dealers" the *Europe* column (noun, adjective and plural forms
    meet at their root). Only when the cell's own column is such a category too (not a year,
    a total or a unit), the sentence names none of its words, the named column has a cell in the
    value's row (a real alternative), and the named column's words name no row of the table
    ("% of revenue" beside a *Revenue* row names the row). None otherwise, and in a table whose
    rows name nothing (``unnamed``: the row check's shortcut, rowmatch._mute, reads no words
    there; a record's field the words name is its own check)."""
    if table.unnamed:
        return None
    if not table.qualifiers:
        return None  # (most tables: no column a qualifier could name, and no word's root read)
    said = {root(w) for w in words}
    roots = table.column_roots
    named = {col for col, need in table.qualifiers if need <= said}
    named = short_forms_named(named, table.qualifiers, text)  # ("AOV": language.short_forms)
    if not named:
        return None
    for c in cells:
        own = roots.get(c.column or "") or _column_roots(c.column or "")
        if not own or c.column in named or own & said:
            return None
        if not any(sv.row == c.row and sv.column in named for sv in table.cells):
            return None
        if money and not any(sv.column in named for sv in _money_cells(table)):
            return None  # a figure written as money is no count: "stores brought in $24.0M"
    label = sorted(named)[0]
    return f"value is in {describe_cell(cells[0])}, but the sentence names {label.strip()}"


def _money_cells(table: LabelTable) -> list[SourceValue]:
    """The table's cells written as money: a column with none holds no amount of money (a
    financial table may write "$" on its first line only, so the column decides, not a cell)."""
    return [sv for sv in table.cells if sv.kind == "money"]


def section_of(sv: SourceValue) -> str | None:
    """The section row a table cell stands under ("Industrial Solutions" for a cell labelled
    "Industrial Solutions: Net sales / 2025"), or None."""
    row = sv.row or ""
    head = (sv.label or "").rsplit(" / ", 1)[0]
    if row and head.endswith(f": {row}"):
        return head[: -len(row) - 2] or None
    return None


def _other_section(
    table: LabelTable,
    cells: Sequence[SourceValue],
    words: set[str],
    sentence: frozenset[str] | SaidText,
) -> str | None:
    """Why ``cells`` are not the figure of the row the sentence names under a section: a label
    repeated under several section rows ("Net sales" under "Industrial Solutions:" and under
    "Communications Solutions:") is one row per section, and a sentence that names one section
    in full ("Industrial Solutions net sales") names that section's row. None when no section
    is named, every one is, a cell stands under a named one, or the sentence names two sections
    (its figures may be theirs in turn: "$612 million for Industrial and $301 million for
    Communications")."""
    if not table.sectioned or all(section_of(c) is None for c in cells):
        return None  # (most tables: no section rows; without one, `sections` below is empty)
    rows = {c.row for c in cells}
    sections = {x for sv in table.cells if sv.row in rows and (x := section_of(sv)) is not None}
    if len(sections) < 2:
        return None
    named = {x for x in sections if (toks := label_tokens(x)) and toks <= words}
    if not named or len(named) == len(sections) or any(section_of(c) in named for c in cells):
        return None
    said = _said_words(sentence)
    if sum(label_tokens(x) <= said for x in sections) > 1:
        return None
    c = cells[0]
    if not any(
        sv.row == c.row and sv.column == c.column and section_of(sv) in named for sv in table.cells
    ):
        return None
    return (
        f"value is in {describe_cell(c)} under {section_of(c)}, but the sentence names "
        f"{sorted(named)[0]}"
    )


def _year_row(table: LabelTable, cell: SourceValue) -> bool:
    """Whether the cell's row label is its year ("2021", "FY2021" in a transposed table)."""
    toks = table.rows.get(cell.row or "", frozenset())
    if cell.year is None:
        return False
    # ("FY2021", "FY21": one token; a fiscal year's label is its year too)
    fy = {str(cell.year), f"fy{cell.year}", f"fy{cell.year % 100:02d}"}
    return bool(toks & fy) and all(t.isdigit() or t in fy for t in toks)


_CACHE: dict[int, tuple[tuple[SourceValue, ...], dict[int, LabelTable]]] = {}
# label_tables by the ids of the cells (each entry holds its cells), and whether it is asked
# (speed only: the tests turn it off to compare with a fresh reading).
_BY_CELLS: dict[tuple[int, ...], tuple[tuple[SourceValue, ...], dict[int, LabelTable]]] = {}
BY_CELLS = True


def describe_cell(sv: SourceValue) -> str:
    where = sv.row or "a row with no label"
    if sv.column:
        where += f" / {sv.column}"
    return f"[{sv.source_id}] {where}"
