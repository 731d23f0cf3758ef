"""Group crossfoot's false alarms and misses by likely cause, for reading (not for scoring).

Each failing claim of a false alarm is compared with the item's sources by a small independent
search (direct match, one operation on two source numbers, scale words), so the counts say
*what kind* of rule the engine is missing; the examples let a reader confirm it.

>>> classify_number("40.0 million", ["Other | 40.0 | 50.0"], "", "")
'scale word on a source number written without unit (no unit stated anywhere)'
>>> classify_number("40.0 thousand", ["Other | 40.0", "(in millions)"], "", "")
'scale word contradicts the unit the sources state (a real slip in the answer)'
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from .common import Item, number_tokens

__all__ = ["classify_number", "classify_records", "derivable"]


def _values(texts: Iterable[str]) -> list[float]:
    return sorted(
        {float(t.value) for s in texts for t in number_tokens(s)}
        | {float(-t.value) for s in texts for t in number_tokens(s)}
    )


def _near(sorted_vals: list[float], x: float, tol: float) -> bool:
    i = bisect.bisect_left(sorted_vals, x - tol)
    return i < len(sorted_vals) and sorted_vals[i] <= x + tol


def derivable(target: float, tol: float, vals: list[float]) -> str | None:
    """Name of one operation on (at most) two numbers of ``vals`` giving ``target`` ± ``tol``.

    Checked from the least to the most coincidence-prone operation.

    >>> derivable(0.011, 0.0005, [637.2, 644.2])
    'change as a fraction'
    """
    if _near(vals, target, tol):
        return "direct"

    def partner(f: Any, rel: float | None) -> bool:
        for a in vals:
            b = f(a)
            if b is not None and _near(vals, b, abs(b) * rel if rel is not None else tol):
                return True
        return False

    # the partner's tolerance follows from the target's: absolute for sums, relative otherwise
    ratio_rel = tol / abs(target) if target else None
    checks: list[tuple[str, Any, float | None]] = [
        ("difference", lambda a: a - target, None),
        ("sum", lambda a: target - a, None),
        ("average", lambda a: 2 * target - a, None),
        (
            "percent change",
            lambda a: a / (1 + target / 100) if target != -100 else None,
            tol / abs(100 + target or 1),
        ),
        (
            "change as a fraction",
            lambda a: a / (1 + target) if target != -1 else None,
            tol / abs(1 + target or 1),
        ),
        ("ratio / share (%)", lambda a: a * 100 / target if target else None, ratio_rel),
        ("ratio", lambda a: a / target if target else None, ratio_rel),
    ]
    for name, f, rel in checks:
        if partner(f, rel):
            return name
    return None


_UNIT_RE = re.compile(
    r"in\s+(?P<w>thousands|millions|billions)|\((?:[$£€]\s*)?(?P<k>'?000s?)\)"
    r"|[$£€](?P<m>m|bn|k|'000)\b|\b(?P<u>US\$m|RMB'000|HK\$'000)",
    re.IGNORECASE,
)
_UNIT_SCALE = {"thousands": 3, "millions": 6, "billions": 9, "m": 6, "bn": 9, "k": 3, "'000": 3}


def source_units(sources: Sequence[str]) -> set[int]:
    """Powers of ten the sources state as units ("in millions", "(000s)", "£m")."""
    out: set[int] = set()
    for s in sources:
        for m in _UNIT_RE.finditer(s):
            word = (m.group("w") or m.group("m") or "").lower()
            if m.group("k") or m.group("u"):
                out.add(6 if (m.group("u") or "").lower().endswith("m") else 3)
            elif word in _UNIT_SCALE:
                out.add(_UNIT_SCALE[word])
    return out


def classify_number(text: str, sources: Sequence[str], question: str, earlier: str) -> str:
    """Cause of one failing number (as written) given the item's sources."""
    toks = number_tokens(text)
    if not toks:
        return "number the benchmark reader does not see (kind, range or word)"
    t = toks[0]
    vals = _values(sources)
    written = float(t.value)
    tol = float(t.half_unit)
    if t.scale_word and _near(vals, written, tol):
        units = source_units(sources)
        power = len(str(int(t.scale))) - 1
        if units and power not in units:
            return "scale word contradicts the unit the sources state (a real slip in the answer)"
        if units:
            return "scale word matches a unit the sources state (£m, '000, prose) but not applied"
        return "scale word on a source number written without unit (no unit stated anywhere)"
    if _near(vals, written, tol) or (t.percent and _near(vals, written / 100, tol / 100)):
        return "source number as written, still failed (cell/text reading)"
    how = derivable(written, tol, vals)
    if how is not None:
        suffix = " with a scale word" if t.scale_word else ""
        return f"one {how} of two source numbers{suffix}, not found"
    if any(abs(float(q.value) - written) <= tol for q in number_tokens(question)):
        return "number from the question, not in the sources"
    if any(abs(float(q.value) - written) <= tol for q in number_tokens(earlier)):
        return "restates an earlier figure of the answer that is itself not grounded"
    return "needs multi-step arithmetic (3+ operands or chained), or the model's arithmetic is off"


