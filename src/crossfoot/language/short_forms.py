"""A column named by its initials or a common short form: "AOV" for *Average order value*,
"rev" for *Revenue*, "YoY" for *Year-over-year growth*, and the other way round ("average order
value" for a result set's ``aov`` field).

The row check tells a sentence's column by the column's own words (``language.rowtables.
_qualified_column``: "domestic revenue" names the *Domestic* column). A column written short, or
a sentence that writes it short, named nothing: "Mar AOV was 1,500" passed on the *Orders* cell
beside an *Average order value* column, and "Average order value was 48.00 in March" failed on
the right ``aov`` cell (its words name *orders*). :func:`short_named` gives the columns a
sentence names that way:

- the initials of two to five words in a row, on either side ("average order value" and
  ``aov``; "year-over-year" and "YoY"; stop words count: "click-through rate", "CTR");
- a short form of :data:`SHORT` ("rev" for "revenue", "qty" for "quantity", "avg" for
  "average"), on either side;
- a word cut short on either side, three letters or more, of a word at least two letters longer
  ("cust" for "customers", "conv" for "conversion").

A column is named so only as a whole: every word of a column of one word, the initials of all of
a column's words.

>>> short_named("Mar AOV was 1,500.", ("Orders", "Average order value"))
{'Average order value': frozenset()}
>>> sorted(short_named("Average order value was 48.00.", ("orders", "aov"))["aov"])
['average', 'order', 'value']
>>> sorted(short_named("Revenue was 5,600 in W2.", ("Sessions", "Rev")))
['Rev']
>>> sorted(short_named("North's YoY growth was 12.4%.", ("Revenue", "Year-over-year growth")))
['Year-over-year growth']
>>> sorted(short_named("Mar GM was 48.0.", ("Orders", "Gross margin")))
['Gross margin']
>>> short_named("Is it taxed on income?", ("Income tax",)), short_named("It rose.", ("IT",))
({}, {})
>>> sorted(short_named("North's YoY was 12.4%.", ("Revenue", "Year-over-year")))
['Year-over-year']
>>> short_named("Opex was 5,600.", ("Revenue", "Operating expenses", "Operating income"))
{'Operating expenses': frozenset()}
>>> sorted(short_named("Operating expenses were 5,600.", ("rev", "opex"))["opex"])
['expenses', 'operating']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from crossfoot.language.period_columns import MONTH_NUMBERS
from crossfoot.language.rowtokens import root

__all__ = ["SHORT", "short_forms_named", "short_named"]

#: Common short forms of a column's word (analytics and finance), each with its full word.
SHORT: dict[str, str] = {
    "rev": "revenue",
    "qty": "quantity",
    "amt": "amount",
    "avg": "average",
    "pct": "percent",
    "num": "number",
    "cnt": "count",
    "txn": "transaction",
    "txns": "transactions",
    "yr": "year",
    "mo": "month",
    "wk": "week",
    "qtr": "quarter",
    "mgmt": "management",
    "exp": "expense",
    "opex": "operating expenses",
    "capex": "capital expenditure",
    "cogs": "cost of goods sold",
}
# Each short form's full words (a full form may be several: "opex", "operating expenses").
_FULL: dict[str, tuple[str, ...]] = {k: tuple(v.split()) for k, v in SHORT.items()}
_WORD = re.compile(r"[a-z0-9]+")
_MIN_CUT = 3  # letters of a word cut short ("rev", "cust")
_INITIALS = range(2, 6)  # words whose initials make a short form (a run of 2 to 5)


@lru_cache(maxsize=4096)
def short_named(text: str, columns: Sequence[str]) -> dict[str, frozenset[str]]:
    """The ``columns`` that ``text`` names by a short form, or that it writes in full where the
    column is written short (module docstring), each with the words of ``text`` that spell it
    out ("average", "order", "value" for ``aov``): words that name no other column then."""
    said = tuple(_WORD.findall(text.lower()))
    if not said:
        return {}
    caps = frozenset(w.lower() for w in _CAPS.findall(text))
    runs = _initials(said)
    out: dict[str, frozenset[str]] = {}
    for col in columns:
        words = _WORD.findall(col.lower())
        if not words or any(w.isdigit() for w in words) or all(w in said for w in words):
            continue  # (a column of numbers, or named in full: the plain reading's)
        spelt = _short_column(words, said, runs)
        if spelt is None and _short_sentence(words, said, caps):
            spelt = frozenset()
        if spelt is not None:
            out[col] = spelt
    return out


def _short_column(
    words: list[str], said: tuple[str, ...], runs: dict[str, tuple[str, ...]]
) -> frozenset[str] | None:
    """The words of ``said`` that spell out the column, when every word of the column is a word
    of ``said`` or a short form of some (the initials of a run, :data:`SHORT`, a cut): ``aov``,
    "Rev", "YoY growth"; else None."""
    spelt: set[str] = set()
    for w in words:
        if w in said:
            continue
        if len(w) >= _MIN_INITIALS and w in runs:
            spelt.update(runs[w])
            continue
        if w in SHORT and all(x in said for x in _FULL[w]):
            spelt.update(_FULL[w])  # (every word of a full form: "opex", "operating expenses")
            continue
        cut = next((x for x in said if _cut(w, x)), None)
        if cut is None:
            return None
        spelt.add(cut)
    return frozenset(spelt)


def _short_sentence(words: list[str], said: tuple[str, ...], caps: frozenset[str]) -> bool:
    """Whether ``said`` writes a run of two or more of the column's words by its initials (or a
    word by its :data:`SHORT` form, or cut) and the rest in full: "AOV", "YoY growth", "avg
    order value"."""
    for i in range(len(words)):
        for j in range(i + 2, min(len(words), i + _INITIALS.stop - 1) + 1):
            short = "".join(w[0] for w in words[i:j])
            if short in said and (len(short) >= _MIN_INITIALS or short in caps):
                if all(w in said for w in (*words[:i], *words[j:])):
                    return True
    full = {x for w in said if w in SHORT for x in _FULL[w]}
    return bool(full) and all(w in said or w in full for w in words)


