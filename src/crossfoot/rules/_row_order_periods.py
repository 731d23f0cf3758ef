"""One named row against another in every period, with no figure: "South had more orders than
North in both quarters", "Beta trailed Alpha every month".

:mod:`crossfoot.rules._row_order` holds two rows to the years a table's columns name. New
users' tables and result sets run by quarter or month as often: the columns of a small table
("Q1 2024", "Q2 2024"; "January", "Feb"), or the rows of a result set by region and period
(``region, quarter, orders``). When a sentence with no figure names one row before a comparison
("had more orders than", "sold fewer units than", "trailed", "outsold", "was higher than") and
another row of the same table after it, and says the order holds in every period ("in both
quarters", "every month", "each quarter", "in all three months"), each period of that unit both
rows hold must keep the order: the cells of the column the sentence names (its noun, "orders";
else the rows' one measure). The comparison word becomes a claim, ``derived`` or
``contradicted`` naming the first period that breaks it. A negated comparison, a bound ("more
than $5M"), rows of two tables and a measure that cannot be told are left alone.

>>> from crossfoot import check
>>> t = '[["Orders", "Q1 2024", "Q2 2024"], ["North", "350", "371"], ["South", "412", "398"]]'
>>> check("South had more orders than North in both quarters.", [t]).passed
True
>>> check("North had more orders than South in both quarters.", [t]).passed
False
>>> check("South had more orders than North in both quarters, while North had more than "
...       "South in both quarters.", [t]).passed  # (each comparison is read)
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.period_columns import row_period
from crossfoot.language.row_compare import EVERY_GATES, comparison_spans
from crossfoot.language.rowtokens import fullest_named, tokens
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import word_mention
from crossfoot.rules.comparisons import FIGURE_NEXT, MORE_VERBS, NEGATED
from crossfoot.rules.extremes import same_noun
from crossfoot.rules.row_months import QUARTER_NAME, quarter_number
from crossfoot.sources.rows_months import MONTH_NAMES, MONTH_NUMBERS, QUARTER

__all__ = ["compared_periods"]

_VERB = (
    r"(?:had|has|have|sold|sells|placed|made|booked|recorded|posted|saw|drew|generated|earned|"
    r"shipped|logged|received|won|closed|signed|added|brought\s+in|was|were|is|are|ran|stayed|"
    r"remained)"
)
_MORE = (
    rf"{_VERB}\s+(?:(?:far|many|much|slightly|significantly|consistently)\s+)?"
    r"(?:more|higher|greater|larger|bigger)\s+(?P<mnoun>(?:[a-z]+\s+){0,3}?)than|"
    rf"{MORE_VERBS}|was\s+ahead\s+of|were\s+ahead\s+of|stayed\s+ahead\s+of"
)
_LESS = (
    rf"{_VERB}\s+(?:(?:far|many|much|slightly|significantly|consistently)\s+)?"
    r"(?:fewer|less|lower|smaller)\s+(?P<lnoun>(?:[a-z]+\s+){0,3}?)than|"
    r"trailed|trails|lagged(?:\s+behind)?|lags(?:\s+behind)?|underperformed|fell\s+behind|"
    r"was\s+behind|were\s+behind"
)
_COMPARE = re.compile(rf"(?i)\b(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\b")
# "in both quarters", "every month", "each quarter", "in all three months", "in every period"
_EVERY = re.compile(
    r"(?i)\b(?:both|every|each|all(?:\s+(?:two|three|four|five|six|twelve|\d+))?|all\s+of\s+the)"
    r"\s+(?:of\s+the\s+)?(?:single\s+)?(?P<unit>month|quarter|year|period)s?\b"
)
_WORDS = re.compile(r"[a-z]{3,}")
_MONTH = re.compile(r"\b([A-Za-z]{3,9})\b")
_Row = tuple[str, int | None, int | None]  # (source, table, row index) or a result set's label
_Period = tuple[int | None, int]  # (year, month 1-12 or QUARTER + q; 0 for a year)


def compared_periods(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claims of the sentence's figure-free comparisons of two named rows in every period
    (module docstring), one a comparison word.

    A sentence of several ("North had more orders than South in both quarters, while West had
    fewer than North") reads each over its own rows (``language.row_compare.comparison_spans``).
    """
    sentence = text[s.start : s.end]
    low = sentence.lower()
    if not any(g in low for g in EVERY_GATES):
        return []
    every = _EVERY.search(sentence)
    if every is None:
        return []
    found = list(_COMPARE.finditer(sentence))
    claims: list[Claim] = []
    for m, (begin, stop) in zip(found, comparison_spans(sentence, found), strict=True):
        before, after = sentence[begin : m.start()], sentence[m.end() : stop]
        if NEGATED.search(sentence, 0, m.start()):
            continue  # "did not outsell"
        if FIGURE_NEXT.match(sentence, m.end()):
            continue  # "more than $5M": a bound
        claim = _compared(s, sentence, m, every, before, after, values)
        if claim is not None:
            claims.append(claim)
    return claims


