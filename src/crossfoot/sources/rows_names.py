"""Column names and row labels: units, ids, years, and finding row keys in an answer.

Part of :mod:`crossfoot.sources.rows` (which re-exports the public names).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import chain, compress, repeat
from typing import cast

# (one year pattern for labels, fields and column names)
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows_cells import _STR
from crossfoot.sources.rows_label_match import _ascii_words, label_search

__all__ = [
    "GATE_NAMED",
    "is_count_column",
    "is_id_column",
    "labels_named",
    "names_a_year",
    "repeated_labels",
    "row_named",
    "rows_named",
    "same_unit",
    "unit_family",
]

# ---------------------------------------------------------------- columns and units

_ID_NAME = re.compile(r"(^|[_\s.])(id|uuid|zip|zipcode|postcode|phone|sku|code|ean|isbn)$|[a-z]Id$")
_YEAR_NAME = re.compile(r"^((fiscal|calendar)[_ ]?)?(year|yr|fy)$", re.IGNORECASE)
_PERCENT_NAME = re.compile(r"(%|pct|percent|percentage)", re.IGNORECASE)
_COUNT_NAME = re.compile(
    r"(^|[_\s.])(n|num|count|cnt|qty|quantity|orders|units|customers|users|stores|items|"
    r"employees|visits|sessions|transactions)$",
    re.IGNORECASE,
)
_KEY_NAME = re.compile(r"^(year|yr|fy|date|month|period|quarter|week|day)$", re.IGNORECASE)
_FAMILY_NOISE = re.compile(
    r"(?<![a-z])(19\d\d|20\d\d|fy\d*|q[1-4]|h[12]|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|"
    r"nov|dec|january|february|march|april|june|july|august|september|october|november|"
    r"december|\d+)(?![a-z])"
)


def is_id_column(name: str) -> bool:
    """Identifier-like columns ("id", "store_id", "zip"): matched directly, never summed."""
    return bool(_ID_NAME.search(name.strip()) or _ID_NAME.search(name.strip().lower()))


def is_count_column(name: str) -> bool:
    return bool(_COUNT_NAME.search(name.strip()))


@lru_cache(maxsize=4096)
def unit_family(column: str) -> str:
    """The unit a column measures: its name without years, quarters, months or digits.

    >>> unit_family("revenue_2024"), unit_family("Q3 sales"), unit_family("2023")
    ('revenue', 'sales', '')
    """
    name = _FAMILY_NOISE.sub(" ", column.lower())
    return re.sub(r"[^a-z%$€£¥₹]+", " ", name).strip()


def row_named(label: str | None, text: str) -> bool:
    """Whether ``text`` names the row ``label`` in full ("Europe's" names "Europe").

    >>> row_named("North America", "North America's revenue"), row_named("EU", "EUR 5")
    (True, False)
    """
    if not label:
        return False
    if GATE_NAMED[0]:  # (see GATE_NAMED)
        spaced = _spaced_label(label)
        if spaced is not None:
            said = _spaced(text)
            if said is not _OTHER and spaced not in said:
                return False  # (no pattern made: most of a large table's labels are read once)
    return label_search(label, text)


#: Whether :func:`row_named` first tests the label's spaced words in the spaced text (speed only;
#: the tests switch it off to compare with the pattern alone). When label and text are ASCII, a
#: match of the pattern is the label's words, each equal to the text's up to ASCII case (no
#: Kelvin sign, no long s in an ASCII text), joined by runs of separators (``[\\s_-]+``): made
#: lowercase, each run one space, it is :func:`_spaced_label`, and so is that stretch of
#: :func:`_spaced` text. So a spaced label not in the spaced text is not named there, and its
#: pattern (~0.1 ms to make for a new label) is not needed: at 20,000 rows a figure equal to
#: hundreds of cells asks this of each cell's label.
GATE_NAMED = [True]


def _spaced_label(label: str) -> str | None:
    """An ASCII label's words (as ``rows_label_match.label_pattern`` splits them) lowercased,
    joined by one space, each run of separators in them made one space; None for a non-ASCII
    label."""
    # The words label_search reads too, kept once per label (a new label is read once); cut
    # here only when that keeps none (no word, or very many). Joined by single spaces, only a
    # "-" is left of the separators _SEPARATORS takes (tests/test_speed_paths_speed25.py).
    words = _ascii_words(label)
    if words is None:
        if not label.isascii():
            return None
        words = tuple(label.lower().replace("_", " ").split())
    spaced = " ".join(words)
    return _SEPARATORS.sub(" ", spaced) if "-" in spaced else spaced


_SPACED: dict[str, str] = {}
_OTHER = "\x00 not ASCII"  # (what _spaced gives a text that is not ASCII: no gate then)


def _spaced(text: str) -> str:
    """``text`` lowercased, each run of separators made one space, or :data:`_OTHER` for a
    text that is not ASCII (kept per text: one sentence is asked about many labels)."""
    got = _SPACED.get(text)
    if got is None:
        if len(_SPACED) >= 256:
            _SPACED.clear()
        got = _SEPARATORS.sub(" ", text.lower()) if text.isascii() else _OTHER
        _SPACED[text] = got
    return got


@lru_cache(maxsize=8192)
def _first_word(label: str) -> str | None:
    """An ASCII label's first word, lowercased: any ASCII text naming the row contains it."""
    words = [w for w in re.split(r"[\s_]+", label.strip()) if w]
    return words[0].lower() if words and label.isascii() else None


