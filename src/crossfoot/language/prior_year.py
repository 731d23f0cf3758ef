"""A figure worded as of the year before the sentence's one stated year.

"North's revenue was $4.2 million in 2024, up from $3.8 million the year before": the second
figure is of 2023 though no 2023 is written. The wrong-row reading holds such a figure to the
cell of that year, as it holds "$3.8 million in 2023"; before, any cell of the row passed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import Mention

__all__ = ["PRIOR_YEAR", "names_no_subject", "prior_year"]

# A figure followed at once (past its own "of total assets") by the year before the sentence's
# own, worded relatively: "compared with 33.0% a year earlier", "$11.1 million (8.1%) in the
# prior year", "versus 4.2% the year before". Not "from the prior year" (the base of a change
# stated with it: "up 12% from the prior year" ends in the sentence's year).
PRIOR_YEAR = re.compile(
    r"(?:\s+of\s+(?:[a-z&'-]+\s+){0,3}[a-z&'-]+)?"  # its own "of total assets" first
    r"\)?\s*(?:\(\s*)?(?:(?:in|for|during)\s+)?(?:a\s+year\s+(?:earlier|before|ago)"
    r"|(?:the\s+)?(?:prior|previous|preceding)\s+(?:fiscal\s+)?year\b(?!\s*(?:end|'s))"
    r"|the\s+year\s+before|last\s+year)",
    re.IGNORECASE,
)


def prior_year(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> int | None:
    """The year before the sentence's one stated year when ``mentions[i]`` is worded as of it,
    else None (no such wording, or no year or several years stated).

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Sales were $4.2 million in 2024, up from $3.8 million the year before."
    >>> ms = extract(t)
    >>> [prior_year(t, 0, len(t), ms, i) for i, m in enumerate(ms) if m.kind != "year"]
    [None, 2023]
    >>> t = "Sales rose to $4.2 million in 2024 from $3.1 million in 2022, up 12% last year."
    >>> ms = extract(t)
    >>> [prior_year(t, 0, len(t), ms, i) for i, m in enumerate(ms) if m.kind != "year"]
    [None, None, None]
    """
    m = mentions[i]
    if m.kind == "year" or PRIOR_YEAR.match(text, m.end) is None:
        return None
    years = {
        int(x.value) for x in mentions if x.kind == "year" and sent_start <= x.start < sent_end
    }
    return years.pop() - 1 if len(years) == 1 else None


# The words a figure's own stretch may hold and still name nothing of its own: the comparison
# that opens it and the relative year that closes it ("..., versus $2.5 million in the prior
# year", "compared with $3.1 million a year earlier").
_RELATIVE = frozenset(
    "versus vs compared comparison against up down from prior previous preceding fiscal year "
    "earlier before ago last".split()
)


def names_no_subject(own: set[str]) -> bool:
    """Whether a figure's own words (its stretch after the previous figure, as tokens) name
    nothing but a comparison and a relative year: the figure is then of the subject the clause
    named before it ("In 2024 North had $4.2 million, versus $2.5 million in the prior year"
    is North's figure of 2023).

    >>> names_no_subject({"prior"}), names_no_subject({"earlier"}), names_no_subject({"south"})
    (True, True, False)
    """
    return own <= _RELATIVE
