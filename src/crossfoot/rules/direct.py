"""Direct matches: the claim is a source value, exactly or rounded at the precision it states.

Forms that count as the same value:

- the value itself (``$3.2bn`` for 3,214,000,000 when rounding is allowed);
- a table cell under a unit header, in either view (``7170`` or ``$7,170 million`` for a cell
  ``7,170`` under "(in millions)"); the sources module indexes both views;
- a fraction for a percentage and back (``12.3%`` for 0.123, ``0.123`` for 12.3%);
- a positive figure for a negative source value ("a loss of $250,000" for -250,000). A negative
  claim is never grounded by a positive value.

False precision fails: a claim stated more finely than its source ("$3,214 million" when the source
only says "$3.2bn") matches only if it equals the source value exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache

from crossfoot.language.bounds import claimed_bound
from crossfoot.language.direction import parenthesized_aside, stated_direction
from crossfoot.language.letter_rows import letter_verdict
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue, Status
from crossfoot.rules._absent_period import absent_year
from crossfoot.rules._aggregate_named import aggregate_verdict
from crossfoot.rules._cell_direction import change_cell_direction
from crossfoot.rules._level_as_change import level_as_change
from crossfoot.rules._periods import counts_periods
from crossfoot.rules._prior_words import prior_period_verdict
from crossfoot.rules._prose_change import names_change, states_change, states_level, worded_change
from crossfoot.rules._prose_meets import prose_met
from crossfoot.rules._prose_year import prose_year_verdict
from crossfoot.rules._quotient_words import named_row_quotient
from crossfoot.rules._relabelled import relabelled
from crossfoot.rules._share_named import named_share
from crossfoot.rules._shorthand import shorthand
from crossfoot.rules._sibling_lists import sibling_lists
from crossfoot.rules._tie_years import named_year_first
from crossfoot.rules.fields import field_verdict
from crossfoot.rules.row_months import month_verdict
from crossfoot.rules.signs import sign_verdict
from crossfoot.sources.prose import UPPER_END
from crossfoot.sources.rows_names import row_named

__all__ = ["compatible", "counts_things", "direct_candidates", "direct_match", "window"]

_HUNDRED = Decimal(100)
_ZERO, _ONE, _CENT = Decimal(0), Decimal(1), Decimal("0.01")  # made once, not per claim
# A source value in the claim's own unit, per form of _targets ("as a fraction": 0.27 is 27%).
_FACTORS = {"as a fraction": _HUNDRED, "as a percentage": _CENT, "as percentage points": _HUNDRED}
_DOLLAR_CODES = frozenset({"USD", "HKD", "CAD", "AUD", "SGD", "NZD", "TWD", "MXN"})
_SYMBOL_CODES = {"€": "EUR", "£": "GBP", "₹": "INR", "¥": "JPY"}


def direct_match(ctx: ClaimContext) -> Verdict | None:
    """Rule: exact or rounded match of a source value in scope, then the table-row check."""
    ctx.notes.pop(_DEFERRED, None)
    matches = direct_candidates(ctx.mention, ctx)
    changed = bool(matches) and worded_change(ctx)
    if changed:
        # "rose by $341.7 million" is not met by the level a source's change reached ("rose by
        # $12.4 million to $341.7 million"): the answer quotes the level as the change.
        matches = [x for x in matches if not states_level(x[0])]
    if not matches:
        return None
    matches, other_list = sibling_lists(ctx, matches)  # "...; and the US 11%, ..., respectively"
    if other_list is not None:
        return other_list
    if ctx.mention.kind == "money" and all(counts_things(sv) for sv, _, _ in matches):
        # "$235,514" stated from a "Number of Shares" column: the digits are there, the money
        # is not. Failing here keeps the other rules from making the amount out of counts.
        sv = matches[0][0]
        why = f"{sv.describe()} counts {_counted_noun(sv)}; the answer states it as money"
        return Verdict(
            "contradicted", Evidence("direct", "cell", sv.describe(), (sv,), sv.value), why
        )
    if ctx.options.check_table_rows:
        values = [sv for sv, _, _ in matches]
        wrong = _row_verdict(ctx, values)
        if wrong is None:
            wrong = field_verdict(ctx, values)
        if wrong is None:  # "$5.2 million in 2019" of a passage's 2018 figure
            wrong = prose_year_verdict(ctx, values)
        if wrong is None:  # "$610 million in the prior-year quarter" of the current figure
            wrong = prior_period_verdict(ctx, values)
        if wrong is None:  # "4.2 in January" of a monthly result set's February row
            wrong = month_verdict(ctx, values)
        if wrong is None:  # "4,637 in 2024" over a table of 2022 and 2023
            wrong = absent_year(ctx, values)
        if wrong is None:  # "the average region sold 1,250": East's cell, not their mean
            wrong = aggregate_verdict(ctx, values)
        if wrong is None and changed:  # "grew by $8.0M from 2020 to 2023": 2020's level
            wrong = level_as_change(ctx, values)
        if wrong is None:  # "Widget A sold 1,500" of Widget C's row (language.letter_rows)
            wrong = letter_verdict(ctx, values)
        if (
            wrong is not None
            and wrong.status == "wrong_row"
            and (
                changed or named_row_quotient(ctx)  # "West's average order value was $50"
            )
        ):
            # "Revenue rose by $19.7m from Q1 to Q4": a change equal to another row's cell; the
            # change of the named row goes first (deferred_row_verdict gives this verdict after)
            ctx.notes[_DEFERRED] = wrong
            return None
        if wrong is not None and wrong.status == "wrong_row":
            # "Gross profit was 39.9% of revenue" beside a 39.9% "Gross margin" line
            wrong = named_share(ctx) or wrong
        if wrong is not None:
            return wrong
    sv, exact, how = _named_first(ctx, named_year_first(ctx, matches))  # rules._tie_years
    opposite = _opposite_direction(ctx, [c for c, _, _ in matches])
    if opposite is not None:
        evidence = Evidence("direct", "exact", sv.describe(), (sv,), sv.value, opposite)
        return Verdict("contradicted", evidence, opposite)
    signed = sign_verdict(ctx, sv) or change_cell_direction(ctx, sv)  # "grew 9%" over (9)%
    if signed is not None:
        return signed
    met = relabelled(ctx, prose_met(ctx, matches))  # own words meet; no other figure's label
    if met is not matches:
        if not met:
            return None
        sv, exact, how = _named_first(ctx, met)
    formula = sv.describe()
    if sv.unit_header:
        formula += f" (cell scaled by {sv.unit_header!r})"
    if how:
        formula += f" ({how})"
    status: Status = "supported_exact" if exact else "supported_rounded"
    kind = "cell" if sv.row is not None or sv.field is not None else "exact"
    return Verdict(status, Evidence("direct", kind, formula, (sv,), sv.value))


_DEFERRED = "direct.wrong_row"


def deferred_row_verdict(ctx: ClaimContext) -> Verdict | None:
    """Rule: the wrong-row verdict :func:`direct_match` held back for a figure worded as a
    change, when no derivation has met the figure since."""
    held = ctx.notes.get(_DEFERRED)
    return held if isinstance(held, Verdict) else None


def _named_first(
    ctx: ClaimContext, matches: list[tuple[SourceValue, bool, str]]
) -> tuple[SourceValue, bool, str]:
    """The best match, and among the values equal to it the one whose row the claim's sentence
    names, in the same period: "Alps had $3,280,000 in 2023" of Alps's cell, not of Iberia's
    equal one (the later checks of the sentence, a comparison of two years, read its row)."""
    first = matches[0]
    if len(matches) == 1 or first[0].row is None or matches[1][0].value != first[0].value:
        return first
    said = ctx.sentence.text
    if row_named(first[0].row, said):
        return first
    return next(
        (
            x
            for x in matches[1:]
            if x[0].value == first[0].value
            and x[1] == first[1]
            and x[0].year == first[0].year  # (another row of the same period only)
            and row_named(x[0].row, said)
        ),
        first,
    )


_DIRECTION_NAMES = {"up": "an increase", "down": "a decrease"}


def _opposite_direction(ctx: ClaimContext, matches: list[SourceValue]) -> str | None:
    """A note when the answer words a change opposite to the one every matching prose value
    states ("decreased by $29.3 million" for "the $29.3 million increase"), else None."""
    if all(sv.span is None for sv in matches):
        return None  # cells and fields state no direction: skip reading the answer's words
    m, s = ctx.mention, ctx.sentence
    said = stated_direction(ctx.text, s.start, s.end, m.start, m.end)
    if said is None:
        return None
    theirs: list[tuple[str, str]] = []
    for sv in matches:
        src = next((x for x in ctx.scope.sources if x.id == sv.source_id), None)
        if sv.span is None or src is None:
            continue  # a cell or field states no direction of its own
        a, b = sv.span
        text = src.text
        if not 0 <= a < b <= len(text):
            return None
        # The source sentence around the value, at most a few hundred characters.
        stop = text.rfind(". ", max(0, a - 300), a)
        lo = stop + 2 if stop >= 0 else max(0, a - 300)
        end = text.find(". ", b, b + 300)
        hi = min(len(text), b + 300) if end < 0 else end + 1
        piece = text[lo:hi]
        d = stated_direction(piece, 0, len(piece), a - lo, b - lo)
        if d is None or d == said:
            return None
        theirs.append((d, piece.strip()))
    if not theirs:
        return None
    other, where = theirs[0]
    where = where if len(where) <= 120 else where[:117] + "..."
    return (
        f"the answer states {_DIRECTION_NAMES[said]}, the source {_DIRECTION_NAMES[other]}: "
        f"{where!r}"
    )


_ROW_VERDICT: list[Callable[[ClaimContext, list[SourceValue]], Verdict | None]] = []


def _row_verdict(ctx: ClaimContext, matches: list[SourceValue]) -> Verdict | None:
    if not _ROW_VERDICT:
        # Imported on first use (_rowmatch imports the rules package), then kept: an import
        # statement costs a microsecond at every claim.
        from crossfoot.language.rowmatch import row_verdict

        _ROW_VERDICT.append(row_verdict)
    return _ROW_VERDICT[0](ctx, matches)


def direct_candidates(mention: Mention, ctx: ClaimContext) -> list[tuple[SourceValue, bool, str]]:
    """Source values in scope that the mention states, best first: ``(value, exact?, how)``."""
    found: list[tuple[SourceValue, bool, str]] = []
    seen: set[int] = set()
    base = window(mention, ctx)  # once, not once per form
    if mention.high is not None:
        return _inside(mention, ctx, base)
    # "a higher return ($370.32) than the index": an aside, met by the value's size
    aside = mention.negative and _aside(ctx, mention)
    negative = mention.negative and not aside
    scaled = mention.scale_word is not None and mention.scale >= 1  # ("24 cents": no table's)
    # "$0.3 billion", "1 billion", "0 million": a scale word on about one significant digit
    # (a half unit of 5 % of the figure or more) is met by rounding from almost any value of
    # that size, so such a figure is grounded only by a value it states exactly...
    # "about $5M" says it is rounded: the rule is for figures that do not.
    # "6k" says it is shortened as plainly ("k" is never an exact amount's scale): its precision.
    coarse = scaled and not mention.approximate and _one_digit(mention) and not shorthand(mention)
    for target, factor, how in _targets(mention):
        tol = base * factor
        for sv in _lookup(ctx, abs(target) if aside else target, tol, negative):
            if id(sv) in seen or not compatible(mention, sv, how):
                continue
            if scaled and sv.view == "written":
                # A cell's digits as written under a unit header ("7,170" under "(in millions)")
                # are no amount in the claim's scale: "$7,170 million" meets the scaled view.
                continue
            diff = abs(abs(sv.value) - abs(target))
            exact = diff == 0
            if not exact:
                if not ctx.options.allow_rounding and ctx.options.rel_tolerance is None:
                    continue
                if coarse and ctx.options.rel_tolerance is None:
                    continue
                # False precision: the claim states more than the source knows.
                if ctx.options.rel_tolerance is None and sv.precision > mention.precision * factor:
                    continue
            seen.add(id(sv))
            found.append((sv, exact, how))
    if found and mention.kind == "number" and counts_periods(ctx.text, mention.end):
        # "each 7-month period", "over 5 years": a count of periods, met by a passage's figure
        # that counts periods too, not by an amount ("$ 7 million", "7.5 million" shares; a
        # table's cells are read by their row and column)
        found = [f for f in found if f[0].table is not None or _counts_periods(ctx, f[0])]
    bound = claimed_bound(ctx.text, mention) if found else None
    if bound is not None:
        # "more than $5M" is not true of $4.8M, nor of $5M itself ("at least $5M" is): keep
        # the values on the claimed side (in size)
        size, above = abs(mention.value), bound[0] == ">"
        found = [
            f
            for f in found
            if (
                (own := abs(f[0].value) * _FACTORS.get(f[2], _ONE)) != size
                and (own > size) == above
            )
            or (own == size and (not bound[1] or f[0].span is not None))
        ]  # (a prose value may be a bound itself: "in over 50 countries" restated)
    # Exact first, then the closest; values the sentence's own row names are sorted by rowmatch.
    if len(found) > 1:
        found.sort(key=lambda item: (not item[1], abs(abs(item[0].value) - abs(mention.value))))
    return found


def _inside(
    mention: Mention, ctx: ClaimContext, base: Decimal
) -> list[tuple[SourceValue, bool, str]]:
    """A range claimed as a range ("between €410m and €450m", "€410–450m") is stated by a
    source value inside it. A range whose end is a source value quotes a range of the sources
    ("8.0 million to 13.4 million"): then both ends must be source values."""
    assert mention.high is not None
    lo, hi = sorted((mention.value, mention.high))
    middle, half = (lo + hi) / 2, (hi - lo) / 2 + base
    # A figure the sources state as a change ("rose by $12 million to $340 million") is no value
    # of the range's quantity unless the claim's sentence is about a change too.
    levels = not names_change(ctx.sentence.text)
    hits = [
        sv
        for sv in _lookup(ctx, middle, half, mention.negative)
        if compatible(mention, sv, "")
        and lo - base <= abs(sv.value) <= hi + base
        and not (levels and states_change(sv))
    ]
    ends = [sv for sv in hits if min(abs(abs(sv.value) - lo), abs(abs(sv.value) - hi)) <= base]
    if ends:
        low_end = [sv for sv in ends if abs(abs(sv.value) - lo) <= base]
        high_end = [sv for sv in ends if abs(abs(sv.value) - hi) <= base]
        if high_end and all(sv.label.endswith(UPPER_END) for sv in high_end):
            # Every value the high end meets is the high end of a range of the sources ("5 to
            # 40 years"): the claim quotes that range, so its low end is that range's too.
            quoted = {(sv.source_id, sv.span) for sv in high_end}
            low_end = [sv for sv in low_end if (sv.source_id, sv.span) in quoted]
            if not low_end:
                return []
        if low_end and all(_range_low(ctx, sv) for sv in low_end):
            # Every value the low end meets is the low end of a range of the sources ("$18.9
            # billion to $19.3 billion"): the claim quotes it, so its high end must be that one's.
            quoted = {(sv.source_id, sv.span) for sv in low_end}
            high_end = [sv for sv in high_end if (sv.source_id, sv.span) in quoted]
            if not high_end:
                return []
        if low_end and high_end:
            return [(low_end[0], True, "the range's low end"), (high_end[0], True, "its high end")]
        if not _between(ctx.text, mention.start):
            return []
        # "between $2.7M and $3.3M" bounds one value: an end that meets another value (another
        # row's $3.32M) quotes no range of the sources; the values well inside it state it.
        hits = [sv for sv in hits if not any(sv is e for e in ends)]
    if mention.kind == "number" and (lo <= 0 or hi > _WIDE * lo):
        # "1-90 days", "2-6 years": a range of plain numbers spanning more than twice its low
        # end holds some count of a long source by chance ("ten largest customers"); a value
        # inside bounds only a narrow one. A range of money or percentages ("between $2M and
        # $5M") is met by a value of its kind inside it, however wide.
        return []
    hits.sort(key=lambda sv: abs(abs(sv.value) - middle))
    return [(sv, True, "inside the range") for sv in hits]


def _range_low(ctx: ClaimContext, sv: SourceValue) -> bool:
    """Whether prose value ``sv`` is the low end of a range its source states (its span holds
    the range: two figures)."""
    if sv.span is None or sv.label.endswith(UPPER_END):
        return False
    src = ctx.scope.source(sv.source_id)
    return src is not None and len(_FIGURES.findall(src.text, *sv.span)) >= 2


_FIGURES = re.compile(r"\d[\d,]*(?:\.\d+)?")
_WIDE = Decimal(2)  # how far a range's high end may stand from its low end, for a value inside


def _counts_periods(ctx: ClaimContext, sv: SourceValue) -> bool:
    """Whether prose value ``sv`` counts periods in its source ("each 6-month period")."""
    if sv.span is None:
        return False
    src = ctx.scope.source(sv.source_id)
    return src is not None and counts_periods(src.text, sv.span[1])


def _between(text: str, start: int) -> bool:
    """Whether the range at ``start`` follows "between" ("made between $2.7M and $3.3M")."""
    return text[max(0, start - 12) : start].rstrip().lower().endswith("between")


_ONE_DIGIT = Decimal("0.05")


def _one_digit(mention: Mention) -> bool:
    """Stated to about one significant digit: zero, or a half unit of 5 % of the figure or more
    ("$0.3 billion", "9 million"; not "15 billion" or "$82 million")."""
    return mention.value == 0 or mention.precision >= abs(mention.value) * _ONE_DIGIT


def window(mention: Mention, ctx: ClaimContext) -> Decimal:
    """How far a source value may sit from the claim and still be what it states."""
    opts = ctx.options
    if opts.rel_tolerance is not None or opts.abs_tolerance is not None:
        rel = (opts.rel_tolerance or _ZERO) * abs(mention.value)
        return max(rel, opts.abs_tolerance or _ZERO)
    if not opts.allow_rounding:
        return _ZERO
    return mention.precision


def _aside(ctx: ClaimContext, mention: Mention) -> bool:
    """Whether a figure negative only by its parentheses restates a figure in running text
    (language.direction.parenthesized_aside): such a figure is met by the value's size."""
    s = ctx.sentence
    return mention.value < 0 and parenthesized_aside(
        ctx.text, s.start, s.end, mention.start, mention.end
    )


