"""False alarms and missed real errors by likely cause, as counts only, on both halves side by side.

The validation half stays unread: this prints how many false-alarm sentences each cause (and,
for a specific status, each rule) accounts for, never a sentence, question or table. It also
prints, per corpus, the injected value errors that passed by the path that let the changed
figure pass (``value_paths.path_of`` of the changed claim; ``unclaimed`` when no claim covers
the changed digits any more): a path that lets changed figures through names a reading too
loose for the figure's precision or a derivation of too much chance. A cause
far larger on the validation half than on the tuning half names a class of reading narrower than
its shapes; write your own shapes of that class and fix the reading, never an item.

    python benchmarks/cause_counts.py tatqa convfinqa pot-tatqa --data-root ../shared/data

``--value-seeds 1 2 3`` instead runs the value perturbation alone (run_all's ``value`` kind)
with those seeds on the TUNING half only, and counts the changed figures that passed by path
(``--show N`` prints N of them with the passing claim's evidence: tuning items only). The
headline measure keeps seed 0; more seeds show more of the tuning half's rare coincidences.

    python benchmarks/cause_counts.py convfinqa --value-seeds 1 2 3 4 5 --show 20
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from calc_shapes import calc_shape
from conv_average41a import count_average_tags
from conv_exact42a import count_exact_tags
from conv_offq41c import count_offq_tags
from conv_program_tags import count_program_tags
from conv_rounding40p import refusal_tags
from conv_steps39b import count_step_tags
from conv_steps40b import count_earlier_tags, count_search_tags
from conv_steps41b import count_mixed_tags
from conv_sum_tags37a import count_sum_tags
from conv_tags37b import count_divide_tags
from conv_tags38b import count_change_tags
from conv_window_tags38a import count_window_tags
from corpora.causes import _real_miss_cause, classify_records
from corpora.common import HALVES, data_root, in_half, number_tokens
from crossfoot.language.asked import read_question
from crossfoot.language.rowtokens import tokens
from crossfoot.model.types import Source
from crossfoot.rules._prose_meets import _figure_words
from crossfoot.rules._prose_subject import content_words
from crossfoot.rules.net_sum import NOTE as NET_NOTE
from run_all import ADAPTERS, LABELLED, crossfoot_options
from turns_tags39 import count_turns_tags
from value_paths import path_of


def _rule_counts(records: list[dict[str, object]]) -> Counter[str]:
    """``status rule`` of each failing claim more specific than ``unsupported``."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        seen = set()
        for c in rec["claims"]:  # type: ignore[attr-defined]
            if c.get("status") not in ("unsupported", None):
                seen.add(f"{c.get('status')} {c.get('rule') or '-'}")
        out.update(seen)
    return out


