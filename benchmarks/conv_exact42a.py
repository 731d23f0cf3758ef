"""Where ``rules.exact_short`` refuses a convfinqa false alarm written as the program's exact
value (round 42, conv42a): counts only, for either half.

For each false-alarm sentence whose written figure is the gold program's exact value, the steps
of ``exact_short`` are recorded while the engine judges it: which fine rule derives the figure
read to six significant digits (its rule and kind), whether that result is the figure exactly,
and, where it is, how its operands stand (table cells or text figures, their least significant
digits, whether the answer names them, one sentence). Never a sentence, a number or a label.

    python benchmarks/cause_counts.py convfinqa --data-root /work/shared/data
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import convfinqa
from corpora.common import Item

__all__ = ["count_exact_tags", "exact_tags"]


def exact_tags(item: Item, tool: Any) -> list[str]:
    """The tags of one item (module docstring); empty when its figure is not the exact value."""
    import crossfoot.rules  # noqa: F401  (the module, not the rule its package exports)

    es = sys.modules["crossfoot.rules.exact_short"]

    program = str(item.meta.get("program") or "")
    exact = convfinqa.program_value(program) if program else None
    if exact is None:
        return []
    seen: list[str] = []
    real_exact, real_stands = es._exact, es._stands

    def exact_spy(ev: Any, value: Any, scaled: bool) -> bool:
        got = real_exact(ev, value, scaled)
        seen.append(f"fine {ev.rule}/{ev.kind}: exact {got}")
        return got

    def stands_spy(ctx: Any, ev: Any, named: set[int], value: Any) -> bool:
        got = real_stands(ctx, ev, named, value)
        where = " ".join(sorted({"cell" if v.table is not None else "text" for v in ev.operands}))
        least = min(es._digits(v.value) for v in ev.operands)
        some = sum(id(v) in named for v in ev.operands)
        seen.append(
            f"stands {got}: operands {where}, least digits {min(least, 4)}, "
            f"named {some}/{len(ev.operands)}, one sentence {es.one_sentence(ctx, ev.operands)}"
        )
        return got

    real_fine, real_derivable = es._FINE, es.derivable

    def derivable_spy(m: Any, flat: bool) -> bool:
        got = real_derivable(m, flat)
        seen.append(f"reached, derivable {got}")
        return got

    def fine_spy(rule: Any) -> Any:
        def run(ctx: Any) -> Any:
            got = rule(ctx)
            status = got.status if got is not None else "none"
            seen.append(f"padded {rule.__name__}: {status}")
            return got

        return run

    es._exact, es._stands = exact_spy, stands_spy  # type: ignore[assignment]
    es._FINE = tuple((fine_spy(rule), reach) for rule, reach in real_fine)
    es.derivable = derivable_spy
    try:
        report = tool._checker(item).check(item.answer, question=item.question or None)
    finally:
        es._exact, es._stands = real_exact, real_stands  # type: ignore[assignment]
        es._FINE, es.derivable = real_fine, real_derivable
    last = report.claims[-1] if report.claims else None
    if last is None or last.mention.value != exact:
        return []
    digits = min(len(last.mention.value.normalize().as_tuple().digits), 4)
    out = [f"written exact, {digits} digits: {last.status}"]
    m = last.mention
    early = f"range {m.high is not None}, kind {m.kind}, one {abs(m.value) == 1}, "
    early += f"approximate {m.approximate}, claim {m.claim}"
    out += [f"[{digits} digits] {t}" for t in seen or ["returned before its search: " + early]]
    out.append(f"[{digits} digits] path: " + "; ".join(seen or ["-"]))
    out.append(f"[{digits} digits] six digits: {_six(item, tool, exact)}")
    return out


def _six(item: Item, tool: Any, exact: Any) -> str:
    """How the figure's six-significant-digit twin fares: the passing rule and kind."""
    from conv_rounding40p import _sig, _text
    from crossfoot.model.types import PASSING_STATUSES

    at = item.answer.rfind("The answer is ")
    text = f"{item.answer[:at]}The answer is {_text(_sig(exact, 6))}."
    report = tool._checker(item).check(text, question=item.question or None)
    six = report.claims[-1] if report.claims else None
    if six is None or six.status not in PASSING_STATUSES or six.evidence is None:
        return "fails"
    return f"passes by {six.evidence.rule}/{six.evidence.kind}"


def count_exact_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any = None
) -> Counter[str]:
    """:func:`exact_tags` of each convfinqa false-alarm sentence."""
    out: Counter[str] = Counter()
    if tool is None:
        return out
    for rec in records:
        if rec["type"] == "false_alarm" and rec["id"] in items:
            out.update(set(exact_tags(items[rec["id"]], tool)))
    return out
