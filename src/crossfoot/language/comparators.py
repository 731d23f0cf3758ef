"""Words of a quantity another is measured against in its own unit: a target, a plan, a budget.

"East reached 110% of its target", "South missed its target by 140", "revenue came in at 96% of
plan": the target is a figure of the measure's own kind, so a difference with it is no sum of
unlike columns (front.trace_mixed) and a percentage of it may pass 100 % (rules._derive_beyond,
through :func:`of_comparator`).

>>> of_comparator("East reached 110% of its target in Q2.", "target")
True
>>> of_comparator("East reached 110% of its revenue.", "revenue")
False
>>> of_comparator("East reached 110% of its sales target.", "Target")
True
"""

from __future__ import annotations

import re

__all__ = ["COMPARATORS", "of_comparator"]

COMPARATORS = frozenset(
    "target goal budget plan forecast quota benchmark estimate expected baseline".split()
)
_OF = re.compile(
    r"(?i)(?:%|\bpercent|\bper\s+cent)\s+of\s+(?:its\s+|their\s+|the\s+|our\s+|his\s+|her\s+)?"
    r"(?P<words>(?:[a-z0-9-]+\s+){0,2}[a-z]+)\b"
)


def of_comparator(sentence: str, label: str) -> bool:
    """Whether ``sentence`` gives a percentage "of" the comparator ``label`` names (a label whose
    words are comparator words, named in the three words right after "% of" and its article)."""
    words = set(re.findall(r"[a-z]+", label.lower()))
    if not words or not words <= COMPARATORS:
        return False
    # (the comparator may follow a word or two: "of its sales target", "of its 2023 target")
    return any(
        not words.isdisjoint(m.group("words").lower().split()) for m in _OF.finditer(sentence)
    )
