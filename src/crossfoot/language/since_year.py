"""A change "since" a year: "Revenue has grown 60% since 2021", "up 12% since fiscal 2021".

The sentence states one year, the base; the other end is now, its table's latest year
(``rules._since_year``). Over result rows that is a row the sentence does not name, so
``language.period_rates.needs_whole_line`` keeps the whole line for it.

>>> since_years("Revenue is up 60% since fiscal 2021, and since 2019 it doubled.")
['2021', '2019']
>>> says_since_year("Revenue has grown 12% since 2021."), says_since_year("Revenue grew in 2021.")
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["SINCE", "says_since_year", "since_years"]

SINCE = re.compile(
    r"(?i)\bsince\s+(?:the\s+)?(?:end\s+of\s+)?(?:fiscal\s+(?:year\s+)?|fy\s*)?((?:19|20)\d\d)\b"
)


def since_years(text: str) -> list[str]:
    """The years ``text`` counts a change since, as written."""
    return SINCE.findall(text) if "ince" in text else []


def says_since_year(text: str) -> bool:
    """Whether ``text`` states a change since a year (a substring gate first)."""
    return "ince" in text and SINCE.search(text) is not None
