"""Arithmetic the question's words state, answered with other arithmetic.

Three readings, for :func:`crossfoot.rules.alignment.misfit` (final figures only; revived from
value10's ``alignment_stated``, whose section reading value14 made ``rules._named``):

- **an average asked, a quotient of two amounts of money given**: "What is the average of
  Revenues from sale of services?" is a mean of the row's years. An average may be a quotient
  (an amount over a count or a number of periods: "the average price" of $173.2 million over 962
  units), but money over money is a relative size, no average: the ratio of two other revenue
  rows ("9,461 / 52 = 181.94") meets a coarse average by chance. Unless the question asks an
  average per something ("the average revenue per customer") or of a rate, such a quotient does
  not answer it.
- **a stated operand**: "what is that less 1?" and "what is the difference between this value and
  the number one?" say which computation gives the answer: an earlier figure with the stated
  number taken away. A relative change (b / a - 1) is that when the number is one, and a
  percentage change (b / a x 100 - 100) when it is a hundred; a difference one of whose operands
  is the number is that too, and so is a figure the rules read as the step itself
  (:mod:`crossfoot.rules.stated_step`). A difference, share, ratio, sum or mean of two other
  figures of the sources is not: at four decimals two of a long passage's figures meet a moved
  answer by chance ("1.49 - 1.14 = 0.35"; "20 of 100" for "0.200").
- **a stated divisor**: "what is that divided by 100?" and "and what is that change over 100?"
  divide an earlier figure by the number they write. A ratio or share of two other figures of the
  sources, neither of them that number, is another quotient: a table of index values (100 in its
  first year) divides into any figure near 1 by chance ("152.3 / 137 = 1.112").
- **a quotient of two written years**: "what is the ratio of 2005 to 2004?" is answered by a
  quotient of those years' values, not by one that takes a value of a third year (2004 / 2002).
- **the respective values asked, a derivation given**: "what are the respective values of
  finished goods in 2018 and 2019?" asks for values the sources state, one per figure, and names
  no operation. A sum, difference or quotient of two of a table's values is none of them: two
  lines of one column ("Raw material" + "Finished goods" = 907) meet a moved figure by chance.
- **a ratio asked by its name, other lines divided**: "what is the current ratio in 2019?" states
  its arithmetic, current assets over current liabilities (rules._ratio_names). A quotient of two
  cells that are not the lines of its two sides ("Foreign currency reserve" 2019 over 2018,
  "Contributed equity" over current liabilities) is another ratio: a table's lines of one size
  divide into any figure near 1 by chance.
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._derive_kinds import quantity
from crossfoot.rules._named_years import value_years
from crossfoot.rules._ratio_names import named_ratio

__all__ = [
    "named_ratio_misfit",
    "respective_misfit",
    "stated_divisor",
    "stated_divisor_misfit",
    "stated_misfit",
    "stated_operand",
    "stated_operand_misfit",
    "year_pair_misfit",
]

# "that less 1", "this minus 100", "less the number one"; "the difference between this value and
# the number one", "the difference between that and 1". The operand is a number the question
# writes (digits, or one / a hundred in words).
_STATED = re.compile(
    r"(?i)\b(?:that|this|it)\b[^?.]{0,30}?\b(?:less|minus)\s+(?:the\s+number\s+)?"
    r"(?P<a>\d[\d,]*(?:\.\d+)?|one(?:\s+hundred)?|a\s+hundred)(?![\d,.]*\d)"
    r"|\bdifference\s+between\s+(?:this|that|it)\b[^?.]{0,30}?\band\s+(?:the\s+number\s+)?"
    r"(?P<b>\d[\d,]*(?:\.\d+)?|one(?:\s+hundred)?|a\s+hundred)(?![\d,.]*\d)"
)
_STATED_GATE = ("less", "minus", "difference")  # substrings: the pattern runs only after one
_WORDS = {"one": Decimal(1), "one hundred": Decimal(100), "a hundred": Decimal(100)}
# Two-operand arithmetic that is not "a figure less the stated number" unless one of its
# operands is that number.
_OTHER = frozenset({"difference", "share", "ratio", "sum", "mean", "average", "pp_change"})
# The note rules.stated_step leaves on a figure it read as the step itself.
_STEP_NOTE = "as the text states"


def stated_operand(ask_text: str) -> Decimal | None:
    """The number a question's arithmetic takes away from an earlier figure, or None.

    >>> stated_operand("what is that less 1?")
    Decimal('1')
    >>> stated_operand("and what is the difference between this value and the number one?")
    Decimal('1')
    >>> stated_operand("what is the difference between 2018 and 2019?") is None
    True
    """
    low = ask_text.lower()
    if not any(w in low for w in _STATED_GATE):
        return None
    m = _STATED.search(ask_text)
    if m is None:
        return None
    said = re.sub(r"\s+", " ", (m.group("a") or m.group("b")).lower())
    if said in _WORDS:
        return _WORDS[said]
    return Decimal(said.replace(",", ""))


def stated_operand_misfit(ask_text: str, ev: Evidence) -> str | None:
    """Why a derivation is not the arithmetic the question states with its own operand, in
    words, or None (module docstring).

    >>> from crossfoot.model.types import SourceValue
    >>> ops = (SourceValue(Decimal("1.49"), "S1"), SourceValue(Decimal("1.14"), "S1"))
    >>> q = "what is that less 1?"
    >>> stated_operand_misfit(q, Evidence("derive", "difference", "", ops, Decimal("0.35")))
    'the question asks for a figure less 1; this figure is a difference of two others'
    >>> stated_operand_misfit(q, Evidence("derive", "percent_change", "", ops)) is None
    True
    """
    if ev.rule != "derive" or (ev.kind not in _OTHER and ev.kind != "percent_change"):
        return None
    if _STEP_NOTE in ev.note:
        return None
    n = stated_operand(ask_text)
    if n is None:
        return None
    if ev.kind == "percent_change":
        if n in (1, 100):
            return None  # b / a - 1, or as a percentage b / a x 100 - 100
        return f"the question asks for a figure less {n:,}; this figure is a percentage change"
    if any(v.value == n for v in ev.operands):
        return None
    if ev.result is not None and any(v.value - n == ev.result for v in ev.operands):
        return None  # "96.5 less its base of 100": an operand less the number itself
    return f"the question asks for a figure less {n:,}; this figure is a {ev.kind} of two others"


# "that divided by 100", "this change over 100", "that difference over 1,000": a number the
# question writes divides an earlier figure. The number ends the clause ("that over 2 years"
# names a span; "that over 2018" a year's value).
_DIVIDED = re.compile(
    r"(?i)\b(?:that|this|it)\b[^?.]{0,30}?\b(?:divided\s+by|over)\s+(?:the\s+number\s+)?"
    r"(?P<a>\d[\d,]*(?:\.\d+)?|one\s+hundred|a\s+hundred)(?![\d,.]*\d)(?=\s*(?:[?.,;]|$))"
)


def stated_divisor(ask_text: str) -> Decimal | None:
    """The number a question divides an earlier figure by, or None.

    >>> stated_divisor("what is that divided by 100?"), stated_divisor("and that change over 100?")
    (Decimal('100'), Decimal('100'))
    >>> stated_divisor("what is the ratio of 2005 over 2004?") is None
    True
    >>> stated_divisor("what was that growth over 2 years?") is None
    True
    """
    low = ask_text.lower()
    if "divided by" not in low and " over " not in low:
        return None
    m = _DIVIDED.search(ask_text)
    if m is None:
        return None
    said = re.sub(r"\s+", " ", m.group("a").lower())
    n = _WORDS[said] if said in _WORDS else Decimal(said.replace(",", ""))
    return None if _YEAR.fullmatch(said) else n


def stated_divisor_misfit(ask_text: str, ev: Evidence) -> str | None:
    """A question that divides an earlier figure by a number it writes ("what is that divided by
    100?"), answered with a ratio or share of two other figures, neither of them that number:
    another quotient (a table of index values divides into any figure near 1 by chance).

    >>> from crossfoot.model.types import SourceValue
    >>> ops = (SourceValue(Decimal("152.3"), "S1"), SourceValue(Decimal("137"), "S1"))
    >>> q = "what is that divided by 100?"
    >>> stated_divisor_misfit(q, Evidence("derive", "ratio", "", ops, Decimal("1.1117")))
    'the question asks for a figure divided by 100; this figure is a ratio of two others'
    >>> ops = (SourceValue(Decimal("152.3"), "S1"), SourceValue(Decimal("100"), "S1"))
    >>> stated_divisor_misfit(q, Evidence("derive", "ratio", "", ops, Decimal("1.523"))) is None
    True
    """
    if ev.rule != "derive" or ev.kind not in _QUOTIENTS or _STEP_NOTE in ev.note:
        return None
    n = stated_divisor(ask_text)
    if n is None or n == 0 or any(v.value == n for v in ev.operands):
        return None
    return (
        f"the question asks for a figure divided by {n:,}; this figure is a {ev.kind} of two others"
    )


# An average asked per something ("the average revenue per customer"), or of a rate, a share or a
# margin, is a quotient itself.
_QUOTIENT_ASKED = re.compile(
    r"(?i)\bper\b|\bfor\s+each\b|\bratio|\bproportion|\bpercent|%|\bshare\b|\brates?\b|"
    r"\bmargins?\b|\byields?\b"
)


def stated_misfit(ask: Ask, ev: Evidence) -> str | None:
    """Why a final figure's derivation is not the arithmetic the question's words state, in
    words, or None (module docstring).

    >>> from crossfoot.model.types import SourceValue
    >>> ops = (SourceValue(Decimal(9461), "S1", "money"), SourceValue(Decimal(52), "S1", "money"))
    >>> ask = Ask("What is the average of Revenues from sale of services?", op="average")
    >>> stated_misfit(ask, Evidence("derive", "ratio", "", ops, Decimal("181.94")))
    'the question asks for an average; this figure is a ratio'
    >>> ask = Ask("What is the average revenue per customer?", op="average")
    >>> stated_misfit(ask, Evidence("derive", "ratio", "", ops, Decimal("181.94"))) is None
    True
    """
    if ev.rule != "derive":
        return None
    if (
        ask.op == "average"
        and ev.kind in ("ratio", "share")
        and all(quantity(v) == "money" for v in ev.operands)
        and not _QUOTIENT_ASKED.search(ask.text)
    ):
        return f"the question asks for an average; this figure is a {ev.kind}"
    return (
        stated_operand_misfit(ask.text, ev)
        or stated_divisor_misfit(ask.text, ev)
        or year_pair_misfit(ask.text, ev)
        or respective_misfit(ask, ev)
        or named_ratio_misfit(ask, ev)
    )


_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_QUOTIENTS = frozenset({"ratio", "share"})


def year_pair_misfit(ask_text: str, ev: Evidence) -> str | None:
    """A quotient asked between the two years the question writes ("what is the ratio of 2005 to
    2004?", "the 2018 total in relation to this 2017 one"), answered with a quotient of two
    values of which one is of another year (2004 over 2002): the quotient of another pair.

    >>> from crossfoot.model.types import SourceValue
    >>> cell = lambda v, y: SourceValue(Decimal(v), "S1", table=0, column=str(y), year=y)
    >>> q = "what is the ratio of 2005 to 2004?"
    >>> year_pair_misfit(q, Evidence("derive", "ratio", "", (cell(5, 2004), cell(4, 2002))))
    'the question asks about 2004 and 2005; this quotient takes a value of 2002'
    >>> year_pair_misfit(q, Evidence("derive", "ratio", "", (cell(5, 2005), cell(4, 2004)))) is None
    True
    """
    if ev.kind not in _QUOTIENTS or len(ev.operands) != 2:
        return None
    written = {int(y) for y in _YEAR.findall(ask_text)}
    if len(written) != 2:
        return None
    per = [value_years(v) for v in ev.operands]
    if not all(per):
        return None
    outside = sorted({min(ys) for ys in per if not ys & written})
    if not outside:
        return None
    lo, hi = sorted(written)
    other = ", ".join(str(y) for y in outside)
    return f"the question asks about {lo} and {hi}; this quotient takes a value of {other}"


def respective_misfit(ask: Ask, ev: Evidence) -> str | None:
    """The respective values of named things asked, with no operation, answered with a
    derivation over two or more values (module docstring), in words; else None.

    >>> from crossfoot.model.types import SourceValue
    >>> ops = (SourceValue(Decimal(191), "S1"), SourceValue(Decimal(716), "S1"))
    >>> ask = Ask("What are the respective values of finished goods?", several=True)
    >>> respective_misfit(ask, Evidence("derive", "sum", "", ops, Decimal(907)))
    'the question asks for the respective values; this figure is a sum of 2 values'
    >>> respective_misfit(Ask("What are the respective changes?", several=True, op="change"),
    ...                   Evidence("derive", "sum", "", ops, Decimal(907))) is None
    True
    """
    if not ask.several or ask.op is not None or ask.computed or ev.rule != "derive":
        return None
    if len(ev.operands) < 2:
        return None
    n = len(ev.operands)
    return f"the question asks for the respective values; this figure is a {ev.kind} of {n} values"


def named_ratio_misfit(ask: Ask, ev: Evidence) -> str | None:
    """A ratio the question names by its name ("the current ratio"), answered with a quotient of
    two cells that are not its numerator's and denominator's lines (module docstring), in words;
    else None.

    >>> from crossfoot.model.types import SourceValue
    >>> cell = lambda v, row: SourceValue(Decimal(v), "S1", table=0, row=row, row_index=0)
    >>> ask = Ask("What is the current ratio in 2019?")
    >>> reserve = (cell(2783, "Foreign currency reserve"), cell(2607, "Foreign currency reserve"))
    >>> named_ratio_misfit(ask, Evidence("derive", "share", "", reserve))
    'the question asks for a ratio by its name; this figure divides other lines'
    >>> sides = (cell(154619, "Total current liabilities"), cell(121041, "Total current assets"))
    >>> named_ratio_misfit(ask, Evidence("derive", "share", "", sides)) is None
    True
    """
    if ev.rule != "derive" or ev.kind not in _QUOTIENTS or len(ev.operands) != 2:
        return None
    if not all(v.table is not None and v.row for v in ev.operands):
        return None
    sides = named_ratio(ask.text)
    if sides is None:
        return None
    below, above = ev.operands  # rules.derive: the part (numerator) second, its whole first
    if _on_side(above, sides[0]) and _on_side(below, sides[1]):
        return None
    return "the question asks for a ratio by its name; this figure divides other lines"


def _on_side(v: SourceValue, side: tuple[frozenset[str], ...]) -> bool:
    req = required_tokens(v.row or "")
    return bool(req) and any(req <= way for way in side)
