"""Where the operands of a convfinqa false alarm's multi-step or averaging program stand
(round 41, conv41a): counts only, for either half.

For each false-alarm sentence whose gold program is of the shapes conv41a owns ("/ *", "+ +",
"* /", "/ +", "+ /", "+ + /") or whose last turn asks an average, per operand of the program's
last step: a table cell, a figure of the text (as digits), a count written as a word ("three"),
an earlier step's result, or none of the sources (a figure only the turns give); whether the text
spreads an amount over periods (``rules.spread_average``'s words); and the shape with the last
turn's averaging word. Labels and texts are never printed: tags only.

    python benchmarks/cause_counts.py convfinqa --data-root /work/shared/data
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import convfinqa
from corpora.common import Item

__all__ = ["average_tags", "count_average_tags"]

_SHAPES = frozenset({"/ *", "+ +", "* /", "/ +", "+ /", "+ + /"})
_AVERAGE = re.compile(r"\b(average|mean|annual|per year|each|yearly|installment)", re.I)
_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
_SPREAD = re.compile(
    r"\b(?:over|across)\s+(?:a\s+(?:period|term)\s+of\s+|the\s+(?:next|following)\s+|an?\s+)?"
    r"(?:\d{1,2}|" + "|".join(_WORDS) + r")[\s-]+years?\b|\binstallments\b",
    re.I,
)


def _steps(program: str) -> list[tuple[str, str, str, str]]:
    out = []
    for step in program.split(";"):
        m = convfinqa._STEP.fullmatch(step)
        if m is None:
            return []
        out.append((m.group(1), m.group(2), m.group(3), m.group(4)))
    return out


def _where(term: str, table: str, text: str) -> str:
    if re.fullmatch(r"x\d+", term):
        return "a step"
    try:
        v = Decimal(term)
    except ArithmeticError:
        return "other"
    digits = term.lstrip("-")
    forms = {digits, f"{v:,}"}
    if v == v.to_integral_value():
        forms.add(f"{int(v):,}")
    if any(re.search(r"(?<![\d.])" + re.escape(f) + r"(?![\d])", table) for f in forms):
        return "a cell"
    if any(re.search(r"(?<![\d.])" + re.escape(f) + r"(?![\d])", text) for f in forms):
        return "text digits"
    if (
        v == v.to_integral_value()
        and 0 <= v < len(_WORDS)
        and re.search(rf"\b{_WORDS[int(v)]}\b", text, re.I)
    ):
        return "text word"
    return "no source"


def average_tags(item: Item, tool: Any = None) -> list[str]:
    """The tags of one item (see the module docstring); empty when outside conv41a's classes.
    With ``tool``, also how the written figure and its 6-significant-digit twin fare."""
    program = str(item.meta.get("program") or "")
    steps = _steps(program)
    if not steps:
        return []
    shape = " ".join(s[2] for s in steps)
    asks = bool(_AVERAGE.search(item.question or ""))
    if shape not in _SHAPES and not asks:
        return []
    table, text = item.sources[0], item.sources[1] if len(item.sources) > 1 else ""
    last = steps[-1]
    tag = f"[{shape}{' | asks average' if asks else ''}]"
    out = [f"{tag} sentences"]
    a, b = _where(last[1], table, text), _where(last[3], table, text)
    out.append(f"{tag} last step: {a} {last[2]} {b}")
    terms = [t for s in steps for t in (s[1], s[3]) if not re.fullmatch(r"x\d+", t)]
    out.append(f"{tag} operands: " + " ".join(_where(t, table, text) for t in terms))
    spread = "yes" if _SPREAD.search(text) else "no"
    out.append(f"{tag} the text spreads an amount over periods: {spread}")
    if last[2] == "*":
        out += [f"{tag} {t}" for t in _product_tags(item, last, text)]
    if tool is not None:
        out += [f"{tag} {t}" for t in _engine_tags(item, tool, program)]
    return out


def _product_tags(item: Item, last: tuple[str, str, str, str], text: str) -> list[str]:
    """For a last step "*": what the last turn words and whether one sentence holds both."""
    from crossfoot.language.turns import last_turn
    from crossfoot.rules._prose_product import worded_product

    turn = last_turn(item.question or "")
    ops = "*" in turn.ops if turn is not None else False
    worded = worded_product(item.question or "")
    sentences = re.split(r"[.!?]\s", text)
    at = [[k for k, s in enumerate(sentences) if t.lstrip("-") in s] for t in (last[1], last[3])]
    gap = min((abs(i - j) for i in at[0] for j in at[1]), default=None)
    apart = "-" if gap is None else str(gap) if gap < 3 else "3+"
    return [f"product: turn ops '*' {ops}, worded {worded}, sentences apart {apart}"]


def _engine_tags(item: Item, tool: Any, program: str) -> list[str]:
    from conv_rounding40p import _last, _markdown, _sig, _text
    from crossfoot.model.types import PASSING_STATUSES

    exact = convfinqa.program_value(program)
    at = item.answer.rfind("The answer is ")
    written = _last(tool, item, item.answer)
    if exact is None or at < 0 or written is None:
        return ["engine: -"]
    digits = len(written.mention.value.normalize().as_tuple().digits)
    ev = written.evidence
    out = [
        f"written: {digits} digits, exact {written.mention.value == exact}",
        f"engine: {written.status} {ev.rule + '/' + ev.kind if ev else '-'}",
    ]
    six = _last(tool, item, f"{item.answer[:at]}The answer is {_text(_sig(exact, 6))}.")
    ok = six is not None and six.status in PASSING_STATUSES
    by = six.evidence if ok and six is not None else None
    out.append(f"6 sig: {'passes by ' + by.rule + '/' + by.kind if by else 'fails'}")
    md = _last(tool, _markdown(item), item.answer) if item.tables else None
    passes = md is not None and md.status in PASSING_STATUSES
    out.append(f"markdown table: {'passes' if passes else 'fails'}")
    return out


def count_average_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """:func:`average_tags` of each convfinqa false-alarm sentence."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] == "false_alarm" and rec["id"] in items:
            out.update(set(average_tags(items[rec["id"]], tool)))
    return out
