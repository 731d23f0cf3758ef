"""Read one number from its core outwards: the compound it may be part of, what is written before
it (sign, currency, "("), what is written after it (")", "%", scale, currency word), accounting
parentheses, its kind, the context marks (approximate, not a claim), and a range it may open.

:func:`read_number` is called by the scanner (:mod:`crossfoot.numbers.extract`) for every digit
core. Each stage is a function of its own; a stage that finds the core is not a number at all
("COVID-19", "Note 4", "(3)" in prose) says where scanning resumes.
"""

from __future__ import annotations

import re

from crossfoot.model.types import Kind
from crossfoot.numbers.affixes import PHRASE_HEADS, scale_after
from crossfoot.numbers.around import (
    ALONE_AFTER,
    GLUED_FIRST,
    NEVER_AFTER,
    SCI_MARKS,
    Env,
    conversion,
    currency_then_minus,
    european_thousand,
    fiscal_pair,
    glued_exponent_or_fraction,
    pieces,
    read_digits,
    slashed_fraction,
    words_after,
)
from crossfoot.numbers.brackets import figure_list
from crossfoot.numbers.context import CONSTANT_DIGITS, context_skip, ends_at, is_constant, tail_end
from crossfoot.numbers.forms import VULGAR, minus_before, time_of_day
from crossfoot.numbers.locale import spaceless
from crossfoot.numbers.num import Num
from crossfoot.numbers.patterns import (
    APPROX_ENDS,
    CITE_RE,
    CLOSE_RE,
    COMPOUND_RE,
    FISCAL_ENDS,
    FY_GLUED_RE,
    LABEL_HEAD_RE,
    LABEL_TAIL_RE,
    MAX_DIGITS,
    OPERAND_RE,
    RANGE_STARTS,
    REF_ENDS,
    REF_RE,
    REF_TAIL_RE,
    SCALE_EXP,
    UNIT_RE,
    Digits,
    approx_before,
    ends_with,
    fiscal_before,
    is_letter,
    maybe_unit,
    read_core,
    ref_before,
    skip_token,
    text_before,
)
from crossfoot.numbers.prefix import Marks, lone_dollar, may_prefix, read_prefix
from crossfoot.numbers.ranges import try_range

__all__ = ["Read", "is_approx", "read_number"]

# What a reading returns: the numbers read, and where scanning resumes.
Read = tuple[list[Num], int]

_AM_PM = frozenset("aApP")  # how "3 pm", "11am", "9 a.m." go on after the digits


def read_number(text: str, s0: int, e0: int, env: Env, floor: int, allow_range: bool) -> Read:
    """Read the number whose core is text[s0:e0]: ([numbers], where scanning resumes).

    ``floor`` is where the previous number ended: the prefix of this one never reaches before it.
    ``env`` is what the scan reads with (the locale, whether the text is a single cell).
    """
    marks = _start(text, s0, e0, env)
    if not isinstance(marks, Marks):
        return marks
    num = marks.num
    e0 = num.end  # after a glued "×10⁻⁴" or "½"
    # prefix_tail(), written out: the last two characters before the digits past up to three
    # spaces; most numbers follow a lower-case word or a quote, in which no prefix reader can
    # find anything.
    before = text[s0 - 4 if s0 > 4 else 0 : s0].rstrip(" \t\u00a0\u202f\u2009")[-2:]
    if before[-1:] == "$" and env.convention is None and lone_dollar(text, s0, floor):
        # What read_prefix reads there ("$5", "$  5"), without PREFIX_RE.
        num.start = marks.inner_start = text.rindex("$", 0, s0)
        num.currency = "$"
        if text[e0 : e0 + 1] in ALONE_AFTER:  # '"$5",': what the later stages would give
            num.kind, num.approximate = "money", is_approx(text, num.start)
            env.prev = num
            return [num], e0
    elif may_prefix(before, env):
        read_prefix(text, s0, floor, num, marks, env, before)
    bare = num.currency is None and not marks.sign and not marks.paren
    if bare:
        # The reference, fiscal and "about" words before a bare number (the others read the
        # "about" words from their own start).
        marks.tail, marks.wide = tail_end(text, s0)
        resume = _not_a_number_before(text, s0, e0, num, marks, floor, env)
        if resume is not None:
            return [], resume
        if num.currency is not None:  # "CHF-58": a currency glued to a minus
            bare = False
    if not marks.paren and text[e0 : e0 + 1] in ALONE_AFTER:
        pos = e0  # "5,", '5"': nothing after the digits for _read_suffix to read
    else:
        pos = _read_suffix(text, e0, num, marks, env)
    if pos < len(text) and (is_letter(text[pos]) or text[pos].isdigit()) and not marks.unit_kind:
        if not spaceless(text[pos]):
            return [], skip_token(text, pos)  # 5G, 1990s, 24h
    if num.currency == "$" and text.startswith("$", pos):
        num.currency = None  # LaTeX math "$3.2$", not dollars
        num.start = max(num.start, s0 - (1 if marks.sign else 0))
    num.end = pos
    if marks.paren and not _settle_parentheses(text, s0, e0, floor, num, marks, env):
        return [], pos  # "(3)" in prose: an enumeration or a footnote
    if num.kind == "number":  # a percent, ratio or year already is what _settle_kind says
        _settle_kind(text, s0, bare, num, marks)
    if not _context_marks(text, s0, e0, env, bare, num, marks):
        return [], e0
    if allow_range and text.startswith(RANGE_STARTS, num.end):
        return try_range(text, num, env, read_number)
    env.prev = num
    return [num], num.end


