"""Whether the one year a claim's sentence states is the base its change is measured from.

"Revenue was 3.1% above the 2022 level", "grew 12% from 2022": the year starts the change. So
does the year of the base's own figure: "Cost of revenue increased 9.5% from $171.3 million in
2018" is the change from 2018 to 2019, not into 2018 (analysts write the base with its figure:
"an increase of $16.3 million, or 9.5%, from $171.3 million in 2018"). The claim's own figure is
never its base: "slowed from 6.0% in 2024 to 5.8% in 2025" states 6.0% of 2024.

>>> from decimal import Decimal
>>> from crossfoot.model.context import ClaimContext, Scope
>>> from crossfoot.model.index import ValueIndex
>>> from crossfoot.model.options import Options
>>> from crossfoot.model.types import Mention, Sentence
>>> text = "Cost of revenue increased 9.5% from $171.3 million in 2018."
>>> m = Mention("9.5%", 26, 30, Decimal("9.5"), "percent", Decimal("0.05"))
>>> g = ValueIndex([])
>>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
...     Scope((), False, g, (g,)), Options())
>>> base_year(ctx, 2018), base_year(ctx, 2019)
(True, False)
"""

from __future__ import annotations

import re

from crossfoot.model.context import ClaimContext

__all__ = ["base_year"]


# A quarter, half or month before the year ("compared with Q3 2022", "from the third quarter of
# 2022", "than in March 2022"): the base is still of that year.
_SUB_PERIOD = (
    r"(?:(?:q[1-4]|h[12])\s*'?\s*|(?:first|second|third|fourth)\s+(?:quarter|half)\s+(?:of\s+)?"
    # (a month's name or its abbreviation whole: "mar..." of "the market 2023 average" is none)
    r"|(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+)?"
)
# A year stated as the base a change is measured from: "from 2022", "than the 2022 level",
# "higher than in 2022", "above the 2022 figure" (its side is the direction:
# language.base_side), and the whole a percentage is of: "62, which is 7.6% of the 2018 value";
# a quotient's bottom worded as arithmetic: "the change divided by the 2018 value", "in relation
# to the 2018 one".
_BASE_YEAR = re.compile(
    r"(?i)(?:\b(?:than|from|over|versus|vs\.?|compared\s+(?:with|to)|since|relative\s+to|"
    r"against|divided\s+by|in\s+relation\s+to|above|below)|(?:%|\bpercent|\bper\s+cent)\s+of)"
    r"\s+(?:(?:in|for|during)\s+)?(?:the\s+|its\s+|their\s+)?"
    + _SUB_PERIOD
    + r"(?:fiscal\s+|fy\s*)?(?:19|20)\d\d\b"
)
# ... and the base's own figure before its year: "from $171.3 million in 2018", "compared with
# 4,210 units for fiscal 2023" (the year is the base's, not the change's).
_BASE_FIGURE_YEAR = re.compile(
    r"(?i)\b(?:than|from|over|versus|vs\.?|compared\s+(?:with|to)|relative\s+to|against)\s+"
    r"(?:a\s+|an\s+)?(?P<fig>(?:[$\u20ac\u00a3\u00a5]\s?)?\(?-?\d[\d,]*(?:\.\d+)?\)?\s*"
    r"(?:%|percent|per\s+cent|thousand|million|billion|[mkb]n?\b)?)\s*"
    r"(?:in|at|for|during|as\s+of)\s+(?:the\s+)?"
    + _SUB_PERIOD
    + r"(?:fiscal\s+(?:year\s+)?|fy\s*)?"
    r"(?P<year>(?:19|20)\d\d)\b"
)


def base_year(ctx: ClaimContext, year: int) -> bool:
    """Whether the one year the claim's sentence states is the base of a comparison: right
    after "from", "than" ... (or "% of"), or after the base's own figure when that figure is
    not the claim itself ("slowed from 6.0% in 2024 to 5.8% in 2025": 6.0% is of 2024)."""
    s, m = ctx.sentence, ctx.mention
    if _BASE_YEAR.search(s.text) is not None:
        return True
    for hit in _BASE_FIGURE_YEAR.finditer(s.text):
        at = s.start + hit.start("fig")
        if int(hit.group("year")) == year and not at <= m.start < s.start + hit.end("fig"):
            return True
    return False
