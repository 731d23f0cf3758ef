"""Which period: a year the answer gives for a superlative or a bar must be the one the data says.

"In which year was Total Other largest?" answered "Answer: 2019" over a row of 89 (2019), 95
(2018) and 82 (2017); "Which years had X greater than 8,200?" answered with one of two years;
the answer's own sentence "Total Other was largest in 2019." after it listed the three values.
Every figure of such an answer is right; the year is wrong. Users ask analytics assistants this
constantly ("which quarter had the highest revenue"), and a year is no claim of its own (years
are read as dates), so the answer is read as a whole, after the rules:

- **the question's condition**: a which-year question ("in which year", "which years", "what
  period") with a superlative or a comparative without a bar ("largest", "highest", "most",
  "lowest", "least", "higher") asks for the year whose value of the row it names is the extreme
  (among the years it names, if it names any); with a bar ("greater than $8,200", "less than
  100") for every year past the bar. The years after the answer marker ("Answer: 2019") are the
  answer: one year for an extreme, the full set for a bar; so is an answer that is nothing but
  years ("2019", "In 2018.", "FY2018", "2019 and 2018"), the usual shape of a short answer;
- **the answer's own sentence**: "X was largest in 2019" (one year, a superlative word) is
  checked over the figures the answer states for one row in several years (as it writes them, and
  as the cells behind them are signed: both must agree), else over the row the question names.

The values are one row's, one per year (:func:`crossfoot.rules.which_years.one_line`); no row
named, several candidate rows, two values of one year, a year the row lacks, an ordinal ("second
highest") or negative values (a cost shown negative: is the largest the least negative?) leave the
answer alone: no verdict, never a guess. A wrong year joins the claims as ``contradicted``, with
the year and value the data gives; a right one adds no claim.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.direction import parenthesized_aside
from crossfoot.language.extremes import RANK_NOUN
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.superlatives import BOTTOM, LEAST, MOST, PEAK, words
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._month_rank import ranked_months
from crossfoot.rules._named import Named, value_years
from crossfoot.rules._period_rank import ranks_the_year, sentence_row_line
from crossfoot.rules._quarter_rank import ranked_quarters
from crossfoot.rules.alignment import marker_end
from crossfoot.rules.counts import bar_values, question_bar
from crossfoot.rules.which_years import asks_which_years, one_line, wrong_years

__all__ = ["answer_start", "own_points", "which_period"]

# (the superlatives: language.superlatives, one list; with a line's own peak and bottom)
_MOST = words((*MOST, *PEAK))
_LEAST = words((*LEAST, *BOTTOM))
_MORE = r"higher|larger|greater|bigger|more"
_LESS = r"lower|smaller|less|fewer"
# (most answers hold none of these words: the gate spares the pattern, ~40-100 us an answer)
_EXTREME = WordGated(
    re.compile(
        rf"(?i)\b(?:(?P<most>{_MOST})|(?P<least>{_LEAST})|(?P<more>{_MORE})|(?P<less>{_LESS}))\b"
    ),
    tuple(
        "larg high great big strong most maximum peak top low small weak least few minimum"
        " bottomed more less".split()
    ),
)
# "the second highest", "the next largest": not the extreme.
_ORDINAL = re.compile(r"(?i)\b(?:second|third|fourth|fifth|2nd|3rd|4th|next)[\s-]+$")
_THAN = re.compile(r"(?i)^\s*than\b")
# An answer that is nothing but years ("2018", "In 2019.", "2019 and 2018"): the answer itself,
# as the years after an answer marker are. Years are found by the reader (FY2018 too); the rest
# may only join them.
_JOINERS = re.compile(r"(?i)(?:[\s,.;:&/()\[\]'\"*-]|\b(?:and|or|in|fiscal|fy|years?|both)\b)*")
_WINDOW = 24  # figures before a superlative read for the row it compares


def which_period(
    ask: Ask | None,
    asked: tuple[Mention, ...],
    text: str,
    sentences: Sequence[Sentence],
    mentions: Sequence[Mention],
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """``claims`` and a ``contradicted`` claim for each year the answer gives wrongly for a
    superlative or a bar (see the module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2019", "2018", "2017"], ["Total Other", "89", "95", "82"]]'
    >>> a = "Total Other was 89 in 2019, 95 in 2018 and 82 in 2017. It was largest in 2019."
    >>> check(a, [t]).claims[-1].message
    'the largest is 95 (2018), not 89 (2019)'
    """
    added: list[Claim] = []
    # "highest in Q1, at $18.2m": a quarter is no claim; its figure carries the verdict
    claims = ranked_quarters(text, sentences, list(claims), values, _condition)
    claims = ranked_months(text, sentences, claims, values, _condition)  # (and halves)
    years = [m for m in mentions if m.kind == "year"]
    if not years:
        return list(claims)
    # Named reads every value's labels: made only for an answer that has a use for it
    final = ask is not None and ask.figure and asks_which_years(ask)
    named = Named(ask, values) if ask is not None and (final or _EXTREME.search(text)) else None
    if final and ask is not None and named is not None:
        added += _final_years(ask, asked, text, sentences, years, values, named, claims)
    seen = {(c.mention.start, c.mention.end) for c in added}
    starts = [m.start for m in years]
    at = [c.mention.start for c in claims]
    asked_years = ask.years if ask is not None else frozenset()
    two = ask is not None and len(asked_years) == 2 and asks_which_years(ask)
    # (no word of _EXTREME in the whole answer: in none of its sentences; most answers)
    for s in () if _EXTREME.absent(text) else sentences:
        # the years of the sentence, and the answer's last figures before it (a bounded window:
        # the figures a superlative compares are stated just before it)
        inside = years[bisect_left(starts, s.start) : bisect_left(starts, s.end)]
        if not _EXTREME.search(text, s.start, s.end):
            continue
        part = s
        if len({int(m.value) for m in inside}) != 1:
            # "Which year had higher X, 2019 or 2018?" answered "X was 874 in 2019 versus 812
            # in 2018, so 2018 was higher": the clause of the comparative names the answer
            found = _conclusion(text, s) if two else None
            if found is None:
                continue
            part = found
            inside = years[bisect_left(starts, part.start) : bisect_left(starts, part.end)]
            if len({int(m.value) for m in inside}) != 1 or int(inside[0].value) not in asked_years:
                continue
        k = bisect_left(at, part.start)
        earlier = claims[max(0, k - _WINDOW) : k]
        c = _sentence_extreme(ask, named, text, s, part, inside, earlier, claims, values, two)
        if c is not None and (c.mention.start, c.mention.end) not in seen:
            added.append(c)
    if not added:
        return list(claims)
    return sorted([*claims, *added], key=lambda c: c.mention.start)


def answer_start(text: str, years: Sequence[Mention] = ()) -> int | None:
    """Where the answer's final answer starts: after the last answer marker ("Answer: 2019"),
    or 0 when the whole text is years and the words that join them ("2018", "In 2019.", "2019
    and 2018", given as ``years``' spans, or found as four-digit years); None otherwise.

    >>> answer_start("X was 95 in 2018.\\nAnswer: 2018"), answer_start("In 2018.")
    (25, 0)
    >>> answer_start("X was largest in 2018.") is None
    True
    """
    at = marker_end(text)
    if at is not None:
        return at
    spans = [(m.start, m.end) for m in years] or [
        y.span() for y in re.finditer(r"(?<![\d.,])(?:19|20)\d\d(?![\d.,]\d)", text)
    ]
    if not spans:
        return None
    rest, pos = [], 0
    for a, b in spans:
        rest.append(text[pos:a])
        pos = b
    rest.append(text[pos:])
    return 0 if all(_JOINERS.fullmatch(r) for r in rest) else None


def _condition(text: str, lo: int, hi: int) -> tuple[str, re.Match[str]] | None:
    """ "max" or "min" the words of ``text[lo:hi]`` ask for, with the word; None when they ask
    for none, for both, for an ordinal, or compare with a bar ("greater than")."""
    found: set[str] = set()
    word = None
    for w in _EXTREME.finditer(text, lo, hi):
        if _ORDINAL.search(text, max(lo, w.start() - 12), w.start()):
            return None
        if (w.group("more") or w.group("less")) and _THAN.match(text, w.end(), hi):
            continue  # a bar: "greater than 8,200" (rules.which_years)
        found.add("max" if w.group("most") or w.group("more") else "min")
        word = w
    if len(found) != 1 or word is None:
        return None
    return found.pop(), word


def _final_years(
    ask: Ask,
    asked: tuple[Mention, ...],
    text: str,
    sentences: Sequence[Sentence],
    years: Sequence[Mention],
    values: Sequence[SourceValue],
    named: Named,
    claims: Sequence[Claim],
) -> list[Claim]:
    """The years after the answer marker, judged against the question's condition."""
    at = answer_start(text, years)
    if at is None:
        return []
    given = [m for m in years if m.start >= at]
    if not given:
        return []
    found = question_bar(ask, asked)
    if found is not None:
        bar, side = found
        line = one_line(bar_values(values, ask, bar, named, True))
        if not line or not _same_row(line, claims):
            return []
        why = wrong_years(line, sorted({int(m.value) for m in given}), bar, side)
        if why is None or any(c.message == why for c in claims):
            return []  # (a sentence quoting the bar says it already: rules.which_years)
        return [_claim(given[0], sentences, why, line)]
    cond = _condition(ask.text, 0, len(ask.text))
    if cond is None or len({int(m.value) for m in given}) != 1:
        return []
    year = int(given[0].value)
    before = [c for c in claims if c.mention.start < at][-_WINDOW:]
    own = own_points(ask.text, before, ask)
    if own is not None:  # the figures the answer states for the row: both signs must agree
        why = _not_extreme(cond, own[0], year)
        if why is None or _not_extreme(cond, own[1], year) is None:
            return []
        return [_claim(given[0], sentences, why, ())]
    line = _row_line(values, named, ask)
    if not _same_row(line, claims):
        return []
    why = _not_extreme(cond, _points(line), year)
    return [] if why is None else [_claim(given[0], sentences, why, line)]


def _points(line: Sequence[SourceValue]) -> list[_Point]:
    return [(value_years(v), v.value, format_decimal(v.value)) for v in line]


def _same_row(line: Sequence[SourceValue], claims: Sequence[Claim]) -> bool:
    """Whether the row the question names is the answer's: a row found for the question while
    every cell the answer states is of another row is a misreading of the question's words."""
    if not line:
        return False
    rows = set()
    for c in claims:
        ev = c.evidence
        if c.passed and ev is not None and ev.rule == "direct" and len(ev.operands) == 1:
            v = ev.operands[0]
            if v.table is not None:
                rows.add((v.source_id, v.table, v.row_index))
    own = {(v.source_id, v.table, v.row_index) for v in line}
    return not rows or bool(rows & own)


def _row_line(values: Sequence[SourceValue], named: Named, ask: Ask) -> list[SourceValue]:
    """The values of the one row the question names, one per year (asked years only)."""
    cells: dict[tuple[object, ...], SourceValue] = {}
    for v in values:
        if v.table is None or v.view == "written" or not named.names(v, "row"):
            continue
        ys = value_years(v)
        if not ys or (ask.years and not ys & ask.years):
            continue
        key = (v.source_id, v.table, v.row_index, v.col_index)
        if key not in cells or v.view == "true":
            cells[key] = v
    return one_line(list(cells.values()))


_Point = tuple[frozenset[int], Decimal, str]  # the years of a value, the value, as shown


def _not_extreme(cond: tuple[str, re.Match[str]], points: list[_Point], year: int) -> str | None:
    """Why ``year`` is not the year of the extreme value of ``points``, or None (it is, or the
    data cannot say)."""
    if len(points) < 2 or any(v < 0 for _, v, _ in points):
        return None
    mine = [p for p in points if year in p[0]]
    if len(mine) != 1:
        return None  # the row has no value of that year (or two): unknown
    best = max(v for _, v, _ in points) if cond[0] == "max" else min(v for _, v, _ in points)
    if mine[0][1] == best:
        return None
    top = next(p for p in points if p[1] == best)
    word = cond[1].group(0).lower()
    word = RANK_NOUN.get(word, word)
    shown = "/".join(str(y) for y in sorted(top[0]))
    return f"the {word} is {top[2]} ({shown}), not {mine[0][2]} ({year})"


def _sentence_extreme(
    ask: Ask | None,
    named: Named | None,
    text: str,
    s: Sentence,
    part: Sentence,
    inside: Sequence[Mention],
    earlier: Sequence[Claim],
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
    two: bool = False,
) -> Claim | None:
    """A sentence "X was largest in 2019" (``part``: the sentence ``s`` or its conclusion;
    ``inside``: its years, one) whose year is not the extreme of X's values (``earlier``: the
    answer's figures just before it); with ``two`` (the question offers two years) a
    comparative too ("so 2018 was higher")."""
    cond = _condition(text, part.start, part.end)
    if cond is None or (not two and (cond[1].group("more") or cond[1].group("less"))):
        return None  # a comparative needs two years ("higher in 2019 than in 2018")
    year = int(inside[0].value)
    points = own_points(text[part.start : part.end], earlier, ask)
    if points is not None:
        why = _not_extreme(cond, points[0], year)
        if why is None or _not_extreme(cond, points[1], year) is None:
            return None  # the answer's signs and the table's must both say it
        return _claim(inside[0], [s], why, ())
    line = _row_line(values, named, ask) if ask is not None and named is not None else []
    if not line and ranks_the_year(text, part, inside[0].start, inside[0].end):
        # no question names the row: the sentence does (rules._period_rank)
        line = sentence_row_line(text, part, year, cond[0] == "max", claims, values)
    if not _same_row(line, claims):
        return None
    why = _not_extreme(cond, _points(line), year)
    return None if why is None else _claim(inside[0], [s], why, line)


# Where a sentence's conclusion starts: ", so 2018 was higher", "; therefore 2019 had more".
_CLAUSE = re.compile(r"(?i)[,;:]|\b(?:so|thus|therefore|hence|meaning|which\s+means)\b")


def _conclusion(text: str, s: Sentence) -> Sentence | None:
    """The clause of ``s`` that holds its last comparative or superlative word (from the last
    clause mark before it to the next after it), or None when the word is the whole sentence's
    or compares with a bar ("higher than 2018": rules.period_compare reads two years)."""
    word = next(reversed(list(_EXTREME.finditer(text, s.start, s.end))), None)
    if word is None or _THAN.match(text, word.end(), s.end):
        return None
    lo = max((m.end() for m in _CLAUSE.finditer(text, s.start, word.start())), default=None)
    if lo is None:
        return None
    nxt = _CLAUSE.search(text, word.end(), s.end)
    hi = nxt.start() if nxt is not None else s.end
    return Sentence(s.index, lo, hi, text[lo:hi])


# The end of the prose before "($1,480)" when it names the figure's year or row ("Revenue in 2019
# ($1,480)", "Revenue ($1,480)"): not a verb, a preposition or a word of a loss ("a net loss of
# $(1.2) million", "an outflow (4.2)"), after which a parenthesis is an accounting negative.
_NAMED_BEFORE = re.compile(
    r"(?i)(?:(?<!\d)(?:19|20)\d\d|\b(?!(?:of|was|were|is|are|at|to|by|from|and|or|than|be|been|"
    r"totaled|totalled|reached|loss|losses|deficit|outflows?|negative|minus|decrease|decline)\b)"
    r"[a-z][\w&'-]*)\s*$"
)


def _written(c: Claim) -> Decimal:
    """The figure as the answer's prose means it: a figure in parentheses right after a year or
    a label in prose ("in 2019 ($1,480)") is that year's figure, not an accounting negative.

    The aside is language.direction.parenthesized_aside's (direct reads it too, and then meets
    either sign); a period's rank needs the sign itself, so here the word before must also name
    the figure's year or row (_NAMED_BEFORE: not a verb or a preposition)."""
    m, s = c.mention, c.sentence
    if m.value < 0 and parenthesized_aside(
        s.text, 0, len(s.text), m.start - s.start, m.end - s.start
    ):
        if _NAMED_BEFORE.search(s.text[max(0, m.start - s.start - 40) : m.start - s.start]):
            return -m.value
    return m.value


def own_points(
    sentence: str, earlier: Sequence[Claim], ask: Ask | None
) -> tuple[list[_Point], list[_Point]] | None:
    """The answer's figures of the one row the sentence names (or the only row it states), one
    per year: as written and as the cells are signed; None when there is no such row."""
    series: dict[tuple[object, ...], list[Claim]] = {}
    for c in earlier:
        ev = c.evidence
        if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
            continue
        v = ev.operands[0]
        if v.table is None or v.row_index is None or len(value_years(v)) != 1:
            continue
        series.setdefault((v.source_id, v.table, v.row_index), []).append(c)
    if len(series) > 1:
        words = frozenset(tokens(sentence))
        series = {
            k: cs
            for k, cs in series.items()
            if (req := required_tokens(cs[0].evidence.operands[0].row or "")) and req <= words  # type: ignore[union-attr]
        }
    if len(series) != 1:
        return None
    cs = next(iter(series.values()))
    by_year: dict[int, Claim] = {}
    for c in cs:
        y = next(iter(value_years(c.evidence.operands[0])))  # type: ignore[union-attr]
        if ask is not None and ask.years and y not in ask.years:
            continue  # the extreme among the years the question names
        if y in by_year and by_year[y].mention.value != c.mention.value:
            return None
        by_year[y] = c
    if len(by_year) < 2:
        return None
    written = [(frozenset({y}), _written(c), c.mention.text.strip()) for y, c in by_year.items()]
    cells = [
        (frozenset({y}), c.evidence.operands[0].value, c.mention.text.strip())  # type: ignore[union-attr]
        for y, c in by_year.items()
    ]
    return written, cells


def _claim(
    m: Mention, sentences: Sequence[Sentence], why: str, line: Sequence[SourceValue]
) -> Claim:
    s = next((x for x in sentences if x.start <= m.start < x.end), None)
    if s is None:
        s = Sentence(0, m.start, m.end, m.text)
    formula = ", ".join(f"{v.label} = {format_decimal(v.value)}" for v in line) or why
    ev = Evidence("which_period", "extreme", formula, tuple(line), None, why)
    return Claim(m, s, "contradicted", ev, why)
