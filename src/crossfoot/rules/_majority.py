"""A row said to hold the majority of a column: "Cloud generated the majority of 2024 revenue".

No figure says it (a figure beside it, "$1,560", is the row's cell and passes on its own), so a
wrong "Devices generated the majority of revenue" passed. A sentence that names one row of a
table (one to three rows together: "Cloud and Devices") before "the majority of", "a majority
of", "the bulk of" or "most of" a column's whole ("of 2024 revenue", "of total sales") says
their share of the column's whole (its total line, else its rows summed) is over half, in the
year the sentence names (or the table's last). The word becomes a claim: ``derived`` when it
is, ``contradicted`` giving the share. A negated sentence, a whole of the row's own ("most of its
revenue came from hardware"), and rows or years that are not plain, are left alone.

>>> import crossfoot
>>> t = ('[["Segment", "2023", "2024"], ["Cloud", "1,200", "1,560"], ["Devices", "700", "760"],'
...      ' ["Services", "400", "480"], ["Total", "2,300", "2,800"]]')
>>> crossfoot.check("Cloud generated the majority of 2024 revenue.", [t]).passed
True
>>> crossfoot.check("Devices generated the majority of 2024 revenue.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.summary_lines import parts_named
from crossfoot.language.years import YEAR
from crossfoot.model.types import Claim, Evidence, Sentence, SourceValue, format_decimal
from crossfoot.rules._column_whole import column_part_whole
from crossfoot.rules._row_order import named_rows, one_part, word_mention

__all__ = ["majority_claims"]

_GATES = ("majority", "bulk of", "most of")
_MAJORITY = re.compile(
    r"(?i)\b(?:(?:accounted|accounting|accounts)\s+for|made\s+up|makes?\s+up|generated|"
    r"generates?|contributed|contributes?|represented|represents?|brought\s+in|earned|"
    r"produced|comprised|held|had|was|were|is|are)\s+(?:(?:the|a)\s+(?P<word>majority)|"
    r"(?:the\s+)?(?P<bulk>bulk)|(?P<most>most))\s+of\b"
    # (not of the row's own whole: "Devices generated most of its revenue from hardware")
    r"(?!\s+(?:its|their|his|her|our|my|your)\b)"
    # (not of a change: "most of the increase" is a share of the growth, another rule's)
    r"(?!\s+(?:the\s+|its\s+|their\s+)?(?:\w+\s+){0,2}?(?:increase|growth|decline|decrease|change|"
    r"gain|rise|drop|improvement|shortfall)s?\b)"
)
_NOT = re.compile(r"(?i)\b(?:not|never|no)\b|n't\b")
_HALF = Decimal("0.5")
_HUNDRED = Decimal(100)


def majority_claims(
    text: str, sentences: Sequence[Sentence], claims: list[Claim], values: Sequence[SourceValue]
) -> list[Claim]:
    """The claims, with a claim for each "the majority of" a row's sentence says (module
    docstring)."""
    low = text.lower()
    if not any(g in low for g in _GATES):
        return claims
    added: list[Claim] = []
    for s in sentences:
        m = _MAJORITY.search(text, s.start, s.end)
        if m is None or _NOT.search(text, s.start, m.start()):
            continue
        found = _judged(text, s, m, values)
        if found is not None:
            added.append(found)
    return sorted([*claims, *added], key=lambda c: c.mention.start) if added else claims


def _judged(
    text: str, s: Sentence, m: re.Match[str], values: Sequence[SourceValue]
) -> Claim | None:
    rows = parts_named(named_rows(text[s.start : m.start()], values))
    if not one_part(rows):
        return None
    have = set.intersection(*(set(cells) for cells in rows.values()))
    said = {int(y) for y in YEAR.findall(text, s.start, s.end)}
    years = sorted(have & said) if said else sorted(have)[-1:]
    if len(years) != 1:
        return None
    parts = [cells[years[0]] for cells in rows.values()]
    found = column_part_whole(values, parts, same_kind=True)
    if found is None or found[0] <= 0:
        return None
    whole = found[0]
    part = sum((p.value for p in parts), Decimal(0))
    share = part / whole
    group = next(g for g in ("word", "bulk", "most") if m.group(g))  # (one of them matched)
    word, at = m.group(group), m.start(group)
    names = " + ".join(f"{p.row} ({format_decimal(p.value)})" for p in parts)
    pct = format_decimal((share * _HUNDRED).quantize(Decimal("0.1")))
    formula = f"({names}) / {years[0]} whole {format_decimal(whole)} = {pct}%"
    ev = Evidence("compare", "majority", formula, tuple(parts), share)
    mention = word_mention(word, at, 1)
    if share > _HALF:
        return Claim(mention, s, "derived", ev)
    why = f'"{word}" says over half, but {formula}'
    return Claim(mention, s, "contradicted", ev, why)
