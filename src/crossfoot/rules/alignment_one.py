"""A difference asked between two named things, answered with one value of the sources.

"What was the difference in the Weighted-Average Useful Lives between Trademarks and tradenames
and Other intangible assets?" asks for one value less another. A change of one row over time may
stand in a change column or in a sentence that states it, which is why a single value is
accepted for a change (:func:`crossfoot.rules.alignment_op._one_value_misfit`); a difference
*between two things* stands in no such place: one value quoted for it (the "Other" row's 2.0)
answers another question, unless its own labels name a difference ("Difference", "Variance",
"Gap"), or it is itself the difference of two values of its column or row ("$80 million" is
Industrial's 80 and Transportation's 160 less 80). A difference between two years ("between
2018 and 2019") is a change and is not judged here. For
:func:`crossfoot.rules.alignment.misfit`, on final figures only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from crossfoot.language.asked import Ask
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules.alignment_between import BETWEEN_THINGS
from crossfoot.rules.answer_averaged import averaged_heading

__all__ = ["average_named", "one_for_between"]

# Labels of a value that may hold a difference itself.
_DIFFERENCE_LABEL = re.compile(
    r"(?i)differ|variance|\bgap\b|\bspread\b|chang|increase|decrease|\bvs\.?\b|versus|compared|"
    r"\bnet\b|\bdelta\b|\bless\b|\bexcess\b"
)


def one_for_between(
    ask_text: str,
    ev: Evidence,
    values: Sequence[SourceValue] = (),
    other: Callable[[SourceValue], object] | None = None,
) -> str | None:
    """Why one source value does not answer a difference asked between two named things, or
    None (module docstring).

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> cell = SourceValue(Decimal(2), "S1", label="Other / Useful Lives", row="Other",
    ...     column="Useful Lives", table=0)
    >>> q = "What was the difference in Useful Lives between Trademarks and Other assets?"
    >>> one_for_between(q, Evidence("direct", "cell", "", (cell,), Decimal(2)))[-35:]
    'is one value (Other / Useful Lives)'
    >>> one_for_between("What was the difference between 2018 and 2019?",
    ...     Evidence("direct", "cell", "", (cell,), Decimal(2))) is None
    True
    """
    if ev.rule != "direct" or len(ev.operands) != 1 or not BETWEEN_THINGS.search(ask_text):
        return None
    v = ev.operands[0]
    if v.value == 0:
        return None  # (a zero difference meets any zero of the text)
    labels = " ".join(x for x in (v.label, v.row, v.column, v.field) if x)
    if _DIFFERENCE_LABEL.search(labels) or _is_a_difference(v, values, other):
        return None
    name = v.label or v.field or "a value of the text"
    return (
        f"the question asks for a difference between two things; this figure is one value ({name})"
    )


def _is_a_difference(
    v: SourceValue,
    values: Sequence[SourceValue],
    other: Callable[[SourceValue], object] | None = None,
) -> bool:
    """Whether ``v`` is also the difference of two values of its table's column or row (itself
    one of them: 160 - 80 = 80), so the answer may have computed it. ``other`` (the row the
    question names instead of a value's, :meth:`crossfoot.rules._named.Named.misnamed`) leaves
    out values of rows the question does not ask about: a difference of them is no computation
    of the question's ("2.0" is 7.0 - 5.0 when the 7.0 is a third row's)."""
    if v.table is None:
        return False
    for axis in ("col_index", "row_index"):
        line = {
            w.value
            for w in values
            if w.table == v.table
            and w.source_id == v.source_id
            and w.view == v.view
            and getattr(w, axis) == getattr(v, axis)
            and (w is v or other is None or not other(w))
        }
        if any(x - v.value in line for x in line):
            return True
    return False


# "average" in a line's own name: "Dow Jones Industrial Average", "Weighted average rate".
_AVERAGE_NAME = re.compile(r"(?i)\baverage\b|\bmean\b|\bavg\b")


def average_named(
    ops: Sequence[SourceValue],
    texts: Mapping[str, str] | None = None,
    ask: Ask | None = None,
) -> bool:
    """Whether every operand's line is named with "average" ("Dow Jones Industrial Average",
    "Weighted average hedged rate"): the question's "average" then names that line, and a
    change or a return of it answers the question as well as its one value does. With
    ``texts`` (the sources' texts by id) and ``ask``, also when the operands' table's heading
    or its prose names the asked average (``rules.answer_averaged``; flags39).

    >>> from decimal import Decimal
    >>> dow = SourceValue(Decimal("123.7"), "S1", row="Dow Jones Industrial Average", table=0)
    >>> average_named([dow, dow]), average_named([SourceValue(Decimal(5), "S1", row="Sales")])
    (True, False)
    """
    if ops and all(
        _AVERAGE_NAME.search(" ".join(x for x in (v.row, v.column, v.field) if x)) for v in ops
    ):
        return True
    return ask is not None and averaged_heading(ops, texts or {}, ask.text, len(ask.years))
