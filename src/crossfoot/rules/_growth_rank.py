"""A row said to grow fastest (or to have the biggest increase) must: "North grew fastest, up
12.2%" over a table where West grew 22.2%.

The figure is a change of one row between two columns, a row the sentence names: its percentage
change or its difference. Each other row's change between the same two columns, in the same way,
is its peer; at least two peers, none from a non-positive base for a percentage, total and
average lines aside. When a peer's change goes past the figure's in the superlative's sense, the
figure is ``contradicted`` and the message names that row. A table with its periods down, and a
superlative followed by a year ("grew fastest in 2024"), may rank the periods: left alone.
Called by :mod:`crossfoot.rules.extremes` for a superlative whose figure is such a change.

The same holds for a rate of one row, the quotient of two of its cells: "Widgets had the
highest return rate at 4.0%" (returns over units) when Gizmos's returns over units make 6.0%.
Each other row's quotient of the same two columns is its peer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal

from crossfoot.language.changewords import FALL_VERBS, RISE_VERBS
from crossfoot.language.changewords import words as move_words
from crossfoot.language.extremes import ASIDE as _ASIDE
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.sources.rows_label_match import label_search

__all__ = ["growth_misranked", "moved_sense"]

_HUNDRED = Decimal(100)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_UNIT_AFTER = re.compile(r"\s*\([^()]*\)\s*$")


def growth_misranked(
    ev: Evidence,
    values: Sequence[SourceValue],
    word: str,
    high: bool,
    sentence: str,
    after: str,
    head: str = "",
) -> str | None:
    """The message when another row's change goes past the evidence's, else None; ``after``:
    the words after the superlative, ``head``: the clause's words before it."""
    if ev.kind in _RATES and len(ev.operands) == 2:
        return _rate_misranked(ev, values, word, high, sentence, after)
    if ev.kind not in ("percent_change", "difference") or len(ev.operands) != 2:
        return None
    a, b = ev.operands
    if a.table is None or a.table != b.table or a.source_id != b.source_id or not a.row:
        return None
    if a.row_index is None or a.row_index != b.row_index or a.col_index == b.col_index:
        return None
    if not _rows_ranked(a, word, sentence, after, values):
        return None
    own = _change(ev.kind, a.value, b.value)
    if own is None:
        return None
    # (a base of zero or below: no rate to rank)
    peers = _peers(values, a, a.col_index, b.col_index, lambda x, y: _change(ev.kind, x, y))
    if peers is None or len(peers) < 2:
        return None
    sense = moved_sense(after, head)
    if sense is not None:
        # "the smallest gain" ranks the rows that gained, "the largest decline" the rows that
        # fell, the largest being the most negative (the table still has three rows or more)
        if own == 0 or (own > 0) != (sense > 0):
            return None
        peers = [p for p in peers if p[0] != 0 and (p[0] > 0) == (sense > 0)]
        high = high if sense > 0 else not high
        if not peers:
            return None
    top, v = max(peers, key=lambda p: p[0] if high else -p[0])
    if (top > own) if high else (top < own):
        unit = "%" if ev.kind == "percent_change" else ""
        return (
            f"{a.row}'s change is not the {word}: {v.row} changed by {_shown(top)}{unit} "
            f"against {_shown(own)}{unit}"
        )
    return None


# A movement the superlative ranks: "the largest decline", "fell the most" (-1); "the smallest
# gain", "grew the slowest" (+1). The noun right after the superlative is read first.
_FALL = move_words(FALL_VERBS, r"loss(?:es)?")  # (language.changewords: one list)
_RISE = move_words(RISE_VERBS)


def moved_sense(after: str, head: str) -> int | None:
    """+1 when the words rank a rise, -1 a fall, None when they name no movement.

    >>> moved_sense("decline", ""), moved_sense("", "West grew the"), moved_sense("", "had the")
    (-1, 1, None)
    """
    for words in (after, head):
        fall, rise = _FALL.search(words), _RISE.search(words)
        if fall and not rise:
            return -1
        if rise and not fall:
            return 1
    return None


