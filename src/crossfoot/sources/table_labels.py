"""A table's column labels from its header rows (for :mod:`crossfoot.sources.table_read`).

Header rows stack into one label per column; a label written over one column of a group spreads
over the group ("| | 2019 | | 2018" over "Amount | % | Amount | %"); a label over empty cells
spreads right. (A companion column left without a year in a one-row header, "2025 | % of revenue
| 2024 | % of revenue", keeps no year: giving it the year before it was measured in round 25 and
cost one tatqa validation false alarm, docs/claims.md.)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from crossfoot.sources.cells import label_without_unit, year_in
from crossfoot.sources.table_header import PERCENT_LABEL, clean_label

__all__ = ["column_labels"]


def _spread_by_groups(cells: list[str], below: Sequence[str], width: int) -> bool:
    """Spread each label of ``cells`` over its group of columns, the groups read from the row
    below when it repeats one run of labels ("Amount | % | Amount | %"): a label placed over
    any column of its group ("| | 2019 | | 2018" over "Gross | Accumulated | Gross |
    Accumulated") heads the whole group. False (nothing changed) unless every group holds
    exactly one label."""
    sub = [clean_label(c.strip()) if j < len(below) else "" for j, c in enumerate(below)]
    head = sub[1] if width > 2 and len(sub) > 1 else ""
    starts = [j for j in range(1, width) if j < len(sub) and sub[j] and sub[j] == head]
    if len(starts) < 2:
        return False
    size = starts[1] - starts[0]
    if size < 2 or any(b - a != size for a, b in pairwise(starts)):
        return False
    if starts[-1] + size != width or sub[1 : 1 + size] * len(starts) != sub[1:width]:
        return False
    spans = [range(a, a + size) for a in starts]
    owned = [[j for j in span if cells[j]] for span in spans]
    if any(len(o) != 1 for o in owned) or sum(1 for c in cells[1:] if c) != len(starts):
        return False
    for span, (j,) in zip(spans, owned, strict=True):
        for k in span:
            cells[k] = cells[j]
    return True


def column_labels(header: Sequence[Sequence[str]], width: int) -> list[str]:
    """Stacked header cells per column; a cell over empty ones spreads right (and back to the
    first figure column), except a percent label onto a column headed by its own year.

    >>> column_labels([["", "2019", "", "2018", ""], ["", "", "% of total", "", "% of total"],
    ...                ["", "RMB", "RMB", "RMB", "RMB"]], 5)
    ['', '2019 RMB', '2019 % of total RMB', '2018 RMB', '2018 % of total RMB']
    """
    stacked: list[list[str]] = [[] for _ in range(width)]
    last = len(header) - 1
    # A column headed by its own year in any header row ("Percent Change" over "Actual |
    # Constant | 2018"; "2019 | | 2018 |" over "| % of total | | % of total") is an amount
    # column: a percent label beside it, by a spread or by its group, is not its label (round
    # 40: below only, the amounts under "2019" over "| % of total" were read as percents).
    dated = [any(j < len(row) and year_in(row[j]) for row in header) for j in range(width)]
    for r, row in enumerate(header):
        cells = [label_without_unit(clean_label(c.strip())) for c in row]
        blank = [not c for c in cells]
        if r < last and _spread_by_groups(cells, header[r + 1], width):
            pass
        elif r < last:
            fill = ""
            first = next((c for c in cells[1:] if c), "")
            for j in range(1, width):
                if cells[j]:
                    fill = cells[j]
                    continue
                cells[j] = fill or first
        for j in range(width):
            text = cells[j]
            if blank[j] and text and dated[j] and PERCENT_LABEL.search(text):
                continue
            if text and (not stacked[j] or stacked[j][-1] != text):
                stacked[j].append(text)
    return [" ".join(parts) for parts in stacked]
