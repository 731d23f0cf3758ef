"""False alarms under perturbation: ConvFinQA conversations asked the ways another user or another
model would ask them (issue 14, round 24).

    python benchmarks/perturb_turns.py --data-root ../shared/data            # tuning half
    python benchmarks/perturb_turns.py --kinds reword_back year_moved --show 5
    python benchmarks/perturb_turns.py --out /tmp/perturb.json

Takes the tuning half's correct answers that crossfoot passes, on the three convfinqa lines of
``run_all.py`` (``final``: the final turn as question; ``turns``: the whole conversation as
question; ``earlier``: each earlier turn that computes, asked alone), rewrites each in one way at a
time that keeps the answer true, re-checks it, and counts the verdicts that flip to a failure. A
flip is a reading narrower than its class: the reading was fitted to how the data set happens to
word its turns, and another user's wording of the same question loses it.

Perturbations (:data:`KINDS`):

- ``reword_back``: a turn that asks the figure before in another year, in another of its common
  wordings ("and in 2008?", "what about in 2008?", "how much was it in 2008?", ...);
- ``reword_ask``: the asked turn in another wording of the same ask ("what is the percent
  change?" / "what is the growth rate?" / "by what percent did it change?"; "what is the net
  change?" / "how much did it change?"; "that divided by the 2016 value" / "that relative to
  the 2016 value"; "what is the sum?" / "what is the total?"; "that" / "this" / "the result");
- ``synonym``: one phrase of the asked turn swapped for a synonym ("the change" / "the difference",
  "divided by" / "over", "what was" / "what is", "percentage" / "percent", ...);
- ``reorder``: the asked turn's trailing period ("in 2009", "from 2008 to 2009") moved to its front;
- ``capitalized``: every turn starts with a capital letter;
- ``columns_swapped``: the table's year columns in the other order (the answer is unchanged);
- ``header_years``: the year headers as dates, fiscal years or footnoted years ("december 31 ,
  2009", "fiscal 2009", "2009 ( a )"), or a dated header as its bare year;
- ``rows_reversed``: the table's body rows in the other order;
- ``plain_cells``: the amounts without currency signs and thousands commas;
- ``year_moved``: one year of the conversation moved to another year column of the table, every
  turn naming it and the program's cells of that column moved with it (the answer recomputed);
- ``row_moved``: a row a turn names by its whole label moved to another row of the table, the
  program's cells of that row with it (``row_moved_coarse`` when the new figure is stated
  coarser than 1% of its size: refused by design unless the words name its rows);
- ``frac_as_pct``: a ratio answered as a percentage ("-7.99%" for -0.0799), with and without
  ", in percentage" added to the asked turn;
- ``pct_written``: a figure the conversation made a percentage ("times 100") written with "%";
- ``drop_turn`` (``turns`` line): one earlier turn left out, named ``drop_row_turn`` when it holds
  the words of a row of the table, else ``drop_other_turn``;
- ``full_sentence``: "The answer is X." written as the sentence the question asks for ("The change
  in revenue is X.");
- ``round_less``: the figure rounded one place less.

Reads the tuning half only: the validation half is the headline and is never studied item by item.
Prints per line and kind the answers rewritten and the flips, and the first flips of each kind.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import convfinqa, convfinqa_earlier
from corpora.common import Item, data_root, in_half

__all__ = ["KINDS", "Case", "main", "variants"]

LINES = ("final", "turns", "earlier")


@dataclass(frozen=True)
class Case:
    """One correct answer of a line: the turns up to the asked one, its program and figure."""

    id: str
    line: str
    turns: tuple[str, ...]
    program: str
    figure: str  # the answer's figure as written
    table: tuple[tuple[str, ...], ...]
    text: str  # the prose source
    sentence: str = "The answer is {}."

    def item(self) -> Item:
        ask = self.turns[-1].strip()
        lead = ask if ask.endswith("?") else ask + "?"
        answer = f"{lead} {self.sentence.format(self.figure)}"
        question = convfinqa.conversation(list(self.turns)) if self.line == "turns" else ask
        grid = [list(r) for r in self.table]
        return Item(
            corpus=convfinqa.NAME,
            id=self.id,
            question=question,
            answer=answer,
            sources=[json.dumps(grid), self.text],
            tables=[grid],
            label="good",
            sentences=[(len(lead) + 1, len(answer))],
        )


def load_cases(root: Path, limit: int | None) -> list[Case]:
    """The tuning half's cases of the three lines."""
    cases: list[Case] = []
    for line, items in (
        ("final", convfinqa.load(root, limit)),
        ("earlier", convfinqa_earlier.load(root, limit)),
    ):
        for it in in_half(items, "tune"):
            figure = it.answer.rsplit("The answer is ", 1)[1].rstrip(".")
            base = Case(
                id=it.id,
                line=line,
                turns=tuple(str(t).strip() for t in it.meta["turns"]),
                program=it.meta["program"],
                figure=figure,
                table=tuple(tuple(r) for r in it.tables[0]),
                text=it.sources[1],
            )
            cases.append(base)
            if line == "final":
                cases.append(replace(base, line="turns"))
    return cases


