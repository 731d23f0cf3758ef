"""Rows told apart by one capital letter ("Widget A", "Widget B", "Widget C"; "Tier B";
"Class A shares") (gaps37).

A row's tokens drop a lone letter (:mod:`crossfoot.language.rowtokens`: "a" is an article, "s" a
possessive), so "Widget C sold 1,500" names every widget row alike and Widget A's cell passed
for it. A letter is read as the row's name only where the table itself tells rows apart by it:
two labels or more that are the same words with another capital letter (*siblings*). The
sentence then names a sibling by its words and its letter, as written ("Widget C", capital); the
claim's sibling is the one named between the figure before it and the figure, or right after it
("1,500 for Widget C"); two named there, or "respectively", name none. When every matched cell
is a sibling's and none is the named one's, the figure is ``wrong_row``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.rowtables import describe_cell
from crossfoot.model.context import ClaimContext, Verdict, mentions_between
from crossfoot.model.types import Evidence, SourceValue

__all__ = ["letter_verdict", "siblings"]

_LETTER = re.compile(r"[A-Z]")
_LONE = re.compile(r"(?<![\w'-])[A-Z](?![\w-])")
# Words between a figure and the sibling it is given for ("1,500 for Widget C", "1,500 (Tier B)").
_AFTER = re.compile(r"\s*(?:[a-z]+\s+){0,2}?(?:for|by|at|in|from|of|\()\s*$")


@lru_cache(maxsize=256)
def siblings(labels: tuple[str, ...]) -> dict[str, str]:
    """The labels of ``labels`` told apart by one capital letter only, each with its words and
    letter as a pattern's text, and no others.

    >>> sorted(siblings(("Widget A", "Widget C", "Gadget", "Class B shares")).values())
    ['Widget A', 'Widget C']
    """
    stems: dict[tuple[int, tuple[str, ...]], dict[str, str]] = {}
    for label in labels:
        words = label.split()
        at = [i for i, w in enumerate(words) if len(w) == 1 and _LETTER.match(w)]
        if len(words) < 2 or len(at) != 1:
            continue
        i = at[0]
        stem = tuple(w.lower() for k, w in enumerate(words) if k != i)
        stems.setdefault((i, stem), {})[words[i]] = label
    return {
        label: label
        for letters in stems.values()
        if len(letters) >= 2
        for label in letters.values()
    }


@lru_cache(maxsize=256)
def _pattern(labels: tuple[str, ...]) -> re.Pattern[str]:
    """Any sibling label as written (its words any case, its letter a capital)."""
    parts = []
    for label in sorted(labels, key=len, reverse=True):
        words = [
            w if len(w) == 1 and _LETTER.match(w) else f"(?i:{re.escape(w)})" for w in label.split()
        ]
        parts.append(r"\s+".join(words))
    return re.compile(r"(?<![\w-])(?:" + "|".join(parts) + r")(?![\w-])")


def _named(sentence: str, labels: tuple[str, ...]) -> list[tuple[int, int, str]]:
    """(start, end, label) of each sibling the sentence names."""
    spaced = {" ".join(label.lower().split()): label for label in labels}
    out = []
    for m in _pattern(labels).finditer(sentence):
        label = spaced.get(" ".join(m[0].lower().split()))
        if label is not None:
            out.append((m.start(), m.end(), label))
    return out


def _table_labels(ctx: ClaimContext, sv: SourceValue) -> tuple[str, ...]:
    memo: dict[tuple[int, int], tuple[str, ...]]
    memo = ctx.shared.setdefault("letter_rows.labels", {})  # type: ignore[assignment]
    source = ctx.scope.source(sv.source_id)
    if source is None or sv.table is None:
        return ()
    key = (id(source.values), sv.table)  # (the scope's own source: keyed by its values)
    got = memo.get(key)
    if got is None:
        got = tuple(dict.fromkeys(v.row for v in source.values if v.table == sv.table and v.row))
        memo[key] = got
    return got


def _claim_sibling(ctx: ClaimContext, named: list[tuple[int, int, str]]) -> str | None:
    """The sibling the claim's figure is given for (module docstring), else None: the one
    sibling named since the figure before it, or right after it. Two siblings named there
    ("Widget C outsold Widget A, 1,500 to 1,200") are a list, read in order elsewhere."""
    m, s = ctx.mention, ctx.sentence
    if "respectively" in ctx.text[s.start : s.end].lower():
        return None
    figures = [x for x in mentions_between(ctx, s.start, m.start) if x.kind != "year"]
    since = max((x.end for x in figures if x is not m), default=s.start)
    before = {label for a, b, label in named if since <= s.start + a and s.start + b <= m.start}
    if len(before) == 1:
        return before.pop()
    if before:
        return None
    for start, _, label in named:
        if s.start + start >= m.end and _AFTER.match(ctx.text[m.end : s.start + start]):
            return label
    return None


def letter_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when every matched cell is a letter sibling's and the claim names another
    sibling (module docstring), else None."""
    text = ctx.text[ctx.sentence.start : ctx.sentence.end]
    if not matches or _LONE.search(text) is None:
        return None  # (no capital letter standing alone: no sibling can be named)
    if any(sv.table is None or sv.row is None for sv in matches):
        return None
    labels = _table_labels(ctx, matches[0])
    kin = siblings(labels)
    if not kin or any(sv.row not in kin for sv in matches):
        return None
    named = _named(text, tuple(kin))
    label = _claim_sibling(ctx, named) if named else None
    if label is None or any(sv.row == label for sv in matches):
        return None
    cell = matches[0]
    why = f"value is in {describe_cell(cell)}, but the sentence names {label}"
    return Verdict("wrong_row", Evidence("rows", "wrong_row", why, (cell,), cell.value), why)
