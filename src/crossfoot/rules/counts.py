"""Counts that answer "how many" questions, counted from the data.

"How many years did net income exceed $30,000 thousand?" -- "Answer: 1". The 1 is no value of the
data and no derivation of one: it counts the values of the row the question names that lie past
the question's bar. Before, such answers failed as unsupported when right and passed by a
coincidental match when wrong ("1" is a rounded "$0.8 million" somewhere).

A figure is such a count when the question asks "how many <noun>", states a bar with a comparison
word ("exceed", "more than", "below", ...), and the figure is a whole number that follows an answer
marker ("Answer: 2") or comes before the counted noun ("in 2 years", "3 regions"). The values
counted are those of the row the question names (for years, quarters and other periods) or else of
the column it names (one value per row), in the years the question names when it names some, of
the bar's kind (amounts with amounts, percentages with percentages), one per cell. The count
passes as ``derived`` when it equals the number of those values strictly past the bar, and is
``contradicted`` when it does not; when the question names no row or column of the data the
figure is left to the other rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.bounds import Side, side_before
from crossfoot.language.owncount import singular
from crossfoot.language.question import grown
from crossfoot.language.rowtokens import count_of_whole, noun_at
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Mention, SourceValue, format_decimal, kind_family
from crossfoot.rules._bar_pool import kept_pool, named_cells
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._year_counted import year_counted
from crossfoot.rules.answer_count_rows import year_column_values, years_moved_verdict
from crossfoot.rules.count_reading import answers_count, inclusive_bar, trailing_bar
from crossfoot.rules.moved_counts import moved_verdict

__all__ = [
    "bar_pool",
    "bar_values",
    "count_verdict",
    "count_verdict_of",
    "is_count_answer",
    "past_bar",
    "question_bar",
    "word_count",
]

_PERIODS = frozenset({"year", "quarter", "month", "period", "half", "time", "day", "week"})
_WORD = re.compile(r"\s*([A-Za-z]+)")


def is_count_answer(ask: Ask, text: str, m: Mention, marker_end: int | None) -> bool:
    """Whether ``m`` answers the question's "how many": a whole number after the answer marker
    or right before the counted noun.

    >>> from crossfoot.language.asked import read_question
    >>> from crossfoot.numbers.extract import extract
    >>> ask = read_question("How many years did sales exceed $5 million?")
    >>> t = "Sales exceeded $5 million in 2 years."
    >>> [is_count_answer(ask, t, x, None) for x in extract(t)]
    [False, True]
    """
    if ask.op != "count" or m.kind != "number" or m.currency or m.scale != 1:
        return False
    if m.value < 0 or m.value != m.value.to_integral_value() or m.value > 1000:
        return False
    if marker_end is not None and m.start >= marker_end:
        return True
    after = _WORD.match(text, noun_at(text, m.end))  # "2 of the (4) regions"
    if ask.counted and after and singular(after.group(1)) == singular(ask.counted):
        return True
    return answers_count(ask, text, m)  # "2" alone, "2 such years"


def question_bar(ask: Ask, asked: tuple[Mention, ...]) -> tuple[Mention, Side] | None:
    """The question's bar and the side its words ask for ("exceed $5 million": >), or None."""
    for bar in asked:
        if bar.high is not None:
            continue
        cut = max(ask.text.rfind(c, 0, bar.start) for c in ",;:?")
        side = side_before(ask.text, bar.start, cut + 1 if cut >= 0 else 0)
        if side is not None:
            return bar, side
    return None


