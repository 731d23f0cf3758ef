"""Which period columns a bounded question names, and a Total column it does not ask for.

A table of payments due by period (*Less than 1 year*, *1-3 years*, *3-5 years*, *More than 5
years*, *Total*) answers "the obligations due within 5 years" with its first three columns: a
bound ("within", "less than", "up to", "in the next" N years; or "more than", "after", "beyond"
N years) names every period column that lies inside it, not the column that merely writes its
number (*More than 5 years* writes 5 and lies outside "within 5 years").

A question that names period columns of such a table by their numbers ("due in less than 1
year") is not answered by its *Total* column (a label of "total" and nothing else besides the
words every column shares): the total holds periods the question leaves out
(:func:`total_beyond`, for :mod:`crossfoot.rules.alignment_total`).

>>> bound_of("What are the purchase obligations due within 5 years?")
('within', Decimal('5'))
>>> five = ("within", Decimal(5))
>>> in_bound("3 to 5 years", five), in_bound("More than 5 years", five)
(True, False)
>>> in_bound("Thereafter", ("after", Decimal(5)))
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal

from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)

__all__ = ["bound_labels", "bound_of", "in_bound", "said_whole", "total_beyond"]

Bound = tuple[str, Decimal]

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
_NUM = r"(\d{1,2}|one|two|three|four|five|six|seven|ten)"
_BOUND = re.compile(
    r"\b(within|less\s+than|up\s+to|under|no\s+later\s+than|(?:in\s+)?the\s+next|"
    r"more\s+than|after|beyond|over|greater\s+than|later\s+than)\s+(?:the\s+next\s+)?"
    + _NUM
    + r"\s+years?\b"
)
_AFTER = frozenset({"more than", "after", "beyond", "over", "greater than", "later than"})
# words of a period column past its number ("More than 5 years", "After 5 years", "Thereafter")
_PAST = re.compile(r"\b(?:more|after|beyond|over|greater|later|thereafter|longer)\b")
_FIGURE = re.compile(r"\b(\d{1,2}(?:\.\d+)?|one|two|three|four|five|six|seven|ten)\b")


def bound_of(question: str) -> Bound | None:
    """The question's bound on a period of years ("within 5 years": ``("within", 5)``), or None."""
    low = question.lower()
    if "year" not in low:
        return None
    m = _BOUND.search(low)
    if m is None:
        return None
    word = re.sub(r"\s+", " ", m.group(1))
    n = m.group(2)
    kind = "after" if word in _AFTER and "next" not in m.group(0) else "within"
    return kind, Decimal(_WORDS.get(n, 0) or n)


def in_bound(label: str, bound: Bound) -> bool | None:
    """Whether the period column ``label`` lies inside ``bound`` (None: not a period of years
    counted from now, "2021" or "Balance")."""
    low = label.lower()
    if _YEAR.search(low):
        return None
    figures = [Decimal(_WORDS.get(f, 0) or f) for f in _FIGURE.findall(low)]
    past = bool(_PAST.search(low))
    if "year" not in low and not (past and "thereafter" in low):
        return None
    if not figures and not (past and "thereafter" in low):
        return None
    kind, n = bound
    if kind == "within":
        return not past and max(figures) <= n
    return (past and (not figures or min(figures) >= n)) or (not past and min(figures) >= n)


def period_column(label: str) -> bool:
    """A column of a period counted in years from now ("Less than 1 year", "3-5 years",
    "More than 5 years"), not a calendar year."""
    return in_bound(label, ("within", Decimal(0))) is not None


def bound_labels(bound: Bound, labels: Iterable[str]) -> frozenset[str] | None:
    """The labels a bounded question names, when ``labels`` hold two period columns or more and
    the bound leaves one of them out; else None (the bound names nothing here)."""
    inside, outside = [], 0
    for label in labels:
        fit = in_bound(label, bound)
        if fit is None:
            continue
        if fit:
            inside.append(label)
        else:
            outside += 1
    if not inside or not outside:
        return None
    return frozenset(inside)


def total_beyond(
    mine: str,
    named: frozenset[str],
    reqs: Mapping[str, frozenset[str]],
    figures: Callable[[str], frozenset[tuple[Decimal, Decimal | None]]],
) -> bool:
    """Whether the column ``mine`` is a total and nothing else (its words besides those every
    column of the table shares, "Payments due by period Total") and the table (its columns'
    required words ``reqs``) has a part column the question does not name (``named``): a
    column with words or numbers of its own, not a total."""
    if len(reqs) < 3 or mine not in reqs or not named:
        return False
    if not all(period_column(label) for label in named):
        return False  # (periods of payments only: segments' columns name other totals too)
    shared = frozenset.intersection(*reqs.values())
    if reqs[mine] - shared:
        return False
    return any(
        label not in named and "total" not in label.lower() and (req - shared or figures(label))
        for label, req in reqs.items()
    )


def said_whole(label: tuple[str, ...], words: list[str]) -> bool:
    """Whether a label of two words or more stands word for word in the question's ``words``
    (for ``Named.firm``: "net income" names *Net income* firmly, "net" counted).

    >>> said_whole(("net", "income"), ["change", "net", "income", "2019"])
    True
    >>> said_whole(("net", "income"), ["net", "operating", "income"])
    False
    """
    n = len(label)
    return n >= 2 and any(tuple(words[j : j + n]) == label for j in range(len(words) - n + 1))
