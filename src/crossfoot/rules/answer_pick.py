"""Which row: a row the answer picks for a superlative or a bar must be the one the data says.

"Which region had the highest revenue in 2025?" answered "Answer: North" over a 2025 column
where East is higher; "In which segment were the remaining charges the largest?" answered with
another segment; "Which regions had revenue above $4,000 thousand in 2025?" answered with one of
the two; "Between South and West, which region had higher revenue?" answered with the lower one.
The answer states no figure that is wrong (often none at all): it picks a row, and the pick is
wrong. A checker decides it from the question and the table alone:

- **the question**: "which" / "who" with a superlative ("highest", "largest", "lowest", ...; an
  ordinal, "the second highest", ranks the k-th), a comparative without a bar among two rows or
  more it names ("higher", "more"), or a bar ("above $4,000", "less than 100"); a question that
  asks for a year is :mod:`crossfoot.rules.which_period`'s;
- **the line**: the column the question names, by its words or by its year (one column of one
  table, a scaled reading under a unit header preferred), one value per row, total and average
  lines aside; the rows the question names, when it names two or more, are the candidates;
- **the pick**: the row labels named after the answer marker ("Answer: North, East"), or in the
  answer's last sentence when it holds the superlative ("East had the highest revenue in 2025.")
  or is nothing but a short name.

A pick that is not the extreme (or not exactly the rows past the bar) joins the claims as
``contradicted`` at the row's words, naming the row the data gives and its value; a right one
adds no claim. Anything the data cannot say leaves the answer alone: no column or two columns
named, fewer than two candidate rows, a negative value (is the largest loss the most negative?),
a pick of no candidate row or, for an extreme, of two.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.answermark import marker_end
from crossfoot.language.asked import Ask
from crossfoot.language.bounds import Side
from crossfoot.language.extremes import ORDINALS
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.superlatives import LEAST, MOST
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue, format_decimal
from crossfoot.rules._named import Named, _own_words, value_years
from crossfoot.rules.answer_count_rows import table_cells
from crossfoot.rules.counts import bar_pool, bar_values, past_bar, question_bar
from crossfoot.rules.which_years import asks_which_years, one_line

__all__ = ["picked_rows"]

_WHICH = re.compile(r"(?i)\b(?:which|who)\b")
# (the superlatives: language.superlatives, one list)
_MOST = frozenset(MOST)
_LEAST = frozenset(LEAST)
_MORE = frozenset("higher larger greater bigger more".split())
_LESS = frozenset("lower smaller less fewer".split())
_LETTERS = re.compile(r"[a-z0-9]+")
# Total, average and other summary lines are no candidates of a ranking.
_ASIDE = re.compile(
    r"(?i)\b(?:total|subtotal|sum|all|overall|average|mean|median|combined|net\s+of|other)\b"
)
# A question that leaves rows out of the ranking ("other than East", "excluding Retail").
_EXCEPT = re.compile(
    r"(?i)\b(?:other\s+than|except|excluding|exclusive\s+of|besides|apart\s+from|aside\s+from)\b"
)
_SHORT = 6  # words: a last sentence this short with no superlative is a bare name ("East.")

_Cond = tuple[str, int, str]  # "max"/"min", the rank (1 the extreme), the word as written
_Pick = tuple[SourceValue, int, int]  # a row the answer picks, and the span of its words


def picked_rows(
    ask: Ask | None,
    asked: tuple[Mention, ...],
    text: str,
    sentences: Sequence[Sentence],
    claims: Sequence[Claim],
    values: Sequence[SourceValue],
) -> list[Claim]:
    """``claims`` and a ``contradicted`` claim when the row the answer picks is not the one the
    question's superlative or bar selects (see the module docstring).

    >>> from crossfoot import check
    >>> t = ('[["", "2025", "2024"], ["North", "42", "38"], ["East", "50", "44"], '
    ...      '["West", "22", "25"]]')
    >>> q = "Which region had the highest revenue in 2025?"
    >>> check("Answer: East", [t], question=q).passed
    True
    >>> check("Answer: North", [t], question=q).claims[-1].message
    'the highest of 2025 is East (50), not North (42)'
    """
    if ask is None or not ask.figure or ask.op is not None:
        return list(claims)
    low = ask.text.lower()  # (substring gates first: most questions ask no pick)
    if ("which" not in low and "who" not in low) or not _WHICH.search(ask.text):
        return list(claims)
    if _EXCEPT.search(ask.text):
        return list(claims)  # "other than East", "excluding the total": a line this does not cut
    years = asks_which_years(ask)  # (a year picked: rules.which_period, rules.which_years)
    cond = None if years else _condition(_LETTERS.findall(ask.text.lower()))
    bar = question_bar(ask, asked) if cond is None else None
    if cond is None and bar is None:
        return list(claims)
    part = _answer_part(text, sentences, bar is None)
    if part is None:
        return list(claims)
    named = Named(ask, values)
    if bar is not None and _says_none(text[part[0] : part[1]]):
        empty = _none_claim(text, part, sentences, values, ask, named, bar)
        return list(claims) if empty is None else _joined(claims, empty)
    if years:
        return list(claims)
    pool = bar_pool(values, ask, bar[0]) if bar is not None else list(values)
    line, asked_rows = _line(pool, named, ask)
    if cond is not None and cond[2] in _MORE | _LESS:
        # a comparative asks among the rows the question names ("Between South and West, ...")
        line = asked_rows
        if len(line) < 2:
            return list(claims)
    elif len(asked_rows) >= 2:
        line = asked_rows
    if len(line) < 2 or any(v.value < 0 for v in line):
        return list(claims)
    picked = _picked(text, part, line)
    if not picked:
        return list(claims)
    if bar is not None:
        found = _bar_misfit(line, picked, bar[0], bar[1])
    elif len(picked) == 1 and cond is not None:
        found = _rank_misfit(line, picked[0], cond)
    else:
        return list(claims)
    if found is None:
        return list(claims)
    (v, start, end), why = found
    return _joined(claims, _claim(text, (start, end), sentences, v, line, why))


def _joined(claims: Sequence[Claim], added: Claim) -> list[Claim]:
    return sorted([*claims, added], key=lambda c: c.mention.start)


def _claim(
    text: str,
    span: tuple[int, int],
    sentences: Sequence[Sentence],
    v: SourceValue,
    line: Sequence[SourceValue],
    why: str,
) -> Claim:
    """A ``contradicted`` claim at the words of the pick (``v``: the value it picks, or the
    first value that proves it wrong)."""
    start, end = span
    m = Mention(text[start:end], start, end, v.value, v.kind, Decimal(0))
    s = next((x for x in sentences if x.start <= start < x.end), None) or Sentence(
        0, start, end, m.text
    )
    formula = ", ".join(f"{w.label} = {format_decimal(w.value)}" for w in line)
    ev = Evidence("answer_pick", "pick", formula, tuple(line), None, why)
    return Claim(m, s, "contradicted", ev, why)


# "None", "Neither", "None of them", "No year", "No region did": the empty pick.
_NONE = re.compile(r"(?i)\W*(?:none|neither|no)\b")
_NONE_WORDS = 8


def _says_none(part: str) -> bool:
    """Whether the answer's pick is the empty set ("Answer: None", "Neither year.")."""
    return _NONE.match(part) is not None and len(_LETTERS.findall(part)) <= _NONE_WORDS


