"""trace's result-row path for sentences that are not plain cells (speed only).

:mod:`crossfoot.front.trace_fast` decides answers whose every sentence states cells of the rows
it names. This module decides three more kinds of figure over the same small result sets, each
as the engine decides it, and hands the answer to the engine otherwise:

- a figure no value of :class:`~crossfoot.front.trace_reach.Reach` approaches: ``unsupported``
  ("We also saw 123,457 events", with the engine's message);
- a figure that only a column's total or mean over every row reaches, and no cell: ``derived``
  by rule ``rowsums`` ("Together revenue reached 182,643, a mean of 91,322"), in a sentence that
  names no row, or gathers rows ("together", "in total": rowsums' own reading), and names no
  other column;
- a percentage that only the percent change of two cells the answer stated before reaches, in
  "<row> was 79.5% below <row>" with the direction the cells show: ``derived`` by rule ``steps``
  over those two grounded figures ("order unknown: magnitude only", the engine's note).

The sentence's words are the path's words (:data:`~crossfoot.front.trace_fast.WORDS`), column
names, and plain words no rule reads (not a movement, an operation, a bound, an approximation, a
period, a scale or unit, a rank, a share or a row label's word; lowercase, or capitalised first).

>>> from crossfoot.front.trace_fast import quick_trace
>>> rows = [{"region": "North", "orders": 4820}, {"region": "South", "orders": 3150}]
>>> r = quick_trace("North had 4,820 orders. Together orders reached 7,970.", rows, None)
>>> [c.evidence.formula for c in r.claims if c.evidence]
['[Q1] orders[North] = 4,820', 'sum of orders over 2 rows = 7,970']
"""

from __future__ import annotations

import re
from bisect import bisect_left
from decimal import Decimal
from typing import Any

from crossfoot.front.trace_figures import figure_item
from crossfoot.front.trace_keep import RANK_WORDS
from crossfoot.front.trace_reach import Forms, Reach, steps_other
from crossfoot.front.trace_rowset import WORDS, Rows, label_at
from crossfoot.front.trace_scope import reach_of
from crossfoot.language.direction import direction_words
from crossfoot.language.operation_words import may_operate
from crossfoot.model.types import (
    Claim,
    Evidence,
    Mention,
    Sentence,
    SourceValue,
    format_decimal,
)
from crossfoot.rules._derive_shared import _OPEN, _odd_last_digit
from crossfoot.rules._rowsums_tables import fmt_total
from crossfoot.rules.rowsums import _GATHER as _GATHERING

__all__ = ["Answer", "derived_sentence"]

_MESSAGE = "no source value or derivation matches at the stated precision"
# The answer's tokens as trace_fast reads them, but a figure never ends in a comma ("182,643,"
# is a figure and a comma).
TOKEN = re.compile(r"(\$?\d(?:[\d,]*\d)?(?:\.\d+)?[MBk]?)|([A-Za-z]+)('s)?|(\S)")
_HUNDRED = Decimal(100)
#: Words a rule reads (a bound, an approximation, a scale, a unit, a period, a share, a count of
#: rows, an operation, a superlative; trace's filter of what is a claim reads the time units and
#: superlatives after a figure, ``front.trace_keep``): a sentence holding one goes to the
#: engine. Movements and operations are
#: read by the engine's own word gates (``direction_words``, ``may_operate``) as well.
_READ = frozenset(
    """
    about around approximately approx roughly nearly almost close some over under above below
    beyond least most more less than fewer greater smaller larger exceed exceeded exceeds
    exceeding surpassed topped only just exactly precisely estimated estimate circa
    million millions billion billions thousand thousands trillion mn bn mm percent percentage
    pct point points bps basis pp times fold twice double doubled triple tripled half halved
    third thirds quarter quarters fifth fifths tenth dozen hundred hundreds year years annual
    annually yearly quarterly monthly weekly daily fiscal period periods month months week weeks
    day days hour hours since until through between from to by per each every all both either
    neither none no not never except excluding including include includes share shares ratio
    ratios margin margins yield return returns growth change changes net gross total totals sum
    combined altogether overall cumulative whole entire aggregate averaged median outside apart
    aside besides counting
    rows row record records entries count counts counted number numbers rank ranked then same
    equal equals versus vs against compared respectively while whereas but however instead
    difference gap lead led beat trail trailed behind ahead remaining rest remainder other others
    another apiece cent seconds second minutes minute decades decade yrs yr mos
    mo largest biggest smallest highest lowest best worst top bottom leading strongest weakest
    fastest slowest
    """.split()
)
#: Words that gather rows for rowsums (``rules.rowsums._GATHER``): a column total may then be
#: stated in a sentence that names rows.
_GATHER = frozenset({"together", "mean", "average"})
_LINKS = frozenset({"was", "is"})
_PERCENTS = frozenset({"percent", "pp"})
_SIDES = frozenset({"below", "above"})


