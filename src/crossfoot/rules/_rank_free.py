"""A figure-free superlative of a named row: "North was the largest region", "Basic had the worst
churn rate", "Enterprise had the lowest churn" (gaps37).

No figure says it, so no number rule saw it, and a row that ranks elsewhere passed. When a
sentence with no figure names one row of a table before a superlative that ranks rows, or after
it ("The largest region was North"), the superlative being one of
:func:`crossfoot.language.extremes.extremes` ("highest", "largest", "smallest", "the most") or
of :func:`crossfoot.language.best_worst.best_worst` ("best" / "worst" before a row noun or a
rate), the row's cell must be the largest (or smallest) of its column over the table's rows,
totals ("Total", "All regions") aside. The column is the one the words after the superlative
name ("the highest churn rate", "the largest region by revenue"); else, after a noun that says
what the rows are ("region", "segment", "month": not "the largest expense"), the one column of
the year the sentence names, else the table's only column of figures. "Best" and "worst" rank by
the column's sense: more churn or cost is worse
(:func:`crossfoot.language.best_worst.lower_is_better`), so "the worst churn rate" is the
highest. An ordinal before the superlative ("the second-largest region", "the third highest
revenue") holds the row to that place instead (lead40; ties share a place). The superlative
becomes a claim: ``derived`` when the row ranks so (ties rank alike),
``contradicted`` naming the row that does. Left alone: a negated sentence, a table of fewer
than three rows, a column with a negative figure, a row the words do not name alone.

>>> from crossfoot import check
>>> t = "| Region | Sales |\\n|---|---|\\n| North | 2,500 |\\n| South | 950 |\\n| East | 1,250 |"
>>> check("North was the largest region.", [t]).claims[0].status
'derived'
>>> check("South was the largest region.", [t]).claims[0].status
'contradicted'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.language.best_worst import PERIOD_NOUNS, best_worst, lower_is_better
from crossfoot.language.extremes import ORDINALS, ROW_NOUNS, extremes, ordinals
from crossfoot.language.rank_free import may_rank_free
from crossfoot.language.rowtokens import required_tokens, root, tokens
from crossfoot.language.summary_lines import line_role
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._row_order import word_mention

__all__ = ["may_rank_free", "ranked_free"]

_NOT = re.compile(r"(?i)\b(?:not|never|no)\b|n't\b")
# The subject's verb right before the superlative: "North was the", "Basic had the".
_ORDS = "|".join(ORDINALS)  # (language.extremes' one list: "second", "3rd", ...)
_ORD = rf"(?:(?:{_ORDS})[\s-]+|[a-z]+-)?"  # (or "top-")
_VERB = re.compile(
    r"(?i)\b(?:was|is|were|are|remained|remains|became|ranked\s+as|had|has|posted|recorded|"
    r"reported|generated|showed|saw|delivered|drove)\s+(?:the|our)\s+" + _ORD + "$"
)
# "The largest region was North": the sentence opens with the superlative, the row after a verb.
_OPENS = re.compile(r"(?i)^\s*(?:the|our)\s+" + _ORD + "$")
_ORDINAL_AT = re.compile(rf"(?i)\b(?:{_ORDS})[\s-]+$")
_THEN = re.compile(r"(?i)[^.;,]{0,40}?\s(?P<verb>was|is|remained|were)\s+(?P<row>.+)$")
_CLAUSE_END = re.compile(r"[,;:(]|\b(?:and|while|but|whereas|with|at)\b")
# The noun right after the superlative, when no column is named: what the rows are.
_NOUN = re.compile(r"\s*(?:[a-z]+[\s-]+)?([A-Za-z]+)")
_ROW_NOUNS = ROW_NOUNS | PERIOD_NOUNS | {"plan", "tier", "product", "year"}
_SUMMED = ("whole", "subtotal")  # a table's total lines (language.summary_lines)


def ranked_free(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claim of the sentence's figure-free superlative of a named row (module docstring),
    or none."""
    sentence = text[s.start : s.end]
    words = [(a, b, h, False, 1) for a, b, h in extremes(sentence, 0, len(sentence))]
    words += [(a, b, h, True, 1) for a, b, h in best_worst(sentence, 0, len(sentence))]
    words += [(a, b, h, False, n) for a, b, h, n in ordinals(sentence, 0, len(sentence))]
    if len(words) != 1 or _NOT.search(sentence):
        return []
    start, end, high, judged, place = words[0]
    subject, after = _subject(sentence, start, end)
    row = _one_row(subject, values) if subject else None
    if row is None:
        return []
    column = _column(row, after, sentence, values)
    if column is None:
        return []
    peers = _peers(row, column, values)
    if len(peers) < 3 or any(v.value < 0 for v in peers.values()):
        return []
    own = peers.get(row[2])
    if own is None:
        return []
    if judged and lower_is_better(own.column):
        high = not high  # "the worst churn rate": the highest
    ranked = sorted(peers.values(), key=lambda v: v.value, reverse=high)
    if place > 1:  # "the second-largest region": the word from its ordinal on
        start = _ORDINAL_AT.search(sentence, 0, start).start()  # type: ignore[union-attr]
    word = sentence[start:end]
    mention = word_mention(word, s.start + start, len(peers))
    formula = f"{own.column} over {len(peers)} rows: " + ", ".join(
        f"{v.row} {format_decimal(v.value)}" for v in peers.values()
    )
    ev = Evidence("extremes", "rank", formula, tuple(peers.values()))
    if place > len(ranked):  # ("the fifth-largest" of four rows: no row ranks so)
        message = f'"{word}" says {own.row}, but {own.column} ranks only {len(ranked)} rows'
        return [Claim(mention, s, "contradicted", ev, message)]
    top = ranked[place - 1]
    if own.value == top.value:
        return [Claim(mention, s, "derived", ev)]
    side = ("highest" if high else "lowest") if place == 1 else word
    message = (
        f'"{word}" says {own.row}, but the {side} {own.column} is {top.row}\'s '
        f"({format_decimal(top.value)}; {own.row} {format_decimal(own.value)})"
    )
    return [Claim(mention, s, "contradicted", ev, message)]


