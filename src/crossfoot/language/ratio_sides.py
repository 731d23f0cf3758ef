"""Which quantity a question divides by which: the two sides of an asked ratio or share.

"What was the ratio of licence revenue to service revenue?", "the liability to asset ratio",
"service revenue as a percentage of total revenue", "What percentage of total revenue was
service revenue?": the first side is the numerator, the second the denominator. The words are
the question's own; :mod:`crossfoot.rules.ratio_order` compares them with the row labels of the
answer's operands. A question that names no order ("the ratio between A and B") gives none.
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.model.wordgate import FOLDS_TO_ASCII

__all__ = ["ratio_sides"]

# Where a side's phrase stops: a year or period, a comma, the question's end.
_STOP = r"(?=\s+(?:in|for|at|as\s+of|during|on|over|between|from)\s|[?.,;:]|$)"
_SHARE = r"(?:percentage|percent|proportion|share|fraction|portion|ratio|%)"
_FORMS = (
    # "the ratio of A to B", "the ratio of A over B"
    re.compile(rf"(?i)\bratio\s+of\s+(?P<a>.+?)\s+(?:to|over|against)\s+(?P<b>.+?){_STOP}"),
    # "A as a percentage of B", "A as a share of the B"
    re.compile(
        rf"(?i)^(?:.*?\b(?:is|was|were|are)\s+)?(?P<a>.+?)\s+as\s+an?\s+{_SHARE}\s+of\s+"
        rf"(?P<b>.+?){_STOP}"
    ),
    # "What percentage of B was A", "what proportion of B is made up by A"
    re.compile(
        rf"(?i)\bwhat\s+{_SHARE}\s+of\s+(?P<b>.+?)\s+(?:is|was|were|are)\s+"
        rf"(?:made\s+up\s+(?:of|by)\s+|accounted\s+for\s+by\s+)?(?P<a>.+?){_STOP}"
    ),
    # "the proportion of A in total B", "the percentage of A over B": a base after "in" only
    # when it names a total ("the percentage of revenue in Europe" is Europe's share of revenue)
    re.compile(
        rf"(?i)\b{_SHARE}\s+of\s+(?P<a>.+?)\s+(?:(?:in|within|out\s+of)\s+(?=(?:the\s+)?"
        rf"(?:total|overall|combined)\b)|over\s+|to\s+)(?P<b>.+?){_STOP}"
    ),
    # "the liability to asset ratio", "the debt-to-equity ratio"
    re.compile(
        r"(?i)\b(?P<a>[a-z][\w'&]*(?:\s+[a-z][\w'&]*)?)[\s-]+to[\s-]+"
        r"(?P<b>[a-z][\w'&]*(?:\s+[a-z][\w'&]*)?)\s+ratio\b"
    ),
)


_ARTICLE = re.compile(r"(?i)^(?:the|a|an)\s+")

# Every match of a form holds one of its words (in any case) as consumed characters: forms 0
# and 4 "ratio", forms 1 to 3 a word of _SHARE. A question holding none skips the form's search
# (forms 1 and 4 try every start of a question: ~12 us each on most questions, which ask no
# ratio). Exact where ``lower()`` keeps the ASCII letters where they are: a question with a
# character that IGNORECASE matches to an ASCII letter (``FOLDS_TO_ASCII``) runs every form.
_SHARE_WORDS = ("percent", "portion", "share", "fraction", "ratio", "%")  # ("portion" in "pro-")
_NEEDS = (("ratio",), _SHARE_WORDS, _SHARE_WORDS, _SHARE_WORDS, ("ratio",))
_FOLDS = re.compile(f"[{FOLDS_TO_ASCII}]")


def _forms(question: str) -> list[re.Pattern[str]]:
    """The forms that may match ``question``: those holding one of their words (all of them
    when the question holds a character that folds to an ASCII letter)."""
    if not question.isascii() and _FOLDS.search(question) is not None:
        return list(_FORMS)
    low = question.lower()
    return [f for f, words in zip(_FORMS, _NEEDS, strict=True) if any(w in low for w in words)]


@lru_cache(maxsize=1024)  # one question is read for every figure of its answer
def ratio_sides(question: str) -> tuple[str, str] | None:
    """The numerator's and the denominator's words of the ratio or share the question asks for,
    or None when it names no order.

    >>> ratio_sides("What was the ratio of licence revenue to service revenue in 2021?")
    ('licence revenue', 'service revenue')
    >>> ratio_sides("What percentage of total revenue was service revenue in 2021?")
    ('service revenue', 'total revenue')
    >>> ratio_sides("What is the liability to asset ratio as of December 31, 2019?")
    ('liability', 'asset')
    >>> ratio_sides("What is the proportion of product revenue in total revenue in 2021?")
    ('product revenue', 'total revenue')
    >>> ratio_sides("What is the percentage of revenue in Europe?") is None
    True
    >>> ratio_sides("What was the ratio between sales and costs?") is None
    True
    """
    for form in _forms(question):
        m = form.search(question)
        if m is not None:
            a, b = (_ARTICLE.sub("", m.group(k).strip()) for k in ("a", "b"))
            if a and b:
                return a, b
    return None