def _initials(said: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The initials of every run of two to five words of ``said`` ("yoy": "year over year")."""
    return {
        "".join(w[0] for w in said[i : i + n]): said[i : i + n]
        for n in _INITIALS
        for i in range(len(said) - n + 1)
    }


def _cut(a: str, b: str) -> bool:
    """Whether one of ``a`` and ``b`` is the other cut short: three or four letters, at least
    three letters shorter, and no inflection ("rev" of "revenue", "cust" of "customers"; never
    "tax" of "taxes" or "taxing"); a month written short only of its month ("mar" of "march",
    never of "marketing"; "dec" never of "decrease").

    >>> _cut("mar", "marketing"), _cut("sep", "separate"), _cut("sep", "september")
    (False, False, True)
    """
    short, full = (a, b) if len(a) < len(b) else (b, a)
    if short in MONTH_NUMBERS and MONTH_NUMBERS[short] != MONTH_NUMBERS.get(full):
        return False
    return (
        _MIN_CUT <= len(short) <= _MAX_CUT
        and len(full) >= len(short) + 3
        and short.isalpha()
        and full.startswith(short)
        and full[len(short) :] not in _ENDINGS
    )


_ENDINGS = frozenset({"ing", "ers", "ies", "ings", "ness", "ment", "ments"})
_CAPS = re.compile(r"\b[A-Z][A-Za-z]*[A-Z]\b")  # "GM", "YoY", "AOV": written in capitals
_MIN_INITIALS = 3  # (two letters only when written in capitals: "it", "us" are words)
_MAX_CUT = 4


def short_forms_named(
    named: set[str], qualifiers: Sequence[tuple[str, frozenset[str]]], text: str
) -> set[str]:
    """``named`` (the columns whose roots the sentence holds) with the ``qualifiers`` columns
    ``text`` names by a short form, less a named column whose words only spell another out
    (*orders* is not named by "average order value" when an ``aov`` column is)."""
    if not text or not qualifiers:
        return named
    short = short_named(text, tuple(col for col, _ in qualifiers))
    if not short:
        return named
    spelt = {root(w) for words in short.values() for w in words}
    need = dict(qualifiers)
    kept = {col for col in named if col in short or not need.get(col, frozenset()) <= spelt}
    return kept | set(short)
