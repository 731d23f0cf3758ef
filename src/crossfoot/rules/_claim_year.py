"""The year a figure of a sentence is of, when the sentence gives each of its figures its own:
"Revenue rose 5.6% in 2018 and 12.1% in 2019" (rules.derive reads each change for its own year,
not both between the sentence's two years).

>>> from crossfoot.numbers.extract import extract
>>> text = "Revenue rose 5.6% in 2018 and 12.1% in 2019."
>>> ms = [m for m in extract(text) if m.kind != "year"]
>>> [own_year(text, m, ms) for m in ms]
[2018, 2019]
>>> text = "Revenue rose 12% in 2023 from 2021."
>>> ms = [m for m in extract(text) if m.kind != "year"]
>>> own_year(text, ms[0], ms) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import Mention

__all__ = ["own_year"]

# A figure followed at once by its year: "12% in 2023", "$3.1m for fiscal 2024", "8% during FY2022",
# "a 7.2% increase in 2022" (the change's own noun between).
_OWN_YEAR = re.compile(
    r"(?:\s+(?:increase|decrease|rise|decline|growth|gain|drop|fall|jump|improvement|"
    r"reduction))?\s*(?:in|for|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?"
    r"((?:19|20)\d\d)\b(?!\s*[-–/])",
    re.IGNORECASE,
)


def _year_after(text: str, m: Mention) -> int | None:
    said = _OWN_YEAR.match(text, m.end)
    return None if said is None else int(said.group(1))


def own_year(text: str, mention: Mention, others: Sequence[Mention]) -> int | None:
    """The year right after ``mention`` ("12% in 2023") when another figure of ``others`` (the
    sentence's figures, years excluded) has a year of its own right after it, a different one:
    each figure then names its own period. None otherwise (the sentence's years are read
    together: "rose 12% in 2023 from 2021")."""
    year = _year_after(text, mention)
    if year is None:
        return None
    for m in others:
        if m.start != mention.start and (y := _year_after(text, m)) is not None and y != year:
            return year
    return None
