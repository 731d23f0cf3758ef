"""The small result sets trace's result-row path reads, and how it reads an answer's row
labels and figures (shared by :mod:`crossfoot.front.trace_fast` and
:mod:`crossfoot.front.trace_derived`; speed only)."""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal
from itertools import chain
from operator import itemgetter
from typing import Any

from crossfoot.front.trace_keep import RANK_WORDS
from crossfoot.language.direction import direction_words
from crossfoot.language.operation_words import may_operate
from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.model.memo import evict_oldest
from crossfoot.model.types import Kind, Mention
from crossfoot.sources.rows import _YEARISH
from crossfoot.sources.rows_months import month_of

__all__ = [
    "DIGIT",
    "MAX_COLUMNS",
    "MAX_ROWS",
    "MONEY_COLUMNS",
    "WORDS",
    "Rows",
    "label_at",
    "mention",
    "read",
]

#: Larger result sets go to the engine. (Beyond the default policy's ``max_rows``, 12, the
#: engine's pairwise operands are the rows an answer names and the rows its figures anchor:
#: :func:`crossfoot.front.trace_derived._reach_of` reads the same rows.)
MAX_ROWS = 400
#: At most this many columns (the key column included).
MAX_COLUMNS = 10
#: At most this many cells (rows x columns, the key column included): the path reads every
#: cell in Python, which beyond this costs more than the engine's reading in C.
MAX_CELLS = 2_500
#: The words an answer on this path may use besides row labels and column names: verbs of
#: stating and linking words, none of which the engine reads as a comparison, a movement, an
#: operation, an aggregate, a bound, a time window or an approximation.
WORDS = frozenset(
    """
    had has have was were is are with and in of its their the a reported recorded posted logged
    made sold earned generated booked saw at stood brought runs run operates placed
    """.split()
)
#: Label words the engine reads as something else than a name: periods, totals and summary rows,
#: comparisons; a label holding one goes to the engine. (The months: every word of
#: ``language.period_columns.MONTH_NUMBERS``.)
_LABEL_NOISE = frozenset(MONTH_NUMBERS) | frozenset(
    """
    total totals subtotal sum all other others overall average mean net grand combined rest
    q fy h ytd mtd qtd year month week day quarter
    more less higher lower up down rise rose fell grew increase decrease change growth rate share
    and of in the a an vs per top bottom first last pct percent margin yoy bps pp
    """.split()
)
#: Columns of money: a "$" figure is a cell of one of these only (the engine contradicts money
#: stated from a column that counts things, rules.direct.counts_things).
MONEY_COLUMNS = frozenset(
    "revenue revenues sales cost costs price prices amount amounts income fees expenses".split()
)
_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+){0,3}\Z")
_COLUMN = re.compile(r"[a-z]{2,24}\Z")
# A figure the path reads: "$" or not, a whole number grouped by commas ("4,820"), and either no
# decimals and no scale, or a scale letter with or without decimals ("$4.82M", "61k").
_FIGURE = re.compile(r"(\$?)([1-9]\d{0,2}(?:,\d{3})*)(?:\.(\d{1,3}))?([MBk]?)\Z")
_SCALES = {"": 1, "k": 1_000, "M": 1_000_000, "B": 1_000_000_000}
DIGIT = re.compile(r"\d")
_HALF = Decimal("0.5")
_ONE = Decimal(1)


