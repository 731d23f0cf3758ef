"""A row the question half names, when the question names another row of the table whole.

:meth:`crossfoot.rules._named.Named.misnamed` lets a cell of a row the question half names pass
("net tangible assets acquired as of ..." may be the line "What were the net tangible assets
acquired?" means). For the final figure of an answer to a question
(:func:`crossfoot.rules.alignment.misfit`), a half-named row is not the question's when the
question names exactly one other row of the same table whole and that row holds a word the
cell's row lacks: "What were research costs in 2019?" over *Research costs*, *Sales costs* and
*Total costs* names *Research costs*; the *Sales costs* cell shares "costs" with it, lacks
"research", and writes "sales", a word the question never says. "Sales costs in 2019 were 4,210"
answers "what were sales costs?". Judged only when the answer's words name the cell's own row
(a bare "Answer: 4,210" is not judged: references of TAT-QA and ConvFinQA take a sibling row's
cell for some questions, "basic" for "diluted", measured in round 35). The words the two rows
share must be the named row's own: "What portion of the estimated purchase price is derived by
the net tangible assets?" names a part by words of its own row.

A named row whose words all stand in the cell's row ("Net tangible assets" beside "Net tangible
assets acquired") leaves the cell's row open: the question may mean the fuller line.

>>> half_other(frozenset({"sales", "cost"}), frozenset({"research", "cost"}),
...            frozenset({"research", "cost", "2019"}))
True
>>> half_other(frozenset({"net", "asset", "acquired"}), frozenset({"net", "asset"}),
...            frozenset({"net", "asset", "2019"}))
False
>>> half_other(frozenset({"net", "tangible", "asset", "acquired"}),
...            frozenset({"estimated", "purchase", "price"}),
...            frozenset({"estimated", "purchase", "price", "net", "tangible", "asset"}))
False
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Protocol

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import SourceValue
from crossfoot.rules.off_question_inserted import inserted

__all__ = ["half_misnamed", "half_other"]


class Named(Protocol):
    """What this reading takes of :class:`crossfoot.rules._named.Named`."""

    _words: frozenset[str]
    _tokens: list[str]
    answer: str

    def labels_named(self, v: SourceValue, axis: str) -> frozenset[str]: ...


def half_other(req: frozenset[str], other: frozenset[str], words: frozenset[str]) -> bool:
    """Whether a row named by ``req``, whose words the question (``words``) holds in part, is
    not the question's: the row it names whole (``other``: its naming words) holds a word
    ``req`` lacks, and ``req`` holds a word the question does not say."""
    shared = req & words
    if not shared or req <= words or not other or not other <= words:
        return False
    # (the words the two rows share are the named row's own: "costs" of "Research costs"; a
    # question naming a part and its whole, "the purchase price derived by the net tangible
    # assets", names the part's row by words of its own)
    return shared < other


@lru_cache(maxsize=4096)
def _words_of(label: str) -> tuple[str, ...]:
    """A label's words in order, read once per label."""
    return tuple(tokens(label))


@lru_cache(maxsize=256)
def _said(answer: str) -> frozenset[str]:
    """The answer's words, read once per answer text."""
    return frozenset(tokens(answer))


def half_misnamed(named: Named, v: SourceValue, own: Callable[[str], str]) -> str | None:
    """The one row of ``v``'s table the question names whole instead of ``v``'s half-named row
    (see the module), or None; ``own``: a label's words without its period words."""
    if v.table is None or not v.row:
        return None
    rows = named.labels_named(v, "row")
    if len(rows) != 1 or v.row in rows:
        return None
    (label,) = rows
    req, other = required_tokens(own(v.row)), required_tokens(own(label))
    if not half_other(req, other, named._words) and not inserted(
        _words_of(own(label)), _words_of(own(v.row)), named._tokens
    ):
        return None
    # (the answer names the cell's own row in its words: a bare figure is not judged so, as the
    # references of two corpora take a sibling row's cell for some questions)
    return label if req <= _said(named.answer) else None
