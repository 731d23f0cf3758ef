"""The small result sets trace's result-row path reads, and how it reads an answer's row
labels and figures (shared by :mod:`crossfoot.front.trace_fast` and
:mod:`crossfoot.front.trace_derived`; speed only)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from crossfoot.front.trace_keep import RANK_WORDS
from crossfoot.language.direction import direction_words
from crossfoot.language.operation_words import may_operate
from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.model.types import Kind, Mention

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

#: Larger result sets go to the engine (the default policy's ``max_rows``).
MAX_ROWS = 12
#: At most this many columns (the key column included).
MAX_COLUMNS = 6
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
    """A small result set as the path reads it: the labels, per column the cells, and every
    cell value's places (``value -> [(row, column)]``)."""

    __slots__ = ("columns", "first", "labels", "places", "values", "words")

    def __init__(
        self,
        labels: list[str],
        columns: list[str],
        places: dict[int, list[Any]],
        values: list[list[int]],
    ):
        self.labels = labels
        self.columns = columns
        self.places = places
        self.values = values  # the cells per column, in row order (front.trace_derived)
        # the labels' words and the columns' other forms ("order" of "orders"): no plain word
        self.words = {w.lower() for label in labels for w in label.split(" ")}
        self.words.update(f for c in columns for f in (c.rstrip("s"), c + "s") if f != c)
        # label words by their first word (a label is found by its words in the answer)
        self.first: dict[str, list[tuple[list[str], str]]] = {}
        for label in labels:
            words = label.split(" ")
            self.first.setdefault(words[0], []).append((words, label))


def read(rows: Any) -> Rows | None:
    """The rows as the path reads them, or None when they are not of its shape."""
    if type(rows) is not list or not 2 <= len(rows) <= MAX_ROWS:
        return None
    head = rows[0]
    if type(head) is not dict or not 2 <= len(head) <= MAX_COLUMNS:
        return None
    names = list(head)
    key, columns = names[0], names[1:]
    if type(key) is not str or not all(type(c) is str and _COLUMN.match(c) for c in columns):
        return None
    labels: list[str] = []
    places: dict[int, list[Any]] = {}
    values: list[list[int]] = [[] for _ in columns]
    for row in rows:
        if type(row) is not dict or list(row) != names:
            return None
        label = row[key]
        if type(label) is not str or not _LABEL.match(label):
            return None
        for i, column in enumerate(columns):
            cell = row[column]
            if type(cell) is not int:
                return None
            places.setdefault(cell, []).append((label, i))
            values[i].append(cell)
        labels.append(label)
    if any(c in _LABEL_NOISE for c in columns) or not _plain_kept(labels, columns):
        return None
    table = Rows(labels, columns, places, values)
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
    spaced = [f" {label.lower()} " for label in labels]
    for a in spaced:
        if sum(a in b for b in spaced) > 1:
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
                j and len(word) <= 2 and word.isdigit() and words[j - 1] in RANK_WORDS
            ):
                return False
    return True


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
    m = _FIGURE.match(tok.group(1))
    if m is None:
        return None
    sign, whole, decimals, scale_word = m.groups()
    if decimals is not None and not scale_word:
        return None  # ("52.5": the path reads whole-number cells only)
    digits = whole.replace(",", "") + ("." + decimals if decimals else "")
    written = Decimal(digits)
    scale = Decimal(_SCALES[scale_word])
    precision = _HALF.scaleb(-len(decimals or "")) * scale
    kind: Kind = "money" if sign else "number"
    value = written * scale
    if decimals:  # (as the engine writes it: "4.82M" is 4820000, not 4820000.00)
        value = value.quantize(_ONE) if value == value.to_integral_value() else value.normalize()
        precision = precision.quantize(_ONE) if precision >= 1 else precision.normalize()
    return Mention(
        tok.group(1),
        tok.start(),
        tok.end(),
        value,
        kind,
        precision,
        "$" if sign else None,
        scale,
        scale_word or None,
        written,
    )
