"""Context checks :mod:`crossfoot.numbers.extract` asks about a few small bare integers only.

- :func:`context_skip`: the day of a written date ("December 31") or a list marker at line start
  ("1.", "2)"): not numbers at all.
- :func:`is_constant`: the 100 of "x 100" and a small divisor such as the 3 of "/ 3": numbers,
  but formula constants rather than claims.
- :func:`tail_end` and :func:`ends_at`: :func:`~crossfoot.numbers.patterns.ends_with` with the
  text before a number read once for the several word lists the reader asks about.

Both are guarded by cheap tests at their call site, so most numbers never reach them.
"""

from __future__ import annotations

from crossfoot.numbers.patterns import (
    APPROX_ENDS,
    DIVIDE_BEFORE_RE,
    DIVIDE_ENDS,
    FISCAL_ENDS,
    LIST_HEAD_RE,
    LIST_TAIL_RE,
    MONTH_AFTER_RE,
    MONTH_BEFORE_RE,
    MONTH_ENDS,
    REF_ENDS,
    TIMES_AFTER_RE,
    TIMES_BEFORE_RE,
    TIMES_ENDS,
    YEAR_AFTER_DAY_RE,
    Ends,
    ends_with,
    text_before,
)

__all__ = ["CONSTANT_DIGITS", "context_skip", "ends_at", "is_constant", "tail_end"]

#: The digits (leading zeros stripped) of every value :func:`is_constant` can accept: 2 to 12
#: and 100. A plain integer written otherwise skips the call.
CONSTANT_DIGITS = frozenset(map(str, [*range(2, 13), 100]))


def context_skip(text: str, digits: str, s0: int, e0: int) -> bool:
    """True for a day of a written date or a list marker at line start.

    Only asked about a bare plain integer of at most three digits with no unit, outside a cell.
    """
    if len(digits) <= 2 and 1 <= int(digits) <= 31:
        before = (
            MONTH_BEFORE_RE.search(text_before(text, s0, 16))
            if ends_with(text, s0, MONTH_ENDS, 16)
            else None
        )
        if before is not None:
            if before.group("m") != "may" or YEAR_AFTER_DAY_RE.match(text, e0):
                return True
        after = MONTH_AFTER_RE.match(text, e0)
        if after is not None:
            month = after.group("m")
            if month not in ("may", "mar") or YEAR_AFTER_DAY_RE.match(text, after.end()):
                return True
    if not text.startswith((".", ")"), e0):  # LIST_TAIL_RE's first character, tested first
        return False
    line_start = text.rfind("\n", max(0, s0 - 12), s0) + 1
    if (line_start > 0 or s0 <= 12) and LIST_HEAD_RE.fullmatch(text, line_start, s0):
        if LIST_TAIL_RE.match(text, e0) is not None:
            return True
    return False


def is_constant(text: str, start: int, end: int, number: bool, value: int) -> bool:
    """Whether the plain integer ``value`` at ``text[start:end]`` (a number when ``number``, else
    a percent) is the 100 of "x 100" or a small divisor such as the 3 of "/ 3".

    Only asked about a plain integer without currency or scale, of kind number or percent.
    """
    if value != 100 and not 2 <= value <= 12:
        return False
    before = text_before(text, start)
    times = ends_with(text, start, TIMES_ENDS) and TIMES_BEFORE_RE.search(before)
    divide = ends_with(text, start, DIVIDE_ENDS) and DIVIDE_BEFORE_RE.search(before)
    if value == 100:
        return bool(times or divide or (number and TIMES_AFTER_RE.match(text, end)))
    return number and bool(divide)


def tail_end(text: str, pos: int) -> tuple[str, bool]:
    """What :func:`~crossfoot.numbers.patterns.ends_with` (24 wide) first looks at before
    ``pos``: the last two characters past trailing spaces, lower-cased, or "" when no word of
    the reference, fiscal and approximate lists can end in them; and whether they are also those
    of a 40-wide tail (the 24 characters hold two past the spaces, or the whole text).

    >>> tail_end("rose by about  5", 15), tail_end("rose by 5", 8)
    (('ut', True), ('', True))
    """
    tail = text[pos - 24 if pos > 24 else 0 : pos].rstrip()
    end = tail[-2:].lower()[-2:]
    if end not in _NEAR.last2 and end[-1:] not in _NEAR.last1 and not end.endswith("."):
        end = ""
    return end, len(tail) >= 2 or pos <= 24


def ends_at(text: str, pos: int, ends: Ends, end: str, width: int = 24) -> bool:
    """``ends_with(text, pos, ends, width)`` for ``ends`` one of the reference, fiscal and
    approximate lists, where ``end`` is ``tail_end(text, pos)[0]`` (for a width over 24, only
    when its second value is True): most numbers settle on it.

    >>> from crossfoot.numbers.patterns import APPROX_ENDS
    >>> text = "rose by about 5"
    >>> ends_at(text, 14, APPROX_ENDS, tail_end(text, 14)[0], 40)
    True
    """
    if not end or (end not in ends.last2 and end[-1:] not in ends.last1 and not end.endswith(".")):
        return False
    return ends_with(text, pos, ends, width)


# The words tail_end looks for: every list it serves, in one gate.
_NEAR = Ends(
    (*REF_ENDS.words, *FISCAL_ENDS.words, *APPROX_ENDS.words),
    REF_ENDS.last2 | FISCAL_ENDS.last2 | APPROX_ENDS.last2,
    REF_ENDS.last1 | FISCAL_ENDS.last1 | APPROX_ENDS.last1,
)
