"""Sign words against the sign of the value a figure matches.

"A net loss of $120 million" against net income of +120,000,000 matches by magnitude, and the
magnitude is all a direct match compares (a loss is usually written as a positive amount). The
words still claim a sign: a *loss* is a negative income, a *gain* or *profit* a positive one. A
figure whose words contradict the sign of its value is ``contradicted``:

- loss words ("a net loss of", "an operating loss was") and a positive value of a line that is not
  itself a loss ("Net income", "Operating income (loss)", ``fund_result``); a line named as a loss
  ("Net loss", "Impairment losses") is positive when it records one;
- gain words ("a gain of", "a profit of") and a negative value of a line not named as a loss;
- the same nouns right after the figure ("swung to a $64 million loss", "a $20 million net
  profit"): the figure is the loss or the profit the noun names ("a $5 million loss of revenue"
  is a fall of revenue, not a loss, and is not read).

A negative figure ("-$120 million") is judged by its sign already (a negative claim is never
grounded by a positive value).
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.language.direction import sign_words
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules.cell_words import cell_words_verdict

__all__ = ["cost_sizes_agree", "sign_verdict"]

# "a gain of", "posted a profit of", "net gains were": the figure is introduced as a gain. So is
# earnings per share ("diluted EPS was $0.41", "earnings per share were $0.41").
_GAIN = re.compile(
    r"(?ix)\b(?:gains?|profits?|surplus|income|earnings|earned|eps)\b"
    # one character or one word per step (no "\s+" inside the star: linear on any input)
    r"(?:[\s,:$€£]|\b(?:of|was|were|is|are|totaled|totalled|amounted|to|at|came|reached|net|"
    r"before|after|tax|taxes|about|approximately|nearly|roughly|around|pre-tax|pretax|reported|"
    r"recorded|posted|per|share|diluted|basic)\b)*$"
)
# A loss or gain noun right after the figure, past a few adjectives: "a $64 million loss", "a
# $20 million net profit". Anchored at the figure's end (one match per claim, linear).
_NOUN_AFTER = re.compile(
    r"(?i)[ \t]*(?:(?:net|operating|pre-?tax|after-?tax|one-time|quarterly|annual|full-year)"
    r"[ \t]+){0,2}(?:(?P<loss>loss(?:es)?|deficits?|shortfalls?)|gains?|profits?|surplus(?:es)?)"
    r"\b(?![ \t]+of\b)"
)
# Words of a line that records a loss as a positive amount ("Net loss", "Impairment losses").
_LOSS_LINE = WordGated(
    re.compile(r"(?i)\b(?:loss(?:es)?|deficits?|expenses?|costs?|charges?|impairments?)\b"),
    tuple("loss deficit expense cost charge impairment".split()),
)
# A line named both ways ("Operating income (loss)", "Net income / (loss)"): its sign decides.
_SIGNED_LINE = re.compile(r"(?i)\b(?:income|profit|earnings|gain|result)s?\b")


def _loss_line(v: SourceValue) -> bool:
    """The value's line records a loss as a positive amount (not a line named both ways)."""
    return _loss_names(v.field, v.row, v.label)


@lru_cache(maxsize=4096)  # (a line's names repeat across claims and answers: read once)
def _loss_names(field: str | None, row: str | None, label: str) -> bool:
    names = " ".join(x for x in (field, row, label) if x).replace("_", " ")
    return bool(_LOSS_LINE.search(names)) and not _SIGNED_LINE.search(names)


def cost_sizes_agree(first: SourceValue, second: SourceValue, direction: str | None) -> bool:
    """A change ``first -> second`` of a cost line written as deductions (both cells negative,
    "(28,237)" then "(21,387)") goes the way its sizes go: the cost fell, though the signed cells
    rose. A change of such a line is consistent with either reading.

    >>> from decimal import Decimal
    >>> a = SourceValue(Decimal(-28237), "S1", row="Voyage expenses")
    >>> b = SourceValue(Decimal(-21387), "S1", row="Voyage expenses")
    >>> cost_sizes_agree(a, b, "down"), cost_sizes_agree(a, b, "up")
    (True, False)
    """
    if direction is None or not (first.value < 0 and second.value < 0):
        return False
    if not (_loss_line(first) and _loss_line(second)) or first.value == second.value:
        return False
    return (abs(second.value) > abs(first.value)) == (direction == "up")


def sign_verdict(ctx: ClaimContext, sv: SourceValue) -> Verdict | None:
    """``contradicted`` when the claim's sign words disagree with ``sv``'s sign, else None.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import SourceValue
    >>> _loss_line(SourceValue(Decimal(5), "R1", field="net_loss"))
    True
    >>> _loss_line(SourceValue(Decimal(5), "R1", row="Operating income (loss)"))
    False
    """
    worded = cell_words_verdict(ctx, sv)  # a label's direction word swapped
    if worded is not None:
        return worded
    m, s = ctx.mention, ctx.sentence
    if m.negative or m.value < 0 or sv.value == 0 or sv.kind == "percent":
        return None
    if _loss_line(sv):
        return None
    after = _NOUN_AFTER.match(ctx.text, m.end, s.end)
    if sv.value > 0:
        if sign_words(ctx.text, s.start, s.end, m.start, m.end) or (
            after is not None and after.group("loss") is not None
        ):
            return _contradicted(sv, "a loss", "positive")
        return None
    lo = max(s.start, m.start - 60)
    if _GAIN.search(ctx.text, lo, m.start) or (after is not None and after.group("loss") is None):
        return _contradicted(sv, "a gain", "negative")
    return None


def _contradicted(sv: SourceValue, said: str, sign: str) -> Verdict:
    message = f"the words call it {said}, but {sv.describe()} is {sign}"
    formula = f"{sv.describe()} ({sign})"
    return Verdict("contradicted", Evidence("direct", "sign", formula, (sv,), sv.value), message)
