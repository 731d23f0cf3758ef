"""A year's two halves set against each other, over rows by quarter or month: "North's H2 sales
rose 31.6% over H1", "second-half revenue was 670 higher than the first half's", "H2 sales of
2,790 were up on H1's 2,120".

Each half is the sum of its quarters (or months), so the figure is no cell and no pair of cells:
before, a right change between the halves failed as unsupported, and a half's sum named in a
sentence that names both halves failed too. A sentence that names both halves (and no other part
of a year) holds them here: over each line of the table by quarter or month (a row across
columns "Q1".."Q4", or a column down rows "Q1 2023".., ``SourceValue.period``) that the sentence
names by label (every line when the table has one), whose every part of one year is there, the
halves are summed. A figure of the sentence left unsupported that equals the change from H1 to
H2 (in percent for a percentage, else in units), or the sum of the half named nearest before it
in its clause, becomes ``derived`` with the line's cells as evidence. A figure that no half
reaches stays as it was (a wrong change fails, as before).

>>> from crossfoot import check
>>> t = '[["Region", "Q1", "Q2", "Q3", "Q4"], ["North", "1,000", "1,120", "1,310", "1,480"]]'
>>> check("North's H2 sales rose 31.6% over H1.", [t]).passed
True
>>> check("North's H2 sales rose 23.5% over H1.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.changewords import move_stated
from crossfoot.language.period_columns import column_period
from crossfoot.model.types import Claim, Evidence, SourceValue, format_decimal
from crossfoot.rules.change_column import CLAUSE_BREAK
from crossfoot.sources.rows_label_match import label_search
from crossfoot.sources.rows_months import QUARTER

__all__ = ["half_changes"]

_HALF = re.compile(r"(?i)\b(?:h([12])|([12])h|(first|second)[\s-]+half)\b")
_OTHER_PART = re.compile(r"(?i)\b(?:q[1-4]|[1-4]q|(?:first|second|third|fourth)\s+quarter)\b")
_SHOWN = Decimal("0.001")
_Line = tuple[str, int | None, str, int | None, int]
# a sentence naming both halves, the halves by position, and its lines of quarters or months
_Read = tuple[str, list[tuple[int, int]], list[tuple[str, list[SourceValue]]]]


def half_changes(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with an unsupported figure of a sentence naming both halves of a year that
    one line's halves give ``derived`` (module docstring)."""
    if "h" not in text.lower() or not any(not c.passed for c in claims):
        return claims
    out = list(claims)
    read: dict[tuple[int, int], _Read | None] = {}  # (a sentence read once: halves, lines)
    for i, c in enumerate(claims):
        if c.passed or c.mention.kind not in ("number", "money", "percent"):
            continue
        s = c.sentence
        if (s.start, s.end) not in read:
            read[s.start, s.end] = _halves(text[s.start : s.end], values)
        found = read[s.start, s.end]
        if found is None:
            continue
        evidence = _derived(text, c, *found)
        if evidence is not None:
            out[i] = Claim(c.mention, s, "derived", evidence)
    return out


def _halves(sentence: str, values: Sequence[SourceValue]) -> _Read | None:
    """The sentence, the halves it names by position and the lines it names (``_lines``), when
    it names both halves and no quarter."""
    halves = [(m.start(), _half(m)) for m in _HALF.finditer(sentence)]
    if {h for _, h in halves} != {1, 2} or _OTHER_PART.search(sentence):
        return None
    return sentence, halves, _lines(sentence, values)


def _half(m: re.Match[str]) -> int:
    if m[1] or m[2]:
        return int(m[1] or m[2])
    return 1 if m[3].lower() == "first" else 2


def _derived(
    text: str,
    claim: Claim,
    sentence: str,
    halves: list[tuple[int, int]],
    lines: list[tuple[str, list[SourceValue]]],
) -> Evidence | None:
    """The evidence of the first named line whose halves give the claim's figure, or None."""
    m = claim.mention
    at = m.start - claim.sentence.start
    way = move_stated(text, claim.sentence.start, m.start)
    own = _own_half(sentence, at, halves)
    for line, cells in lines:
        half = len(cells) // 2
        h1 = sum((v.value for v in cells[:half]), Decimal(0))
        h2 = sum((v.value for v in cells[half:]), Decimal(0))
        if m.kind == "percent":
            if h1 <= 0:
                continue
            result, kind = (h2 - h1) / h1 * 100, "percent_change"
            formula = f"% change H1 {format_decimal(h1)} -> H2 {format_decimal(h2)} of {line}"
        elif way is not None:
            result, kind = h2 - h1, "difference"
            formula = f"H2 {format_decimal(h2)} - H1 {format_decimal(h1)} of {line}"
        elif own is not None:
            result, kind = (h1, h2)[own - 1], "sum"
            parts = cells[:half] if own == 1 else cells[half:]
            formula = f"H{own} of {line}: " + " + ".join(format_decimal(v.value) for v in parts)
        else:
            continue
        if way is not None and way * result < 0:
            continue  # ("fell 31.6%" for a rise)
        got, target = (abs(result), abs(m.value)) if way is not None else (result, m.value)
        if abs(got - target) <= m.precision:
            shown = format_decimal(result.quantize(_SHOWN)) if kind == "percent_change" else None
            said = f"{formula} = {shown or format_decimal(result)}{'%' if shown else ''}"
            return Evidence("half_change", kind, said, tuple(cells), result)
    return None


def _own_half(sentence: str, at: int, halves: list[tuple[int, int]]) -> int | None:
    """The half a level figure at ``at`` is of: the last one named before it in its clause."""
    cuts = [0, *(c.end() for c in CLAUSE_BREAK.finditer(sentence, 0, at))]
    before = [h for pos, h in halves if cuts[-1] <= pos < at]
    return before[-1] if before else None


def _lines(sentence: str, values: Sequence[SourceValue]) -> list[tuple[str, list[SourceValue]]]:
    """Each line of quarters (or months) of one year the sentence names (every line when there
    is one), as (its name, its parts in order)."""
    by_line: dict[_Line, dict[int, SourceValue]] = {}
    for v in values:
        p = v.period
        if (
            p is None
            or v.view == "written"
            or not (0 < p[1] <= 12 or QUARTER < p[1] <= QUARTER + 4)
        ):
            continue
        across = v.column is not None and column_period(v.column) is not None
        name = (v.row or "") if across else (v.column or "")
        key = (v.source_id, v.table, name, p[0], p[1] // QUARTER)
        by_line.setdefault(key, {})[p[1]] = v
    full = {
        k: [q[n] for n in sorted(q)] for k, q in by_line.items() if len(q) == (4 if k[4] else 12)
    }
    if len(full) == 1:
        ((key, cells),) = full.items()
        return [(key[2] or "the line", cells)]
    low = sentence.lower()
    return [
        (k[2], cells) for k, cells in full.items() if k[2] and label_search(k[2], sentence, low)
    ]