def _rows_ranked(
    a: SourceValue, word: str, sentence: str, after: str, values: Sequence[SourceValue] = ()
) -> bool:
    """Whether the sentence names ``a``'s row and ranks rows, not periods (``values``: when the
    row has two periods, one change, a year named beside the superlative is that change's)."""
    row = _UNIT_AFTER.sub("", a.row or "") or a.row or ""  # ("North ($m)" is named by "North")
    if not label_search(row, sentence):
        return False
    if _one_change(values, a):  # (the scan only once the row is named)
        return True
    if _YEAR.search(after):
        return False
    # ("grew fastest in 2024": the periods ranked)
    return not re.search(
        rf"(?i)\b{re.escape(word)}\s+(?:in|for|of)\s+(?:fiscal\s+)?(?:19|20)\d\d", sentence
    )


_RATES = frozenset({"share", "ratio", "percent"})


def _one_change(values: Sequence[SourceValue], a: SourceValue) -> bool:
    """Whether ``a``'s row holds exactly two cells of a year (one change to rank by)."""
    years = {
        w.col_index
        for w in values
        if w.row_index == a.row_index
        and w.table == a.table
        and w.source_id == a.source_id
        and w.year is not None
    }
    return len(years) == 2


def _rate_misranked(
    ev: Evidence, values: Sequence[SourceValue], word: str, high: bool, sentence: str, after: str
) -> str | None:
    """As growth_misranked, for the quotient of two cells of one row (either order, a
    fraction or a percent: whichever makes the evidence's result)."""
    a, b = ev.operands
    if a.table is None or a.table != b.table or a.source_id != b.source_id or not a.row:
        return None
    if a.row_index is None or a.row_index != b.row_index or a.col_index == b.col_index:
        return None
    if ev.result is None or not _rows_ranked(a, word, sentence, after):
        return None
    shape = next(
        (
            (n, d, k)
            for n, d in ((a, b), (b, a))
            for k in (Decimal(1), _HUNDRED)
            if d.value > 0 and abs(n.value / d.value * k - ev.result) <= abs(ev.result) * _NEAR
        ),
        None,
    )
    if shape is None:
        return None
    num, den, scale = shape
    peers = _peers(
        values,
        a,
        num.col_index,
        den.col_index,
        lambda x, y: x / y * scale if y > 0 and x >= 0 else None,  # (else no rate to rank)
    )
    if peers is None or len(peers) < 2:
        return None
    own = num.value / den.value * scale
    top, v = max(peers, key=lambda p: p[0] if high else -p[0])
    if (top > own) if high else (top < own):
        unit = "%" if scale == _HUNDRED else ""
        return (
            f"{a.row}'s {num.column} over {den.column} is not the {word}: {v.row} has "
            f"{_shown(top)}{unit} against {_shown(own)}{unit}"
        )
    return None


_NEAR = Decimal("1e-9")


def _peers(
    values: Sequence[SourceValue],
    a: SourceValue,
    first: int | None,
    second: int | None,
    combine: Callable[[Decimal, Decimal], Decimal | None],
) -> list[tuple[Decimal, SourceValue]] | None:
    """Each other row's figure, ``combine`` of its cells in columns ``first`` and ``second`` of
    ``a``'s table (total and average lines aside); None when a row's figure cannot be made."""
    cells = {
        (v.row_index, v.col_index): v
        for v in values
        if v.source_id == a.source_id and v.table == a.table and v.view == a.view
    }
    peers: list[tuple[Decimal, SourceValue]] = []
    for (r, c), v in cells.items():
        if c != first or r == a.row_index or _ASIDE.search(v.row or ""):
            continue
        other = cells.get((r, second))
        if other is None:
            continue
        made = combine(v.value, other.value)
        if made is None:
            return None
        peers.append((made, v))
    return peers


def _change(kind: str, first: Decimal, second: Decimal) -> Decimal | None:
    if kind == "difference":
        return second - first
    if first <= 0:
        return None
    return (second - first) / first * _HUNDRED


def _shown(x: Decimal) -> str:
    return format_decimal(x.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
