"""The question's years and names against the sources' values, for :mod:`crossfoot.rules.alignment`.

Which years a value belongs to (a fiscal year that ends in January-March is also the year
before), whether a derivation's operands are of the asked years, and which rows and columns of
the sources' tables the question names: by their words ("cost of sales" names *Cost of sales*,
not also *Net sales*) or by their numbers ("due in 3 to 5 years" names *3 to 5 years*).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import lru_cache

from crossfoot.language import rowtokens
from crossfoot.language.asked import Ask
from crossfoot.language.collective_lines import collective_line, says_summary
from crossfoot.language.question import figures_read
from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import SAME_FORMS, required_tokens, tokens, ways_to_name
from crossfoot.language.years import period  # (_period: the cached reading by names)
from crossfoot.model.memo import by_identity
from crossfoot.model.types import SourceValue
from crossfoot.numbers.extract import extract
from crossfoot.rules._named_parts import bound_labels, bound_of, in_bound, said_whole, total_beyond
from crossfoot.rules._named_sections import Sections, section_maps
from crossfoot.rules._named_years import (
    TOTAL_LABEL,
    pool_misfit,
    span_misfit,
    value_years,
    years_fit,
)
from crossfoot.rules.off_question_half import half_misnamed
from crossfoot.rules.off_question_optional import said_optional
from crossfoot.rules.off_question_rows import _catch_all as catch_all
from crossfoot.rules.off_question_rows import meant_row, ratio_free

__all__ = [
    "TOTAL_LABEL",
    "Named",
    "pool_misfit",
    "span_misfit",
    "value_fits",
    "value_years",
    "years_fit",
]


class Named:
    """The rows and columns the question names, per table of the sources (read once)."""

    __slots__ = (
        "_ask",
        "_asked",
        "_books",
        "_bound",
        "_keeps",
        "_lines",
        "_maps",
        "_meant_of",
        "_tables",
        "_tokens",
        "_words",
        "answer",
        "texts",
        "values",
    )

    def __init__(
        self,
        ask: Ask,
        values: Sequence[SourceValue],
        texts: Mapping[str, str] | None = None,
        answer: str = "",
    ) -> None:
        self._ask = ask
        self.answer = answer  # (the answer's text, when aligning one: rules.off_question_half)
        self.values = values  # (public: a rule reads the cells of a named line)
        self.texts = texts or {}  # (public: each source's text by id, for prose figures' words)
        self._keeps: list[Callable[[SourceValue], bool]] | None = None
        self._meant_of: dict[frozenset[str], str] = {}  # _meant per label set (~20 calls each)
        self._maps: Sections | None = None  # (the section rows of the values' cells)
        self._read(ask.text)
        labels = (
            by_identity(_LABELS, values, 8, _table_labels)
            if type(values) is tuple  # (immutable: its labels are kept while it is)
            else _table_labels(values)
        )
        self._books = labels
        self._tables = {key: (self._named(r), self._named(c)) for key, (r, c) in labels.items()}
        if ask.context and ask.context != ask.text:
            # the ask names the rows it is about; where it has no word of a table's row (or
            # column) labels at all ("and what was it in 2016?", "what is the net change?"),
            # the conversation's earlier turns name them
            asked = self._words
            self._read(ask.context)
            self._tables = {
                key: (
                    r or (self._named(rb) if _unworded(rb, asked) else frozenset()),
                    c or (self._named(cb) if _unworded(cb, asked) else frozenset()),
                )
                for key, (r, c) in self._tables.items()
                for rb, cb in (labels[key],)
            }
        # values with a year per (source, table, row index): read only when an average asks
        self._lines: dict[tuple[str, int, int | None, bool], set[int]] | None = None

    def _read(self, said: str) -> None:
        self._tokens = tokens(said)  # the question's words in order (read once)
        self._words = frozenset(self._tokens) | says_summary(said)  # ("all": collective_line)
        if self._words & _FORMS.keys():
            # "a male member" names the column "Men", "female staff" the column "Women"
            self._words |= frozenset(f for w in self._words & _FORMS.keys() for f in _FORMS[w])
        # the question's numbers (no years): the engine's asked_figures read them already
        read = figures_read(said)
        pairs = None if read is None else frozenset((m.value, m.high) for m in read)
        self._asked = _figures_of(said) if pairs is None else pairs
        # "due within 5 years": the period columns inside it (a question of one number only)
        bound = bound_of(said)
        self._bound = bound if bound and self._asked <= {(bound[1], None)} else None

    def _named(self, book: _Book) -> frozenset[str]:
        named: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        words = self._words
        # (names_row, with the question read once): a label whose required words are all the
        # question's, found from the question's words rather than by trying every label
        for word in words:
            for label, req, phrase in book.by_word.get(word, ()):
                if req <= words and ("all" in words or not collective_line(label)):
                    named[label] = (req, phrase)
        inside = bound_labels(self._bound, book.labels) if self._bound else None
        if inside is not None:
            named.update((label, (frozenset(), ())) for label in inside if label not in named)
        elif self._asked:  # "due in 3 to 5 years": by its numbers
            for label, figures in book.figured:
                if label not in named and figures & self._asked:
                    named[label] = (frozenset(), ())
        named = said_optional(named, words, self._tokens, _label_words)  # ("net" said, not "total")
        if not named:
            return frozenset()
        # "cost of sales" names "Cost of sales", not also "Net sales": a label whose words all
        # stand inside a fuller label's phrase is not named on its own.
        tokens = self._tokens
        kept = {
            label
            for label, (req, _) in named.items()
            if not any(
                req < other and _inside(req, phrase, tokens) for other, phrase in named.values()
            )
        }
        # (made in the labels' own order, as when every label was tried in turn)
        return frozenset(label for label in book.labels if label in kept)

    def firm(self, label: str, v: SourceValue | None = None) -> bool:
        """The question names ``label`` by two words or more, by a capitalised name, or (a row
        label of ``v``'s table) by its one word when no other row label of the table has it."""
        req = required_tokens(_own_words(label))
        _, sep, row = label.rpartition(": ")  # a named row under the section named (_other_section)
        if len(req) >= 2 or (sep and v is not None and row in self.labels_named(v, "row")):
            return True
        if said_whole(_label_tokens(_own_words(label)), self._tokens):
            return True  # "net income" says "Net income" word for word ("net" counted)
        if req and v is not None and v.table is not None and self._sole_row(label, req, v):
            return True
        names = {
            w.lower().removesuffix("'s")
            for w in re.findall(r"\b[A-Z][\w'&-]*", self._ask.context or self._ask.text)
        }
        if req & self._words & _FORMS.keys():
            return True  # "male", "women": a word of one kind of person names its label firmly
        return bool(req & {t.removesuffix("s") for t in names} or req & names)

    def _sole_row(self, label: str, req: frozenset[str], v: SourceValue) -> bool:
        """Whether ``label`` is a one-word row label of ``v``'s table and the only one with its
        word ("Revenue" among "Cost of sales" and "Operating income"; not among "Deferred
        revenue"; not "Total net sales", which "international sales" also says)."""
        book = self._books.get((v.source_id, v.table or 0))
        if (
            book is None
            or label not in book[0].labels
            or len(rowtokens.label_tokens(_own_words(label))) != 1  # (unit notes aside)
        ):
            return False
        rows = book[0].by_word.values()
        return sum(bool(req & r) for found in rows for _, r, _ in found) == 1

    def keeps(self) -> list[Callable[[SourceValue], bool]]:
        """The value filters a figure is judged again with, made once per answer: the asked
        years, then (for a change, an average or a ratio of one year) the year before too."""
        if self._keeps is None:
            ask = self._ask
            self._keeps = [value_fits(ask, self, False)]
            if len(ask.years) == 1 and ask.op in ("change", "percent_change", "average", "ratio"):
                self._keeps.append(value_fits(ask, self, True))
        return self._keeps

    def any_named(self) -> bool:
        """Whether the question names some row or column of the sources' tables."""
        return any(rows or cols for rows, cols in self._tables.values())

    def named_rows(self) -> frozenset[str]:
        """The row labels the question names, over every table of the sources."""
        return frozenset(label for rows, _ in self._tables.values() for label in rows)

    def names(self, v: SourceValue, axis: str) -> bool:
        """Whether the question names ``v``'s row (``axis`` "row") or column."""
        if v.table is None:
            return False
        named_rows, named_cols = self._tables.get(
            (v.source_id, v.table), (frozenset(), frozenset())
        )
        return (v.row in named_rows) if axis == "row" else (v.column in named_cols)

    def misnamed(self, v: SourceValue) -> str | None:
        """The label the question names instead of ``v``'s own row or column, or None."""
        if v.table is None:
            return None
        named_rows, named_cols = self._tables.get(
            (v.source_id, v.table), (frozenset(), frozenset())
        )
        for mine, named in ((v.row, named_rows), (v.column, named_cols)):
            if not mine or not named or mine in named:
                continue
            if self._bound and all(in_bound(x, self._bound) for x in named):
                fit = in_bound(mine, self._bound)  # "within 5 years": not "More than 5 years"
                if fit is not None:
                    if fit:
                        continue
                    return self._meant(named)
            figures = _figures_of(mine)
            if figures and any(_figures_of(label) & self._asked for label in named):
                # "between 3 to 5 years" names the column "3 to 5 years": "1 to 3 years" is not it
                if not figures & self._asked:
                    return self._meant(named)
                continue
            req = ratio_free(self._ask.text, v, mine, named, required_tokens(_own_words(mine)))
            # "2019", "Other": nothing to disagree with; a label the question half names
            # ("net tangible assets acquired as of ...") may be the one it means.
            # (fully named but inside a fuller named label: "sales" of "cost of sales")
            if req and (req <= self._words or len(req & self._words) * 2 < len(req)):
                return self._meant(named)
            if req and named is named_cols and (fuller := self._fuller(req, named)):
                return fuller
        if not v.row or (section_of(v) is None and (v.source_id, v.table) not in self._secs()[1]):
            return catch_all(self, v, named_rows) if v.row else None  # (no section in v's table)
        return meant_row(self, v, named_rows)

    def half_misnamed(self, v: SourceValue) -> str | None:
        """The row the question names whole instead of ``v``'s half-named one (for a final
        figure: ``rules.off_question_half``), or None."""
        return half_misnamed(self, v, _own_words)

    def _secs(self) -> Sections:
        if self._maps is None:  # (per values, kept across answers: rules._named_sections)
            self._maps = section_maps(self.values)
        return self._maps

    def total_beyond(self, v: SourceValue) -> str | None:
        """The period column the question names by its numbers ("due in less than 1 year",
        "after 5 years") when ``v`` is of its table's Total column and the table has a part
        column the question leaves out (``rules._named_parts.total_beyond``), else None. (Not
        by a bound, "within 5 years": it is read both ways, the periods inside it or the whole
        row.)"""
        named = self._tables.get((v.source_id, v.table or 0), (frozenset(), frozenset()))[1]
        book = self._books.get((v.source_id, v.table or 0))
        if book is None or not named or v.column in named or "total" not in str(v.column).lower():
            return None
        if not all(_figures_of(x) & self._asked for x in named):
            return None  # (columns the question names by their numbers only)
        reqs = {x: required_tokens(_own_words(x)) for x in book[1].labels}
        return self._meant(named) if total_beyond(str(v.column), named, reqs, _figures_of) else None

    def _sections_of(self, v: SourceValue) -> set[str]:
        """The section rows ``v``'s row label stands under in its table (read once)."""
        return self._secs()[0].get((v.source_id, v.table or 0, v.row or ""), set())

    def _section_total(self, v: SourceValue, named_rows: frozenset[str]) -> str | None:
        """The section the question names instead of ``v``'s, when the question names one
        section of ``v``'s table by a word no other section of it has and ``v`` stands under
        another ("What were total assets?" for the bare "Total", or "Debt", under
        "Liabilities:"). None when the question names no section or ``v``'s own, or names ``v``'s
        row itself ("shares used in diluted computation" under "Denominator:")."""
        mine = section_of(v)
        if mine is None or "total" not in self._words or v.row in named_rows:
            return None
        own = {
            sec: frozenset(_label_tokens(sec))
            for sec in self._secs()[1].get((v.source_id, v.table or 0), ())
        }
        named = [
            sec
            for sec, toks in own.items()
            if (toks - frozenset().union(*(t for o, t in own.items() if o != sec))) & self._words
        ]
        if len(named) != 1 or named[0] == mine:
            return None
        return f"{named[0]}: {v.row}"

    def labels_named(self, v: SourceValue, axis: str) -> frozenset[str]:
        """The row (``axis`` "row") or column labels of ``v``'s table the question names."""
        rows, cols = self._tables.get((v.source_id, v.table or 0), (frozenset(), frozenset()))
        return rows if axis == "row" else cols

    def rows_in_column(self, v: SourceValue) -> int:
        """How many rows of ``v``'s table column hold a value, totals left out."""
        return len(
            {
                x.row_index
                for x in self.values
                if x.source_id == v.source_id
                and x.table == v.table
                and x.col_index == v.col_index
                and x.view == v.view
                and not TOTAL_LABEL.search(x.row or "")
            }
        )

    def _fuller(self, req: frozenset[str], named: frozenset[str]) -> str | None:
        """A named column that holds every word the question shares with a column it half
        names, and more of the question's words: "Without ASC 606 Adoption" over "ASC 606 As
        reported" for "... without the adoption of ASC 606" (the other column's own word,
        "reported", is not asked)."""
        shared = req & self._words
        for label in sorted(named, key=len, reverse=True):
            other = required_tokens(_own_words(label))
            if shared < other and other <= self._words:
                return label
        return None

    def _meant(self, labels: frozenset[str]) -> str:
        """The named label to report: the one sharing most numbers with the question ("Balance
        at March 31, 2018" when it asks about 2018), then the longest, then by text (a set's
        order changes with the hash seed, a message must not)."""
        meant = self._meant_of.get(labels)
        if meant is None:  # (the question is the Named's own: a label set gives one answer)
            asked = set(re.findall(r"\d+", self._ask.text))
            meant = self._meant_of[labels] = max(
                sorted(labels),
                key=lambda label: (len(asked.intersection(re.findall(r"\d+", label))), len(label)),
            )
        return meant

    def years_in_row(self, v: SourceValue) -> int:
        """How many values of ``v``'s table row have a year (a change or a percentage column
        beside the years, "2019 vs 2018" or "% of total", counts for a value of one only)."""
        if self._lines is None:
            self._lines = {}
            for x in self.values:
                if x.table is not None and period(x) is not None:
                    key = (x.source_id, x.table, x.row_index, beside_years(x.column))
                    self._lines.setdefault(key, set()).add(x.col_index or 0)
        key = (v.source_id, v.table or 0, v.row_index, beside_years(v.column))
        return len(self._lines.get(key, ()))


class _Book:
    """A table's row (or column) labels as a question may name them, read once per table: each
    label by one of its required words (every question that names it has that word), and the
    labels that write numbers ("3 to 5 years")."""

    __slots__ = ("by_word", "figured", "labels")

    def __init__(self, labels: set[str]) -> None:
        self.labels = labels
        self.by_word: dict[str, list[tuple[str, frozenset[str], tuple[str, ...]]]] = {}
        self.figured: list[tuple[str, frozenset[tuple[Decimal, Decimal | None]]]] = []
        for label in labels:
            own = _own_words(label)
            for req in ways_to_name(own):
                phrase = tuple(dict.fromkeys(t for t in _label_tokens(own) if t in req))
                self.by_word.setdefault(min(req), []).append((label, req, phrase))
            figures = _figures_of(label)
            if figures:
                self.figured.append((label, figures))


# Per values sequence (the sources' index: the same object for every answer on the same
# sources), its tables' row and column labels.
_Labels = tuple[_Book, _Book]
_LABELS: dict[int, tuple[Sequence[SourceValue], dict[tuple[str, int], _Labels]]] = {}


def _table_labels(values: Sequence[SourceValue]) -> dict[tuple[str, int], _Labels]:
    """The row labels and the column labels of each (source, table) of ``values``."""
    rows: dict[tuple[str, int], set[str]] = {}
    cols: dict[tuple[str, int], set[str]] = {}
    for v in values:
        if v.table is None:
            continue
        key = (v.source_id, v.table)
        if v.row:
            rows.setdefault(key, set()).add(v.row)
        if v.column:
            cols.setdefault(key, set()).add(v.column)
    return {
        key: (_Book(rows.get(key, set())), _Book(cols.get(key, set())))
        for key in rows.keys() | cols.keys()
    }


# The period words of a label ("As of February 28, 2019", "Fiscal", "Year Ended") are judged
# as years; what is left names the row or column ("Without ASC 606 Adoption").
_PERIOD_WORDS = re.compile(
    r"(?i)(?<!\d)(?:19|20)\d\d(?!\d)|\bfy\s*'?\d\d\b|\bq[1-4]\b|\b\d{1,2}(?:st|nd|rd|th)?\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
    r"\b(?:as\s+of|as\s+at|years?|ended|ending|fiscal|quarters?|months?|weeks?|period)\b"
)


def _inside(req: frozenset[str], fuller: tuple[str, ...], words: list[str]) -> bool:
    """Whether every occurrence of ``req``'s words in ``words`` lies within an occurrence of the
    fuller label's phrase ("sales" of "cost of sales", but not the second "vested" of
    "non-vested shares vested", nor the "revenue" of "% of net revenue for cost of revenue")."""
    seq = [w for w in words if w not in rowtokens.OPTIONAL]
    n = len(fuller)
    covered: set[int] = set()
    for j in range(len(seq) - n + 1):
        if tuple(seq[j : j + n]) == fuller:
            covered.update(range(j, j + n))
    return all(i in covered for i, w in enumerate(seq) if w in req)


@lru_cache(maxsize=rowtokens.LABELS_KEPT)  # a table's labels repeat across answers
def _figures_of(text: str) -> frozenset[tuple[Decimal, Decimal | None]]:
    """The numbers a label or question writes, no years: ``(value, high)`` for ranges too."""
    return frozenset((m.value, m.high) for m in extract(text) if m.kind != "year")


def _unworded(book: _Book, words: frozenset[str]) -> bool:
    """Whether ``words`` hold no required word of any label of ``book``."""
    return not any(req & words for found in book.by_word.values() for _, req, _ in found)


# The forms of one word a question and a label write differently (language.rowtokens.root reads
# them as one root): a question's word names a label that holds any of its forms.
_FORMS = SAME_FORMS


@lru_cache(maxsize=rowtokens.LABELS_KEPT)  # a table's labels are named by every question on it
def _label_tokens(label: str) -> tuple[str, ...]:
    """``tokens(label)``, kept (a tuple: the cached value is shared)."""
    return tuple(tokens(label))


def _label_words(label: str) -> tuple[str, ...]:
    """A label's words in order, its period words left out."""
    return _label_tokens(_own_words(label))


@lru_cache(maxsize=rowtokens.LABELS_KEPT)
def _own_words(label: str) -> str:
    """A label without its period words: what it names besides a date."""
    return _PERIOD_WORDS.sub(" ", label)


def value_fits(ask: Ask, named: Named, change_base: bool) -> Callable[[SourceValue], bool]:
    """Whether a source value may serve a figure that fits the question: of an asked year (or
    the year before one, as the base of a change) and in a named row and column."""
    years = ask.years | {y - 1 for y in ask.years} if change_base else ask.years
    named_ok: dict[tuple[str, int | None, int | None, str | None], bool] = {}  # per filter
    # one year's level asked: a change column ("Change 2019 vs 2018") is no value of that year
    # (the year's cell less it is the other year's cell, a reading the question turned down)
    level = len(ask.years) == 1 and ask.op not in ("change", "percent_change")

    def fits(v: SourceValue) -> bool:
        if years and (ys := value_years(v)) and not ys & years:
            return False
        if level and beside_years(v.column, percent=False):
            return False
        if (key := (v.source_id, v.table, v.row_index, v.column)) not in named_ok:  # as misnamed
            named_ok[key] = named.misnamed(v) is None and named.half_misnamed(v) is None
        return named_ok[key]

    return fits


# A column of changes or percentages beside the years ("Change", "2019 vs 2018", "% of total")
_CHANGED = r"\bchange|\bincrease|\bdecrease|\bvs\b|\bvariance\b"
_BESIDE = {True: re.compile(f"(?i)%|percent|{_CHANGED}"), False: re.compile(f"(?i){_CHANGED}")}


@lru_cache(maxsize=4096)
def beside_years(column: str | None, percent: bool = True) -> bool:
    """Whether a column's label names a change (or, ``percent``, a percentage), not a year's
    amount.

    >>> beside_years("2019 vs 2018 % Change"), beside_years("December 31, 2019")
    (True, False)
    """
    return column is not None and _BESIDE[percent].search(column) is not None
