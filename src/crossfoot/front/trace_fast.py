"""trace's result-row path: answers that state cells of the rows they name (speed only).

Most sentences an analytics assistant writes from a small query result state cells: "North had
4,820 orders and South had 3,150." The engine reads such an answer as it reads any other (the
rows indexed as sources, every figure through the rules, the row checks after them), ~10x the
cost of a row checker that compares numbers. This path decides such answers from compact
per-column arrays of the rows and builds the report the engine would build; every answer it
cannot decide whole goes to the engine unchanged (:func:`quick_trace` returns ``None``).

The gate is narrow on purpose, and every part of it is a condition under which the engine's
report is known (``tests/test_trace_fast.py`` proves the two equal on generated result sets and
sentences, right and wrong figures, with and without comparison words):

- the rows: one list of 2 to :data:`MAX_ROWS` plain dicts with the same keys in the same order;
  the first column text labels (letters, digits, single spaces; unique; no word the engine reads
  as a period, a total or a comparison), every other column ``int`` cells under a one-word
  lowercase name;
- the answer: letters, digits, spaces, commas, full stops and the apostrophe of "'s" only; its
  words are row labels, column names and the plain verbs and linking words of :data:`WORDS`
  (no comparison, movement, operation, aggregate, bound or approximation word can pass);
- each figure: a whole number written as the cell is ("4,820", "52"), or with a scale letter
  ("$4.82M", "61.2k", at most 2% of it in rounding) rounding exactly one cell of the whole
  result set with no other cell near; "$" only for a cell of a money column
  (:data:`MONEY_COLUMNS`); preceded in its sentence by a row label (the last one before it is
  its row; not right after it, and no label right after a figure), equal to exactly one cell of
  the whole result set, that cell in its row and in the column named in that row's stretch of
  the sentence (or, when the stretch names none, the one the sentence names; two: the engine's
  turn); no two labels without a figure between them, no label after the last figure.
- the labels: none inside another ("Andes" and "Juniper Andes" go to the engine).

The report is the engine's for such an answer: every figure ``supported_exact`` (or
``supported_rounded`` for a rounded one) by rule ``direct`` (kind ``cell``). A sentence this
reading cannot decide goes to :mod:`crossfoot.front.trace_derived` (column totals and means, a
percent difference of two stated cells, a figure nothing reaches: ``unsupported`` as the engine
words it); when that cannot decide it either, the whole answer goes to the engine.

>>> rows = [{"region": "North", "orders": 4820}, {"region": "South", "orders": 3150}]
>>> quick_trace("North had 4,820 orders and South had 3,150.", rows, None).counts()
{'supported_exact': 2}
>>> quick_trace("North had 3,150 orders.", rows, None) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from crossfoot.front.trace_derived import Answer, derived_sentence
from crossfoot.front.trace_rowset import (
    DIGIT,
    MAX_ROWS,
    MONEY_COLUMNS,
    WORDS,
    Rows,
    label_at,
    read,
)
from crossfoot.front.trace_rowset import mention as figure_of
from crossfoot.language.sentences import split_sentences
from crossfoot.model.options import Options
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, Status
from crossfoot.report.result import Report

__all__ = ["MAX_ROWS", "MONEY_COLUMNS", "ON", "WORDS", "quick_trace"]

#: Whether the path is taken at all (the tests turn it off to compare with the engine).
ON = [True]
_TEXT = re.compile(r"[A-Za-z0-9 ,.'$%]{1,2000}\Z")
# The answer's tokens: a figure (a whole number as the cell writes it, or anything with a digit,
# read as a bad figure below), a word with an optional "'s", or a single sign.
_TOKEN = re.compile(r"(\$?\d[\d,]*(?:\.\d+)?[MBk]?)|([A-Za-z]+)('s)?|(\S)")


def _sentence_claims(
    text: str, sentence: Sentence, table: Rows, out: list[Claim], shared: list[str]
) -> bool:
    """The claims of one sentence, appended to ``out``; False when the path cannot decide it.
    ``shared`` gets the row of each figure read by :func:`_named_cell`."""
    tokens = list(_TOKEN.finditer(text, sentence.start, sentence.end))
    named: list[set[int]] = [set()]  # the columns each label's stretch names (0: before any)
    row: str | None = None
    figured = True  # (a figure since the last label)
    found: list[tuple[re.Match[str], str, set[int]]] = []
    i = label_end = 0
    while i < len(tokens):
        tok = tokens[i]
        number, word, sign = tok.group(1), tok.group(2), tok.group(4)
        if word is not None:
            label = None
            if word in table.first:
                label, i = label_at(tokens, i, table)
            if label is not None:
                if not figured:
                    return False  # two labels without a figure between them
                start = i - label.count(" ") - 1
                if start and tokens[start - 1].group(1) is not None:
                    return False  # ("52 EUR": a label right after a figure reads as its unit)
                row, figured, label_end = label, False, i
                named.append(set())
                continue
            if tok.group(3) is not None:
                return False
            if word in table.columns:
                named[-1].add(table.columns.index(word))
            elif word.lower() not in WORDS:
                return False
        elif number is not None:
            if row is None or not _spaced(text, tok):
                return False
            if i == label_end or tokens[i - 1].group(1) is not None:
                return False  # ("North 4,820": a figure right after a label or a figure)
            found.append((tok, row, named[-1]))
            figured = True
        elif sign not in ",." or not i or (sign == "," and tokens[i - 1].group(1) is not None):
            return False  # ("4,820, 3,150": a list the engine reads on its own)
        i += 1
    if not figured:
        return False
    return _cells(found, set().union(*named), table, sentence, out, shared)


def _spaced(text: str, tok: re.Match[str]) -> bool:
    """A figure standing alone: a space before it, and a space, a full stop or the end after."""
    start, end = tok.span()
    if start == 0 or text[start - 1] != " ":
        return False
    after = text[end : end + 1]
    return after in ("", " ") or (after == "." and text[end + 1 : end + 2] in ("", " "))


def _cells(
    found: list[tuple[re.Match[str], str, set[int]]],
    named: set[int],
    table: Rows,
    sentence: Sentence,
    out: list[Claim],
    shared: list[str],
) -> bool:
    """The claims of the figures ``found`` (each with the row its sentence names and the columns
    named in that row's stretch of it), appended to ``out``; False when one is not the cell of
    its row the path can tell. A stretch naming no column takes the sentence's one (``named``);
    naming two, or naming none in a sentence naming two, goes to the engine."""
    for tok, row, own in found:
        columns = own or named
        if len(columns) > 1:
            return False
        mention = figure_of(tok)
        if mention is None:
            return False
        cell = _cell_of(mention, table)
        if cell is None and len(columns) == 1 and mention.scale == 1 and NAMED_CELL[0]:
            cell = _named_cell(int(mention.value), row, next(iter(columns)), table, tok.string)
            shared.append(row)
        if cell is None:
            return False
        at_row, col, value = cell
        column = table.columns[col]
        if at_row != row or (columns and col not in columns):
            return False
        if mention.currency is not None and column not in MONEY_COLUMNS:
            return False
        exact = Decimal(value)
        label = f"{column}[{row}]"
        source = SourceValue(exact, "Q1", "number", label, row=row, column=column)
        evidence = Evidence("direct", "cell", f"[Q1] {label} = {value:,}", (source,), exact)
        status: Status = "supported_exact" if exact == mention.value else "supported_rounded"
        out.append(Claim(mention, sentence, status, evidence))
    return True


def _cell_of(mention: Mention, table: Rows) -> tuple[str, int, int] | None:
    """The one cell (row label, column index, value) the figure states: equal to it, or for a
    figure with a scale within its rounding (strictly), with no other cell anywhere near."""
    value, precision = mention.value, mention.precision
    if mention.scale == 1:
        place = table.place(int(value))
        return (*place, int(value)) if place is not None else None
    if precision * 50 > value:
        return None  # ("6k" of 6,241: too coarse a figure for the engine's rounding)
    near = 3 * precision + abs(value) / 50
    found: tuple[str, int, int] | None = None
    for cell, count in table.values_near(value - near, value + near):
        if found is not None or count != 1 or abs(cell - value) >= precision:
            return None
        place = table.place(cell)
        if place is None:
            return None
        found = (*place, cell)
    return found


#: Whether a whole figure that several cells hold is read as its row's cell in the column its
#: stretch names (speed only; the tests switch it off).
NAMED_CELL = [True]


def _named_cell(
    value: int, row: str, col: int, table: Rows, text: str
) -> tuple[str, int, int] | None:
    """The cell of row ``row`` in column ``col`` when it holds ``value``, no other cell of its
    row does, and no row holding it elsewhere is named in ``text`` (a label within it, in any
    case: the engine's sources hold the rows an answer names)."""
    i = table.labels.index(row)
    if table.values[col][i] != value:
        return None
    if sum(column[i] == value for column in table.values) != 1:
        return None
    low = text.lower()
    for column in table.values:
        at = -1
        for _ in range(column.count(value)):
            at = column.index(value, at + 1)
            if at != i and table.labels[at].lower() in low:
                return None
    return row, col, value


def quick_trace(
    text: str,
    rows: Any,
    options: Callable[[int], Options] | None = None,
    recheck: Callable[..., Report] | None = None,
) -> Report | None:
    """The report of ``text`` over ``rows`` when the path decides every figure of it, else None
    (the engine's turn). See the module docstring for the gate. ``options(width)`` makes the
    report's options for a result set of ``width`` columns; ``recheck`` is the report's re-check
    of another answer (:meth:`~crossfoot.report.result.Report.coincidence`)."""
    if not ON[0] or type(text) is not str or not _TEXT.match(text) or not DIGIT.search(text):
        return None
    table = read(rows)
    if table is None:
        return None
    claims: list[Claim] = []
    shared: list[str] = []  # (rows of figures other cells hold too: see below)
    answer: Answer | None = None
    for sentence in split_sentences(text, [], _no_source):
        n = len(claims)
        # (a figure in a sentence naming no row is no cell of its own: read as derived at once)
        if (answer is None or answer.cells_may(sentence)) and _sentence_claims(
            text, sentence, table, claims, shared
        ):
            continue
        del claims[n:]
        if answer is None:  # (sums, means, comparisons, figures nothing reaches)
            answer = Answer(text, table)
        if not derived_sentence(answer, sentence, claims):
            return None
    if not claims or (shared and answer is not None):
        # (a figure several cells hold, read as its row's: in an answer of cells only; the
        # derived readings assume the cells the answer states are the only ones of their value)
        return None
    made = None if options is None else options(len(table.columns) + 1)
    return Report(text, tuple(claims), (), (), made, recheck)


def _no_source(token: str) -> None:
    return None