def _calc_shapes(records: list[dict[str, Any]], items: dict[str, Any], tool: Any) -> Counter[str]:
    """Counts-only shapes (``calc_shapes.calc_shape``) of each ``arithmetic_error`` claim of a
    false-alarm sentence, re-checked."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        if not any(c.get("status") == "arithmetic_error" for c in rec["claims"]):
            continue
        item = items[rec["id"]]
        report = tool._checker(item).check(item.answer, question=item.question or None)
        start = item.answer.find(rec["sentence"])
        end = start + len(rec["sentence"])
        for c in report.claims:
            if c.status == "arithmetic_error" and start <= c.mention.start < end:
                out[calc_shape(item.answer, c, report.claims)] += 1
    return out


def _changed_at(old: str, new: str) -> int:
    """Offset in ``new`` of the first character that differs from ``old``."""
    for k, (x, y) in enumerate(zip(old, new, strict=False)):
        if x != y:
            return k
    return min(len(old), len(new))


def changed_claim(rec: dict[str, Any], item: Any, tool: Any) -> tuple[Any, Any, str] | None:
    """The claim covering the changed digits of an injected error ``rec`` (None when no claim
    covers them any more), the report of the changed answer, and the changed sentence; None
    when the record's sentence is not among the item's."""
    span = next((s for s in item.sentences if item.answer[s[0] : s[1]] == rec["sentence"]), None)
    if span is None:
        return None
    a, b = span
    new = rec["injected"]
    at = a + _changed_at(rec["sentence"], new)
    text = item.answer[:a] + new + item.answer[b:]
    report = tool._checker(item).check(text, question=item.question or None)
    hit = next((c for c in report.claims if c.mention.start <= at < c.mention.end), None)
    return hit, report, new


def _missed_paths(
    records: list[dict[str, Any]], items: dict[str, Any], tool: Any, kind: str = "miss_value"
) -> Counter[str]:
    """``path_of`` the changed claim of each injected value error (or ``kind``) that passed,
    re-checked; a sum of ``rules.net_sum`` marked so (round 38)."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != kind:
            continue
        item = items[rec["id"]]
        got = changed_claim(rec, item, tool)
        if got is None:
            out["(sentence not found)"] += 1
            continue
        hit, report, new = got
        key = "unclaimed" if hit is None else path_of(hit)
        if hit is not None and hit.evidence is not None and hit.evidence.note == NET_NOTE:
            key += " (rules.net_sum)"
        if hit is not None and key.startswith("direct/"):
            key += _direct_shape(hit, report, item, new)
        out[key] += 1
    return out