# ------------------------------------------------------------------------------------------------
# Perturbations: each takes a case and yields (kind, changed case); the answer stays true.

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_BACK = re.compile(
    r"^(?:and\s+)?(?:(?:what|how\s+much)\s+(?:was|were|is|are)\s+(?:it|that|this|they|the\s+value)"
    r"\s+in|what\s+about(?:\s+in)?|(?:and\s+)?in|and\s+for|what\s+about\s+for)\s+((?:19|20)\d\d)"
    r"\s*\??$",
    re.IGNORECASE,
)
BACK_FORMS = (
    "and in {}?",
    "what about in {}?",
    "how much was it in {}?",
    "and what was it in {}?",
    "what was the value in {}?",
    "and for {}?",
)
SYNONYMS: tuple[tuple[str, str], ...] = (
    ("what was", "what is"),
    ("what is", "what was"),
    ("what were", "what are"),
    ("the change", "the difference"),
    ("the difference", "the change"),
    ("net change", "change"),
    ("the change", "the net change"),
    ("divided by", "over"),
    ("over the", "divided by the"),
    ("percentage change", "percent change"),
    ("percent change", "percentage change"),
    ("percentage change", "growth rate"),
    ("percentage", "percent"),
    ("in relation to", "relative to"),
    ("the sum", "the total"),
    ("the total of", "the sum of"),
    ("average", "mean"),
    ("proportion", "share"),
    ("portion", "proportion"),
    ("then, ", ""),
    (", then,", ""),
    ("what is that", "what's that"),
    ("the value of ", ""),
    ("less", "minus"),
    ("minus", "less"),
    ("times", "multiplied by"),
)
_PERIOD_TAIL = re.compile(
    r"^(?P<head>.+?)\s+(?P<tail>(?:in|from|between|during|for)\s+(?:fiscal\s+)?(?:19|20)\d\d"
    r"(?:\s+(?:to|and|through)\s+(?:19|20)\d\d)?)\s*\??$",
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"^(?:and\s+)?(?:so\s+)?(?:what|how\s+much)\s+(?P<verb>is|was|were|are)\s+(?:,?\s*then,?\s+)?"
    r"(?P<subject>the\s+.+?)\s*\??$",
    re.IGNORECASE,
)


def _sub_word(text: str, old: str, new: str) -> str | None:
    pat = re.compile(rf"(?<![\w]){re.escape(old)}(?![\w])", re.IGNORECASE)
    out, n = pat.subn(new, text, count=1)
    return re.sub(r"\s{2,}", " ", out).strip() if n else None


def _with_turn(case: Case, k: int, turn: str) -> Case:
    return replace(case, turns=(*case.turns[:k], turn, *case.turns[k + 1 :]))