def _none_claim(
    text: str,
    part: tuple[int, int],
    sentences: Sequence[Sentence],
    values: Sequence[SourceValue],
    ask: Ask,
    named: Named,
    bar: tuple[Mention, Side],
) -> Claim | None:
    """A ``contradicted`` claim when the answer picks nothing and a value of the line is past
    the question's bar (the line: the row the question names, one value per year, for a year
    asked; else the candidates of :func:`_line`)."""
    if asks_which_years(ask):
        line = one_line(bar_values(values, ask, bar[0], named, True))
        shown = [f"{v.label} ({format_decimal(v.value)})" for v in line]
    else:
        line = _line(bar_pool(values, ask, bar[0]), named, ask)[0]
        shown = [_shown(v) for v in line]
    if len(line) < 2:
        return None
    past = past_bar(line, bar[0], bar[1])
    if not past:
        return None
    word = "above" if bar[1] == ">" else "below"
    first = shown[line.index(past[0])]
    why = f"{first} is {word} {bar[0].text.strip()}: the answer names none"
    return _claim(text, _stripped(text, *part), sentences, past[0], line, why)


def _condition(words: list[str]) -> _Cond | None:
    """The extreme the question's words ask for: ("max" | "min", rank, word), or None for none,
    for both, or for a comparative compared with a bar ("greater than 8,200": a bar)."""
    found: set[str] = set()
    out: _Cond | None = None
    for i, w in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in _MOST or w in _LEAST:
            side = "max" if w in _MOST else "min"
            rank = ORDINALS.get(words[i - 1], 1) if i else 1
            if i >= 2 and words[i - 1] == "the" and words[i - 2] in ORDINALS:
                rank = ORDINALS[words[i - 2]]
        elif (w in _MORE or w in _LESS) and nxt != "than":
            side, rank = ("max" if w in _MORE else "min"), 1
        else:
            continue
        found.add(side)
        out = (side, rank, w)
    return out if len(found) == 1 else None


def _answer_part(text: str, sentences: Sequence[Sentence], extreme: bool) -> tuple[int, int] | None:
    """The span of the answer that picks: after the answer marker, or (for an extreme) the last
    sentence when it holds a superlative or is only a short name."""
    at = marker_end(text)
    if at is not None:
        return at, len(text)
    if not sentences:
        return None
    last = sentences[-1]
    said = _LETTERS.findall(text[last.start : last.end].lower())
    if len(said) <= _SHORT and not any(ch.isdigit() for ch in text[last.start : last.end]):
        return last.start, last.end
    if extreme and _condition(said) is not None:
        return last.start, last.end
    return None


