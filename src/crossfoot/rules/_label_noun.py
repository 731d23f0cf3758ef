"""The nouns a table's label header gives its rows: "Rep" over a column of names, the key column
``rep`` of result rows.

A sentence that ranks rows calls them by a noun ("the top 3 reps"); ``language.extremes``'
fixed list of row nouns ("regions", "products") misses the many a user's table names itself, in
the header of its label column (a text table's corner cell) or the name of a result set's key
column. Those headers' words, with their plurals, are row nouns of that scope too.

>>> sorted(header_nouns("Sales rep")), sorted(header_nouns("Country"))
(['rep', 'reps', 'sales'], ['countries', 'country'])
>>> header_nouns("($ in millions)")
frozenset()
"""

from __future__ import annotations

import re
from functools import lru_cache

from crossfoot.model.context import ClaimContext
from crossfoot.model.memo import per_answer
from crossfoot.rules._rowsums_tables import scope_tables
from crossfoot.sources.tables import find_tables

__all__ = ["header_nouns", "label_nouns"]

# Words of a header that name no kind of row: units, scales, the words of a name column
_NOT_NOUNS = frozenset(
    "in of the and or a an for by to at on as per name names id ids label labels key keys item "
    "description total amount amounts value values usd eur gbp thousands millions billions "
    "thousand million billion year years fiscal fy".split()
)
_WORD = re.compile(r"[a-z]{2,}")


@lru_cache(maxsize=512)
def header_nouns(header: str) -> frozenset[str]:
    """A header's words that may name its rows, each with its plural forms (docstring above)."""
    out: set[str] = set()
    for w in _WORD.findall(header.lower()):
        if w not in _NOT_NOUNS:
            out.update((w, _plural(w)))
    return frozenset(out)


def _plural(noun: str) -> str:
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun  # ("Sales", "Units": already plural)
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


@lru_cache(maxsize=256)
def _corners(text: str) -> tuple[str, ...]:
    """The corner cell of each table of ``text`` (the header of its label column)."""
    return tuple(t.rows[0][0] for t in find_tables(text) if t.rows and t.rows[0])


def label_nouns(ctx: ClaimContext) -> frozenset[str]:
    """The row nouns the label headers of the claim's scope give (a text table's corner cell,
    a result set's key column), made once per scope."""
    return per_answer(ctx, "label_nouns", ctx.scope.sources, lambda _: _label_nouns(ctx))


def _label_nouns(ctx: ClaimContext) -> frozenset[str]:
    words: set[str] = set()
    for table in scope_tables(ctx):
        if table.key_name:
            words |= header_nouns(table.key_name)
    for source in ctx.scope.sources:
        if source.text:
            for corner in _corners(source.text):
                words |= header_nouns(corner)
    return frozenset(words)
