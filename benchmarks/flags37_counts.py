"""The off_question claims of pot-tatqa's false-alarm sentences by the reading that made them,
as counts only, on both halves side by side.

    python benchmarks/flags37_counts.py --data-root ../shared/data

The validation half stays unread: a claim's message is cut, clause by clause, to its first words
of a closed vocabulary (``_FRAME``: the fixed words of the rules' messages) before it is counted,
so no sentence, question, table or label word is printed, whatever its case or quoting. Also
counts, per false-alarm off_question claim, the question's operation and the answer type.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from cause_counts import print_counts
from corpora import pot_tatqa
from corpora.common import HALVES, data_root, in_half
from crossfoot.language.asked import read_question
from run_all import crossfoot_options

__all__ = ["main", "template"]

# The fixed words of the rules' off_question messages (their f-strings' literal parts). A clause
# is kept up to its first word outside this set: a label, a year or a number the message writes
# (quoted, capitalized or plain lower case: "all countries", "of goodwill only") never passes.
_FRAME = frozenset(
    """a about against all amount amounts an and answer are as asks at average averages balance
    before between both but by calculation cell change closes coarser column comes computed
    concludes count counts covers decimals difference divided divides does down every figure
    figures for found from gives go how in is it its last leaves left less line lines lists many
    mean money months names no none not of on one only opening other others out over own parts
    percentage place points positive prose question quotient ratio respective respectively
    rounded row rows second sentence share side sign source speak states subject sum table takes
    than that the them things this to too total totals two value values well when with written
    year years""".split()
)


def template(message: str) -> str:
    """A message cut to the first words of each clause (at most six) that are all of ``_FRAME``:
    'the question asks for an average; this figure is one value' (never a label).

    >>> template("the question names 'Revenue'; this figure comes from Cost / 2019")
    'the question names; this figure comes from'
    >>> template("the question asks about all countries; this figure is of goodwill only")
    'the question asks about all; this figure is of'
    """
    parts = []
    for part in message.split(";"):
        words = []
        for w in part.split()[:6]:
            if w.rstrip(",") not in _FRAME:
                break
            words.append(w.rstrip(","))
        parts.append(" ".join(words))
    return "; ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data-root", default=None)
    args = p.parse_args(argv)
    every = pot_tatqa.load(data_root(args.data_root), None)
    items = {i.id: i for i in every}
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    tables: dict[str, Counter[str]] = {h: Counter() for h in HALVES}
    for half in HALVES:
        o = ragbench.evaluate(in_half(every, half), tools, 0, "pot-tatqa", False)
        for rec in o.records:
            if rec["type"] != "false_alarm":
                continue
            item = items[rec["id"]]
            op = read_question(item.question).op if item.question else None
            if not any(c.get("status") == "off_question" for c in rec["claims"]):
                continue
            report = tools[0]._checker(item).check(item.answer, question=item.question or None)
            start = item.answer.find(rec["sentence"])
            end = start + len(rec["sentence"])
            for c in report.claims:
                if c.status != "off_question" or not start <= c.mention.start < end:
                    continue
                rule = f"{c.evidence.rule}/{c.evidence.kind}" if c.evidence else "-"
                tables[half][f"{rule} | {template(c.message or '')}"] += 1
                tables[half][f"(asks {op}, {item.meta.get('answer_type')})"] += 1
    print_counts("## pot-tatqa: off_question claims of false-alarm sentences", tables)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
