"""The row a question writes whole when another row differs from it by "net" or "total" only.

``language.rowtokens.required_tokens`` lets a question leave out a label's "net" and "total":
"deferred tax assets" names *Total deferred tax assets* and *Net deferred tax assets* alike.
A question that writes one of them whole, its own "net" or "total" included ("How much did net
deferred tax assets change from 2020 to 2021?"), does not also mean the other, whose "total"
(or "net") it leaves out: an answer over *Total deferred tax assets* answers another question.
For :meth:`crossfoot.rules._named.Named._named`, such a label is not named when:

- another label the question names has the same required words, holds "net" or "total", and
  stands word for word in the question ("net deferred tax assets"; not "the net change in
  deferred tax assets", where "net" is the change's);
- the label itself holds "net" or "total" and the question does not say that word.

A label with neither word ("Revenue" beside "Net revenue") stays named: a question's "net" may
be its own qualifier of a plain line.

>>> named = {
...     "Total deferred tax assets": (frozenset({"deferred", "tax", "asset"}), ()),
...     "Net deferred tax assets": (frozenset({"deferred", "tax", "asset"}), ()),
... }
>>> q = ["how", "much", "did", "net", "deferred", "tax", "asset", "change"]
>>> sorted(said_optional(named, frozenset(q), q))
['Net deferred tax assets']
>>> q = ["what", "wa", "the", "net", "change", "in", "deferred", "tax", "asset"]
>>> sorted(said_optional(named, frozenset(q), q))
['Net deferred tax assets', 'Total deferred tax assets']
"""

from __future__ import annotations

from collections.abc import Callable

from crossfoot.language.rowtokens import OPTIONAL, tokens
from crossfoot.rules._named_parts import said_whole

__all__ = ["said_optional"]

# a label's required words and its phrase, as ``rules._named.Named._named`` gathers them
_Named = dict[str, tuple[frozenset[str], tuple[str, ...]]]


def tokens_of(label: str) -> tuple[str, ...]:
    """A label's words in order."""
    return tuple(tokens(label))


def said_optional(
    named: _Named,
    words: frozenset[str],
    toks: list[str],
    label_words: Callable[[str], tuple[str, ...]] = tokens_of,
) -> _Named:
    """``named`` (a label and its required words each) without the labels whose "net" or
    "total" the question leaves out while writing a like label whole (module docstring);
    ``label_words``: a label's words as the question's ``toks`` are read."""
    if len(named) < 2 or not words & OPTIONAL:
        return named
    own = {label: label_words(label) for label in named}
    whole = [
        (label, req)
        for label, (req, _) in named.items()
        if OPTIONAL.intersection(own[label]) and said_whole(own[label], toks)
    ]
    if not whole:
        return named
    drop = {
        label
        for label, (req, _) in named.items()
        if OPTIONAL.intersection(own[label]) - words
        and any(r == req and m != label for m, r in whole)
    }
    return {k: v for k, v in named.items() if k not in drop} if drop else named