def _asked_misses(records: list[dict[str, Any]], items: dict[str, Any], tool: Any) -> Counter[str]:
    """Each injected value error that passed, tagged (counts only) by the operation its question
    reads (``read_question``), the gold program's operations, the passing path, whether the
    changed figure is a figure the sources write (as written, or the nearest source figure within
    1%), and whether the turn names a row or year of its own (conv38c)."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "miss_value":
            continue
        item = items[rec["id"]]
        got = changed_claim(rec, item, tool)
        if got is None:
            continue
        hit = got[0]
        ask = read_question(item.question) if item.question else None
        ops = " ".join(ch for ch in str(item.meta.get("program") or "") if ch in "+-*/")
        value = None if hit is None else abs(hit.mention.value)
        written = {abs(t.value) for src in item.sources for t in number_tokens(src)}
        where = "no claim"
        if value is not None:
            where = (
                "a source figure as written"
                if value in written
                else "near a source figure"
                if any(v and abs(v - value) <= abs(v) / 100 for v in written)
                else "no source figure"
            )
        words = "names years" if ask is not None and ask.years else "names no year"
        out[
            f"asks {ask.op if ask else None} | program {ops or '-'} | "
            f"{'unclaimed' if hit is None else path_of(hit)} | {where} | {words} | "
            f"turn {item.meta.get('turn')}"
        ] += 1
        if hit is not None and hit.evidence is not None and hit.evidence.rule == "direct":
            out[f"direct: {_direct_reading(hit, item)}"] += 1
        elif hit is not None and hit.evidence is not None and hit.evidence.rule == "derive":
            out[f"derive: {_derive_reading(hit, item)}"] += 1
    return out


def _derive_reading(hit: Any, item: Any) -> str:
    """How a derivation reached a changed figure, counts-only words: its kind and operands'
    layout (one row, one column, other), the gap between its result and the written figure in
    the figure's half units, and how many operand rows the turn's words name."""
    ev = hit.evidence
    ops = ev.operands
    rows = {v.row for v in ops}
    cols = {v.column for v in ops}
    layout = (
        "prose"
        if any(v.row is None and v.column is None for v in ops)
        else "one row"
        if len(rows) == 1
        else "one column"
        if len(cols) == 1
        else "rows and columns apart"
    )
    m = hit.mention
    gap = "n/a"
    if ev.result is not None and m.precision:
        units = abs(abs(ev.result) - abs(m.value)) / m.precision
        gap = "within the half unit" if units <= 1 else f"{min(int(units), 9)}+ half units"
    asked = set(tokens(item.question or ""))
    named = sum(1 for v in ops if v.row and set(tokens(v.row)) & asked)
    return (
        f"{ev.kind}; {len(ops)} operands; {layout}; {gap}; {named} operand rows named by the "
        f"turn; written {_sig_digits(m.text)} significant"
    )


def _sig_digits(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit()).lstrip("0")
    return len(digits)


def _direct_reading(hit: Any, item: Any) -> str:
    """How a direct match read its source figure, counts-only words: the status, the reading
    the evidence names (as written, as a percentage, scaled), whether the source writes the
    figure in digits, and whether the words before it word a change."""
    ev = hit.evidence
    formula = ev.formula.rsplit("=", 1)[-1]
    reading = formula[formula.find("(") + 1 : formula.rfind(")")] if "(" in formula else "plain"
    # a template only: rules.scaled writes the answer's calculation after "read in", and
    # rules.cell_words a row label, into the formula (read38c)
    scaled = "scaled" in reading or reading.startswith("read in ")
    reading = "scaled" if scaled else reading if reading in _READINGS else "another reading"
    sv = ev.operands[0] if ev.operands else None
    digits, change = "a cell", "n/a"
    if sv is not None and sv.span is not None:
        text = item.sources[int(sv.source_id[1:]) - 1]
        digits = "digits" if any(ch.isdigit() for ch in text[sv.span[0] : sv.span[1]]) else "words"
        before = _clause_before(text, sv.span[0]).lower()
        change = "words a change" if any(w in before for w in _CHANGE_WORDS) else "no change word"
    elif sv is not None:
        labels = f"{sv.row} {sv.column}".lower()
        change = "words a change" if any(w in labels for w in _CHANGE_WORDS) else "no change word"
    return f"{hit.status}; {reading}; {digits}; {change}"


# The readings rules.direct names (its ``_targets``) and rules.change_column's.
_READINGS = frozenset(
    {"plain", "as a fraction", "as a percentage", "as percentage points", "a percent change"}
)
_CHANGE_WORDS = (
    "chang increas decreas grew grow declin rose rise fell fall differ drop up down higher lower "
    "reduc gain loss improv".split()
)


def _direct_shape(hit: Any, report: Any, item: Any, sentence: str) -> str:
    """How a changed figure met a source value directly, in counts-only words: a cell or a
    prose figure; whether its sentence names anything the sources write; whether the answer
    wrote the same figure before it."""
    sv = hit.evidence.operands[0] if hit.evidence.operands else None
    where = "cell" if sv is None or sv.span is None else "prose"
    source_words = {t for src in item.sources for t in tokens(src)}
    said = {t for t in content_words(sentence) if t in source_words}
    again = any(
        c.mention.start < hit.mention.start and c.mention.value == hit.mention.value
        for c in report.claims
    )
    calc = any(
        c.mention.start < hit.mention.start
        and c.evidence is not None
        and c.evidence.kind == "written_calculation"
        and hit.mention.value in {x.value for x in _operands(report, c)}
        for c in report.claims
    )
    head = sentence[: max(0, sentence.find(hit.mention.text.strip()))].lower().split()
    concludes = bool({"thus", "so", "therefore", "hence", "thus,", "so,", "therefore,"} & set(head))
    detail = (
        _earlier_shape(hit, report, said, _source_texts(report, item))
        if again and where == "prose"
        else ""
    )
    return (
        f" ({where}; sentence names {'something' if said else 'nothing'} of the sources"
        f"{'; the answer wrote it before' if again else ''}"
        f"{'; an operand of a calculation before it' if calc else ''}"
        f"{'; a concluding word before it' if concludes else ''}{detail})"
    )


# Words that word an operation in a claim's sentence (counts-only tags of a restatement).
_OPERATION_TAGS = (
    ("a sum", ("total", "combined", "sum", "aggregate", "together", "overall")),
    (
        "a change",
        tuple("change increase decrease difference grew rose fell declined growth".split()),
    ),
    ("an average", ("average", "mean")),
    ("a share", ("percent", "percentage", "proportion", "ratio", "portion", "share")),
)


def _earlier_shape(
    hit: Any, report: Any, said: set[str], item_sources: list[tuple[str, str]]
) -> str:
    """Counts-only tags of a prose match the answer wrote before: where the earlier figure
    stands, whether its sentence's words meet the claim's, what operation the claim's sentence
    words, and whether the earlier figure met the same source figure."""
    m = hit.mention
    earlier = [c for c in report.claims if c.mention.start < m.start and c.mention.value == m.value]
    e = earlier[0]
    same_sentence = any(c.sentence.start == hit.sentence.start for c in earlier)
    meet = any(content_words(c.sentence.text) & said for c in earlier)
    low = hit.sentence.text.lower()
    ops = [name for name, ws in _OPERATION_TAGS if any(w in low for w in ws)]
    sv = hit.evidence.operands[0] if hit.evidence.operands else None
    same_source = sv is not None and any(
        c.evidence is not None
        and (sv.source_id, sv.span) in {(v.source_id, v.span) for v in c.evidence.operands}
        for c in earlier
    )
    between = sum(1 for c in report.claims if e.mention.end <= c.mention.start < m.start)
    last = all(c.mention.start <= m.start for c in report.claims)
    years = {t for t in tokens(hit.sentence.text) if len(t) == 4 and t[:2] in ("19", "20")}
    e_years = {t for c in earlier for t in tokens(c.sentence.text) if t in years}
    new_words = said - {t for c in earlier for t in content_words(c.sentence.text)}
    src = next((x for x in item_sources if sv is not None and x[0] == sv.source_id), None)
    respectively = False
    if src is not None and sv is not None and sv.span is not None:
        around = src[1][max(0, sv.span[0] - 300) : sv.span[1] + 300].lower()
        respectively = "respectively" in around
    signs = any(ch in hit.sentence.text for ch in "=+")
    own: frozenset[str] = frozenset()
    if src is not None and sv is not None and sv.span is not None:
        own = _figure_words(Source(sv.source_id, src[1]), sv)
    met_own = {w for w in said if any(w[:6] == o[:6] for o in own)}
    clause: set[str] = set()
    if src is not None and sv is not None and sv.span is not None:
        clause = set(content_words(_clause_before(src[1], sv.span[0])))
    mine = set(content_words(_clause_before(report_text(report, hit), hit.mention.start)))
    e0 = earlier[0]
    theirs = set(content_words(_clause_before(report_text(report, e0), e0.mention.start)))
    e_all = {t for c in earlier for t in content_words(c.sentence.text)}
    own_new = met_own - e_all
    return (
        f"; written before in {'its own' if same_sentence else 'another'} sentence"
        f"{', of the same source figure' if same_source else ''}"
        f"{', its words meet' if meet else ', no word met'}"
        f"; {between} figures between; words {'/'.join(ops) or 'no operation'}"
        f"{'; the last figure' if last else ''}; {m.kind}"
        f"; {len(years)} years named ({len(e_years)} also before)"
        f"; {len(new_words)} new source words"
        f"{'; respectively by the source figure' if respectively else ''}"
        f"{'; its sentence writes = or +' if signs else ''}"
        f"; meets the source figure's words by {len(met_own)} ({len(own_new)} new)"
        f"; its clause {_meets_word(mine, clause)} the source clause"
        f", the earlier's {'meets' if _stem_meet(theirs, clause) else 'misses'} it"
    )


def _clause_before(text: str, at: int) -> str:
    """The words before offset ``at`` back to the previous digit or sentence end (at most 160
    characters): what a figure's own clause says it is."""
    k = at
    while k > 0 and at - k < 160:
        ch = text[k - 1]
        if ch.isdigit() or (ch in ".;:!?\n" and not (k >= 2 and text[k - 2].isdigit())):
            break
        k -= 1
    return text[k:at]