class Answer:
    """One answer over one result set, as the derived sentences read it: its tokens read once
    (row labels, words, figures with their readings, signs), and the values the engine could
    derive (made when a sentence first asks)."""

    __slots__ = ("_reach", "items", "starts", "table", "text")

    def __init__(self, text: str, table: Rows) -> None:
        self.text = text
        self.table = table
        self._reach: Reach | bool | None = False
        # (kind, start, what): "label" (row index, label), "word" (word, with "'s"), "figure"
        # (mention, its forms), "sign" (the character); None for a figure the path does not
        # read
        self.items: list[tuple[str, int, Any]] | None = _items(text, table)
        self.starts = [it[1] for it in self.items] if self.items is not None else []

    def cells_may(self, sentence: Sentence) -> bool:
        """Whether ``sentence`` may be plain cells (trace_fast's reading): it names a row, or
        states no figure (True when the answer could not be read)."""
        if self.items is None:
            return True
        lo = bisect_left(self.starts, sentence.start)
        hi = bisect_left(self.starts, sentence.end)
        kinds = {it[0] for it in self.items[lo:hi]}
        return "label" in kinds or "figure" not in kinds

    def reach(self) -> Reach | None:
        if self._reach is False:
            self._reach = _reach_of(self)
        return self._reach  # type: ignore[return-value]


def _items(text: str, table: Rows) -> list[tuple[str, int, Any]] | None:
    tokens = list(TOKEN.finditer(text))
    out: list[tuple[str, int, Any]] = []
    append = out.append
    i = 0
    n = len(tokens)
    first = table.first
    while i < n:
        tok = tokens[i]
        number, word, owned, sign = tok.groups()
        start = tok.start()
        if word is not None:
            if word in first:
                label, after = label_at(tokens, i, table)
                if label is not None:
                    # (the first row of the label: labels are unique)
                    append(("label", start, (table.labels.index(label), label)))
                    i = after
                    continue
            append(("word", start, (word, owned is not None)))
        elif number is not None:
            if not _alone(text, start, tok.end()):
                return None
            figure = figure_item(text, tokens, i)
            if figure is None:
                return None
            append(("figure", start, figure))
            if figure[0].kind == "percent":
                i += 1  # (its "%")
        else:
            append(("sign", start, sign))
        i += 1
    return out


def _reach_of(answer: Answer) -> Reach | None:
    """The answer's :class:`Reach` (:func:`~crossfoot.front.trace_scope.reach_of`)."""
    return reach_of(answer.table, answer.items or (), answer.text)


def derived_sentence(answer: Answer, sentence: Sentence, out: list[Claim]) -> bool:
    """The claims of one sentence that is not plain cells, appended to ``out``; False when the
    path cannot decide it (see the module docstring)."""
    if answer.items is None:
        return False
    table = answer.table
    lo = bisect_left(answer.starts, sentence.start)
    hi = bisect_left(answer.starts, sentence.end)
    items = answer.items[lo:hi]
    labels: list[tuple[str, int]] = []  # (label, item index)
    figures: list[tuple[Any, int]] = []  # ((mention, forms, wide, tight), item index)
    columns: set[int] = set()
    gather = False
    for k, (kind, _, what) in enumerate(items):
        if kind == "label":
            labels.append((what[1], k))
        elif kind == "word":
            word, owned = what
            if owned:
                return False
            low = word.lower()
            if word != low and (k or word[1:] != word[1:].lower()):
                return False  # (a capital inside the sentence: a name the path does not know)
            if word in table.columns:
                columns.add(table.columns.index(word))
            elif low in _SIDES and labels:
                pass  # (read by the comparison below)
            elif low in _GATHER:
                gather = True  # (rowsums' reading: a total of every row may be meant)
            elif not _plain(low, table):
                return False
        elif kind == "figure":
            figures.append((what, k))
        elif what not in ",.":
            return False
    if not figures:
        return False
    compared = _comparison(items, labels) if labels else None
    if labels and compared is None:
        return False
    reach = answer.reach()
    if reach is None:
        return False
    # (rowsums reads the rows a sentence names and its words that gather rows)
    bare = not labels and _GATHERING.isdisjoint(
        w[0].lower() for kind, _, w in items if kind == "word"
    )
    for (m, *read), k in figures:
        if compared is not None and k == compared[2]:
            claim = _percent_change(reach, sentence, m, read, compared, out)
        else:
            claim = _other(table, reach, sentence, m, read, columns, bool(labels), gather, bare)
        if claim is None:
            return False
        out.append(claim)
        if claim.status == "derived":
            # (steps pairs figures of one class: amounts with amounts, percentages with
            # percentages, rules._steps_math._cls)
            percent = m.kind == "percent"
            grounded = [
                (float(c.mention.value), _rounding(c))
                for c in out[:-1]
                if c.passed and (c.mention.kind in _PERCENTS) == percent
            ]
            reach.ground(float(m.value), _rounding(claim), grounded)
    return True


