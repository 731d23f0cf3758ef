"""Which two-operand formulas a claim's own wording admits (rules.derive).

A percentage followed by "of" is a part of a whole, never a change, and its part and whole are
of one period (:func:`part_of_whole`); a plain figure with a unit
noun ("2.34 years") is never a relative change or a share of two amounts; a mean only where the
answer or the question words one (:func:`~crossfoot.rules._derive_shared.mean_worded`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.changewords import CHANGED, GAP, MOVED, words
from crossfoot.language.rowfocus import focus_text
from crossfoot.language.years import field_stem, period, years_in_text
from crossfoot.model.context import ClaimContext
from crossfoot.model.types import Mention, SourceValue
from crossfoot.rules._derive_formulas import _Spec, _specs
from crossfoot.rules._derive_shared import (
    kind_allowed,
    known_worded,
    mean_worded,
    names_only_a_change,
)
from crossfoot.rules._prose_subject import whole_named
from crossfoot.sources.rows_label_match import label_search

__all__ = [
    "about_window",
    "as_written",
    "part_of_whole",
    "search_worded",
    "whole_of_year",
    "wording_specs",
]

# A percentage followed by "of" ("85% of the lower of the two prices", "40% of revenue") states
# a part of a whole, never a change.
_SHARE_OF = re.compile(r"\s+of\b", re.IGNORECASE)

# A plain figure followed by a unit noun: a duration or a count ("2.34 years", "40 employees").
# A relative change or a share of two amounts has no unit: such a figure is never one. (A ratio
# may have one: unrecognised cost over the yearly expense is a number of years.)
_COUNTED = re.compile(
    r"\s*(?:years?|months?|weeks?|days?|hours?|employees|people|persons|customers|stores|"
    r"shares|units|vehicles|locations|sites|members)\b",
    re.IGNORECASE,
)
_FRACTIONS = frozenset({"percent_change", "share"})
_PLAIN_PP = words(CHANGED, GAP, MOVED)


def wording_specs(ctx: ClaimContext) -> list[_Spec]:
    """The claim's formulas (rules.derive) that its wording admits."""
    m = ctx.mention
    share_worded = _SHARE_OF.match(ctx.text, m.end) is not None
    # "2.34 years", "3 employees": a figure in a unit of its own is no fraction of two amounts.
    counted = m.kind == "number" and _COUNTED.match(ctx.text, m.end) is not None
    out = []
    for spec in _specs(m):
        if not kind_allowed(ctx, spec.kind):
            continue
        if share_worded and spec.op == "pct_change" and not _change_of_period(ctx):
            continue  # "purchased at 85% of the market price" is a part of a whole, no change
        if counted and spec.kind in _FRACTIONS:
            continue
        if spec.op == "mean" and not mean_worded(ctx):
            continue
        if m.kind == "number" and spec.cls == "percent" and spec.op == "diff":
            # two rates' plain difference only where the words name a change or a gap ("what
            # was the change in the margin?"): a total's figure is no difference of two rates
            if _PLAIN_PP.search(focus_text(ctx)) is None:
                continue
        out.append(spec)
    return out


# A level at either end of a stated move: "rose to 81.6% of total revenue", "up from 62.2% in
# 2020", "improved to 0.78 from 0.81". The move's words say which way the quantity went, not that
# the figure is a change: it may be a share or a ratio of its year like any plain figure.
_MOVE_LEVEL = re.compile(r"\b(?:to|from)\s+(?:a\s+|an\s+)?(?:level\s+of\s+)?\Z", re.IGNORECASE)
_LEVEL_KINDS = frozenset({"percent", "number", "money"})
# ... and the later end written first: "was 47.8%, up from 45.9%", "(down from 3.1)", or with
# its move in points after it: "was 42.4%, up 1.6 percentage points" (a change in points is of
# a rate, so the figure before it is that rate's level)
_LEVEL_BEFORE_MOVE = re.compile(
    r"\s*[,(]?\s*(?:up|down)\s+(?:from\b|(?:by\s+)?(?:about\s+|roughly\s+|nearly\s+)?"
    r"\d+(?:\.\d+)?\s*(?:percentage\s+points?|percent\s+points?|pp|ppts?|pts?|points?|"
    r"basis\s+points?|bps)\b)",
    re.IGNORECASE,
)


