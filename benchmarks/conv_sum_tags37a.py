"""Counts-only tags of the convfinqa false alarms that sum or average three or more operands
(round 37, conv37a): gold programs with two or more "+" steps, or a last step "/" whose last turn
asks for an average, or a sum then a division by a unit (100, 1,000).

``conv_program_tags`` says where each operand sits; these tags say what the engine's refusals
hinge on, never a sentence, a question, a table or a number:

- ``signs``: the operands' signs (all positive, all negative, mixed);
- ``derivable``: whether the written figure is stated finely enough for any derivation
  (``_derive_shared.derivable``: money and numbers need a window within 1% of the value);
- ``digits``: the written figure's significant digits;
- ``named by the last turn``: of the cell operands' rows, how many the last turn names by
  ``required_tokens`` (all, some, none);
- ``named by the turns``: the same over every turn;
- ``last turn words``: sum / including / average / divided / a unit / none;
- ``engine reads``: whether every operand is a value the engine read from the sources (with its
  sign), some only by magnitude, or some not at all;
- ``sum in window``: whether the sum (or mean) of the engine-read operands lands in the claim's
  window (a rule could have made it).

    python benchmarks/cause_counts.py convfinqa --data-root ../shared/data
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal, InvalidOperation
from typing import Any

from conv_program_tags import _cell_relation, _cells, _place, _steps
from corpora.common import Item, number_tokens
from crossfoot.language.asked import read_question
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import period
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.rules._derive_shared import derivable, derivation_limit
from crossfoot.rules.multi import LINE_CAP, lines
from crossfoot.sources.load import load_sources

_UNITS = {Decimal(x) for x in ("10", "100", "1000", "1000000")}

__all__ = ["count_sum_tags", "is_sum_program", "sum_tags"]

_SUM = ("total", "sum", "combined", "together", "aggregate", "altogether")
_INCL = ("including", "include", "adding", "add ", "plus", "also", "then")
_MEAN = ("average", "mean", "per year", "annual")
_DIV = ("divided", "divide", "over ", "ratio", "portion", "percent", "proportion")
_UNIT = ("million", "billion", "thousand", "hundred")


def is_sum_program(item: Item) -> bool:
    """A program of two or more "+" steps, or one whose last step divides a sum."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps:
        return False
    ops = [op for _, op, _ in steps]
    return ops.count("+") >= 2 or ("+" in ops and ops[-1] == "/")


def _words(text: str) -> str:
    low = text.lower()
    got = [
        name
        for name, ws in (
            ("sum", _SUM),
            ("including", _INCL),
            ("average", _MEAN),
            ("divided", _DIV),
            ("unit", _UNIT),
        )
        if any(w in low for w in ws)
    ]
    return "/".join(got) or "none"


def _operands(steps: list[tuple[str, str, str]]) -> tuple[list[Decimal], Decimal | None]:
    """The literal terms of the program's "+" steps, and the literal divisor of a last "/"."""
    out = []
    for left, op, right in steps:
        if op != "+":
            continue
        for arg in (left, right):
            if re.fullmatch(r"x\d+", arg):
                continue
            try:
                out.append(Decimal(arg))
            except InvalidOperation:
                continue
    divisor = None
    left, op, right = steps[-1]
    if op == "/" and not re.fullmatch(r"x\d+", right):
        try:
            divisor = Decimal(right)
        except InvalidOperation:
            divisor = None
    return out, divisor


def _STEP_REF(arg: str) -> bool:
    return re.fullmatch(r"x\d+", arg) is not None


def _num(arg: str) -> Decimal | None:
    try:
        return Decimal(arg)
    except InvalidOperation:
        return None


def _prose(item: Item) -> list[Any]:
    return number_tokens(item.sources[1]) if len(item.sources) > 1 else []


