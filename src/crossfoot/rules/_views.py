"""Which unit view a figure of running text belongs to, for derivations.

A cell under a unit header gives two values, its digits as written ("454,115" under "(in
thousands)") and the amount they stand for (454,115,000); a derivation combines values of one
view only (``_derive_kinds.views_compatible``). A figure of running text has one value, in the
"both" view, and so combines with either. But a figure written with its scale word ("$6.4
million", "2.2 billion") states the amount itself: with the written digits of a cell it mixes
units ("454,115 / 6,400,000 = 0.0710" for amounts of 454 and 6.4 million), and such a quotient
meets a moved figure by chance as easily as any. So it combines with a cell's amount only.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.model.types import SourceValue
from crossfoot.rules._derive_kinds import views_compatible

__all__ = ["scaled_prose", "views_agree"]

# A figure of running text read with a scale word is stated to a half unit of 50 or more ("5.2
# thousand"); plain digits ("6,400,000", "12.5") to half a unit or finer.
_SCALED = Decimal("0.5")


def scaled_prose(v: SourceValue) -> bool:
    """Whether ``v`` is a figure of running text written with a scale word ("$6.4 million").

    >>> scaled_prose(SourceValue(Decimal(6_400_000), "S2", span=(0, 12), precision=Decimal(50_000)))
    True
    >>> scaled_prose(SourceValue(Decimal(454), "S2", span=(0, 3), precision=Decimal("0.5")))
    False
    """
    return v.span is not None and v.table is None and v.precision > _SCALED


def views_agree(a: SourceValue, b: SourceValue) -> bool:
    """Whether ``a`` and ``b`` may combine: one unit view (``views_compatible``), and no figure
    of running text written with its scale word beside a cell's digits as written."""
    if not views_compatible(a, b):
        return False
    if a.view == "written":
        return not scaled_prose(b)
    if b.view == "written":
        return not scaled_prose(a)
    return True
