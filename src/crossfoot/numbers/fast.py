"""The number between two plain words: a fast path of the scanner (issue 19, "one scan").

Most numbers of running prose sit between common words ("was 4,567 in", "in 2019, the"). For
them every stage of :func:`crossfoot.numbers.reading.read_number` (a sign, a currency, a
parenthesis before the digits; a reference, fiscal, "about", month, "minus" or formula word
before them; a percent, scale, currency, unit, range, time or month after them) reads nothing,
and the number is its digits alone. :func:`plain_between` says so from the word before and what
follows, by set look-ups and one anchored regex, and gives the Mention; for every other number it
returns None and the full reader runs.

Why this is exact: the readers before the digits look only at text that ends at the digits, so
at the word just before them (phrases such as "up to", "ending in" end in a word of their own);
a word of :data:`WORDS_BEFORE` ends no phrase any reader lists, and for "in", "to" and "of"
the word before them must not be one that makes such a phrase (:data:`_PHRASE_HEADS`). After
the digits, a word of :data:`WORDS_AFTER` starts no unit, scale, currency, range, time or
month, and a punctuation mark of :data:`_ENDS_AFTER` ends the number. ``tests/test_speed_paths_
speed6.py`` checks every listed word against the full reader, in many contexts, and shows that a
wrong word in a list is caught.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.model.types import Kind, Mention
from crossfoot.numbers.around import ALONE_AFTER, Env
from crossfoot.numbers.context import CONSTANT_DIGITS
from crossfoot.numbers.cores import Digits, exact_decimal, half_unit, read_core

# (the reference readers moved out; tests reach them here too)
from crossfoot.numbers.fast_refs import _NO_PREFIX as _NO_PREFIX
from crossfoot.numbers.fast_refs import _SPACES as _SPACES
from crossfoot.numbers.fast_refs import _no_prefix as _no_prefix
from crossfoot.numbers.fast_refs import _read_no_prefix as _read_no_prefix
from crossfoot.numbers.fast_refs import _reference
from crossfoot.numbers.fast_refs import _reference_word as _reference_word
from crossfoot.numbers.num import new_mention
from crossfoot.numbers.patterns import (
    APPROX_ENDS,
    DIVIDE_ENDS,
    FISCAL_ENDS,
    MONTH_ENDS,
    RANGE_STARTS,
    REF_ENDS,
    SCALE_EXP,
    SCALES,
    TIMES_ENDS,
    UNIT_FIRST,
)
from crossfoot.numbers.prefix import may_prefix

__all__ = ["DAY", "REF", "WORDS_AFTER", "WORDS_BEFORE", "plain_between"]

#: Words after which a number reads as its digits alone (tests check each). Not: a reference,
#: fiscal, "about", month, "minus" or formula word ("by", "x", "times"), nor "than", "some".
_BEFORE = """a an and are as at be been between both during each ended for from had has have in into
    is of on or our its their the to totaled totalled was were which while with within
    increased decreased rose fell grew declined reached represented granted acquired paid
    issued recorded recognized reported contributed remaining including included includes
    that since until after only also just still vs versus""".split()
WORDS_BEFORE = frozenset(_BEFORE + [w.capitalize() for w in _BEFORE])
#: Words of WORDS_BEFORE that end a listed phrase after another word ("up to", "close to",
#: "ending in", "ends in", "upwards of", "in excess of"): then the word before them is looked at.
_PHRASE_HEADS = {"in": ("end",), "to": ("up", "close"), "of": ("upwards", "excess")}
_PHRASE_HEADS.update({word.capitalize(): heads for word, heads in _PHRASE_HEADS.items()})
#: Words a number may be followed by and still read as its digits alone (tests check each).
#: Not: "to", "and", "through" (ranges), "of" ("31 of March"), "per" ("per cent"), unit,
#: scale, currency, month and time words.
WORDS_AFTER = frozenset(
    """is was were are be been has had have compared as primarily for from the in on at or also
    due increased decreased included includes including we when which that respectively while
    with versus vs after before during since until mainly partially partly largely higher lower
    more less reflecting resulting related driven""".split()
)
# After the digits: one of WORDS_AFTER (then a space, a punctuation mark or the end), or a mark
# that ends a number (ALONE_AFTER's marks, or "." and ")" not followed by a letter or digit).
_AFTER_RE = re.compile(
    " (?:"
    + "|".join(sorted(WORDS_AFTER, key=lambda w: (-len(w), w)))
    + r")(?=[ ,.;:)?!\n]|\Z)"
    + r"|[,;!?\]}\n\r\"|<]|[.)](?![\w])|\Z"
)
# "5 and 6" is two numbers unless "between" comes before (ranges.try_range).
_AND_RE = re.compile(r" and(?=[ ,.;:)?!\n]|\Z)")
_MAX_WORD = max(map(len, WORDS_BEFORE))

# Any other word: the reader's own gates, all closed. Before the digits, the last two letters
# (lower-cased) end no word of the reference, fiscal, "about", month and formula lists
# (patterns.ends_with's gate, for every list at once), may_prefix finds no sign or currency,
# and no "minus" ends there. After them: a lower-case word starting no unit (patterns.maybe_unit),
# no time ("a"/"p": "3 pm"), no month (or "of" before one), no range word ("to", "and",
# "through": their first letters are among the units'), and Env.may_follow finds no scale,
# currency or unit there.
_LISTS = (REF_ENDS, FISCAL_ENDS, APPROX_ENDS, MONTH_ENDS, TIMES_ENDS, DIVIDE_ENDS)
_ENDS2 = frozenset().union(*(ends.last2 for ends in _LISTS))
_ENDS1 = frozenset().union(*(ends.last1 for ends in _LISTS))
# Which lists matter depends on the core: months to a day (context.context_skip reads plain
# cores of one or two digits), formula words to a constant (context.is_constant: CONSTANT_DIGITS),
# fiscal words to plain cores of two digits or four outside 1900-2100 (reading._settle_kind: a
# year either way within them), none of the three to money; reference and "about" words to all.
_NEAR = (REF_ENDS, APPROX_ENDS)
_NEAR2 = frozenset().union(*(ends.last2 for ends in _NEAR))
_NEAR1 = frozenset().union(*(ends.last1 for ends in _NEAR))
# A month word before such a core ("December 2019", whose "er" ends "over") ends no reference,
# fiscal or "about" phrase: tests/test_speed_paths_speed59.py reads each against the reader.
_MONTHS = frozenset(w for m in MONTH_ENDS.words if "." not in m for w in (m, m.capitalize()))
_MINUS = ("minus", "Minus", "MINUS")
_MARKS_BEFORE = frozenset(":;)]?!")
_SCALE_RE = re.compile(r" ((?i:thousand|million|billion|trillion)s?)(?![\w])")
_NOT_AFTER_SCALE = frozenset("_}$+")
_SPACES_PAREN_RE = re.compile(r"\s*\(")
_DAY_MONTHS = frozenset(w for w in MONTH_ENDS.words if not w.endswith(".")) - {"may"}
_WORD_AFTER = re.compile(r" ([a-z]+)(?=[ ,.;:)?!\n]|\Z)")
_NOT_AFTER = frozenset({"of", *(w for w in MONTH_ENDS.words if not w.endswith("."))})
_FIRST_NOT_AFTER = frozenset(UNIT_FIRST | {"a", "p"})

# A core read once: (value, kind, precision, scale, written) of its Mention, or None when the
# core is not one plain reading ("1,2,3", "1.234" in a text that may write "1.234,56").
_Fields = tuple[object, ...]
_TEMPLATES: dict[str, _Fields | None] = {}
_MAX_TEMPLATES = 50_000

#: What :func:`plain_between` gives for the day of a written date ("December 31, 2019"): no
#: number; the scanner goes on after the digits.
DAY = new_mention("", 0, 0, Decimal(0), "number", Decimal(0), None, Decimal(1), None,
                  Decimal(0), False, None, False, False, None, False)  # fmt: skip
#: What :func:`plain_between` gives for a number after a reference word ("Note 4", "item 2"):
#: no number; the scanner goes on after the reference's tail (``patterns.REF_TAIL_RE``).
REF = new_mention("", 0, 0, Decimal(0), "number", Decimal(0), None, Decimal(1), None,
                  Decimal(0), False, None, False, False, None, False)  # fmt: skip


def _template(core: str, style: str) -> _Fields | None:
    """The fields of ``core``'s Mention after its text and span, as the reader builds them
    (``Num.mention``: value, kind, precision, currency, scale, ...). ``style``: "" a number
    (or a year), "%" a percent, "$" dollars, a "-" before either a negative one.

    Built straight from the digits, without a ``Num`` and a Mention to read back (a fresh
    answer's numbers are new cores: ~5 us each that way, a third of it here);
    ``tests/test_speed_paths_speed21.py`` checks it against ``Num(...).mention`` field by field.
    """
    read = Digits(core, 0, True, False) if core.isdigit() else read_core(core)
    # Not a list ("1,2,3"), nor the "1.234" that is a thousand in a text writing "1.234,56"
    # (around.european_thousand): that depends on the whole text, so the reader reads it.
    if not isinstance(read, Digits) or (read.exp == -3 and not read.plain):
        return None
    digits, exp = read.digits, read.exp
    written = Decimal(digits or "0") if exp == 0 else exact_decimal(digits, exp)
    kind: Kind = "number"
    currency = scale_word = None
    scale_exp, negative = 0, False
    if style[:1] == "-":  # a minus before the rest: "-", "-%", "-$", "-$million"
        negative, style = True, style[1:]
    if style == "%":
        kind = "percent"
    elif style[:1] == "$":  # dollars, and a scale word as written: "$million"
        kind, currency = "money", "$"
        if len(style) > 1:
            scale_word = style[1:]
            scale_exp = SCALE_EXP[scale_word.lower().rstrip("s")]
    elif not negative and read.plain and len(digits) == 4 and 1900 <= int(digits) <= 2100:
        kind = "year"
    value = (
        written
        if scale_exp == 0 and not negative
        else exact_decimal(digits, exp + scale_exp, negative)
    )
    scale = SCALES.get(scale_exp) or Decimal(10**scale_exp)
    # Mention's fields from ``value`` on (tests/vectors/extract_pinned.json pins every one).
    return (value, kind, half_unit(exp + scale_exp - 1), currency, scale, scale_word, written,
            negative, None, False, True, None, False)  # fmt: skip


def plain_between(
    original: str, text: str, s0: int, e0: int, env: Env, floor: int = 0
) -> Mention | None:
    """The Mention of the digit core ``text[s0:e0]`` when nothing around it can change its
    reading, else None. ``text`` is the reading view of ``original`` (same offsets), read with
    no locale and not as a cell; ``env`` is the scan's, ``floor`` where its last number ended
    (the reader's own floor). Five shapes:

    - between a word of :data:`WORDS_BEFORE` (or a comma, or a word the reader's gates pass) and
      a word of :data:`WORDS_AFTER` (or a word the gates pass), a "%", or a mark that ends it:
      "was 4,567 in", "in 2019, the", "rose 12.5% in", "saw 123,457 events";
    - set apart as a cell is ('"2019",', '"12.5%"'), by a character of ``alone``;
    - a dollar amount in quotes ('"$1,366"', '"$ 5,686"'), and a minus in quotes ('"-584"');
    - after a plain word, a dollar amount with or without a scale word ("reached $5.3 million
      in", "is $35,046."), a minus ("is -5.2%.", "was -241 in") or both ("was -$58,000 and");
    - and two that are no number: the day of a written date (:data:`DAY`) and digits after a
      reference word (:data:`REF`: "Note 4", "item 2").

    >>> text = "it was 4,567 in"
    >>> m = plain_between(text, text, 7, 12, Env(None, False, text))
    >>> (m.text, str(m.value), m.kind)
    ('4,567', '4567', 'number')
    >>> plain_between("about 45 in", "about 45 in", 6, 8, Env(None, False, text)) is None
    True
    """
    if e0 - s0 > 24:
        return None
    c1 = text[s0 - 1] if s0 else ""  # "": the start of the text
    if c1 == " ":
        if s0 >= 3 and text[s0 - 2] == "$":
            if text[s0 - 3] == '"':
                return _quoted(original, text, s0, e0, s0 - 2, "$")  # '"$ 5,686"'
            if s0 >= 4 and text[s0 - 3] == "-" and text[s0 - 4] == '"':
                return _quoted(original, text, s0, e0, s0 - 3, "-$")  # '"-$ 9,688"'
        elif s0 >= 4 and text[s0 - 2] == " " and text[s0 - 3] == "$" and text[s0 - 4] == '"':
            return _quoted(original, text, s0, e0, s0 - 3, "$")  # '"$  245"'
        return _prose(original, text, s0, e0, env, floor)
    if c1 in env.alone:
        return None if s0 >= 2 and text[s0 - 2].isupper() else _cell(original, text, s0, e0, "")
    if (c1 == "$" or c1 == "-") and s0 >= 2 and text[s0 - 2] == '"':
        return _quoted(original, text, s0, e0, s0 - 1, c1)
    if c1 == "$" and s0 >= 3 and text[s0 - 2] == "-" and text[s0 - 3] == '"':
        return _quoted(original, text, s0, e0, s0 - 2, "-$")  # '"-$0.02"'
    if c1 == "$" and s0 >= 4 and text[s0 - 2] == " ":
        return _scaled_dollars(original, text, s0, e0, env, s0 - 1, "")
    if c1 == "-" and s0 >= 3 and text[s0 - 2] == " ":  # "is -5.2%.", "was -241 in"
        return _minus(original, text, s0, e0, env)
    if c1 == "$" and s0 >= 5 and text[s0 - 2] == "-" and text[s0 - 3] == " ":  # "is -$241."
        return _scaled_dollars(original, text, s0, e0, env, s0 - 2, "-")
    return None


def _minus(original: str, text: str, s0: int, e0: int, env: Env) -> Mention | None:
    """A minus between a plain word and the digits: the rest as after a plain word."""
    if not _plain_before(text, s0 - 1, env):
        return None
    if text.startswith("%", e0):
        nxt = text[e0 + 1 : e0 + 2]
        if nxt.isalnum() or nxt in ("_", "+") or text.startswith(RANGE_STARTS, e0 + 1):
            return None
        return _made(original, text, s0, e0, s0 - 1, e0 + 1, "-%")
    if _AFTER_RE.match(text, e0) is None and not _plain_after(text, s0 - 1, e0, env):
        return None
    return _made(original, text, s0, e0, s0 - 1, e0, "-")


def _scaled_dollars(
    original: str, text: str, s0: int, e0: int, env: Env, start: int, sign: str
) -> Mention | None:
    """ "reached $5.3 million in", "saw $4.21M of": a plain word before the "$"
    (prefix.lone_dollar reads the "$" alone; an "about" word would make it approximate), an
    English scale word after the digits (or a scale letter glued to them), and then nothing
    the reader reads: no letter, digit, "}", "$" (LaTeX), "+" or range, and no "(" after
    spaces (after an amount "(USD 5)" may convert it)."""
    if (sign or text[start - 2] != ",") and not _plain_before(text, start, env, 0):
        return None  # (after a comma, as for a bare number, no reader finds a word)
    scale = _SCALE_RE.match(text, e0)
    if scale is None:
        scale = _GLUED_SCALE_RE.match(text, e0)  # "$4.21M of", "$3bn.": a letter glued on
        if scale is None:
            return _bare_dollars(original, text, s0, e0, env, start, sign)
        if not _ends_glued(text, scale.end()):
            return None
    end = scale.end()
    nxt = text[end : end + 1]
    if nxt.isalnum() or nxt in _NOT_AFTER_SCALE:
        return None
    if text.startswith(RANGE_STARTS, end) and not _two_amounts(text, start, end):
        return None
    if _SPACES_PAREN_RE.match(text, end) is not None:
        return None
    return _made(original, text, s0, e0, start, end, sign + "$" + scale.group(1))


def _bare_dollars(
    original: str, text: str, s0: int, e0: int, env: Env, start: int, sign: str
) -> Mention | None:
    """ "is $35,046.", "was -$58,000 and the": no scale, and after the digits what ends a plain
    number (the reader reads there what it reads after one), but no "(" after spaces (after an
    amount "(USD 5)" may convert it: the reader keeps the amount for that, the fast path not)."""
    if _AFTER_RE.match(text, e0) is None and not _plain_after(text, start, e0, env):
        return None
    if _SPACES_PAREN_RE.match(text, e0) is not None:
        return None
    return _made(original, text, s0, e0, start, e0, sign + "$")


def _two_amounts(text: str, start: int, end: int) -> bool:
    """Whether " and" at ``end`` joins no range with the amount starting at ``start``
    ("$53.0 million and the total"): a range of "and" needs "between" in the 40 characters
    before the amount (``ranges.try_range`` reads ``patterns.text_before``), as for a number
    (``_plain_after``)."""
    if _AND_RE.match(text, end) is None:
        return False
    return "between" not in text[start - 48 if start > 48 else 0 : start].lower()


# The scale letters the reader reads glued to a dollar amount ("$4.21M", "$5k", "$3.2bn"),
# followed by no letter, digit or "_" (not "$5mm", "$5MM", "$5bln": those take the reader).
_GLUED_SCALE_RE = re.compile(r"(bn|mn|tn|[mMbBkKT])(?![A-Za-z0-9_])")


def _ends_glued(text: str, end: int) -> bool:
    """After a glued scale letter, only a space, ",", ";", a line end, the end of the text, or
    a "." that ends the sentence: the marks after which the reader reads nothing more."""
    nxt = text[end : end + 1]
    if nxt == ".":
        return text[end + 1 : end + 2] in _AFTER_STOP
    return nxt in _AFTER_GLUED


_AFTER_GLUED = frozenset([" ", ",", ";", "\n", ""])
_AFTER_STOP = frozenset([" ", "\n", ""])


def _prose(original: str, text: str, s0: int, e0: int, env: Env, floor: int) -> Mention | None:
    """A number between plain words: see :func:`plain_between`."""
    if s0 < 2:
        return None
    # After a comma ("December 31, 2019") no reader finds a word.
    if text[s0 - 2] != "," and not _plain_before(text, s0, env, e0):
        if _day(text, s0, e0, env):
            return DAY
        return REF if _reference(text, s0, e0, env, floor) else None
    if text.startswith("%", e0):  # "12.5%": the number ends there, unless a letter, a digit,
        nxt = text[e0 + 1 : e0 + 2]  # a "+" or a range follows
        if nxt.isalnum() or nxt in ("_", "+") or text.startswith(RANGE_STARTS, e0 + 1):
            return None
        return _made(original, text, s0, e0, s0, e0 + 1, "%")
    if _AFTER_RE.match(text, e0) is None and not _plain_after(text, s0, e0, env):
        return None
    return _made(original, text, s0, e0, s0, e0, "")


def _day(text: str, s0: int, e0: int, env: Env) -> bool:
    """Whether the digits are the day of a written date ("December 31, 2019", "Dec. 5)"): a
    month word (not "May", which needs a year after it) before, one to 31, and a mark of
    ALONE_AFTER after (no unit or scale the reader would read first). The reader then drops
    them (context.context_skip) after stages that find nothing here: no prefix, and no
    reference or fiscal word is a month."""
    core = text[s0:e0]
    if e0 - s0 > 2 or not core.isdigit() or not 1 <= int(core) <= 31:
        return False
    if text[e0 : e0 + 1] not in ALONE_AFTER:
        return False
    space = text.rfind(" ", s0 - 12 if s0 > 12 else 0, s0 - 1)
    word = text[space + 1 : s0 - 1].lower()
    if word.endswith("."):
        word = word[:-1]
    return word in _DAY_MONTHS and not may_prefix(text[s0 - 3 if s0 >= 3 else 0 : s0 - 1], env)


def _plain_before(text: str, s0: int, env: Env, e0: int = -1) -> bool:
    """Whether the word before " " + digits at ``s0`` leaves the number alone (``e0``: where
    bare digits end; 0: an amount of money; -1: any number)."""
    lo = s0 - _MAX_WORD - 2
    space = text.rfind(" ", lo if lo > 0 else 0, s0 - 1)
    # No space in the window: the word is longer than any of WORDS_BEFORE, so its last
    # _MAX_WORD + 1 characters decide as well as all of them (copying the whole text before the
    # number made a long text without spaces quadratic).
    word = text[space + 1 if space >= 0 or lo <= 0 else lo : s0 - 1]
    if word in WORDS_BEFORE:
        heads = _PHRASE_HEADS.get(word)
        if heads is None:
            return True
        before = text[space - 12 if space > 12 else 0 : space].lower()
        return not any(head in before for head in heads)
    if word in _MONTHS and e0 >= 0 and not (e0 and _day_or_constant(text[s0:e0])):
        return not may_prefix(word[-2:], env)
    c2 = text[s0 - 2]
    # A letter, or a mark that ends a word ("Answer: 12"); not a digit, a space, "." (the
    # readers fold " ." away), nor one of LIST_HEAD_RE's marks ("> 1. ").
    if not (c2.isascii() and c2.isalpha()) and c2 not in _MARKS_BEFORE:
        return False
    tail = text[s0 - 3 if s0 >= 3 else 0 : s0 - 1]  # patterns.prefix_tail here
    end = tail.lower()
    if (end in _ENDS2 or end[-1] in _ENDS1) and _closes(text, s0, e0, end):
        return False
    return not may_prefix(tail, env) and not text.startswith(_MINUS, s0 - 6 if s0 >= 6 else 0)


def _closes(text: str, s0: int, e0: int, end: str) -> bool:
    """Whether a listed word that may end in ``end`` (the two letters before the space before
    ``s0``, lower-cased) may change the reading of the core ``text[s0:e0]`` (``_plain_before``'s
    ``e0``)."""
    if e0 < 0 or end in _NEAR2 or end[-1] in _NEAR1:
        return True
    core = text[s0:e0] if e0 else ""
    if not core.isdigit():
        return False  # (money, or a core with a separator: no day, constant or fiscal year)
    if len(core) <= 2 or core.lstrip("0") in CONSTANT_DIGITS:
        return True
    fiscal = end in FISCAL_ENDS.last2 or end[-1] in FISCAL_ENDS.last1
    return fiscal and len(core) == 4 and not 1900 <= int(core) <= 2100


def _day_or_constant(core: str) -> bool:
    """Whether a month or a formula word before ``core`` may change its reading."""
    return core.isdigit() and (len(core) <= 2 or core.lstrip("0") in CONSTANT_DIGITS)


def _plain_after(text: str, s0: int, e0: int, env: Env) -> bool:
    """Whether what follows the digits ending at ``e0`` leaves the number alone (not one of
    WORDS_AFTER, nor a mark that ends it)."""
    if _AND_RE.match(text, e0) is not None:  # "5 and 6": a range only after "between"
        return "between" not in text[s0 - 48 if s0 > 48 else 0 : s0].lower()
    word = _WORD_AFTER.match(text, e0)
    if word is None:
        return False
    found = word.group(1)
    return (
        found[0] not in _FIRST_NOT_AFTER
        and found not in _NOT_AFTER
        and not env.may_follow(text, e0)
    )


def _cell(original: str, text: str, s0: int, e0: int, style: str) -> Mention | None:
    """A number set apart before; it ends at a mark of ALONE_AFTER, or a "%" before one."""
    follow = text[e0 : e0 + 1]
    if follow in ALONE_AFTER:
        return _made(original, text, s0, e0, s0, e0, style)
    if follow == "%" and text[e0 + 1 : e0 + 2] in ALONE_AFTER and not style:
        return _made(original, text, s0, e0, s0, e0 + 1, "%")
    return None


def _quoted(original: str, text: str, s0: int, e0: int, start: int, style: str) -> Mention | None:
    """'"$1,366"', '"-584"', '"-$0.02"', '"$  245"': a dollar sign, a minus or both (and up to
    two spaces after the "$") between a quote and the digits, and a mark
    of ALONE_AFTER after them other than a line end (after which "(USD 5)" may convert)."""
    follow = text[e0 : e0 + 1]
    if follow not in ALONE_AFTER or follow in ("\n", "\r", ""):
        return None
    return _made(original, text, s0, e0, start, e0, style)


def _made(
    original: str, text: str, s0: int, e0: int, start: int, end: int, style: str
) -> Mention | None:
    """The Mention of the core text[s0:e0] written from ``start`` to ``end`` in ``style``."""
    core = text[s0:e0]
    key = core + style
    fields = _TEMPLATES.get(key, ())
    if fields == ():
        fields = _template(core, style)
        if len(_TEMPLATES) < _MAX_TEMPLATES:
            _TEMPLATES[key] = fields
    if fields is None:
        return None
    return new_mention(original[start:end], start, end, *fields)