def bar_values(
    values: Iterable[SourceValue], ask: Ask, bar: Mention, named: Named, periods: bool
) -> list[SourceValue]:
    """The values a question's bar is about, one per cell: those of the row it names (``periods``:
    one per year or quarter) or else of the column it names (one per row); [] when it names none."""
    pool = _pool(values, ask, bar)  # (kept per source set; read by column: rules._bar_pool)
    for axis in ("row", "column") if periods else ("column", "row"):
        chosen = named_cells(pool, named.names, axis)
        if ask.years:
            chosen = [v for v in chosen if value_years(v) & ask.years or not value_years(v)]
        if periods:
            # a period is a dated value, or a quarter by its name ("First", "Q3") when quarters
            # are counted: a table of one year's quarters has no year per column
            quarters = singular(ask.counted or "") == "quarter"
            chosen = [v for v in chosen if value_years(v) or (quarters and _quarters([v]))]
        cells: dict[tuple[object, ...], SourceValue] = {}
        for v in chosen:
            key = (v.source_id, v.table, v.row_index, v.col_index)
            if key not in cells or v.view == "true":
                cells[key] = v  # the scaled reading of a cell under a unit header
        if cells:
            return list(cells.values())
    return [] if periods else year_column_values(pool, ask)  # no line named: the year's rows


def bar_pool(values: Iterable[SourceValue], ask: Ask, bar: Mention) -> list[SourceValue]:
    """The table cells a bar may be drawn across: of its kind, in the views its scale meets."""
    return list(_pool(values, ask, bar))  # (a copy: the kept pool is shared)


def _pool(values: Iterable[SourceValue], ask: Ask, bar: Mention) -> list[SourceValue]:
    """:func:`bar_pool`, kept per values tuple and bar shape (``rules._bar_pool``)."""
    views = ("both", "true") if bar.scale != 1 else ("both", "true", "written")
    family = kind_family(bar.kind)
    # "grew by more than 5%": the bar is about changes, not the amounts of a table, unless the
    # values are changes themselves (a "Growth" row, a "% change" column)
    moved = family == "percent" and grown(ask.text, 0, len(ask.text))
    return kept_pool(
        values, (views, family, moved), lambda: _made_pool(values, views, family, moved)
    )


def _made_pool(
    values: Iterable[SourceValue], views: tuple[str, ...], family: str, moved: object
) -> list[SourceValue]:
    return [
        v
        for v in values
        if v.table is not None
        and v.view in views
        # a percentage bar meets the plain numbers of a table of percentages too
        and (
            kind_family(v.kind) == family
            or (family == "percent" and v.kind == "number" and (not moved or _of_changes(v)))
        )
    ]


def past_bar(
    values: Sequence[SourceValue], bar: Mention, side: Side, inclusive: bool = False
) -> list[SourceValue]:
    """The values past the bar on its side (a percentage bar over fractions read as one); with
    ``inclusive`` ("at least"), the values on the line too."""
    fractions = bar.kind == "percent" and all(abs(v.value) <= 1 for v in values)
    limit = bar.value / 100 if fractions else bar.value
    if inclusive:
        return [v for v in values if (v.value >= limit if side == ">" else v.value <= limit)]
    return [v for v in values if (v.value > limit if side == ">" else v.value < limit)]


_CHANGES = re.compile(r"(?i)chang|growth|increase|decrease|%|percent")


def _of_changes(v: SourceValue) -> bool:
    """Whether a cell's row or column names changes or percentages ("Growth", "% change")."""
    return any(_CHANGES.search(x) for x in (v.row, v.column, v.field) if x)


def _one_line(ask: Ask, past: list[SourceValue], stated: Decimal) -> list[SourceValue]:
    """Quarters counted along a row that the table repeats (a block per year), the question
    naming no year: the quarters of the one block whose count the answer states, when one does."""
    if ask.years or singular(ask.counted or "") == "year":
        return past
    by_line: dict[tuple[object, ...], list[SourceValue]] = {}
    for v in past:
        by_line.setdefault((v.source_id, v.table, v.row_index), []).append(v)
    if len(by_line) < 2:
        return past
    return next((vs for vs in by_line.values() if len(vs) == stated), past)


def count_verdict(
    ctx: ClaimContext, ask: Ask, asked: tuple[Mention, ...], named: Named
) -> Verdict | None:
    """``derived`` when the count is right, ``contradicted`` when not, None when the question
    gives no bar or names no row or column of the data (see the module docstring)."""
    return count_verdict_of(ctx.text, ctx.mention, ctx.scope.values(), ask, asked, named)