def _compared(
    s: Sentence,
    sentence: str,
    m: re.Match[str],
    every: re.Match[str],
    before: str,
    after: str,
    values: Sequence[SourceValue],
) -> Claim | None:
    """The claim of comparison ``m`` between the row ``before`` names and the one ``after``
    names, in every period of ``every``'s unit; None when they cannot be told."""
    unit = every.group("unit").lower()
    noun = m.group("mnoun") or m.group("lnoun") or ""
    cells = _cells(before, after, unit, noun or sentence, values)
    if cells is None:
        return None
    a, b, names = cells
    more = m.group("more") is not None
    word = m.group(0)
    start = s.start + m.start()
    mention = word_mention(word, start, len(a))
    order = sorted(a)
    formula = "; ".join(
        f"{_said(p)}: {format_decimal(a[p].value)} vs {format_decimal(b[p].value)}" for p in order
    )
    operands = tuple(v for p in order for v in (a[p], b[p]))
    ev = Evidence("compare", "order", f"{names[0]} vs {names[1]}: {formula}", operands)
    for p in order:
        x, y = a[p].value, b[p].value
        if (x > y) != more or x == y:
            message = (
                f'"{word}" puts {names[0]} {"above" if more else "below"} {names[1]} in every '
                f"{unit}, but in {_said(p)} {format_decimal(x)} is "
                f"{'not above' if more else 'not below'} {format_decimal(y)}"
            )
            return Claim(mention, s, "contradicted", ev, message)
    return Claim(mention, s, "derived", ev)


def _cells(
    before: str, after: str, unit: str, noun: str, values: Sequence[SourceValue]
) -> tuple[dict[_Period, SourceValue], dict[_Period, SourceValue], tuple[str, str]] | None:
    """Each named row's cells by period of ``unit`` (the periods both hold, two at least), and
    the rows' labels; None when the rows, the measure or the periods cannot be told."""
    labels = [(_row_of(v), v.row or "") for v in values if v.row and v.row_index is not None]
    firsts = fullest_named(labels, frozenset(tokens(before)))
    seconds = [r for r in fullest_named(labels, frozenset(tokens(after))) if r not in firsts]
    if len(firsts) != 1 or len(seconds) != 1 or firsts[0][:2] != seconds[0][:2]:
        return None  # no row, several, or rows of two tables
    said = {w.rstrip("s") for w in _WORDS.findall(noun.lower())}
    by_row: dict[_Row, dict[str, dict[_Period, SourceValue]]] = {firsts[0]: {}, seconds[0]: {}}
    name: dict[_Row, str] = {}
    for v in values:
        row = _row_of(v)
        if row not in by_row or v.view == "true":
            continue
        when, measure = _period_measure(v, unit)
        if when is None:
            continue
        name[row] = v.row or ""
        cells = by_row[row].setdefault(measure, {})
        if when in cells and cells[when].value != v.value:
            cells[when] = v if v.view == "written" else cells[when]
            continue
        cells[when] = v
    measures = set(by_row[firsts[0]]) & set(by_row[seconds[0]])
    if len(measures) > 1:
        named = {k for k in measures if same_noun(said, {w.rstrip("s") for w in _WORDS.findall(k)})}
        measures = named
    if len(measures) != 1:
        return None
    (measure,) = measures
    a, b = by_row[firsts[0]][measure], by_row[seconds[0]][measure]
    common = set(a) & set(b)
    if len(common) < 2 or any(a[p].kind != b[p].kind for p in common):
        return None
    keep = sorted(common, key=lambda p: (p[0] or 0, p[1]))
    return {p: a[p] for p in keep}, {p: b[p] for p in keep}, (name[firsts[0]], name[seconds[0]])


def _row_of(v: SourceValue) -> _Row:
    """The row a cell belongs to: a result set by period repeats its row's label on a line of
    each period, so the label (not the line) is the row there."""
    if row_period(v) is not None:
        return (v.source_id, v.table, None) if not v.row else (v.source_id, v.table, hash(v.row))
    return (v.source_id, v.table, v.row_index)


def _period_measure(v: SourceValue, unit: str) -> tuple[_Period | None, str]:
    """The cell's period of ``unit`` and the measure it is of: a result set's line by period
    (its column is the measure), or a column that names the period (the rest of its name is
    the measure: "Q1 orders" is of "orders")."""
    column = (v.column or "").lower()
    if (own := row_period(v)) is not None:  # (a column's period: read from its name below)
        y, p = own
        if unit == "quarter" and p > QUARTER:
            return (y, p), column
        if unit == "month" and p <= 12:
            return (y, p), column
        return None, column
    if unit == "quarter":
        q = QUARTER_NAME.search(column)
        if q is None:
            return None, column
        rest = column[: q.start()] + column[q.end() :]
        return (_year(column) or v.year, QUARTER + quarter_number(q)), _measure(rest)
    if unit == "month":
        for mm in _MONTH.finditer(column):
            n = MONTH_NUMBERS.get(mm.group(1))
            if n is not None:
                rest = column[: mm.start()] + column[mm.end() :]
                return (_year(column) or v.year, n), _measure(rest)
        return None, column
    y = _year(column)
    if y is None:
        return None, column
    if unit == "period" or unit == "year":
        return (y, 0), _measure(YEAR.sub(" ", column))
    return None, column


def _year(label: str) -> int | None:
    m = YEAR.search(label)
    return int(m.group(1)) if m else None


def _measure(rest: str) -> str:
    return " ".join(w for w in _WORDS.findall(rest) if w not in ("fiscal", "the", "and"))


def _said(p: _Period) -> str:
    """A period as a message names it ("Q2 2024", "March", "2023")."""
    y, n = p
    if n == 0:
        return str(y)
    name = f"Q{n - QUARTER}" if n > QUARTER else MONTH_NAMES[n - 1]
    return f"{name} {y}" if y else name
