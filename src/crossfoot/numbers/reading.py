"""Read one number from its core outwards: the compound it may be part of, what is written before
it (sign, currency, "("), what is written after it (")", "%", scale, currency word), accounting
parentheses, its kind, the context marks (approximate, not a claim), and a range it may open.

:func:`read_number` is called by the scanner (:mod:`crossfoot.numbers.extract`) for every digit
core. Each stage is a function of its own; a stage that finds the core is not a number at all
("COVID-19", "Note 4", "(3)" in prose) says where scanning resumes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from crossfoot.model.types import Kind
from crossfoot.numbers.context import CONSTANT_DIGITS, context_skip, is_constant
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import (
    APPROX_ENDS,
    BETWEEN_BACK_RE,
    CITE_RE,
    CLOSE_RE,
    COMPOUND_RE,
    CORE_RE,
    CURRENCY_AFTER_RE,
    FISCAL_ENDS,
    FROM_BACK_RE,
    FY_GLUED_RE,
    LABEL_HEAD_RE,
    LABEL_TAIL_RE,
    MAX_CORE,
    OP_AFTER_RE,
    OP_BEFORE_BACK_RE,
    OPERAND_RE,
    RANGE_CONN_RE,
    RANGE_NEXT_RE,
    RANGE_STARTS,
    REF_ENDS,
    REF_TAIL_RE,
    SCALE_EXP,
    UNIT_RE,
    WORD_CURRENCY,
    Digits,
    approx_before,
    currency_code,
    ends_with,
    fiscal_before,
    is_letter,
    maybe_prefix,
    maybe_unit,
    maybe_word_after,
    prefix_match,
    read_core,
    ref_before,
    skip_token,
    text_before,
)

__all__ = ["Read", "is_approx", "read_number"]

# What a reading returns: the numbers read, and where scanning resumes.
Read = tuple[list[Num], int]

_CURRENCY_ONLY = (None, None, None, None)  # PREFIX_RE's parenthesis and sign groups, all unset


@dataclass(slots=True)
class _Marks:
    """What the stages of one reading tell each other about the marks around the digits."""

    num: Num
    read: Digits
    paren: bool = False
    sign: str = ""
    inner_start: int = 0  # where the mention starts when a "(" turns out not to be a negative
    currency_outside: bool = False
    closed: bool = False
    unit_kind: str = ""

    @property
    def bare(self) -> bool:
        return not self.sign and not self.paren


def read_number(text: str, s0: int, e0: int, cell: bool, floor: int, allow_range: bool) -> Read:
    """Read the number whose core is text[s0:e0]: ([numbers], where scanning resumes).

    ``floor`` is where the previous number ended: the prefix of this one never reaches before it.
    """
    if e0 - s0 > MAX_CORE:
        return [], e0
    marks = _start(text, s0, e0)
    if not isinstance(marks, _Marks):
        return marks
    num = marks.num
    _read_prefix(text, s0, floor, num, marks)
    bare = num.currency is None and marks.bare
    if bare:
        resume = _not_a_number_before(text, s0, e0, num, marks.read)
        if resume is not None:
            return [], resume
    pos = _read_suffix(text, e0, cell, num, marks)
    if pos < len(text) and (is_letter(text[pos]) or text[pos].isdigit()) and not marks.unit_kind:
        return [], skip_token(text, pos)  # 5G, 1990s, 24h
    if num.currency == "$" and text.startswith("$", pos):
        num.currency = None  # LaTeX math "$3.2$", not dollars
        num.start = max(num.start, s0 - (1 if marks.sign else 0))
    num.end = pos
    if not _settle_parentheses(s0, e0, cell, num, marks):
        return [], pos  # "(3)" in prose: an enumeration or a footnote
    _settle_kind(text, s0, bare, num, marks)
    if not _context_marks(text, s0, e0, cell, bare, num, marks.read):
        return [], e0
    if allow_range and text.startswith(RANGE_STARTS, num.end):
        return _try_range(text, num, cell)
    return [num], num.end


def _start(text: str, s0: int, e0: int) -> Read | _Marks:
    """The core itself: a compound ("2019/20", "2.8:1", "10-K"), grouped digits, or not a number."""
    kind: Kind = "number"
    # Compounds continue the core with one of these (or a letter): skip the regex otherwise.
    follow = text[e0 : e0 + 1]
    compound = (
        COMPOUND_RE.match(text, s0) if follow and (follow in "-/.:(" or follow.isalpha()) else None
    )
    if compound is not None:
        if compound.group("fyear") is not None:
            return _fiscal_pair(text, s0, compound)
        if compound.group("ratio") is None:
            return [], compound.end()
        kind, e0 = "ratio", s0 + len(compound.group("ratio"))
    core = text[s0:e0]
    read = Digits(core, 0, True, False) if core.isdigit() else read_core(core)
    if read is None:
        return [], skip_token(text, e0)
    if isinstance(read, list):
        return _pieces(s0, read), e0
    num = Num(s0, e0, read.digits, read.exp, read.plain, read.grouped, False, None, kind)
    if compound is not None:  # "2.8:1", read whole
        num.end = compound.end()
        num.approximate = is_approx(text, s0)
        return [num], num.end
    return _Marks(num, read, inner_start=s0)


def _pieces(s0: int, parts: list[Digits]) -> list[Num]:
    """Numbers run together with commas ("1,2,3"): each piece as a plain number."""
    out: list[Num] = []
    pos = s0
    for part in parts:
        length = len(part.digits) + (0 if part.plain else 1)
        out.append(Num(pos, pos + length, part.digits, part.exp, plain=part.plain))
        pos += length + 1
    return out


def _read_prefix(text: str, s0: int, floor: int, num: Num, marks: _Marks) -> None:
    """A sign, a currency or an opening parenthesis written before the digits."""
    if not maybe_prefix(text, s0):
        return
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


def _not_a_number_before(text: str, s0: int, e0: int, num: Num, read: Digits) -> int | None:
    """Where to resume when what is glued before bare digits makes them no number ("COVID-19",
    "#123", "[1]", "Note 4"); None when they are one (a glued "FY24" marks ``num.fy``)."""
    if s0 > 0:
        c1 = text[s0 - 1]
        if c1.isalpha() or c1 in "_'":  # is_letter(c1) or an apostrophe
            fy = FY_GLUED_RE.search(text_before(text, s0, 4))
            if fy is None or not read.plain or len(read.digits) not in (2, 4):
                return skip_token(text, e0)
            num.start = s0 - len(fy.group())
            num.fy = True
        elif c1 in "-/." and s0 >= 2 and is_letter(text[s0 - 2]):
            return skip_token(text, e0)  # COVID-19, v.2
        elif c1 in "#^@":
            return skip_token(text, e0)  # #123, x^2, @3
        elif c1 == "[":
            cite = CITE_RE.match(text, s0 - 1)
            if cite is not None:
                return cite.end()
    if ends_with(text, s0, REF_ENDS) and ref_before(text, s0):
        tail = REF_TAIL_RE.match(text, e0)
        return tail.end() if tail else e0
    return None


def _read_suffix(text: str, e0: int, cell: bool, num: Num, marks: _Marks) -> int:
    """A closing parenthesis, a percent / scale / unit word and a currency after the digits;
    returns where the number ends."""
    pos = e0
    if marks.paren:
        close = CLOSE_RE.match(text, pos)
        if close is not None:
            marks.closed, pos = True, close.end()
    unit = UNIT_RE.match(text, pos) if maybe_unit(text, pos) else None
    if unit is not None:
        marks.unit_kind = _unit(text, unit, num)
        if marks.unit_kind:
            pos = unit.end()
    if num.currency is None and num.kind == "number":
        after = CURRENCY_AFTER_RE.match(text, pos) if maybe_word_after(text, pos) else None
        if after is not None:
            if after.group("sym"):
                num.currency = after.group("sym")
            elif after.group("iso"):
                num.currency = after.group("iso")
            else:
                num.currency = WORD_CURRENCY[after.group("word").lower().rstrip("s")]
            pos = after.end()
    if marks.paren and not marks.closed and (cell or marks.currency_outside):
        close = CLOSE_RE.match(text, pos)
        if close is not None:
            marks.closed, pos = True, close.end()
    return pos


def _unit(text: str, unit: re.Match[str], num: Num) -> str:
    """Apply the unit word ``unit`` matched after the digits; its kind, or "" when it is none."""
    unit_kind = unit.lastgroup or ""
    if unit_kind in ("pp", "bps"):
        num.kind = unit_kind  # type: ignore[assignment]
    elif unit_kind == "pct":
        num.kind = "percent"
    elif unit_kind in ("times", "times_w", "to_one"):
        if unit_kind == "times" and OPERAND_RE.match(text, unit.end()):
            return ""
        num.kind = "ratio"
    else:
        word = unit.group(unit_kind)
        key = word.lower().rstrip("s") if len(word) > 3 else word.lower()
        needs_currency = unit_kind == "short" or (unit_kind == "att" and word == "T")
        if needs_currency and num.currency is None:
            return ""
        num.scale_exp, num.scale_word = SCALE_EXP[key], word
    return unit_kind


def _year_like(num: Num, marks: _Marks) -> bool:
    read = marks.read
    return (
        read.plain and len(read.digits) == 4 and 1900 <= int(read.digits) <= 2100
        and num.currency is None and not num.has_unit and not marks.sign
    )  # fmt: skip


def _settle_parentheses(s0: int, e0: int, cell: bool, num: Num, marks: _Marks) -> bool:
    """Accounting parentheses: "(1,234)" is negative; False for a bare "(3)" in prose."""
    if marks.paren and marks.closed:
        read = marks.read
        strong = num.currency is not None or read.grouped or not read.plain
        strong = strong or len(read.digits) >= 4 or marks.unit_kind != ""
        year_like = _year_like(num, marks)
        if cell or (strong and not year_like):
            num.negative = True
        elif year_like:
            num.start, num.end = s0, e0
        else:
            return False
    elif marks.paren:
        num.start = marks.inner_start  # "($1.2 million)": a parenthetical, not a negative
    return True


def _settle_kind(text: str, s0: int, bare: bool, num: Num, marks: _Marks) -> None:
    """Money when a currency was read; a year for "FY24", "fiscal 2019" or a plain 19xx/20xx."""
    if num.currency is not None and num.kind == "number":
        num.kind = "money"
    if num.kind != "number":
        return
    read = marks.read
    if num.fy or (
        bare
        and read.plain
        and len(read.digits) in (2, 4)
        and ends_with(text, s0, FISCAL_ENDS)
        and fiscal_before(text, s0)
    ):
        if len(read.digits) == 2:
            num.digits = str(2000 + int(read.digits))
        num.kind = "year"
    elif _year_like(num, marks) and not num.negative:
        num.kind = "year"


def _context_marks(
    text: str, s0: int, e0: int, cell: bool, bare: bool, num: Num, read: Digits
) -> bool:
    """Marks read from the words around a number (approximate, a label, a formula constant);
    False when the context says it is no number at all (the day of "December 31")."""
    # The guard of context_skip, inlined (bare: no currency): most numbers skip the call.
    if (
        bare
        and not cell
        and read.plain
        and (len(read.digits) <= 2 or (len(read.digits) == 3 and text.startswith((".", ")"), e0)))
        and num.kind == "number"
        and not num.scale_exp
        and context_skip(text, read.digits, s0, e0)
    ):
        return False
    if (
        bare
        and not cell
        and num.kind == "number"
        and read.plain
        and len(read.digits) <= 2
        and LABEL_TAIL_RE.match(text, e0)
        and LABEL_HEAD_RE.search(text_before(text, s0, 24))
    ):
        num.claim = False  # "Flight 2:", "Reservation 1**:"
    num.approximate = ends_with(text, num.start, APPROX_ENDS, 40) and approx_before(text, num.start)
    if text.startswith("+", num.end) and not text[num.end + 1 : num.end + 2].isdigit():
        num.approximate = True  # "5,000+"
    if read.plain and read.exp == 0 and read.digits.lstrip("0") in CONSTANT_DIGITS:
        if num.currency is None and not num.scale_exp and num.kind in ("number", "percent"):
            if is_constant(text, num.start, num.end, num.kind == "number", int(read.digits)):
                num.claim = False
    return True


def _fiscal_pair(text: str, s0: int, m: re.Match[str]) -> tuple[list[Num], int]:
    """ "2019/20" or "2019-20": a fiscal year spanning two calendar years; anything else such as
    "2019-06" is a year-month and skipped."""
    first = int(m.group("fyear"))
    second = int(m.group("fyear2"))
    if second != (first + 1) % 100:
        return [], m.end()
    num = Num(s0, m.end(), str(first), 0, kind="year")
    num.high, num.high_precision = Decimal(first + 1), Decimal("0.5")
    return [num], m.end()


def is_approx(text: str, start: int) -> bool:
    if not ends_with(text, start, APPROX_ENDS, 40):
        return False
    return approx_before(text, start)


def _try_range(text: str, low: Num, cell: bool) -> tuple[list[Num], int]:
    """Join "10-12%", "40 to 50 million", "between 9 and 10" into one number with ``high``."""
    if not text.startswith(RANGE_STARTS, low.end):
        return [low], low.end
    conn = RANGE_CONN_RE.match(text, low.end)
    if conn is None:
        return [low], low.end
    how = conn.lastgroup
    back = text_before(text, low.start)[::-1]  # for the backward forms of the \Z regexes
    if how == "and" and BETWEEN_BACK_RE.match(back) is None:
        return [low], low.end  # "5 and 6": two numbers
    if how == "to" and low.has_unit and FROM_BACK_RE.match(back) is not None:
        return [low], low.end  # "from $5m to $6m": two numbers, nothing to share
    nxt = RANGE_NEXT_RE.match(text, conn.end())
    core = CORE_RE.match(text, nxt.end()) if nxt is not None else None
    if core is None or core.group("num") is None:
        return [low], low.end
    highs, _ = read_number(text, core.start(), core.end(), cell, low.end, allow_range=False)
    if len(highs) != 1:
        return [low], low.end
    high = highs[0]
    if how in ("dash", "spaced") and (
        OP_BEFORE_BACK_RE.match(back) or OP_AFTER_RE.match(text, high.end) or high.negative
    ):
        return [low], low.end  # (6383-7167)/6383: a subtraction
    if how == "to" and FROM_BACK_RE.match(back) is not None:
        # "from 40 to 50 million": two numbers; the first borrows the unit of the second.
        if not low.has_unit and high.has_unit and high.kind != "year":
            _inherit(low, high)
        return [low], low.end
    joined = replace(low)  # a copy: a rejected range leaves the low end as it was written
    if not _join_units(joined, high) or joined.value() > high.value():
        return [low], low.end
    joined.high, joined.high_precision, joined.end = high.value(), high.precision(), high.end
    return [joined], joined.end


def _join_units(low: Num, high: Num) -> bool:
    """Give both ends of a range one unit ("$1.2-1.5 billion"); False when they disagree."""
    if low.kind == "year" or high.kind == "year":
        return low.kind == high.kind
    if low.currency and high.currency and low.currency != high.currency:
        return False
    if low.scale_exp and low.scale_exp != high.scale_exp:
        return False  # "5 million to 6" or "5 million to 6 billion"
    low_kind = None if low.kind in ("number", "money") else low.kind
    high_kind = None if high.kind in ("number", "money") else high.kind
    if low_kind is not None and low_kind != high_kind:
        return False  # "5% to 6" is not a range of percents
    currency = low.currency or high.currency
    kind: Kind = high_kind or ("money" if currency else "number")
    for end in (low, high):
        end.kind, end.currency = kind, currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word
    return True


def _inherit(low: Num, high: Num) -> None:
    low.kind, low.currency = high.kind, low.currency or high.currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word