def search_worded(ctx: ClaimContext) -> bool | None:
    """Whether the claim's wording admits only a change (True), any formula (False), or is not
    read yet (None: rules.derive reads the claim's direction words once something matched).
    A sentence that names only a change admits only a change; a percentage or a plain figure at
    either end of a stated move ("rose to 81.6% of total revenue in 2021 from 77.6% in 2020") is
    a level and admits any formula, the move's words notwithstanding."""
    if ctx.mention.kind in _LEVEL_KINDS and move_level(ctx):
        return False
    return True if names_only_a_change(ctx) else known_worded(ctx)


def move_level(ctx: ClaimContext, starts: bool = False) -> bool:
    """Whether the claim is an end of a stated move: "from $100,500 ... to $108,400", "was
    47.8%, up from 45.9%" (a level, whatever the move's words); with ``starts``, also the start
    of a move written after it ("was $100,500, rising to $108,400")."""
    m = ctx.mention
    return bool(
        _MOVE_LEVEL.search(ctx.text, max(ctx.sentence.start, m.start - 24), m.start)
        or _LEVEL_BEFORE_MOVE.match(ctx.text, m.end)
        or (starts and _LEVEL_THEN_MOVE.match(ctx.text, m.end))
    )


_LEVEL_THEN_MOVE = re.compile(
    r"\s*,?\s*(?:and\s+)?(?:then\s+)?(?:ris|climb|grow|jump|increas|fall|dropp|declin|decreas|"
    r"slipp|sink)(?:ing|e|es|ed)?\s+to\b",
    re.IGNORECASE,
)


# The words after "of" that may name another period: "85% of the 2018 level", "of last year's".
_OF_PERIOD = re.compile(
    r"\s+of\b[^.;]{0,40}?(?:(?<!\d)(?:19|20)\d\d(?!\d)|\b(?:prior|previous|last|preceding)\s+"
    r"(?:fiscal\s+)?(?:year|quarter|period)|\bfy\s?\d\d)",
    re.IGNORECASE,
)


# A sentence that names a change ("The change was 62, which is 7.6% of the 2018 value").
_CHANGE_WORD = words(CHANGED, "difference|dropped|jumped|climbed")


def _change_of_period(ctx: ClaimContext) -> bool:
    """ "X% of the 2018 value" in a sentence that names a change is that change over the period
    the words after "of" name (its base), as "a 7.6% increase over 2018" is; without a change
    word it stays a part of a whole ("purchased at 85% of the 2018 price")."""
    return (
        _OF_PERIOD.match(ctx.text, ctx.mention.end) is not None
        and _CHANGE_WORD.search(ctx.sentence.text) is not None
    )


