"""The sentence before a claim, as :mod:`crossfoot.language.rowmatch` reads it.

A bare answer line ("Answer: $5m") means what the sentence before it said: it restates that
sentence's one figure (:func:`_restated`), or states another one than the sentence concludes
(:func:`_concluded`). "The change is 5" names no row itself: the rows are those the sentence
before names (:func:`_previous_sentence`).
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.changewords import CHANGE, MOVE_NOUNS
from crossfoot.language.operation_words import OPERATION as _OPERATION
from crossfoot.language.operation_words import may_operate
from crossfoot.language.rowfocus import previous_sentence
from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, mention_range, mentions_between
from crossfoot.model.types import Mention
from crossfoot.model.wordgate import WordGated
from crossfoot.numbers.affixes import currency_codes

__all__ = ["change_before", "same_currency"]


_THRESHOLD = WordGated(
    re.compile(
        r"(?i)\b(?:less|more|greater|fewer|higher|lower|larger|smaller)\s+than\s*$|"
        r"\b(?:exceed(?:s|ed|ing)?|above|below|under|over|at\s+least|at\s+most|up\s+to|beyond)\s*$"
    ),
    tuple("than exceed above below under over least most up beyond".split()),
)


_CHANGE_WORDS = WordGated(
    re.compile(rf"(?i)\b(?:{CHANGE}|difference|variance|(?:{MOVE_NOUNS})\s+(?:in|of))\b"),
    tuple("chang difference variance increase decrease decline growth rise drop fall".split()),
)
# The words right before a figure that make it the base of a change, a level: "a rise of $20.9
# million (10.7%) from $195.6 million", "compared with $171.3 million", "than $4.2 billion".
_BASE_BEFORE = re.compile(
    r"(?i)\b(?:from|than|compared\s+(?:with|to)|versus|vs\.?)\s*(?:[$\u20ac\u00a3\u00a5]\s?)?\(?\s*\Z"
)


# A move noun as the subject, right before its figure: "The increase is 0.5", "The decrease was
# $6 million" (not "The increase was driven by $5 million of sales": the figure is no change).
_MOVE_IS = WordGated(
    re.compile(
        rf"(?i)\b(?:{MOVE_NOUNS})\s+(?:is|was|amounts\s+to|amounted\s+to)\s+"
        r"(?:approximately\s+|about\s+|roughly\s+)?(?:[$\u20ac\u00a3\u00a5]\s?)?\(?\s*\Z"
    ),
    ("increase", "decrease", "decline", "growth", "rise", "drop", "fall"),
)


def change_before(text: str, lo: int, at: int) -> bool:
    """Whether ``text[lo:at]``, the clause before a figure, states it as a change: a change
    word, and not "from" (or "than", "compared with") right before the figure, which makes it
    the base the change starts from.

    >>> t = "Costs were $9 million, a rise of $2 million (29%) from $7 million."
    >>> change_before(t, 0, t.index("$7")), change_before(t, 0, t.index("(29"))
    (False, True)
    """
    if _CHANGE_WORDS.search(text, lo, at) is None and _MOVE_IS.search(text, lo, at) is None:
        return False
    return not _BASE_BEFORE.search(text, lo, at)


def _previous_sentence(ctx: ClaimContext) -> str | None:
    """The sentence before the claim's own, unless it is a question or empty."""
    s = ctx.sentence
    prev = ctx.text[slice(*previous_sentence(ctx.text, s.start))]
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
    if _operates(prev) or _CHANGE_WORDS.search(prev) or len(years) > 1:
        return None
    own = _own_years(ctx)
    if own - years:
        # "It was $168.4 million for 2015." after 2016's figure: the row of the sentence
        # before, in the line's own year
        return (prev, own.pop()) if len(own) == 1 else None
    return prev, (years.pop() if years else None)


def _operates(sentence: str) -> bool:
    """``_OPERATION.search(sentence)`` found something: asked only when ``may_operate`` (its
    word gate, proven in tests/test_speed_paths_speed30.py) leaves it possible; the case-blind
    alternation costs ~30 us a sentence."""
    return may_operate(sentence) and _OPERATION.search(sentence) is not None


# A line that titles what follows: a heading ("## Net income in 2025", read without its marks:
# a line of words with no sentence end), or a line ending in a colon ("Net income in 2025:").
# Words of a bare answer line ("Answer: $5m", "The answer is 5"): they name no row.
_ANSWER_MARK = frozenset({"answer", "explanation", "final"})
_TITLE = re.compile(r"^[^\n]*[^\s.!?;,][ \t]*\n\s*$")


