"""Which numbers of an answer the engine judges, and how much of a long answer it reads.

``claims_of`` marks the mentions that are no claims (years, formula constants, citation
numbers, count words, what ``keep`` rejects); ``read_claims`` reads a long answer that states more
figures than ``max_claims`` only as far as its checked figures need (issue 17: a megabyte of
figures costs what its first few thousand do). Part of :mod:`crossfoot.engine`, below the rules.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import NamedTuple

from crossfoot.arithmetic.calculations import constant_mentions
from crossfoot.language.readings import (
    apply_notes,
    by_to,
    counts_not_years,
    list_items,
    restatements,
)
from crossfoot.language.sentences import Citation
from crossfoot.model.context import WINDOW
from crossfoot.model.options import Options
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract
from crossfoot.numbers.words import MULTIPLIERS, NUMBER_WORDS

__all__ = ["claims_of", "is_count_word", "read_claims", "read_prefix", "read_prefix_found"]


# An answer longer than this is read in growing prefixes (see read_claims).
_PREFIX = 16_000
_SENTENCE_BREAK = re.compile(r"[.!?]\s|\n")


def read_claims(
    text: str,
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
    found: list[Mention] | None,
) -> tuple[str, tuple[Mention, ...]]:
    """The text the rules read and its mentions: the whole answer, or, when it states more
    figures than ``max_claims`` (which then fails it), a prefix that holds the figures checked
    with room after them (:func:`_cut`)."""
    if found is None:
        cut = _cut(text, cites, keep, options)
        if cut is not None:
            return cut.prefix, cut.mentions
    return text, tuple(claims_of(text, cites, keep, options, found))


class _Cut(NamedTuple):
    prefix: str
    mentions: tuple[Mention, ...]  # claims_of(prefix)
    raw: list[Mention]  # extract(list_items(prefix))
    read: list[Mention]  # _read(prefix, raw)
    constants: set[int]  # constant_mentions(prefix, read)


# The reading of the prefix read_prefix chose last, for trace's check of that prefix (which
# extracts the same text and reads its claims again, after the engine's new_answer() emptied the
# tokenizer's memos). Claimed by the identity of the prefix and of the extraction handed out with
# it, so no other text or extraction, and no later trace of the same answer, can meet it.
_handed: _Cut | None = None


def _cut(
    text: str,
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
) -> _Cut | None:
    """A prefix of ``text`` holding more figures than ``max_claims`` and its mentions, or None
    when the whole text is to be read. Prefixes double from 16 KB (or from where the text may
    first hold that many figures) until one does, so a megabyte of figures costs what its first
    few thousand do, not a read of every number in it. A prefix of more than half the text is
    not tried: reading the whole costs at most twice as much, and nothing when the prefix would
    not have held enough (issue 17: a 100 KB answer of 1,400 figures and 2,900 digit runs read
    prefixes of 16, 32 and 64 KB before the whole, 12x the time of 10 KB)."""
    if len(text) <= _PREFIX:
        return None
    size = _PREFIX
    if text.isascii():
        at = _figure_part_at(text, options.max_claims)
        if at is None:
            return None  # every figure of it is checked: read it whole, once
        size = max(size, at)  # no shorter prefix holds more than max_claims figures
    limit = options.max_claims
    while 2 * size <= len(text):
        brk = _SENTENCE_BREAK.search(text, size, size + 4_096)
        cut = brk.end() if brk is not None else size
        size *= 2
        prefix = text[:cut]
        raw = extract(list_items(prefix), locale=options.locale)
        found = _read(prefix, options, raw)
        if _at_most(found, limit):
            # claims_of only ever turns a mention's claim off: a prefix without more figures
            # than max_claims among these does not hold enough, and its formula constants (a
            # tokenizer over the whole prefix) are not read (tests/test_speed_paths_speed15.py).
            continue
        constants = constant_mentions(prefix, found)
        mentions = _judged(prefix, found, constants, cites, keep, options)
        claims = [m for m in mentions if m.claim]
        # Enough when the prefix holds more figures than are checked, and the last checked one
        # is far enough from the cut that nothing it reads (its window, its sentence) is cut.
        if len(claims) > limit and (limit == 0 or claims[limit - 1].end + 4 * WINDOW <= cut):
            return _Cut(prefix, tuple(mentions), raw, found, constants)
    return None


def _at_most(found: list[Mention], limit: int) -> bool:
    """Whether no more than ``limit`` of ``found`` may be claims (years never are)."""
    n = 0
    for m in found:
        if m.claim and m.kind != "year":
            n += 1
            if n > limit:
                return False
    return True


# Every figure of an ASCII text holds a digit run or a number word ("a million" its multiplier),
# and no two figures share one: the count of these is an upper bound on the figures.
_FIGURE_PARTS = re.compile(
    r"\d+|\b(?:" + "|".join(sorted((*NUMBER_WORDS, *MULTIPLIERS), key=len, reverse=True)) + ")",
    re.IGNORECASE,
)


def _figure_part_at(text: str, index: int) -> int | None:
    """Where the part of (0-based) ``index`` starts, None when there are no more parts than
    ``index`` (then no more figures either)."""
    for i, m in enumerate(_FIGURE_PARTS.finditer(text)):
        if i == index:
            return m.start()
    return None


def read_prefix(text: str, options: Options) -> str:
    """What the rules of a check read of ``text``: the whole text, or the prefix the engine's
    ``verify`` reads of a long answer with more figures than ``max_claims`` (trace reads the
    same). A text of up to 16 KB is read whole without extracting anything.

    >>> from crossfoot.model.options import Options
    >>> read_prefix("Revenue was $3.2bn. " * 10, Options()) == "Revenue was $3.2bn. " * 10
    True
    """
    return read_prefix_found(text, options)[0]


def read_prefix_found(text: str, options: Options) -> tuple[str, list[Mention] | None]:
    """:func:`read_prefix`, and ``extract(prefix, locale=options.locale)`` when the cut made it
    (None otherwise). A caller that checks the prefix with that very list as its ``found`` has
    its claims read once: :func:`claims_of` takes the cut's reading of them over again.

    >>> from crossfoot.model.options import Options
    >>> read_prefix_found("Revenue was $3.2bn. " * 10, Options())[1] is None
    True
    """
    global _handed
    _handed = None
    cut = _cut(text, [], None, options)
    if cut is None:
        return text, None
    if list_items(cut.prefix) != cut.prefix:
        return cut.prefix, None  # (a list written as code: the cut read another text)
    _handed = cut
    return cut.prefix, cut.raw


def claims_of(
    text: str,
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
    found: list[Mention] | None = None,
) -> list[Mention]:
    """Mentions of the answer, with non-claims marked ``claim=False``.

    >>> [m.claim for m in claims_of("In 2024 revenue was $5m.", [], None, Options())]
    [False, True]
    """
    cut = _handed  # (read once: another thread may hand over another cut meanwhile)
    if found is not None and cut is not None:
        if text is cut.prefix and found is cut.raw:
            return _judged(text, cut.read, cut.constants, cites, keep, options)
    read = _read(text, options, found)
    return _judged(text, read, constant_mentions(text, read), cites, keep, options)


def _read(text: str, options: Options, found: list[Mention] | None) -> list[Mention]:
    """The mentions of ``text`` (``found``, or extracted) as the answer's readings leave them."""
    found = extract(list_items(text), locale=options.locale) if found is None else list(found)
    # the answer's own unit note and restatements in parentheses (language.readings)
    return restatements(text, apply_notes(text, by_to(text, counts_not_years(text, found))))