# What a label pattern takes between two words ([\s_-]+), and what _Labels.spaced rules out.
_SEPARATORS = re.compile(r"[\s_-]+")
_ODD_SPACE = "_-\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f"  # and "  ": ASCII whitespace but the space
# Two spaces, and a space beside a separator of joined labels, each searched for as a pattern:
# ``in`` scans for a two-character string at ~0.17 ms over 20,000 labels joined (a space is in
# most labels, and each one found starts a comparison), the pattern's literal search at ~0.07.
_PAIRS = (re.compile("  "), re.compile("\x01 "), re.compile(" \x01"))


def _held(text: str, pairs: Sequence[re.Pattern[str]]) -> bool:
    """Whether one of ``pairs`` (literal patterns) is in ``text``: ``any(p.pattern in text)``.

    >>> _held("a  b", _PAIRS), _held("a b\x01c", _PAIRS), _held("a \x01c", _PAIRS)
    (True, False, True)
    """
    return any(p.search(text) is not None for p in pairs)


def labels_named(labels: Iterable[str | None], text: str) -> list[str]:
    """The labels ``text`` names (:func:`row_named`), in order; a label whose first word is not
    in the text is skipped without its pattern (2,000 row keys per sentence).

    >>> labels_named(["North America", "Europe", None], "Europe's share")
    ['Europe']
    """
    # Only for ASCII text: a case-insensitive pattern may match non-ASCII letters ("K" as the
    # Kelvin sign) that str.lower() would not bring to the ASCII word.
    low = text.lower() if text.isascii() else None
    if low is not None and isinstance(labels, _Labels) and labels.spaced():
        # Thousands of row keys: a label the pattern finds is in the text with its separators
        # made single spaces (see _Labels.spaced), tested for every label in C.
        spaced = _SEPARATORS.sub(" ", low)
        hits = map(labels.__getitem__, labels.rows_in(spaced))
        return [label for label in hits if label and label_search(label, text, low)]
    out: list[str] = []
    for label in labels:
        if not label:
            continue
        if low is not None:
            first = _first_word(label)
            if first is not None and first not in low:
                continue
        if label_search(label, text, low):
            out.append(label)
    return out


def same_unit(a: SourceValue, b: SourceValue) -> bool:
    """Whether two row values measure the same thing, so that adding them makes sense.

    Values that are not table cells (no column) are compared by kind and currency only.
    """
    if a.kind != b.kind or (a.currency and b.currency and a.currency != b.currency):
        return False
    if a.column is None or b.column is None or a.source_id != b.source_id:
        return a.column is None and b.column is None
    return a.column == b.column or unit_family(a.column) == unit_family(b.column)


#: Whether the labels' index is made in row order when no label is held twice (speed only; the
#: tests switch it off to compare with the reversed reading).
FORWARD_INDEX = [True]


# Above this many rows :meth:`_Labels.repeated` reads the labels' index (made once per table and
# shared with the look-up of a sentence's rows) instead of a set of the labels.
_INDEXED = 64