def _targets(mention: Mention) -> list[tuple[Decimal, Decimal, str]]:
    """(value to look for, factor for the window, note) for each form the mention may take."""
    targets = [(mention.value, _ONE, "")]
    if mention.kind == "percent":
        targets.append((mention.value / _HUNDRED, _CENT, "as a fraction"))
    elif mention.kind == "number" and abs(mention.value) <= 1 and mention.value != 0:
        targets.append((mention.value * _HUNDRED, _HUNDRED, "as a percentage"))
    elif mention.kind == "bps":
        targets.append((mention.value / _HUNDRED, _CENT, "as percentage points"))
    return targets


# Source values one look-up returns at most (the nearest to the claim): real sources hold a few
# values within a claim's precision; one that repeats a value thousands of times would make each
# claim's look-up cost them all.
_CANDIDATES = 512


def _lookup(ctx: ClaimContext, target: Decimal, tol: Decimal, negative: bool) -> list[SourceValue]:
    index = ctx.scope.index
    hits = index.between(target - tol, target + tol, _CANDIDATES)
    if not negative and target > 0:
        # A positive figure may state the size of a negative value ("a loss of $5m").
        hits += index.between(-target - tol, -target + tol, _CANDIDATES)
    return hits


def compatible(mention: Mention, sv: SourceValue, how: str) -> bool:
    """Whether a source value of this kind and currency can be what the mention states."""
    mk, sk = mention.kind, sv.kind
    if how == "as a fraction":
        ok = sk == "number"
    elif how == "as a percentage":
        ok = sk == "percent"
    elif how == "as percentage points":
        ok = sk == "pp"
    elif mk in ("money", "number"):
        ok = sk in ("money", "number")
    elif mk == "ratio":
        ok = sk in ("ratio", "number")
    else:  # percent, pp, bps must meet their own kind
        ok = mk == sk
    if not ok:
        return False
    return currencies_agree(mention.currency, sv.currency)


