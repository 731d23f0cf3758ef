"""A change as a fraction of the base the words name, either way round: "what is that change as
a portion of the 2012 value? The answer is -0.1053" for (170 - 190) / 190, a year's figure over
the LATER year's; "the difference as a portion of the net earnings" for (310 - 190) / 190, two
rows of one column.

The two-operand search (:mod:`crossfoot.rules.derive`) reads a relative change in time's order
(later over earlier, less one) of one row, within a group its figure's precision allows. A
question that names the base ("of the 2012 value", "in relation to the operating income",
"divided by the 2017 amount") fixes the bottom of the quotient itself, whichever side of the
other cell it stands (the lowest to the highest of a row, a year against a later one, one line
against another of the same period), and binds the search to the base's cells, so a larger
table is searched too. A figure of two significant digits or finer ("-0.0078") is matched by
(x - b) / b where b is a cell the base phrase names (by its year, its row, or both)
and x another cell of b's row; or, when the base names a row, another row's cell of b's column.
A base that is the later year's cell is met either way round: (x - b) / b, or the change in
time's order over it, (b - x) / b ("what is that change as a portion of the 2024 value?" after
the turns asked 2024 and 2023). In a table of a row per year ("2018 | 1,342 | 610") a line is
a column: x is then b's column in another year. A base named by its year only takes no other
row's cell (a row's change over the year before is asked so; another line's cell of that year
met a wrong figure of the tuning half by chance).
Years the rest of the question names bind x; rows it names bind x when the base names a row.

The last turn may word a relative change and name no base ("what is the percent change?",
"what is that less 1?"): then (x - b) / b of two cells of one row, either way round, on the rows
and of the years the words name, at a fifth of the chance budget ("from 2016 to 2017" takes the
first year as the base). A base the words name by nothing of the table ("as a portion of the
lowest value", "in relation to the smaller one") is read so too.

Coarser figures (round 30): a small change written to four places ("0.0049", "0.46%": a line
moving under 2 %, two stated digits) is searched as a fine one, its own quotient not counted as a
chance match (it alone fills the window of a figure that coarse); a coarse figure a report writes
with only its own digits ("0.25" for (1,250 - 1,000) / 1,000, "-0.2") is matched only exactly,
and only over a base the words name by its year or its row.

Chance is counted, never assumed away: the figure passes only when the allowed quotients of the
table in its band (:mod:`crossfoot.rules._chance`) would meet a figure of its window by chance
less than :data:`_BUDGET` of the time (their number times the window over the band).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import last_turn
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.index import ValueIndex
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import Band, band
from crossfoot.rules._derive_kinds import label, written_amount_grids
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules.turn_chain import fine_figure

__all__ = ["named_base"]

_FINE = Decimal("0.01")  # a half unit under 1 % of the size: "-0.0078", not "-0.0045"
_SMALL_FINE = Decimal("0.02")  # a small change to four places: "0.0049", not "0.0012"
_FOURTH = Decimal("0.00005")  # half a unit of the fourth place of a fraction
_BUDGET = Decimal("0.03")  # expected chance matches in the figure's window, at most
_ALONE = 5  # times fewer when the words name no base
_MAX_CELLS = 80  # cells of one table, at most
_KEPT = 64
_HUNDRED = Decimal(100)
_ONE = Decimal(1)
_YEAR = re.compile(r"(?<![\d.,])\b((?:19|20)\d\d)\b(?![.,]\d)")
# The base of a quotient the words name: "as a portion of the 2012 value", "in relation to the
# operating income", "divided by the 2017 amount", "as a percentage of that 2016 total"
_BASE = re.compile(
    r"(?i)\b(?:portion|percent(?:age)?|proportion|fraction|share|relation|relative|divided"
    r"|compared)\s+(?:of|to|by|with)\s+(?P<base>[^?]*)"
)
# A relative change worded without a base: "the percent change", "the growth rate", "less 1"
_RELATIVE = re.compile(
    r"(?i)\b(?:percent(?:age)?\s+(?:change|increase|decrease|decline|growth|variation)"
    r"|(?:growth|change)\s+rate|rate\s+of\s+(?:change|growth|increase|decline)"
    r"|relative\s+change|(?:less|minus)\s+(?:1|one))\b"
)
# "from 2016 to 2017": the base is the first year
_FROM_TO = re.compile(
    r"(?i)\bfrom\s+(?:\w+\s+){0,3}?((?:19|20)\d\d)\b.{0,40}?\bto\s+(?:\w+\s+){0,3}?((?:19|20)\d\d)\b"
)
# the base's years and rows, the other cell's years and rows
_Binding = tuple[frozenset[int], frozenset[str], frozenset[int], frozenset[str]]
# a pair met: the other cell x, the base b, and whether the change runs from x to b
_Met = tuple[SourceValue, SourceValue, bool]


@dataclass(frozen=True, slots=True)
class _Table:
    cells: tuple[SourceValue, ...]
    rows: tuple[tuple[str, frozenset[str]], ...]  # each row label and its required words


_MEMO: dict[int, tuple[ValueIndex, list[_Table]]] = {}


def _make(group: ValueIndex) -> list[_Table]:
    """The amount cells as written of each table of ``group``, and its rows' names."""
    out: list[_Table] = []
    for cells in written_amount_grids(group.values):
        if len(cells) > _MAX_CELLS:
            continue
        names = sorted({v.row for v in cells if v.row})
        rows = tuple((r, n) for r in names if (n := required_tokens(r)))
        out.append(_Table(tuple(cells), rows))
    return out