def _judged(
    text: str,
    found: list[Mention],
    constants: set[int],
    cites: list[Citation],
    keep: Callable[[Mention], bool] | None,
    options: Options,
) -> list[Mention]:
    """``found`` (read by :func:`_read`; ``constants`` its formula constants) with the mentions
    that are no claims marked."""
    out: list[Mention] = []
    starts = [c.start for c in cites]
    for i, m in enumerate(found):
        j = bisect_right(starts, m.start) - 1
        if j >= 0 and m.start < cites[j].end:
            continue  # the "1" of "[1]"
        is_claim = m.claim and m.kind != "year" and i not in constants
        if is_claim and not options.result_rows and is_count_word(m):
            # "three regions", "two years": counts of things the answer talks about, which
            # documents rarely state as values. Over result rows they are row counts (trace).
            is_claim = False
        if is_claim and keep is not None and not keep(m):
            is_claim = False
        out.append(m if is_claim == m.claim else _with_claim(m, is_claim))
    return out


# Every field of a Mention in order, ``claim`` replaced (dataclasses.replace reads and checks
# each field by name: about ten times the cost of this, once per year or non-claim of every
# answer). ``claim`` is not the last field: ``unit`` and ``unreadable`` follow it.
_MENTION_FIELDS = attrgetter(*(f.name for f in fields(Mention)))
_CLAIM_AT = [f.name for f in fields(Mention)].index("claim")


def _with_claim(m: Mention, claim: bool) -> Mention:
    v = _MENTION_FIELDS(m)
    return Mention(*v[:_CLAIM_AT], claim, *v[_CLAIM_AT + 1 :])  # type: ignore[call-arg]


def is_count_word(m: Mention) -> bool:
    """A number written as a word below 100 ("three regions"): a count, no claim by default."""
    if m.kind != "number" or abs(m.value) >= 100 or any(ch.isdigit() for ch in m.text):
        return False
    return m.value == m.value.to_integral_value()  # "three quarters of" is a claim