def report_text(report: Any, claim: Any) -> str:
    """The answer text a claim's offsets index (the claim's sentence, placed at its offset)."""
    s = claim.sentence
    return " " * s.start + s.text


def _meets_word(mine: set[str], clause: set[str]) -> str:
    """How a claim's clause stands to the source figure's: names nothing, meets or misses it."""
    if not mine:
        return "names nothing beside"
    return "meets" if _stem_meet(mine, clause) else "misses"


def _stem_meet(a: set[str], b: set[str]) -> bool:
    return bool(a & b) or any(x[:6] == y[:6] for x in a for y in b if len(x) >= 6 and len(y) >= 6)


def _source_texts(report: Any, item: Any) -> list[tuple[str, str]]:
    """(source id, text) of the item's sources as the checker numbered them (S1, S2, ...)."""
    return [(f"S{k + 1}", t) for k, t in enumerate(item.sources)]


def _operands(report: Any, calc_claim: Any) -> list[Any]:
    """The claims a written calculation's formula is made of (the figures just before it)."""
    text = calc_claim.evidence.formula.split("=")[0]
    return [
        c
        for c in report.claims
        if c.mention.start < calc_claim.mention.start and c.mention.text.strip() in text
    ]


def _seed_passes(
    every: Sequence[Any], items: dict[str, Any], tool: Any, seeds: Sequence[int], show: int
) -> None:
    """The value perturbation with each of ``seeds`` on the tuning half: caught per seed, the
    changed figures that passed by path, and ``show`` of them with their evidence."""
    tune = in_half(every, "tune")
    paths: Counter[str] = Counter()
    shown = 0
    for seed in seeds:
        o = ragbench.evaluate(tune, [tool], seed, None, False, injections=("value",))
        inj = o.stats["crossfoot"]["injections"]["value"]
        print(f"seed {seed}: value caught {inj['caught']}/{inj['base']}")
        misses = [r for r in o.records if r["type"] == "miss_value"]
        paths.update(_missed_paths(misses, items, tool))
        for rec in misses:
            if shown >= show:
                break
            shown += 1
            why = "; ".join(f"{d['text']} {d['rule']} {d['why']}" for d in rec["claims"])
            print(f"  [{rec['id']}] {rec['injected'].strip()[:200]}\n      {why[:300]}")
    print("passed by path (tune, all seeds):")
    for k, n in paths.most_common():
        print(f"{n:4d}  {k}")


