"""A list of rows with their figures that says it is ranked: "Top regions by 2023 sales:" then
"1. North 4,637", "2. South 3,540", "3. West 3,802"; or one sentence, "The top three regions were
North (4,637), South (3,540) and West (3,802)".

Each figure is a right cell, so each passed; but the list claims an order (South above West) and,
for "top" / "bottom" words, that no row left out beats the last one listed. The lead-in (the line
above a run of numbered or bulleted lines; a sentence's words before its first figure, when they
write "top three", "ranked", "from highest to lowest"; not a rank of one row, "North ranked
first") says the direction: its first word of a
high end ("top", "highest", "largest", "leading", "best", "descending") or of a low end
("bottom", "lowest", "smallest", "worst", "ascending"); "ranked" alone takes either order. The
items' figures (a list line's first figure; each figure of the sentence) must be single cells of
one column, each of its own row; otherwise the list is left alone. A figure out of the order, or
the last one listed when a row left out of the column beats it (a "top" or "bottom" list), becomes
``contradicted`` naming the row that breaks it.

>>> from crossfoot import check
>>> t = '[["Region", "2023"], ["North", "4,637"], ["South", "3,540"], ["West", "3,802"]]'
>>> check("Top regions:\\n1. North 4,637\\n2. West 3,802\\n3. South 3,540", [t]).passed
True
>>> check("Top regions:\\n1. North 4,637\\n2. South 3,540\\n3. West 3,802", [t]).passed
False
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from decimal import Decimal
from itertools import pairwise

from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules._column_whole import column_whole

__all__ = ["ranked_lists"]

_ITEM = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]")
_HIGH = r"top|highest|largest|biggest|greatest|leading|best|descending"
_LOW = r"bottom|lowest|smallest|worst|ascending"
_RANK = r"rank(?:ed|ing|s)?"
_END = re.compile(rf"(?i)\b(?:(?P<high>{_HIGH})|(?P<low>{_LOW})|(?P<rank>{_RANK}))\b")
# One sentence ranks its figures only when it says so plainly: "the top three", "ranked",
# "from highest to lowest", "in descending order". A rank of one row ("North ranked first with
# 4,637, while South had 3,540 and West 3,802") puts no order on the figures after it.
_N = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
_ONE_PLACE = (
    r"(?!\s+(?:as\s+)?(?:the\s+)?(?:(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th"
    rf"|number)(?![\w-])|no\.|#|(?:{_HIGH}|{_LOW})(?![\w-])(?!\s+to\b)))"
)
_SENTENCE = re.compile(
    rf"(?i)\b(?:(?:{_HIGH}|{_LOW})\s+{_N}\b|{_N}\s+(?:{_HIGH}|{_LOW})\b"
    rf"|{_RANK}\b{_ONE_PLACE}|from\s+(?:the\s+)?(?:{_HIGH}|{_LOW})\s+to\b"
    r"|in\s+(?:descending|ascending)\s+order)"
)
# a list's size: "top 3", "bottom 5"; "the 3 largest"
_TOP = re.compile(r"(?i)\b(?:top|bottom)\s+\Z")
_LARGEST = re.compile(rf"(?i)\s+(?:{_HIGH}|{_LOW}|most|least|fastest|slowest)\b")
_GATES = ("top", "bottom", "high", "low", "large", "small", "big", "great", "lead", "best",
          "worst", "scend", "rank")  # fmt: skip


def ranked_lists(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a figure a ranked list puts out of its order (or a "top" list's last
    figure that a row left out beats) ``contradicted`` (module docstring)."""
    low = text.lower()
    if len(claims) < 2 or not any(g in low for g in _GATES):
        return claims
    out = list(claims)
    for lead, at, idx in [*_list_runs(text, claims), *_sentences(text, claims)]:
        end = _END.search(lead)
        if end is None or len(idx) < 2:
            continue
        _count(text, claims, out, at, at + len(lead), len(idx))
        cells = _cells([claims[i] for i in idx])
        if cells is None:
            continue
        found = _broken(cells, end, values)
        if found is not None:
            k, why = found
            c = claims[idx[k]]
            out[idx[k]] = Claim(c.mention, c.sentence, "contradicted", c.evidence, why)
    return out


def _is_count(text: str, c: Claim) -> bool:
    """Whether the claim is the size of a list its words rank: "top 3", "the 5 largest"."""
    m = c.mention
    return (
        m.kind == "number"
        and m.value == m.value.to_integral_value()
        and 1 < m.value <= 50
        and (
            _TOP.search(text, max(0, m.start - 8), m.start) is not None
            or _LARGEST.match(text, m.end) is not None
        )
    )