class _Labels(tuple):  # type: ignore[type-arg]
    """A table's row labels (a tuple of ``str | None``) that find the ones a text holds fast:
    thousands of row keys are looked up for every sentence of an answer."""

    _lower: tuple[str, ...] | None = None
    _lower_self = False  # the labels are their own lowercased labels (kept by a flag: a cycle)
    _lengths: list[int]
    _spaced: bool | None = None
    _joined: str | None = None  # the labels joined by "\x01", when all are str (lower())
    _stripped = False  # every label a str without whitespace at either end (_labels made it)
    # lowercased label -> its first row, and every row of a label held by several rows
    _first: dict[str, int] | None = None
    _repeated: dict[str, list[int]]

    def spaced(self) -> bool:
        """Whether every label is ASCII words split by single spaces (no "_", "-", other
        whitespace, or space at either end). Then, in ASCII text, :func:`row_named` can find a
        label only where the lowercased text, each run of separators (``[\\s_-]+``) made one
        space, holds the lowercased label: the pattern's words are the label's words, joined by
        such runs, compared case-insensitively."""
        if self._spaced is None:
            lower = self.lower()
            # The labels joined as lower() joined them, when it did (the same ASCII test and
            # the same separators: lowercasing ASCII changes letters only), else the lowercased
            # ones; a label that opens or ends with a space is a separator beside a space.
            joined = self._joined if self._joined is not None else "\x01".join(lower)
            if self._stripped and joined.count("\x01") == len(self) - 1:
                # Every "\x01" a separator, and no label opens or ends with whitespace: none
                # stands beside a space, nor is a space at either end.
                self._spaced = (
                    joined.isascii()
                    and not any(map(joined.__contains__, _ODD_SPACE))
                    and not _held(joined, _PAIRS[:1])
                )
                return self._spaced
            self._spaced = (
                joined.isascii()
                and joined[:1] != " "
                and joined[-1:] != " "
                and not any(map(joined.__contains__, _ODD_SPACE))  # (each a scan in C)
                and not _held(joined, _PAIRS)
            )
        return self._spaced

    def lower(self) -> tuple[str, ...]:
        """The labels lowercased (a NUL, which no answer holds, where a row has none)."""
        if self._lower is not None:
            return self._lower
        if self._lower_self:
            return cast("tuple[str, ...]", self)
        labels = cast("tuple[str | None, ...]", self)
        lower: tuple[str, ...]
        if _STR.issuperset(map(type, labels)):
            texts = cast("tuple[str, ...]", labels)
            joined = self._joined = "\x01".join(texts)  # (spaced() reads it too)
            # ASCII keys already in lower case (ids, slugs, e-mails): the labels themselves,
            # tested on one string instead of a new string per row (an ASCII text is its own
            # lowercase exactly when it has no upper-case letter: lower() and a compare in C
            # are several times faster than islower(), which checks every character's case)
            if joined.isascii() and joined.lower() == joined:
                self._lower_self = True
                self._lengths = sorted(set(map(len, texts)))
                return texts
            lower = tuple(map(str.lower, texts))
        else:
            lower = tuple(label.lower() if label else "\x00" for label in labels)
        self._lower = lower
        self._lengths = sorted(set(map(len, lower)))
        return lower

    def repeated(self) -> bool:
        """Whether two rows hold one label (rows without one not counted): answered by the
        lowercased labels' index when it holds every row once (then so do the labels), which
        the look-up of a sentence's rows has made for a long table; else by a set of them."""
        if len(self) > _INDEXED and len(self._index()) == len(self):
            return False
        return _twice(self)

    def rows_in(self, low: str) -> Iterable[int]:
        """Rows whose lowercased label is part of ``low`` (a lowercased text), in row order."""
        lower = self.lower()
        n = len(low)
        if n * len(self._lengths) < len(lower):
            # Many labels of few lengths ("item 1".."item 20000"): every piece of the text of
            # a label's length looked up in the labels (an index made once per table), instead
            # of one search of the text per label. The cost grows with the text, not the rows.
            pieces = set(
                chain.from_iterable(
                    map(low.__getitem__, map(slice, range(n - k + 1), range(k, n + 1)))
                    for k in self._lengths
                )
            )
            first = self._index()
            found = list(map(first.__getitem__, filter(first.__contains__, pieces)))
            if self._repeated:
                found += chain.from_iterable(map(self._repeated.get, pieces, repeat(())))
            return sorted(set(found))
        return compress(range(len(lower)), map(low.__contains__, lower))

    def opening(self, low: str) -> list[int]:
        """Rows whose lowercased label ``low`` (a lowercased text) starts with, in row order."""
        lower = self.lower()
        if len(self._lengths) * 4 < len(lower):
            # Many labels of few lengths: the text's opening of each length looked up in the
            # labels' index (made once per table) instead of a prefix test per label.
            first = self._index()
            found: set[int] = set()
            for k in self._lengths:
                if k <= len(low):
                    i = first.get(low[:k])
                    if i is not None:
                        found.add(i)
                        found.update(self._repeated.get(low[:k], ()))  # (its other rows)
            return sorted(found)
        return list(compress(range(len(lower)), map(low.startswith, lower)))

    def _index(self) -> dict[str, int]:
        """Lowercased label -> its first row (made once, in C); the rows of a label several
        rows hold in :attr:`_repeated`."""
        if self._first is None:
            lower = self.lower()
            self._repeated = {}
            # In row order (twice as fast as reversed, measured at 20,000 labels): with no label
            # held twice, each label's only row is its first.
            first = dict(zip(lower, range(len(lower)), strict=True))
            if len(first) == len(lower) and FORWARD_INDEX[0]:
                self._first = first
                return first
            # reversed: the first row of a label is written last, so it is the one kept
            self._first = dict(zip(reversed(lower), range(len(lower) - 1, -1, -1), strict=True))
            if len(self._first) < len(lower):
                rows: dict[str, list[int]] = {}
                for i, label in enumerate(lower):
                    rows.setdefault(label, []).append(i)
                self._repeated = {k: v for k, v in rows.items() if len(v) > 1}
        return self._first


