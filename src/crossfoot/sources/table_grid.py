"""The one table model: a table found in a text is a grid (rows of cell strings) with its span.

Every format reader (``table_json``, ``table_records``, ``table_html``, ``table_pipe``,
``table_text``) turns its serialization into a :class:`TextTable`; ``table_read`` reads every grid
the same way, whatever the format.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Grid", "TextTable", "inside"]

Grid = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class TextTable:
    """A table found inside a text: its span, its rows as cell strings and how it was written.

    ``header_rows`` is what the format marks as its header (the rows above a markdown ``|---|``
    line), else None; the header reader decides for itself. ``caption`` is an HTML
    ``<caption>`` (it may name the table's unit).

    >>> TextTable(0, 10, (("", "2019"), ("Sales", "5"))).format
    'json'
    """

    start: int
    end: int
    rows: Grid
    header_rows: int | None = None
    caption: str = ""
    format: str = "json"


def inside(start: int, taken: Sequence[tuple[int, int]]) -> bool:
    """Whether ``start`` falls inside one of the ``taken`` spans (a table found already).

    >>> inside(5, [(0, 10)]), inside(10, [(0, 10)])
    (True, False)
    """
    return any(a <= start < b for a, b in taken)
