"""A quotient a bare answer line states divides lines the question before it names.

A line that states only the figure ("The answer is 1.24.", "Answer: 1.30") names no row of its
own; the question just before it does ("What is the ratio of the gross cost of land, property
and equipment in 2025 to 2024?"). A ratio of two amounts is the weakest of the two-operand
derivations: on the tuning halves a ratio of cells the text does not name supported an injected
wrong figure nearly as often as a true one (benchmarks/value_paths.py, issue 14, value17). So a
ratio that meets such a line takes its table operands from rows the question names, when it
names rows of that table; a ratio of two other lines is a coincidence, not support. Other
formulas keep their own focus: the corpora's questions name the lines of a change or a share
loosely ("international sales" for *All Other Countries*), and holding those to the named rows
failed true answers.
"""

from __future__ import annotations

from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtokens import names_row, tokens
from crossfoot.language.section_line import names_section_line
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue

__all__ = ["bare_line", "ratio_named"]

# The words of a line that states only its figure: the answer mark and a scale word.
_BARE = frozenset({"answer", "final", "million", "billion", "thousand", "percent"})
_LARGE = 2048  # a scope this large is not scanned for the named rows (a bare line is rare there)


def bare_line(sentence: str) -> bool:
    """Whether ``sentence`` states only its figure.

    >>> bare_line("The answer is 1.24."), bare_line("Answer: $3.1 million")
    (True, True)
    >>> bare_line("The ratio of sales to costs is 1.24.")
    False
    """
    return all(t in _BARE or t.isdigit() for t in tokens(sentence))


def ratio_named(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a ratio of ``x`` and ``y`` fits the rows the question before a bare answer line
    names: each table operand sits in a named row when the text names rows of its table.
    True for any other sentence."""
    if len(ctx.scope.index) > _LARGE or not bare_line(ctx.sentence.text):
        return True
    memo: dict[tuple[int, str, int], frozenset[int]]
    memo = ctx.shared.setdefault("answer_focus.rows", {})  # type: ignore[assignment]
    for v in (x, y):
        if v.table is None or v.row_index is None:
            continue
        key = (ctx.sentence.start, v.source_id, v.table)
        named = memo.get(key)
        if named is None:
            text = focus_text(ctx)
            named = memo[key] = frozenset(
                u.row_index
                for u in ctx.scope.index.values
                if u.source_id == v.source_id
                and u.table == v.table
                and u.row_index is not None
                and u.row
                and (names_row(u.row, text) or names_section_line(u, text))
            )
        if named and v.row_index not in named:
            return False
    return True