def rows_named(labels: Sequence[str | None], text: str, low: str | None = None) -> list[int]:
    """Indexes of the labels whose lowercased text is in ``text`` and that :func:`row_named`
    finds there, in order (``low``: ``text.lower()``, when the caller has it).

    >>> rows_named(["EU", "US", None, "UK"], "EU and UK grew; EUR fell.")
    [0, 3]
    """
    if low is None:
        low = text.lower()
    if isinstance(labels, _Labels):
        found: Iterable[int] = labels.rows_in(low)
    else:
        found = (i for i, label in enumerate(labels) if label and label.lower() in low)
    return [i for i in found if (label := labels[i]) and row_named(label, text)]


def repeated_labels(labels: Sequence[str | None]) -> bool:
    """Whether two rows hold one label (rows without one are not counted).

    >>> repeated_labels(["EU", None, "US", None]), repeated_labels(["EU", "US", "EU"])
    (False, True)
    """
    if isinstance(labels, _Labels):
        return labels.repeated()
    return _twice(labels)


def _twice(labels: Sequence[str | None]) -> bool:
    """Whether two rows hold one label, by a set of the labels (rows without one not counted)."""
    named = [x for x in labels if x is not None]
    return len(set(named)) < len(named)


def labels_opening(labels: Sequence[str | None], low: str) -> list[str]:
    """The labels that ``low`` (a lowercased text) starts with, compared lowercased, in order.

    A plain prefix test: "EU" opens "europe grew" too. Whether the label ends at a word's end is
    the caller's test (``row_named`` in :func:`crossfoot.front.trace_checks._labels_at`).

    >>> labels_opening(["EU", "Europe", None, "US"], "europe grew")
    ['EU', 'Europe']
    >>> labels_opening(["EU", "Europe", None, "US"], "us sales")
    ['US']
    """
    if isinstance(labels, _Labels):
        # Thousands of row keys: looked up in the labels' index, or tested in C (_Labels.opening).
        hits: Iterable[str | None] = map(labels.__getitem__, labels.opening(low))
    else:
        hits = (label for label in labels if label and low.startswith(label.lower()))
    return [label for label in hits if label]


@lru_cache(maxsize=1024)  # (a text table's heading is asked once per body row)
def names_a_year(name: str) -> bool:
    """Whether a column's name says it holds each row's year ("year", "fiscal_year", "FY",
    "Calendar Year"): a result set's column, or a text table's heading
    (``sources.table_long_years``).

    >>> names_a_year("Fiscal Year"), names_a_year("fiscal_year"), names_a_year("years")
    (True, True, False)
    """
    return _YEAR_NAME.match(name.strip()) is not None


@lru_cache(maxsize=4096)  # column names repeat across calls: three patterns once per name
def _column_meta(name: str) -> tuple[bool, bool, bool]:
    return (
        is_id_column(name),
        names_a_year(name),
        bool(_PERCENT_NAME.search(name)),
    )


def _labels(cells: tuple[object, ...], kinds: set[type]) -> tuple[str | None, ...]:
    """The row labels of a key column (its cells of ``kinds``): :func:`_row_label` of each cell,
    in C for plain strings (the usual key) that are none of them blank."""
    if kinds <= _STR:
        # (made as the _Labels the table keeps: no intermediate 20,000-cell tuple)
        stripped = _Labels(map(str.strip, cells))  # type: ignore[arg-type]
        if "" not in stripped:
            stripped._stripped = True  # (spaced() skips the scans this rules out)
            return stripped
    return _Labels(map(_row_label, cells))


def _row_label(cell: object) -> str | None:
    if cell is None:
        return None
    if isinstance(cell, float) and cell.is_integer():  # (not inf or NaN: no int for them)
        cell = int(cell)
    text = str(cell).strip()
    return text or None


def _year_of(text: str | None) -> int | None:
    """The year a label or column name writes ("2019", "FY2020 sales"), or None."""
    # A year of _YEAR opens with "19" or "20": a text without either (most row labels, each
    # new entity of a query result) is answered without a kept entry or the pattern.
    if not text or ("19" not in text and "20" not in text):
        return None
    return _year_in(text)


@lru_cache(maxsize=8192)  # row labels and column names repeat across calls
def _year_in(text: str) -> int | None:
    m = _YEAR.search(text)
    return int(m.group(1)) if m else None