def _start(text: str, s0: int, e0: int, env: Env) -> Read | Marks:
    """The core itself: a compound ("2019/20", "2.8:1", "1/2", "10-K"), grouped digits (and a
    power of ten or a fraction glued to them: "3.1×10⁻⁴", "2½"), or not a number."""
    kind: Kind = "number"
    # Compounds continue the core with one of these (or a letter): skip the regex otherwise.
    follow = text[e0 : e0 + 1]
    compound = (
        COMPOUND_RE.match(text, s0) if follow and (follow in "-/.:(" or follow.isalpha()) else None
    )
    if compound is not None:
        if compound.group("fyear") is not None:
            return fiscal_pair(s0, compound)
        if compound.group("frac") is not None:
            fraction = slashed_fraction(text, s0, compound)
            for n in fraction[0]:
                n.approximate = is_approx(text, s0)
            return fraction
        if compound.group("ratio") is None:
            return [], compound.end()
        kind, e0 = "ratio", s0 + len(compound.group("ratio"))
    core = text[s0:e0]
    read: Digits | list[Digits] | None = _PLAIN_READS.get(core)
    if read is not None:  # the common case: 2024, 12, 1200, read before
        pass
    elif core.isdigit():  # (MAX_DIGITS is checked below)
        read = Digits(core, 0, True, False)
        if e0 - s0 <= 4:  # at most 11,110 entries
            _PLAIN_READS[core] = read
    elif env.convention is None and e0 - s0 <= MAX_DIGITS:
        read = read_core(core)  # read_digits, without a locale: asks more only for "1.234"
        if read.__class__ is Digits and read.exp == -3 and not read.plain:
            read = european_thousand(core, read, env)
    else:
        read = read_digits(core, env)
    if read is None:
        return [], skip_token(text, e0)
    if isinstance(read, list):
        return pieces(s0, read), e0
    num = Num(s0, e0, read.digits, read.exp, read.plain, read.grouped, False, None, kind)
    if e0 - s0 > MAX_DIGITS and len(read.digits) > MAX_DIGITS:
        num.unreadable, num.digits = True, read.digits[:MAX_DIGITS]  # reported, never dropped
    if compound is not None:  # "2.8:1", read whole
        num.end = compound.end()
        num.approximate = is_approx(text, s0)
        return [num], num.end
    if env.glued and (
        follow in GLUED_FIRST or (follow == " " and text[e0 + 1 : e0 + 2] in SCI_MARKS)
    ):
        if follow in VULGAR or "10" in text[e0 + 1 : e0 + 5]:
            num.end = glued_exponent_or_fraction(text, num, e0)
    elif (
        follow in ALONE_AFTER
        and (text[s0 - 1] if s0 else "") in env.alone
        and (s0 < 2 or not text[s0 - 2].isupper())
    ):
        # A number set apart ('"2019"', "|12|"): no reader before or after it finds anything
        # (see around.ALONE_BEFORE); what is left of them is _settle_kind's plain year.
        if read.plain and len(read.digits) == 4 and 1900 <= int(read.digits) <= 2100:
            num.kind = "year"
        env.prev = num
        return [num], e0
    return Marks(num, read, False, "", s0)


# Plain digit cores of up to four digits, read once: most numbers are years and small counts.
_PLAIN_READS: dict[str, Digits] = {}


