"""The bar of a sentence and the cells of the column it is drawn across, read as the
sentence's "how many" question (``rules.counts``): shared by ``rules.row_bars`` (a bar over
rows named with a word of quantity) and ``rules.one_row_bar`` (a bar over one named row).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crossfoot.language.asked import read_question
from crossfoot.language.bounds import Side
from crossfoot.language.question import asked_figures
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._named import Named
from crossfoot.rules.counts import bar_pool, bar_values, question_bar

__all__ = ["bar_cells"]


def bar_cells(
    text: str, lo: int, hi: int, values: Sequence[SourceValue], texts: Mapping[str, str]
) -> tuple[Mention, Side, list[SourceValue]] | None:
    """The bar of ``text[lo:hi]``, its side and the cells of the column it is drawn across,
    read as the sentence's "how many" question (the bar's words kept: the column and years it
    names are read as a question's are); None without a bar."""
    q = f"How many rows {text[lo:hi].strip().rstrip('.;:!?')}?"
    ask = read_question(q)
    found = question_bar(ask, asked_figures(q))
    if found is None:
        return None
    bar, side = found
    cells = bar_values(values, ask, bar, Named(ask, values, texts), False)
    if len({(v.table, v.row_index) for v in cells}) < 2 and len(ask.years) == 1:
        # no column named, or the cells of the one row named: the column of the year named
        cells = _year_column(bar_pool(values, ask, bar), bar, next(iter(ask.years)))
    return bar, side, cells


def _year_column(pool: Sequence[SourceValue], bar: Mention, year: int) -> list[SourceValue]:
    """The cells of the bar's ``pool`` (``counts.bar_pool``) in the one column of the year the
    sentence names ("Only Net sales exceeded 5,000 in 2024" over a table whose columns are
    years); [] unless exactly one column of one table is that year's."""
    # a bar written with a scale ("$5M") meets a cell's scaled reading; one without ("5,000")
    # the cell as written, in the table's own unit
    prefer = "written" if bar.scale == 1 else "true"
    cells: dict[tuple[object, ...], SourceValue] = {}
    for v in pool:
        if v.year != year or v.row_index is None:
            continue
        key = (v.source_id, v.table, v.col_index, v.row_index)
        if key not in cells or v.view == prefer:
            cells[key] = v
    if len({k[:3] for k in cells}) != 1:
        return []
    return list(cells.values())