class Rows:
    """A result set as the path reads it: the labels, per column the cells, and where each
    cell value is (:meth:`place`, :meth:`values_near`)."""

    __slots__ = ("_sorted", "columns", "first", "labels", "values", "words")

    def __init__(self, labels: list[str], columns: list[str], values: list[list[int]]):
        self.labels = labels
        self.columns = columns
        self.values = values  # the cells per column, in row order (front.trace_derived)
        self._sorted: list[int] | None = None  # every cell, ascending (made when first asked)
        # the labels' words and the columns' other forms ("order" of "orders"): no plain word
        self.words = set(" ".join(labels).lower().split(" "))
        self.words.update(f for c in columns for f in (c.rstrip("s"), c + "s") if f != c)
        # label words by their first word (a label is found by its words in the answer)
        self.first: dict[str, list[tuple[list[str], str]]] = {}
        for label in labels:
            words = label.split(" ")
            self.first.setdefault(words[0], []).append((words, label))

    def place(self, value: int) -> tuple[str, int] | None:
        """The row label and column index of the one cell holding ``value`` (None: no cell or
        several). Each column is searched in C: an answer states a few figures, and an index
        of every cell cost more than their look-ups at 200x10."""
        found: tuple[str, int] | None = None
        for j, column in enumerate(self.values):
            count = column.count(value)
            if count:
                if count > 1 or found is not None:
                    return None
                found = (self.labels[column.index(value)], j)
        return found

    def values_near(self, lo: Decimal, hi: Decimal) -> list[tuple[int, int]]:
        """Every distinct cell value in ``[lo, hi]`` and how many cells hold it, ascending."""
        if self._sorted is None:
            self._sorted = sorted(chain.from_iterable(self.values))
        ordered = self._sorted
        out: list[tuple[int, int]] = []
        i = bisect_left(ordered, lo)
        while i < len(ordered) and ordered[i] <= hi:
            if out and out[-1][0] == ordered[i]:
                out[-1] = (ordered[i], out[-1][1] + 1)
            else:
                out.append((ordered[i], 1))
            i += 1
        return out


_DICT = frozenset({dict})
_STR = frozenset({str})
_INT = frozenset({int})


def read(rows: Any) -> Rows | None:
    """The rows as the path reads them, or None when they are not of its shape. (Each test
    is a pass in C over the rows or a column: a loop over every cell cost 1 ms at 200x10.)"""
    if type(rows) is not list or not 2 <= len(rows) <= MAX_ROWS:
        return None
    head = rows[0]
    if type(head) is not dict or not 2 <= len(head) <= MAX_COLUMNS:
        return None
    if len(head) * len(rows) > MAX_CELLS:
        return None
    names = tuple(head)
    key, columns = names[0], list(names[1:])
    if type(key) is not str or not all(type(c) is str and _COLUMN.match(c) for c in columns):
        return None
    # every row a plain dict with row 0's keys in its order
    if not _DICT >= set(map(type, rows)) or not all(map(names.__eq__, map(tuple, rows))):
        return None
    labels = list(map(itemgetter(key), rows))
    if not _STR >= set(map(type, labels)) or not all(map(_LABEL.match, labels)):
        return None
    values = [list(map(itemgetter(c), rows)) for c in columns]
    if not all(_INT >= set(map(type, col)) for col in values):
        return None
    if any(c in _LABEL_NOISE for c in columns) or not _plain_kept(labels, columns):
        return None
    table = Rows(labels, columns, values)
    # the key column's words: "3 regions" counts rows (trace's filter of claims, trace_keep)
    for word in re.split(r"[^a-z]+", key.lower()):
        if word:
            table.words.update((word, word.rstrip("s"), word + "s"))
    return table


_PLAIN: dict[tuple[tuple[str, ...], tuple[str, ...]], bool] = {}


def _plain_kept(labels: list[str], columns: list[str]) -> bool:
    """:func:`_labels_plain`, kept for the next result set of the same labels and columns."""
    key = (tuple(labels), tuple(columns))
    known = _PLAIN.get(key)
    if known is None:
        if len(_PLAIN) >= 64:
            _PLAIN.clear()
        known = _PLAIN[key] = _labels_plain(labels, columns)
    return known