# A label that counts things ("Number of Shares", "Employees", "Units sold"), and one that states
# an amount of money beside it ("Weighted-average price per share", "Fair value").
_COUNTED = re.compile(
    r"(?i)\bnumber\s+of\b|\b(?:shares|units|employees|headcount|subscribers|stores|vehicles)\b"
)
_MONEY_WORDS = re.compile(
    r"(?i)[$€£¥]|\b(?:prices?|values?|amounts?|costs?|revenues?|sales|income|expenses?|proceeds|"
    r"fees?|dollars?|usd|eur|gbp|cash|paid|compensation|per\s+(?:share|unit))\b"
)


def counts_things(sv: SourceValue) -> bool:
    """Whether a plain number of a table counts things: its row or column label says so and
    neither label names an amount of money."""
    if sv.kind != "number" or sv.table is None:
        return False
    return _counting(sv.row or "", sv.column or "")


def _counted_noun(sv: SourceValue) -> str:
    for label in (sv.column or "", sv.row or ""):
        m = _COUNTED.search(label)
        if m is not None:
            return label[m.start() :].strip().lower().removeprefix("number of ").strip()
    return "things"


@lru_cache(maxsize=4096)  # labels repeat across claims
def _counting(row: str, column: str) -> bool:
    for mine, other in ((column, row), (row, column)):
        if _COUNTED.search(mine) and not _MONEY_WORDS.search(mine + " " + other):
            return True
    return False


def currencies_agree(a: str | None, b: str | None) -> bool:
    """``$`` agrees with any dollar currency; codes and other symbols compare strictly."""
    if a is None or b is None or a == b:
        return True
    a, b = _SYMBOL_CODES.get(a, a), _SYMBOL_CODES.get(b, b)
    if a == b:
        return True
    if a == "$":
        return b in _DOLLAR_CODES or b.endswith("$")
    if b == "$":
        return a in _DOLLAR_CODES or a.endswith("$")
    return False
