"""A cell the answer's own sentence names, kept as said: not re-read over the question's values.

"What was the total revenue of Americas in 2018 and 2019?" answered with "The Europe revenue in
2018 is $2,000 thousand ..." quotes the *Europe* column. A table of parts and their total lets
every part be re-read as the total less the other parts (2,000 = 4,800 - 2,800, of the *Total*
and *Americas* columns the question names), and :func:`crossfoot.rules.alignment._refit` looks
for such another reading before it calls a figure off the question. The sentence says which
value it quotes: a cell whose row or column label the question does not name, and the sentence
names in full (every word the label needs, :func:`crossfoot.language.rowtokens.required_tokens`),
is the value the answer means, and a figure built on it keeps its misfit.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Claim
from crossfoot.rules._named import TOTAL_LABEL, Named

__all__ = ["said_elsewhere"]

_RESTATED = "restatement"


def said_elsewhere(question: str, c: Claim, claims: Sequence[Claim], named: Named) -> bool:
    """Whether ``c`` quotes one cell (or restates a figure that does) whose row or column, not
    one the ``question`` names nor a total line whose words it holds ("Total deferred revenue"
    for "the total deferred revenue, current and non-current": the sum of the lines it names),
    its own sentence names in full (see the module docstring)."""
    ev = c.evidence
    if ev is None or len(ev.operands) != 1 or not (ev.rule == "direct" or ev.kind == _RESTATED):
        return False
    (v,) = ev.operands
    if v.table is None or named.misnamed(v) is None:
        return False
    # ("Answer: $2,300": the sentence that quoted the cell before says which it is)
    said = [c.sentence.text] + [
        p.sentence.text
        for p in claims
        if p.mention.start < c.mention.start
        and p.evidence is not None
        and p.evidence.rule == "direct"
        and p.evidence.operands == ev.operands
    ]
    words = frozenset(t for text in said for t in tokens(text))
    asked = frozenset(tokens(question))
    for label, axis in ((v.row, "row"), (v.column, "column")):
        if not label or named.names(v, axis):
            continue
        need = required_tokens(label)
        if need and need <= words and not (need <= asked and TOTAL_LABEL.search(label)):
            return True
    return False
