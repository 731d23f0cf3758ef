"""Whether a figure's sentence names it as a quotient: "West's average order value was $50",
"revenue per order", "operating margin" (lead40).

Such a figure is most often derived (revenue over orders of the row named), and a cell of another
row that equals it by chance is no sign that the answer took the wrong row. When two cells of one
row the sentence names make the figure as a quotient, the wrong-row verdict waits for the
derivations, as it does for a figure worded as a change
(:func:`crossfoot.rules.direct.direct_match`), and stands when none meets the figure. Any
derivation anywhere would be too loose: a wrong figure that is another row's cell would pass
on a chance derivation (a flag and a value trial of pot-tatqa's tuning and validation halves
were lost so).

>>> names_quotient("West's average order value was $50.")
True
>>> names_quotient("West's revenue was $6,000."), names_quotient("Revenue rose 5 per cent.")
(False, False)
"""

from __future__ import annotations

from functools import lru_cache

from crossfoot.model.context import ClaimContext
from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_shared import claim_interval
from crossfoot.rules._focus_rows import named_table_rows

__all__ = ["named_row_quotient", "names_quotient"]

_WORDS = frozenset("average averaged averages mean per margin margins ratio ratios".split())
_DROP = str.maketrans({c: " " for c in ",.;:()'\"-/"})


@lru_cache(maxsize=1024)
def names_quotient(sentence: str) -> bool:
    """Whether ``sentence`` has a word that names a quotient (an average, a rate per unit, a
    margin or a ratio; "per cent" is a percent, not a rate)."""
    words = sentence.lower().replace("per cent", "percent").translate(_DROP).split()
    return not _WORDS.isdisjoint(words)


def named_row_quotient(ctx: ClaimContext) -> bool:
    """Whether the claim's sentence names a quotient and two cells of one row it names make the
    figure as one (the figure read as is or as a percentage)."""
    if not names_quotient(ctx.sentence.text):
        return False
    named = named_table_rows(ctx)
    if not named:
        return False
    lines: dict[tuple[str, int, int, str], list[SourceValue]] = {}
    for group in ctx.scope.groups:
        for v in group.values:
            rows = named.get((v.source_id, v.table)) if v.table is not None else None
            if rows is not None and v.row_index in rows and v.value > 0 and v.kind != "year":
                lines.setdefault((v.source_id, v.table, v.row_index, v.view), []).append(v)  # type: ignore[arg-type]
    lo, hi = claim_interval(ctx)
    for cells in lines.values():
        for a in cells:
            for b in cells:
                q = a.value / b.value
                if a is not b and (lo <= q <= hi or lo <= q * 100 <= hi):
                    return True
    return False
