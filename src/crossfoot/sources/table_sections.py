"""Where a section of a table ends: at its total row.

A section row ("Operating expenses:", "Purchase obligations:") prefixes the labels of the rows
below it (:mod:`crossfoot.sources.table_read`) until the next section row. Filings close a
section with its total ("Total operating expenses") and go on with rows of their own ("Income
from operations", "Net income"), or with a grand total of the whole table ("Total contractual
obligations" after the purchase obligations): those rows are no part of the section. A total
row is the section's own when it is a bare "Total" or holds the section's words; the rows after
it are outside the section, and so is a total row of other words.

>>> row_section("Operating expenses", "Research and development")
('Operating expenses', 'Operating expenses')
>>> row_section("Operating expenses", "Total operating expenses")
('Operating expenses', '')
>>> row_section("Purchase obligations", "Total contractual obligations")
('', '')
>>> row_section("Finite-lived intangible assets", "Total")
('Finite-lived intangible assets', '')
"""

from __future__ import annotations

import re

from crossfoot.language.rowtokens import required_tokens, tokens

__all__ = ["row_section"]

_TOTAL = re.compile(r"(?i)^\s*total\b")


def row_section(section: str, row_label: str) -> tuple[str, str]:
    """The section of a row of figures labelled ``row_label`` under ``section``, and the section
    of the rows after it (see the module docstring)."""
    if not section or _TOTAL.match(row_label) is None:
        return section, section
    own = required_tokens(section)
    if not required_tokens(row_label) or (own and own <= frozenset(tokens(row_label))):
        return section, ""
    return "", ""