def count_verdict_of(
    text: str,
    mention: Mention,
    scope: Sequence[SourceValue],
    ask: Ask,
    asked: tuple[Mention, ...],
    named: Named,
    whose: str = "question's",
) -> Verdict | None:
    """``count_verdict`` of ``mention`` in ``text`` over the values ``scope``; ``whose`` bar and
    count the evidence names (the question's, or the sentence's own)."""
    found = question_bar(ask, asked) or trailing_bar(ask, asked)  # "100 or more"
    if found is None:
        if ask.counted is not None and singular(ask.counted) not in _PERIODS:
            # "How many regions saw revenue decline?" (rules.moved_counts; periods that moved
            # are counted along a row, not read there)
            whole = count_of_whole(text, mention.start)
            moved = moved_verdict(mention, scope, ask, named, whole)
            if moved is not None:
                return moved
        if ask.counted is not None and singular(ask.counted) == "year":
            return years_moved_verdict(mention, scope, ask, named)  # "in how many years ... rose"
        return _rows_verdict(mention, scope, ask, named)
    bar, side = found
    periods = ask.counted is not None and singular(ask.counted) in _PERIODS
    values = bar_values(scope, ask, bar, named, periods)
    if not values:
        return None
    if count_of_whole(text, mention.start):
        return _whole_verdict(mention, values, whose)  # "4" in "2 of the 4 regions": all counted
    inclusive = inclusive_bar(ask.text, bar)  # "at least 410" counts 410
    past = past_bar(values, bar, side, inclusive)
    if periods:  # (a count down a column has a line per row: no block to choose)
        past = _one_line(ask, past, mention.value)
    n = Decimal(len(past))
    word = ("at or " if inclusive else "") + ("above" if side == ">" else "below")
    shown = ", ".join(f"{v.label} ({format_decimal(v.value)})" for v in past) or "none"
    formula = f"values {word} the {whose} bar {bar.text.strip()}: {shown} = {len(past)}"
    evidence = Evidence("question", "count", formula, tuple(past), n)
    if mention.value == n:
        return Verdict("derived", evidence)
    return Verdict(
        "contradicted",
        evidence,
        f"{len(past)} of the {len(values)} values counted are {word} {bar.text.strip()}, not "
        f"{format_decimal(mention.value)}",
    )


_TOTAL = re.compile(r"(?i)\btotal\b")


def _whole_verdict(mention: Mention, values: list[SourceValue], whose: str) -> Verdict:
    """The whole of "2 of the 4 regions": the number of values the question's count looks at
    (with or without a total line's)."""
    parts = [v for v in values if not _TOTAL.search(v.row or "")]
    n = len(parts)
    formula = f"values the {whose} count looks at: {n}"
    evidence = Evidence("question", "count", formula, tuple(parts), Decimal(n))
    if mention.value in (n, len(values)):
        return Verdict("derived", evidence)
    return Verdict(
        "contradicted",
        evidence,
        f"the {whose} count looks at {n} values, not {format_decimal(mention.value)}",
    )


