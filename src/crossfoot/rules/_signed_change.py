"""A figure the answer calls a change, written positive with no word of direction: it says the
series went up (issue 15, "a change whose sign is dropped").

"Revenue changed by 120 from 2016 to 2017" over 500 then 380 is wrong: later minus earlier is
-120, and a change is signed. "decreased by 120" and "a decline of 120" state the fall; "the
difference between the two years is 120" is order-free in common speech, and so is a "gap". The
derivation search (``rules._derive_shared.change_candidate``) asks :func:`written_rise` only
for a change whose magnitude matched, in a known order, that goes down.

Read here, for the claim ``m`` in its sentence:

- ``m`` is positive as written: no minus sign, no parentheses, no loss word ("a net loss of");
- "change" names it: the last "change" word before it in its sentence, within ``_GAP``
  characters and with no other figure between ("the change in revenue from 2016 to 2017 was
  120", "changed by 120", "a change of 120"); or its own plus sign does ("South +340", a
  "+8.8%" in a list or in a table the answer writes): a plus written on a figure, not between
  two figures as an operator, claims a rise as plainly as a minus claims a fall. A final
  figure that only the question names a change ("What was the change in X?" ... "Answer: 33")
  is not read: reference answers of the benchmark corpora write such changes unsigned (a
  strict xfail in tests/vectors/failopen10.json);
- the sentence names no order-free or other operation (difference, gap, total, average, ratio,
  ...) and no fall ("down", "saving", "fewer": the answer said it), nor does the question ask
  for a fall ("How much did costs fall?" is answered by a size);
- the years the sentence writes do not run backwards ("the change from 2017 to 2016" is taken
  in the order it is written).

>>> from crossfoot import check
>>> t = '[["", "2017", "2016"], ["Revenue", "380", "500"]]'
>>> check("Revenue changed by 120 from 2016 to 2017.", [t]).claims[0].status
'contradicted'
>>> check("Revenue changed by -120 from 2016 to 2017.", [t]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from crossfoot.language.changewords import CHANGE, FALLS, words
from crossfoot.language.direction import sign_words
from crossfoot.language.spaced_plus import spaced_plus
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._minus_sign import minus_dropped

__all__ = [
    "CHANGE_WORD",
    "ORDER_FREE",
    "SAYS_DOWN",
    "dropped_sign",
    "named_change",
    "plus_signed",
    "written_rise",
]

# "the change is", "the net change in revenue was", "changed by": the word naming the figure.
CHANGE_WORD = WordGated(words(CHANGE, "changing"), ("chang",))
# A sentence that calls the figure something order-free or something else as well.
ORDER_FREE = re.compile(
    r"(?i)\b(?:difference|differ(?:s|ed)?|gap|spread|absolute|magnitude|total|sum|combined|"
    r"average|mean|ratio|share|proportion|times)\b"
)
# A fall (or a reading of the sign) stated anywhere in the sentence, of this figure or of one
# beside it: the answer did not write a fall as a rise.
SAYS_DOWN = re.compile(
    rf"(?i)\b(?:{FALLS}|fall\w*|(?<!-)down\w*|sav(?:ed|ing|ings)|cut|favou?r\w*|improv\w*|"
    r"loss\w*|lose|lost)\b"
)
_GAP = 120  # characters between "change" and its figure, at most
_YEAR = re.compile(r"(?<![\d.,])(?:19|20)\d\d(?![\d.,%])")
_NOTE = "written_rise"  # ctx.notes key: the reading is made once per claim


def named_change(text: str, lo: int, at: int) -> bool:
    """Whether "change" names the figure at ``at``: the last such word before it in its
    sentence (from ``lo``), within _GAP characters, with no other figure between (years aside).

    >>> named_change("The change in sales was 5.", 0, 24)
    True
    >>> named_change("The change in sales was 7 and costs 5.", 0, 36)
    False
    """
    last = None
    for w in CHANGE_WORD.finditer(text, max(lo, at - _GAP - 12), at):
        last = w
    if last is None or at - last.end() > _GAP:
        return False
    between = text[last.end() : at]
    return re.search(r"\d", _YEAR.sub("", between)) is None


def plus_signed(text: str, at: int) -> bool:
    """Whether the figure at ``at`` is written with its own plus sign ("+340", "+$1.2M"), not
    after a figure as an operator ("4,210 + 420", "5+3") nor as "+/-".

    >>> plus_signed("South +340", 6), plus_signed("4,210 + 420", 8), plus_signed("5+3", 2)
    (True, False, False)
    """
    if not text.startswith("+", at) or text.startswith("+/", at):
        return spaced_plus(text, at)  # "South + 340": a plus apart from its figure
    k = at - 1  # the last character before it that is no space (not a copy of the text before)
    while k >= 0 and text[k].isspace():
        k -= 1
    return k < 0 or not (text[k].isdigit() or text[k] in ")%+-=±")


def written_rise(ctx: ClaimContext) -> bool:
    """Whether the claim is a change written as a rise by its sign alone (module docstring)."""
    said = ctx.notes.get(_NOTE)
    if not isinstance(said, bool):
        said = ctx.notes[_NOTE] = _reads_rise(ctx)
    return said


def _reads_rise(ctx: ClaimContext) -> bool:
    m, s, text = ctx.mention, ctx.sentence, ctx.text
    if m.negative or m.value <= 0 or m.high is not None or m.approximate:
        return False
    if m.kind not in ("money", "number", "percent", "pp"):
        return False
    # The sentence itself must name the change: a final figure that only its question names a
    # change ("What was the change in X?" "The answer is 332.") is left alone, as reference
    # answers write such changes unsigned (9 false alarms on the tuning half's golds).
    if not (plus_signed(text, m.start) or named_change(text, s.start, m.start)):
        return False
    own = text[s.start : s.end]
    if ORDER_FREE.search(own) or SAYS_DOWN.search(own):
        return False
    question = ctx.shared.get("ask.text")
    if isinstance(question, str) and SAYS_DOWN.search(question):
        return False  # "How much did costs fall?" is answered by a size
    if sign_words(text, s.start, s.end, m.start, m.end):
        return False
    years = [int(y) for y in _YEAR.findall(own)]
    return all(a <= b for a, b in pairwise(years))


def dropped_sign(
    ctx: ClaimContext, formula: Callable[[], str], first: SourceValue, second: SourceValue
) -> str | None:
    """Why a change that goes down (``formula``, later minus earlier) fails the claim written as
    a rise, or None when the claim is no such rise (:func:`written_rise`) nor a subtraction
    written between the two operands' years (``rules._minus_sign``)."""
    if not written_rise(ctx):
        return minus_dropped(ctx, first, second, formula)
    return (
        f"written as a positive change, but {formula()}: the change goes down "
        "(a decrease needs a minus sign or a word such as 'decreased')"
    )