def _subject(sentence: str, start: int, end: int) -> tuple[str, str]:
    """(the words naming the row, the words after the superlative naming the column): "North
    was the largest region by sales", or "The largest region by sales was North"."""
    verb = _VERB.search(sentence, 0, start)
    if verb is not None:
        after = sentence[end:]
        cut = _CLAUSE_END.search(after)
        return sentence[: verb.start()], after[: cut.start()] if cut else after
    if not _OPENS.match(sentence[:start]):
        return "", ""
    then = _THEN.match(sentence, end)
    if then is None:
        return "", ""
    rest = then.group("row")
    cut = _CLAUSE_END.search(rest)
    return rest[: cut.start()] if cut else rest, sentence[end : then.start("verb")]


def _cells(values: Sequence[SourceValue]) -> list[SourceValue]:
    return [
        v
        for v in values
        if v.table is not None
        and v.row
        and v.row_index is not None
        and v.col_index is not None
        and v.kind != "year"
        and v.view != "true"
    ]


def _one_row(subject: str, values: Sequence[SourceValue]) -> tuple[str, int | None, int] | None:
    """(source, table, row index) of the one row the subject names in full (the fullest)."""
    said = frozenset(tokens(subject))
    if not said:
        return None
    best: dict[tuple[str, int | None, int], int] = {}
    sizes: dict[str, int] = {}
    for v in _cells(values):
        size = sizes.get(v.row or "")
        if size is None:
            req = required_tokens(v.row or "")
            size = sizes[v.row or ""] = len(req) if req and req <= said else 0
        if size:
            best[(v.source_id, v.table, v.row_index)] = size  # type: ignore[index]
    if not best:
        return None
    most = max(best.values())
    rows = [k for k, n in best.items() if n == most]
    return rows[0] if len(rows) == 1 else None


def _column(
    row: tuple[str, int | None, int], after: str, sentence: str, values: Sequence[SourceValue]
) -> int | None:
    """The column of the row's table the superlative ranks (module docstring)."""
    own = [v for v in _cells(values) if (v.source_id, v.table, v.row_index) == row]
    columns = {v.col_index: v for v in own}
    if not columns:
        return None
    said = {root(t) for t in tokens(after)}
    named = [j for j, v in columns.items() if said & {root(t) for t in tokens(v.column or "")}]
    if len(named) == 1:
        return named[0]
    noun = _NOUN.match(after)
    if named or noun is None or noun[1].lower().rstrip("s") not in _ROW_NOUNS:
        return None  # ("the largest expense": which rows are expenses is not known)
    years = {int(y) for y in YEAR.findall(sentence)}
    dated = [j for j, v in columns.items() if v.year is not None and v.year in years]
    if years:
        return dated[0] if len(dated) == 1 else None
    return next(iter(columns)) if len(columns) == 1 else None


def _peers(
    row: tuple[str, int | None, int], column: int, values: Sequence[SourceValue]
) -> dict[int, SourceValue]:
    """The column's cell of each row of the table, totals aside, by row index."""
    out: dict[int, SourceValue] = {}
    for v in _cells(values):
        if (v.source_id, v.table, v.col_index) != (row[0], row[1], column):
            continue
        if v.row_index in out or line_role(v.row) in _SUMMED:
            continue  # ("Total", "All regions": the rows' sum, not a row among them)
        out[v.row_index] = v  # type: ignore[index]
    return out
