"""Find the numbers in a text: value, kind, currency, scale, sign, range and stated precision.

The scanner looks for a numeric *core* (digits with "," / "." groups, or a run of number words),
then reads what surrounds it with small anchored patterns: a prefix (sign, currency, "("), a suffix
(")", "%", scale word, currency word, "x"), and the words before it ("about", "Note", "FY",
"December"). Everything is regex over bounded slices, so the scan is linear in the text length.

Decisions worth knowing (tests pin each one):

- Not numbers: day numbers of written dates ("December 31"; the year still counts), numeric dates
  and times, versions and IPs, ordinals, letter+digit identifiers ("B01003e1", "COVID-19", "10-K",
  "Q3"), references ("Note 4", "Section 3.2", "page 12"), list markers at line start ("1.", "2)"),
  citation brackets ("[1]", "[1, 2]") and a bare "(3)" in prose.
- "m"/"M"/"b"/"B"/"k"/"T" count as scales when attached ("5m") or after a currency ("$5 M");
  "bn", "mn", "tn" and the full words always do.
- "(1,234)" is negative when the parentheses hold only the number and it has a currency, a group
  separator, a decimal point or four digits (a year in parentheses stays a year). In a single cell
  (:func:`parse_number_string`) any parenthesised number, "(12%)" included, is negative.
- "about", "approximately", "~", "nearly", ... and the bounds "over", "more than", "under",
  "at least", "up to" set ``approximate``; an approximate integer's precision comes from its last
  non-zero digit ("about 1,200" -> 50).
- "from 40 to 50 million" is two numbers (the scale is shared backwards); "40 to 50 million",
  "10-12%" and "between 9 and 10 million" are one range. A spaced hyphen ("776 - 773") is a
  subtraction, never a range.
- Number words: every value except a lone "one" ("one of them"); "one million" counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from crossfoot.model.types import Kind, Mention
from crossfoot.numbers.context import CONSTANT_DIGITS, context_skip, is_constant
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
    SCALES,
    UNIT_RE,
    WORD_CURRENCY,
    Digits,
    approx_before,
    currency_code,
    ends_with,
    exact_decimal,
    fiscal_before,
    half_unit,
    is_letter,
    maybe_prefix,
    maybe_unit,
    maybe_word_after,
    next_core,
    prefix_match,
    read_core,
    ref_before,
    skip_token,
    text_before,
    word_starts,
)
from crossfoot.numbers.words import parse_words

__all__ = ["extract", "parse_number_string", "stated_precision"]


def stated_precision(written_digits: str, scale: Decimal = Decimal(1)) -> Decimal:
    """Half a unit of the last written digit, times ``scale``.

    >>> stated_precision("3.2", Decimal(10) ** 9)
    Decimal('50000000')
    >>> stated_precision("1,200")
    Decimal('0.5')
    >>> stated_precision("12.34")
    Decimal('0.005')
    """
    text = written_digits.replace(",", "")
    _, _, frac = text.partition(".")
    result = half_unit(-len(frac) - 1) * scale
    # A whole result prints without exponent or trailing zeros: 50000000, not 5.0E+7.
    return Decimal(int(result)) if result == result.to_integral_value() else result


@dataclass(slots=True)
class _Num:
    """A number being read: mutable while the scanner widens it, then frozen into a Mention."""

    start: int
    end: int
    digits: str
    exp: int
    plain: bool = True
    grouped: bool = False
    negative: bool = False
    currency: str | None = None
    kind: Kind = "number"
    scale_exp: int = 0
    scale_word: str | None = None
    approximate: bool = False
    claim: bool = True
    high: Decimal | None = None
    high_precision: Decimal | None = None
    place_exp: int | None = None  # for number words: exponent of the precision unit
    fy: bool = False  # written with a glued "FY": FY2024, FY24

    @property
    def has_unit(self) -> bool:
        return self.kind != "number" or self.currency is not None or self.scale_exp != 0

    def value(self) -> Decimal:
        return exact_decimal(self.digits, self.exp + self.scale_exp, self.negative)

    def precision(self) -> Decimal:
        unit = self.exp if self.place_exp is None else self.place_exp
        if self.approximate and self.exp >= 0 and self.place_exp is None and self.kind != "year":
            stripped = self.digits.rstrip("0")
            if stripped:
                unit += len(self.digits) - len(stripped)
        return half_unit(unit + self.scale_exp - 1)

    def mention(self, text: str) -> Mention:
        written = (
            Decimal(self.digits or "0") if self.exp == 0 else exact_decimal(self.digits, self.exp)
        )
        value = written if self.scale_exp == 0 and not self.negative else self.value()
        if self.place_exp is None and not self.approximate:  # precision(), without the call
            precision = half_unit(self.exp + self.scale_exp - 1)
        else:
            precision = self.precision()
        if self.high_precision is not None:
            precision = min(precision, self.high_precision)
        # Positional, in Mention's field order (keywords cost a fifth of the construction);
        # tests/vectors/extract_pinned.json pins every field.
        return Mention(
            text[self.start : self.end],  # text
            self.start,
            self.end,
            value,
            self.kind,
            precision,
            self.currency,
            SCALES[self.scale_exp],  # scale
            self.scale_word,
            written,
            self.negative,
            self.high,
            self.approximate,
            self.claim,
        )


# --------------------------------------------------------------------------------------------
# The scanner
# --------------------------------------------------------------------------------------------


def _scan(text: str, cell: bool) -> list[Mention]:
    out: list[Mention] = []
    pos = 0
    n = len(text)
    # Short texts (cells) are cheaper to scan in full than to ask word_starts() about.
    starts = None if n < 48 else word_starts(text)
    while pos < n:
        core = next_core(text, pos, starts)
        if core is None:
            break
        start, end, is_words = core
        if is_words:
            nums, nxt = _read_words(text, start, text[start:end])
        else:
            nums, nxt = _read_number(text, start, end, cell, pos, allow_range=True)
        for num in nums:
            out.append(num.mention(text))
        pos = max(nxt, end)
    return out


def _read_words(text: str, start: int, run: str) -> tuple[list[_Num], int]:
    nums: list[_Num] = []
    end = start + len(run)
    for s, e, value, precision in parse_words(run):
        place_exp = (precision * 2).adjusted()
        num = _Num(start + s, start + e, str(value), 0, place_exp=place_exp)
        um = UNIT_RE.match(text, num.end)
        if um is not None and um.group("pct") is not None and "%" not in um.group("pct"):
            num.kind, num.end = "percent", um.end()
        elif (cm := CURRENCY_AFTER_RE.match(text, num.end)) is not None and cm.group("word"):
            num.kind, num.end = "money", cm.end()
            num.currency = WORD_CURRENCY[cm.group("word").lower().rstrip("s")]
        num.approximate = _is_approx(text, num.start)
        nums.append(num)
        end = max(end, num.end)
    return nums, end


def _pieces(text: str, s0: int, parts: list[Digits]) -> list[_Num]:
    """Numbers run together with commas ("1,2,3"): each piece as a plain number."""
    out: list[_Num] = []
    pos = s0
    for part in parts:
        length = len(part.digits) + (0 if part.plain else 1)
        out.append(_Num(pos, pos + length, part.digits, part.exp, plain=part.plain))
        pos += length + 1
    return out


def _read_number(
    text: str, s0: int, e0: int, cell: bool, floor: int, allow_range: bool
) -> tuple[list[_Num], int]:
    """Read the number whose core is text[s0:e0]: ([numbers], where scanning resumes).

    ``floor`` is where the previous number ended: the prefix of this one never reaches before it.
    """
    if e0 - s0 > MAX_CORE:
        return [], e0
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
        return _pieces(text, s0, read), e0
    num = _Num(s0, e0, read.digits, read.exp, read.plain, read.grouped, False, None, kind)
    if compound is not None:  # "2.8:1"
        num.end = compound.end()
        num.approximate = _is_approx(text, s0)
        return [num], num.end

    # -- what is written before the core ------------------------------------------------------
    pm = None
    if maybe_prefix(text, s0):
        pre = text[max(floor, s0 - 24) : s0]
        base = s0 - len(pre)
        pm = prefix_match(pre)
    paren = False
    sign = ""
    inner_start = s0  # where the mention starts when a "(" turns out not to be a negative
    currency_outside = False
    if pm is not None and pm.end() > pm.start():
        if pm.group("paren_a", "sign_a", "paren_b", "sign_b") == _CURRENCY_ONLY:
            # The common "$12", "€ 5", "USD 5": a currency and nothing else; the general branch
            # below would give the same start, currency and no sign or parenthesis.
            num.start = inner_start = base + pm.start()
            num.currency = currency_code(pm.group("cur"), pm.group("pfx"))
        else:
            start = base + pm.start()
            for group in ("sign_b", "sign_a"):
                g0 = pm.start(group)
                if g0 >= 0:
                    before_sign = text[base + g0 - 1] if base + g0 > 0 else " "
                    if before_sign.isalnum() or before_sign in ").%":
                        # "10-12", "COVID-19": a hyphen that joins, not a sign; drop it and all left
                        start = base + g0 + 1
                        break
            else:
                g0 = -1
            if pm.group("cur") is not None and base + pm.start("cur") >= start:
                num.currency = currency_code(pm.group("cur"), pm.group("pfx"))
            for group in ("sign_a", "sign_b"):
                if pm.group(group) is not None and base + pm.start(group) >= start:
                    sign = sign or pm.group(group)
            for group in ("paren_a", "paren_b"):
                if pm.group(group) is not None and base + pm.start(group) >= start:
                    paren = True
            # "£(8.1m)": a currency outside the parentheses marks an accounting negative, whatever
            # follows the digits inside.
            currency_outside = pm.group("paren_b") is not None and num.currency is not None
            inner = [base + pm.start(g) for g in ("sign_a", "cur", "sign_b") if pm.group(g)]
            inner_start = min([i for i in inner if i >= start], default=s0)
            num.start = start
            num.negative = sign in ("-", "−", "–")

    bare = num.currency is None and not sign and not paren
    if bare and s0 > 0:
        c1 = text[s0 - 1]
        if c1.isalpha() or c1 in "_'":  # is_letter(c1) or an apostrophe
            fy = FY_GLUED_RE.search(text_before(text, s0, 4))
            if fy is None or not read.plain or len(read.digits) not in (2, 4):
                return [], skip_token(text, e0)
            num.start = s0 - len(fy.group())
            num.fy = True
        elif c1 in "-/." and s0 >= 2 and is_letter(text[s0 - 2]):
            return [], skip_token(text, e0)  # COVID-19, v.2
        elif c1 in "#^@":
            return [], skip_token(text, e0)  # #123, x^2, @3
        elif c1 == "[":
            cite = CITE_RE.match(text, s0 - 1)
            if cite is not None:
                return [], cite.end()
    if bare and ends_with(text, s0, REF_ENDS) and ref_before(text, s0):
        tail = REF_TAIL_RE.match(text, e0)
        return [], tail.end() if tail else e0

    # -- what is written after it -------------------------------------------------------------
    pos = e0
    closed = False
    if paren:
        close = CLOSE_RE.match(text, pos)
        if close is not None:
            closed, pos = True, close.end()
    unit = UNIT_RE.match(text, pos) if maybe_unit(text, pos) else None
    unit_kind = ""
    if unit is not None:
        unit_kind = unit.lastgroup or ""
        if unit_kind in ("pp", "bps"):
            num.kind = unit_kind  # type: ignore[assignment]
        elif unit_kind == "pct":
            num.kind = "percent"
        elif unit_kind in ("times", "times_w", "to_one"):
            if unit_kind == "times" and OPERAND_RE.match(text, unit.end()):
                unit_kind = ""
            else:
                num.kind = "ratio"
        else:
            word = unit.group(unit_kind)
            key = word.lower().rstrip("s") if len(word) > 3 else word.lower()
            needs_currency = unit_kind == "short" or (unit_kind == "att" and word == "T")
            if needs_currency and num.currency is None:
                unit_kind = ""
            else:
                num.scale_exp, num.scale_word = SCALE_EXP[key], word
        if unit_kind:
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
    if paren and not closed and (cell or currency_outside):
        close = CLOSE_RE.match(text, pos)
        if close is not None:
            closed, pos = True, close.end()
    if pos < len(text) and (is_letter(text[pos]) or text[pos].isdigit()) and not unit_kind:
        return [], skip_token(text, pos)  # 5G, 1990s, 24h
    if num.currency == "$" and text.startswith("$", pos):
        num.currency = None  # LaTeX math "$3.2$", not dollars
        num.start = max(num.start, s0 - (1 if sign else 0))
    num.end = pos

    # -- accounting parentheses ----------------------------------------------------------------
    year_like = (
        read.plain and len(read.digits) == 4 and 1900 <= int(read.digits) <= 2100
        and num.currency is None and not num.has_unit and not sign
    )  # fmt: skip
    if paren and closed:
        strong = num.currency is not None or read.grouped or not read.plain
        strong = strong or len(read.digits) >= 4 or unit_kind != ""
        if cell or (strong and not year_like):
            num.negative = True
        elif year_like:
            num.start, num.end = s0, e0
        else:
            return [], pos  # "(3)" in prose: an enumeration or a footnote
    elif paren:
        num.start = inner_start  # "($1.2 million)": a parenthetical, not a negative

    if num.currency is not None and num.kind == "number":
        num.kind = "money"
    if num.kind == "number":
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
        elif year_like and not num.negative:
            num.kind = "year"

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
        return [], e0

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

    if allow_range and text.startswith(RANGE_STARTS, num.end):
        return _try_range(text, num, cell)
    return [num], num.end


_CURRENCY_ONLY = (None, None, None, None)  # PREFIX_RE's parenthesis and sign groups, all unset


def _fiscal_pair(text: str, s0: int, m: re.Match[str]) -> tuple[list[_Num], int]:
    """ "2019/20" or "2019-20": a fiscal year spanning two calendar years; anything else such as
    "2019-06" is a year-month and skipped."""
    first = int(m.group("fyear"))
    second = int(m.group("fyear2"))
    if second != (first + 1) % 100:
        return [], m.end()
    num = _Num(s0, m.end(), str(first), 0, kind="year")
    num.high, num.high_precision = Decimal(first + 1), Decimal("0.5")
    return [num], m.end()


def _is_approx(text: str, start: int) -> bool:
    if not ends_with(text, start, APPROX_ENDS, 40):
        return False
    return approx_before(text, start)


def _try_range(text: str, low: _Num, cell: bool) -> tuple[list[_Num], int]:
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
    highs, _ = _read_number(text, core.start(), core.end(), cell, low.end, allow_range=False)
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


def _join_units(low: _Num, high: _Num) -> bool:
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


def _inherit(low: _Num, high: _Num) -> None:
    low.kind, low.currency = high.kind, low.currency or high.currency
    low.scale_exp, low.scale_word = high.scale_exp, high.scale_word


# --------------------------------------------------------------------------------------------
# Public functions
# --------------------------------------------------------------------------------------------


def extract(text: str) -> list[Mention]:
    """Every number in ``text``, in order of appearance.

    >>> [(m.text, str(m.value), m.kind) for m in extract("Revenue rose 12% to $3.2bn in 2024.")]
    [('12%', '12', 'percent'), ('$3.2bn', '3200000000', 'money'), ('2024', '2024', 'year')]
    >>> m = extract("a loss of ($1,234)")[0]
    >>> (str(m.value), m.negative, str(m.precision))
    ('-1234', True, '0.5')
    >>> [m.text for m in extract("See Note 4 and the 10-K filed December 31, 2019.")]
    ['2019']
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects a str, got {type(text).__name__}")
    return _scan(text, cell=False)


def parse_number_string(s: str) -> Mention | None:
    """Read one cell or field as a single number; None when it is not exactly one number.

    >>> m = parse_number_string("(1,234)")
    >>> (str(m.value), m.negative)
    ('-1234', True)
    >>> str(parse_number_string("€ 12.5 million").value)
    '12500000'
    >>> parse_number_string("N/A") is None, parse_number_string("2019-06-30") is None
    (True, True)
    """
    if not isinstance(s, str):
        raise TypeError(f"parse_number_string() expects a str, got {type(s).__name__}")
    stripped = s.strip()
    if not stripped:
        return None
    lead = len(s) - len(s.lstrip())
    found = _scan(stripped, cell=True)
    if len(found) != 1 or found[0].start != 0 or found[0].end != len(stripped):
        return None
    return replace(found[0], start=found[0].start + lead, end=found[0].end + lead)