def _named(table: _Table, text: str) -> frozenset[str]:
    """The rows ``text`` names, but a row named only inside a longer one it names ("loss" in
    "net loss")."""
    words = frozenset(tokens(text))
    named = [(row, need) for row, need in table.rows if need <= words]
    return frozenset(r for r, n in named if not any(n < m for _, m in named))


def _last_turn(ctx: ClaimContext) -> str:
    """The last turn's text when it words a quotient or a relative change, else ""."""
    t = last_turn(ctx.shared.get("ask.text"))
    if t is None:
        return ""
    less_one = "-" in t.ops and t.stated == (_ONE,)
    return t.text if t.relative or "/" in t.ops or less_one else ""


def _binding(table: _Table, last: str) -> tuple[_Binding, bool] | None:
    """What the words bind of the base b and the other cell x, and whether they name the base;
    None when they bind nothing a relative change could be read by."""
    m = _BASE.search(last) if " to " in last or " of " in last or " by " in last else None
    base, rest = (m.group("base"), last[: m.start()]) if m else ("", last)
    base_years = frozenset(int(y) for y in _YEAR.findall(base))
    rest_years = frozenset(int(y) for y in _YEAR.findall(rest)) - base_years
    base_rows = _named(table, base) if base else frozenset()
    if base_years or base_rows:
        other_rows = _named(table, rest) - base_rows if base_rows else frozenset()
        return (base_years, base_rows, rest_years, other_rows), True
    if m is None and not _RELATIVE.search(last):
        return None  # no quotient, no relative change
    rows = _named(table, last)
    span = _FROM_TO.search(last)
    if span is not None:
        return (frozenset({int(span[1])}), rows, frozenset({int(span[2])}), rows), False
    return (rest_years, rows, rest_years, rows), False


def named_base(ctx: ClaimContext) -> Verdict | None:
    """Rule: a change as a fraction of the base the words name, either way round (module
    docstring)."""
    factor = _HUNDRED if ctx.mention.kind == "percent" else _ONE
    how = _precision(ctx, factor)
    last = _last_turn(ctx) if how is not None else ""
    if not last:
        return None
    lo, hi = claim_interval(ctx)
    lo, hi = lo / factor, hi / factor
    if how == "exact":
        lo = hi = ctx.mention.value / factor
    near = band(ctx.mention.value / factor)
    for group in ctx.scope.groups:
        for table in by_identity(_MEMO, group, _KEPT, _make):
            bound = _binding(table, last)
            if bound is None or (how == "exact" and not bound[1]):
                continue  # a coarse figure only as an exact quotient over a named base
            found = _search(table, bound[0], lo, hi, near)
            if found is None:
                continue
            budget = _BUDGET if bound[1] else _BUDGET / _ALONE
            # a small change's own quotient fills its window: only the others are chance
            others = found[1] - 1 if how == "small" else found[1]
            if how == "exact" or near.within(others, hi - lo, budget):
                return Verdict("derived", _evidence(ctx, found[0], factor))
    return None