def reword_back(case: Case) -> Iterator[tuple[str, Case]]:
    # the final and earlier lines read the asked turn alone; the turns line reads them all
    span = range(len(case.turns)) if case.line == "turns" else [len(case.turns) - 1]
    for k in span:
        m = _BACK.match(case.turns[k])
        if m is None:
            continue
        for form in BACK_FORMS:
            new = form.format(m.group(1))
            if new.lower() != case.turns[k].lower().rstrip("?") + "?":
                yield "reword_back", _with_turn(case, k, new)


# Whole asks in the other wordings users give them: (the ask, its other forms); a form may
# take the ask's groups (\\1)
ASKS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(
            r"(?:and\s+|so\s+)?what\s+(?:is|was)\s+the\s+(?:percent(?:age)?\s+change|growth\s+rate)"
            r"(?:\s+(?:during|over|in)\s+(?:this|that|the)\s+(?:time|period))?\s*\??",
            re.IGNORECASE,
        ),
        (
            "what was the percentage change?",
            "what is the growth rate?",
            "by what percent did it change?",
            "what is the rate of change?",
            "and the percent change?",
        ),
    ),
    (
        re.compile(
            r"(?:and\s+|so\s+)?what\s+(?:is|was)\s+the\s+(?:net\s+)?(?:change|difference)"
            r"(?:\s+in\s+value)?\s*\??",
            re.IGNORECASE,
        ),
        (
            "what is the change?",
            "how much did it change?",
            "what is the difference?",
            "by how much did it change?",
            "and the net change?",
        ),
    ),
    (
        re.compile(r"(?:and\s+)?what\s+is\s+the\s+(?:sum|total)\s*\??", re.IGNORECASE),
        (
            "what is the sum?",
            "what is the total?",
            "what is their sum?",
            "what is the combined value?",
        ),
    ),
    (
        re.compile(
            r"what\s+is\s+(that|this|the\s+(?:net\s+)?(?:change|difference))\s+(?:divided\s+by|over)"
            r"\s+(the\s+\d{4}\s+value)\s*\??",
            re.IGNORECASE,
        ),
        (
            "what is \\1 divided by \\2?",
            "what is \\1 over \\2?",
            "what is \\1 relative to \\2?",
            "what is the ratio of \\1 to \\2?",
            "and \\1 divided by \\2?",
        ),
    ),
    (
        re.compile(r"what\s+is\s+(?:that|this)\s+(.+?)\s*\??", re.IGNORECASE),
        ("what is that \\1?", "what is this \\1?", "what is the result \\1?", "and that \\1?"),
    ),
)


def reword_ask(case: Case) -> Iterator[tuple[str, Case]]:
    k = len(case.turns) - 1
    ask = case.turns[k].strip()
    for pattern, forms in ASKS:
        m = pattern.fullmatch(ask)
        if m is None:
            continue
        seen = {ask.lower().rstrip("?")}
        for form in forms:
            new = m.expand(form)
            if new.lower().rstrip("?") not in seen:
                seen.add(new.lower().rstrip("?"))
                yield "reword_ask", _with_turn(case, k, new)
        return


def synonym(case: Case) -> Iterator[tuple[str, Case]]:
    k = len(case.turns) - 1
    for old, new in SYNONYMS:
        out = _sub_word(case.turns[k], old, new)
        if out is not None and out != case.turns[k]:
            yield "synonym", _with_turn(case, k, out)


def reorder(case: Case) -> Iterator[tuple[str, Case]]:
    k = len(case.turns) - 1
    m = _PERIOD_TAIL.match(case.turns[k])
    if m is not None:
        yield "reorder", _with_turn(case, k, f"{m.group('tail')}, {m.group('head')}?")


def capitalized(case: Case) -> Iterator[tuple[str, Case]]:
    turns = tuple(t[:1].upper() + t[1:] for t in case.turns)
    if turns != case.turns:
        yield "capitalized", replace(case, turns=turns)