def _named(item: Item, values: list[Decimal], texts: list[str]) -> str:
    """How many of the operand cells' rows the words of ``texts`` name (required_tokens)."""
    table = item.tables[0] if item.tables else []
    said = {w for t in texts for w in tokens(t)}
    rows: set[int] = set()
    for v in values:
        for r, row in enumerate(table[1:], 1):
            if any(_cell_has(c, v) for c in row[1:]):
                rows.add(r)
                break
    if not rows:
        return "no cell operand"
    hits = sum(1 for r in rows if (req := required_tokens(table[r][0])) and req <= said)
    return "all" if hits == len(rows) else "none" if hits == 0 else "some"


def _cell_has(cell: str, v: Decimal) -> bool:
    return any(t.value == v or abs(t.value) == abs(v) for t in number_tokens(cell))


def _engine_reads(item: Item, values: list[Decimal]) -> tuple[str, list[Decimal] | None]:
    """Whether each operand is a value the engine read (signed), read by magnitude only, or
    unread; with the signed values read when every one is."""
    read = [v.value for s in load_sources(item.sources).sources for v in s.values]
    have = set(read)
    mags = {abs(x) for x in read}
    kinds = []
    got: list[Decimal] = []
    for v in values:
        if v in have:
            kinds.append("signed")
            got.append(v)
        elif abs(v) in mags:
            kinds.append("magnitude")
            got.append(-v if -v in have else v)
        else:
            kinds.append("unread")
    out = "every operand read with its sign"
    if "unread" in kinds:
        out = "some operand unread"
    elif "magnitude" in kinds:
        out = "some operand read with the other sign only"
    return out, (got if "unread" not in kinds else None)


def _search_tags(item: Item, claim: Any, values: list[Decimal]) -> list[str]:
    """Where the engine's sum search stands for the terms: the pool (one source's values) they
    are read from, its size against the claim's derivation limit, and whether one line of
    ``multi.lines`` holds them all, adjacent or apart."""

    sources = load_sources(item.sources)
    m = claim.mention
    limit = derivation_limit(ClaimContext(m, None, m.text, (m,), 0, None, Options()))
    out = []
    for src in sources.sources:
        pool = [v for v in src.values if v.operand]
        hits = [v for v in pool if v.value in values]
        if len({v.value for v in hits}) < len(set(values)):
            continue
        big = "over" if len(pool) > limit else "within"
        kinds = sorted({v.kind for v in hits if v.value in values})
        out.append(f"term kinds: {'/'.join(kinds)}; claim {m.kind}")
        out.append(
            f"pool: {'table' if any(v.table is not None for v in hits) else 'text'}"
            f" of {len(pool)} values, {big} the limit"
        )

        found = "no line holds every term"
        for cls in ("amount",):
            for line in lines(ValueIndex(pool), cls):
                vals = [v.value for v in line]
                if all(x in vals for x in values):
                    idx = sorted(vals.index(x) for x in values)
                    adj = idx == list(range(idx[0], idx[0] + len(idx)))
                    size = "over the cap" if len(line) > LINE_CAP else "within the cap"
                    found = f"one line holds them, {'adjacent' if adj else 'apart'}, {size}"
                    if not adj:
                        gap = idx[-1] - idx[0] + 1 - len(idx)
                        terms = [line[k] for k in idx]
                        yrs = {period(v) for v in terms}
                        apart = None not in yrs and len(yrs) == len(terms)
                        found += (
                            f", {min(gap, 3)}{'+' if gap > 3 else ''} between"
                            f", terms {'of distinct periods' if apart else 'not all of a period'}"
                            f", line {'a series' if all(period(v) for v in line) else 'mixed'}"
                        )
                    break
        out.append("line: " + found)
        break
    else:
        out.append("pool: no one source holds every term")
    return out


