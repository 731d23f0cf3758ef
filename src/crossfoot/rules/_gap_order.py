"""The signed gap between two things of one period, ordered by the wording that names them.

"What is the difference in the carrying value and the fair value of the notes in 2019? The
answer is -26." A negative figure reads as a fall, and a fall is a change of one quantity over
time; but "the difference between A and B" of two things of one period (two columns of one
row, two rows of one column, same date) is A - B, its sign set by the order the wording names
them in. Such a pair is accepted for a signed difference when the claim's sentence (or the
question before it) words a difference between two things and no change over time, names each
operand by the words that tell it from the other (its column label for two cells of one row,
its row label for two cells of one column), and A - B has the claim's sign.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> a = SourceValue(Decimal(1283), "S1", row="Note payable", column="2019 Carrying Value",
...     table=0, row_index=1, col_index=1)
>>> b = SourceValue(Decimal(1309), "S1", row="Note payable", column="2019 Fair Value",
...     table=0, row_index=1, col_index=2)
>>> text = "What is the difference in the carrying value and the fair value in 2019?"
>>> gap_sign(text, a, b)
-1
>>> gap_sign("What is the change in the fair value from 2018 to 2019?", a, b) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.changewords import CHANGED, words
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import label_tokens, required_tokens, tokens
from crossfoot.language.years import aligned, same_quantity
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import claim_direction
from crossfoot.rules.comparisons import COMPARE, NEGATED

__all__ = ["GAP_KINDS", "compared_first", "compared_pair", "gap_sign", "worded_gap"]

#: Evidence kinds a gap may be: a difference of two amounts, or of two rates written as "%".
GAP_KINDS = frozenset({"difference", "pp_change"})

# "the difference between A and B", "the difference in A and B", "A minus B" is not needed
# here (mention order reads written arithmetic).
_GAP = re.compile(r"(?i)\bdifference\s+(?:between|in|of)\b")
# Words of a change over time: then the pair must be one quantity in two periods.
_CHANGE = words(CHANGED, r"year[\s-]+(?:on|over)[\s-]+year|from\s+(?:fiscal\s+|fy\s*)?\d{4}\s+to")


def _first_at(words: Sequence[str], wanted: frozenset[str]) -> int | None:
    """Index of the first word of ``words`` in ``wanted``, when every wanted word is there."""
    if not wanted or not wanted <= set(words):
        return None
    return next(i for i, w in enumerate(words) if w in wanted)


def _names_change(text: str, la: str, lb: str) -> bool:
    """Whether ``text`` words a change over time, a word of the two labels aside ("the
    difference between the rate of compensation increase and the discount rate" names a row,
    not a change)."""
    own: frozenset[str] | None = None
    for m in _CHANGE.finditer(text):
        if own is None:
            own = label_tokens(la) | label_tokens(lb)
        said = tokens(m.group())
        if not said or not own.issuperset(said):
            return True
    return False


def _row_named(v: SourceValue) -> str | None:
    """A cell's row label with its section ("Europe: Software" of *Europe: Software / 2018*):
    one line under two sections is told apart by the section's words ("the difference between
    europe software and americas software"), and a section's total by its "total"."""
    section = section_of(v)
    return f"{section}: {v.row}" if section is not None else v.row


def _own_words(
    a: SourceValue, b: SourceValue
) -> tuple[str, str, frozenset[str], frozenset[str]] | None:
    """The labels that tell two cells of one line of a table apart (their columns for two cells
    of one row, their rows for two of one column) and the words of each the other lacks; None
    for cells of two tables or of no common line."""
    if a.table is None or a.table != b.table or a.source_id != b.source_id:
        return None
    if a.row_index == b.row_index:
        la, lb = a.column, b.column
    elif a.col_index == b.col_index:
        la, lb = _row_named(a), _row_named(b)
    else:
        return None
    if not la or not lb:
        return None
    # Each is named by the words of its label the other lacks, less those a question may leave
    # out ("net", "total", a section prefix): "accounts receivable" names "Accounts receivable,
    # net" (rowtokens.required_tokens); "total" still tells "Total revenue" from "Product
    # revenue".
    ta, tb = label_tokens(la), label_tokens(lb)
    return la, lb, (required_tokens(la) - tb) or ta - tb, (required_tokens(lb) - ta) or tb - ta


