"""Other words for a statement line's head word: "sales" for *Revenue*, "cost" for *Expenses*.

A question names a row in its own words as often as in the table's: "the change in sales" of a
table whose line is *Net revenues*, "interest cost" for *Interest expense*, "net earnings" for
*Net income*, "the overall goodwill" for *Total goodwill*. The derivation focus
(:func:`crossfoot.language.rowfocus.focus_group`) named a row only by its own words, so a coarse
figure of a large table the question names that way was searched nowhere, and a ratio of a row
so named was held to the other rows the text names (rules._answer_focus.ratio_named, through
:func:`crossfoot.language.rowtokens.names_row`). :func:`other_names` gives the sentence's words
with the other words of each head word added, for a second look (a row the sentence names in the
table's words is always preferred). Imports nothing of crossfoot: rowtokens reads it.

The pairs are the head words financial statements use for one line, in either direction: never
a qualifier ("operating", "net", "deferred"), which tells two lines of one head word apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

__all__ = ["names_in_other_words", "other_names"]

# Token (singular, lowercase: language.rowtokens.tokens) -> the other tokens that name the same
# line's head word.
_OTHER: dict[str, tuple[str, ...]] = {
    "revenue": ("sale",),
    "sale": ("revenue",),
    "expense": ("cost",),
    "cost": ("expense",),
    "income": ("earning", "profit"),
    "earning": ("income", "profit"),
    "profit": ("earning", "income"),
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
    ['earning', 'income', 'pre', 'pretax', 'profit', 'tax']
    >>> sorted(other_names({"nonrecurring"}, ["non", "recurring", "charge"]))
    ['non', 'nonrecurring', 'recurring']
    >>> other_names({"goodwill"}, ["goods", "will"]) is None
    True
    """
    more = {o for w in words if w in _OTHER for o in _OTHER[w]} - words
    vocab = set(vocabulary)
    for v in vocab:
        if v not in words and len(v) >= _SPELT and _spelt_apart(words, v):
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


def _spelt_apart(words: Iterable[str], v: str) -> bool:
    """``any(_one_apart(w, v) for w in words)``, each word first held to what _one_apart asks of
    both ends and of the length (inline, no call: 5,500 asks an answer stream of ~10 words each;
    tests/test_speed_paths_speed52.py proves it against the plain reading)."""
    head, last, n = v[:2], v[-1:], len(v)
    for w in words:
        if w[-1:] == last and w[:2] == head and n - 1 <= len(w) <= n + 1 and _one_apart(w, v):
            return True
    return False


def names_in_other_words(need: frozenset[str], words: set[str], said: Sequence[str]) -> bool:
    """Whether ``words`` (``said`` in order) hold every word of ``need`` (a row's required
    words), some spelt another way as :func:`other_names` reads them (one letter apart, or a
    compound written glued or split); only the words missing are looked at. The other head
    words are left out here: "gross profit" would name *Net earnings* beside *Gross profit*.

    >>> need = frozenset({"adjusted", "ebita", "margin"})
    >>> names_in_other_words(need, {"adjusted", "ebitda", "margin"}, [])
    True
    >>> names_in_other_words(frozenset({"operating", "income"}), {"operating", "profit"}, [])
    False
    """
    glued: set[str] | None = None
    for m in need - words:
        if len(m) >= _SPELT and _spelt_apart(words, m):
            continue
        if glued is None:
            glued = {a + b for a, b in pairwise(said)}
        if m in glued or _split_any(words, m, need):
            continue
        return False
    return True


def _split_any(words: Iterable[str], part: str, need: frozenset[str]) -> bool:
    """``any(_split_into(w, part, need) for w in words)``, each word first held, inline, to
    what _split_into asks of it: long enough, and ``part`` inside it (a start or an end of a
    word is inside it; tests/test_speed_paths_speed52.py)."""
    if len(part) < _PART:
        return False
    least = len(part) + _PART
    for w in words:
        if len(w) >= least and part in w and _split_into(w, part, need):
            return True
    return False


def _split_into(word: str, part: str, need: frozenset[str]) -> bool:
    """Whether ``word`` is ``part`` glued to another needed word ("nonrecurring" for *non*)."""
    if len(part) < _PART or len(word) < len(part) + _PART:
        return False
    if word.startswith(part):
        return word[len(part) :] in need
    return word.endswith(part) and word[: -len(part)] in need