def _line(
    pool: Sequence[SourceValue], named: Named, ask: Ask
) -> tuple[list[SourceValue], list[SourceValue]]:
    """The candidates: one value per row of the one column the question names (by its words,
    else by its year), or else one per column of the one row it names (a table whose rows are
    the periods: read with row and column swapped); and those of them the question names. ([],
    []) when it names no line or several, or a candidate twice (blocks of a stacked table)."""
    cells = table_cells(pool)
    for axis, other in (("column", "row"), ("row", "column")):
        at = 3 if axis == "column" else 2
        by_words = {(k[0], k[1], k[at]) for k, v in cells.items() if named.names(v, axis)}
        dated = {k for k, v in cells.items() if ask.years and value_years(v) & ask.years}
        by_year = {(k[0], k[1], k[at]) for k in dated}
        lines = by_words & by_year if by_words and by_year else by_words or by_year
        if len(lines) != 1:
            continue
        chosen = next(iter(lines))
        members = [
            v
            for k, v in cells.items()
            if (k[0], k[1], k[at]) == chosen and (not by_year or k in dated)
        ]
        if axis == "row":  # (the candidates are the columns: read as rows)
            members = [
                replace(v, row=v.column, column=v.row, row_index=v.col_index, col_index=v.row_index)
                for v in members
            ]
        line = [
            v
            for v in members
            if v.row and not _ASIDE.search(v.row) and required_tokens(_own_words(v.row))
        ]
        if len({v.row for v in line}) != len(line):
            return [], []
        asked = [v for v in line if _names(named, v, other, axis)]
        return line, asked
    return [], []


def _names(named: Named, v: SourceValue, axis: str, swapped: str) -> bool:
    """Whether the question names the candidate ``v`` (its row; its column when swapped)."""
    if swapped == "row":
        v = replace(v, row=v.column, column=v.row)
    return named.names(v, axis)


def _picked(text: str, part: tuple[int, int], line: Sequence[SourceValue]) -> list[_Pick]:
    """The rows of ``line`` the answer's part names, each with the span of its words there (a
    label whose words stand inside a fuller named label's is not named on its own)."""
    lo, hi = part
    said = frozenset(tokens(text[lo:hi]))
    found = [(v, required_tokens(_own_words(v.row or ""))) for v in line]
    hits = [(v, req) for v, req in found if req and req <= said]
    hits = [(v, req) for v, req in hits if not any(req < other for _, other in hits)]
    low = text.lower()
    out = []
    for v, _ in hits:
        at = low.find((v.row or "").lower().strip(), lo, hi)
        start, end = (at, at + len((v.row or "").strip())) if at >= 0 else _stripped(text, lo, hi)
        out.append((v, start, end))
    return sorted(out, key=lambda x: x[1])


def _stripped(text: str, lo: int, hi: int) -> tuple[int, int]:
    while lo < hi and not text[lo].isalnum():
        lo += 1
    while hi > lo and not text[hi - 1].isalnum():
        hi -= 1
    return lo, hi


def _shown(v: SourceValue) -> str:
    return f"{v.row} ({format_decimal(v.value)})"


def _rank_misfit(line: Sequence[SourceValue], pick: _Pick, cond: _Cond) -> tuple[_Pick, str] | None:
    """Why the picked row is not the rank-th extreme of the line, or None (it is: ties too)."""
    side, rank, word = cond
    ordered = sorted({v.value for v in line}, reverse=side == "max")
    if rank > len(ordered):
        return None
    want = ordered[rank - 1]
    v = pick[0]
    if v.value == want:
        return None
    top = next(w for w in line if w.value == want)
    where = top.column or "its column"
    nth = "" if rank == 1 else {2: "second ", 3: "third ", 4: "fourth ", 5: "fifth "}[rank]
    return pick, f"the {nth}{word} of {where} is {_shown(top)}, not {_shown(v)}"


def _bar_misfit(
    line: Sequence[SourceValue],
    picked: Sequence[_Pick],
    bar: Mention,
    side: Side,
) -> tuple[_Pick, str] | None:
    """Why the picked rows are not the rows past the bar, or None."""
    past = past_bar(line, bar, side)
    word = "above" if side == ">" else "below"
    shown = bar.text.strip()
    keys = {id(v) for v, _, _ in picked}
    for pick in picked:
        if all(pick[0] is not w for w in past):
            return pick, f"{_shown(pick[0])} is not {word} {shown}"
    left = [w for w in past if id(w) not in keys]
    if left:
        why = f"{_shown(left[0])} is {word} {shown} too: the question asks for every row {word} it"
        return picked[0], why
    return None
