"""How much of the source texts of one check is read: ``max_source_numbers`` (issue 17).

Reading a source text costs some tens of microseconds a number (its tables, its prose, a
:class:`~crossfoot.model.types.SourceValue` or two each), so a megabyte dense with figures (half
a million of them) took seconds. The texts of one check are read in the order given until they
have offered :data:`~crossfoot.model.options.MAX_SOURCE_NUMBERS` numbers between them (the
option ``max_source_numbers``); the text where the bound falls is cut before the number that
passes it (at the line or space before it, so no number is read cut in two), the texts after it
are not read, and the report says so. A figure whose value is only in the unread part is not
found, and fails: the bound never makes a figure pass.

Numbers are counted before anything is read, cheaply: a run of digits with its "," and "."
groups ("1,234.5" is one, "2024-01-31" three), and a number word ("twelve", "million"). Record
fields and the tables given in a record (``"table"``) are data the caller built, and are read
whole.

>>> budget = NumberBudget(3)
>>> budget.cut("a 1 b 2"), budget.left
(None, 1)
>>> text = "c 3.5\\nd 4 e 5"
>>> budget.cut(text), text[: budget.cut_at]
(True, 'c 3.5\\n')
"""

from __future__ import annotations

import re
from bisect import bisect_left

from crossfoot.numbers.patterns import word_starts
from crossfoot.numbers.words import MULTIPLIERS, NUMBER_WORDS

__all__ = ["NumberBudget", "number_at"]

# A number as counted: digits with their groups; \d is every script's decimal digit.
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
# Number words, for a text word_starts cannot shortcut (slower, and rare).
_WORDS = re.compile(
    r"\b(?:" + "|".join(sorted((*NUMBER_WORDS, *MULTIPLIERS), key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
# How far back from the first number not read the cut looks for a line break, then a space.
_LINE_BACK, _SPACE_BACK = 4_096, 256


def _word_positions(text: str) -> list[int]:
    """Where number words start (the tokens the number reader tries), in order."""
    starts = word_starts(text)  # in C, mostly: a set of the text's letter tokens
    if starts is None:  # a character that case-folds to a letter of a number word
        return [m.start() for m in _WORDS.finditer(text)]
    return starts


def number_at(text: str, index: int) -> tuple[int | None, int]:
    """Where the number of (0-based) ``index`` starts in ``text``, counted as this module counts,
    and how many numbers were counted up to it; ``(None, count)`` when the text holds no more than
    ``index`` numbers, ``count`` being all of them.

    >>> number_at("one 2 three 4", 2), number_at("1 2", 5)
    ((6, 2), (None, 2))
    """
    words = _word_positions(text)
    total = len(_DIGITS.findall(text)) + len(words)  # (in C: most texts hold fewer than index)
    if total <= index:
        return None, total  # no run can reach index below: i + before < runs + len(words)
    i = -1
    for i, m in enumerate(_DIGITS.finditer(text)):
        before = bisect_left(words, m.start())  # number words before this digit run
        if i + before >= index:
            if i + before == index:
                return m.start(), index
            return words[index - i], index  # a word between the previous run and this one
    runs = i + 1
    if runs + len(words) > index:
        return words[index - runs], index
    return None, runs + len(words)


class NumberBudget:
    """The numbers still to be read from the source texts of one check (None: no bound), and
    what the bound cut: ``cut(text)`` says whether to cut the next text and where (``cut_at``)."""

    __slots__ = ("cut_at", "left", "limit", "unread")

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.left = limit
        self.cut_at = 0  # where the last text cut was cut
        self.unread: list[str] = []  # ids of the sources not read at all (set by the caller)

    def cut(self, text: str) -> bool | None:
        """None when all of ``text`` is read (its numbers are taken from what is left), else True,
        with ``cut_at`` the number of characters to read (0: none); nothing is left after it."""
        if self.left is None:
            return None
        spent = self.left == 0
        at, counted = number_at(text, self.left)
        if at is None:
            self.left -= counted
            return None
        self.left = 0
        # (A text after the one the bound fell in is not read at all, not even up to its first
        # number: one note names them all.)
        self.cut_at = 0 if spent else _clean_cut(text, at)
        return True

    def note(self, sid: str, chars: int, read: int) -> str:
        """The report's note on a source cut after ``read`` of its ``chars`` characters."""
        return (
            f"source {sid}: only the first {read:,} of its {chars:,} characters were read "
            f"(option max_source_numbers={self.limit:,}: the source texts of one check are read "
            "up to that many numbers, all together); a figure stated only after them is not found"
        )

    def unread_note(self) -> str | None:
        """The note on the sources not read at all, or None when there is none."""
        if not self.unread:
            return None
        shown = ", ".join(self.unread[:5])
        more = f" and {len(self.unread) - 5:,} more" if len(self.unread) > 5 else ""
        return (
            f"sources not read: {shown}{more} (option max_source_numbers={self.limit or 0:,}: "
            "the source texts before them hold that many numbers); a figure stated only there "
            "is not found"
        )


def _clean_cut(text: str, at: int) -> int:
    """A cut at or before ``at`` that splits no number: after the last line break shortly before
    it, else after the last space that is not between two digits ("1 234 567" is one number),
    else at ``at`` (a run of digits and signs with no space)."""
    line = text.rfind("\n", max(0, at - _LINE_BACK), at)
    if line >= 0:
        return line + 1
    for k in range(at - 1, max(-1, at - 1 - _SPACE_BACK), -1):
        if text[k].isspace() and not (text[k - 1 : k].isdigit() and text[k + 1 : k + 2].isdigit()):
            return k + 1
    return at
