"""An average over a span of years is the mean of every year of the span, not of its two ends.

"Net income averaged $125 million a year from 2020 to 2023" passed over a line of 100, 120, 90
and 150: 125 is the mean of 2020 and 2023 alone, and the pair search of two values met it before
the search of longer lines had its turn. When a figure's clause words an average ("averaged",
"the average", "mean") over a span of three or more years ("from 2020 to 2023", "between 2020 and
2023", "over 2020-2023", "2020 through 2023") and is no change ("the average annual growth" is
:mod:`crossfoot.rules.average_change`'s), the lines of the sources that hold a value for every
year of the span decide:

``contradicted`` when the mean of no such line over the whole span meets the figure, but the
mean of a line's two end years does: the message gives the span's mean. Otherwise the other
rules judge it (a span's mean among them: :mod:`crossfoot.rules.multi`).

>>> import crossfoot
>>> t = "| | 2020 | 2021 | 2022 |\\n|---|---|---|---|\\n| Orders | 100 | 130 | 160 |"
>>> t += "\\n| Returns | 9 | 4 | 8 |"
>>> crossfoot.check("Orders averaged 130 a year from 2020 to 2022.", [t]).passed
True
>>> crossfoot.check("Returns averaged 8.5 a year from 2020 to 2022.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from decimal import Decimal

from crossfoot.arithmetic.evaluate import agrees
from crossfoot.language.direction import clause_bounds
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._derive_kinds import label
from crossfoot.rules._low import sentence_low
from crossfoot.rules._scope_lines import period_rows

__all__ = ["span_mean"]

_AVERAGE = re.compile(r"(?i)\b(?:averag(?:e|ed|es|ing)|mean)\b")
_Y = r"((?:19|20)\d\d)"
# "from 2020 to 2023", "between 2020 and 2023", "2020-2023", "2020 through 2023", "2020-23"
_SPAN = re.compile(
    rf"(?i)\b(?:(?:from|between)\s+(?:fiscal\s+|fy\s?)?{_Y}\s+(?:to|and|through|until|thru)\s+"
    rf"(?:fiscal\s+|fy\s?)?{_Y}|{_Y}\s*(?:-|\u2013|\u2014|\s(?:to|through|thru)\s)\s*"
    r"((?:19|20)?\d\d))(?!\d)"
)
# An average of changes is another rule's.
_CHANGE = re.compile(
    r"(?i)\b(?:chang\w*|grow\w*|grew|increas\w*|decreas\w*|declin\w*|ris(?:e|es|ing)|rose|"
    r"f[ae]ll\w*|drop\w*|gain\w*|los[st]\w*|cagr|compound\w*|annual\s+rate)\b"
)


def span_mean(ctx: ClaimContext) -> Verdict | None:
    """The verdict on an average over a named span of years (module docstring), or None."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number", "percent") or m.high is not None or m.value < 0:
        return None
    low = sentence_low(ctx)
    if "averag" not in low and "mean" not in low:
        return None
    lo, hi = clause_bounds(ctx.text, s.start, s.end, m.start, m.end)
    if _AVERAGE.search(ctx.text, lo, hi) is None or _CHANGE.search(ctx.text, lo, hi):
        return None
    # (the span may lead the sentence: "Between 2020 and 2023, net income averaged ...")
    span = _span(ctx.text[lo:hi]) or _span(s.text)
    if span is None:
        return None
    lines = _lines(ctx, span, m.kind == "percent")
    if not lines:
        return None
    first, last = span
    means = [sum((v.value for v in cells), Decimal(0)) / len(cells) for cells in lines]
    if any(agrees(abs(m.value), abs(mean), m.precision) for mean in means):
        return None  # the span's mean: the other rules derive it, and judge it against a question
    for cells in lines:
        ends = (cells[0].value + cells[-1].value) / 2
        if agrees(abs(m.value), abs(ends), m.precision):
            mean = sum((v.value for v in cells), Decimal(0)) / len(cells)
            note = (
                f"the average from {first} to {last} takes all {len(cells)} years: "
                f"{format_decimal(mean)}; {m.text.strip()} is the mean of {first} and {last} alone"
            )
            return Verdict("contradicted", _evidence(cells, mean), note)
    return None


def _span(clause: str) -> tuple[int, int] | None:
    """The first and last year of the span the clause names, when it has a year inside."""
    found = _SPAN.search(clause)
    if found is None:
        return None
    a, b = (g for g in found.groups() if g is not None)
    first, last = int(a), int(b)
    if last < 100:  # "2020-23"
        last += first - first % 100
    if not 2 <= last - first <= 30:
        return None
    return first, last


def _lines(ctx: ClaimContext, span: tuple[int, int], percent: bool) -> list[list[SourceValue]]:
    """The lines of the scope with one value of the claim's class for every year of ``span``,
    each in year order."""
    first, last = span
    want = [(y, None) for y in range(first, last + 1)]
    return [
        [row[k] for k in want]
        for cls, row in period_rows(ctx)
        if (cls == "percent") == percent and all(k in row for k in want)
    ]


def _evidence(cells: list[SourceValue], mean: Decimal) -> Evidence:
    terms = " + ".join(_term(v) for v in cells)
    formula = f"({terms}) / {len(cells)} = {format_decimal(mean)}"
    return Evidence("derive", "mean", formula, tuple(cells), mean)


def _term(v: SourceValue) -> str:
    return f"{label(v)} ({format_decimal(v.value)})"
