"""Which rules win on result rows, and whether a shorter rule list for ``trace`` would keep every
verdict (issue 19, round 29: "a smaller rule list for result rows").

A figure of a trace answer goes through the engine's 47 rules; an unsupported one (a figure no
cell or derivation meets) pays for all of them. Were the rules that never win on result rows left
out of trace's list, every such figure would cost less. This script counts the wins per rule on
every result-rows claim of the benchmarks' traces, and then asks whether "never wins there" is a
proof that a rule *cannot* win on result rows:

- **counted**: each rule's wins (``engine._run``'s first verdict, on claims whose options read
  result rows) over ``verdicts.py``'s trace entries (the labelled answers with default and all
  derivations, the random figures, the timing answers) and ``trace_vs_figured.py``'s "what a
  figure claims" cases (its ``--claims-only`` set, with their questions and options);
- **shapes**: answers an analytics assistant writes over result rows (fictional rows of regions
  and of years), each a shape a rule of the list was written for, traced with the whole list and
  with only the rules that won above; every shape whose verdicts differ is printed with the rule
  that decided it.

A rule that wins in a shape but never in the counts shows that the counts are no proof: the list
must not be cut by them (round 29: annualized, year_means and coarse_ratio win in shapes no
benchmark answer writes).

::

    python benchmarks/trace_rule_wins.py             # both parts (~1 min)
    python benchmarks/trace_rule_wins.py --tables 6  # fewer labelled tables
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import crossfoot.engine as _engine
from crossfoot.rules import REACHES, RULES
from crossfoot.rules._reach import within_reach

engine: Any = _engine
plain_run = _engine._run

_REGIONS = [
    {"region": "Europe", "revenue": 4_820_000, "orders": 40_830, "cost": 3_100_000},
    {"region": "Asia Pacific", "revenue": 3_150_000, "orders": 20_100, "cost": 2_500_000},
    {"region": "Americas", "revenue": 2_010_000, "orders": 15_000, "cost": 2_200_000},
]
_YEARS = [
    {"year": "2022", "revenue": 1000, "income": 150, "customers": 40},
    {"year": "2023", "revenue": 1200, "income": 200, "customers": 46},
    {"year": "2024", "revenue": 1500, "income": 270, "customers": 55},
]
_MONTH = [{"month": "March", "mrr": 48_200}]
#: (answer, rows): one shape per line, true figures unless the comment says otherwise.
SHAPES: tuple[tuple[str, list[dict[str, Any]]], ...] = (
    ("Europe and Asia Pacific made 4,820,000 + 3,150,000 = 7,970,000. So the total is 7,970,000.",
     _REGIONS),
    ("March MRR was $48,200, a $578,400 annual run rate.", _MONTH),
    ("Europe and Asia Pacific sold $7.97 million together.", _REGIONS),
    ("The average order value in Europe was $118.05.", _REGIONS),
    ("Revenue grew from 1,000 in 2022 to 1,500 in 2024, an average annual increase of 250.",
     _YEARS),
    ("The ratio of Europe to Americas revenue was about 2.4.", _REGIONS),
    ("Europe's cost was about 0.64 of its revenue.", _REGIONS),
    ("Over the 3 years from 2022 to 2024 revenue totalled 3,700.", _YEARS),
    ("Europe and Asia Pacific together were 0.8 of total revenue.", _REGIONS),
    ("Revenue per customer went from 25 in 2022 to 27.27 in 2024.", _YEARS),
    ("12% of 4,820,000 is 578,400.", _REGIONS),
    ("The ratio of Europe to Americas revenue was about 2.9.", _REGIONS),  # wrong: 2.40
    ("March MRR was $48,200, a $608,400 annual run rate.", _MONTH),  # wrong: 578,400
)  # fmt: skip


class _Wins:
    """``engine._run`` that counts the winning rule of every result-rows claim."""

    def __init__(self) -> None:
        self.wins: Counter[str] = Counter()
        self.last: list[str] = []

    def run(self, rule_list: tuple[Any, ...], ctx: Any) -> Any:
        if not ctx.options.result_rows:
            return plain_run(rule_list, ctx)
        for rule in rule_list:
            reach = REACHES.get(rule)
            if reach is not None and not within_reach(ctx, reach):
                continue
            verdict = rule(ctx)
            if verdict is None:
                continue
            if not ctx.options.allow_derived and verdict.status in engine._DERIVING:
                continue
            self.wins[rule.__name__] += 1
            self.last.append(rule.__name__)
            return verdict
        return None


def counted(tables: int) -> Counter[str]:
    """Wins per rule over the benchmarks' traces (see the docstring)."""
    import trace_vs_figured as tvf
    import verdicts
    from claims_cases import claims_cases
    from crossfoot import trace

    wins = _Wins()
    engine._run = wins.run
    try:
        verdicts._trace_entries(tables)
        for raw in claims_cases(random.Random(2026 + 15), tables):
            case = tvf.Case(*raw)
            trace(case.text, case.rows, question=case.question, **(case.options or {}))
    finally:
        engine._run = plain_run
    return wins.wins


def shapes(winners: set[str]) -> list[str]:
    """The shapes whose verdicts change when only ``winners`` run, each with its deciding rule."""
    from crossfoot import trace

    wins = _Wins()
    out: list[str] = []
    short = tuple(r for r in RULES if r.__name__ in winners)
    for text, rows in SHAPES:
        engine._run = wins.run
        wins.last.clear()
        try:
            whole = trace(text, rows)
        finally:
            engine._run = plain_run
        decided = [name for name in wins.last if name not in winners]
        engine.rules = lambda: short
        try:
            cut = trace(text, rows)
        finally:
            engine.rules = _rules
        if cut.to_dict() != whole.to_dict():
            statuses = [c.status for c in whole.claims], [c.status for c in cut.claims]
            out.append(f"  {text!r}: {statuses[0]} -> {statuses[1]} (won by {decided})")
    return out


_rules = engine.rules


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=25, help="labelled tables and claims cases")
    args = ap.parse_args(argv)
    wins = counted(args.tables)
    print(f"counted: result-rows claims won per rule ({sum(wins.values())} claims)")
    for name, n in wins.most_common():
        print(f"  {name:24s} {n:6d}")
    never = [r.__name__ for r in RULES if r.__name__ not in wins]
    print(f"  never won: {len(never)} of {len(RULES)} rules: {', '.join(never)}")
    changed = shapes(set(wins))
    print(f"shapes: {len(changed)} of {len(SHAPES)} change with only the {len(wins)} winners")
    print("\n".join(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