def sum_tags(item: Item, claim: Any) -> list[str]:
    """The counts-only tags of one failing claim of a sum or mean program (module docstring)."""
    steps = _steps(str(item.meta.get("program") or ""))
    if not steps:
        return []
    values, divisor = _operands(steps)
    if not values:
        # no "+" step (a mean asked of a quotient): where the quotient's terms sit
        cells, prose = _cells(item), _prose(item)
        args = [a for left, _, right in steps for a in (left, right) if not _STEP_REF(a)]
        return [
            "quotient terms: "
            + " ".join(_place(abs(d), item, cells, prose) if (d := _num(a)) else "?" for a in args)
        ]
    turns = [str(t) for t in item.meta.get("turns") or []]
    out = []
    negs = sum(1 for v in values if v < 0)
    out.append(
        "signs: "
        + ("all positive" if not negs else "all negative" if negs == len(values) else "mixed")
    )
    if claim is not None:
        m = claim.mention
        out.append(f"derivable: {'yes' if derivable(m, False) else 'no (too coarse)'}")
        digits = len(str(abs(m.value)).replace(".", "").lstrip("0").rstrip("0") or "0")
        out.append(f"digits: {min(digits, 6)}")
    cells = _cells(item)
    prose = number_tokens(item.sources[1]) if len(item.sources) > 1 else []
    places = [_place(abs(v), item, cells, prose) for v in values]
    out.append("terms: " + " ".join(sorted(places)))
    where = [cells[abs(v)][0] for v, p in zip(values, places, strict=True) if p.startswith("cell")]
    out.append("term cells: " + _cell_relation(where))
    out.append("named by the last turn: " + _named(item, values, turns[-1:]))
    out.append("named by the turns: " + _named(item, values, turns))
    out.append("last turn words: " + _words(turns[-1] if turns else ""))
    if divisor is not None:
        kind = (
            "the count" if divisor == len(values) else "a unit" if divisor in _UNITS else "a value"
        )
        out.append(f"divisor: {kind}")
    reads, got = _engine_reads(item, values)
    out.append("engine reads: " + reads)
    if claim is not None and got is not None and len(got) >= 2:
        m = claim.mention
        lo, hi = m.value - m.precision, m.value + m.precision
        total = sum(got, Decimal(0))
        tries = {"sum": total, "mean": total / len(got)}
        if divisor:
            tries["the program's quotient"] = total / divisor
        hit = [k for k, x in tries.items() if lo <= x <= hi or lo <= -x <= hi]
        scaled = [
            f"sum / {u}"
            for u in (Decimal(100), Decimal(1000), Decimal(1000000))
            if lo <= total / u <= hi or lo <= -total / u <= hi
        ]
        out.extend(_search_tags(item, claim, got))
        out.append("engine-read operands in window: " + ("/".join(hit + scaled) or "none"))
    return out


_PROFILE = (
    "terms",
    "term cells",
    "signs",
    "derivable",
    "last turn words",
    "named by the last turn",
    "pool",
    "line",
    "engine",
    "term kinds",
)


def _profile(tags: set[str]) -> str:
    """The sentence's tags that tell its refusal apart, joined into one counts-only key."""
    got = {t.split(": ", 1)[0]: t.split(": ", 1)[1] for t in tags if ": " in t}
    return "; ".join(f"{k} {got.get(k, '-')}" for k in _PROFILE)


def count_sum_tags(
    records: list[dict[str, Any]], items: dict[str, Item], tool: Any
) -> Counter[str]:
    """Tags of each convfinqa false-alarm sentence of a sum or mean program, one count per
    sentence and tag, each also keyed by its program's operations."""
    out: Counter[str] = Counter()
    for rec in records:
        if rec["type"] != "false_alarm":
            continue
        item = items[rec["id"]]
        asks_mean = bool(item.question) and read_question(item.question).op == "average"
        if not (is_sum_program(item) or asks_mean):
            continue
        report = tool._checker(item).check(item.answer, question=item.question or None)
        start = item.answer.find(rec["sentence"])
        failing = [c for c in report.claims if c.mention.start >= start and not c.passed]
        claim = failing[-1] if failing else None
        prog = " ".join(op for _, op, _ in _steps(str(item.meta.get("program"))) or [])
        seen = set(sum_tags(item, claim))
        if claim is not None:
            ev = claim.evidence
            seen.add(f"engine: {claim.status} {ev.rule + '/' + ev.kind if ev else '-'}")
        out.update(f"[{prog}] {t}" for t in seen)
        out[f"[{prog}] profile: {_profile(seen)}"] += 1
        out[f"[{prog}] sentences"] += 1
        if asks_mean:
            out[f"[{prog}] the last turn asks an average"] += 1
    return out
