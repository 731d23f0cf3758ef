"""RAGBench harness: false alarms, injected-error catch rates and real errors flagged.

Runs crossfoot, the naive verbatim baseline and ``figured`` (where a source is a table) over
benchmark items, sentence by sentence, and writes JSON + a markdown table (+ a PNG chart) to
``benchmarks/results/``. The corpus adapters in ``corpora/`` produce the same items from the other
data sets; ``run_all.py`` runs them all.

    python benchmarks/ragbench.py --subsets finqa tatqa --split test --limit 300
    python benchmarks/ragbench.py --data-dir DIR   # local parquet/jsonl in the RAGBench schema

Measures (per subset and tool):
- false alarms: numeric sentences labelled supported / correct that the tool fails;
- injections: from numeric sentences labelled good that the tool passes, one known error each
  (value ±10-30 %, scale word, direction word, swap with another number of the same source),
  caught when the tool fails the changed sentence;
- real errors flagged: numeric sentences (and answers) labelled unsupported / wrong that it fails.

Answer-level measures (false alarms per answer, real errors flagged, precision) take the tool's
verdict on the whole answer, as its user sees it: flagged when any scored sentence fails, over
every answer holding a number, a bare year included ("Answer: 2019"; for crossfoot this is
``report.passed`` of the answer, less a reference corpus's question lead, which is no part of the
answer). Sentence-level measures and injections score sentences holding a number that is not a
bare year. ``stats["by_sentence"]`` keeps the earlier answer measure (a failing non-year sentence,
over answers with one) for comparison (docs/bench.md).
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora.common import (
    INJECTIONS,
    Item,
    NumberToken,
    baseline_sentence_fails,
    figured_sentence_fails,
    inject,
    is_year,
    number_tokens,
    source_tables,
)

__all__ = [
    "CROSSFOOT_OPTIONS",
    "HubUnreachable",
    "evaluate",
    "load_ragbench",
    "main",
    "ragbench_items",
    "write_results",
    "write_review",
]

RESULTS = Path(__file__).resolve().parent / "results"
CACHE = Path(__file__).resolve().parents[1] / ".cache" / "bench"
#: options every crossfoot call gets: answers in these corpora carry no citations
CROSSFOOT_OPTIONS: dict[str, Any] = {"require_citations": False}
HUB_NAME = "rungalileo/ragbench"
HUB_MIRROR = "galileo-ai/ragbench"  # the same data under its newer organisation name


class HubUnreachable(RuntimeError):
    """The Hugging Face hub could not be reached and no ``--data-dir`` was given."""


# --------------------------------------------------------------------------------------------
# RAGBench loading


def hub_message(subset: str, split: str, err: BaseException) -> str:
    return (
        f"Could not load {HUB_NAME} subset {subset!r} split {split!r} from the Hugging Face hub "
        f"(unreachable or offline: {type(err).__name__}: {err}). Download the files elsewhere "
        f"(e.g. huggingface.co/datasets/{HUB_NAME}/tree/main/{subset}) and pass "
        f"--data-dir DIR, where DIR holds {subset}/*{split}*.parquet or .jsonl files (or "
        f"*.parquet/*.jsonl directly) in the RAGBench schema."
    )


def _is_connection_error(err: BaseException) -> bool:
    names = {c.__name__ for c in type(err).__mro__}
    if isinstance(err, (ConnectionError, TimeoutError)) or names & {
        "OfflineModeIsEnabled",
        "LocalEntryNotFoundError",
        "HfHubHTTPError",
        "ConnectError",
        "HTTPError",
    }:
        return True
    # httpx raises RuntimeError("Cannot send a request, as the client has been closed") after
    # its retries on a machine without DNS; anything else is a real bug and must surface.
    text = str(err).lower()
    return isinstance(err, (RuntimeError, OSError)) and any(
        w in text for w in ("request", "connect", "resolve", "network", "hub")
    )


def load_ragbench(
    subset: str, split: str = "test", data_dir: str | Path | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    """Rows of one RAGBench subset, from the hub or from ``data_dir`` (parquet / jsonl).

    Raises :class:`HubUnreachable` (with what to do) when the hub cannot be reached.
    """
    from datasets import load_dataset

    if data_dir is not None:
        base = Path(data_dir)
        folder = base / subset if (base / subset).is_dir() else base
        files = [p for ext in ("parquet", "jsonl", "json") for p in sorted(folder.glob(f"*.{ext}"))]
        files = [p for p in files if split in p.name] or files  # prefer the split's files
        if not files:
            raise FileNotFoundError(
                f"no *.parquet/*.jsonl files for subset {subset!r} split {split!r} under {base}"
            )
        kind = "parquet" if files[0].suffix == ".parquet" else "json"
        ds = load_dataset(kind, data_files=[str(p) for p in files], split="train")
    else:
        try:
            ds = load_dataset(HUB_NAME, subset, split=split)
        except Exception as err:
            if _is_connection_error(err):
                raise HubUnreachable(hub_message(subset, split, err)) from err
            if type(err).__name__ != "DatasetNotFoundError":
                raise
            ds = load_dataset(HUB_MIRROR, subset, split=split)  # moved: try the new name
    if limit is not None:
        ds = ds.select(range(min(limit, len(ds))))
    return [dict(r) for r in ds]


def _need(row: dict[str, Any], name: str, idx: int) -> Any:
    if name not in row:
        raise ValueError(f"RAGBench row {idx} (id={row.get('id')!r}) has no field {name!r}")
    return row[name]


def ragbench_items(rows: Iterable[dict[str, Any]], subset: str) -> list[Item]:
    """Items from RAGBench rows: sentences from ``response_sentences``, labels from
    ``sentence_support_information`` / ``unsupported_response_sentence_keys``."""
    items: list[Item] = []
    for idx, row in enumerate(rows):
        response = str(_need(row, "response", idx))
        docs = [str(d) for d in _need(row, "documents", idx)]
        unsupported = set(row.get("unsupported_response_sentence_keys") or [])
        support = {
            s["response_sentence_key"]: bool(s.get("fully_supported"))
            for s in row.get("sentence_support_information") or []
        }
        spans: list[tuple[int, int]] = []
        labels: list[Any] = []
        pos = 0
        for key, text in _need(row, "response_sentences", idx):
            text = str(text)
            at = response.find(text, pos)
            if at < 0:
                at = response.find(text.strip())
                text = text.strip()
            if at < 0:
                continue  # a sentence the annotator rewrote: no span to score
            spans.append((at, at + len(text)))
            pos = at + len(text)
            if key in unsupported or support.get(key) is False:
                labels.append("bad")
            elif support.get(key):
                labels.append("good")
            else:
                labels.append(None)
        adherent = row.get("adherence_score")
        items.append(
            Item(
                corpus=f"ragbench-{subset}",
                id=str(row.get("id", idx)),
                question=str(row.get("question", "")),
                answer=response,
                sources=docs,
                tables=source_tables(docs),
                label=None if adherent is None else ("good" if adherent else "bad"),
                sentences=spans or [(0, len(response))],
                sentence_labels=labels if spans else [None],
            )
        )
    return items


# --------------------------------------------------------------------------------------------
# Tools: each answers "does this sentence fail?" for the original and for a changed sentence.


@dataclass
class Prepared:
    item: Item
    state: Any
    fails: list[bool]
    details: list[list[dict[str, Any]]]


class CrossfootTool:
    name = "crossfoot"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        import crossfoot

        self.cf: Any = crossfoot
        self.options = dict(CROSSFOOT_OPTIONS if options is None else options)
        self._cache: tuple[int, Any] | None = None
        self.last_details: list[dict[str, Any]] = []

    def _checker(self, item: Item) -> Any:
        if self._cache is None or self._cache[0] != id(item.sources):
            self._cache = (id(item.sources), self.cf.Checker(item.sources, **self.options))
        return self._cache[1]

    @staticmethod
    def _sentence_claims(report: Any, a: int, b: int) -> list[Any]:
        return [c for c in report.claims if a <= c.mention.start < b]

    def prepare(self, item: Item) -> Prepared:
        report = self._checker(item).check(item.answer, question=item.question or None)
        fails, details = [], []
        for a, b in item.sentences:
            bad = [c for c in self._sentence_claims(report, a, b) if not c.passed]
            fails.append(bool(bad))
            details.append([_claim_detail(c) for c in bad])
        return Prepared(item, report, fails, details)

    def variant_fails(self, prep: Prepared, i: int, new: str) -> bool:
        a, b = prep.item.sentences[i]
        text = prep.item.answer[:a] + new + prep.item.answer[b:]
        report = self._checker(prep.item).check(text, question=prep.item.question or None)
        claims = self._sentence_claims(report, a, a + len(new))
        self.last_details = [_claim_detail(c) for c in claims]  # why a miss passed, for reading
        return any(not c.passed for c in claims)


def _claim_detail(c: Any) -> dict[str, Any]:
    ev = getattr(c, "evidence", None)
    return {
        "text": c.text,
        "status": c.status,
        "rule": f"{ev.rule}/{ev.kind}" if ev is not None else "",
        "why": (ev.formula if ev is not None else "") or getattr(c, "message", ""),
    }


class BaselineTool:
    name = "baseline"

    def __init__(self) -> None:
        self._cache: dict[int, Any] = {}

    def _fails(self, item: Item, text: str) -> bool:
        return baseline_sentence_fails(text, item.sources, self._cache)

    def prepare(self, item: Item) -> Prepared:
        fails = [self._fails(item, item.answer[a:b]) for a, b in item.sentences]
        details = [[{"text": "", "status": "not verbatim", "why": ""}] if f else [] for f in fails]
        return Prepared(item, None, fails, details)

    def variant_fails(self, prep: Prepared, i: int, new: str) -> bool:
        return self._fails(prep.item, new)


class FiguredTool:
    name = "figured"

    def __init__(self) -> None:
        from figured import trace

        self.trace = trace

    def prepare(self, item: Item) -> Prepared | None:
        if not item.tables:
            return None
        fails = [
            bool(figured_sentence_fails(item.answer[a:b], item.tables, self.trace))
            for a, b in item.sentences
        ]
        return Prepared(item, None, fails, [[] for _ in fails])

    def variant_fails(self, prep: Prepared, i: int, new: str) -> bool:
        return bool(figured_sentence_fails(new, prep.item.tables, self.trace))


def make_tools(names: Sequence[str], crossfoot_options: dict[str, Any] | None = None) -> list[Any]:
    """Tool objects by name; a tool whose package is missing is skipped with a message.
    ``crossfoot_options`` are added to :data:`CROSSFOOT_OPTIONS` (a labelled run, never the
    headline: ``run_all.py --crossfoot-option answer_decimals=2``)."""
    tools: list[Any] = []
    for name in names:
        try:
            if name == "crossfoot":
                tools.append(CrossfootTool({**CROSSFOOT_OPTIONS, **(crossfoot_options or {})}))
            elif name == "baseline":
                tools.append(BaselineTool())
            elif name == "figured":
                tools.append(FiguredTool())
            else:
                raise ValueError(f"unknown tool {name!r}; expected crossfoot, baseline, figured")
        except ImportError as err:
            print(f"skipping {name}: {err} (pip install -e '.[bench]')", file=sys.stderr)
    return tools


# --------------------------------------------------------------------------------------------
# Measuring


def _targets(
    item: Item, span: tuple[int, int], mentions: Sequence[Any] | None
) -> list[NumberToken]:
    """Numbers of a sentence that may receive an injected error (offsets within the sentence):
    not years, and claims by crossfoot's own reader (``mentions``) when it is available."""
    a, b = span
    sent = item.answer[a:b]
    toks = [t for t in number_tokens(sent) if not is_year(t)]
    if mentions is None:
        return toks
    spans = [
        (m.start - a, m.end - a)
        for m in mentions
        if a <= m.start < b and getattr(m, "claim", True) and m.kind != "year"
    ]
    return [t for t in toks if any(s < t.end and t.start < e for s, e in spans)]