def _sign_only(item: Any) -> bool:
    """The answer's final number is the gold's with the other sign (TAT-QA's open signs)."""
    gold, pred = item.meta.get("gold"), item.meta.get("pred") or []
    g = [float(t.scaled) for t in number_tokens(str(gold))] if gold is not None else []
    p = [float(t.value) for x in pred for t in number_tokens(str(x))]
    if not g or not p:
        return False
    gv = float(gold) if isinstance(gold, (int, float)) else g[-1]
    return gv != 0 and abs(p[-1] + gv) <= 0.01 * abs(gv)


def _real_paths(records: list[dict[str, Any]], items: dict[str, Any], tool: Any) -> Counter[str]:
    """``cause | path_of`` the final figure of each real wrong answer that passed (flags28)."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "real_missed":
            continue
        item = items[rec["id"]]
        report = tool._checker(item).check(item.answer, question=item.question or None)
        # a restatement ("Answer: X") says nothing of how X passed: the last figure it restates
        kept = [c for c in report.claims if path_of(c) != "steps/restatement"]
        last = kept[-1] if kept else None
        short = _real_miss_cause(item).split(":")[0].split(" (")[0]
        if _sign_only(item):
            short += " (the gold's sign flipped)"
        op = read_question(item.question).op if item.question else None
        kind = f"{item.meta.get('answer_type')}, asks {op}"
        out[f"{short} | {'no claim' if last is None else path_of(last)} | {kind}"] += 1
    return out


def print_counts(heading: str, table: dict[str, Counter[str]]) -> None:
    """One counts table, both halves side by side, the validation half's largest first (each key a
    tag, never an item's text: the callers build keys of fixed words and counts only)."""
    print(f"{heading} ({' / '.join(HALVES)})")
    keys = set().union(*table.values())
    for k in sorted(keys, key=lambda k: (-table["valid"][k], -table["tune"][k], k)):
        print(" ".join(f"{table[h][k]:4d}" for h in HALVES) + f"  {k}")


