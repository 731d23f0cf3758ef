"""A change asked in one direction, answered with the other sign.

"What was the change in deferred revenue from 2024 to 2025?" over a row that went from 5,380 to
4,210 asks for -1,170. "Answer: 1,170" states a rise: the size is right, the sign is not, and no
word of the answer says the fall ("decreased", "lower", "a decline of"). So is "The change is
1,020 - 1,145 = -125" for a row that rose from 1,020 to 1,145 (the change computed the wrong
way round), and "The difference is $7,419" for "the difference between X as at 2019 as
compared to X as at 2017" when X fell by 7,419. For :func:`crossfoot.rules.alignment.misfit`,
the final figure is ``off_question`` when:

- the question asks for a change or a difference (a percentage change too) in a direction it
  states, from an earlier year to a later one: "from 2024 to 2025", "in 2025 from 2024",
  "2025 compared to (with, versus, over) 2024". "Between 2024 and 2025", "the difference between
  A and B" and "from 2025 to 2024" state no direction (order-free in common speech, or written
  from the later year back), nor does a question that asks for a fall ("How much did X
  decrease?" is answered by a size; "increase / (decrease)" asks for a signed figure);
- the figure is derived from figures the answer shows (its own calculation, or the two values
  it states: a bare "Answer: 1,170" is not judged, as ConvFinQA's references write some falls
  so), those of one line (a table row or column, or a record field's stem) at the two years,
  and its size is their change; neither value is negative (a cost
  shown as -389 and -1,655 has no agreed direction of its size);
- its sign as written is not the change's, and no sentence of the answer with a figure writes
  a direction ("decreased", "lower", "up", "a decline of", "increase"): the words of the
  answer, not the question's grading, decide. "A decrease of -5" is no sign error.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.years import YEAR as _YEAR  # (one year pattern)
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._named import value_years
from crossfoot.rules._shown import SHOWN
from crossfoot.rules.alignment_change import _SCALES

__all__ = ["asked_direction", "sign_misfit"]

_Y = r"(?:(?:fiscal|calendar|financial)\s+)?(?:years?\s+)?(?:fy\s*)?((?:19|20)\d\d)"
# "from 2024 to 2025", "from fiscal 2024 through 2025"
_FROM_TO = re.compile(rf"(?i)\bfrom\s+(?:the\s+)?{_Y}\s*,?\s*(?:to|through|until|-|–)\s+{_Y}\b")
# "in 2025 from 2024", "for 2025 over 2024"
_IN_FROM = re.compile(
    rf"(?i)\b(?:in|for|during)\s+(?:the\s+)?{_Y}\s+(?:from|over|compared\s+(?:to|with)|"
    rf"versus|vs\.?|relative\s+to|against)\s+(?:the\s+)?{_Y}\b"
)
# "X as at June 30, 2019 as compared to X as at June 30, 2017": a later year, then a word of
# comparison, then an earlier year, no other year between
_COMPARED = re.compile(
    r"(?i)(?<!\d)((?:19|20)\d\d)(?!\d)(?:(?!(?:19|20)\d\d)[^?])*?\b(?:as\s+)?(?:compared\s+"
    r"(?:to|with)|versus|vs\.?|relative\s+to|against)\b(?:(?!(?:19|20)\d\d)[^?])*?(?<!\d)"
    r"((?:19|20)\d\d)(?!\d)"
)
# A question asking for a fall is answered by its size; "increase / (decrease)" asks for a
# signed figure and is read as a change.
_SIGNED = re.compile(r"(?i)\bincrease\s*/?\s*\(?\s*decrease\s*\)?")
_ASKS_DOWN = re.compile(
    r"(?i)\b(?:decreas\w*|declin\w*|drop\w*|fell|fall\w*|reduc\w*|lower\w*|shr[iu]nk\w*|"
    r"less|fewer|loss\w*|lose|lost|absolute|magnitude)\b"
)
# Words that state a direction in the answer: then its words, not its sign, say which way.
_DIRECTION = re.compile(
    r"(?i)\b(?:increas\w*|decreas\w*|declin\w*|ris(?:e|es|ing|en)|rose|gr[eo]w\w*|fell|fall\w*|"
    r"drop\w*|reduc\w*|lower\w*|higher|up|down\w*|gain\w*|loss\w*|lost|less|more|fewer|"
    r"negative|positive|improv\w*|deteriorat\w*|shr[iu]nk\w*|climb\w*|jump\w*|slid\w*|"
    r"saving\w*|surplus|deficit|contract\w*|expan\w*|widen\w*|narrow\w*)\b"
)
_CHANGE_KINDS = frozenset({"difference", "written_calculation", "change", "restatement"})


def asked_direction(question: str) -> tuple[int, int] | None:
    """(earlier year, later year) of a change the question asks in that direction, or None.

    >>> asked_direction("What was the change in sales from 2024 to 2025?")
    (2024, 2025)
    >>> asked_direction("What is the difference between X as at 2019 as compared to X as at 2017?")
    (2017, 2019)
    >>> asked_direction("What was the change in sales between 2024 and 2025?") is None
    True
    >>> asked_direction("What was the change in sales from 2025 to 2024?") is None
    True
    """
    found: set[tuple[int, int]] = set()
    for m in _FROM_TO.finditer(question):
        found.add((int(m.group(1)), int(m.group(2))))
    for pattern in (_IN_FROM, _COMPARED):
        for m in pattern.finditer(question):
            found.add((int(m.group(2)), int(m.group(1))))
    if len(found) != 1:
        return None
    ((a, b),) = found
    return (a, b) if a < b else None


def _lines(ops: Sequence[SourceValue]) -> frozenset[tuple[object, ...]] | None:
    """The lines the values are of, without their years: the rows of cells of one year's
    column, the columns of cells of one year's row, or record fields' stems; None when they
    are of several tables or sources."""
    if all(v.table is not None for v in ops):
        if len({(v.source_id, v.table, v.view) for v in ops}) != 1:
            return None
        rows = frozenset(("row", v.row_index) for v in ops)
        cols = frozenset(("col", v.col_index) for v in ops)
        return rows | cols
    if all(v.field is not None for v in ops):
        return frozenset(("field", v.source_id, _YEAR.sub("", v.field or "")) for v in ops)
    return None


def _pair(ops: Sequence[SourceValue], years: tuple[int, int]) -> tuple[Decimal, Decimal] | None:
    """The two years' values of one line (or the sums of one set of lines: "$3,995" summed
    from a year's parts), when every operand is of one of the two years."""
    at: dict[int, list[SourceValue]] = {years[0]: [], years[1]: []}
    for v in ops:
        # (a fiscal year ending in January-March is read as either year: the asked one counts)
        ys = value_years(v) & set(years)
        if len(ys) != 1:
            return None
        at[min(ys)].append(v)
    first, last = at[years[0]], at[years[1]]
    if not first or not last or len(first) != len(last):
        return None
    a, b = _lines(first), _lines(last)
    if a is None or b is None or _lines(first + last) is None or not a & b:
        return None
    return sum((v.value for v in first), Decimal(0)), sum((v.value for v in last), Decimal(0))