def _one_figure(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence states exactly one figure (years aside); stops at the
    second, so a long sentence costs no more."""
    s = ctx.sentence
    figures_here = 0
    for i in mention_range(ctx, s.start, s.end):
        figures_here += ctx.mentions[i].kind != "year"
        if figures_here > 1:
            return False
    return figures_here == 1


def _titled(ctx: ClaimContext) -> tuple[str, int | None] | None:
    """The title line before a bare figure and its year: a figure alone under a heading or a
    line ending in a colon ("## Net income in 2025\n\n**$902 million**") states what the title
    names, as a bare answer line restates the sentence before it. Only a title that holds no
    figure (years aside), at most one year, and names no operation (a change, a total...)."""
    s = ctx.sentence
    if not _one_figure(ctx):
        return None
    start, end = previous_sentence(ctx.text, s.start)
    prev = ctx.text[start:end]
    if not _TITLE.match(prev) or _operates(prev) or _CHANGE_WORDS.search(prev):
        return None
    inside = mentions_between(ctx, start, end)
    if any(x.kind != "year" for x in inside):
        return None
    years = {int(x.value) for x in inside}
    if len(years) > 1 or not set(tokens(prev)) - _ANSWER_MARK:
        return None  # two years, or a title naming nothing ("Answer:")
    return prev, (years.pop() if years else None)


def same_currency(a: str | None, b: str | None) -> bool:
    """One currency, written as a symbol or as a code ("$13 thousand", "USD 13 thousand").

    >>> same_currency("$", "USD"), same_currency("$", "EUR"), same_currency(None, "$")
    (True, False, False)
    """
    return a == b or bool(a and b and currency_codes(a) & currency_codes(b))


def _own_years(ctx: ClaimContext) -> set[int]:
    """The years the claim's own sentence names."""
    s = ctx.sentence
    return {int(x.value) for x in mentions_between(ctx, s.start, s.end) if x.kind == "year"}


def _previous_figure(ctx: ClaimContext) -> tuple[str, Mention, set[int]] | None:
    """The sentence before a bare answer line, its one figure of the claim's kind and its years.

    None unless the answer line states one figure and the sentence before exactly one (years
    aside), of the same kind, and not as a threshold ("exceeded $1,000 million ... Answer: 1"
    is a count, not the figure).
    """
    s = ctx.sentence
    if not _one_figure(ctx):
        return None
    start, end = previous_sentence(ctx.text, s.start)
    prev = ctx.text[start:end]
    if prev.rstrip().endswith("?"):
        return None  # the question ("... across the 2 years?"), not an explanation
    inside = mentions_between(ctx, start, end)
    figures = [x for x in inside if x.kind != "year"]
    if len(figures) != 1 or figures[0].kind != ctx.mention.kind:
        return None
    if not same_currency(figures[0].currency, ctx.mention.currency):
        return None
    if _THRESHOLD.search(ctx.text[max(start, figures[0].start - 25) : figures[0].start]):
        return None
    return prev, figures[0], {int(x.value) for x in inside if x.kind == "year"}


_UNITS = (Decimal(1000), Decimal(10) ** 6, Decimal(10) ** 9)


def _concluded(ctx: ClaimContext) -> Mention | None:
    """The figure the sentence before concludes, when a bare answer line states another one.

    "The average is $10.5 million. Answer: $12 million": the answer line must restate the
    explanation's result; a table cell in its place is a number taken from elsewhere. Sign and
    rounding are forgiven: the two may round one value when their windows (each figure's
    stated precision) overlap; "10" and "Answer: 9" only touch at 9.5, which rounds to 10.
    """
    found = _previous_figure(ctx)
    if found is None:
        return None
    _prev, figure, years = found
    m = ctx.mention
    if abs(abs(figure.value) - abs(m.value)) < figure.precision + m.precision:
        return None
    if (
        m.scale == 1
        and figure.scale != 1
        and any(
            abs(abs(figure.value) / u - abs(m.value)) < figure.precision / u + m.precision
            for u in (figure.scale, *_UNITS)
        )
    ):
        # "... 1,250 million. Answer: 1,250" (or "$1.25 billion. Answer: 1,250"): the line
        # writes the same figure in a unit it does not name, as "in millions" questions ask
        return None
    if _own_years(ctx) - years:
        return None  # "It was $168.4 million for 2015." after 2016's figure: another year's
    return figure
