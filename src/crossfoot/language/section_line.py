"""A line of generic words under a section, named by the section's words and its own.

"Other" names no row on its own (language.rowtokens.required_tokens: "other" is a word of any
sentence), but a table that repeats "Other" under "Domestic" and "International" is asked about
"domestic other" or "other international": the section's words with the line's generic word name
that one row. Used where a rule holds operands to the rows a question names
(rules._answer_focus.ratio_named, language.rowfocus.focus_group).

>>> from decimal import Decimal
>>> from crossfoot.model.types import SourceValue
>>> v = SourceValue(Decimal(5), "S1", row="Other", label="International: Other / 2019", table=0)
>>> names_section_line(v, "What is the ratio of other international to domestic services?")
True
>>> names_section_line(v, "What is the ratio of domestic other to domestic services?")
False
"""

from __future__ import annotations

from crossfoot.language.rowtables import section_of
from crossfoot.language.rowtokens import label_tokens, required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["names_section_line"]

_GENERIC_LINE = frozenset({"other", "others"})


def names_section_line(v: SourceValue, text: str) -> bool:
    """Whether ``text`` names ``v``'s generic row ("Other") by its section's words with it."""
    section = section_of(v)
    if section is None or not v.row:
        return False
    own = label_tokens(v.row)
    if not own or not own <= _GENERIC_LINE:
        return False
    need = required_tokens(section)
    return bool(need) and (need | own) <= set(tokens(text))