# The headline corpora and ConvFinQA's two labelled lines (each its own section).
_CORPORA = {**ADAPTERS, **LABELLED}


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Checked by hand: Python 3.11's argparse tests an empty `nargs="*"` selection against
    # `choices` as one value and refuses it.
    p.add_argument("corpora", nargs="*", help=f"any of {', '.join(_CORPORA)} (default: all)")
    p.add_argument("--data-root", default=None)
    p.add_argument(
        "--value-seeds",
        nargs="+",
        type=int,
        help="run only the value perturbation with these seeds, on the tuning half only",
    )
    p.add_argument("--show", type=int, default=0, help="with --value-seeds: print N passes")
    p.add_argument(
        "--cross-program",
        default=None,
        help='convfinqa: every tag of the false alarms of this gold program ("+ +") again',
    )
    args = p.parse_args(argv)
    unknown = [c for c in args.corpora if c not in _CORPORA]
    if unknown:
        p.error(f"unknown corpus {', '.join(unknown)}; choose from {', '.join(_CORPORA)}")
    root = data_root(args.data_root)
    tools = ragbench.make_tools(["crossfoot"], crossfoot_options([]))
    for key in args.corpora or list(_CORPORA):
        every = _CORPORA[key].load(root, None)
        items = {i.id: i for i in every}
        if args.value_seeds:
            print(f"\n## {key}: value perturbation, tuning half, seeds {args.value_seeds}")
            _seed_passes(every, items, tools[0], args.value_seeds, args.show)
            continue
        causes: dict[str, Counter[str]] = {}
        missed: dict[str, Counter[str]] = {}
        rules: dict[str, Counter[str]] = {}
        paths: dict[str, Counter[str]] = {}
        finals: dict[str, Counter[str]] = {}
        shapes: dict[str, Counter[str]] = {}
        programs: dict[str, Counter[str]] = {}
        sums: dict[str, Counter[str]] = {}
        divides: dict[str, Counter[str]] = {}
        windows: dict[str, Counter[str]] = {}
        swaps: dict[str, Counter[str]] = {}
        changes: dict[str, Counter[str]] = {}
        asked: dict[str, Counter[str]] = {}
        steps: dict[str, Counter[str]] = {}
        search: dict[str, Counter[str]] = {}
        earlier: dict[str, Counter[str]] = {}
        averages: dict[str, Counter[str]] = {}
        exacts: dict[str, Counter[str]] = {}
        turns: dict[str, Counter[str]] = {}
        short: dict[str, Counter[str]] = {}
        mixed: dict[str, Counter[str]] = {}
        offq: dict[str, Counter[str]] = {}
        for half in HALVES:
            o = ragbench.evaluate(in_half(every, half), tools, 0, key, False)
            by_kind = classify_records(o.records, items, examples=0)
            c = by_kind.get("false_alarm", {})
            causes[half] = Counter({k: v["count"] for k, v in c.items()})
            m = by_kind.get("real_missed", {})
            missed[half] = Counter({k: v["count"] for k, v in m.items()})
            rules[half] = _rule_counts(o.records)
            paths[half] = _missed_paths(o.records, items, tools[0])
            swaps[half] = _missed_paths(o.records, items, tools[0], "miss_swap")
            finals[half] = _real_paths(o.records, items, tools[0])
            shapes[half] = _calc_shapes(o.records, items, tools[0])
            # the gold program's operands, the answer's form, the reach gap (conv_program_tags)
            has_program = key.startswith("convfinqa")
            programs[half] = (
                count_program_tags(o.records, items, tools[0], args.cross_program)
                if has_program
                else Counter()
            )
            # sums and means of three or more operands (conv_sum_tags37a, round 37)
            sums[half] = count_sum_tags(o.records, items, tools[0]) if has_program else Counter()
            divides[half] = (
                count_divide_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            # why the sum search holds no sum (conv_window_tags38a, round 38)
            windows[half] = (
                count_window_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            # differences and changes over a base (conv_tags38b, round 38)
            changes[half] = (
                count_change_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            asked[half] = _asked_misses(o.records, items, tools[0]) if has_program else Counter()
            # which step refuses one operation over two numbers (conv_steps39b, round 39)
            steps[half] = count_step_tags(o.records, items, tools[0]) if has_program else Counter()
            # ... and where the two-operand search refuses them (conv_steps40b, round 40)
            search[half] = (
                count_search_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            earlier[half] = (
                count_earlier_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            # where a multi-step or averaging program's operands stand (conv_average41a)
            averages[half] = (
                count_average_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            # ... and where exact_short refuses a figure written as the exact value (conv42a)
            exacts[half] = (
                count_exact_tags(o.records, items, tools[0]) if has_program else Counter()
            )
            # ... and which test of the text-figure-and-cell rule refuses them (conv_steps41b)
            mixed[half] = count_mixed_tags(o.records, items, tools[0]) if has_program else Counter()
            # the passing derivation's operands against the conversation's words (turns39)
            turns[half] = count_turns_tags(o.records, items, tools[0]) if has_program else Counter()
            # the written rounding refused where the exact value passes (conv_rounding40p)
            short[half] = (
                refusal_tags(in_half(every, half), tools[0]) if key == "convfinqa" else Counter()
            )
            # which alignment test says off_question on a correct answer (conv_offq41c)
            offq[half] = count_offq_tags(o.records, items, tools[0]) if has_program else Counter()
        for title, table in (
            ("false-alarm sentences by cause", causes),
            ("false-alarm sentences by status and rule", rules),
            ("real wrong answers passed, by cause", missed),
            ("real wrong answers passed, by cause and the final figure's path", finals),
            ("value errors missed, by the path that let the changed figure pass", paths),
            ("swaps missed, by the path that let the swapped-in figure pass (conv38a)", swaps),
            ("arithmetic_error claims of false-alarm sentences, by calculation shape", shapes),
            ("false-alarm sentences by the gold program (conv_program_tags)", programs),
            ("false-alarm sentences of sums and means of 3+ (conv_sum_tags37a)", sums),
            ("dividing programs, joint tags (conv37b)", divides),
            ("sum programs: why the search holds no sum (conv_window_tags38a)", windows),
            ("differences and changes over a base, joint tags (conv38b)", changes),
            ("value errors missed, by what the turn asks and the gold program (conv38c)", asked),
            ("one operation over two numbers: which step refuses (conv39b)", steps),
            ("two read operands in the window: the search step that refuses (conv40b)", search),
            ("cell operands whose rows only earlier turns name (conv40b)", earlier),
            ("a text figure and a cell: the mixed rule's test that refuses (conv41b)", mixed),
            ("value errors missed, the passing derivation's operands and words (turns39)", turns),
            ("written figure refused, its 6-digit twin passed: by what (prec40)", short),
            ("multi-step and averaging programs: where the operands stand (conv41a)", averages),
            ("written as the exact value: where exact_short refuses (conv42a)", exacts),
            ("off_question on correct answers: the test, the ask (conv_offq41c)", offq),
        ):
            if not any(table.values()):
                continue
            print_counts(f"\n## {key}: {title}", table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
