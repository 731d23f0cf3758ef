"""What is written before a number's digits: a sign, a currency, an opening parenthesis
(PREFIX_RE), then a CLDR symbol, code, scale word or "%"
(:func:`~crossfoot.numbers.around.table_prefix`).

:mod:`crossfoot.numbers.reading` asks :func:`read_prefix` only when :func:`may_prefix` says the
last two characters before the digits can end one of them, and reads a lone "$" itself when
:func:`lone_dollar` says PREFIX_RE would find nothing more (tests check both gates). The stages of
one reading share a :class:`Marks`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crossfoot.numbers.around import Env, in_locale, longer_symbol, table_prefix
from crossfoot.numbers.cores import Digits
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import PREFIX_ENDS, currency_code, prefix_match

__all__ = ["Marks", "lone_dollar", "may_prefix", "read_prefix"]

_CURRENCY_ONLY = (None, None, None, None)  # PREFIX_RE's parenthesis and sign groups, all unset


@dataclass(slots=True)
class Marks:
    """What the stages of one reading tell each other about the marks around the digits."""

    num: Num
    read: Digits
    paren: bool = False
    sign: str = ""
    inner_start: int = 0  # where the mention starts when a "(" turns out not to be a negative
    currency_outside: bool = False
    closed: bool = False
    unit_kind: str = ""
    tail: str = ""  # tail_end() before the digits: "" when no listed word ends there
    wide: bool = False  # the tail is also that of a 40-wide window (tail_end's second value)


def lone_dollar(text: str, s0: int, floor: int) -> bool:
    """Whether the "$" before the digits at ``s0`` (past up to three spaces) is all PREFIX_RE
    finds there: the character before it joins no sign, "(", "US", "\\" or longer symbol to it
    (tests check)."""
    q = text.rindex("$", 0, s0)
    if q < floor:
        return False
    c0 = text[q - 1] if q >= 1 else ""
    if c0 in _DOLLAR_JOINS or c0.isalpha():
        return False
    return c0 not in _PAREN_SPACES or text[q - 2 : q - 1] != "("  # "( $5"


_DOLLAR_JOINS = frozenset("(-−–+$\\")
_PAREN_SPACES = frozenset(" \t\u00a0\u202f\u2009")


def may_prefix(before: str, env: Env) -> bool:
    """Whether a sign, currency, "(", CLDR symbol, scale word or "%" may end in ``before``
    (:func:`~crossfoot.numbers.patterns.prefix_tail` of the digits): else :func:`read_prefix`
    reads nothing (tests check it)."""
    ch = before[-1:]
    return bool(ch) and (
        ch in env.pre_ends or before in env.tails or before.isupper() or ch.isupper()
    )


def read_prefix(
    text: str, s0: int, floor: int, num: Num, marks: Marks, env: Env, before: str
) -> None:
    """A sign, a currency or an opening parenthesis written before the digits; then a symbol,
    code, scale word or "%" from the CLDR table (:func:`~crossfoot.numbers.around.table_prefix`).
    ``before`` is :func:`~crossfoot.numbers.patterns.prefix_tail` of the digits."""
    ch = before[-1:]
    if ch and (ch in PREFIX_ENDS or ch.isupper()):  # maybe_prefix, written out
        _read_sign_and_currency(text, s0, floor, num, marks, env)
    if (
        num.currency is None
        and not marks.paren
        and ch  # could a table symbol, a scale word or "%" end in the last two characters?
        and (before in env.tails or ch in env.ones or ch in "%-−–" or before.isupper())
    ):
        marks.sign = table_prefix(text, num, floor, env) or marks.sign


def _read_sign_and_currency(
    text: str, s0: int, floor: int, num: Num, marks: Marks, env: Env
) -> None:
    """PREFIX_RE's sign, currency and "(" before the digits."""
    pre = text[max(floor, s0 - 24) : s0]
    base = s0 - len(pre)
    pm = prefix_match(pre)
    if pm is None or pm.end() <= pm.start():
        return
    if pm.group("paren_a", "sign_a", "paren_b", "sign_b") == _CURRENCY_ONLY:
        # The common "$12", "€ 5", "USD 5": a currency and nothing else; the general branch
        # below would give the same start, currency and no sign or parenthesis.
        num.start = marks.inner_start = base + pm.start()
        num.currency = currency_code(pm.group("cur"), pm.group("pfx"))
        cur_at = base + pm.start("cur")
        if env.convention is not None or (cur_at > floor and text[cur_at - 1].isalpha()):
            _currency_in_locale(text, floor, num, marks, env, pm, base)
        return
    start = base + pm.start()
    for group in ("sign_b", "sign_a"):
        g0 = pm.start(group)
        if g0 >= 0:
            before_sign = text[base + g0 - 1] if base + g0 > 0 else " "
            if before_sign.isalnum() or before_sign in ").%":
                # "10-12", "COVID-19": a hyphen that joins, not a sign; drop it and all left
                start = base + g0 + 1
                break
    if pm.group("cur") is not None and base + pm.start("cur") >= start:
        num.currency = currency_code(pm.group("cur"), pm.group("pfx"))
    for group in ("sign_a", "sign_b"):
        if pm.group(group) is not None and base + pm.start(group) >= start:
            marks.sign = marks.sign or pm.group(group)
    for group in ("paren_a", "paren_b"):
        if pm.group(group) is not None and base + pm.start(group) >= start:
            marks.paren = True
    # "£(8.1m)": a currency outside the parentheses marks an accounting negative, whatever
    # follows the digits inside.
    marks.currency_outside = pm.group("paren_b") is not None and num.currency is not None
    inner = [base + pm.start(g) for g in ("sign_a", "cur", "sign_b") if pm.group(g)]
    marks.inner_start = min([i for i in inner if i >= start], default=s0)
    num.start = start
    num.negative = marks.sign in ("-", "−", "–")
    if num.currency is not None:
        cur_at = base + pm.start("cur")
        if env.convention is not None or (cur_at > floor and text[cur_at - 1].isalpha()):
            _currency_in_locale(text, floor, num, marks, env, pm, base)


def _currency_in_locale(
    text: str, floor: int, num: Num, marks: Marks, env: Env, pm: re.Match[str], base: int
) -> None:
    """The currency PREFIX_RE read, as the locale means it ("$" is AUD in en_AU), or a longer
    CLDR symbol ending in it ("JP¥")."""
    if env.convention is not None:
        num.currency = in_locale(pm.group("cur"), num.currency or "", env.convention)
    cur_at = base + pm.start("cur")
    if cur_at > floor and text[cur_at - 1].isalpha() and not marks.sign and not marks.paren:
        marks.sign = longer_symbol(text, num, cur_at, base + pm.end("cur"), floor, env)