def _pool(
    item: Item, target_values: Sequence[NumberToken], per_source: list[list[NumberToken]]
) -> list[NumberToken]:
    """Numbers of the source a target came from (else of every source), for swaps."""
    wanted = {abs(t.value).normalize() for t in target_values}
    same = [
        t
        for toks in per_source
        if any(abs(x.value).normalize() in wanted for x in toks)
        for t in toks
    ]
    return same or [t for toks in per_source for t in toks]


def _empty_stats() -> dict[str, Any]:
    return {
        "good_sentences": 0,
        "false_alarms": 0,
        "good_answers": 0,
        "good_answers_flagged": 0,
        "bad_sentences": 0,
        "bad_sentences_flagged": 0,
        "bad_answers": 0,
        "bad_answers_flagged": 0,
        "answers": 0,
        "answers_flagged": 0,
        "flagged_and_bad": 0,
        "injections": {k: {"base": 0, "caught": 0} for k in INJECTIONS},
        "errors": 0,
        "not_applicable": 0,
        "answer_seconds": 0.0,  # wall time checking the original answers
        "injection_seconds": 0.0,  # wall time checking the injected variants
        "injection_checks": 0,
        "coverage": {},  # numbers in the gold derivation -> [verified, total]
        # the answer measure before the whole-answer verdict: a failing non-year sentence, over
        # answers holding one (docs/bench.md, "What an answer flagged means")
        "by_sentence": {k: 0 for k in ("good", "good_flagged", "bad", "bad_flagged", "flagged")},
        # false-alarm sentences by the failing statuses of their claims (once per status)
        "false_alarm_statuses": {},
    }