def _year_columns(table: Sequence[Sequence[str]]) -> dict[str, int]:
    """Header columns that name exactly one year, in the first two rows."""
    out: dict[str, int] = {}
    for row in table[:2]:
        for j, cell in enumerate(row):
            ys = set(_YEAR.findall(cell))
            if j and len(ys) == 1:
                out.setdefault(ys.pop(), j)
    return out


def columns_swapped(case: Case) -> Iterator[tuple[str, Case]]:
    cols = sorted(set(_year_columns(case.table).values()))
    if len(cols) < 2:
        return
    width = max(len(r) for r in case.table)
    if any(len(r) != width for r in case.table):
        return
    order = list(range(width))
    for a, b in zip(cols, reversed(cols), strict=True):
        order[a] = b
    table = tuple(tuple(r[j] for j in order) for r in case.table)
    yield "columns_swapped", replace(case, table=table)


_SHORT_YEAR = re.compile(r"^\s*((?:19|20)\d\d)\s*$")
_LONG_YEAR = re.compile(r"^.*?\b((?:19|20)\d\d)\b.*$")
_HEADS = ("december 31 , {}", "fiscal {}", "year ended {}", "{} ( a )")


def header_years(case: Case) -> Iterator[tuple[str, Case]]:
    """The year headers in another of the shapes filings give them: a bare year as a date
    ("december 31 , 2009"), a fiscal year or a footnoted one; a dated header as its bare year."""
    head = case.table[0]
    bare = [j for j, c in enumerate(head) if j and _SHORT_YEAR.match(c)]
    if bare:
        for form in _HEADS:
            new = tuple(form.format(c.strip()) if j in bare else c for j, c in enumerate(head))
            yield "header_years", replace(case, table=(new, *case.table[1:]))
        return
    dated = [j for j, c in enumerate(head) if j and len(set(_YEAR.findall(c))) == 1]
    if dated:
        new = tuple(_YEAR.findall(c)[0] if j in dated else c for j, c in enumerate(head))
        yield "header_years", replace(case, table=(new, *case.table[1:]))


def rows_reversed(case: Case) -> Iterator[tuple[str, Case]]:
    """The body rows in the other order (totals first)."""
    if len(case.table) > 3:
        yield "rows_reversed", replace(case, table=(case.table[0], *reversed(case.table[1:])))


_MONEY = re.compile(r"^\$\s*")


def plain_cells(case: Case) -> Iterator[tuple[str, Case]]:
    """Every amount cell without its currency sign and thousands commas ("$ 1,234" as "1234")."""

    def plain(cell: str) -> str:
        out = _MONEY.sub("", cell)
        return out.replace(",", "") if re.fullmatch(r"-?[\d,]+(?:\.\d+)?", out) else cell

    table = (case.table[0], *(tuple([r[0], *map(plain, r[1:])]) for r in case.table[1:] if r))
    if table != case.table:
        yield "plain_cells", replace(case, table=table)


def _number(cell: str) -> Decimal | None:
    s = cell.replace("$", "").replace(",", "").replace("%", "").strip()
    neg = s.startswith("(") and s.endswith(")")
    s = s.strip("()").strip()
    try:
        d = Decimal(s)
    except InvalidOperation:
        return None
    return -d if neg else d


_CONST = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def year_moved(case: Case) -> Iterator[tuple[str, Case]]:
    cols = _year_columns(case.table)
    named = [y for y in dict.fromkeys(_YEAR.findall(" ".join(case.turns))) if y in cols]
    if not named or not case.program:
        return
    for year in named:
        rest = [y for y in named if y != year]
        for other in sorted(cols, key=lambda y: abs(int(y) - int(year))):
            # the years keep their order: a change from an earlier year to a later one stays so
            if other in named or any((other < y) != (year < y) for y in rest):
                continue
            moved = _move_program(case, cols[year], cols[other])
            if moved is None:
                continue
            program, value = moved
            turns = tuple(re.sub(rf"\b{year}\b", other, t) for t in case.turns)
            figure = convfinqa.answer_text(value)
            yield "year_moved", replace(case, turns=turns, program=program, figure=figure)
            break  # one other year per named year


