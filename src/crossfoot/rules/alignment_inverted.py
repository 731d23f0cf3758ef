"""A quotient turned upside down: the question names its top and its bottom, the figure
divides the bottom by the top.

"What is the ratio of net income to operating income in 2024?" asks for net income over
operating income (0.73); "1.38" is operating income over net income, right arithmetic on the
right cells, and another question's answer. When the question names both sides of a quotient
(``language.asked_sides``: "the ratio of A to B", "A divided by B", "A as a percentage of B")
and the figure is a quotient of two lines of one table (read as numerator over base by its
result), each line named by the words of its label the other lacks, the figure is
``off_question`` when its numerator's line is named only on the question's base side and its
base's line only on the numerator side.

>>> import json, crossfoot
>>> grid = [["", "2024"], ["Operating income", "882"], ["Net income", "640"]]
>>> q = "What is the ratio of net income to operating income in 2024?"
>>> crossfoot.check("The ratio is 0.73.", [json.dumps(grid)], question=q).passed
True
>>> crossfoot.check("The ratio is 1.38.", [json.dumps(grid)], question=q).claims[0].status
'off_question'
"""

from __future__ import annotations

from crossfoot.language.asked import Ask
from crossfoot.language.asked_sides import read_sides
from crossfoot.language.rowtokens import label_tokens, required_tokens, tokens
from crossfoot.model.types import SourceValue

__all__ = ["inverted_misfit"]


def inverted_misfit(
    ask: Ask, num: SourceValue, base: SourceValue, num_line: str, base_line: str
) -> str | None:
    """Why the quotient ``num`` / ``base`` (lines ``num_line`` and ``base_line`` of one table)
    answers the question upside down, or None (see the module docstring)."""
    sides = read_sides(ask.text)
    if sides is None or not sides.quotient or sides.back:
        return None
    # Each line is named by the words of its label the other lacks ("net" tells "Net income"
    # from "Operating income" here, though a question may leave it out elsewhere).
    tn, tb = label_tokens(num_line), label_tokens(base_line)
    own_num = (required_tokens(num_line) - tb) or tn - tb
    own_base = (required_tokens(base_line) - tn) or tb - tn
    if not own_num or not own_base:
        return None
    left, right = frozenset(tokens(sides.left)), frozenset(tokens(sides.right))
    if own_num <= right and own_base <= left and not own_num <= left and not own_base <= right:
        return (
            f"the question divides {base_line} by {num_line}; this figure divides "
            f"{num.label or num_line} by {base.label or base_line}"
        )
    return None
