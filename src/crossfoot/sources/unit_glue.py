"""A unit note whose spaces a PDF extraction dropped, read as the note it is.

"(inthousands)", "Dollarsinmillions", "$inmillions" are "(in thousands)", "Dollars in millions",
"$ in millions": :func:`crossfoot.sources.cells.unit_in_cell` reads a cell through
:func:`unglued` (the table stated its unit; a figure stated in thousands was ``unit_unstated``).

>>> unglued("(inthousands)"), unglued("Dollarsinmillions"), unglued("Margin")
('( in thousands)', 'Dollars in millions', 'Margin')
"""

from __future__ import annotations

import re

__all__ = ["unglued"]

_GLUED = re.compile(r"(?i)in(?=thousand|million|billion)")


def unglued(cell: str) -> str:
    """``cell`` with a space on each side of an "in" glued to a scale word; else unchanged."""
    low = cell.lower()  # (a substring gate: most cells hold no such note)
    if "inthousand" in low or "inmillion" in low or "inbillion" in low:
        return " ".join(_GLUED.sub(" in ", cell).split())
    return cell