def _rounding(c: Claim) -> float:
    """A grounded figure's own rounding as ``steps`` reads it: none when the source states it
    exactly or it states its derivation's exact result."""
    ev = c.evidence
    exact = c.status == "supported_exact" or (
        c.status == "derived" and ev is not None and ev.result == c.mention.value
    )
    return 0.0 if exact else float(c.mention.precision)


def _alone(text: str, start: int, end: int) -> bool:
    """A figure standing alone: a space before it; after it "%", a space, or a comma or a full
    stop that ends the text or comes before a space."""
    if start == 0 or text[start - 1] != " ":
        return False
    after = text[end : end + 1]
    return after in ("", " ", "%") or (after in ",." and text[end + 1 : end + 2] in ("", " "))


_PLAIN: dict[str, bool] = {}


def _plain(word: str, table: Rows) -> bool:
    """Whether no rule reads ``word`` and it is no row label's or column's word."""
    if word in WORDS:
        return True
    if word in table.words:
        return False
    known = _PLAIN.get(word)
    if known is None:
        known = (
            len(word) > 1
            and word not in _READ
            and word not in RANK_WORDS
            and not direction_words(word, 0, len(word))
            and not may_operate(word)
        )
        if len(_PLAIN) > 4096:
            _PLAIN.clear()
        _PLAIN[word] = known
    return known


def _comparison(
    items: list[tuple[str, int, Any]], labels: list[tuple[str, int]]
) -> tuple[str, str, int, bool] | None:
    """``(row A, row B, the percentage's item, "below")`` of "A was 79.5% below B." at the
    sentence's end, the only labels of the sentence; None for any other shape."""
    if len(labels) != 2:
        return None
    (a, ia), (b, ib) = labels
    # A, was|is, a percentage, below|above, B, then nothing but a full stop
    if ib != ia + 4 or any(it != ("sign", it[1], ".") for it in items[ib + 1 :]):
        return None
    link, figure, side = items[ia + 1 : ib]
    if link[0] != "word" or link[2][0] not in _LINKS or side[0] != "word":
        return None
    if side[2][0] not in _SIDES or figure[0] != "figure" or figure[2][0].kind != "percent":
        return None
    return a, b, ia + 2, side[2][0] == "below"


def _interval(m: Mention) -> tuple[Decimal, Decimal]:
    """The engine's window of true values for the figure (``claim_interval``: no bound word,
    no flat tolerance on the path)."""
    w = m.precision
    lo, hi = m.value - w, m.value + w
    if _odd_last_digit(m.value, w):
        hi -= w * _OPEN
    return lo, hi


def _other(
    table: Rows,
    reach: Reach,
    sentence: Sentence,
    m: Mention,
    read: list[Forms],
    columns: set[int],
    named: bool,
    gather: bool,
    bare: bool,
) -> Claim | None:
    """A figure outside the comparison: ``unsupported`` when nothing approaches it, a column's
    total or mean when only that does, else None."""
    forms_, wide, tight = read
    cells, sums, rest = reach.tiers(forms_, wide, tight, bare)
    if cells:
        return None
    if not sums:
        if rest:
            return None
        return Claim(m, sentence, "unsupported", message=_MESSAGE)
    if m.currency is not None or m.kind != "number" or (named and not gather):
        return None
    if max(sums) - min(sums) > 1e-9 * max(sums):
        return None  # two values of rowsums near: its own preference decides
    lo, hi = _interval(m)
    for kind, values in (("column_sum", reach.sums), ("column_mean", reach.means)):
        found = [j for j, v in enumerate(values) if lo <= v <= hi]
        if len(found) > 1:
            return None
        if found:
            j = found[0]
            if columns and columns != {j}:
                return None
            return Claim(m, sentence, "derived", _column_evidence(table, j, kind, values[j]))
    return None


