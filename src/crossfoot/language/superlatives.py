"""The superlative words, one list for every reader that ranks: "the highest", "the largest",
"the fewest", "the maximum".

:data:`MOST` and :data:`LEAST` are the words that pick the greatest or the least of a line.
Readers build their patterns from them, each in its own syntax:

- ``rules.answer_pick`` (a question's pick among rows) and ``rules.which_period`` /
  ``rules._period_rank`` (a year ranked among a row's years) read every member; the two period
  readers add the verbs of a line's own peak (:data:`PEAK`, :data:`BOTTOM`: "peaked in 2021",
  "bottomed out in 2019");
- ``rules.alignment_rank`` (a question's one rank, "the second highest") reads them after "the",
  without :data:`NOT_A_RANK` ("the top 10 customers" is a group; "the maximum borrowing
  capacity" a term of a contract, not a rank of rows);
- ``language.extremes`` (an answer's sentence ranking a row) reads them without
  :data:`NOT_A_RANK` too, "the most" / "the least" in its own syntax (before a word, or after a
  verb of a move), and adds the words of pace (:data:`FASTEST`, :data:`SLOWEST`) and of sales
  ("best-selling", "top-performing", "led").

>>> "highest" in MOST, "fewest" in LEAST, words(MOST, leave=NOT_A_RANK).count("|")
(True, True, 5)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["BOTTOM", "FASTEST", "LEAST", "MOST", "NOT_A_RANK", "PEAK", "SLOWEST", "words"]

MOST = ("highest", "largest", "greatest", "biggest", "strongest", "most", "maximum", "top")
LEAST = ("lowest", "smallest", "weakest", "least", "fewest", "minimum")
# Words of a superlative that rank no rows after "the" in a question or an answer's sentence.
NOT_A_RANK = frozenset({"maximum", "minimum", "top"})
PEAK = ("peak", "peaked")  # a line's own greatest period ("peaked in 2021")
BOTTOM = ("bottomed",)  # and its least ("bottomed out in 2019")
FASTEST = ("fastest", "quickest")  # a move's pace ("grew the fastest")
SLOWEST = ("slowest",)


def words(members: Iterable[str], leave: Iterable[str] = ()) -> str:
    """``members`` less ``leave`` as a regex alternation, in their order.

    >>> words(LEAST, leave=NOT_A_RANK)
    'lowest|smallest|weakest|least|fewest'
    """
    out = frozenset(leave)
    return "|".join(w for w in members if w not in out)
