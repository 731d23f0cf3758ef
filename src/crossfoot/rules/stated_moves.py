"""A movement the answer states between two of its own figures must go the way its words say.

"North's revenue fell to $4.2M in 2024 from $3.8M", "Margins rose from 15% to 12%", "$4.2M,
down from $3.8M": each figure may be a right cell, and the sentence is still wrong, since
$3.8M to $4.2M is a rise. The pair's order comes from the wording (``language.order``: "from
A to B", "B, up from A", "rose to B from A", a year between them aside); the direction from
the nearest movement word before the later of the two, after any earlier figure of their kind
("rose", "increased", "up"; "fell", "declined", "down"), not negated. The pair is two figures
of one kind (amounts, plain numbers or percentages), both written positive, neither a change
itself ("increased by $0.4M from $4.8M", "rose $0.4M from $4.8M": the first is the move, not a
level). When the figures
move the other way, the later figure becomes ``contradicted`` and says so; a flat pair, a
negative figure (a loss that "rose" in size or in sign?), or no movement word leaves the
claims alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.direction import direction_words
from crossfoot.language.order import stated_order
from crossfoot.language.subject_pair import named_after, subjects_compared
from crossfoot.model.types import Claim, Mention, format_decimal, kind_family

__all__ = ["stated_moves"]

# the movement words, by form: the plainest of language.direction's direction words (which are
# found with its cached word runs, ``direction_words``; a case-blind pattern of alternatives run
# over the text cost ~150 us per answer)
_UP = frozenset(
    "rose risen rise rises rising grew grown grow grows increase increased increases increasing "
    "climb climbs climbed jump jumps jumped surge surges surged soar soars soared gain gains "
    "gained up widen widens widened widening expand expands expanded expanding".split()
)
_DOWN = frozenset(
    "fell fall falls fallen decrease decreased decreases decreasing decline declined declines "
    "declining drop drops dropped slid slide slides down plunge plunges plunged tumble tumbles "
    "tumbled slump slumps slumped shrank shrunk shrinks contract contracts contracted reduce "
    "reduces reduced narrow narrows narrowed narrowing sank sink sinks sinking slip slips "
    "slipped dip dips dipped".split()
)
_MOVES = _UP | _DOWN  # (each matched by direction's pattern, its "up" or "down" group)
# the words of language.order's orders ("from A to B", "B, up from A", "B compared with A"):
# without one, no pair has an order (substring tests, a few us)
_ORDERS = ("from", "compar", "versus", " vs", "against", "relative", "over", "contrast")
_NOT = re.compile(r"(?i)(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?$")
_A_MOVE = re.compile(r"(?i)\b(?:by|of)\s*$")  # "increased by $0.4M": a change, not a level


def stated_moves(text: str, mentions: Sequence[Mention], claims: list[Claim]) -> list[Claim]:
    """The claims, with the later figure of a pair ``contradicted`` where the sentence's movement
    word and the pair's own order disagree (see the module docstring)."""
    low = text.lower()
    if not any(w in low for w in _ORDERS):
        return claims
    at = {(c.mention.start, c.mention.end): i for i, c in enumerate(claims)}
    out = list(claims)
    for s in {id(c.sentence): c.sentence for c in claims}.values():
        figures = [
            m
            for m in mentions
            if s.start <= m.start < s.end and m.kind != "year" and (m.start, m.end) in at
        ]
        for k in range(1, len(figures)):
            a, b = figures[k - 1], figures[k]
            # (the movement word of this pair: after the last figure of its kind before it)
            same = [f.end for f in figures[: k - 1] if kind_family(f.kind) == kind_family(a.kind)]
            found = _against(text, same[-1] if same else s.start, a, b)
            if found is None:
                continue
            i = at[(found[0].start, found[0].end)]
            if out[i].passed:
                out[i] = Claim(
                    out[i].mention, out[i].sentence, "contradicted", out[i].evidence, found[1]
                )
    return out


def _against(text: str, lo: int, a: Mention, b: Mention) -> tuple[Mention, str] | None:
    """``(later figure, message)`` when the movement word of the pair ``a``, ``b`` (``a``
    written first) disagrees with their order; None otherwise."""
    if kind_family(a.kind) != kind_family(b.kind) or a.high is not None or b.high is not None:
        return None
    if a.value <= 0 or b.value <= 0 or a.negative or b.negative or a.value == b.value:
        return None
    if _A_MOVE.search(text, max(lo, a.start - 6), a.start):
        return None
    if subjects_compared(text, lo, a.start) or named_after(text, b.end):
        return None  # "grew slower than Cloud (20% vs 30%)": two rows' figures, not two periods
    order = stated_order(text, a, b)  # ("fell to $4.2M in 2024 from $3.8M": the year masked)
    if order is None:
        return None
    earlier, later = order
    word = None
    for m in direction_words(text, max(lo, a.start - 80), b.start):
        if m.group(0).lower() in _MOVES:
            word = m
    if word is None or _NOT.search(text, max(lo, word.start() - 16), word.start()):
        return None
    if word.end() <= a.start and not text[word.end() : a.start].strip():
        return None  # "rose $23M from $242M": a figure right after the word is the move itself
    up = word.group("up") is not None
    if (later.value > earlier.value) == up:
        return None
    went = "a rise" if later.value > earlier.value else "a fall"
    message = (
        f'the sentence says "{word.group(0)}", but {earlier.text.strip()} to '
        f"{later.text.strip()} is {went} ({format_decimal(earlier.value)} -> "
        f"{format_decimal(later.value)})"
    )
    return later, message