@dataclass
class Outcome:
    corpus: str
    stats: dict[str, dict[str, Any]] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)  # crossfoot flags and misses
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    half: str = "all"  # "valid" / "tune" when the corpus was split (docs/bench.md), else "all"


def evaluate(
    items: Sequence[Item],
    tools: Sequence[Any],
    seed: int = 0,
    corpus: str | None = None,
    progress: bool = True,
    injections: Sequence[str] = INJECTIONS,
) -> Outcome:
    """Run every tool over ``items``; counts per tool plus crossfoot's flag/miss records.

    >>> # evaluate(items, make_tools(["crossfoot", "baseline"]), seed=0)
    """
    from tqdm import tqdm

    name = corpus or (items[0].corpus if items else "empty")
    out = Outcome(name, {t.name: _empty_stats() for t in tools})
    extract = None
    if any(t.name == "crossfoot" for t in tools):
        import crossfoot

        extract = getattr(crossfoot, "extract", None)
    t0, c0 = time.perf_counter(), time.process_time()
    for item in tqdm(items, desc=name, disable=not progress, unit="ans"):
        tokens = [number_tokens(item.answer[a:b]) for a, b in item.sentences]
        if not any(tokens):
            continue  # no number at all: nothing for a number checker to say
        numeric = [i for i, toks in enumerate(tokens) if any(not is_year(t) for t in toks)]

        try:
            mentions = extract(item.answer) if extract is not None else None
            targets = {i: _targets(item, item.sentences[i], mentions) for i in numeric}
        except Exception as err:  # the engine's reader crashed: count it, keep measuring
            targets = {i: [] for i in numeric}
            out.records.append(_record(item, -1, "engine_error", [{"why": repr(err)}]))
        for tool in tools:
            st = out.stats[tool.name]
            try:
                t1 = time.perf_counter()
                prep = tool.prepare(item)
                st["answer_seconds"] += time.perf_counter() - t1
            except Exception as err:
                st["errors"] += 1
                if tool.name == "crossfoot":
                    out.records.append(_record(item, -1, "engine_error", [{"why": repr(err)}]))
                continue
            if prep is None:
                st["not_applicable"] += 1
                continue
            _score(item, prep, tool, numeric, targets, st, out, seed, injections)
    out.seconds = time.perf_counter() - t0
    out.cpu_seconds = time.process_time() - c0
    return out


