"""Value errors that passed on the "turns as question" line, tagged by their operands' words
(turns39, round 39): counts only, both halves (``cause_counts.py convfinqa-turns``).

A changed figure passes when some derivation reaches it; these tags say whether the passing
derivation's operands are what the conversation names: where each operand stands (a table cell,
a figure of running text), whether its own words (a cell's row and column labels, a prose
figure's sentence) share a content word with the whole conversation and with its last turn, the
years the conversation names against the operands' years, and how far apart the operands' sizes
are. Never an item's text: tags only.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal
from typing import Any

from crossfoot.language.rowtokens import tokens
from crossfoot.rules._named import value_years
from crossfoot.rules._prose_subject import content_word, sentence_tokens

__all__ = ["count_turns_tags"]

_STEM = 6
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _meet(own: frozenset[str], said: frozenset[str]) -> bool:
    stems = {w[:_STEM] for w in said if len(w) >= _STEM}
    return bool(own & said) or any(w[:_STEM] in stems for w in own if len(w) >= _STEM)


def _own(v: Any, texts: dict[str, str]) -> frozenset[str]:
    if v.table is not None or v.span is None:
        labels = " ".join(x for x in (v.row, v.column, v.field) if x)
        return frozenset(t for t in tokens(labels) if content_word(t))
    text = texts.get(v.source_id, "")
    return frozenset(t for t in sentence_tokens(text, v.span) if content_word(t))


def _size(ops: Any) -> str:
    vals = [abs(Decimal(v.value)) for v in ops if v.value]
    if len(vals) < 2:
        return "size: -"
    r = max(vals) / min(vals)
    return "size: within 10x" if r < 10 else "size: 10-1000x" if r < 1000 else "size: 1000x+"


def _tags(item: Any, claim: Any, texts: dict[str, str]) -> list[str]:
    ev = claim.evidence
    if ev is None or not ev.operands:
        return ["no operands"]
    ops = ev.operands
    conv = frozenset(t for t in tokens(item.question or "") if content_word(t))
    last = frozenset(t for t in tokens(item.meta["turns"][-1]) if content_word(t))
    where = " ".join(sorted("cell" if v.table is not None else "prose" for v in ops))
    cross = "cross-source" if len({v.source_id for v in ops}) > 1 else "one source"
    meets = []
    for v in ops:
        own = _own(v, texts)
        kind = "cell" if v.table is not None else "prose"
        if not own:
            meets.append(f"{kind} unworded")
        else:
            m = "meets turns" if _meet(own, conv) else "meets no turn"
            m += ", meets last" if _meet(own, last) else ""
            meets.append(f"{kind} {m}")
    asked = {int(y) for y in _YEAR.findall(item.question or "")}
    years = [set(value_years(v)) for v in ops]
    if not asked:
        yt = "years: conversation names none"
    elif not any(years):
        yt = "years: operands have none"
    elif any(y & asked for y in years):
        yt = "years: an operand of a named year"
    else:
        yt = "years: no operand of a named year"
    head = f"{ev.rule}/{ev.kind} {where} {cross}"
    return [
        head,
        f"{head} | {'; '.join(sorted(meets))}",
        f"{head} | {yt}",
        f"{head} | {_size(ops)}",
    ]


def count_turns_tags(
    records: list[dict[str, Any]], items: dict[str, Any], tool: Any
) -> Counter[str]:
    """Tags of each injected value error that passed (run_all's ``miss_value`` records)."""
    from cause_counts import changed_claim  # (the one reading of where the changed figure is)

    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "miss_value":
            continue
        item = items[rec["id"]]
        got = changed_claim(rec, item, tool) if "turns" in item.meta else None
        if got is None:
            continue
        hit = got[0]
        checker = tool._checker(item)
        if hit is None:
            out["unclaimed"] += 1
            continue
        texts = {s.id: s.text for s in checker.sources.sources}
        out.update(_tags(item, hit, texts))
    return out