def _rows_verdict(
    mention: Mention, scope: Sequence[SourceValue], ask: Ask, named: Named
) -> Verdict | None:
    """A count with no bar ("How many categories are there under total expenses?"): ``derived``
    when it is the number of rows that add up to a total row the question names, or else of the
    rows of a table (totals aside); None otherwise (the reading is not certain enough to fail)."""
    if ask.counted is None or singular(ask.counted) in _PERIODS:
        return None
    stated = mention.value
    rows: dict[tuple[str, int], dict[int, set[int | None]]] = {}
    labels: dict[tuple[str, int, int], str] = {}
    totals: list[tuple[str, int, int]] = []
    for v in scope:
        if v.table is None or v.row_index is None:
            continue
        rows.setdefault((v.source_id, v.table), {}).setdefault(v.row_index, set()).add(v.col_index)
        key = (v.source_id, v.table, v.row_index)
        labels[key] = v.row or v.label
        if _TOTAL.search(v.row or "") and named.names(v, "row") and key not in totals:
            totals.append(key)
    for source, table, at in totals:
        grid = rows[(source, table)]
        parts = []
        for r in range(at - 1, -1, -1):
            if r not in grid or not grid[r] & grid[at] or _TOTAL.search(labels[(source, table, r)]):
                break
            parts.append(labels[(source, table, r)])
        if len(parts) >= 2 and len(parts) == stated:
            return _rows_evidence(f"rows above {labels[(source, table, at)]}", parts[::-1])
    if not totals and not year_counted(ask, scope):  # ("How many new stores opened in 2023?")
        for (source, table), grid in rows.items():
            body = [
                labels[(source, table, r)]
                for r in sorted(grid)
                if not _TOTAL.search(labels[(source, table, r)])
            ]
            if len(body) >= 2 and len(body) == stated:
                return _rows_evidence("rows of the table", body)
    return None


def _rows_evidence(what: str, rows: list[str]) -> Verdict:
    formula = f"{what}: " + ", ".join(rows) + f" = {len(rows)}"
    return Verdict("derived", Evidence("question", "count", formula, (), Decimal(len(rows))))


# --- number words that count what the sentence names ------------------------------------------

# "all three quarters", "the two surveys", "both years": a number word and what it counts.
_COUNTED_WORDS = re.compile(r"[ \t]+((?:[a-z]+[ \t]+)?)([a-z]+s)\b")
_ALL = re.compile(r"(?i)\b(?:all|every|each\s+of\s+the|across\s+the|all\s+of\s+the)\s*$")
_QUARTER = re.compile(r"(?i)\bq([1-4])\b|\b(first|second|third|fourth)\s+quarter\b")
_SOURCE_NOUNS = frozenset(
    {"survey", "source", "report", "record", "document", "study", "poll", "filing", "table"}
)


_QUARTER_NAME = re.compile(r"(?i)(?<![a-z0-9])q([1-4])(?![0-9])|\b(first|second|third|fourth)\b")


def _quarters(values: list[SourceValue]) -> set[tuple[int | None, str]]:
    """The distinct quarters the values name (``revenue_q1``, a column "Q3 2019", "Fourth")."""
    out: set[tuple[int | None, str]] = set()
    for v in values:
        for name in (v.field, v.column, v.row):
            q = _QUARTER_NAME.search(name or "")
            if q is not None:
                out.add((v.year, (q.group(1) or q.group(2)).lower()))
                break
    return out


def word_count(
    text: str, m: Mention, sentence: tuple[int, int], values: list[SourceValue], n_sources: int
) -> tuple[int, str] | None:
    """``(count, what)`` the data gives for a number word that counts something ("all three
    quarters": the quarters of the data; "the two surveys": the sources), or None when the data
    cannot say (then the word is no claim, as before).

    >>> from crossfoot.numbers.extract import extract
    >>> t = "The two surveys agree."
    >>> word_count(t, extract(t)[0], (0, len(t)), [], 2)
    (2, 'sources')
    """
    if m.kind != "number" or any(ch.isdigit() for ch in m.text) or m.value < 2:
        return None
    found = _COUNTED_WORDS.match(text, m.end)
    if found is None:
        return None
    noun = singular(found.group(2))
    if noun in _SOURCE_NOUNS:
        return n_sources, "sources"
    every = _ALL.search(text, max(sentence[0], m.start - 20), m.start) is not None
    if noun == "quarter":
        if every:
            quarters = _quarters(values)
            return (len(quarters), "quarters in the data") if quarters else None
        named = {q.group(0).lower() for q in _QUARTER.finditer(text, sentence[0], sentence[1])}
        return (len(named), "quarters the sentence names") if named else None
    if noun == "year" and not every:
        from crossfoot.language.years import years_in_text

        named_years = set(years_in_text(text[sentence[0] : sentence[1]]))
        return (len(named_years), "years the sentence names") if len(named_years) >= 2 else None
    return None
