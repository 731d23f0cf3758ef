"""The answer's figures read once more as a new user's sentences over a small table put them:
a ranked list of rows (:mod:`crossfoot.rules.ranked_list`), a year's halves against each other
(:mod:`crossfoot.rules.half_change`), a percent-change cell stated as a change without its "%"
(:mod:`crossfoot.rules.change_column`). Each reads the claims after every rule, and changes
only the ones it reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from crossfoot.model.types import Claim, SourceValue
from crossfoot.rules.change_column import change_cells
from crossfoot.rules.half_change import half_changes
from crossfoot.rules.ranked_list import ranked_lists

__all__ = ["worded_tables"]


def worded_tables(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with each reading of the module docstring applied in turn."""
    claims = ranked_lists(text, claims, values)  # "Top regions:\n1. North 4,637\n2. ..."
    claims = half_changes(text, claims, values)  # "H2 sales rose 31.6% over H1"
    return change_cells(text, claims, values)  # "Retail revenue grew 6.5" (a "% change" cell)
