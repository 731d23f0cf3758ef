"""Questions that ask for a pick among rows: "Which region had the highest revenue in 2025?".

The answer to such a question is a row's name, checked against every row of the column the
question names (:mod:`crossfoot.rules.answer_pick`); a reader that indexes only the rows an
answer names (``trace``'s result rows) must read them all for it.
"""

from __future__ import annotations

from crossfoot.language.extremes import may_rank

__all__ = ["asks_pick"]


def asks_pick(question: str | None) -> bool:
    """Whether ``question`` asks which row (or who) is the highest or lowest of something
    (substring tests only: a cheap gate).

    >>> asks_pick("Which region had the second highest revenue?"), asks_pick("What was revenue?")
    (True, False)
    """
    if not question:
        return False
    low = question.lower()
    return ("which" in low or "who" in low) and may_rank(question)
