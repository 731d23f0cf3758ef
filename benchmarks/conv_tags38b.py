"""Counts-only joint tags of convfinqa false alarms of a difference or a change over a base
(round 38, conv38b).

``conv_tags37b`` tags dividing programs by where their operands sit; a difference ("-") or a
change over a base ("- /") whose operands are a text figure and a cell, or two text figures, is
refused for reasons of its own: which of the two the years bind (a text figure of a later year
than the cell, the year the last turn names being the base's), whether the text figure's
sentence shares any word with the cell's row, the last turn, or neither, the answer's precision
against the program's exact value, its sign. Counts only: never a sentence, a question, a
table or a number.

Used by ``cause_counts.py`` (its convfinqa section "differences and changes over a base, joint
tags (conv38b)").
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from typing import Any

from conv_program_tags import _cells, _dec, _place, _steps
from corpora.common import Item, number_tokens
from corpora.convfinqa import program_value
from crossfoot.language.rowtokens import tokens

__all__ = ["change_tags", "count_change_tags"]

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_WANTED = ("- /", "-", "/ -", "- +", "/")
# words of the last turn that name the operation in other words than the engine's usual ones
_LAST_WORDS = (
    ("variation / vary", re.compile(r"\b(?:variations?|var(?:y|ied|ies))\b")),
    ("minus / less / subtract", re.compile(r"\b(?:minus|less|subtract\w*)\b")),
    ("in relation to", re.compile(r"\bin relation to\b")),
    ("portion / proportion", re.compile(r"\b(?:portion|proportion)\b")),
    ("divided", re.compile(r"\bdivided\b")),
)


def _years(text: str) -> set[int]:
    return {int(y) for y in _YEAR.findall(text)}


def _sentences(item: Item) -> list[str]:
    text = item.sources[1] if len(item.sources) > 1 else ""
    return [s for s in text.split(" . ") if s]


def _operands(item: Item) -> list[tuple[str, Decimal, str]]:
    """(place, magnitude, the program's literal) of each literal operand, in order."""
    steps = _steps(str(item.meta.get("program") or "")) or []
    cells = _cells(item)
    prose = number_tokens(item.sources[1]) if len(item.sources) > 1 else []
    out = []
    for left, _, right in steps:
        for arg in (left, right):
            if re.fullmatch(r"x\d+", arg):
                continue
            v = _dec(arg)
            if v is None:
                continue
            out.append((_place(v, item, cells, prose), v, arg))
    return out


def _cell_where(item: Item, v: Decimal) -> tuple[int, int] | None:
    cells = _cells(item).get(v) or []
    return next(((r, c) for r, c in cells if c >= 0), None)


def _prose_sentence(item: Item, v: Decimal) -> list[str]:
    return [s for s in _sentences(item) if any(abs(t.value) == v for t in number_tokens(s))]


def _year_of(item: Item, place: str, v: Decimal) -> str | int:
    """The operand's year: its column's (a cell), its sentence's one year (a text figure)."""
    if place.startswith("cell"):
        where = _cell_where(item, v)
        if where is None:
            return "none"
        table = item.tables[0]
        ys = _years(str(table[0][where[1]])) | _years(str(table[where[0]][0]))
        return next(iter(ys)) if len(ys) == 1 else "several" if ys else "none"
    held = _prose_sentence(item, v)
    if not held:
        return "unfound"
    ys = _years(held[0])
    return next(iter(ys)) if len(ys) == 1 else "several" if ys else "none"


def _relation(a: str | int, b: str | int) -> str:
    """The first operand's year against the second's, in words (never a year: counts only)."""
    if isinstance(a, int) and isinstance(b, int):
        return "later" if a > b else "earlier" if a < b else "same"
    return "/".join("a year" if isinstance(x, int) else x for x in (a, b))


def _words(text: str) -> set[str]:
    return {t for t in tokens(text) if len(t) >= 4}


def change_tags(item: Item, claim: dict[str, Any]) -> list[str]:
    """The joint tags of one failing claim (module docstring)."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps:
        return []
    prog = " ".join(op for _, op, _ in steps)
    if prog not in _WANTED:
        return []
    ops = _operands(item)
    places = " ".join(p for p, _, _ in ops)
    key = f"[{prog}] {places}"
    turns = [str(t) for t in item.meta.get("turns") or []]
    last = turns[-1] if turns else ""
    lw, ly = _words(last), _years(last)
    earlier = {w for t in turns[:-1] for w in _words(t)}
    out = [f"{key} | {claim.get('status')} {claim.get('rule') or '-'}"]
    # what the last turn names: an operand's row (a cell) or sentence words (a text figure)
    rows: list[set[str]] = []
    for p, v, _ in ops:
        if p.startswith("cell"):
            where = _cell_where(item, v)
            if where is not None:
                rows.append(_words(str(item.tables[0][where[0]][0])))
    names_row = any(r and r & lw for r in rows)
    years = [_year_of(item, p, v) for p, v, _ in ops]
    names_year = (
        "an operand's year"
        if ly & {y for y in years if isinstance(y, int)}
        else ("another year" if ly else "no year")
    )
    out.append(f"{key} | last turn: {'a row' if names_row else 'no row'}, {names_year}")
    # the base (the divisor) against the year the last turn names
    if prog == "- /" and len(ops) >= 3:
        base_year = years[2]
        out.append(
            f"{key} | last turn's year is the base's: "
            f"{'yes' if isinstance(base_year, int) and base_year in ly else 'no' if ly else '-'}"
        )
    if len(ops) >= 2:
        out.append(
            f"{key} | first operand's year against the second's: {_relation(years[0], years[1])}"
        )
    exact = program_value(str(item.meta.get("program") or ""))
    val = number_tokens(item.answer.rsplit("The answer is ", 1)[-1])
    if val:
        same = exact is not None and val[0].value == exact
        out.append(f"{key} | written figure is the exact value: {'yes' if same else 'no'}")
        out.append(f"{key} | sign: {'negative' if val[0].value < 0 else 'positive'}")
    # a text figure's sentence against the cell's row, the last turn, the earlier turns
    for p, v, _ in ops:
        if not p.startswith("prose"):
            continue
        held = _prose_sentence(item, v)
        words = _words(held[0]) if held else set()
        row = next((r for r in rows), set())
        out.append(
            f"{key} | text figure's sentence: "
            f"{'shares a row word' if words & row else 'no row word' if rows else 'no cell'}, "
            f"{'shares a last-turn word' if words & lw else 'no last-turn word'}, "
            f"{'shares an earlier-turn word' if words & earlier else 'no earlier-turn word'}, "
            f"{len(held)} sentence(s) hold it"
        )
        break
    prose_at = [p for p, _, _ in ops if p.startswith("prose")]
    if len(prose_at) >= 2:
        a, b = (_prose_sentence(item, v) for p, v, _ in ops[:2])
        same = bool(a and b and set(a) & set(b))
        out.append(f"{key} | two text figures: {'one sentence' if same else 'two sentences'}")
    return out


# the first clause of an off_question message, cut before its first figure, quote, bracket or
# label ("the question asks about 2016; ..." -> "the question asks about"): its template only
_CUT = re.compile(r"[\d'\"(\[]|\bcomes from\b|\bnames\b.*|\bis one value\b.*|\bvalue of\b.*")


# The words the off_question templates write before their first slot; a reason's first clause
# is kept up to the first other word ("the question asks about the amounts of Net income": a
# row label, unquoted, of the item; read38c).
_TEMPLATE_WORDS = frozenset(
    "the question asks about for how many whether a an one of every all last change changes "
    "difference between from to over in percentage share figure figures value values amounts "
    "average averages sum total ratio rate years year months period periods and or its their "
    "this that is are was were".split()
)


def _template(message: str) -> str:
    """The first clause of a reason, cut before its first figure, quote, bracket, label or any
    word outside the templates' own words (counts only).

    >>> _template("the question asks about the amounts of Net income; this figure is 5")
    'the question asks about the amounts of'
    >>> _template("the question asks for 2019; the figure is of 2018")
    'the question asks for'
    """
    first = message.split(";")[0]
    cut = _CUT.search(first)
    words = (first[: cut.start()] if cut else first).split()
    kept = []
    for w in words:
        if w.lower().strip(",:") not in _TEMPLATE_WORDS:
            break
        kept.append(w)
    return " ".join(kept)


def _off_question_templates(item: Item, tool: Any) -> set[str]:
    """The templates of the off_question reasons of the final figure (counts only)."""
    if tool is None:
        return set()
    report = tool._checker(item).check(item.answer, question=item.question or None)
    if not report.claims or report.claims[-1].status != "off_question":
        return set()
    template = _template(str(report.claims[-1].message))
    unread = (
        "an operand of no year read" if "()" in str(report.claims[-1].message) else "years read"
    )
    return {
        f"(off_question) the reason's first clause: {template}",
        f"(off_question) the reason's first clause: {template} | {unread}",
    }


def count_change_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """Joint tags of each convfinqa false-alarm sentence whose program is a difference or a
    change over a base (one count per sentence and tag); with ``tool``, the template of an
    off_question final figure's reason."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        seen: set[str] = _off_question_templates(item, tool)
        turns = [str(t).lower() for t in item.meta.get("turns") or []]
        for name, pattern in _LAST_WORDS:
            if turns and pattern.search(turns[-1]):
                seen.add(f"(every false alarm) last turn says: {name}")
        for c in rec["claims"]:
            if c.get("status") is None:
                continue
            seen.update(change_tags(item, c))
        out.update(seen)
    return out
