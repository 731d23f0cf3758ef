"""Whether an ask of a conversation points back to a figure an earlier turn gave.

"what was the combined total? and what was that combined total as a percentage of total
borrowings?": the last turn names one row of its own (total borrowings) and points back to a
figure an earlier turn made ("that combined total"), whose rows only the earlier turns name. A
reader of the rows a question names (rules._named) takes those turns' rows too for such an ask;
for an ask that points back to nothing ("and what was it in 2016?" names its row by "it"), the
earlier turns name the rows only where the ask names none (rules._named).
"""

from __future__ import annotations

import re

from crossfoot.model.wordgate import WordGated

__all__ = ["points_to_figure"]

# "that combined total", "this variation", "those two differences", "their sum", "the net
# change" is no pointer ("the" names a row's change anew); "that" alone ("what is that less
# 1?") points to one figure, whose rows the ask does not need.
_POINTER = WordGated(
    re.compile(
        r"(?i)\b(?:that|this|those|these|their|its)\s+(?:(?:two|three|combined|total|overall|"
        r"entire|net|whole|full|same|(?:19|20)\d\d)\s+){0,2}(?:sums?|totals?|amounts?|changes?|"
        r"differences?|gaps?|ranges?|variations?|variances?|increases?|decreases?|declines?|"
        r"ratios?|results?|figures?|values?|combined)\b"
    ),
    tuple("that this those these their its".split()),
)


def points_to_figure(ask: str) -> bool:
    """Whether ``ask`` points back to a figure of an earlier turn ("that combined total").

    >>> points_to_figure("and what was that combined total as a percentage of total debt?")
    True
    >>> points_to_figure("what is the ratio of those two differences?")
    True
    >>> points_to_figure("and what is that 2025 range in relation to the 2024 one?")
    True
    >>> points_to_figure("and what was it in 2016?"), points_to_figure("what is that less 1?")
    (False, False)
    """
    return _POINTER.search(ask) is not None
