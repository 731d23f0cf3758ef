"""Counts-only tags of convfinqa's ``off_question`` false alarms (round 41, conv41c): which
alignment test refused the figure (its message cut to the rules' own words), what the last turn
asks (``language.asked``: operation, plain, computed, how many years), whether it names a change
or points back to an earlier turn's figure ("that", "this", "it"), and whether the same answer
passes when every turn is the question.

A tag holds the rules' own words and the reader's fields only: a message is printed as the
string literal of ``src/crossfoot/rules`` it is written from, each value the literal puts in (a
label, a year, a word of the question) as ``...`` (a message's own words are never printed, even
those a rule also writes, such as "revenue"), so the validation half is read as counts.

    python benchmarks/cause_counts.py convfinqa --data-root ../shared/data
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from crossfoot.language.asked import read_question
from crossfoot.rules._prose_change import names_change

__all__ = ["count_offq_tags", "message_template", "offq_tags"]

_BACK = re.compile(r"(?i)\b(?:that|this|it|those|these|then)\b")
_HOW_MANY = ("no year", "one year", "two years", "three years or more")


_HOLE = "\x00"  # (where an f-string of the rules puts a value)


def _pieces(node: ast.AST) -> str | None:
    """A string literal of the rules as text, each value an f-string puts in as ``_HOLE``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else _HOLE
            for v in node.values
        )
    return None


@lru_cache(maxsize=1)
def _templates() -> tuple[tuple[int, str, re.Pattern[str]], ...]:
    """Every ``;`` part of the rules' own string literals that holds words, as (its fixed
    characters, the part with each value as ``...``, a pattern each value matches any text in),
    the most fixed characters first."""
    root = Path(__file__).resolve().parent.parent / "src" / "crossfoot" / "rules"
    found: dict[str, tuple[int, str, re.Pattern[str]]] = {}
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            text = _pieces(node)
            if text is None or "\n" in text:
                continue
            for part in text.split(";"):
                part = " ".join(part.split())
                fixed = part.replace(_HOLE, "")
                if len(re.findall(r"[a-z]+", fixed)) < 2 or part in found:
                    continue
                pattern = ".+?".join(re.escape(bit) for bit in part.split(_HOLE))
                found[part] = (len(fixed), part.replace(_HOLE, "..."), re.compile(pattern))
    return tuple(sorted(found.values(), key=lambda t: -t[0]))


def _template(part: str) -> str:
    """The rules' literal ``part`` is written from, each value it puts in as ``...``, numbers
    as ``N``; ``?`` when no literal of the rules writes it."""
    said = " ".join(part.split())
    for _, shown, pattern in _templates():
        if pattern.fullmatch(said):
            return re.sub(r"\d[\d,.]*", "N", shown)
    return "?"


def message_template(message: str) -> str:
    """The rules' own literals an ``off_question`` message is written from: its first two
    ``;`` parts, each as the literal it fullmatches, every value the literal puts in (a label,
    a year, a word of the question) as ``...``; ``?`` for a part no literal writes. No word of
    the message itself is printed, only the literal's.

    >>> message_template("the question asks about 2016; this figure comes from zorblat / 2017")
    'the question asks about ...; this figure comes from ...'
    >>> message_template("the question asks for a share of total sales; this figure divides by net")
    'the question asks for a share of ...; this figure divides by ...'
    >>> message_template("zorblat quuxco; wibbleco")
    '?; ?'
    """
    return "; ".join(_template(p) for p in message.split(";")[:2] if p.strip())


def _ask_tags(question: str) -> list[str]:
    ask = read_question(question)
    return [
        f"asks: op {ask.op or 'none'}, plain {ask.plain}, computed {ask.computed}",
        f"asks: {_HOW_MANY[min(len(ask.years), 3)]}",
        f"last turn names a change: {names_change(ask.text)}; points back: "
        f"{_BACK.search(ask.text) is not None}",
    ]


def offq_tags(item: Any, tool: Any) -> list[str]:
    """The tags of one item whose final figure is ``off_question`` (none when it is not)."""
    from corpora.convfinqa import conversation

    claims = tool._checker(item).check(item.answer, question=item.question or None).claims
    said = [c for c in claims if c.status == "off_question"]
    if not said:
        return []
    rule = said[-1].evidence.rule if said[-1].evidence is not None else "-"
    test = f"test: {message_template(said[-1].message)}"
    asks = _ask_tags(item.question)
    tags = [test, f"rule: {rule}", *asks, f"{test} | {asks[1]} | {asks[2]}"]
    turns = item.meta.get("turns") or []
    if turns:
        asked = conversation(turns)
        tail = item.answer[item.answer.find("The answer is") :]
        last = tool._checker(item).check(f"{asked} {tail}", question=asked).claims
        tags.append(f"all turns as question: {last[-1].status if last else 'no claim'}")
    return list(dict.fromkeys(tags))


def count_offq_tags(
    records: Sequence[dict[str, Any]], items: dict[str, Any], tool: Any
) -> Counter[str]:
    """Counts of :func:`offq_tags` over the false alarms that hold an ``off_question`` claim."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        if any(c.get("status") == "off_question" for c in rec["claims"]):
            out.update(offq_tags(items[rec["id"]], tool))
    return out