# "X% of 2018 revenue", "of the FY2018 total", "of Europe's 2018 revenue": a year in the noun
# phrase right after "of" is the whole's ("of revenue in either 2018 or 2019" names none).
_OF_YEAR = re.compile(
    r"\s+of\s+(?:(?!\b(?:in|for|from|during|at|as|on|by|compared|versus|vs|and|or|which|that|"
    r"than|to|over)\b)[^\d.,;:()\n]){0,40}?(?:\bfy\s?|\b)((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


# ... and "X% of revenue in 2018": the year right after the whole's noun (one to three words,
# none a preposition or a conjunction) is the whole's; "of revenue in 2018 and 2019" names none.
_OF_NOUN_YEAR = re.compile(
    r"\s+of\s+(?:the\s+|its\s+|their\s+)?(?:(?!(?:in|for|from|during|at|as|on|by|compared|versus|"
    r"vs|and|or|which|that|than|to|over)\b)[a-z][\w'&-]*\s+){1,3}(?:in|for|during)\s+(?:the\s+)?"
    r"(?:fiscal\s+(?:year\s+)?|fy\s?)?((?:19|20)\d\d)\b"
    r"(?!\s*(?:[-–/,&]|and\b|or\b|to\b|through\b))",
    re.IGNORECASE,
)


def _of_year(ctx: ClaimContext) -> int | None:
    """The year in the noun phrase after the claim's "X% of", read once per claim (the share
    search asks it for every pair of values)."""
    memo: dict[int, int | None]
    memo = ctx.shared.setdefault("derive_wording.of_year", {})  # type: ignore[assignment]
    at = ctx.mention.end
    if at not in memo:
        said = _OF_YEAR.match(ctx.text, at) or _OF_NOUN_YEAR.match(ctx.text, at)
        memo[at] = None if said is None else int(said.group(1))
    return memo[at]


def whole_of_year(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a share may take ``y`` of ``x`` across a table's rows and years: the words after
    "X% of" name the whole's year ("In 2019, cost of sales was 66.2% of 2018 revenue") and the
    sentence names the part's year too, so both cells are named (rules.derive otherwise combines
    cells only along a row or a column)."""
    year = _of_year(ctx)
    px, py = period(x), period(y)
    if year is None or px is None or py is None:
        return False
    return px[0] == year != py[0] and py[0] in years_in_text(ctx.sentence.text)


def _subject_as_whole(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether the whole ``x`` is the row the sentence names before the figure while the part
    ``y`` is a row it never names: "North made up more than half of sales" is North's part of
    the whole, not West's part of North."""
    if not x.row or not y.row or x.row == y.row or x.table is None or x.table != y.table:
        return False
    s = ctx.sentence
    head = ctx.text[s.start : ctx.mention.start]
    return bool(label_search(x.row, head)) and not label_search(y.row, s.text)


def part_of_whole(ctx: ClaimContext, x: SourceValue, y: SourceValue) -> bool:
    """Whether a share may take ``y`` of ``x`` (the quotient y / x of rules.derive). "X% of Y"
    states a part of a whole: Y names the whole
    (:func:`~crossfoot.rules._prose_subject.whole_named`), and both are of one period:
    "purchased at 62% of the fair market value" is no ratio of one row's 2014 and 2013 cells.
    The two periods of one quantity pass only when the words after "of" name the other period
    ("85% of the 2018 level", "of the prior year's")."""
    m = ctx.mention
    if _SHARE_OF.match(ctx.text, m.end) is None:
        return True
    if not whole_named(ctx, x) or _subject_as_whole(ctx, x, y):
        return False
    year, px = _of_year(ctx), period(x)
    if year is not None and px is not None and px[0] != year:
        return False  # "66.2% of 2018 revenue" is no share of 2019's
    if _OF_PERIOD.match(ctx.text, m.end) is not None:
        return True
    py = period(y)
    if px is None or py is None or px == py:
        return True
    if x.field is not None and y.field is not None:
        return field_stem(x) != field_stem(y)
    one_row = x.table is not None and (x.source_id, x.table, x.row_index) == (
        y.source_id,
        y.table,
        y.row_index,
    )
    return not one_row


# The words that put a figure on either side of its value ("about 20%", "~20%"); "nearly",
# "almost", "over", "some" say a side or a count, and keep their window.
_ABOUT = re.compile(
    r"(?:\babout|\bapproximately|\bapprox\.?|\broughly|\baround|\bcirca|\bc\.|\bca\.|~)\s*"
    r"[$€£¥₹]?\s*\Z",
    re.IGNORECASE,
)
_HALF_UNIT, _HUNDRED, _THOUSAND = Decimal(5), Decimal(100), Decimal(1000)


def as_written(ctx: ClaimContext, derivable_as: Callable[[Mention], bool]) -> ClaimContext:
    """``ctx`` with its figure read to the half unit of its last written digit when "about"
    widened it past what a derivation needs: "about 20%" is derived from 20.4% as "20%" is (the
    reader widens an approximate 20 to +-2.5, so no two-operand formula was tried at all). A figure
    that is derivable as it stands, or that "about" does not precede, is returned unchanged.

    >>> from crossfoot.numbers.extract import extract
    >>> from crossfoot.model.types import Sentence
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.index import ValueIndex
    >>> text = "Revenue grew about 20%."
    >>> m = extract(text)[0]
    >>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
    ...     Scope((), False, ValueIndex([]), ()), Options())
    >>> m.precision, as_written(ctx, lambda m: m.precision <= 1).mention.precision
    (Decimal('2.5'), Decimal('0.5'))
    """
    m = ctx.mention
    if not m.approximate or m.high is not None or derivable_as(m):
        return ctx
    if m.kind == "percent" and m.value == _HUNDRED:
        # "about 100%" as "100%" would meet any base with any partner under half a percent of
        # it (a change to nothing): in a pool of prose figures, a coincidence.
        return ctx
    if _ABOUT.search(ctx.text, max(0, m.start - 16), m.start) is None:
        return ctx
    exponent = _last_digit(m)
    if exponent is None:
        return ctx
    narrowed = replace(m, precision=_HALF_UNIT.scaleb(exponent - 1) * m.scale)
    if narrowed.precision >= m.precision or not derivable_as(narrowed):
        return ctx
    return replace(ctx, mention=narrowed)


_AMOUNTS = frozenset({"money", "number"})


def _last_digit(m: Mention) -> int | None:
    """The exponent of the digit ``m`` is rounded to: its last written digit for a percentage
    ("about 20%": to the unit), its last nonzero digit for an amount ("approximately $460
    million": to the ten, since a rounded amount drops its digits, not its zeros)."""
    written = _dropped_zeros(m.written) if m.kind in _AMOUNTS else m.written
    exponent = written.as_tuple().exponent
    return exponent if isinstance(exponent, int) else None


def _dropped_zeros(written: Decimal) -> Decimal:
    """``written`` without the zeros a rounded amount drops ("460" of "$460 million": to the
    ten); a zero written after the decimal point is a digit stated ("$3.0 million" for a change
    of 2,961 thousand is rounded to the tenth, as "$2.6 million" is).

    >>> _dropped_zeros(Decimal("460")), _dropped_zeros(Decimal("3.0")), _dropped_zeros(Decimal(0))
    (Decimal('4.6E+2'), Decimal('3.0'), Decimal('0'))
    """
    exponent = written.as_tuple().exponent
    if written == 0 or (isinstance(exponent, int) and exponent < 0):
        return written
    return written.normalize()


def about_window(ctx: ClaimContext) -> Decimal:
    """The window a coarse amount is derived in (rules.derive derives a coarse figure from the
    rows its answer names, by the operation its wording names): exact, unless "about" rounds an
    amount of two significant digits or more ("approximately $460 million" for a change of 462,
    "about 1,250 units"): then the half unit of its last nonzero digit. One significant digit
    ("about 9,000" for a mean of 8,996) is not read to that digit (a window of a tenth of the
    figure or more) but as three significant digits, the finest rounding that writes it. An
    amount written with a scale word ("decreased $3.8 million" for a change of 3,820 thousand)
    is rounded by its writing as "about" rounds one: the same window, and one digit alone with a
    scale word ("$4 million" for 3,958 thousand) as the tenth whose zero it dropped."""
    m = ctx.mention
    if m.high is not None or m.kind not in _AMOUNTS or m.written == 0:
        return Decimal(0)
    scaled = m.scale_word is not None and m.scale >= _THOUSAND
    if not scaled and (
        not m.approximate or _ABOUT.search(ctx.text, max(0, m.start - 16), m.start) is None
    ):
        return Decimal(0)
    written = _dropped_zeros(m.written)
    exponent = written.as_tuple().exponent
    if not isinstance(exponent, int):
        return Decimal(0)
    if len(written.as_tuple().digits) < 2:
        if m.approximate:
            # "about 50,000" for a change of 49,955: one digit written, whose zeros may be
            # digits rounded to or digits dropped. Read as the finest rounding that writes them
            # (three significant digits, "50.0 thousand"): a window a thousandth of the figure,
            # which a value further off (49,420 is "about 49,400") does not meet.
            return min(m.precision, _HALF_UNIT.scaleb(exponent - 3) * m.scale)
        if not scaled or written.as_tuple() != m.written.as_tuple():
            return Decimal(0)  # ("$30 thousand", "$500 million": rounded to the ten, or exact)
        # "$4 million" for a sum of 3,958 thousand: an answer line drops the zero of a figure
        # rounded to the tenth ("4.0" written "4"), read to that tenth
        exponent -= 1
    return min(m.precision, _HALF_UNIT.scaleb(exponent - 1) * m.scale)
