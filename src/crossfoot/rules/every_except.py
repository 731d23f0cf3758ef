"""A movement in every year but the ones named: "Revenue grew every year except 2023", "sales
fell each year other than 2021 and 2024", "grew in every year but 2022".

The sentence says two things of one row's (or a result column's) years: each step into a year it
does not name moved so, and each step into a year it names did not. Before, the named exception
was read as the end of the span ("every year except 2023" judged 2020 to 2023 only) and any step
that moved otherwise contradicted "grew every year", the exception too. ``every_except`` is
``derived`` when both hold and ``contradicted`` naming the step that breaks one; None when no
exception follows the verb, or a named year is no step of the row (the first year, or none of
its years). :func:`unexcepted` blanks the exception's years so the readers of the row's span do
not take them for its end.

>>> from crossfoot import check
>>> t = ('[["", "2020", "2021", "2022", "2023", "2024"],'
...      ' ["Revenue", "100", "110", "120", "115", "130"]]')
>>> [c.status for c in check("Revenue grew every year except 2023.", [t]).claims]
['derived']
>>> [c.status for c in check("Revenue grew every year except 2022.", [t]).claims]
['contradicted']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal

__all__ = ["every_except", "excepted_years", "unexcepted"]

_YEARISH = r"(?:FY\s?)?(?:19|20)\d\d"
_EXCEPT = re.compile(
    r"(?i)\b(?:every|each)\s+(?:single\s+)?year\s+(?:but|except(?:\s+(?:for|in))?|"
    r"other\s+than|apart\s+from|save\s+for)\s+(?:in\s+|for\s+)?"
    rf"(?P<years>{_YEARISH}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){_YEARISH})*)\b"
)
_YEAR = re.compile(r"(?:19|20)\d\d")
_GATES = ("but ", "except", "other than", "apart from", "save for")
_NEAR = 16  # (characters from the verb to its "every year except": " in every", " during each")


def _says_except(low: str) -> bool:
    return "year" in low and any(g in low for g in _GATES)


def unexcepted(sentence: str) -> str:
    """``sentence`` with the years of its "every year except ..." blanked (offsets kept).

    >>> unexcepted("Revenue grew every year except 2023, to 130 in 2024.")
    'Revenue grew every year except     , to 130 in 2024.'
    """
    if not _says_except(sentence.lower()):
        return sentence
    out = sentence
    for m in _EXCEPT.finditer(sentence):
        a, b = m.span("years")
        out = out[:a] + " " * (b - a) + out[b:]
    return out


def excepted_years(sentence: str, at: int = 0) -> tuple[frozenset[int], int] | None:
    """The years of the first "every year except ..." of ``sentence`` from ``at``, and where
    it starts; None without one.

    >>> excepted_years("Sales were above 90 every year except 2021 and 2023.")
    (frozenset({2021, 2023}), 20)
    """
    if not _says_except(sentence.lower()):
        return None
    found = _EXCEPT.search(sentence, at)
    if found is None:
        return None
    return frozenset(int(y) for y in _YEAR.findall(found.group("years"))), found.start()


def year_of(v: SourceValue) -> int | None:
    """The year of a cell: its own, else a short row or column label that is one ("FY2023")."""
    if v.year is not None:
        return v.year
    for label in (v.row, v.column):
        found = _YEAR.search(label or "")
        if found is not None and len(label or "") <= 8:  # "2023", "FY2023", "FY 2023"
            return int(found.group(0))
    return None


def every_except(
    m: Mention, s: Sentence, cells: Sequence[SourceValue], up: bool, unit: str
) -> Claim | None:
    """The verb ``m``'s movement over ``cells`` (in order) with the years its "every year
    except ..." names set apart (module docstring)."""
    if unit != "year" or not _says_except(s.text.lower()):
        return None
    at = m.start - s.start
    found = _EXCEPT.search(s.text, at)
    if found is None or found.start() > at + len(m.text) + _NEAR:
        return None  # (none, or another verb's)
    named = {int(y) for y in _YEAR.findall(found.group("years"))}
    years = [year_of(v) for v in cells]
    if None in years or len(set(years)) != len(years) or not named <= set(years[1:]):
        return None
    steps = " -> ".join(
        f"{y}: {format_decimal(v.value)}" for y, v in zip(years, cells, strict=True)
    )
    down = len({v.row_index for v in cells}) > 1  # a result column down rows by year
    line = cells[0].column if down else cells[0].row
    ev = Evidence("trend", "movement", f"{line}: {steps}", tuple(cells), None)
    for i in range(len(cells) - 1):
        a, b, y = cells[i].value, cells[i + 1].value, years[i + 1]
        moved = b > a if up else b < a
        if moved == (y in named):
            went = "rose" if b > a else "fell" if b < a else "held"
            why = f"sets {y} apart" if y in named else f"says {line} moved so in {y}"
            message = (
                f'"{found.group(0)}" {why}, but it {went} from '
                f"{format_decimal(a)} in {years[i]} to {format_decimal(b)} in {y}"
            )
            return Claim(m, s, "contradicted", ev, message)
    return Claim(m, s, "derived", ev)