def _count(text: str, claims: Sequence[Claim], out: list[Claim], lo: int, hi: int, n: int) -> None:
    """A list's size said in its lead ("Top 3 regions:") that fails alone: the count of its
    items, ``derived`` when it is that many."""
    for i, c in enumerate(claims):
        if (
            lo <= c.mention.start < hi
            and not c.passed
            and _is_count(text, c)
            and c.mention.value == n
        ):
            why = f"{n} items listed"
            out[i] = Claim(
                c.mention,
                c.sentence,
                "derived",
                Evidence("ranked_list", "row_count", why, (), Decimal(n)),
            )


def _list_runs(text: str, claims: Sequence[Claim]) -> list[tuple[str, int, list[int]]]:
    """Each run of two or more list lines, as (the line above it, where it starts, each line's
    first claim); a run with a line of no claim is none."""
    runs: list[tuple[str, int, list[int]]] = []
    order = sorted(range(len(claims)), key=lambda i: claims[i].mention.start)
    starts = [claims[i].mention.start for i in order]
    lead, at, idx, pos, broken = "", 0, [], 0, False
    for line in [*text.split("\n"), ""]:
        start, pos = pos, pos + len(line) + 1
        if _ITEM.match(line):
            first = bisect_left(starts, start)
            broken = broken or first == len(starts) or starts[first] >= pos
            idx.append(order[first] if first < len(order) else -1)
            continue
        if len(idx) >= 2 and not broken:
            runs.append((lead, at, idx))
        lead, at, idx, broken = line, start, [], False
    return runs


def _sentences(text: str, claims: Sequence[Claim]) -> list[tuple[str, int, list[int]]]:
    """Each sentence of two or more figures that says it ranks them, as (its words before its
    first figure but a count, where it starts, its claims but the count)."""
    by_sentence: dict[int, list[int]] = {}
    for i in sorted(range(len(claims)), key=lambda i: claims[i].mention.start):
        by_sentence.setdefault(claims[i].sentence.start, []).append(i)
    out = []
    for start, idx in by_sentence.items():
        items = [i for i in idx if not _is_count(text, claims[i])]
        if not items:
            continue
        lead = text[start : claims[items[0]].mention.start]
        if "\n" not in lead and _SENTENCE.search(lead):
            out.append((lead, start, items))
    return out


def _cells(claims: Sequence[Claim]) -> list[SourceValue] | None:
    """The claims' cells, when each passed as one cell of one column, each of its own row."""
    cells = []
    for c in claims:
        ev = c.evidence
        if not c.passed or ev is None or ev.kind != "cell" or len(ev.operands) != 1:
            return None
        cells.append(ev.operands[0])
    first = cells[0]
    if first.row_index is None or len({v.row_index for v in cells}) != len(cells):
        return None
    if any(
        (v.source_id, v.table, v.col_index, v.view)
        != (first.source_id, first.table, first.col_index, first.view)
        for v in cells
    ):
        return None
    return cells


def _broken(
    cells: list[SourceValue], end: re.Match[str], values: Sequence[SourceValue]
) -> tuple[int, str] | None:
    """The place of the figure that breaks the list's order (or, for a "top" / "bottom" list,
    its last figure when a row left out beats it) and why; None when the list holds."""
    if end.group("rank"):  # (either order: the first step that moves says which)
        step = next((b.value - a.value for a, b in pairwise(cells) if b.value != a.value), 0)
        high = step < 0
    else:
        high = end.group("high") is not None
    word = "higher" if high else "lower"
    for k in range(1, len(cells)):
        a, b = cells[k - 1], cells[k]
        if (b.value > a.value) if high else (b.value < a.value):
            return k, (
                f"listed after {a.row} ({format_decimal(a.value)}), but {b.row} "
                f"({format_decimal(b.value)}) is {word}: the list is out of order"
            )
    if end.group("rank"):
        return None
    whole = column_whole(values, cells[0])
    if whole is None:
        return None
    listed = {v.row_index for v in cells}
    last = cells[-1]
    beats = [
        v
        for i, v in whole[0].items()
        if i not in listed and ((v.value > last.value) if high else (v.value < last.value))
    ]
    if not beats:
        return None
    v = max(beats, key=lambda x: x.value) if high else min(beats, key=lambda x: x.value)
    return len(cells) - 1, (
        f"{v.row} ({format_decimal(v.value)}) is {word} than {last.row} "
        f"({format_decimal(last.value)}) but is left out of the list"
    )