def _score(
    item: Item,
    prep: Prepared,
    tool: Any,
    numeric: list[int],
    targets: dict[int, list[NumberToken]],
    st: dict[str, Any],
    out: Outcome,
    seed: int,
    injections: Sequence[str],
) -> None:
    keep = tool.name == "crossfoot"
    _count_by_sentence(item, prep, numeric, st["by_sentence"])
    # the whole answer's verdict, as its user sees it: a bare year a rule fails counts
    # ("In which year was X largest?" answered "X was largest in 2019"), a question lead not
    flagged_answer = any(prep.fails)
    st["answers"] += 1
    st["answers_flagged"] += flagged_answer
    if item.label == "good":
        st["good_answers"] += 1
        st["good_answers_flagged"] += flagged_answer
    elif item.label == "bad":
        st["bad_answers"] += 1
        st["bad_answers_flagged"] += flagged_answer
        st["flagged_and_bad"] += flagged_answer
        if keep:
            kind = "real_flagged" if flagged_answer else "real_missed"
            flat = [d for ds in prep.details for d in ds]
            out.records.append(_record(item, -1, kind, flat))
    per_source: list[list[NumberToken]] | None = None  # source numbers, read once per item
    for i in numeric:
        label = item.sentence_label(i)
        a, b = item.sentences[i]
        if label == "bad":
            st["bad_sentences"] += 1
            st["bad_sentences_flagged"] += prep.fails[i]
        if label != "good":
            if keep and prep.fails[i]:  # flagged sentences of other answers, for hand review
                out.records.append(_record(item, i, "flagged", prep.details[i]))
            continue
        st["good_sentences"] += 1
        if "operands" in item.meta:  # reference answers: coverage by size of the gold derivation
            ops = int(item.meta["operands"])
            bucket = st["coverage"].setdefault(
                "<=2" if ops <= 2 else "3" if ops == 3 else "4+", [0, 0]
            )
            bucket[0] += not prep.fails[i]
            bucket[1] += 1
        if prep.fails[i]:
            st["false_alarms"] += 1
            by_status = st["false_alarm_statuses"]
            for status in sorted({str(d.get("status", "")) for d in prep.details[i]} - {""}):
                by_status[status] = by_status.get(status, 0) + 1
            if keep:
                out.records.append(_record(item, i, "false_alarm", prep.details[i]))
            continue
        sentence = item.answer[a:b]
        for kind in injections:
            rng = random.Random(f"{seed}|{item.corpus}|{item.id}|{i}|{kind}")
            if kind == "swap" and per_source is None:
                per_source = [number_tokens(s) for s in item.sources]
            pool = _pool(item, targets[i], per_source) if kind == "swap" and per_source else []
            new = inject(kind, sentence, targets[i], pool, rng)
            if new is None or new == sentence:
                continue
            st["injections"][kind]["base"] += 1
            try:
                t1 = time.perf_counter()
                caught = tool.variant_fails(prep, i, new)
                st["injection_seconds"] += time.perf_counter() - t1
                st["injection_checks"] += 1
            except Exception as err:
                st["errors"] += 1
                caught = True  # a crash is not a pass, but it is recorded as an error
                if keep:
                    out.records.append(_record(item, i, "engine_error", [{"why": repr(err)}]))
            st["injections"][kind]["caught"] += caught
            if keep and not caught:
                details = getattr(tool, "last_details", [])
                out.records.append(_record(item, i, f"miss_{kind}", details, injected=new))


