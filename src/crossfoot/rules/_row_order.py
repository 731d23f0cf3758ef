"""One named row against another in a sentence with no figure: "Services revenue exceeded product
revenue in 2021" (rules.worded_rows says what it claims).

>>> from crossfoot import check
>>> t = ('[["(in millions)", "2021", "2020"], ["Product revenue", "600", "480"],'
...      ' ["Services revenue", "400", "320"]]')
>>> check("Product revenue exceeded services revenue in 2021.", [t]).passed
True
>>> check("Services revenue exceeded product revenue in 2021.", [t]).passed
False
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal

from crossfoot.language.row_compare import comparison_spans
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import YEAR as _YEAR
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules.comparisons import FIGURE_NEXT, NEGATED

__all__ = [
    "compared_rows",
    "may_compare",
    "named_rows",
    "one_part",
    "row_pair",
    "word_mention",
    "year_span",
]

_MORE = (
    r"outsold|outsells?|outperformed|exceeded|exceeds|surpassed|topped|"
    r"(?:was|were|is|are|remained|stayed)\s+(?:higher|greater|larger|bigger)\s+than|"
    r"(?:was|were|is|are|remained|stayed)\s+above"
)
_LESS = (
    r"trailed|trails|underperformed|fell\s+short\s+of|"
    r"(?:was|were|is|are|remained|stayed)\s+(?:lower|smaller)\s+than|"
    r"(?:was|were|is|are|remained|stayed)\s+below"
)
_COMPARE = re.compile(rf"(?i)\b(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\b")
_GATES = (
    "than", "exceed", "outs", "perform", "surpass", "topped", "trail", "above", "below", "short of"
)  # fmt: skip
_ALL_YEARS = re.compile(r"(?i)\b(?:every|each|both|all)\s+(?:of\s+the\s+)?(?:\w+\s+)?years?\b")
_Row = tuple[str, int | None, int]


def may_compare(text: str) -> bool:
    """A cheap gate: whether ``text`` (in lower case) may hold a comparison word of this
    module."""
    return any(g in text for g in _GATES)


def named_rows(part: str, values: Sequence[SourceValue]) -> dict[_Row, dict[int, SourceValue]]:
    """The rows ``part`` names, each with its cells by year (the view as written): rows whose
    required words it holds, the fullest of each table only ("Product revenue", not "Total
    revenue", for "product revenue")."""
    said = frozenset(tokens(part))
    rows: dict[_Row, dict[int, SourceValue]] = {}
    best: dict[tuple[str, int | None], int] = {}
    sizes: dict[str, int] = {}
    for v in values:
        if v.year is None or not v.row or v.row_index is None or v.kind == "year":
            continue
        size = sizes.get(v.row)
        if size is None:
            req = required_tokens(v.row)
            size = sizes[v.row] = len(req) if req and req <= said else 0
        if size == 0 or size < best.get((v.source_id, v.table), 0):
            continue
        best[(v.source_id, v.table)] = size
        cells = rows.setdefault((v.source_id, v.table, v.row_index), {})
        if v.view == "written" or v.year not in cells:  # (the figures as the table shows)
            cells[v.year] = v
    kept = {
        k: cells
        for k, cells in rows.items()
        if sizes[next(iter(cells.values())).row or ""] == best[k[:2]]
    }
    return _long_rows(kept) if len(kept) > 1 else kept


_Cells = dict[int, SourceValue]


def row_pair(
    before: str, after: str, values: Sequence[SourceValue]
) -> tuple[tuple[_Row, _Cells], tuple[_Row, _Cells]] | None:
    """The one row ``before`` a comparison word names and the one ``after`` it names, two rows
    of one table, each with its cells by year (:func:`named_rows`); else None (one row, none,
    several, or rows of two tables). Shared by the figure-free comparisons: ``compared_rows``,
    ``rules._row_crossing``, ``rules._growth_order``."""
    firsts = named_rows(before, values)
    seconds = named_rows(after, values)
    if len(firsts) != 1 or len(seconds) != 1:
        return None
    (ka, a), (kb, b) = next(iter(firsts.items())), next(iter(seconds.items()))
    if ka == kb or ka[:2] != kb[:2]:
        return None
    return (ka, a), (kb, b)


def one_part(rows: Mapping[_Row, object], fewest: int = 1, most: int = 3) -> bool:
    """Whether :func:`named_rows`' ``rows`` are ``fewest`` to ``most`` rows of one table, as
    the rules that read them as one part of a column take them (more read as a list)."""
    return fewest <= len(rows) <= most and len({k[:2] for k in rows}) == 1


def _long_rows(
    rows: dict[_Row, dict[int, SourceValue]],
) -> dict[_Row, dict[int, SourceValue]]:
    """``rows`` with the lines of one label and table merged when each holds other years: a
    result set in the long shape (region, year, value) gives a row a line per year."""
    merged: dict[tuple[str, int | None, str], _Row] = {}
    out: dict[_Row, dict[int, SourceValue]] = {}
    for k, cells in rows.items():
        label = (k[0], k[1], next(iter(cells.values())).row or "")
        first = merged.get(label)
        if first is not None and not set(out[first]) & set(cells):
            out[first] = {**out[first], **cells}
            continue
        merged.setdefault(label, k)
        out[k] = cells
    return out


def word_mention(word: str, at: int, count: int) -> Mention:
    """The claim's mention of a figure-free reading: the word that says it ("exceeded", "grew")
    at offset ``at`` of the answer, its value the count of periods or rows it is held to.

    >>> word_mention("grew", 6, 3).value
    Decimal('3')
    """
    return Mention(word, at, at + len(word), Decimal(count), "number", Decimal(0))


def compared_rows(text: str, s: Sentence, values: Sequence[SourceValue]) -> list[Claim]:
    """The claims of the sentence's figure-free comparisons of two named rows (module
    docstring), one a comparison word, each over the rows and years of its own stretch
    (``language.row_compare.comparison_spans``): "A exceeded B in 2021, while C trailed B"
    holds two."""
    sentence = text[s.start : s.end]
    found = list(_COMPARE.finditer(sentence))
    claims: list[Claim] = []
    for m, (lo, hi) in zip(found, comparison_spans(sentence, found), strict=True):
        if NEGATED.search(sentence, 0, m.start()) or FIGURE_NEXT.match(sentence, m.end()):
            continue
        claim = _compared(s, sentence, m, lo, hi, values)
        if claim is not None:
            claims.append(claim)
    return claims


def _compared(
    s: Sentence, sentence: str, m: re.Match[str], lo: int, hi: int, values: Sequence[SourceValue]
) -> Claim | None:
    """The claim of comparison ``m``, its rows named within ``sentence[lo:hi]``; or None."""
    pair = row_pair(sentence[lo : m.start()], sentence[m.end() : hi], values)
    if pair is None:
        return None  # one row, or rows of two tables
    (_, a), (_, b) = pair
    common = sorted(set(a) & set(b))
    # the years its own stretch names (else the sentence's: "..., and B trailed C in 2021")
    own = sentence[lo:hi]
    said = own if _YEAR.search(own) or _ALL_YEARS.search(own) else sentence
    named = sorted({int(y) for y in _YEAR.findall(said)})
    if named:
        years = [y for y in named if y in common]
        if len(years) != len(named):
            return None
    elif _ALL_YEARS.search(said) or len(common) == 1:
        years = common
    else:
        return None
    if not years:
        return None
    more = m.group("more") is not None
    word = m.group(0)
    start = s.start + m.start()
    mention = word_mention(word, start, len(years))
    cells = tuple(v for y in years for v in (a[y], b[y]))
    formula = "; ".join(
        f"{y}: {format_decimal(a[y].value)} vs {format_decimal(b[y].value)}" for y in years
    )
    ev = Evidence("compare", "order", f"{a[years[0]].row} vs {b[years[0]].row}: {formula}", cells)
    for y in years:
        if (a[y].value > b[y].value) != more or a[y].value == b[y].value:
            side = "not above" if more else "not below"
            message = (
                f'"{word}" puts {a[y].row} {"above" if more else "below"} {b[y].row}, but in {y} '
                f"{format_decimal(a[y].value)} is {side} {format_decimal(b[y].value)}"
            )
            return Claim(mention, s, "contradicted", ev, message)
    return Claim(mention, s, "derived", ev)


def year_span(sentence: str, years: Sequence[int], held_before: bool) -> tuple[int, int] | None:
    """The two years a figure-free movement or comparison of rows runs between: the two the
    sentence names; the one it names and the year before it (with ``held_before``, the latest of
    ``years`` before it); else the last two of ``years`` (in order). None when ``years`` does not
    hold both (rules._growth_order, rules._only_moved).

    >>> year_span("in 2023", [2021, 2023], False), year_span("in 2023", [2021, 2023], True)
    (None, (2021, 2023))
    """
    named = sorted({int(y) for y in _YEAR.findall(sentence)})
    if len(named) == 2:
        pair = (named[0], named[1])
    elif len(named) == 1:
        earlier = [y for y in years if y < named[0]] if held_before else [named[0] - 1]
        if not earlier:
            return None
        pair = (earlier[-1], named[0])
    elif not named and len(years) >= 2:
        pair = (years[-2], years[-1])
    else:
        return None
    return pair if pair[0] in years and pair[1] in years else None