_ROW_RE = re.compile(r"value is in \[[^\]]*\] (?P<row>.+?) / ")


def _status_cause(claim: dict[str, Any], sentence: str) -> str:
    """Cause of a failing claim whose status is more specific than ``unsupported``."""
    status = str(claim.get("status"))
    if status == "wrong_row":
        m = _ROW_RE.search(str(claim.get("why", "")))
        if m and m.group("row").lower() in sentence.lower():
            return "wrong_row although the sentence names the value's own row"
        return "wrong_row (row named differently in the sentence)"
    return f"{status} on a number of a correct answer"


def _miss_cause(rec: dict[str, Any]) -> str:
    passing = [c for c in rec["claims"] if c.get("status") != "unsupported"]
    rules = sorted({c.get("rule") or c.get("status", "") for c in passing})
    return "passed as " + (", ".join(rules) if rules else "no claim in the sentence")


def _real_miss_cause(item: Item) -> str:
    gold, pred, scale = item.meta.get("gold"), item.meta.get("pred"), item.meta.get("scale", "")
    g = [float(t.scaled) for t in number_tokens(str(gold))] if gold is not None else []
    p = [float(t.value) for x in (pred or []) for t in number_tokens(str(x))]
    if not g or not p:
        return "no gold number (text answer, or judge labels only: read by hand)"
    gv, pv = g[-1] if not isinstance(gold, (int, float)) else float(gold), p[-1]
    vals = _values(item.sources)
    if gv and abs(pv - gv) <= 0.01 * abs(gv):
        return "within 1% of the gold: a rounding-level error (below the stated precision?)"
    if gv and any(abs(pv * f - gv) <= 0.005 * abs(gv) for f in (1e3, 1e-3, 1e6, 1e-6, 100, 0.01)):
        return "right digits, wrong scale or percent"
    if _near(vals, pv, 1e-9) or _near(vals, abs(pv), 1e-9):
        return "a real source number, but the wrong one (row/column/year)"
    if derivable(pv, 0.005 * max(1.0, abs(pv)), vals):
        return "a legitimate operation on the wrong operands or the wrong operation"
    return f"other ({scale or 'no'} scale)"


def classify_records(
    records: Iterable[dict[str, Any]], items: dict[str, Item], examples: int = 3
) -> dict[str, dict[str, Any]]:
    """``{record type: {cause: {"count", "examples"}}}`` for crossfoot's flags and misses."""
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    ex: dict[tuple[str, str], list[str]] = defaultdict(list)
    for rec in records:
        item = items.get(rec["id"])
        kind = rec["type"]
        causes: list[str] = []
        if kind == "false_alarm" and item is not None:
            start = item.answer.find(rec["sentence"])
            earlier = item.answer[: max(0, start)]
            for c in rec["claims"]:
                if c.get("status") not in ("unsupported", None):
                    causes.append(_status_cause(c, rec["sentence"]))
                    continue
                causes.append(classify_number(c["text"], item.sources, item.question, earlier))
        elif kind.startswith("miss_"):
            causes.append(_miss_cause(rec))
        elif kind == "real_missed" and item is not None:
            causes.append(_real_miss_cause(item))
        else:
            continue
        for cause in dict.fromkeys(causes):  # one count per sentence and cause
            counts[kind][cause] += 1
            if len(ex[(kind, cause)]) < examples:
                shown = rec.get("injected") or rec["sentence"] or item_answer(item)
                shown = " ".join(shown.split())  # one line in markdown
                ex[(kind, cause)].append(f"[{rec['corpus']} {rec['id']}] {shown[:300]}")
    for kind, c in counts.items():
        for cause, n in c.most_common():
            out[kind][cause] = {"count": n, "examples": ex[(kind, cause)]}
    return dict(out)


def item_answer(item: Item | None) -> str:
    return item.answer.replace("\n", " ") if item is not None else ""