def _count_by_sentence(item: Item, prep: Prepared, numeric: list[int], c: dict[str, int]) -> None:
    """The earlier answer measure: flagged when a non-year sentence fails, over answers with one."""
    if not numeric:
        return
    flagged = any(prep.fails[i] for i in numeric)
    c["flagged"] += flagged
    if item.label in ("good", "bad"):
        c[item.label] += 1
        c[f"{item.label}_flagged"] += flagged


def _record(
    item: Item, i: int, kind: str, details: list[dict[str, Any]], injected: str | None = None
) -> dict[str, Any]:
    sentence = item.answer[slice(*item.sentences[i])] if i >= 0 else ""
    rec: dict[str, Any] = {
        "corpus": item.corpus,
        "id": item.id,
        "type": kind,
        "label": item.sentence_label(i) if i >= 0 else item.label,
        "sentence": sentence,
        "claims": details,
    }
    if injected is not None:
        rec["injected"] = injected
    return rec


# --------------------------------------------------------------------------------------------
# Output


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}% ({k}/{n})" if n else "n/a"


def summarize(stats: dict[str, Any]) -> dict[str, Any]:
    """Rates from counts (fractions 0..1, ``None`` when the base is empty)."""

    def r(k: int, n: int) -> float | None:
        return k / n if n else None

    s = stats
    flagged = s["answers_flagged"]
    return {
        "false_alarm_sentences": r(s["false_alarms"], s["good_sentences"]),
        "false_alarm_answers": r(s["good_answers_flagged"], s["good_answers"]),
        **{f"caught_{k}": r(v["caught"], v["base"]) for k, v in s["injections"].items()},
        "real_errors_flagged": r(s["bad_answers_flagged"], s["bad_answers"]),
        "bad_sentences_flagged": r(s["bad_sentences_flagged"], s["bad_sentences"]),
        "precision_vs_bad": r(s["flagged_and_bad"], flagged),
        **_by_sentence_rates(s.get("by_sentence")),
    }


def _by_sentence_rates(c: dict[str, int] | None) -> dict[str, float | None]:
    """The earlier answer measure's rates (a failing non-year sentence), for comparison."""
    if not c:
        return {}
    return {
        "by_sentence_false_alarm_answers": c["good_flagged"] / c["good"] if c["good"] else None,
        "by_sentence_real_errors_flagged": c["bad_flagged"] / c["bad"] if c["bad"] else None,
        "by_sentence_precision": c["bad_flagged"] / c["flagged"] if c["flagged"] else None,
    }


def answer_measure_table(outcomes: Sequence[Outcome]) -> str:
    """Each tool's answer measures both ways: the whole-answer verdict (the headline columns)
    beside the earlier reading (a failing sentence with a non-year number, over answers with
    one), for corpora with wrong answers (docs/bench.md, "What an answer flagged means")."""
    split = _split(outcomes)
    lead, rule = ("| corpus | half |", "|---|---|") if split else ("| corpus |", "|---|")
    lines = []
    for o in by_half(outcomes):
        for tool, st in o.stats.items():
            c = st.get("by_sentence")
            if not c or not st["bad_answers"]:
                continue
            lines.append(
                f"{_lead(o, split)} {tool} | {_pct(st['bad_answers_flagged'], st['bad_answers'])}"
                f" | {_pct(st['flagged_and_bad'], st['answers_flagged'])}"
                f" | {_pct(st['good_answers_flagged'], st['good_answers'])}"
                f" | {_pct(c['bad_flagged'], c['bad'])} | {_pct(c['bad_flagged'], c['flagged'])}"
                f" | {_pct(c['good_flagged'], c['good'])} |"
            )
    if not lines:
        return ""
    head = (
        f"{lead} tool | real errors flagged (whole answer) | precision (whole answer) "
        "| false alarms (whole answer) | real errors flagged (non-year sentence) "
        "| precision (non-year sentence) | false alarms (non-year sentence) |"
    )
    return "\n".join([head, f"{rule}---|" + "---:|" * 6, *lines]) + "\n"


def _injection_cell(kind: str) -> Callable[[dict[str, Any]], str]:
    def cell(s: dict[str, Any]) -> str:
        return _pct(s["injections"][kind]["caught"], s["injections"][kind]["base"])

    return cell