def gap_sign(text: str, a: SourceValue, b: SourceValue) -> int | None:
    """The sign of the gap ``text`` words between ``a`` and ``b``: of the one it names first
    minus the other (+1, -1, or 0 when equal); None when it names no gap between them by the
    words of their labels."""
    if not _GAP.search(text):
        return None
    named = _own_words(a, b)
    if named is None or _names_change(text, named[0], named[1]):
        return None
    own_a, own_b = named[2], named[3]
    words = tokens(text)
    at_a, at_b = _first_at(words, own_a), _first_at(words, own_b)
    if at_a is None or at_b is None or at_a == at_b:
        return None
    first, second = (a, b) if at_a < at_b else (b, a)
    gap = first.value - second.value
    return (gap > 0) - (gap < 0)


def worded_gap(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether ``y - x`` (the difference the search describes) is the gap the claim's wording
    names between two things of one period, with the claim's sign (see the module docstring);
    or, when the sentence compares the two by a word of more or less (:func:`compared_pair`),
    their gap as a size, the larger less the smaller (``rules.comparisons`` judges the order).
    """
    if not aligned(x, y) or same_quantity(x, y):
        return False  # a change of one quantity (or a diagonal pair): the other paths judge it
    if compared_pair(ctx.sentence.text, x, y):
        # "A outsold B by 1,095", "A's sales were 1,095 higher than B's": a gap of the two
        # named rows, its size; rules.comparisons holds the word to the rows' order
        return y.value > x.value
    sign = -1 if claim_direction(ctx)[0] == "down" else 1
    return gap_sign(focus_text(ctx), x, y) == sign == (1 if y.value > x.value else -1)


def compared_pair(sentence: str, a: SourceValue, b: SourceValue) -> bool:
    """Whether ``sentence`` compares two rows of one column (or two columns of one row) by a
    word of more or less between them, each named by the words of its label the other lacks
    ("North outsold South by 1,095", "Widget Beta sold 380 fewer units than Widget Alpha").

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> a = SourceValue(Decimal(4637), "S1", row="North", column="2023", table=0, row_index=1,
    ...     col_index=2)
    >>> b = SourceValue(Decimal(3542), "S1", row="South", column="2023", table=0, row_index=2,
    ...     col_index=2)
    >>> compared_pair("North outsold South by 1,095 in 2023.", a, b)
    True
    >>> compared_pair("North's sales rose by 1,095 in 2023.", a, b)
    False
    """
    sides = _compared_sides(sentence)
    if sides is None:
        return False
    named = _own_words(a, b)
    if named is None:
        return False
    own_a, own_b = named[2], named[3]
    before, after = sides
    named_a = _first_at(before, own_a) is not None and _first_at(after, own_b) is not None
    named_b = _first_at(before, own_b) is not None and _first_at(after, own_a) is not None
    return named_a != named_b


def compared_first(sentence: str, a: SourceValue, b: SourceValue) -> bool:
    """Whether ``sentence`` compares ``a``, named before its comparative, with ``b``, named
    after it ("A's sales were 31% higher than B's"): :func:`compared_pair`, in that order."""
    return compared_pair(sentence, a, b) and _named_before(sentence, a, b)


def _named_before(sentence: str, a: SourceValue, b: SourceValue) -> bool:
    sides, named = _compared_sides(sentence), _own_words(a, b)
    if sides is None or named is None:
        return False
    return _first_at(sides[0], named[2]) is not None and _first_at(sides[1], named[3]) is not None


@lru_cache(maxsize=256)
def _compared_sides(sentence: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The words before and after the sentence's first comparative, when it is not negated
    (read once a sentence: ``worded_gap`` asks it of every aligned pair the search meets)."""
    found = COMPARE.search(sentence)
    if found is None or NEGATED.search(sentence, 0, found.start()):
        return None
    return tuple(tokens(sentence[: found.start()])), tuple(tokens(sentence[found.end() :]))