def _column_evidence(table: Rows, j: int, kind: str, value: Decimal) -> Evidence:
    column = table.columns[j]
    n = len(table.labels)
    cells = tuple(_cell(table, i, j) for i in range(n)) if n <= 25 else ()
    if kind == "column_sum":
        formula = f"sum of {column} over {n} rows = {format_decimal(value)}"
    else:
        formula = f"mean of {column} over {n} rows = {fmt_total(value)}"
    return Evidence("rowsums", kind, formula, cells, value)


def _cell(table: Rows, i: int, j: int) -> SourceValue:
    """The cell of row ``i``, column ``j`` as the path's claims give it (``trace_fast``)."""
    row, column = table.labels[i], table.columns[j]
    return SourceValue(
        Decimal(table.values[j][i]), "Q1", "number", f"{column}[{row}]", row=row, column=column
    )


def _percent_change(
    reach: Reach,
    sentence: Sentence,
    m: Mention,
    read: list[Forms],
    compared: tuple[str, str, int, bool],
    out: list[Claim],
) -> Claim | None:
    """ "A was 79.5% below B": the percent change of the two cells of A and B the answer stated
    last (rule ``steps`` over its grounded figures), when nothing else approaches it."""
    forms_, wide, tight = read
    cells, sums, rest = reach.tiers(forms_, wide, tight)
    if cells or sums or not rest:
        return None
    a, b, _, below = compared
    pool = [
        c
        for c in out
        if c.passed and c.sentence.index >= sentence.index - 2 and c.mention.start < m.start
    ][-12:]
    lo, hi = m.value - m.precision, m.value + m.precision
    # (a pair whose change in floats is clearly outside the window is not read in decimals)
    flo, fhi = float(lo), float(hi)
    flo, fhi = flo - 1e-9 * abs(flo) - 1e-9, fhi + 1e-9 * abs(fhi) + 1e-9
    sizes = [float(c.mention.value) for c in pool]
    hits: list[tuple[Claim, Claim, Decimal]] = []
    for x, fx in zip(pool, sizes, strict=True):
        for y, fy in zip(pool, sizes, strict=True):
            if x is y or not fx or not flo <= abs(100 * (fy - fx) / fx) <= fhi:
                continue
            vx, vy = x.mention.value, y.mention.value
            if lo <= abs(_HUNDRED * (vy - vx) / abs(vx)) <= hi:
                hits.append((x, y, _HUNDRED * (vy - vx) / abs(vx)))
    if len(hits) != 1:
        return None
    base, other, r = hits[0]
    if (
        not (_cell_of(base, b) and _cell_of(other, a))
        or (other.mention.value < base.mention.value) != below
    ):
        return None
    size = abs(float(r))
    if any(abs(v - size) > 1e-9 * size for v in rest):
        # another derivation approaches it too: the engine's turn, unless only a rule after
        # steps makes it (steps' verdict comes first)
        grounded = [(float(c.mention.value), _rounding(c)) for c in out if c.passed]
        if steps_other(grounded, forms_, size):
            return None
    shown = format_decimal(r.quantize(Decimal("0.0001")).normalize())
    formula = f"% change {_said(base)} -> {_said(other)} = {shown}%"
    operands: list[SourceValue] = []
    for c in (base, other):
        if c.evidence is not None:
            operands.extend(v for v in c.evidence.operands if v not in operands)
    evidence = Evidence(
        "steps", "percent_change", formula, tuple(operands), r, "order unknown: magnitude only"
    )
    return Claim(m, sentence, "derived", evidence)


def _cell_of(c: Claim, row: str) -> bool:
    """Whether ``c`` states exactly the one cell of ``row`` (a figure as the cell writes it)."""
    ev = c.evidence
    return (
        c.status == "supported_exact"
        and ev is not None
        and ev.kind == "cell"
        and c.mention.scale == 1
        and len(ev.operands) == 1
        and ev.operands[0].row == row
    )


def _said(c: Claim) -> str:
    return f"{c.mention.text.strip()} (sentence {c.sentence.index + 1})"
