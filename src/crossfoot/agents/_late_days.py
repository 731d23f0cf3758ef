"""Days a user named relative to today, read again once "today" is known.

"Book it for next Friday", then the agent calls ``get_current_day`` and books 2026-12-04. The
user's words name that day, but when they arrived nothing said which day today was, so they
named none. When the reference date is first learned (a tool that tells the date, a system
message stating it), the user's earlier messages are read again against it, for their days only:
"tomorrow", "in 3 days", "next Friday", "the Friday after next", "the 15th". A day off by one
still warns: the words name the day they name, whichever came first.
"""

from __future__ import annotations

from datetime import date

from crossfoot.agents._ingest import tokenize
from crossfoot.agents._keys import Keys, Seen

__all__ = ["late_user_days"]


def late_user_days(sources: list[Seen], reference: date, days: Keys) -> None:
    """Add to ``days`` the days the user messages of ``sources`` name against ``reference``.

    >>> from crossfoot.agents._keys import Seen
    >>> seen = Seen(1, "user", None, None, "next friday, please", 19, False, None, (), True)
    >>> days = Keys()
    >>> late_user_days([seen], date(2026, 12, 2), days)
    >>> sorted(date.fromordinal(d).isoformat() for d in days.first)
    ['2026-12-04', '2026-12-11']
    """
    for src, seen in enumerate(sources):
        if seen.channel == "user" and seen.vouched and seen.text:
            days.add(tokenize(seen.text, "user", reference).days, src, ("user",))
