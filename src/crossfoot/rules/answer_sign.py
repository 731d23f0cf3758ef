"""The sign of a computed final figure, read with the answer's own words of direction.

``rules.alignment_signs`` judges a change asked in a direction ("from 2024 to 2025") answered
with the other sign when the answer writes no word of direction. Two shapes of the same error
pass it:

- **a word of direction with the wrong sign**: "Service revenue was $1,020 in 2024 and $1,145 in
  2025. The increase is 1,020 - 1,145 = -125." An increase of -125 is a fall of 125; the line
  rose by 125. The words of the figure's own sentences and the figure's sign together state a
  direction: a rising word with a positive figure states a rise, with a negative one a fall (a
  signed change: "a net increase of -125"); a falling word with a positive figure states a
  fall. A falling word with a negative figure ("a decrease of -125") is read both ways in
  common writing and is not judged, nor are sentences with words of both directions ("increase
  / (decrease)"), nor words the line's own label holds ("Increase in deferred revenue");
- **a percentage change with the wrong sign**: "The percentage change is -125 / 1,020 =
  -12.25%" for a line that rose from 1,020 to 1,145 (the difference taken the wrong way round,
  then divided), with or without a word of direction.

For :func:`crossfoot.rules.alignment.align_answer`, a final figure that passes is
``off_question`` when the question asks for a change or a percentage change from an earlier
year to a later one (:func:`crossfoot.rules.alignment_signs.asked_direction`, or "the change
... between 2024 and 2025": a change runs with time; TAT-QA's references take the later year
less the earlier for nearly every such question, while a "difference between" is order-free),
the figure is computed from figures the answer shows (its own calculation or its stated values:
"steps", "arithmetic") over one line's values at the two years (both positive: a line shown in
negatives has no agreed direction of its size), its size is the line's change (in the stated
unit of a written calculation: "-€24.5 million") or, for a percentage, its percentage change,
and the direction it states is not the line's. Without a word of direction in the answer's
sentences with a figure, the sign states it (as ``rules.alignment_signs`` reads an amount); when
the question asks for a fall in words of movement ("How much did X decrease from 2024 to
2025?"), a positive figure answers it with the size of a fall (a negative one is read both ways,
and "absolute", "magnitude" or a loss line leave the sign open).

:func:`final_misfits` also gathers the final figures cut short (``rules.answer_round``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.direction import direction_words
from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_halves import judged_finals
from crossfoot.rules.alignment_signs import _ASKS_DOWN, _SIGNED, _pair, asked_direction
from crossfoot.rules.answer_difference import more_than_misfits
from crossfoot.rules.answer_gap_sign import negative_gap_misfits
from crossfoot.rules.answer_round import cut_short

__all__ = ["change_between", "final_misfits", "stated_way"]

_HUNDRED = Decimal(100)
# Words of direction that name a line or an amount rather than a movement ("net loss", "less
# than", "cut", "short-term", "more"), and comparatives whose way depends on which year is
# their subject ("2024 was 125 lower than 2025"): not read as the figure's direction.
_NOT_MOVES = frozenset(
    {
        *("loss", "losses", "lost", "less", "fewer", "more", "added", "adding", "cut", "cuts"),
        *("short", "higher", "lower"),
    }
)


_Y = r"(?:(?:fiscal|calendar|financial)\s+)?(?:years?\s+)?(?:fy\s*)?((?:19|20)\d\d)"
# "the change in X between 2024 and 2025": a change runs with time, from the earlier year to
# the later (a "difference between" is order-free: not read)
_BETWEEN = re.compile(
    rf"(?i)\bchanges?\b[^?]*?\bbetween\s+(?:the\s+)?{_Y}\s*(?:and|&)\s+(?:the\s+)?{_Y}\b"
)


def change_between(question: str) -> tuple[int, int] | None:
    """(earlier year, later year) of a change asked "between" them, or None.

    >>> change_between("What was the change in sales between 2024 and 2025?")
    (2024, 2025)
    >>> change_between("What was the difference in the change between 2024 and 2025?") is None
    True
    """
    low = question.lower()
    if "between" not in low or "differen" in low:
        return None
    found = {(int(m.group(1)), int(m.group(2))) for m in _BETWEEN.finditer(question)}
    if len(found) != 1:
        return None
    ((a, b),) = found
    return (a, b) if a < b else None


def stated_way(sentences: Sequence[str], labels: str, value: Decimal) -> str | None:
    """The direction ("up" / "down") a figure of ``value`` states with the words of its
    sentences (a word of ``labels``, the line's own name, does not count), or None when they
    write none, write both, or write a fall with a negative figure.

    >>> stated_way(["The increase is 1,020 - 1,145 = -125."], "Service revenue", Decimal(-125))
    'down'
    >>> stated_way(["The decrease is -125."], "Service revenue", Decimal(-125)) is None
    True
    >>> stated_way(["The change is 125."], "", Decimal(125)) is None
    True
    """
    ways: set[str] = set()
    names = labels.lower()
    for text in sentences:
        for w in direction_words(text, 0, len(text)):
            word = w.group(0).lower()
            if word in _NOT_MOVES or word in names or w.lastgroup is None:
                continue
            ways.add(w.lastgroup)
    if len(ways) != 1:
        return None
    (way,) = ways
    if way == "up":
        return "up" if value > 0 else "down"
    return "down" if value > 0 else None


def _sizes(ev: Evidence, years: tuple[int, int]) -> tuple[Decimal, Decimal, Decimal] | None:
    """(change, percentage change, |result|) of the one line ``ev`` computes over at the two
    years, both values positive and different, else None."""
    if ev.result is None or ev.rule not in SHOWN:
        return None
    pair = _pair(ev.operands, years)
    if pair is None or pair[0] <= 0 or pair[1] <= 0 or pair[0] == pair[1]:
        return None
    change = pair[1] - pair[0]
    return change, change / pair[0] * _HUNDRED, abs(ev.result)


def _near(a: Decimal, b: Decimal) -> bool:
    return abs(a - abs(b)) <= abs(b) * Decimal("0.0005")


def _line_change(
    c: Claim, evs: Sequence[Evidence | None], years: tuple[int, int]
) -> Decimal | None:
    """The change of the line whose change (amount, percentage or points) the figure's
    evidence computes, else None."""
    for ev in evs:
        sizes = _sizes(ev, years) if ev is not None else None
        if sizes is None:
            continue
        change, pct, size = sizes
        # (a written calculation's result is in its stated unit: "-€24.5 million" is -24.5)
        if _near(size, change) or _near(size * c.mention.scale, change):
            return change
        if c.mention.kind == "percent" and (_near(size, pct) or _near(size, pct / _HUNDRED)):
            return change
    return None


def _figure_sentences(c: Claim, claims: Sequence[Claim]) -> list[str]:
    """The sentences of the figure and of the answer's figures of its value (what it restates)."""
    seen: dict[int, str] = {}
    for o in claims:
        if o is c or o.mention.value == c.mention.value:
            seen.setdefault(o.sentence.start, o.sentence.text)
    return list(seen.values())


def _words_elsewhere(claims: Sequence[Claim]) -> bool:
    """Whether any sentence of the answer with a figure writes a direction."""
    texts = {c.sentence.start: c.sentence.text for c in claims}
    return any(direction_words(t, 0, len(t)) for t in texts.values())


def _sign_why(
    ask: Ask,
    c: Claim,
    evs: Sequence[Evidence | None],
    claims: Sequence[Claim],
    years: tuple[int, int],
) -> str | None:
    """Why the final figure ``c`` states the other direction than the asked line moved."""
    m = c.mention
    if m.value == 0 or m.high is not None or m.kind not in ("money", "number", "percent"):
        return None
    change = _line_change(c, evs, years)
    if change is None:
        return None
    labels = " ".join(
        x for ev in evs if ev is not None for v in ev.operands for x in (v.label, v.row) if x
    )
    way = stated_way(_figure_sentences(c, claims), labels, m.value)
    if way is None:
        # No word of direction: the sign says it (as rules.alignment_signs reads an amount),
        # and a size answering a fall asked ("How much did X decrease?" "125") states a fall.
        if _words_elsewhere(claims):
            return None
        if stated_way([ask.text], labels, Decimal(1)) == "down":
            if m.value < 0:
                return None  # ("-125" for a fall asked: read both ways)
            way = "down"
        elif _ASKS_DOWN.search(_SIGNED.sub(" ", ask.text)):
            return None  # ("absolute", "magnitude", a loss line: no agreed sign)
        else:
            way = "up" if m.value > 0 else "down"
    moved = "up" if change > 0 else "down"
    if way == moved:
        return None
    a, b = years
    went = "rose" if moved == "up" else "fell"
    return (
        f"the question asks for the change from {a} to {b}, when the line {went}; this figure "
        f"states that it {'rose' if way == 'up' else 'fell'}"
    )


def final_misfits(
    ask: Ask,
    finals: Sequence[Claim],
    claims: Sequence[Claim],
    underlying: Callable[[Claim], Evidence | None],
) -> dict[int, str]:
    """The passing final figures whose sign states the other direction than the asked change
    (see the module docstring) or that are cut short (``rules.answer_round``), by ``id``.

    >>> final_misfits(Ask("What was revenue in 2025?"), [], [], lambda c: None)
    {}
    """
    out = judged_finals(finals, underlying, cut_short)
    if ask.op not in (None, "change", "percent_change"):
        return out
    shown = [
        (c, evs)
        for c in finals
        if c.passed and id(c) not in out
        for evs in [(underlying(c), c.evidence)]
        if any(ev is not None and ev.rule in SHOWN for ev in evs)
    ]
    if ask.op is None:  # ("how much more was A than B?")
        return out | more_than_misfits(ask, claims, shown)
    if ask.op == "change":  # ("the difference between A and B": a size; answer_gap_sign)
        out |= negative_gap_misfits(ask, claims, shown)
    # (the question is read only when a final figure is computed from figures shown)
    years = (asked_direction(ask.text) or change_between(ask.text)) if shown else None
    if years is None:
        return out
    for c, evs in shown:
        why = _sign_why(ask, c, evs, claims, years)
        if why is not None:
            out[id(c)] = why
    return out