COLUMNS: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
    ("false alarms (sentences)", lambda s: _pct(s["false_alarms"], s["good_sentences"])),
    ("false alarms (answers)", lambda s: _pct(s["good_answers_flagged"], s["good_answers"])),
    *[(f"{k} caught", _injection_cell(k)) for k in INJECTIONS],
    ("real errors flagged (answers)", lambda s: _pct(s["bad_answers_flagged"], s["bad_answers"])),
    (
        "precision of flags (answers)",
        lambda s: _pct(s["flagged_and_bad"], s["answers_flagged"]) if s["bad_answers"] else "n/a",
    ),
]


#: the order halves are shown in: the validation half is the headline
HALF_ORDER: tuple[str, ...] = ("valid", "strict", "tune", "all")


def by_half(outcomes: Sequence[Outcome]) -> list[Outcome]:
    """``outcomes`` with the validation half first, then the tuning half, then unsplit runs
    (the corpus order is kept within a half)."""
    return sorted(outcomes, key=lambda o: HALF_ORDER.index(o.half) if o.half in HALF_ORDER else 3)


def _split(outcomes: Sequence[Outcome]) -> bool:
    return any(o.half != "all" for o in outcomes)


def _lead(o: Outcome, split: bool) -> str:
    return f"| {o.corpus} | {o.half} |" if split else f"| {o.corpus} |"


def coverage_table(outcomes: Sequence[Outcome]) -> str:
    """Reference answers verified, by how many numbers the gold derivation uses."""
    split = _split(outcomes)
    lines = []
    for o in by_half(outcomes):
        for tool, st in o.stats.items():
            cov = st.get("coverage") or {}
            if cov:
                order = ["<=2", "3", "4+"]
                cells = [f"{k}: {_pct(*cov[k])}" if k in cov else f"{k}: n/a" for k in order]
                lines.append(f"{_lead(o, split)} {tool} | " + " | ".join(cells) + " |")
    if not lines:
        return ""
    lead, rule = ("| corpus | half |", "|---|---|") if split else ("| corpus |", "|---|")
    head = f"{lead} tool | verified, by distinct numbers in the gold derivation | | |"
    return "\n".join([head, f"{rule}---|---|---|---|", *lines]) + "\n"


