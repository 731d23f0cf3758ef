"""Which numbers of an answer traced against result rows are claims about the data.

Part of :func:`crossfoot.trace` (see :mod:`crossfoot.front.trace` for the list of what is skipped):
ranks and list sizes, time windows and labels, subset counts over the rows, numbers inside inline
code, and with ``ignore_below`` small plain numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from crossfoot.front.policy import Policy
from crossfoot.language.asked import read_question
from crossfoot.language.column_bar import may_bar_column
from crossfoot.language.owncount import counts_past_bar, may_count_own, own_count_at
from crossfoot.language.question import asks_past_bar
from crossfoot.language.rowtokens import noun_at
from crossfoot.language.year_signs import count_spans
from crossfoot.model.types import Mention
from crossfoot.sources.rows import TableInfo, unit_family

__all__ = ["RANK_WORDS", "keep_filter"]

# Words right before a number that make it a rank, a list size or a label, not a data value.
_RANK_BEFORE = re.compile(
    r"(?:\b(?:top|bottom|first|last|next|past|best|worst|rank(?:ed)?|no\.|number|step|page|"
    r"section|table|figure|chapter|version|item|question|week|day|month|quarter|fy|q|h|"
    r"phase|round|tier|level|group|line|row|column|option|part|limit)|#)\s*$",
    re.IGNORECASE,
)
# _RANK_BEFORE's words (its letters-only alternatives; "no." and "#" are tested apart).
_RANK_WORDS = frozenset(
    "top bottom first last next past best worst rank ranked number step page section table "
    "figure chapter version item question week day month quarter fy q h phase round tier level "
    "group line row column option part limit".split()
)
RANK_WORDS = _RANK_WORDS  # (front/trace_fast: a number after one in a row label is no claim)


def rank_before(before: str) -> bool:
    """``_RANK_BEFORE.search(before) is not None``, without the regex for ASCII text.

    The pattern ends in ``\\s*$``: a match is a word of it (after a word boundary), "no." or "#"
    ending the text with only white space after it. In ASCII text its IGNORECASE matches ASCII
    letters only, ``\\s`` is what ``str.rstrip`` strips and ``\\w`` is ``[A-Za-z0-9_]``, so the
    letters-only words match when the text's last run of word characters is one of them.
    Other text (the four non-ASCII letters ``re`` folds to ASCII ones) runs the pattern.

    >>> rank_before("the top "), rank_before("a stop "), rank_before("see #"), rank_before("FY")
    (True, False, True, True)
    """
    if not before.isascii():
        return _RANK_BEFORE.search(before) is not None
    s = before.rstrip()
    if s.endswith("#"):
        return True
    i = len(s)
    while i and (s[i - 1].isalnum() or s[i - 1] == "_"):
        i -= 1
    if i == len(s):  # no word character last: only "no." can end it
        return s[-3:].lower() == "no." and (len(s) == 3 or not _is_word(s[-4]))
    return s[i:].lower() in _RANK_WORDS


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


# Nouns right after a number that make it a time span or a list size.
_TIME_AFTER = re.compile(
    r"^\s*(?:-\s*)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?|"
    r"decades?|yrs?|mos?)\b",
    re.IGNORECASE,
)
_SUPERLATIVE_AFTER = re.compile(
    r"^\s*(?:largest|biggest|smallest|highest|lowest|best|worst|top|bottom|leading|most|least|"
    r"strongest|weakest|fastest|slowest)\b",
    re.IGNORECASE,
)
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|by|during|until|through|to|of|for|fy|year|early|late|mid|before|after)"
    r"\s*[-\s]?$",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][A-Za-z_-]*")
_DATED = re.compile(r"(?:19|20)\d\d")
_CODE = re.compile(r"`[^`\n]*`|```.*?```", re.DOTALL)


@lru_cache(maxsize=1024)  # the same columns come back call after call: their words once
def measured_words(columns: tuple[str, ...], key: str | None) -> frozenset[str]:
    """Singular words (three letters or more) of the measured (non-key) columns' names."""
    words: set[str] = set()
    for c in columns:
        if c != key:
            words.update(w.rstrip("s") for w in unit_family(c).split() if len(w) > 2)
    return frozenset(words)


