"""Direction words against the cell a figure matches: a label's word.

A direct match compares magnitudes (a decrease is usually written as a positive amount), so a
direction error passed as ``supported_exact``:

- **A loss stated as income.** "Operating income was $31 million" over an *Operating loss* row
  of (31): the row's negative cell is a loss, and the sentence names it with "income", "profit",
  "earnings" or "gain" in place of "loss", among the label's other words (lead40). A label named
  both ways ("Operating income (loss)") and a figure stated negative are left alone.
- **A label's direction word, swapped.** The sentence names the cell's row or column with its
  one direction word replaced by the opposite: "unrealized losses of $416" over the *Unrealized
  Gains* column, "the operating gain carryforward" of *Operating loss carryforward*, "more than
  one year" of a *Less Than 1 Year* column. Read when the label holds one word of a pair
  (gain/loss, increase/decrease, more/less, higher/lower) and not the other, the figure's part
  of the sentence (from the figure before it to the figure after it) holds the opposite word
  and not the label's, among the label's other words, and the cell is positive (a negative
  "Increase in inventories" is a decrease of them).
"""

from __future__ import annotations

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.numbers.words import NUMBER_WORDS

__all__ = ["cell_words_verdict"]

# The pairs of direction words a label may hold (singular, as rowtokens.tokens reads them).
_OPPOSITE = {
    "gain": "loss",
    "loss": "gain",
    "increase": "decrease",
    "decrease": "increase",
    "more": "less",
    "less": "more",
    "higher": "lower",
    "lower": "higher",
}
# Small counts a sentence writes in words ("more than one year" of "Less Than 1 Year").
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(NUMBER_WORDS[1:11], start=1)}
_NEAR = 2  # words between the opposite word and the label's other words, at most


def cell_words_verdict(ctx: ClaimContext, sv: SourceValue) -> Verdict | None:
    """``contradicted`` when the claim's direction words disagree with the cell ``sv`` (a
    label's direction word swapped), else None.

    >>> from crossfoot import check
    >>> t = '[["", "Unrealized Gains", "Unrealized Losses"], ["Bonds", "416", "12"]]'
    >>> check("Unrealized gains on bonds were $416.", [t]).passed
    True
    >>> check("Unrealized losses on bonds were $416.", [t]).claims[0].status
    'contradicted'
    """
    if sv.table is None or ctx.mention.negative or sv.value == 0:
        return None
    if sv.value < 0:  # (a negative "Increase in inventories" is a decrease of them)
        return _loss_as_income(ctx, sv)
    if not _sentence_may(ctx):
        return None  # (the claim's part is of its sentence: no word there, none in the part)
    part = _own_part(ctx)
    low = part.lower()
    if not any(w in low for w in _OPPOSITE):  # (a substring test before the word reading)
        return None
    said = [_NUMBER_WORDS.get(w, w) for w in tokens(part)]
    if not any(w in _OPPOSITE for w in said):
        return None
    for label in (sv.row, sv.column):
        if not label:
            continue
        own = {w for w in tokens(label) if w in _OPPOSITE}
        if len(own) != 1:
            continue
        word = next(iter(own))
        other = _OPPOSITE[word]
        if word in said:
            continue
        rest = {t for t in required_tokens(label) if t not in _OPPOSITE}
        if not rest or not _among(said, other, rest):
            continue
        why = f"the words say {other!r} where the label {label!r} of the value says {word!r}"
        ev = Evidence("direct", "sign", f"{sv.describe()} ({label})", (sv,), sv.value)
        return Verdict("contradicted", ev, why)
    return None


def _among(said: list[str], word: str, rest: set[str]) -> bool:
    """Whether every word of ``rest`` is said, and ``word`` stands among them (or within _NEAR
    words of their span)."""
    at = [i for i, w in enumerate(said) if w in rest]
    if {said[i] for i in at} != rest:
        return False
    lo, hi = min(at) - _NEAR, max(at) + _NEAR
    return any(lo <= i <= hi for i, w in enumerate(said) if w == word)


def _sentence_may(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence holds a direction word of :data:`_OPPOSITE` (lower case, as
    a substring): once per sentence. Exact as a gate for :func:`_own_part`'s test: the part is a
    slice of the sentence, and a character lowers to the same string in either (the final sigma
    aside, which lowers to no ASCII letter either way)."""
    s = ctx.sentence
    memo: dict[tuple[int, int], tuple[str, bool]]
    memo = ctx.shared.setdefault("cell_words.sentence", {})  # type: ignore[assignment]
    hit = memo.get((s.start, s.end))
    if hit is not None and hit[0] is ctx.text:
        return hit[1]
    low = ctx.text[s.start : s.end].lower()
    may = any(w in low for w in _OPPOSITE)
    memo[(s.start, s.end)] = (ctx.text, may)
    return may


def _own_part(ctx: ClaimContext) -> str:
    """The claim's part of its sentence: from the figure before it to the figure after it
    (years aside)."""
    m, s = ctx.mention, ctx.sentence
    lo, hi = s.start, s.end
    for o in ctx.sentence_mentions:
        if o.kind == "year" or o is m:
            continue
        if o.end <= m.start:
            lo = max(lo, o.end)
        elif o.start >= m.end:
            hi = min(hi, o.start)
    return ctx.text[lo:hi]


_INCOME = frozenset({"income", "profit", "earning", "gain"})


def _loss_as_income(ctx: ClaimContext, sv: SourceValue) -> Verdict | None:
    """``contradicted`` when a loss line's negative cell is named as income (module docstring)."""
    label = sv.row
    if not label or "loss" not in label.lower():
        return None
    own = set(tokens(label))
    if "loss" not in own or own & _INCOME:
        return None
    part = _own_part(ctx)
    low = part.lower()
    if not any(w in low for w in ("income", "profit", "earning", "gain")):
        return None
    said = tokens(part)
    if "loss" in said:
        return None
    rest = {t for t in required_tokens(label) if t != "loss"}
    word = next((w for w in said if w in _INCOME), None)
    if word is None or not rest or not _among(said, word, rest):
        return None
    why = f"the words say {word!r} where the label {label!r} of the value, negative, says 'loss'"
    ev = Evidence("direct", "sign", f"{sv.describe()} ({label})", (sv,), sv.value)
    return Verdict("contradicted", ev, why)
