"""The year a figure of a sentence is of, when the sentence gives each of its figures its own:
"Revenue rose 5.6% in 2018 and 12.1% in 2019", "Net income grew 11.2% (2025) and 6.7% (2024)",
"In 2024 revenue grew 6.0%, and in 2025 it grew 5.8%" (rules.derive reads each change for its
own year, not both between the sentence's two years).

>>> from crossfoot.numbers.extract import extract
>>> text = "Revenue rose 5.6% in 2018 and 12.1% in 2019."
>>> ms = [m for m in extract(text) if m.kind != "year"]
>>> [own_year(text, m, ms) for m in ms]
[2018, 2019]
>>> text = "In 2018 revenue rose 5.6%, and in 2019 it rose 12.1%."
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

from crossfoot.language.order import stated_order
from crossfoot.language.prior_year import PRIOR_YEAR
from crossfoot.language.subject_pair import named_after, subjects_compared
from crossfoot.model.types import Mention, kind_family
from crossfoot.rules._series_words import series_years  # (read with own_year by claim_years)

__all__ = ["own_year", "series_years", "year_before_stated"]

# A figure followed at once by its year: "12% in 2023", "$3.1m for fiscal 2024", "8% during FY2022",
# "a 7.2% increase in 2022" (the change's own noun between), "11.2% (2025)" (the year in
# parentheses right after the figure), "42.8% of 2023 sales".
_OWN_YEAR = re.compile(
    r"(?:(?:\s+(?:increase|decrease|rise|decline|growth|gain|drop|fall|jump|improvement|"
    r"reduction))?\s*(?:in|for|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?"
    r"((?:19|20)\d\d)\b(?!\s*[-–/])"
    r"|\s*\(\s*(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d\d)\s*\))"
    # ... or a share of that year's whole: "42.8% of 2023 sales"
    r"|\s+of\s+(?:the\s+)?(?:fiscal\s+|fy\s?)?((?:19|20)\d\d)\s+[a-z]",
    re.IGNORECASE,
)

# A clause that opens with its year, the clause's figure after it: "In 2024 revenue grew 6.0%",
# "..., and in fiscal 2025 it grew 5.8%", "; during 2023, costs fell 2%". The year opens the
# sentence or follows a clause break (a comma, a semicolon, "and", "but", "while", "whereas").
_LEAD_YEAR = re.compile(
    r"(?:\A|[,;:]|\b(?:and|but|while|whereas)\b)\s*(?:(?:and|but|while|whereas)\s+)?"
    r"(?:in|for|during)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d\d)\b"
    r"(?!\s*[-–/])",
    re.IGNORECASE,
)
# Between a clause's year and its figure: words only (no other figure, year or clause break).
_CLAUSE_BODY = re.compile(r"[^\d;.:]*\Z")


# A comparative in parentheses, its year as a label: "42.4% (2023: 40.8%)". The figure inside
# is of the label's year; the one right before it is of the year after (the report's own).
_LABEL = r"\(\s*(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d\d)\s*:\s*"
_LABELLED = re.compile(_LABEL + r"\Z", re.IGNORECASE)
_LABEL_AFTER = re.compile(r"\s*" + _LABEL, re.IGNORECASE)


def _year_after(text: str, m: Mention) -> int | None:
    said = _OWN_YEAR.match(text, m.end)
    if said is None:
        label = _LABEL_AFTER.match(text, m.end)
        return None if label is None else int(label.group(1)) + 1
    return int(said.group(1) or said.group(2) or said.group(3))


def _year_before(text: str, m: Mention, start: int) -> int | None:
    """The year of the clause ``m`` is the first figure of ("In 2024 revenue grew 6.0%"), the
    sentence read from ``start``; None when a figure or a year sits between them."""
    clause = text[start : m.start]  # a slice: "\A" is the sentence's start, not the text's
    last = None
    for said in _LEAD_YEAR.finditer(clause):
        last = said
    if last is None or _CLAUSE_BODY.match(clause, last.end()) is None:
        return None
    return int(last.group(1))


def _year_of(text: str, m: Mention, start: int) -> int | None:
    label = _LABELLED.search(text, max(start, m.start - 24), m.start)
    if label is not None:
        return int(label.group(1))
    after = _year_after(text, m)
    return after if after is not None else _year_before(text, m, start)


def own_year(text: str, mention: Mention, others: Sequence[Mention], start: int = 0) -> int | None:
    """The year right after ``mention`` ("12% in 2023", "12% (2023)"), else the year its clause
    opens with ("in 2023 it grew 12%"; the sentence read from ``start``), when another figure of
    ``others`` (the sentence's figures, years excluded) has a year of its own, a different one:
    each figure then names its own period. None otherwise (the sentence's years are read
    together: "rose 12% in 2023 from 2021")."""
    year = _year_of(text, mention, start)
    if year is None:
        return None
    for m in others:
        if m.start != mention.start and (y := _year_of(text, m, start)) is not None and y != year:
            return year
    return None


def year_before_stated(
    text: str, m: Mention, years: Sequence[int], others: Sequence[Mention] = ()
) -> int | None:
    """The year before the sentence's one stated year when ``m`` is worded as of that earlier
    year ("Goodwill was 29.2% of total assets in 2019, compared with 33.0% a year earlier": 33.0%
    is of 2018), or is the base the figure before it is compared with and states no year of its
    own ("The margin was 11.8% in 2020, up from 11.7%"; ``others``: the sentence's figures,
    years excluded); else None.

    >>> from crossfoot.numbers.extract import extract
    >>> text = "Goodwill was 29.2% of assets in 2019, compared with 33.0% a year earlier."
    >>> ms = [m for m in extract(text) if m.kind != "year"]
    >>> [year_before_stated(text, m, [2019]) for m in ms]
    [None, 2018]
    >>> text = "Net income rose 33.5% from the prior year."
    >>> year_before_stated(text, extract(text)[0], [2021]) is None
    True
    >>> text = "The margin was 11.8% in 2020, up from 11.7%."
    >>> ms = [m for m in extract(text) if m.kind != "year"]
    >>> [year_before_stated(text, m, [2020], ms) for m in ms]
    [None, 2019]
    """
    if len(years) != 1:
        return None
    if PRIOR_YEAR.match(text, m.end) is not None or _compared_base(text, m, others):
        return years[0] - 1
    return None


def _compared_base(text: str, m: Mention, others: Sequence[Mention]) -> bool:
    """Whether ``m`` is the earlier of an ordered pair with the figure of its kind right before
    it ("X in 2020, up from m", "rose to X in 2020 from m", "X in 2020 compared with m") and no
    year follows it."""
    before = [o for o in others if o.end <= m.start and kind_family(o.kind) == kind_family(m.kind)]
    if not before or _year_after(text, m) is not None or named_after(text, m.end):
        return False
    if subjects_compared(text, text.rfind(". ", 0, before[-1].start) + 1, before[-1].start):
        return False  # "grew faster than Services in 2024 (30% vs 20%)": two rows, one year
    order = stated_order(text, before[-1], m)
    return order is not None and order[0] is m
