"""Other words for a statement line's head word: "sales" for *Revenue*, "cost" for *Expenses*.

A question names a row in its own words as often as in the table's: "the change in sales" of a
table whose line is *Net revenues*, "interest cost" for *Interest expense*, "net earnings" for
*Net income*, "the overall goodwill" for *Total goodwill*. The derivation focus
(:func:`crossfoot.language.rowfocus.focus_group`) names a row only by its own words, so a coarse
figure of a large table the question names that way was searched nowhere. :func:`other_names`
gives the sentence's words with the other words of each head word added, for a second look when
the words name no row at all (a row the sentence names in the table's words is always preferred).

The pairs are the head words financial statements use for one line, in either direction: never
a qualifier ("operating", "net", "deferred"), which tells two lines of one head word apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.index import ValueIndex

__all__ = ["other_names", "row_words"]

# Token (singular, lowercase: language.rowtokens.tokens) -> the other tokens that name the same
# line's head word.
_OTHER: dict[str, tuple[str, ...]] = {
    "revenue": ("sale",),
    "sale": ("revenue",),
    "expense": ("cost",),
    "cost": ("expense",),
    "income": ("earning",),
    "earning": ("income", "profit"),
    "profit": ("earning",),
    "overall": ("total",),
    "staff": ("employee",),
    "employee": ("headcount",),
    "headcount": ("employee",),
}


def other_names(
    words: set[str], vocabulary: Iterable[str] = (), said: Sequence[str] = ()
) -> set[str] | None:
    """``words`` with the other words of each head word it holds, and the words of
    ``vocabulary`` (the rows' own tokens) it spells one letter apart ("EBITDA" for *Adjusted
    EBITA margin*, "amortisation" for *Amortization*) or as one compound written another way
    (``said``: the sentence's tokens in order; "pretax" for *Pre-tax income*, "write downs" for
    *Writedowns*); None when that adds nothing.

    >>> sorted(other_names({"interest", "cost"}))
    ['cost', 'expense', 'interest']
    >>> sorted(other_names({"adjusted", "ebitda", "margin"}, ["ebita", "margin", "revenue"]))
    ['adjusted', 'ebita', 'ebitda', 'margin']
    >>> said = ["pre", "tax", "income"]
    >>> sorted(other_names(set(said), ["pretax", "income"], said))
    ['earning', 'income', 'pre', 'pretax', 'tax']
    >>> sorted(other_names({"nonrecurring"}, ["non", "recurring", "charge"]))
    ['non', 'nonrecurring', 'recurring']
    >>> other_names({"goodwill"}, ["goods", "will"]) is None
    True
    """
    more = {o for w in words if w in _OTHER for o in _OTHER[w]} - words
    vocab = set(vocabulary)
    for v in vocab:
        if v not in words and len(v) >= _SPELT and any(_one_apart(w, v) for w in words):
            more.add(v)
    more |= _compounds(words, vocab, said)
    return words | more if more - words else None


def _compounds(words: set[str], vocab: set[str], said: Sequence[str]) -> set[str]:
    """The row words ``said`` writes as one compound another way: two of its tokens in a row
    glued ("pre tax" for *Pretax*), or one of its words split in two row words ("nonrecurring"
    for *Non-recurring*)."""
    out = {a + b for a, b in pairwise(said) if a + b in vocab}
    for w in words:
        if len(w) >= 2 * _PART and w not in vocab:
            for k in range(_PART, len(w) - _PART + 1):
                if w[:k] in vocab and w[k:] in vocab:
                    out |= {w[:k], w[k:]}
    return out


_PART = 3  # letters of each part of a compound ("non", "pre", "tax")


# Words this long or longer may be spelt one letter apart and still be one word: shorter ones
# ("cost", "cash", "debt") are other words at one letter.
_SPELT = 5


def _one_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` (both ``_SPELT`` letters or more) differ by one letter added,
    dropped or replaced, in the middle of the word: its first two letters and its last agree."""
    if len(a) < _SPELT or abs(len(a) - len(b)) > 1 or a[:2] != b[:2] or a[-1] != b[-1]:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    i = next((k for k, (x, y) in enumerate(zip(short, long_, strict=False)) if x != y), len(short))
    return short[i:] == long_[i + 1 :]


def row_words(group: ValueIndex) -> frozenset[str]:
    """The words the rows of ``group`` require, once per group (check() reuses a document's
    groups for every question on it; the entry holds the group, so its id() is not reused)."""
    hit = _ROW_WORDS.get(id(group))
    if hit is not None and hit[0] is group:
        return hit[1]
    rows = {sv.row for sv in group.values if sv.row}
    made = frozenset(t for row in rows for t in required_tokens(row))
    if len(_ROW_WORDS) >= _KEPT:
        _ROW_WORDS.pop(next(iter(_ROW_WORDS)))  # the oldest entry first
    _ROW_WORDS[id(group)] = (group, made)
    return made


_ROW_WORDS: dict[int, tuple[ValueIndex, frozenset[str]]] = {}
_KEPT = 64
