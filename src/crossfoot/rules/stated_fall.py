"""A fall the sources state in words, answered as a signed change: "research and development
expense decreased 12% in 2012" for "what was the percentage change in R&D expense? -0.12".

A figure of running text stated as a move ("decreased $45 million", "a decline of 12.4%", "fell
23.5%") is written by its size, the direction in its words. An answer that gives the change
with its sign ("-45", "-12%", "-0.12") states the same fact, but a negative claim is never met
by a positive value (rules.direct), and no two figures of the sources differ by it: it was
unsupported. Here a negative claim is met by the size of a prose figure whose own words state it
as a fall (``rules._prose_change.states_change``, the last direction word before it a falling
one), at the claim's stated precision, in any form the direct match reads (as written, scaled,
a fraction for a percentage). A rise ("increased 12%") never meets "-12%": that stays
unsupported.

>>> import crossfoot
>>> src = "Research and development expense decreased 12% in 2012, reflecting lower headcount."
>>> [c.status for c in crossfoot.check("The change in R&D expense was -12%.", [src]).claims]
['supported_exact']
>>> up = src.replace("decreased", "increased")
>>> [c.status for c in crossfoot.check("The change in R&D expense was -12%.", [up]).claims]
['unsupported']
"""

from __future__ import annotations

import re
from dataclasses import replace

from crossfoot.language.changewords import FALL_VERBS, FALLS, RISE_VERBS
from crossfoot.model.context import ClaimContext, Verdict
from crossfoot.model.types import Evidence, SourceValue, format_decimal
from crossfoot.rules._prose_change import states_change
from crossfoot.rules.direct import direct_candidates

__all__ = ["stated_fall"]

_KINDS = frozenset({"number", "percent", "money"})
# The direction words of a stated move, the last one before the figure deciding its way.
_RISE = rf"{RISE_VERBS}|grow\w*|up|higher"  # (language.changewords: one list of move verbs)
_FALL = rf"{FALLS}|{FALL_VERBS}|down|loss"
_WAY = re.compile(rf"(?i)\b(?:(?P<fall>{_FALL})|(?P<rise>{_RISE}))\b")
_AS_WRITTEN = " (as written)"
_TAIL = 60  # characters of the label before the figure that hold its move's words


def _stated_fall(sv: SourceValue) -> bool:
    """Whether prose figure ``sv`` is stated as a fall by its own words."""
    if sv.table is not None or sv.span is None:
        return False
    label = sv.label.removesuffix(_AS_WRITTEN)  # "$ 45 million (as written)": its digits
    if not states_change(replace(sv, label=label)):
        return False
    ways = _WAY.findall(label[-_TAIL:])  # (fall, rise) per direction word, in order
    return bool(ways) and bool(ways[-1][0])


def stated_fall(ctx: ClaimContext) -> Verdict | None:
    """Rule: a negative figure that is the size of a fall the sources state (module
    docstring)."""
    m = ctx.mention
    if not m.claim or m.value >= 0 or m.high is not None or m.kind not in _KINDS:
        return None
    size = replace(m, value=-m.value, negative=False)
    for sv, exact, how in direct_candidates(size, ctx):
        if not _stated_fall(sv):
            continue
        shown = f" ({how})" if how else ""
        formula = f"[{sv.source_id}] {sv.label} = {format_decimal(sv.value)}{shown}, a fall: -"
        evidence = Evidence(
            "direct",
            "exact" if exact else "rounded",
            formula + format_decimal(abs(m.value)),
            (sv,),
            -abs(sv.value),
            "the size of a fall its words state, written with its sign",
        )
        return Verdict("supported_exact" if exact else "supported_rounded", evidence)
    return None
