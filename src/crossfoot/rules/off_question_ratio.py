"""A line's margin row answering a question that asks for the line as a percentage.

:meth:`crossfoot.rules._named.Named.misnamed` calls a cell of a row the question does not name
off the question when the row's words all stand in the question inside a fuller named label
("sales" of "cost of sales"). A percentage row whose label drops its ratio word from the words
that name it ("Gross margin" is named by "gross": "margin" is a word of the quantity, not of
the line) is such a row under a question that names its line: "What was the gross profit margin
in 2019?" and "What was the gross profit as a percentage of revenue in 2019?" name *Gross
profit*, and the *Gross margin* row's "41.7%" answers them. This reading lets that row be the
question's when:

- the question asks for a percentage in words ("margin", "percent", "percentage", "%");
- the value is a percentage (a cell written with "%", or a row whose label writes "%" or
  "percent"), of a row whose label writes "margin", "%" or "percent";
- the row's naming words stand inside the label of a row the question names (the margin of
  the named line: "gross" of "Gross profit"; "Operating margin" is not of "Gross profit").

An amount asked ("What was the gross profit in 2019?") answered with the margin, and another
line's margin, stay off the question.

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> v = SourceValue(Decimal("41.7"), "S1", kind="percent", row="Gross margin", table=0)
>>> q = "What was the gross profit margin in 2019?"
>>> ratio_free(q, v, "Gross margin", frozenset({"Gross profit"}), frozenset({"gross"}))
frozenset()
>>> ratio_free("What was the gross profit in 2019?", v, "Gross margin",
...            frozenset({"Gross profit"}), frozenset({"gross"}))
frozenset({'gross'})
"""

from __future__ import annotations

from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import SourceValue

__all__ = ["ratio_free"]

# (substring gates: "margin" / "margins", "percent" / "percentage" / "percentages", "%")
_ASKED = ("margin", "percent", "%")


def ratio_free(
    question: str, v: SourceValue, mine: str, named: frozenset[str], req: frozenset[str]
) -> frozenset[str]:
    """``req`` (the words that name ``v``'s row ``mine``), or no words when the row is the
    margin row of a line the question names and the question asks for a percentage (see the
    module): nothing to disagree with."""
    if not req or mine != v.row or not named:
        return req
    low = mine.lower()
    if not any(w in low for w in _ASKED):
        return req
    if v.kind != "percent" and "%" not in low and "percent" not in low:
        return req
    q = question.lower()
    if not any(w in q for w in _ASKED):
        return req
    if any(req < frozenset(tokens(label)) for label in named):
        return frozenset()
    return req
