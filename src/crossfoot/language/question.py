"""Bars quoted from the question.

"Which years did net sales exceed $200,000 thousand?" -- "Net sales exceeded $200,000 thousand in
2019." The answer's $200,000 thousand is the question's bar, not a figure of the data: no source
states it, and flagging it as ungrounded is a false alarm. What the answer does claim is a
comparison, and that much is checked. A figure of the answer is the question's bar when both hold:

- the question states the same number: the same value after scaling, and both amounts or both
  percentages (a changed digit, scale word or unit is a different number and is checked as usual);
- the answer uses it as a bar: a comparison word comes right before it in its clause ("more
  than", "exceeded", "below", "at least", "did not exceed", ...).

The bar then passes when some value of the claim's sources of the same kind (amount or
percentage) lies on the side the words claim ("exceeded $20,000 thousand": a value above it), and
is ``contradicted`` when none does ("shipped more than 20,000 units" when the sources hold 12,400
and 10,000). Which value the comparison is about is not known, so this catches a comparison that
no value could make true, not one made about the wrong row.

Anything else the answer repeats from the question ("Revenue was $5M" after "Was revenue above
$5M?") is a claim about the data and is checked as usual. The engine asks before its rules: a
round bar would often match some value of the data by rounding, which is not why it is there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from crossfoot.language.bounds import Side, side_before
from crossfoot.language.years import period
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Evidence, Mention, SourceValue, format_decimal, kind_family
from crossfoot.numbers.extract import extract

__all__ = [
    "Bar",
    "asked_figures",
    "asks_past_bar",
    "bar_verdict",
    "figures_read",
    "quoted_bar",
    "quoted_label",
]

# How far back in the clause a comparison word may end before the figure.
_REACH = 60
_WORDS: dict[Side, str] = {">": "at or above", "<": "at or below"}


@dataclass(frozen=True, slots=True)
class Bar:
    """The question's number an answer's figure quotes, and the side the answer claims."""

    asked: Mention  # the number as the question writes it
    side: Side  # where the data's value lies, per the answer: "exceeded" is ">" (or at it)
    # The figure's clause words a growth or a decline ("grew by more than 5%"): see bar_verdict
    moved: Literal["up", "down"] | None = None


def asked_figures(question: str | None) -> tuple[Mention, ...]:
    """The numbers of the question that could be a bar (no years), extracted once per answer.

    >>> [m.text for m in asked_figures("Which years did sales exceed $200,000 thousand in 2019?")]
    ['$200,000 thousand']
    """
    if not question:
        return ()
    if not isinstance(question, str):
        raise TypeError(f"the question must be a str, got {type(question).__name__}")
    global _LAST
    last = _LAST  # (one read of the shared slot: another thread may replace it meanwhile)
    if last[0] == question:
        return last[1]
    figures = tuple(m for m in extract(question) if m.kind != "year")
    _LAST = (question, figures)
    return figures


# The question asked_figures read last and its figures. The rules read the same question's
# numbers again (``rules._named.Named``); on a stream of new questions no cache of theirs holds
# it yet, and the number reader on a question is ~16 us. One slot: the engine reads the question
# of each answer first, and its rules ask for that question while judging the answer.
_LAST: tuple[str, tuple[Mention, ...]] = ("", ())


def asks_past_bar(question: str | None) -> bool:
    """Whether ``question`` compares the data with a number of its own ("How many regions had
    revenue above $4M?", "Which years did sales exceed 5%?"): the values past that bar may lie
    in any row, so a reader of only the cells near the answer's figures must read them all.

    >>> asks_past_bar("How many regions had 2024 revenue above $4,010,000?")
    True
    >>> asks_past_bar("What was the revenue of Iberia in 2024?"), asks_past_bar(None)
    (False, False)
    """
    if not question:
        return False
    for bar in asked_figures(question):
        cut = max(question.rfind(c, 0, bar.start) for c in ",;:?")
        if side_before(question, bar.start, cut + 1 if cut >= 0 else 0) is not None:
            return True
    return False


def figures_read(text: str) -> tuple[Mention, ...] | None:
    """:func:`asked_figures` of ``text`` if it is the question read last, else None (unread).

    >>> figures = asked_figures("Did net income exceed $30,000 thousand in 2019?")
    >>> figures_read("Did net income exceed $30,000 thousand in 2019?") == figures
    True
    >>> figures_read("Was it above $5M?") is None
    True
    """
    last = _LAST
    return last[1] if last[0] == text and text else None


def quoted_bar(text: str, mention: Mention, asked: Sequence[Mention]) -> Bar | None:
    """The question's bar that ``mention`` quotes, with the side the answer claims, or None.

    >>> asked = asked_figures("Did net income exceed $30,000 thousand?")
    >>> t = "Net income did not exceed $30,000 thousand in 2019."
    >>> bar = quoted_bar(t, extract(t)[0], asked)
    >>> bar.asked.text, bar.side
    ('$30,000 thousand', '<')
    >>> t = "The net income was $30,000 thousand."
    >>> quoted_bar(t, extract(t)[0], asked) is None  # the same number stated as data
    True
    """
    if not asked or mention.high is not None:
        return None
    kind = kind_family(mention.kind)
    match = next(
        (
            q
            for q in asked
            if q.value == mention.value and kind_family(q.kind) == kind and q.high is None
        ),
        None,
    )
    if match is None:
        return None
    lo = max(0, mention.start - _REACH)
    cut = max(text.rfind(c, lo, mention.start) for c in ".;:!?\n")  # the figure's clause only
    start = cut + 1 if cut >= 0 else lo
    side = side_before(text, mention.start, start)
    return Bar(match, side, grown(text, start, mention.start)) if side is not None else None


def bar_verdict(
    mention: Mention,
    bar: Bar,
    index: ValueIndex,
    fits: Callable[[SourceValue], bool],
) -> tuple[bool, Evidence, str]:
    """``(passes, evidence, message)`` for a figure quoting the question's bar: it passes when
    some value of ``index`` of the same kind that ``fits`` the sentence (its rows and years) lies
    on the claimed side; the witness is the one nearest the bar. ``bar.moved``: the clause words
    a growth ("grew by more than 5%") or a decline ("fell by more than 3%": the change's size
    is compared), so a percentage bar is met by a row's change from one year to the next too."""
    kind = kind_family(mention.kind)
    limit = mention.value
    shown = bar.asked.text.strip()
    side = bar.side
    # Only the values on the claimed side, nearest the bar first. At the bar counts too:
    # "exceeded $5M" of a value shown as $5.0M is a rounding apart.
    values = index.values
    candidates: Iterable[SourceValue] = ()
    if side == ">" and values and values[-1].value >= limit:
        candidates = index.between(limit, values[-1].value)
    elif side == "<" and values and values[0].value <= limit:
        candidates = reversed(index.between(values[0].value, limit))
    # A figure with a scale word ("$5 million") is compared with the scaled values only; one
    # without ("exceeded 20,000") may mean the numbers as a table writes them too.
    views = ("both", "true") if mention.scale != 1 else ("both", "true", "written")
    witness = next(
        (
            v
            for v in candidates
            if kind_family(v.kind) == kind
            and v.view in views
            # a money bar is not met by a count in the prose ("two (2) years")
            and not (mention.kind == "money" and v.kind != "money" and v.table is None and v.span)
            and fits(v)
        ),
        None,
    )
    where = _WORDS[side]
    if witness is None and kind == "percent" and bar.moved:
        found = _growth_past(index, fits, limit, side, bar.moved == "down")
        if found is not None:
            (a, b), change = found
            formula = (
                f"% change {a.label or a.source_id} ({format_decimal(a.value)}) -> "
                f"{b.label or b.source_id} ({format_decimal(b.value)}) = "
                f"{format_decimal(change)}% is {where} the question's bar {shown}"
            )
            return True, Evidence("question", "question", formula, (a, b), limit), ""
    if witness is not None:
        formula = (
            f"{witness.label or witness.source_id} ({format_decimal(witness.value)}) is "
            f"{where} the question's bar {shown}"
        )
        return True, Evidence("question", "question", formula, (witness,), limit), ""
    formula = f"the question's bar {shown}: no source value is {where} it"
    message = f"no value of the sources is {where} the question's bar {shown}"
    if kind == "percent" and bar.moved:
        message = (
            f"no value of the sources, nor a row's change from one year to the next, is {where} "
            f"the question's bar {shown}"
        )
    return False, Evidence("question", "question", formula, (), limit), message


_GROWN = re.compile(
    r"(?i)\b(?:gr[eo]w\w*|growth|r[io]se[ns]?|rising|increas\w*|decreas\w*|declin\w*|f[ae]ll\w*"
    r"|drop\w*|shr[au]nk|chang\w*|up|down)\b"
)


_DOWN = re.compile(r"(?i)decreas|declin|f[ae]ll|drop|shr[au]nk|down")


def grown(text: str, start: int, end: int) -> Literal["up", "down"] | None:
    """Whether ``text[start:end]`` (the figure's clause before it) words a growth ("up") or a
    decline ("down"), or neither (None).

    >>> t = "Revenue grew by more than 5% in 2019."
    >>> grown(t, 0, t.index("5%")), grown("Margin was above 5%.", 0, 14)
    ('up', None)
    >>> grown("Income declined by more than 3%.", 0, 28)
    'down'
    """
    m = _GROWN.search(text, start, end)
    if m is None:
        return None
    return "down" if _DOWN.match(m.group(0)) else "up"


def _growth_past(
    index: ValueIndex, fits: Callable[[SourceValue], bool], limit: Decimal, side: Side, down: bool
) -> tuple[tuple[SourceValue, SourceValue], Decimal] | None:
    """The percent change of one row from a year to the next (the later year's value ``fits``
    the sentence) that lies on ``side`` of ``limit``, nearest it (``down``: the size of a
    decline); None when none does."""
    by_line: dict[tuple[object, ...], dict[int, SourceValue]] = {}
    for v in index.values:
        if v.table is None and v.field is None:
            continue
        p = period(v)
        if p is None or p[1] is not None or kind_family(v.kind) != "amount":
            continue
        line = (v.source_id, v.table, v.row_index if v.field is None else v.row, v.view)
        by_line.setdefault(line, {})[p[0]] = v
    best: tuple[Decimal, tuple[SourceValue, SourceValue], Decimal] | None = None
    for years in by_line.values():
        for year, b in years.items():
            a = years.get(year - 1)
            if a is None or not a.value or not fits(b):
                continue
            change = (b.value - a.value) / abs(a.value) * 100
            size = -change if down else change
            if ((size >= limit) if side == ">" else (size <= limit)) and (
                best is None or abs(size - limit) < best[0]
            ):
                best = (abs(size - limit), (a, b), change.quantize(Decimal("0.01")))
    return None if best is None else (best[1], best[2])


def quoted_label(
    mention: Mention, asked: Sequence[Mention], labels: Iterable[str]
) -> Evidence | None:
    """Evidence when ``mention`` repeats a number the question and a row or column label of the
    sources both write ("between 2-5 years" of a column "2-5 Years"), or a range a label writes
    ("the 18-34 band"), else None: the figure names a label, it states no value of the data.

    >>> asked = asked_figures("What are the obligations due in 2-5 years?")
    >>> t = "Obligations due in 2-5 years are $2,055 thousand."
    >>> quoted_label(extract(t)[0], asked, ["2-5 Years"]).formula
    "the question's 2-5 names the label '2-5 Years'"
    """
    key = (mention.value, mention.high, kind_family(mention.kind))
    # A range the answer writes as a label's ("the 18-34 band") needs no question to quote it:
    # ranges are rarely values of a table, and often its labels.
    if mention.high is None and all((q.value, q.high, kind_family(q.kind)) != key for q in asked):
        return None
    for label in labels:
        if any((m.value, m.high, kind_family(m.kind)) == key for m in _label_figures(label)):
            whose = "the question's " if asked else ""
            formula = f"{whose}{mention.text.strip()} names the label {label!r}"
            return Evidence("question", "label", formula, (), mention.value)
    return None


@lru_cache(maxsize=4096)  # a table's labels repeat across answers
def _label_figures(label: str) -> tuple[Mention, ...]:
    return tuple(m for m in extract(label) if m.kind != "year")
