"""Which column of a result set labels its rows (the key), when the caller names none.

The first column whose cells are text (not numbers) labels the rows, as a spreadsheet's first
column does. A column of periods is not an entity, though: ``month, region, revenue`` (the order a
``GROUP BY month, region`` query returns) is North's and South's series by month. Labelled by the
month, North's February row and South's shared a label and a region named in the sentence was
never read; so when the first text column names months, quarters or days
(:func:`crossfoot.sources.rows_months.month_of`), some of them twice, and a later text column
does not, the later column labels the rows and the periods give each row its period
(:mod:`crossfoot.rules.row_months`), as they do when the entity comes first. A table pasted as
text reads the same (:func:`crossfoot.sources.table_long_years.period_key`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast

from crossfoot.sources.rows_cells import _CELL, _INT, _NONE, _STR, _may_be_numbers, parse_cell
from crossfoot.sources.rows_months import names_periods
from crossfoot.sources.rows_names import _KEY_NAME
from crossfoot.sources.rows_read import _Columns

__all__ = ["key_column"]


def key_column(cs: _Columns, keys: list[str], parse_strings: bool) -> int | None:
    """The column that labels the rows of ``cs`` (module docstring): the first of ``keys`` it
    has, else its first text column (after a column of periods, the next text column that is
    not one), else a column named like a key; None for no such column.

    >>> from crossfoot.sources.rows_read import _by_column, ResultSet
    >>> rs = lambda cols, rows: _by_column(ResultSet("q", cols, rows))
    >>> rows = [("2024-01", "North", 3), ("2024-01", "South", 2)]
    >>> key_column(rs(("month", "region", "n"), rows), [], True)
    1
    >>> key_column(rs(("month", "top_region", "n"), [("2024-01", "North", 3)]), [], True)
    0
    >>> key_column(rs(("region", "month", "n"), [("North", "2024-01", 3)]), [], True)
    0
    >>> key_column(rs(("month", "n"), [("2024-01", 3)]), [], True)
    0
    """
    for k in keys:
        if k in cs.columns:
            return cs.columns.index(k)
    if not cs.rows:
        return None
    texts = _text_columns(cs, parse_strings)
    first = next(texts, None)
    if first is not None and names_periods(cs.data[first]) and _repeats(cs.data[first]):
        return next((j for j in texts if not names_periods(cs.data[j])), first)
    if first is not None:
        return first
    for j, name in enumerate(cs.columns):
        if _KEY_NAME.match(name.strip()):
            return j
    return None


def _repeats(col: tuple[object, ...]) -> bool:
    """Whether a column names some period twice (rows of several entities per period); a
    column of one row per period (``month, top_region, sales``) names each row."""
    try:
        return len(set(col)) < len(col)
    except TypeError:  # (unhashable cells: not a column of periods)
        return False


def _text_columns(cs: _Columns, parse_strings: bool) -> Iterator[int]:
    """The columns whose cells are text (not numbers) in every row that has a value, in order."""
    for j, (col, kinds) in enumerate(zip(cs.data, cs.types, strict=True)):
        if kinds <= _INT:
            continue  # plain ints (most columns): numbers
        cells: Sequence[object] = [c for c in col if c is not None] if type(None) in kinds else col
        if not cells:
            continue
        texts = cast("Sequence[str]", cells)  # checked just below
        if kinds - _NONE <= _STR and all(map(str.strip, texts)):
            # Plain non-blank strings: only those the cell pattern matches can parse as numbers
            # (found in C); the rest are text, as parse_cell would find one call at a time.
            maybe = [m.string for m in filter(None, map(_CELL.match, _may_be_numbers(texts)))]
            if all(parse_cell(c, parse_strings=parse_strings) is None for c in maybe):
                yield j
            continue
        if all(
            isinstance(c, str) and c.strip() and parse_cell(c, parse_strings=parse_strings) is None
            for c in cells
        ):
            yield j