def _not_a_number_before(
    text: str, s0: int, e0: int, num: Num, marks: Marks, floor: int, env: Env
) -> int | None:
    """Where to resume when what is glued before bare digits makes them no number ("COVID-19",
    "#123", "[1]", "Note 4", "3 pm"); None when they are one (a glued "FY24" marks ``num.fy``,
    "CHF-58" a currency and a minus)."""
    read = marks.read
    if s0 > 0:
        c1 = text[s0 - 1]
        if (c1.isalpha() and not spaceless(c1)) or c1 in "_'":  # a letter or an apostrophe
            fy = FY_GLUED_RE.search(text_before(text, s0, 4))
            if fy is None or not read.plain or len(read.digits) not in (2, 4):
                return skip_token(text, e0)
            num.start = s0 - len(fy.group())
            num.fy = True
        elif c1 in "-/." and s0 >= 2 and (is_letter(text[s0 - 2]) or text[s0 - 2] == "."):
            if c1 == "-" and currency_then_minus(text, num, floor, env):
                marks.sign = "-"  # "CHF-58'864.45", "kr.-10.229,58": a currency and a minus
                return None
            if text[s0 - 2] != ".":
                return skip_token(text, e0)  # COVID-19, v.2
        elif c1 in "#^@":
            return skip_token(text, e0)  # #123, x^2, @3
        elif c1 == "[":
            cite = CITE_RE.match(text, s0 - 1)
            if cite is not None and not figure_list(text, s0 - 1, cite.end()):
                return cite.end()
    if ends_at(text, s0, REF_ENDS, marks.tail) and ref_before(text, s0):
        tail = REF_TAIL_RE.match(text, e0)
        return tail.end() if tail else e0
    if len(read.digits) <= 2 and read.plain and not env.cell:
        nxt = text[e0 : e0 + 1]
        if nxt in _AM_PM or (nxt == " " and text[e0 + 1 : e0 + 2] in _AM_PM):
            if time_of_day(text, e0, read.digits):
                return e0  # "3 pm": a time of day, not a claim
    return None


def _read_suffix(text: str, e0: int, num: Num, marks: Marks, env: Env) -> int:
    """A closing parenthesis, a percent / scale / unit word, a currency and a unit of measure
    after the digits; returns where the number ends."""
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
            if marks.unit_kind in ("att", "word", "short") and (
                env.convention is not None or (num.scale_word or "").lower() in PHRASE_HEADS
            ):
                pos = _scale_in_locale(text, unit.start(), pos, num, env)
    nxt = text[pos : pos + 1]
    if (
        num.kind == "number"  # a percent, a ratio, basis points take no currency, scale or unit
        and (nxt not in NEVER_AFTER or (nxt == "-" and env.convention))
        # with a currency and a scale read, words_after reads only a locale's trailing minus
        and (num.currency is None or not marks.unit_kind or env.convention is not None)
        and env.may_follow(text, pos)
    ):
        pos, read_after = words_after(text, num, pos, env, bool(marks.unit_kind))
        marks.unit_kind = marks.unit_kind or read_after
    if marks.paren and not marks.closed and (env.cell or marks.currency_outside):
        close = CLOSE_RE.match(text, pos)
        if close is not None:
            marks.closed, pos = True, close.end()
    return pos


def _scale_in_locale(text: str, at: int, pos: int, num: Num, env: Env) -> int:
    """A locale's own scale word wins over the English one UNIT_RE read ("Billion" is 10^12 in
    de), and a longer phrase does without a locale ("36 lakh crore")."""
    local = scale_after(text, at, env.convention)
    if local is not None and (local[2] > pos or (env.convention and local[2] == pos)):
        num.scale_exp, num.scale_word, pos = local
    return pos


def _unit(text: str, unit: re.Match[str], num: Num) -> str:
    """Apply the unit word ``unit`` matched after the digits; its kind, or "" when it is none."""
    unit_kind = unit.lastgroup or ""
    if unit_kind in ("pp", "bps"):
        num.kind = unit_kind  # type: ignore[assignment]
    elif unit_kind == "pct":
        num.kind = "percent"
    elif unit_kind == "cents":  # "24 cents": a hundredth of the money unit
        if num.currency is not None or num.scale_exp:
            return ""
        num.kind, num.scale_exp, num.scale_word = "money", -2, unit.group("cents").strip()
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


def _year_like(num: Num, marks: Marks) -> bool:
    read = marks.read
    return (
        read.plain and len(read.digits) == 4 and 1900 <= int(read.digits) <= 2100
        and num.currency is None and not num.has_unit and not marks.sign
    )  # fmt: skip


_AFTER_YEAR = re.compile(r"\b(?:19|20)\d\d\s*\($")
_AFTER_WORD = re.compile(r"[A-Za-z]{2}[ \t]*\($")
_DIGIT_NEXT = re.compile(r"\)[ \t]*\d")