def _labels_plain(labels: list[str], columns: list[str]) -> bool:
    """Labels unique and none inside another (in any case), of no word the engine reads
    otherwise and no column name; a number in a label only after a word that makes it a rank
    ("item 3": not a claim of the answer; "Store 3"'s 3 is, quoted from the label)."""
    for name in (*labels, *columns):
        if direction_words(name, 0, len(name)) or may_operate(name):
            return False  # ("Rise", "Growth", "total": read as a movement or an operation)
    if month_of(labels[0]) is not None or any(map(_YEARISH.fullmatch, labels)):
        return False  # (a series of periods: the engine reads the rows around a named one)
    if _inside_another(labels):
        return False  # (unique, and none inside another: "Andes" of "Juniper Andes")
    for label in labels:
        low = label.lower()
        words = low.split(" ")
        for j, word in enumerate(words):
            if word in _LABEL_NOISE or word in WORDS or word in columns:
                return False
            if word.rstrip("s") in columns or word + "s" in columns:
                return False
            if word[:1].isdigit() and not (
                j and len(word) <= 3 and word.isdigit() and words[j - 1] in RANK_WORDS
            ):
                return False
    return True


def _inside_another(labels: list[str]) -> bool:
    """Whether two labels are equal or one is inside another, in any case, word for word
    (``f" {a} " in f" {b} "``): every run of a label's words counted once per label, in one
    pass (a test of every pair took 4 ms at 200 rows).

    >>> _inside_another(["Andes", "Juniper andes"]), _inside_another(["Andes", "Andean"])
    (True, False)
    """
    runs: dict[str, int] = {}
    for label in labels:
        words = label.lower().split(" ")
        n = len(words)
        for run in {" ".join(words[i:k]) for i in range(n) for k in range(i + 1, n + 1)}:
            runs[run] = runs.get(run, 0) + 1
    return any(runs[label.lower()] > 1 for label in labels)


def label_at(tokens: list[re.Match[str]], i: int, table: Rows) -> tuple[str | None, int]:
    """The row label whose words start at token ``i`` (and the token after it), if any: its
    words as written, one space apart, an "'s" on the last one only ("North America's")."""
    for words, label in table.first.get(tokens[i].group(2) or "", ()):
        n = len(words)
        if i + n > len(tokens):
            continue
        ok = True
        for k in range(n):
            tok = tokens[i + k]
            if k and tok.start() != tokens[i + k - 1].end() + 1:
                ok = False
            elif (tok.group(1) or tok.group(2)) != words[k]:
                ok = False
            elif tok.group(3) is not None and k < n - 1:
                ok = False
            if not ok:
                break
        if ok:
            return label, i + n
    return None, i


def mention(tok: re.Match[str]) -> Mention | None:
    """The figure of ``tok`` as the engine reads it, or None when the path does not read it."""
    written = tok.group(1)
    fields = _FIELDS.get(written, _UNREAD)
    if fields is _UNREAD:
        fields = _fields(written)
        evict_oldest(_FIELDS, 4096)
        _FIELDS[written] = fields
    if fields is None:
        return None
    return Mention(written, tok.start(), tok.end(), *fields)


#: A figure's reading by its characters (they alone decide it): kept for the next answer.
_UNREAD: tuple[Any, ...] = ()  # (not read yet: a reading is never empty)
_FIELDS: dict[str, tuple[Any, ...] | None] = {}


def _fields(written: str) -> tuple[Any, ...] | None:
    """:func:`mention`'s reading of the figure ``written``: the fields of its
    :class:`~crossfoot.model.types.Mention` after text, start and end."""
    m = _FIGURE.match(written)
    if m is None:
        return None
    sign, whole, decimals, scale_word = m.groups()
    if decimals is not None and not scale_word:
        return None  # ("52.5": the path reads whole-number cells only)
    digits = whole.replace(",", "") + ("." + decimals if decimals else "")
    as_written = Decimal(digits)
    scale = Decimal(_SCALES[scale_word])
    precision = _HALF.scaleb(-len(decimals or "")) * scale
    kind: Kind = "money" if sign else "number"
    value = as_written * scale
    if decimals:  # (as the engine writes it: "4.82M" is 4820000, not 4820000.00)
        value = value.quantize(_ONE) if value == value.to_integral_value() else value.normalize()
        precision = precision.quantize(_ONE) if precision >= 1 else precision.normalize()
    return (value, kind, precision, "$" if sign else None, scale, scale_word or None, as_written)
