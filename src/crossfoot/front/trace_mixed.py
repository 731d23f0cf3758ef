"""Whether a derivation in a trace answer adds cells of different units: "only signups -
churned matches, and it combines different units" unless the sentence names both columns.

Two columns of one record's cells of one kind (two counts, or two amounts of one currency) may
be combined when the sentence says so: a share it names as a rate ("a return rate of 4.5%"), or
any share, difference or sum whose two columns it names ("1,610 signups less 77 churned",
"signups minus churn": a column is named by its words or a form of them).
"""

from __future__ import annotations

import re

from crossfoot.language.comparators import COMPARATORS
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Claim, SourceValue
from crossfoot.sources.rows import same_unit

__all__ = ["mixed_units"]

# Derivations that add or subtract their operands: meaningless across units.
_ADDITIVE = frozenset(
    {"sum", "difference", "average", "percent_change", "pp_change", "bps_change", "cagr", "share"}
)


def mixed_units(c: Claim, row_ids: frozenset[str]) -> str:
    """The column names when a passing claim's derivation adds cells of different units."""
    ev = c.evidence
    if not c.passed or ev is None or ev.kind not in _ADDITIVE or len(ev.operands) < 2:
        return ""
    ops = ev.operands
    if not all(o.source_id in row_ids and o.column is not None for o in ops):
        return ""
    if all(same_unit(ops[0], o) for o in ops[1:]) or _rate_of_record(c, ops):
        return ""
    return ", ".join(dict.fromkeys(o.column or "" for o in ops))


# A rate of two columns of one record: "a return rate of 4.5%" (returns / units), "a conversion
# rate" (orders / visits), "a cost ratio" (cost / revenue)
_RATE = re.compile(r"(?i)\b(?:rate|ratio|margin|yield)s?\b")


def _rate_of_record(c: Claim, ops: tuple[SourceValue, ...]) -> bool:
    """Whether two columns of one record's cells of one kind (two counts, or two amounts of one
    currency) are combined as the sentence says: a share it names as a rate (or by a column's
    verb: "converted at 1.5%"), or any share,
    difference or sum whose two columns it names ("1,610 signups less 77 churned")."""
    a, b = ops[0], ops[-1]
    if len(ops) != 2 or c.evidence is None or a.row_index != b.row_index:
        return False
    if a.kind != b.kind or a.currency != b.currency:
        return False
    named = _names_both(c.sentence.text, a, b) or _against_comparator(c.sentence.text, a, b)
    if named or c.evidence.kind != "share":
        return named
    text = c.sentence.text
    return _RATE.search(text) is not None or _verb_of(text, a) or _verb_of(text, b)


def _against_comparator(sentence: str, a: SourceValue, b: SourceValue) -> bool:
    """Whether one of the two columns is a comparator the sentence names by its word ("missed
    its target by 140", "110% of plan": language.comparators)."""
    words = frozenset(tokens(sentence))
    for v in (a, b):
        need = required_tokens(v.column or "")
        if need and need <= COMPARATORS and need <= words:
            return True
    return False


def _verb_of(sentence: str, part: SourceValue) -> bool:
    """Whether the sentence words a column of the share as a verb ("Social converted at
    1.5%" of a ``conversions`` column: a rate of it): a word of six letters or more that opens
    with the column word's first six."""
    need = required_tokens(part.column or "")
    if len(need) != 1:
        return False
    (col,) = need
    return len(col) >= 6 and any(len(w) >= 6 and w[:6] == col[:6] for w in tokens(sentence))


def _names_both(sentence: str, a: SourceValue, b: SourceValue) -> bool:
    """Whether the sentence names both columns ("returns were 4.5% of units")."""
    words = frozenset(tokens(sentence))
    return all(
        (need := required_tokens(v.column or "")) and all(_said(w, words) for w in need)
        for v in (a, b)
    )


def _said(word: str, words: frozenset[str]) -> bool:
    """Whether the sentence writes ``word`` or a form of it ("churn" for a column "churned",
    "signup" for "signups": one starts the other, four letters or more, up to three apart)."""
    return word in words or any(
        min(len(w), len(word)) >= 4
        and abs(len(w) - len(word)) <= 3
        and (w.startswith(word) or word.startswith(w))
        for w in words
    )