def _after_year(text: str, s0: int) -> bool:
    """Whether the "(" before ``s0`` follows a year ("in 2018 (")."""
    return _AFTER_YEAR.search(text, max(0, s0 - 16), s0) is not None


def _aside_of(text: str, s0: int, e0: int) -> bool:
    """Whether the "(" before ``s0`` follows a word that is no reference: "the smallest order
    count (720)" gives the words' figure; "note (105)", "(a)" and a telephone number's area
    code ("(555) 123-4567") do not."""
    lo = max(0, s0 - 40)
    if _AFTER_WORD.search(text, lo, s0) is None or _DIGIT_NEXT.match(text, e0):
        return False
    return REF_RE.search(text, lo, text.rindex("(", lo, s0)) is None


def _settle_parentheses(
    text: str, s0: int, e0: int, floor: int, num: Num, marks: Marks, env: Env
) -> bool:
    """Accounting parentheses: "(1,234)" is negative; False for a bare "(3)" in prose;
    "AED 9500 (USD 2587)" converts."""
    cell = env.cell
    if marks.paren and marks.closed and marks.sign and not cell:
        # "3,540 (-340)", "(+8.8%)": a sign written inside the parentheses says the figure's
        # own sign (a change beside a level), never an accounting negative, a note or a list mark
        num.start, num.end = marks.inner_start, text.rindex(")", marks.inner_start, num.end)
    elif marks.paren and marks.closed:
        read = marks.read
        strong = num.currency is not None or read.grouped or not read.plain
        strong = strong or len(read.digits) >= 4 or marks.unit_kind != ""
        # "in 2018 (509)": three digits in parentheses right after a year are that year's
        # figure, not an enumeration or a note mark (those are shorter, or follow a reference
        # word: "note (105)"); after another word they are its figure, neither negative nor
        # dropped ("the smallest order count (720)", "fewest churned customers (77)")
        strong = strong or (len(read.digits) == 3 and _after_year(text, s0))
        year_like = _year_like(num, marks)
        if not cell and num.currency is not None and conversion(text, num, floor, env):
            num.start, num.end = marks.inner_start, text.rindex(")", num.start, num.end)
        elif cell or (strong and not year_like):
            num.negative = True
        elif year_like or (2 <= len(read.digits) <= 3 and read.plain and _aside_of(text, s0, e0)):
            num.start, num.end = s0, e0  # (a year; "order count (720)": the words' figure)
        else:
            return False
    elif marks.paren:
        num.start = marks.inner_start  # "($1.2 million)": a parenthetical, not a negative
    return True


def _settle_kind(text: str, s0: int, bare: bool, num: Num, marks: Marks) -> None:
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
        and ends_at(text, s0, FISCAL_ENDS, marks.tail)
        and fiscal_before(text, s0)
    ):
        if len(read.digits) == 2:
            num.digits = str(2000 + int(read.digits))
        num.kind = "year"
    elif _year_like(num, marks) and not num.negative and num.unit is None:
        num.kind = "year"


def _context_marks(
    text: str, s0: int, e0: int, env: Env, bare: bool, num: Num, marks: Marks
) -> bool:
    """Marks read from the words around a number (approximate, a label, a formula constant);
    False when the context says it is no number at all (the day of "December 31")."""
    read = marks.read
    cell = env.cell
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
    if (
        bare
        and (num.start < 6 or text[num.start - 2] in "sS")  # the "s" of "minus 5", else no call
        and text.startswith(("minus", "Minus", "MINUS"), num.start - 6)
    ):
        minus = minus_before(text, num.start)
        if minus is not None:  # "minus 5"
            num.start, num.negative = minus, True
    if num.start == s0 and marks.wide:  # the tail the checks above read
        near = ends_at(text, s0, APPROX_ENDS, marks.tail, 40)
    else:
        near = ends_with(text, num.start, APPROX_ENDS, 40)
    num.approximate = near and approx_before(text, num.start)
    if text.startswith("+", num.end) and not text[num.end + 1 : num.end + 2].isdigit():
        num.approximate = True  # "5,000+"
    if read.plain and read.exp == 0 and read.digits.lstrip("0") in CONSTANT_DIGITS:
        if num.currency is None and not num.scale_exp and num.kind in ("number", "percent"):
            if is_constant(text, num.start, num.end, num.kind == "number", int(read.digits)):
                num.claim = False
    return True


def is_approx(text: str, start: int) -> bool:
    if not ends_with(text, start, APPROX_ENDS, 40):
        return False
    return approx_before(text, start)