def _move_program(case: Case, src: int, dst: int) -> tuple[str, Decimal] | None:
    """The program with each constant of column ``src`` replaced by its row's ``dst`` cell."""

    def cell(want: Decimal) -> str | None:
        hits = [r for r in case.table[1:] if len(r) > max(src, dst) and _number(r[src]) == want]
        return hits[0][dst] if len(hits) == 1 else None

    return _replaced(case, cell)


def _replaced(case: Case, cell: Callable[[Decimal], str | None]) -> tuple[str, Decimal] | None:
    """The program with each constant that ``cell`` maps to another cell replaced by its number,
    and its new value; None when nothing was replaced, a cell holds no number, or the value is
    zero or unchanged."""
    found = False

    def swap(m: re.Match[str]) -> str:
        nonlocal found
        text = cell(Decimal(m.group(0)))
        if text is None:
            return m.group(0)
        new = _number(text)
        if new is None:
            raise ValueError("no cell")
        found = True
        return str(new)

    try:
        program = _CONST.sub(swap, case.program)
    except ValueError:
        return None
    value = convfinqa.program_value(program) if found else None
    if value is None or value == 0 or convfinqa.program_value(case.program) == value:
        return None
    return program, value


def row_moved(case: Case) -> Iterator[tuple[str, Case]]:
    """The row a turn names by its whole label moved to another row of the table: the label in
    the turns and the program's cells of that row (those found once in it) moved with it, the
    answer recomputed. Another question on the same table."""
    if not case.program:
        return
    labels = [(i, r[0].strip().lower()) for i, r in enumerate(case.table) if i and r and r[0]]
    said = " ".join(case.turns).lower()
    for i, label in labels:
        if len(label) < 6 or not re.search(rf"(?<!\w){re.escape(label)}(?!\w)", said):
            continue
        moved = 0
        for j, other in labels:
            if j == i or label in other or other in label or other in said or len(other) < 6:
                continue
            out = _move_row(case, i, j)
            if out is None:
                continue
            program, value = out
            turns = tuple(
                re.sub(rf"(?<!\w){re.escape(label)}(?!\w)", other, t, flags=re.IGNORECASE)
                for t in case.turns
            )
            figure = convfinqa.answer_text(value)
            kind = "row_moved" if _fine(figure) else "row_moved_coarse"
            yield kind, replace(case, turns=turns, program=program, figure=figure)
            moved += 1
            if moved == 2:
                break
        return


def _fine(figure: str) -> bool:
    """A figure stated to 1% of its size or finer (the derivation search's rule)."""
    d = Decimal(figure.replace(",", ""))
    exp = d.as_tuple().exponent
    half = Decimal(5).scaleb(int(exp) - 1) if isinstance(exp, int) else Decimal(0)
    return d != 0 and half <= abs(d) / 100


def _move_row(case: Case, src: int, dst: int) -> tuple[str, Decimal] | None:
    """The program with each constant of row ``src`` replaced by row ``dst``'s cell of its
    column."""
    row, to = case.table[src], case.table[dst]

    def cell(want: Decimal) -> str | None:
        cols = [c for c in range(1, len(row)) if _number(row[c]) == want]
        return to[cols[0]] if len(cols) == 1 and cols[0] < len(to) else None

    return _replaced(case, cell)


def _value(case: Case) -> Decimal | None:
    return convfinqa.program_value(case.program) if case.program else None


def _last_op(program: str) -> str:
    m = re.search(r"([-+*/])\s*(-?[\w.]+)\s*$", program)
    return f"{m.group(1)}{m.group(2)}" if m else ""


