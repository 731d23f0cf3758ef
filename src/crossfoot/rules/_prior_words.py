"""A figure the answer places in the prior period is not the figure a passage gives for now.

"Net income was $610 million in the prior-year quarter" over "Net income was $610 million, ...
compared with $540 million ... in the prior-year quarter": $610 million is a figure of the
passage, so it passed as ``supported_exact``, yet the passage gives it for the current period
and $540 million for the prior one. Earnings releases pair each figure with its comparative
this way ("X, compared with Y", "X, up from Y", "X versus Y a year earlier"), with no year
written, so the year check of ``rules._prose_year`` cannot see it.

When the claim's sentence places its figure in the prior period ("in the prior-year quarter",
"a year earlier", "year-ago", "last year") and every figure it met is of running text that the
passage gives first, with its comparative right after it in the same sentence (a later figure
of the same kind after "compared with", "versus", "up from", "down from" or "from"), the claim
is ``wrong_row``, naming the comparative. A figure the passage itself gives as the comparative,
or a passage that names the prior period beside the matched figure, leaves the match alone; so
does a passage that names a year before the figure when the claim says only "last year" (the
speaker's: "fiscal 2023 was $610 million" is last year's figure to a reader).

>>> from crossfoot import check
>>> p = ("Net income was $610 million, or $1.52 per diluted share, compared with $540 million, "
...      "or $1.31 per share, in the prior-year quarter.")
>>> check("Net income was $610 million in the prior-year quarter.", [p]).claims[0].status
'wrong_row'
>>> check("Net income was $540 million in the prior-year quarter.", [p]).passed
True
>>> check("Net income was $610 million in the quarter.", [p]).passed
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, kind_family
from crossfoot.rules._low import sentence_low

__all__ = ["prior_period_verdict"]

_GATES = ("prior", "year earlier", "year ago", "year-ago", "last year", "previous year")
_PRIOR = re.compile(
    r"(?i)\b(?:(?:the\s+)?prior[- ]year|(?:a|one)\s+year\s+(?:earlier|ago|before)|year[- ]ago"
    r"|last\s+year|(?:the\s+)?previous[- ]year|(?:the\s+)?prior\s+(?:year|period|quarter))\b"
)
# the comparative right after a figure: "X, compared with Y", "X, up from Y", "X versus Y"
_COMPARED = re.compile(
    r"(?i)\b(?:compared\s+(?:with|to)|versus|vs\.?|(?:up|down)\s+from|from)\s+"
    r"(?:the\s+|a\s+)?[$€£¥]?\s*\Z"
)
_SENTENCE_END = re.compile(r"[.;](?:\s|\Z)")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def prior_period_verdict(ctx: ClaimContext, matches: Sequence[SourceValue]) -> Verdict | None:
    """``wrong_row`` when the claim's sentence places a current-period prose figure in the
    prior period (module docstring); else None."""
    low = sentence_low(ctx)
    if not any(g in low for g in _GATES) or _PRIOR.search(ctx.sentence.text) is None:
        return None
    if not matches or any(sv.span is None or sv.table is not None for sv in matches):
        return None
    # "last year" alone is the speaker's: of a passage that names its own year it is that
    # latest year ("fiscal 2023 was $610 million, compared with ... the prior year")
    loose = all(p.group(0).lower() == "last year" for p in _PRIOR.finditer(ctx.sentence.text))
    comparative: SourceValue | None = None
    for sv in matches:
        other = _comparative_of(ctx, sv, loose)
        if other is None:
            return None
        comparative = comparative or other
    if comparative is None:
        return None
    sv = matches[0]
    why = (
        f"the sentence places the figure in the prior period, but the passage gives "
        f"{sv.describe()} for the current one; its prior-period comparative is "
        f"{comparative.describe()}"
    )
    return Verdict("wrong_row", Evidence("direct", "cell", sv.describe(), (sv,), sv.value), why)


def _near(a: SourceValue, b: SourceValue) -> bool:
    """Whether two figures are within a factor of ten of each other ("$610 million" and
    "$540 million", not "$1.52" per share between them)."""
    x, y = abs(a.value), abs(b.value)
    return x <= 10 * y and y <= 10 * x


def _comparative_of(ctx: ClaimContext, sv: SourceValue, loose: bool) -> SourceValue | None:
    """The figure the passage compares ``sv`` with, right after it in its sentence, when ``sv``
    is itself no comparative and its stretch names no prior period (nor, ``loose``: the claim
    says only "last year", a year); else None."""
    source = ctx.scope.source(sv.source_id)
    if source is None or sv.span is None:
        return None
    text = source.text
    start, end = sv.span
    opens = max(text.rfind(". ", 0, start) + 2, text.rfind("; ", 0, start) + 2, start - 60)
    lead = text[max(opens, start - 40) : start]
    if _COMPARED.search(lead) or _PRIOR.search(text, opens, start):
        return None  # the figure is itself the comparative, or is named as prior
    if loose and _YEAR.search(text, opens, start):
        return None  # ("fiscal 2023 was $610 million": the latest year, "last year" to a reader)
    stop = _SENTENCE_END.search(text, end)
    limit = stop.start() if stop else len(text)
    family = kind_family(sv.kind)
    later = sorted(
        (w for w in source.values if w.span is not None and end <= w.span[0] < limit),
        key=lambda w: w.span[0] if w.span else 0,
    )
    for w in later:
        if w.span is None or kind_family(w.kind) != family or not _near(sv, w):
            continue
        if _COMPARED.search(text[max(end, w.span[0] - 40) : w.span[0]]) is None:
            return None  # another figure of its kind first: no "X, compared with Y" pair
        if _PRIOR.search(text, w.span[1], limit) is None:
            return None
        return w
    return None