def _says_direction(claims: Sequence[Claim]) -> bool:
    """Whether a sentence of the answer with a figure writes a direction."""
    seen: set[int] = set()
    for c in claims:
        s = c.sentence
        if s.start in seen:
            continue
        seen.add(s.start)
        if _DIRECTION.search(s.text):
            return True
    return False


def sign_misfit(
    ask: Ask, c: Claim, evs: Sequence[Evidence | None], claims: Sequence[Claim]
) -> str | None:
    """Why a change figure has the other sign than the change the question asks for, or None
    (see the module docstring). ``evs``: the claim's evidence and what it restates; the first
    that is the change of one line's two asked values is read."""
    m = c.mention
    if ask.op != "change" or m.value == 0 or m.high is not None:
        return None
    if m.kind not in ("money", "number") or _ASKS_DOWN.search(_SIGNED.sub(" ", ask.text)):
        return None
    years = asked_direction(ask.text)
    if years is None:
        return None
    # The change is computed from figures the answer shows (its own calculation, or its own
    # stated values): a bare figure alone is not judged (ConvFinQA's references write "the net
    # change from 2007 to 2008" of a fall as its size: tried, +2 false alarms of its earlier turns)
    if not any(ev is not None and ev.rule in SHOWN for ev in evs):
        return None
    change = next((d for ev in evs if (d := _change(ev, years)) is not None), None)
    if change is None or (m.value > 0) == (change > 0) or _says_direction(claims):
        return None
    a, b = years
    way = "rose" if change > 0 else "fell"
    return (
        f"the question asks for the change from {a} to {b}, when the line {way}; this figure "
        f"is written with the other sign"
    )


def _change(ev: Evidence | None, years: tuple[int, int]) -> Decimal | None:
    """The change of one line from the first year to the second, when ``ev`` derives a figure
    of its size from the line's two values (both positive), else None."""
    if ev is None or ev.kind not in _CHANGE_KINDS or ev.result is None:
        return None
    pair = _pair(ev.operands, years)
    if pair is None or pair[0] <= 0 or pair[1] <= 0 or pair[0] == pair[1]:
        return None
    change = pair[1] - pair[0]
    # (at the line's scale or a unit word's: "$4,800 - $5,400 = -$600 thousand" takes the
    # written cells and gives the figure in thousands)
    size, gap = abs(ev.result), abs(change)
    if all(abs(size - gap * f) > gap * f * Decimal("0.0005") for f in _SCALES):
        return None
    return change
