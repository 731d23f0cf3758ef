"""Counts-only tags of convfinqa's ``off_question`` false alarms (round 41, conv41c): which
alignment test refused the figure (its message cut to the rules' own words), what the last turn
asks (``language.asked``: operation, plain, computed, how many years), whether it names a change
or points back to an earlier turn's figure ("that", "this", "it"), and whether the same answer
passes when every turn is the question.

A tag holds the rules' own words and the reader's fields only: a word of a message that no
string of ``src/crossfoot/rules`` writes is printed as ``...``, a number as ``N``, so the
validation half is read as counts.

    python benchmarks/cause_counts.py convfinqa --data-root ../shared/data
"""

from __future__ import annotations

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
_CUT = re.compile(r"\(|'|\"|\bfrom\b|\bnames\b|:")
_HOW_MANY = ("no year", "one year", "two years", "three years or more")


@lru_cache(maxsize=1)
def _code_words() -> frozenset[str]:
    """The words of the rules' own string literals: a message word outside them is an item's."""
    root = Path(__file__).resolve().parent.parent / "src" / "crossfoot" / "rules"
    found: set[str] = set()
    for path in root.glob("*.py"):
        for lit in re.findall(r'f?"([^"\n]*)"', path.read_text()):
            found.update(re.findall(r"[a-z]+", lit))
    return frozenset(found)


def message_template(message: str) -> str:
    """The rules' own words of an ``off_question`` message: its first two ``;`` parts, each up
    to the first label it quotes ("from", a parenthesis, a quote, "names"), numbers as ``N``,
    any other word no rule writes as ``...``.

    >>> message_template("the question asks about 2016; this figure comes from zorblat / 2017")
    'the question asks about N; this figure comes'
    >>> message_template("the question asks for a zorblat; this figure is a change; zorblat")
    'the question asks for a ...; this figure is a change'
    """
    parts = []
    for part in message.split(";")[:2]:  # (later parts quote labels without a cue word)
        cut = _CUT.search(part)
        words = re.sub(r"\d[\d,.]*", "N", part[: cut.start()] if cut else part).split()
        parts.append(" ".join(w if w in _code_words() or w == "N" else "..." for w in words))
    return "; ".join(p for p in parts if p)


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