def status_table(outcomes: Sequence[Outcome], tool: str = "crossfoot") -> str:
    """``tool``'s false-alarm sentences by the failing status of their claims (a sentence with
    claims of two statuses counts under both), so a status such as ``unit_unstated`` shows in
    the numbers, not only in the reports."""
    rows = [(o, o.stats[tool]) for o in by_half(outcomes) if tool in o.stats]
    statuses = sorted({k for _, st in rows for k in st.get("false_alarm_statuses", {})})
    if not statuses:
        return ""
    split = _split(outcomes)
    lead, rule = ("| corpus | half |", "|---|---|") if split else ("| corpus |", "|---|")
    lines = [
        f"{lead} {tool} false alarms (sentences) | " + " | ".join(statuses) + " |",
        f"{rule}---:|" + "---:|" * len(statuses),
    ]
    for o, st in rows:
        counts = st.get("false_alarm_statuses", {})
        cells = [str(counts.get(k, 0)) for k in statuses]
        lines.append(f"{_lead(o, split)} {st['false_alarms']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def markdown_table(outcomes: Sequence[Outcome]) -> str:
    """One row per corpus (and half, validation first, when the run was split) and tool."""
    split = _split(outcomes)
    lead, rule = ("| corpus | half |", "|---|---|") if split else ("| corpus |", "|---|")
    head = f"{lead} tool | " + " | ".join(c for c, _ in COLUMNS) + " |"
    lines = [head, f"{rule}---|" + "---:|" * len(COLUMNS)]
    for o in by_half(outcomes):
        for tool, st in o.stats.items():
            cells = [f(st) for _, f in COLUMNS]
            lines.append(f"{_lead(o, split)} {tool} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _corpus_entry(o: Outcome) -> dict[str, Any]:
    return {
        "half": o.half,
        "seconds": round(o.seconds, 2),
        "cpu_seconds": round(o.cpu_seconds, 2),
        "tools": {t: {"counts": st, "rates": summarize(st)} for t, st in o.stats.items()},
    }


#: halves whose items nobody reads: their per-item records (question, answer, verdicts) are not
#: written to ``.cache/bench``, so reading the cache never shows a validation item (docs/bench.md).
WITHHELD_HALVES: frozenset[str] = frozenset({"valid", "strict"})


def readable(half: str) -> bool:
    """Whether per-item records of ``half`` may be written for reading.

    >>> readable("tune"), readable("all"), readable("valid"), readable("strict")
    (True, True, False, False)
    """
    return half not in WITHHELD_HALVES


def write_records(path: Path, half: str, records: Iterable[dict[str, Any]]) -> bool:
    """Write ``records`` one JSON object per line to ``path`` when ``half`` is :func:`readable`;
    say whether they were written."""
    if not readable(half):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        for rec in records:
            fh.write(json.dumps(rec) + "\n")
    return True


def write_results(
    outcomes: Sequence[Outcome], out_dir: Path, stem: str, meta: dict[str, Any]
) -> dict[str, Path]:
    """``<stem>.json`` (counts + rates), ``<stem>.md`` (the table) and ``<stem>.png`` (chart);
    crossfoot's flags and misses go to ``.cache/bench/<corpus>.jsonl`` for reading, the
    validation half's left out (:func:`readable`).

    In the JSON, ``halves`` holds every run by half (``valid``, ``tune``, or ``all`` when the
    corpora were not split) and corpus; ``corpora`` the headline: the validation half when it was
    run, else the only half there is.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    halves: dict[str, dict[str, Any]] = {}
    for o in by_half(outcomes):
        halves.setdefault(o.half, {})[o.corpus] = _corpus_entry(o)
    headline = next(iter(halves), "all")
    data = {
        "meta": {**meta, "headline_half": headline},
        "corpora": halves.get(headline, {}),
        "halves": halves,
    }
    paths = {"json": out_dir / f"{stem}.json", "md": out_dir / f"{stem}.md"}
    paths["json"].write_text(json.dumps(data, indent=2) + "\n")
    head = ", ".join(f"{k}: {meta[k]}" for k in ("date", "commit", "command") if k in meta)
    note = (
        "Validation half first (the headline); the tuning half is what rules were tuned on "
        "(docs/bench.md).\n\n"
        if _split(outcomes)
        else ""
    )
    cov = coverage_table(outcomes)
    by_status = status_table(outcomes)
    measures = answer_measure_table(outcomes)
    paths["md"].write_text(
        (f"Run {head}\n\n" if head else "")
        + note
        + markdown_table(outcomes)
        + (f"\n{cov}" if cov else "")
        + (f"\n{by_status}" if by_status else "")
        + (f"\n{measures}" if measures else "")
    )
    png = out_dir / f"{stem}.png"
    if bar_chart(outcomes, png):
        paths["png"] = png
    CACHE.mkdir(parents=True, exist_ok=True)
    records: dict[str, list[dict[str, Any]]] = {}
    for o in outcomes:  # the readable halves of a corpus in one file, each record naming its half
        if not readable(o.half):
            continue
        extra = {"half": o.half} if o.half != "all" else {}
        records.setdefault(o.corpus, []).extend({**r, **extra} for r in o.records)
    for corpus, recs in records.items():
        write_records(CACHE / f"{corpus}.jsonl", "all", recs)  # withheld halves left out above
    return paths


def run_meta(command: str, **extra: Any) -> dict[str, Any]:
    """Date (UTC), git commit and command of this run, for HISTORY.md.

    ``$CROSSFOOT_BENCH_COMMIT`` names the commit when the engine comes from an exported tree
    (``git archive <commit> src`` on ``PYTHONPATH``) rather than from this checkout.
    """
    import datetime
    import os
    import subprocess

    import crossfoot

    extra.setdefault("crossfoot", str(Path(crossfoot.__file__).parent))
    try:
        commit = subprocess.run(
            ["git", "-C", str(Path(__file__).resolve().parent), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        commit = ""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    commit = os.environ.get("CROSSFOOT_BENCH_COMMIT") or commit or "unknown"
    return {"date": now, "commit": commit, "command": command, **extra}


def bar_chart(outcomes: Sequence[Outcome], path: Path) -> bool:
    """One PNG: per corpus, grouped bars of each measure for each tool."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no chart (pip install -e '.[bench]')", file=sys.stderr)
        return False
    measures = [
        ("false alarms", "false_alarm_sentences"),
        *[(f"{k} caught", f"caught_{k}") for k in INJECTIONS],
        ("real errors flagged", "real_errors_flagged"),
    ]
    tools = sorted(
        {t for o in outcomes for t in o.stats}, key=["crossfoot", "baseline", "figured"].index
    )
    outcomes = by_half(outcomes)
    fig, axes = plt.subplots(
        len(outcomes), 1, figsize=(10, 2.8 * max(1, len(outcomes))), squeeze=False
    )
    width = 0.8 / max(1, len(tools))
    for ax, o in zip(axes[:, 0], outcomes, strict=True):
        for j, tool in enumerate(tools):
            if tool not in o.stats:
                continue
            rates = summarize(o.stats[tool])
            ys = [100 * r if (r := rates[key]) is not None else float("nan") for _, key in measures]
            xs = [k + j * width for k in range(len(measures))]
            ax.bar(xs, ys, width, label=tool)
        ax.set_xticks([k + width * (len(tools) - 1) / 2 for k in range(len(measures))])
        ax.set_xticklabels([m for m, _ in measures], fontsize=8)
        ax.set_ylim(0, 100)
        ax.set_ylabel("%")
        ax.set_title(o.corpus if o.half == "all" else f"{o.corpus} ({o.half} half)", fontsize=10)
        ax.legend(fontsize=7, loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_review_html(
    sample: Sequence[dict[str, Any]], items_by_corpus: dict[str, dict[str, Item]], path: Path
) -> Path:
    """The review sample as crossfoot's HTML report: each sampled answer checked again with the
    benchmark's options and question, named by corpus, id and the flagged sentence."""
    import crossfoot
    from crossfoot.report.html import answer_item, source_texts, write_html

    pages = []
    for r in sample:
        item = items_by_corpus.get(r["corpus"], {}).get(r["id"])
        if item is None:
            continue
        checker = crossfoot.Checker(item.sources, **CROSSFOOT_OPTIONS)
        report = checker.check(item.answer, question=item.question or None)
        name = f"{r['corpus']} / {r['id']}: {r['sentence'][:80]}"
        pages.append(
            answer_item(
                report, name, sources=source_texts(item.sources), question=item.question or None
            )
        )
    title = f"crossfoot review sample ({len(pages)} flagged sentences)"
    return write_html(path, pages, title, by=f"crossfoot {crossfoot.__version__}")


def write_review(
    outcomes: Sequence[Outcome],
    items_by_corpus: dict[str, dict[str, Item]],
    path: Path,
    n: int = 40,
    seed: int = 0,
) -> int:
    """A seeded random sample of crossfoot-flagged sentences of model answers, with their
    documents and an empty ``verdict`` column (real error / false alarm / unsure). Reference
    answers built from gold (``meta["reference"]``) are left out: they are correct by
    construction. Returns the rows written. The same sample is written beside the CSV as an HTML
    page (``path`` with ``.html``), each answer with its figures highlighted by status and their
    evidence on hover, for the reviewer to read (:func:`write_review_html`)."""

    def is_reference(r: dict[str, Any]) -> bool:
        item = items_by_corpus.get(r["corpus"], {}).get(r["id"])
        return bool(item is not None and item.meta.get("reference"))

    flagged = [
        r
        for o in outcomes
        for r in o.records
        if r["type"] in ("false_alarm", "flagged") and not is_reference(r)
    ]
    rng = random.Random(seed)
    sample = rng.sample(flagged, min(n, len(flagged)))
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(
            [
                "corpus",
                "id",
                "label",
                "sentence",
                "flagged",
                "question",
                "answer",
                "documents",
                "verdict",
                "note",
            ]
        )
        for r in sample:
            item = items_by_corpus.get(r["corpus"], {}).get(r["id"])
            flagged_txt = "; ".join(
                f"{c.get('text', '')} [{c.get('status', '')}] {c.get('why', '')}"
                for c in r["claims"]
            )
            w.writerow(
                [
                    r["corpus"],
                    r["id"],
                    r["label"] or "",
                    r["sentence"],
                    flagged_txt,
                    item.question if item else "",
                    item.answer if item else "",
                    "\n---\n".join(item.sources) if item else "",
                    "",
                    "",
                ]
            )
    write_review_html(sample, items_by_corpus, path.with_suffix(".html"))
    return len(sample)


# --------------------------------------------------------------------------------------------
# CLI


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--subsets", nargs="+", default=["finqa", "tatqa"])
    p.add_argument("--split", default="test")
    p.add_argument("--data-dir", help="local parquet/jsonl files in the RAGBench schema")
    p.add_argument("--limit", type=int, default=None, help="rows per subset")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--tools", nargs="+", default=["crossfoot", "baseline", "figured"])
    p.add_argument("--out-dir", type=Path, default=RESULTS)
    p.add_argument("--review-out", type=Path, help="CSV of a seeded sample of flagged sentences")
    p.add_argument("--review-n", type=int, default=40)
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    tools = make_tools(args.tools)
    outcomes, items_by = [], {}
    t0 = time.perf_counter()
    for subset in args.subsets:
        try:
            rows = load_ragbench(subset, args.split, args.data_dir, args.limit)
        except HubUnreachable as err:
            print(str(err), file=sys.stderr)
            return 2
        items = ragbench_items(rows, subset)
        items_by[f"ragbench-{subset}"] = {i.id: i for i in items}
        outcomes.append(
            evaluate(items, tools, args.seed, f"ragbench-{subset}", not args.no_progress)
        )
    command = "python benchmarks/ragbench.py " + " ".join(sys.argv[1:] if argv is None else argv)
    meta = run_meta(command, seed=args.seed, limit=args.limit, split=args.split)
    paths = write_results(outcomes, args.out_dir, "ragbench", meta)
    print(markdown_table(outcomes))
    if args.review_out:
        k = write_review(outcomes, items_by, args.review_out, args.review_n, args.seed)
        print(f"wrote {k} flagged sentences to {args.review_out}")
    print(f"results: {', '.join(str(p) for p in paths.values())}")
    print(f"elapsed {time.perf_counter() - t0:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