@lru_cache(maxsize=4096)  # a column's words, for every claim and narrowed cell that asks
def column_words(column: str) -> frozenset[str]:
    """The singular words of a column's unit family ("revenue_2024" -> {"revenue"})."""
    return frozenset(w.rstrip("s") for w in unit_family(column).split())


@lru_cache(maxsize=1024)
def _key_words(key: str) -> frozenset[str]:
    return frozenset(w.rstrip("s") for w in re.split(r"[^a-z]+", key.lower()) if w)


def keep_filter(
    text: str, policy: Policy, info: Sequence[TableInfo], question: str | None = None
) -> Callable[[Mention], bool]:
    """Which numbers of the answer are claims about the data (see the module docstring);
    ``question``: a question's "how many <noun> had <column> above $X?" makes the count of the
    noun a claim, which the rows do confirm (``rules.counts``)."""
    code = [(m.start(), m.end()) for m in _CODE.finditer(text)] if "`" in text else []
    measured: set[str] = set()
    row_nouns: set[str] = set()
    row_counts = {t.rows for t in info}
    most_rows = max(row_counts, default=0)
    for t in info:
        measured.update(measured_words(t.columns, t.key))
        if t.key:
            row_nouns.update(_key_words(t.key))
    row_nouns -= measured
    counted = _counted(question, measured) if question else None
    # a count with a bar of its own, or with a move where a result set has two years to move
    # between ("2 regions grew" over rows of one year is no count the rows can judge)
    dated = any(sum(_DATED.search(c) is not None for c in t.columns) >= 2 for t in info)
    bars = counts_past_bar(text) or may_bar_column(text) or (dated and may_count_own(text))
    moves = dated
    signed = count_spans(text)  # "fell in 2 of the 4 years" (rules.signed_years)

    def keep(m: Mention) -> bool:
        if code and any(a <= m.start < b for a, b in code):
            return False
        if m.kind != "number" or m.currency:
            return True  # money, percentages and the like: always a claim (no test below)
        if policy.ignore_below and abs(m.value) <= policy.ignore_below:
            return False
        before = text[max(0, m.start - 24) : m.start]
        after = text[m.end : m.end + 30]
        at = noun_at(text, m.end)  # "2 of the 3 stores": the noun after "of the"
        noun_match = _WORD.match(text[at : at + 40].lstrip())
        noun = noun_match.group(0).lower().rstrip("s") if noun_match else ""
        if noun in measured:
            return True  # "61 stores" with a stores column: a value claim, always checked
        whole = m.value == m.value.to_integral_value() and m.precision <= 1
        if policy.ignore_years and whole and 1900 <= m.value <= 2100:
            if "," not in m.text and _YEAR_BEFORE.search(before):
                return False
        if not whole:
            return True
        if bars and own_count_at(text, m, moves):  # "3 of the 4 regions had revenue above $4M"
            return True
        if signed and (m.start, m.end) in signed:
            return True
        if rank_before(before) or _SUPERLATIVE_AFTER.match(after):
            return False
        if _TIME_AFTER.match(after):
            return False
        # "2 regions grew": a count of some of the rows, which the rows cannot confirm; the
        # count of all of them ("all 4 regions") stays a claim (rowsums grounds it).
        # The count a question asks for ("How many regions had revenue above $4M?") is the answer.
        if counted is not None and noun == counted and noun in row_nouns:
            return True
        return not (noun in row_nouns and 0 < m.value < most_rows and m.value not in row_counts)

    return keep


def _counted(question: str, measured: set[str]) -> str | None:
    """The noun, singular, of a question's "how many <noun>" that compares a column it names
    with a bar of its own (None otherwise: a count of rows past a derived figure, "How many
    regions grew by more than 5%?", is no count the rows state)."""
    if not asks_past_bar(question):
        return None
    ask = read_question(question)
    if ask.op != "count" or not ask.counted:
        return None
    words = {w.lower().rstrip("s") for w in _WORD.findall(question)}
    return ask.counted.lower().rstrip("s") if words & measured else None
