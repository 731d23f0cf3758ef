"""The row check's table reading of round 13 (issue 19, speed19) gives what the plain reading gives.

``language.rowtables.label_tables`` reads, per table of a source, its row labels' tokens and
each column's roots (the words a sentence must hold to name the column). It read them once
per *cell* (every cell of a row carries the row's label, every cell of a column its name), and
the column roots afresh each time; on a fresh result set (a new query result per answer) that
was most of its cost. Now each distinct label and column is read once, in the order the cells
first give it, and ``_column_roots`` is kept per column name like the label tokens it reads.

The property: on random sources (tables of cells with random row labels and column names:
words, years, numbers, "Total", sections, repeats, cells without a row, several tables), the
fast reading equals a plain per-cell reading with the roots read afresh, field by field and
with the dicts' order. A reading that folds column names by case (one column for "Revenue"
and "revenue") is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import crossfoot.language.rowtables as rowtables
from crossfoot.language.rowtables import LabelTable, label_tables, total_rows
from crossfoot.language.rowtokens import label_tokens, required_tokens, root
from crossfoot.model.types import Source, SourceValue

_LABELS = [
    "item 1",
    "Item 2",
    "Europe",
    "North America",
    "Total",
    "Total revenue",
    "Net sales",
    "Liabilities: Accounts payable, net",
    "2023",
    "FY2019",
    "Research and development",
    "Other",
    "men",
    "Male employees",
    "",
]
_COLUMNS = [
    "revenue",
    "Revenue",
    "orders",
    "Domestic 2022",
    "30 Jun 2024",
    "European dealers",
    "stores (in millions)",
    "Net income",
    "",
]


def _roots_plain(column: str) -> frozenset[str]:
    # _column_roots as it reads a column, without the memo
    req = required_tokens(column)
    if any(c.isdigit() for t in req for c in t):
        return frozenset()
    return frozenset(root(t) for t in req)


def _every(cells: list[SourceValue]) -> list[str]:
    return [sv.column for sv in cells if sv.column]


def _folded(cells: list[SourceValue]) -> list[str]:
    # a broken shortcut: one column per name up to case ("Revenue" and "revenue")
    return list({c.lower(): c for c in _every(cells)}.values())


def _plain(
    source: Source,
    roots: Callable[[str], frozenset[str]] = lambda c: _roots_plain(c),
    columns_of: Callable[[list[SourceValue]], list[str]] = _every,
) -> dict[int, LabelTable]:
    """label_tables as it read every cell (before round 13), with ``roots`` for the columns
    (read afresh for each cell) and ``columns_of`` naming them."""
    grouped: dict[int, list[SourceValue]] = {}
    unlabelled: dict[int, list[SourceValue]] = {}
    for sv in source.values:
        if sv.table is not None:
            (grouped if sv.row is not None else unlabelled).setdefault(sv.table, []).append(sv)
    out: dict[int, LabelTable] = {}
    for t, cells in grouped.items():
        rows = {sv.row: label_tokens(sv.row) for sv in cells if sv.row}
        req = {label: required_tokens(label) for label in rows}
        cells = cells + unlabelled.get(t, [])
        years = frozenset(sv.year for sv in cells if sv.year is not None)
        unnamed = not any(req.values()) and not total_rows(rows)
        columns = {c: roots(c) for c in columns_of(cells)}
        row_roots = frozenset(root(tok) for toks in rows.values() for tok in toks)
        out[t] = LabelTable(rows, req, tuple(cells), years, unnamed, columns, row_roots)
    return out


@st.composite
def _sources(draw: st.DrawFn) -> Source:
    cells = []
    for i in range(draw(st.integers(0, 30))):
        row = draw(st.sampled_from([*_LABELS, None]))
        cells.append(
            SourceValue(
                Decimal(i),
                "rows",
                row=row,
                column=draw(st.sampled_from([*_COLUMNS, None])),
                table=draw(st.sampled_from([0, 0, 1, None])),
                year=draw(st.sampled_from([None, None, 2023])),
                row_index=i,
            )
        )
    return Source("rows", values=tuple(cells))


def _same(fast: dict[int, LabelTable], plain: dict[int, LabelTable]) -> bool:
    if list(fast) != list(plain):
        return False
    for t, a in fast.items():
        b = plain[t]
        if a != b or list(a.rows.items()) != list(b.rows.items()):
            return False
        if list(a.column_roots.items()) != list(b.column_roots.items()):
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(_sources())
def test_label_tables_equal_the_plain_reading(source: Source) -> None:
    assert _same(label_tables(source), _plain(source))


def test_a_reading_that_folds_column_names_is_caught() -> None:
    cells = tuple(
        SourceValue(Decimal(i), "rows", row="Europe", column=col, table=0, row_index=0)
        for i, col in enumerate(["Revenue", "revenue", "Domestic 2022"])
    )
    source = Source("rows", values=cells)
    assert _same(label_tables(source), _plain(source))
    assert not _same(_plain(source, columns_of=_folded), _plain(source))


@pytest.mark.parametrize("column", _COLUMNS)
def test_the_kept_column_roots_are_the_plain_ones(column: str) -> None:
    rowtables._column_roots.cache_clear()
    assert rowtables._column_roots(column) == _roots_plain(column)
    assert rowtables._column_roots(column) == _roots_plain(column)  # (from the memo)
