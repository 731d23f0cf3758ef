"""Fields of a record carry row labels too: ``france_sales`` is France's, not Germany's.

A table's rows say whose a value is, and the row check (``wrong_row``) reads them. A record says
it in its field names: ``{"germany_sales": 580e6, "france_sales": 640e6}``. "Germany contributed
€640m" matches ``france_sales`` by value; the sentence names Germany, whose field is another.

A field's *own* words are those not shared with most fields of its record ("france" of
``france_sales`` beside ``germany_sales``; the shared "sales" says what, not whose). When the
sentence names the own words of some field of the record, and none of the fields the claim
matches, the claim is ``wrong_row``. Years are left to the year checks.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from crossfoot.language.rowtokens import tokens
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, Source, SourceValue

__all__ = ["field_verdict"]

_YEARISH = re.compile(r"^(?:19|20)\d\d$|^q[1-4]$|^h[12]$|^fy\d\d$")


def _own(record: Source) -> dict[str, frozenset[str]]:
    """Each field's own words: those at most half of the record's fields share."""
    words = {
        v.field: frozenset(t for t in tokens(v.field.replace("_", " ")) if not _YEARISH.match(t))
        for v in record.values
        if v.field
    }
    seen = Counter(t for ws in words.values() for t in ws)
    half = len(words) / 2
    return {f: frozenset(t for t in ws if seen[t] <= half) for f, ws in words.items()}


def field_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the sentence names another field's own words and none of the matching
    fields' own words, else None (see the module docstring)."""
    if not matches or any(sv.field is None for sv in matches):
        return None
    record = ctx.scope.source(matches[0].source_id)
    if record is None or len(record.values) < 2:
        return None
    own = _own(record)
    s = ctx.sentence
    said = set(tokens(ctx.text[s.start : s.end]))
    named = [f for f, ws in own.items() if ws and ws <= said]
    if not named or any(sv.field in named for sv in matches):
        return None
    sv = matches[0]
    message = f"value is {sv.describe()}, but the sentence names {', '.join(sorted(named))}"
    return Verdict("wrong_row", Evidence("direct", "cell", sv.describe(), (sv,), sv.value), message)
