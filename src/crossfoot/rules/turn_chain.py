"""A figure computed over a conversation's earlier figures: "what was the change in selling costs
from 2023 to 2025? what is 5000 divided by 100? what is the product of that change and the
quotient? The answer is 4,700." for (964 - 870) * (5000 / 100).

When the question is a conversation (``question=`` holds several turns), its last turn may name
nothing of the sources ("what is that less 1?", "what is that sum divided by those revenues?"):
its figure is a derivation over the figures the earlier turns asked for. Each turn is read as a
figure of its own (:mod:`crossfoot.language.turns`): a turn binds the operands it names (the
cells of the rows it names in the years it names; a turn that names a year and nothing else
keeps the rows and the operation of the turn before, "and in 2024?"; the prose figures whose
sentence shares two of its content words; the numbers it writes), and a turn that words an
operation ("change", "sum", "divided", "product", "ratio") computes it over its own operands,
and over the earlier turns' figures when it points back ("that", "the quotient") or binds fewer
than two. A turn that points back and names nothing ("what is that in billions?") restates the
turn before. A turn that asks a relative change in one phrase ("the percent change of X from
2019 to 2024", "the growth rate") computes (a - b) / b over the two years it writes, and a turn
that goes on with another row and no operation ("and for the s&p 500?") asks the turn before's
operation over that row.

The figures are read in two views that never mix: as written (a table's cells under their unit
header as written, and a text figure with a scale word as its digits: "$ 430 million" is 430,
as filings' readers combine it with the cells of a table that states no unit) and as their true
values.

The last turn's figures are the candidates: the claim passes when one of them (in a unit the
conversation asks for, "in millions") meets it at its stated precision. Nothing else is
searched, so the figure is held to derivations over the operands the turns name. Only figures
stated finer than a thousandth of their size, or to three significant digits ("0.0480", "0.0250":
ConvFinQA's four decimals below 1) while the last turn's figures would meet such a figure by
chance less than :data:`_BUDGET` of the time; and only a bounded number of candidates per turn
(past it, nothing is claimed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, DivisionByZero, InvalidOperation
from itertools import permutations

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.turns import Turn, named_scales, operations, read_turns
from crossfoot.language.years import years_in_text
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue
from crossfoot.rules._chance import band
from crossfoot.rules._derive_shared import claim_interval, fmt_result
from crossfoot.rules._prose_subject import context_tokens

__all__ = ["fine_figure", "turn_chain"]

_MAX_OWN = 8  # operands one turn binds, at most
_MAX_FIGURES = 600  # candidate figures of one turn, at most: past it nothing is claimed
_HUNDRED = Decimal(100)
# Words of a fall: a change they name may be stated by its size
_FALLS = ("declin", "decreas", "drop", "fell", "fall", "reduc", "lower", "shrank", "shrink")
# A change from one year to another: "from 2019 to 2024", "from fiscal 2019 to fiscal 2024"
_FROM_TO = re.compile(
    r"(?i)\bfrom\s+(?:[a-z]+\s+){0,2}((?:19|20)\d\d)\s*,?\s+to\s+(?:[a-z]+\s+){0,2}((?:19|20)\d\d)\b"
)
# Figures stated finer than a thousandth of their size ("0.4175", "6.96", "18,770"): a coarser
# one ("1.25", "-500") meets some chain of a few named figures by chance
_FINE = Decimal("0.001")
_THREE = Decimal("0.005")  # three significant digits: searched within a chance budget
_BUDGET = Decimal("0.01")  # expected chance matches in the figure's window, at most
# Words of a question that say nothing of a prose figure's subject
_PLAIN = frozenset(
    """what which were was is are the and that this those these then how much many does did
    value amount total change percent percentage million millions billion thousand year years
    divided ratio sum portion represent relation average""".split()
)


@dataclass(frozen=True, slots=True)
class _Fig:
    value: Decimal
    view: str  # "both", "true" or "written": figures of two views never combine
    formula: str
    operands: tuple[SourceValue, ...]


def _own(
    ctx: ClaimContext,
    turn: Turn,
    rows: frozenset[str],
    values: list[SourceValue],
    prose: bool = True,
) -> list[_Fig]:
    """The operands ``turn`` binds: cells of ``rows`` in its years (the conversation's years
    so far when it names none), prose it names (unless ``prose`` is False), its numbers."""
    out: list[_Fig] = []
    content = _content(turn) if prose else frozenset()
    for v in values:
        if turn.years and v.year is not None and v.year not in turn.years:
            continue
        line = _line(v) if v.table is not None else None
        if line is not None:
            if line not in rows:
                continue
        elif v.span is not None and content and not rows:  # prose when it names no row
            source = ctx.scope.source(v.source_id)
            if source is None or len(context_tokens(source, v) & content) < min(2, len(content)):
                continue
        else:
            continue
        value = v.value / _HUNDRED if v.kind == "percent" else v.value
        out.append(_Fig(value, v.view, _name(v), (v,)))
    out.extend(_Fig(n, "both", f"{n:,}", ()) for n in turn.stated)
    return out


def _content(turn: Turn) -> frozenset[str]:
    """The words of ``turn`` that may name a subject (not its years, not the words of asking)."""
    return frozenset(
        t for t in turn.words if len(t) >= 4 and not t[0].isdigit() and t not in _PLAIN
    )


def _name(v: SourceValue) -> str:
    label = v.label or v.row or v.field or "value"
    return f"{label} ({v.value:,})"


def _line(v: SourceValue) -> str | None:
    """The label of the line a cell belongs to: its row, or its column when the row is a
    period (a table with years as rows: "2025" | "operating income")."""
    row = v.row
    if row is not None and v.year is not None and not required_tokens(row) - {str(v.year)}:
        return v.column
    return row


def _rows(turn: Turn, values: list[SourceValue]) -> tuple[frozenset[str], frozenset[str]]:
    """The table rows ``turn`` names (every required word of the row's label in the turn). A
    row named only inside the words of a longer row's label it writes out is not named: "the
    current portion of long-term debt" names no "long-term debt" or "total debt" row, "net
    revenues and cost of revenues" names both. Also every row whose words the turn holds (their
    operation words name a row, not an operation)."""
    named: dict[str, frozenset[str]] = {}
    for v in values:
        line = _line(v)
        if line is not None and v.table is not None and line not in named:
            req = required_tokens(line)
            if req and req <= turn.words:
                named[line] = req
    if len(named) < 2:
        return frozenset(named), frozenset(named)
    text, kept = turn.text.lower(), set()
    for row in sorted(named, key=lambda r: -len(named[r])):
        if named[row] <= frozenset(tokens(text)):
            kept.add(row)
            text = text.replace(row.lower(), " ")  # its words name it, and no shorter row
    return frozenset(kept), frozenset(named)


def _unnamed_ops(turn: Turn, rows: frozenset[str]) -> Turn:
    """``turn`` with the operations of its words outside the rows it names: "total" or
    "portion" in a row's name ("total debt", "current portion of long-term debt") asks
    nothing."""
    if not rows or not turn.ops:
        return turn
    text = turn.text
    for word in {w for r in rows for w in re.findall(r"[a-z]+", r.lower())}:
        text = re.sub(rf"(?i)\b{re.escape(word)}\b", " ", text)
    return replace(turn, ops=operations(text))


def _combine(
    pool: list[_Fig],
    ops: frozenset[str],
    order: tuple[int, ...] = (),
    relative: bool = False,
    span: tuple[int, int] | None = None,
) -> list[_Fig] | None:
    """Each operation ``ops`` words over each ordered pair of ``pool``, one figure per value;
    None past :data:`_MAX_FIGURES`. A quotient of two figures of one period each, both periods
    in ``order`` (the years the turn names, as it names them), has the one named first on top
    ("that 2025 range in relation to the 2024 one"); a difference of two such figures of the
    years of ``span`` ("from 2019 to 2024") is the later one less the earlier, never the other
    way round (the sign of a change is what it states)."""
    out: list[_Fig] = []
    seen: set[Decimal] = set()
    # (in the pool's order and the operations' sorted order, so that the formula kept for a
    # value is the same in every process: ids and a set's order of strings are not)
    for (i, a), (j, b) in permutations(enumerate(pool), 2):
        if "both" not in (a.view, b.view) and a.view != b.view:
            continue
        view = a.view if a.view != "both" else b.view
        for op in sorted(ops):
            if op in "+*" and i > j:
                continue  # the other order gives the same figure
            if op == "/" and not _in_order(a, b, order):
                continue
            if op == "-" and span is not None and _years(a, b) == span:
                continue  # "from 2019 to 2024": 2024 less 2019
            try:
                value = (
                    a.value + b.value
                    if op == "+"
                    else a.value - b.value
                    if op == "-"
                    else a.value * b.value
                    if op == "*"
                    else a.value / b.value
                )
            except (DivisionByZero, InvalidOperation, ZeroDivisionError):
                continue
            if value in seen:
                continue
            seen.add(value)
            formula = f"({a.formula} {op} {b.formula})"
            out.append(_Fig(value, view, formula, a.operands + b.operands))
        if relative and b.value and _before(b, a) and (a.value - b.value) / b.value not in seen:
            value = (a.value - b.value) / b.value
            seen.add(value)
            formula = f"(({a.formula} - {b.formula}) / {b.formula})"
            out.append(_Fig(value, view, formula, a.operands + b.operands))
        if len(out) > _MAX_FIGURES:
            return None
    return out


def _before(base: _Fig, a: _Fig) -> bool:
    """Whether ``base`` may be the base of ``a``'s relative change: of an earlier period when
    each is of one period ("the percent change from 2019 to 2024"), else either way."""
    early = [v.year for v in base.operands]
    late = [v.year for v in a.operands]
    if len(set(early)) != 1 or len(set(late)) != 1:
        return True
    first, last = early[0], late[0]
    return first is None or last is None or first < last


def _in_order(a: _Fig, b: _Fig, order: tuple[int, ...]) -> bool:
    top, bottom = {v.year for v in a.operands}, {v.year for v in b.operands}
    if len(top) != 1 or len(bottom) != 1 or top == bottom:
        return True
    (high,), (low,) = top, bottom
    if high not in order or low not in order:
        return True
    return order.index(high) < order.index(low)


def _years(a: _Fig, b: _Fig) -> tuple[int, int] | None:
    """The periods of ``a`` and ``b`` when each is of one period."""
    top, bottom = {v.year for v in a.operands}, {v.year for v in b.operands}
    if len(top) != 1 or len(bottom) != 1:
        return None
    (high,), (low,) = top, bottom
    return None if high is None or low is None else (high, low)


def _span(turn: Turn) -> tuple[int, int] | None:
    """The two years of a change "from 2019 to 2024" the turn writes, as (from, to); none for
    a fall ("the decline from 2004 to 2011": often its size, the earlier year less the
    later)."""
    if any(w.startswith(_FALLS) for w in turn.words):
        return None
    m = _FROM_TO.search(turn.text)
    if m is None or m.group(1) == m.group(2):
        return None
    return int(m.group(1)), int(m.group(2))


def _order(turn: Turn) -> tuple[int, ...]:
    """The years ``turn`` writes, in the order it first writes them (not a figure's digits:
    "what is 1.2024 less 1?" names no year)."""
    return tuple(dict.fromkeys(years_in_text(turn.text)))


def _figures(ctx: ClaimContext, turns: tuple[Turn, ...]) -> list[_Fig] | None:
    """The figures the last turn may have asked for, over the cells as written and over their
    true values (a unit header's scale applied): never the two mixed."""
    out: list[_Fig] = []
    every = ctx.scope.index.values
    for view in ("written", "true"):
        values = _as_written(every) if view == "written" else _as_true(every)
        made = _family(ctx, turns, values)
        if made is None:
            return None
        out.extend(made)
    return out


def _as_true(values: tuple[SourceValue, ...] | list[SourceValue]) -> list[SourceValue]:
    return [v for v in values if v.operand and v.view in ("both", "true")]


def _as_written(values: tuple[SourceValue, ...] | list[SourceValue]) -> list[SourceValue]:
    """The operands as written: a table's cells under their unit header as written, and a
    prose figure with a scale word ("$ 430 million") as its digits (430), the way a filing's
    reader combines a text figure with the cells of a table that states no unit ("what is the
    pension contributions divided by the income tax expense?"); the prose figure's own value
    stays in the true view."""
    prose = {(v.source_id, v.span) for v in values if v.view == "written" and v.table is None}
    return [
        v
        for v in values
        if (v.view == "written" and v.table is None and v.span is not None)
        or (
            v.operand
            and v.view in ("both", "written")
            and not (v.table is None and (v.source_id, v.span) in prose)
        )
    ]


def _family(
    ctx: ClaimContext, turns: tuple[Turn, ...], values: list[SourceValue]
) -> list[_Fig] | None:
    """The figures the last turn may have asked for, each turn read in order (module doc)."""
    earlier: list[_Fig] = []
    last: list[_Fig] = []
    prev: tuple[frozenset[str], frozenset[str], bool] = (frozenset(), frozenset(), False)
    so_far: frozenset[int] = frozenset()  # the years the conversation named so far
    bound: set[str] = set()  # the rows whose cells earlier turns bound
    for read in turns:
        rows, worded = _rows(read, values)
        read = _endpoints(read)
        turn = _unnamed_ops(read, worded)
        if not rows and read.years and not turn.ops and not _content(read):
            # "and in 2024?", "what was it in 2023?": the rows and the operation of the turn
            # before, in another year (its "it" is the line asked, not the figure restated)
            rows, turn = prev[0], replace(turn, ops=prev[1], relative=prev[2])
        elif rows and not read.years and not turn.ops and not read.back and _goes_on(read):
            # "and for the s&p 500?": the operation of the turn before, over another row
            turn = replace(turn, ops=prev[1], relative=prev[2])
        named_back = False
        if not read.years:
            # "those revenues": a row an earlier turn bound is the figure that turn asked for
            # (the turn points back to it, and binds no prose in its place: "the total sum of
            # intangible assets and goodwill divided by the total assets acquired"); another
            # row is read in the periods the conversation named so far
            named_back = bool(rows & bound)
            rows, turn = rows - bound, replace(turn, years=so_far)
        own = _own(ctx, turn, rows, values, prose=not named_back)
        if len(own) > _MAX_OWN:
            own = [f for f in own if not f.operands]  # names too much to bind: its numbers only
        made: list[_Fig] | None
        if turn.ops:
            back = turn.back or named_back or len(own) < 2
            pool = own + _back(earlier, last, read.years) if back else own
            if back and read.years:
                pool += _results_of(earlier, rows & bound, pool)
            made = _combine(pool, turn.ops, _order(read), turn.relative, _span(read))
            if made is None:
                return None
        elif turn.back and not own:
            made = last  # "what is that in billions?": the figure before, restated
        else:
            made = own
        earlier, last = earlier + made, made
        prev = (rows or prev[0], turn.ops, turn.relative)
        so_far |= read.years
        bound |= {line for f in own for v in f.operands if (line := _line(v)) is not None}
    return last


def _endpoints(turn: Turn) -> Turn:
    """A turn asking a change "from 2019 to 2024" in the two years it writes, not the years
    between (a sum over them is another ask)."""
    written = frozenset(_order(turn))
    if turn.ops & {"-", "+"} != {"-"} or len(written) != 2 or written == turn.years:
        return turn
    return replace(turn, years=written)


def _goes_on(turn: Turn) -> bool:
    """Whether ``turn`` opens as one that goes on from the turn before ("and for ...")."""
    return turn.text.lstrip(" \"'(").lower().startswith(("and ", "and,", "what about "))


def _back(earlier: list[_Fig], last: list[_Fig], years: frozenset[int]) -> list[_Fig]:
    """The earlier figures a turn that points back may combine: all of them, or, when the turn
    names years ("in relation to the 2024 gap"), the turn before's and those of its years."""
    if not years:
        return earlier
    held = {id(f) for f in last}
    return last + [
        f
        for f in earlier
        if id(f) not in held and all(v.year is None or v.year in years for v in f.operands)
    ]


def _results_of(earlier: list[_Fig], lines: frozenset[str], pool: list[_Fig]) -> list[_Fig]:
    """The figures earlier turns computed over ``lines`` alone, not in ``pool``: a turn that
    names a year for another row ("the net change in cost of revenue as a portion of the 2024
    net revenue") still points back to the change asked over the row it names with it."""
    held = {id(f) for f in pool}
    return [
        f
        for f in earlier
        if len(f.operands) >= 2 and id(f) not in held and all(_line(v) in lines for v in f.operands)
    ]


def fine_figure(ctx: ClaimContext, finest: Decimal = _FINE) -> bool:
    """Whether the claim is a plain number or percentage, not zero or a range, stated finer than
    ``finest`` of its size (a thousandth), under default tolerances: the figures a chain search
    may meet (also ``rules.table_chain``'s)."""
    m, o = ctx.mention, ctx.options
    if m.kind not in ("number", "percent") or not m.claim or m.high is not None or m.value == 0:
        return False
    if not o.allow_derived or o.rel_tolerance is not None or o.abs_tolerance is not None:
        return False
    return m.precision < abs(m.value) * finest


def _by_chance(
    ctx: ClaimContext, figures: list[_Fig], scales: tuple[Decimal, ...], window: Decimal
) -> bool:
    """Whether the last turn's figures would meet a figure of the claim's window near its value
    by chance within :data:`_BUDGET`: those in its band (in any unit the turns ask,
    :mod:`crossfoot.rules._chance`) times the window over the band."""
    near = band(ctx.mention.value)
    factor = _HUNDRED if ctx.mention.kind == "percent" else Decimal(1)
    count = sum(
        1 for f in figures if f.operands and any(f.value * factor / s in near for s in scales)
    )
    return near.within(count, window, _BUDGET)


def turn_chain(ctx: ClaimContext) -> Verdict | None:
    """Rule: a figure over the figures of a conversation's earlier turns (module docstring)."""
    m = ctx.mention
    conversation = ctx.shared.get("ask.context")
    # a figure stated to three digits ("0.0143", "-3.56": ConvFinQA's four decimals below 1)
    # is searched too, and kept while the last turn's figures meet such a figure by chance
    # within budget (:func:`_by_chance`)
    if not isinstance(conversation, str) or not fine_figure(ctx, _THREE):
        return None
    turns = read_turns(conversation)
    if len(turns) < 2:
        return None
    memo = ctx.shared.get("turn_chain.figures")
    if type(memo) is not tuple or memo[0] is not ctx.scope:
        memo = ctx.shared["turn_chain.figures"] = (ctx.scope, _figures(ctx, turns))
    figures: list[_Fig] | None = memo[1]
    if not figures:
        return None
    lo, hi = claim_interval(ctx)
    scales = (Decimal(1), *named_scales(conversation)) if m.scale == 1 else (Decimal(1),)
    if not fine_figure(ctx) and not _by_chance(ctx, figures, scales, hi - lo):
        return None
    for fig in figures:
        if not fig.operands:
            continue  # the user's own numbers alone are no figure of the sources
        value = fig.value * _HUNDRED if m.kind == "percent" else fig.value
        if any(abs(abs(v.value) - abs(m.value)) <= m.precision for v in fig.operands):
            continue  # the figure is one of its own operands: a value, not a chain
        for scale in scales:
            if lo <= value / scale <= hi:
                return Verdict("derived", _evidence(ctx, fig, value / scale, scale))
    return None


def _evidence(ctx: ClaimContext, fig: _Fig, result: Decimal, scale: Decimal) -> Evidence:
    unit = "" if scale == 1 else f" / {scale:,}"
    formula = f"{fig.formula}{unit} = {fmt_result(ctx, result)}"
    note = "a figure over the figures the conversation's earlier turns asked for"
    return Evidence("derive", "chain", formula, fig.operands, result, note)