def frac_as_pct(case: Case) -> Iterator[tuple[str, Case]]:
    value = _value(case)
    last = _last_op(case.program)
    if value is None or not (last.startswith("/") or last == "-1") or abs(value) >= 5:
        return
    pct = (value * 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    figure = f"{pct:,}%"
    yield "frac_as_pct", replace(case, figure=figure)
    k = len(case.turns) - 1
    if "percent" not in case.turns[k].lower():
        asked = case.turns[k].rstrip(" ?") + ", in percentage?"
        yield "frac_as_pct", replace(_with_turn(case, k, asked), figure=figure)


def pct_written(case: Case) -> Iterator[tuple[str, Case]]:
    if _last_op(case.program) == "*100" and not case.figure.endswith("%"):
        yield "pct_written", replace(case, figure=case.figure + "%")


def _row_words(table: Sequence[Sequence[str]]) -> set[str]:
    words: set[str] = set()
    for r in table[1:]:
        label = r[0].lower() if r else ""
        words.update(w for w in re.findall(r"[a-z]{4,}", label) if w not in {"total", "other"})
    return words


def drop_turn(case: Case) -> Iterator[tuple[str, Case]]:
    if case.line != "turns" or len(case.turns) < 2:
        return
    rows = _row_words(case.table)
    for k in range(len(case.turns) - 1):
        names = set(re.findall(r"[a-z]{4,}", case.turns[k].lower())) & rows
        kind = "drop_row_turn" if names else "drop_other_turn"
        yield kind, replace(case, turns=case.turns[:k] + case.turns[k + 1 :])


def full_sentence(case: Case) -> Iterator[tuple[str, Case]]:
    m = _ASKS.match(case.turns[-1])
    if m is None:
        return
    subject = m.group("subject")
    sentence = subject[:1].upper() + subject[1:] + f" {m.group('verb').lower()} {{}}."
    yield "full_sentence", replace(case, sentence=sentence)


def round_less(case: Case) -> Iterator[tuple[str, Case]]:
    m = re.fullmatch(r"(-?[\d,]*)\.(\d+)", case.figure)
    if m is None or len(m.group(2)) < 2:
        return
    value = Decimal(case.figure.replace(",", ""))
    q = Decimal(1).scaleb(-(len(m.group(2)) - 1))
    yield "round_less", replace(case, figure=f"{value.quantize(q, rounding=ROUND_HALF_UP):,}")


PERTURBATIONS: tuple[Callable[[Case], Iterator[tuple[str, Case]]], ...] = (
    reword_back,
    reword_ask,
    synonym,
    reorder,
    capitalized,
    columns_swapped,
    header_years,
    rows_reversed,
    plain_cells,
    year_moved,
    row_moved,
    frac_as_pct,
    pct_written,
    drop_turn,
    full_sentence,
    round_less,
)
KINDS = (
    "reword_back",
    "reword_ask",
    "synonym",
    "reorder",
    "capitalized",
    "columns_swapped",
    "header_years",
    "rows_reversed",
    "plain_cells",
    "year_moved",
    "row_moved",
    "row_moved_coarse",
    "frac_as_pct",
    "pct_written",
    "drop_row_turn",
    "drop_other_turn",
    "full_sentence",
    "round_less",
)


# Kinds that rewrite the answer in another model's style, not the question or the table: the
# corpus's own answers never take them (its golds are plain figures, fractions for ratios).
ANSWER_STYLES = frozenset({"frac_as_pct", "pct_written", "full_sentence", "round_less"})


def variants(case: Case) -> Iterator[tuple[str, Case]]:
    """Every perturbation of ``case`` (kind, changed case)."""
    for f in PERTURBATIONS:
        yield from f(case)


# ------------------------------------------------------------------------------------------------


def _fails(tool: Any, case: Case) -> tuple[bool, list[dict[str, Any]]]:
    prep = tool.prepare(case.item())
    return prep.fails[0], prep.details[0]


def run(cases: Sequence[Case], kinds: set[str], lines: set[str]) -> dict[str, Any]:
    tool = ragbench.CrossfootTool()
    tried: Counter[tuple[str, str]] = Counter()
    flipped: Counter[tuple[str, str]] = Counter()
    flips: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    base_pass = Counter[str]()
    answers_tried: Counter[str] = Counter()
    answers_flipped: Counter[str] = Counter()
    for case in cases:
        if case.line not in lines:
            continue
        bad, _ = _fails(tool, case)
        if bad:
            continue
        base_pass[case.line] += 1
        any_tried = any_flip = False
        for kind, new in variants(case):
            if kind not in kinds:
                continue
            tried[case.line, kind] += 1
            any_tried = True
            bad, why = _fails(tool, new)
            if bad:
                any_flip = True
                flipped[case.line, kind] += 1
                flips[case.line, kind].append(
                    {
                        "id": case.id,
                        "turns": list(new.turns),
                        "was": list(case.turns) if new.turns != case.turns else None,
                        "answer": new.item().answer,
                        "program": new.program,
                        "why": why,
                    }
                )
        answers_tried[case.line] += any_tried
        answers_flipped[case.line] += any_flip
    return {
        "passing": dict(base_pass),
        "answers_tried": dict(answers_tried),
        "answers_flipped": dict(answers_flipped),
        "by_kind": {
            f"{line}/{kind}": {"tried": tried[line, kind], "flipped": flipped[line, kind]}
            for line, kind in sorted(tried)
        },
        "flips": {f"{line}/{kind}": v for (line, kind), v in sorted(flips.items())},
    }


def _print(result: dict[str, Any], show: int) -> None:
    print("| line | passing | rewritten | flipped (answers) |")
    print("|---|---:|---:|---:|")
    for line in LINES:
        if line in result["passing"]:
            t = result["answers_tried"].get(line, 0)
            f = result["answers_flipped"].get(line, 0)
            pct = 100 * f / t if t else 0.0
            print(f"| {line} | {result['passing'][line]} | {t} | {f} ({pct:.1f}%) |")
    print()
    print("| line | variants in the corpus's style | flipped | in other answer styles | flipped |")
    print("|---|---:|---:|---:|---:|")
    for line in LINES:
        rows = [(k.split("/")[1], v) for k, v in result["by_kind"].items() if k.startswith(line)]
        if not rows:
            continue
        own = [v for k, v in rows if k not in ANSWER_STYLES]
        other = [v for k, v in rows if k in ANSWER_STYLES]
        cells = []
        for group in (own, other):
            t, f = sum(v["tried"] for v in group), sum(v["flipped"] for v in group)
            cells += [str(t), f"{f} ({100 * f / t if t else 0.0:.1f}%)"]
        print(f"| {line} | {' | '.join(cells)} |")
    print()
    print("| line / kind | variants | flipped |")
    print("|---|---:|---:|")
    for key, v in result["by_kind"].items():
        print(f"| {key} | {v['tried']} | {v['flipped']} |")
    if show:
        for key, rows in result["flips"].items():
            print(f"\n## {key}")
            for r in rows[:show]:
                why = "; ".join(
                    f"{d['text']} {d['status']} {d['rule']}: {d['why']}" for d in r["why"]
                )
                print(f"- {r['id']}: {' // '.join(r['turns'])}")
                if r["was"]:
                    print(f"    was: {' // '.join(r['was'])}")
                print(f"    {r['answer']}  [{r['program']}]  -> {why[:300]}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-root", type=Path, default=None)
    ap.add_argument("--limit", type=int, default=None, help="conversations read")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    ap.add_argument("--lines", nargs="+", choices=LINES, default=list(LINES))
    ap.add_argument("--show", type=int, default=3, help="flips listed per line and kind")
    ap.add_argument("--out", type=Path, default=None, help="write every flip as JSON")
    args = ap.parse_args(argv)
    cases = load_cases(data_root(args.data_root), args.limit)
    result = run(cases, set(args.kinds), set(args.lines))
    _print(result, args.show)
    if args.out:
        args.out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
