"""A large percentage rounded to three significant digits, derived at its relative precision.

Answers round: "about 1,360%" for a change of 1,356.94 %. Written so, the figure states its
hundreds and tens only: a window of five points, coarser than the half point a percentage needs
to be derived (``derivable``), and "about" read to its last written digit (the unit) would
refuse the true value. Yet five points are 0.4 % of 1,360, as fine as "13.6%". A percentage of
100 or more stated to about three significant digits (its window at most 0.5 % of it) is derived
at that window, as an amount is, under the chance budget of that window
(``derivation_limit``): "about 150%" (3 %) still is not.
"""

from __future__ import annotations

from crossfoot.model.types import Mention
from crossfoot.rules._derive_shared import derivable
from crossfoot.rules._near import three_digits

__all__ = ["derivable_rounded"]

_HUNDRED = 100


def derivable_rounded(m: Mention, in_flat_mode: bool) -> bool:
    """``derivable(m, in_flat_mode)``, or a percentage of 100 or more stated to about three
    significant digits (its window at most 0.5 % of it).

    >>> from decimal import Decimal
    >>> pct = lambda v, p: Mention(f"{v}%", 0, 5, Decimal(v), "percent", Decimal(p))
    >>> derivable_rounded(pct(1360, 5), False), derivable_rounded(pct(150, 5), False)
    (True, False)
    """
    if derivable(m, in_flat_mode):
        return True
    return (
        not in_flat_mode
        and m.kind == "percent"
        and m.high is None
        and abs(m.value) >= _HUNDRED
        and three_digits(m)
    )
