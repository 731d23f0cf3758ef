"""The sentence before a claim, as :mod:`crossfoot.language.rowmatch` reads it.

A bare answer line ("Answer: $5m") means what the sentence before it said: it restates that
sentence's one figure (:func:`_restated`), or states another one than the sentence concludes
(:func:`_concluded`). "The change is 5" names no row itself: the rows are those the sentence
before names (:func:`_previous_sentence`).
"""

from __future__ import annotations

import re

from crossfoot.language.rowfocus import _OPERATION, previous_start
from crossfoot.model.context import ClaimContext, mention_range, mentions_between
from crossfoot.model.types import Mention

__all__: list[str] = []


_THRESHOLD = re.compile(
    r"(?i)\b(?:less|more|greater|fewer|higher|lower|larger|smaller)\s+than\s*$|"
    r"\b(?:exceed(?:s|ed|ing)?|above|below|under|over|at\s+least|at\s+most|up\s+to|beyond)\s*$"
)


_CHANGE_WORDS = re.compile(
    r"(?i)\b(?:change[ds]?|difference|variance|(?:increase|decrease|decline|growth|rise|drop|fall)"
    r"\s+(?:in|of))\b"
)


def _previous_sentence(ctx: ClaimContext) -> str | None:
    """The sentence before the claim's own, unless it is a question or empty."""
    s = ctx.sentence
    prev = ctx.text[previous_start(ctx.text, s.start) : s.start]
    if not prev.strip() or prev.rstrip().endswith("?"):
        return None
    return prev


def _restated(ctx: ClaimContext) -> tuple[str, int | None] | None:
    """The previous sentence and its year, when a bare answer line restates its one figure.

    "The rent deposits were $5,687 thousand in 2018. Answer: $5,687 thousand": the answer line
    means what the sentence before it said. Only when that sentence states exactly one figure
    (years aside, at most one year) and names no operation (a change, a total, a ratio...).
    """
    found = _previous_figure(ctx)
    if found is None:
        return None
    prev, _figure, years = found
    if _OPERATION.search(prev) or _CHANGE_WORDS.search(prev) or len(years) > 1:
        return None
    return prev, (years.pop() if years else None)


def _previous_figure(ctx: ClaimContext) -> tuple[str, Mention, set[int]] | None:
    """The sentence before a bare answer line, its one figure of the claim's kind and its years.

    None unless the answer line states one figure and the sentence before exactly one (years
    aside), of the same kind, and not as a threshold ("exceeded $1,000 million ... Answer: 1"
    is a count, not the figure).
    """
    s = ctx.sentence
    own = mention_range(ctx, s.start, s.end)
    figures_here = 0
    for i in own:  # (stops at the second figure: a long sentence costs no more)
        figures_here += ctx.mentions[i].kind != "year"
        if figures_here > 1:
            return None
    if figures_here != 1:
        return None
    start = previous_start(ctx.text, s.start)
    prev = ctx.text[start : s.start]
    if prev.rstrip().endswith("?"):
        return None  # the question ("... across the 2 years?"), not an explanation
    inside = mentions_between(ctx, start, s.start)
    figures = [x for x in inside if x.kind != "year"]
    if len(figures) != 1 or figures[0].kind != ctx.mention.kind:
        return None
    if figures[0].currency != ctx.mention.currency:
        return None
    if _THRESHOLD.search(ctx.text[max(start, figures[0].start - 25) : figures[0].start]):
        return None
    return prev, figures[0], {int(x.value) for x in inside if x.kind == "year"}


def _concluded(ctx: ClaimContext) -> Mention | None:
    """The figure the sentence before concludes, when a bare answer line states another one.

    "The average is $10.5 million. Answer: $12 million": the answer line must restate the
    explanation's result; a table cell in its place is a number taken from elsewhere. Sign and
    rounding are forgiven (either figure's stated precision).
    """
    found = _previous_figure(ctx)
    if found is None:
        return None
    _prev, figure, _years = found
    m = ctx.mention
    if abs(abs(figure.value) - abs(m.value)) <= figure.precision + m.precision:
        return None
    return figure
