"""A figure of the running text and a table cell as one line's two periods.

A filing's text states a line's figure of a year the table leaves out ("net revenues for 2017
was $ 6212.5 million" beside a table of 2018 and 2019), and a conversation sets it against the
line's cell of another year ("what percentage of the 2017 value does the 2018 value
represent?"). The two are one line's two periods when the text figure's own sentence names the
cell's row (every token the row's label requires) and dates the figure by a year other than the
cell's.
"""

from __future__ import annotations

from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._prose_subject import sentence_tokens

__all__ = ["prose_line"]


def prose_line(ctx: ClaimContext, a: SourceValue, b: SourceValue) -> bool:
    """Whether one of ``a`` and ``b`` is a text figure dated by its sentence, the other a cell
    of another year whose row that sentence names."""
    prose, cell = (a, b) if a.table is None else (b, a)
    if prose.table is not None or prose.field is not None or cell.table is None:
        return False
    if prose.span is None or prose.year is None or cell.year is None or prose.year == cell.year:
        return False
    need = required_tokens(cell.row) if cell.row else frozenset()
    if not need or ctx.scope is None:
        return False
    src = ctx.scope.source(prose.source_id)
    return src is not None and need <= sentence_tokens(src.text, prose.span)
