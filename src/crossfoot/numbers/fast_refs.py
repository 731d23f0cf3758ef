"""The digits after a reference word ("Note 4", "item 2"): the fast path's test that the full
reader drops them (moved out of :mod:`crossfoot.numbers.fast`, round 42, speed59; its module was
at 500 lines). Imported back there under the same names.
"""

from __future__ import annotations

from crossfoot.numbers.affixes import _before_tables, _index
from crossfoot.numbers.around import ALONE_AFTER, Env
from crossfoot.numbers.context import ends_at, tail_end
from crossfoot.numbers.cores import Digits
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import COMPOUND_RE, PREFIX_ENDS, REF_ENDS, ref_before
from crossfoot.numbers.prefix import Marks, may_prefix, read_prefix

__all__ = [
    "_NO_PREFIX", "_SPACES", "_no_prefix", "_read_no_prefix", "_reference", "_reference_word"
]  # fmt: skip


def _reference(text: str, s0: int, e0: int, env: Env, floor: int) -> bool:
    """Whether the plain digits at ``s0`` after a space follow a reference word ("Note 4",
    "item 2", "row 12", "Step 1"), which the reader drops (``reading._not_a_number_before``)
    after stages that find nothing here: no compound, power of ten or fraction after the digits
    ("1-2", "1/2", "2.8:1": those go on to the reader), no set-apart cell, and nothing the
    prefix reader reads before them (asked of ``prefix.read_prefix`` itself when its gate is
    open: "em" of "item" ends a CLDR symbol). ``floor``: where the previous number ended."""
    if not text[s0 - 2].isspace():
        # ends_at's own gate on the two characters before the space, first: most numbers the
        # fast path leaves to the reader follow no reference word, and pay only this.
        end = text[s0 - 3 if s0 >= 3 else 0 : s0 - 1].lower()[-2:]
        if end not in REF_ENDS.last2 and end[-1:] not in REF_ENDS.last1 and end[-1:] != ".":
            return False
    follow = text[e0 : e0 + 1]
    if env.glued or not text[s0:e0].isdigit() or (follow in ALONE_AFTER and " " in env.alone):
        return False
    if follow and (follow in _COMPOUND_NEXT or follow.isalpha()):
        if COMPOUND_RE.match(text, s0) is not None:  # (reading._start's own test)
            return False
    before = text[s0 - 4 if s0 > 4 else 0 : s0].rstrip(_SPACES)[-2:]
    if before[-1:] == "$":
        return False
    if not _reference_word(text[s0 - 24 if s0 > 24 else 0 : s0]):
        return False
    # the reader's own prefix stage must read nothing
    return not may_prefix(before, env) or _no_prefix(text, s0, e0, env, floor, before)


def _reference_word(before: str) -> bool:
    """Whether the 24 characters before the digits (fewer at the text's start) end in a
    reference word (``context.ends_at`` on ``REF_ENDS`` and ``patterns.ref_before``, which read
    those and no others): kept by those characters ("item 2", "Note 4" recur; ~4 us a reading).
    """
    found = _REFERENCE.get(before)
    if found is None:
        n = len(before)
        found = ends_at(before, n, REF_ENDS, tail_end(before, n)[0]) and ref_before(before, n)
        if len(_REFERENCE) >= 512:
            _REFERENCE.clear()
        _REFERENCE[before] = found
    return found


_REFERENCE: dict[str, bool] = {}


def _no_prefix(text: str, s0: int, e0: int, env: Env, floor: int, before: str) -> bool:
    """Whether ``prefix.read_prefix`` reads nothing before the digits at ``s0`` (a sign, a
    currency, a symbol, a scale word or a "%"). Without a locale, and when the character before
    the digits ends no PREFIX_RE prefix ("item 2": an "m"), the reader looks at most
    :data:`_PREFIX_READS` characters back and two past the digits: the answer is kept by those
    characters, where the previous number ended among them, and the digits' place in them
    ("Note 4", "item 2" recur; ~2 us a reading)."""
    ch = before[-1:]
    if env.convention is not None or ch in PREFIX_ENDS or ch.isupper():
        return _read_no_prefix(text, s0, e0, env, floor, before)
    lo = s0 - _PREFIX_READS if s0 > _PREFIX_READS else 0
    key = (text[lo : e0 + 2], s0 - lo, e0 - lo, floor - lo if floor > lo else -1)
    found = _NO_PREFIX.get(key)
    if found is None:
        found = _read_no_prefix(text, s0, e0, env, floor, before)
        if len(_NO_PREFIX) >= 512:
            _NO_PREFIX.clear()
        _NO_PREFIX[key] = found
    return found


def _read_no_prefix(text: str, s0: int, e0: int, env: Env, floor: int, before: str) -> bool:
    num = Num(s0, e0, text[s0:e0], 0)
    marks = Marks(num, Digits(num.digits, 0, True, False), False, "", s0)
    read_prefix(text, s0, floor, num, marks, env, before)
    if num.start != s0 or num.currency is not None or marks.sign or marks.paren:
        return False
    return num.kind == "number" and not num.scale_exp and not num.negative


# How far before the digits read_prefix reads when PREFIX_RE's part does not run: up to three
# spaces, the longest CLDR symbol and the character before it, and a minus two before that
# (affixes.symbol_before, around._sign_before); two spaces and the longest scale word written
# first, the same (affixes.scale_before); a "%" and a space (around._percent_before).
_PREFIX_READS = (
    max(
        3 + max(map(len, _index(None).symbols)) + 3,
        2 + max(map(len, _before_tables(None)[0])) + 3,
        6,
    )
    + 2
)
_NO_PREFIX: dict[tuple[str, int, int, int], bool] = {}


# What continues a core into a compound the reader reads first ("1-2", "2019/20", "2.8:1").
_COMPOUND_NEXT = frozenset("-/.:(")
# The spaces read_number strips before the two characters may_prefix looks at.
_SPACES = " \t\u00a0\u202f\u2009"