def _precision(ctx: ClaimContext, factor: Decimal) -> str | None:
    """How the figure is read: "fine" (a half unit under :data:`_FINE` of its size), "small" (a
    small change to four places, "0.0049": :func:`_small_change`), "exact" (a coarse figure a
    report writes with only its own digits, "0.25" for (1,250 - 1,000) / 1,000, matched only
    exactly), or None (a figure no quotient reads: a range, "about 0.4", zero or one)."""
    if fine_figure(ctx, _FINE):
        return "fine"
    if _small_change(ctx, factor):
        return "small"
    m = ctx.mention
    if m.approximate or abs(m.value) == factor or not fine_figure(ctx, _ONE):
        return None
    return "exact"


def _small_change(ctx: ClaimContext, factor: Decimal) -> bool:
    """Whether a figure too coarse for :data:`_FINE` is a small change written to four places
    ("0.0049", "0.49%" for a line moving half a percent): two significant digits, each stated."""
    m = ctx.mention
    return fine_figure(ctx, _SMALL_FINE) and m.precision / factor <= _FOURTH


def _search(
    t: _Table, bind: _Binding, lo: Decimal, hi: Decimal, near: Band
) -> tuple[_Met, int] | None:
    """The first pair (x, b) the binding allows whose (x - b) / b is within ``lo`` to ``hi``
    (or, b being the later year's cell, (b - x) / b: the change in time's order over the later
    value, "what is that change as a portion of the 2024 value?"), and the chance matches: the
    allowed quotients in the figure's band ``near``."""
    base_years, base_rows, x_years, x_rows = bind
    other_rows = bool(base_rows) and base_rows != x_rows  # another row's cell of b's column
    met: _Met | None = None
    count = 0
    for b in t.cells:
        if (base_years and b.year not in base_years) or (base_rows and b.row not in base_rows):
            continue
        for x in t.cells:
            if x is b or not (
                x.row_index == b.row_index
                or (other_rows and x.col_index == b.col_index)
                or _down(x, b)
            ):
                continue
            if (x_years and x.year not in x_years) or (x_rows and x.row not in x_rows):
                continue
            q = (x.value - b.value) / b.value
            # a base later than the other cell: the change in time's order over it too
            later = b.year is not None and x.year is not None and b.year > x.year
            for r in (q, -q) if later else (q,):
                if r in near:
                    count += 1
                if met is None and lo <= r <= hi:
                    met = (x, b, r is not q)
    if met is None:
        return None
    return met, count


def _down(x: SourceValue, b: SourceValue) -> bool:
    """Whether ``x`` is ``b``'s line in another year down a column: a table of a row per year
    ("2018 | 1,342 | 610"), whose lines are its columns."""
    return (
        x.col_index == b.col_index
        and x.year is not None
        and b.year is not None
        and x.year != b.year
        and _YEAR.fullmatch((x.row or "").strip()) is not None
    )


def _evidence(ctx: ClaimContext, met: _Met, factor: Decimal) -> Evidence:
    x, b, onto = met
    if onto:  # the change from the earlier cell to the base, over the base
        result = (b.value - x.value) / b.value * factor
        formula = f"({label(b)} ({b.value:,}) - {label(x)} ({x.value:,})) / {label(b)}"
    else:
        result = (x.value - b.value) / b.value * factor
        formula = f"% change {label(b)} ({b.value:,}) -> {label(x)} ({x.value:,})"
    formula += " x 100" if factor != _ONE else ""
    formula = f"{formula} = {fmt_result(ctx, result)}"
    note = "a change over the base the question names, counted against chance"
    return Evidence("derive", "percent_change", formula, (x, b), result, note)
