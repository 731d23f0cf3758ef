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

from collections.abc import Iterable

__all__ = ["other_names"]

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
}


def other_names(words: set[str], vocabulary: Iterable[str] = ()) -> set[str] | None:
    """``words`` with the other words of each head word it holds, and the words of
    ``vocabulary`` (the rows' own tokens) it spells one letter apart ("EBITDA" for *Adjusted
    EBITA margin*, "amortisation" for *Amortization*); None when that adds nothing.

    >>> sorted(other_names({"interest", "cost"}))
    ['cost', 'expense', 'interest']
    >>> sorted(other_names({"adjusted", "ebitda", "margin"}, ["ebita", "margin", "revenue"]))
    ['adjusted', 'ebita', 'ebitda', 'margin']
    >>> other_names({"goodwill"}, ["goods", "will"]) is None
    True
    """
    more = {o for w in words if w in _OTHER for o in _OTHER[w]} - words
    for v in vocabulary:
        if v not in words and len(v) >= _SPELT and any(_one_apart(w, v) for w in words):
            more.add(v)
    return words | more if more else None


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
