"""A derivation across a table and a passage whose operands the question names none of.

"What percentage of consumer packaging sales were foodservice net sales?" answered "The answer
is 0.1355." over a table and the text around it: a search over every cell and every prose figure
finds some quotient near any figure (freight costs of $42 million over the operating profit's
310). A table cell and a figure of running text combined by the search are bound by nothing but
the search; when the question names what it is about and neither operand's own words (the
cell's row and column labels, the prose figure's sentence) share a content word with it, the
derivation is a coincidence, not the answer. An operand whose own words are no content words (a
row labelled "2007", "the amount was $86 million") is not judged: it may be what the question
names in other words. Two more readings of the class: a cell of a row the question does not
name and of years it does not name either (it names some), beside a prose figure; and an average
of two values a thousand times apart (half the larger, whatever the other is). For
:func:`crossfoot.rules.alignment.misfit`, which then looks for a reading over the values the
question names before the figure is ``off_question``.

>>> from decimal import Decimal
>>> from crossfoot.model.types import Evidence, SourceValue
>>> cell = SourceValue(Decimal(310), "S1", table=0, row="operating profit", column="2019")
>>> text = "foodservice net sales were $ 560 million . freight costs rose by $ 42 million ."
>>> prose = SourceValue(Decimal(42), "S2", span=(65, 77))
>>> ev = Evidence("derive", "share", "42 of 310", (prose, cell))
>>> asked = "what were foodservice net sales? what percentage of consumer packaging sales?"
>>> unnamed_pair(asked, ev, {"S2": text}).split(";")[0]
'the question names none of the operands'
>>> unnamed_pair("what share of operating profit were freight costs?", ev, {"S2": text}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._named_years import value_years
from crossfoot.rules._prose_subject import content_word, sentence_tokens

__all__ = ["far_mean", "unnamed_pair"]

# A word meets another of the same first six letters ("reclassified", "reclassification"), as
# rules._prose_meets reads prose figures' words.
_STEM = 6
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# Words a question uses of any figure ("of this total", "the amount", "the previous fiscal
# year", "the percentage representation"): naming nothing of the sources.
_VAGUE = frozenset(
    """total totals amount amounts figure figures value values company year years fiscal ended
    ending representation overall combined""".split()
)


def unnamed_pair(asked: str, base: Evidence, texts: Mapping[str, str]) -> str | None:
    """Why ``base`` (a derivation of a table cell and a prose figure of another source) answers
    nothing ``asked`` names, or None; ``texts``: the sources' texts by id. Also an average of
    two values a thousand times apart or more (:func:`far_mean`)."""
    ops = base.operands
    if base.rule != "derive" or len(ops) < 2:
        return None
    far = far_mean(base)
    if far is not None or len({v.source_id for v in ops}) < 2:
        return far
    cells = [v for v in ops if v.table is not None]
    prose = sum(1 for v in ops if v.table is None and v.span is not None and v.field is None)
    if not cells or not prose or len(cells) + prose != len(ops):
        return None
    said = _said(asked, texts)
    if not said:
        return None  # ("what is that divided by 100?", "of this total" name nothing)
    stems = {w[:_STEM] for w in said if len(w) >= _STEM}

    def meets(v: SourceValue) -> bool | None:  # (None: no words of its own to judge)
        own = _own_words(v, texts)
        if not own:
            return None
        return bool(own & said) or any(w[:_STEM] in stems for w in own if len(w) >= _STEM)

    met = [meets(v) for v in ops]
    where = "; ".join(v.row or " ".join((v.label or "").split()[-6:]) for v in ops[:2])
    if all(m is False for m in met) and len(said) >= 2:
        return f"the question names none of the operands; this figure combines {where}"
    if all(meets(v) is False for v in cells) and _other_years(asked, ops):
        return f"the question names neither the rows nor the years of {where}"
    return None


def far_mean(base: Evidence) -> str | None:
    """Why an average of two values (``base``) is a coincidence, or None: the two are a
    thousand times apart or more (a cell read in thousands beside a prose figure in units),
    so the "average" is half of the larger whatever the other is."""
    ops = base.operands
    if base.kind not in ("average", "mean") or len(ops) != 2:
        return None
    a, b = sorted(abs(v.value) for v in ops)
    if a == 0 or b < a * 1000:
        return None
    return "the two values this figure averages are a thousand times apart or more"


def _other_years(asked: str, ops: Sequence[SourceValue]) -> bool:
    """Whether ``asked`` names years and the operands are of other years only (each of some)."""
    named = {int(y) for y in _YEAR.findall(asked)}
    if not named:
        return False
    years = [value_years(v) for v in ops]
    return any(years) and not any(set(y) & named for y in years)


def _said(asked: str, texts: Mapping[str, str]) -> frozenset[str]:
    """The content words of ``asked`` that the sources write, words of any total, date or
    answer left out: what the question names of the sources."""
    said = frozenset(t for t in tokens(asked) if content_word(t) and t not in _VAGUE)
    if not said:
        return said
    have = frozenset(t for text in texts.values() for t in tokens(text))
    stems = {w[:_STEM] for w in have if len(w) >= _STEM}
    return frozenset(w for w in said if w in have or (len(w) >= _STEM and w[:_STEM] in stems))


def _own_words(v: SourceValue, texts: Mapping[str, str]) -> frozenset[str]:
    """The content words that say what ``v`` is: a cell's row and column labels, a prose
    figure's sentence."""
    if v.table is not None:
        labels = " ".join(x for x in (v.row, v.column) if x)
        return frozenset(t for t in tokens(labels) if content_word(t))
    text = texts.get(v.source_id)
    if text is None:
        return frozenset()
    return frozenset(t for t in sentence_tokens(text, v.span) if content_word(t))
