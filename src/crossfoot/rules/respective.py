"""Each figure of a "respectively" sentence in the place of the year or row it is listed for.

"Product revenue was $10.98 million and $12.45 million in 2023 and 2022, respectively" gives two
right cells of the row, each found, in the other order: each figure is the other year's. The
same slip over rows ("Product and service revenue were $3.21 million and $12.45 million,
respectively") passed too. A sentence that says "respectively" pairs its figures with its list
by position, so, after the rules:

- the figures are the sentence's passing figures other than years, two or more, of one kind,
  each one cell of one table row (its own evidence);
- the list is the years the sentence writes, one per figure, when every figure's cell is of one
  of them and each year is met once; else the rows of the figures' cells, when they are distinct
  rows of one table and each is named in the sentence before the first figure by a word only it
  has among them ("product" and "service" of *Product revenue* and *Service revenue*, so a
  shared noun, "product and service revenue", still names both);
- a figure whose cell is not of its place's year or row is ``wrong_row``, unless that place's
  cell holds the same value.

Whenever the list cannot be read this way the sentence is left alone.

>>> import json, crossfoot
>>> grid = json.dumps([["", "2023", "2022"], ["Revenue", "4,820", "4,310"]])
>>> crossfoot.check("Revenue was 4,820 and 4,310 in 2023 and 2022, respectively.", [grid]).passed
True
>>> crossfoot.check("Revenue was 4,310 and 4,820 in 2023 and 2022, respectively.", [grid]).passed
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Claim, Mention, Sentence, SourceValue, kind_family

__all__ = ["respective_places"]

_Row = tuple[str, int | None, int | None]


def respective_places(
    text: str,
    sentences: Sequence[Sentence],
    mentions: Sequence[Mention],
    claims: list[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """The claims, with each figure of a "respectively" sentence out of its place ``wrong_row``
    (module docstring)."""
    if "respectively" not in text.lower():
        return claims
    out = list(claims)
    for s in sentences:
        if "respectively" not in text[s.start : s.end].lower():
            continue
        at = [i for i, c in enumerate(out) if s.start <= c.mention.start < s.end]
        figs = [i for i in at if out[i].mention.kind != "year"]
        cells = [_cell(out[i]) for i in figs]
        if len(figs) < 2 or any(v is None for v in cells):
            continue
        got = [v for v in cells if v is not None]
        if len({kind_family(out[i].mention.kind) for i in figs}) != 1:
            continue
        places = _years(s, mentions, got, out, figs) or _rows(text, s, got, out[figs[0]])
        if places is None:
            continue
        for i, v, (axis, key, label) in zip(figs, got, places, strict=True):
            if _key(v, axis) == (axis, key) or _same_value_at(v, axis, key, values):
                continue
            out[i] = _misplaced(out[i], v, label)
    return out


def _cell(c: Claim) -> SourceValue | None:
    ev = c.evidence
    if not c.passed or ev is None or len(ev.operands) != 1 or ev.rule != "direct":
        return None
    v = ev.operands[0]
    return v if v.row_index is not None and v.table is not None else None


def _key(v: SourceValue, axis: str) -> tuple[str, str]:
    if axis == "year":
        return ("year", str(v.year))
    return ("row", f"{v.source_id}/{v.table}/{v.row_index}")


def _years(
    s: Sentence,
    mentions: Sequence[Mention],
    got: list[SourceValue],
    claims: list[Claim],
    figs: list[int],
) -> list[tuple[str, str, str]] | None:
    """The year of each place, when the sentence lists one per figure and each figure's cell is
    of one of them, each met once."""
    listed: list[int] = []
    for m in mentions:
        if s.start <= m.start < s.end and m.kind == "year" and m.high is None:
            if int(m.value) not in listed:
                listed.append(int(m.value))
    if len(listed) != len(got) or sorted(v.year or 0 for v in got) != sorted(listed):
        return None
    return [("year", str(y), str(y)) for y in listed]


def _rows(
    text: str, s: Sentence, got: list[SourceValue], first: Claim
) -> list[tuple[str, str, str]] | None:
    """The row of each place, in the order the sentence names the figures' rows (by a word each
    alone has among them) before its first figure."""
    keys = [_key(v, "row") for v in got]
    if len(set(keys)) != len(keys) or len({(v.source_id, v.table) for v in got}) != 1:
        return None
    names = [required_tokens(v.row or "") for v in got]
    head = tokens(text[s.start : first.mention.start])
    at: list[int] = []
    for j, own in enumerate(names):
        alone = own - set().union(*(n for k, n in enumerate(names) if k != j))
        spots = [p for p, w in enumerate(head) if w in alone]
        if not alone or not spots:
            return None
        at.append(min(spots))
    if len(set(at)) != len(at):
        return None
    order = sorted(range(len(got)), key=lambda j: at[j])
    return [(*keys[j], got[j].row or "") for j in order]


def _same_value_at(v: SourceValue, axis: str, key: str, values: Sequence[SourceValue]) -> bool:
    """Whether the place's own cell (the same row, the place's year; or the place's row, the
    same column) holds the figure's value."""
    for w in values:
        if w.value != v.value or w.source_id != v.source_id or w.table != v.table:
            continue
        if axis == "year" and w.row_index == v.row_index and str(w.year) == key:
            return True
        if axis == "row" and _key(w, "row") == (axis, key) and w.col_index == v.col_index:
            return True
    return False


def _misplaced(c: Claim, v: SourceValue, place: str) -> Claim:
    message = (
        f"value is in {v.describe()}, but 'respectively' places it at {place}: "
        "the figures are listed in the other order"
    )
    return replace(c, status="wrong_row", message=message)
