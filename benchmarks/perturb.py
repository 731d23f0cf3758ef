"""False alarms under perturbation: true answers that pass, rewritten the ways another question or
another model would differ, and which verdicts flip.

    python benchmarks/perturb.py                          # tatqa and pot-tatqa, tuning half
    python benchmarks/perturb.py --corpora tatqa --perturbations years_shift rounded_less
    python benchmarks/perturb.py --show 5                 # print five flips per perturbation

A rule fitted to the items it was studied on reads them more narrowly than their class: the same
answer with the years moved by one, the table's columns in the other order, the row named in
another case or other words, the question reworded, the scale word abbreviated, moved or dropped,
the figure rounded one place less, or the bare "The answer is X" written as a full sentence, is
still a true answer, and a verdict that flips on it names a reading to generalize. The harness
takes the good answers of a half (the tuning half by default: never read the validation half's
items) whose every scored sentence passes, applies each perturbation of :data:`PERTURBATIONS`
that applies to the item, re-checks with crossfoot's default benchmark options, and counts an
item as flipped when a scored sentence with a number that is no bare year now fails.

Prints per corpus and perturbation the items it applied to, the flips and their rate ("false
alarms under perturbation"), writes ``<out-dir>/perturb.{json,md}`` and every flip (the variant's
question, answer and failing claims) to ``.cache/bench/perturb/<half>-<corpus>.jsonl`` (not for
the validation half, whose items nobody reads; ``--show`` prints nothing for it either).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ragbench
from corpora import pot_tatqa, tatqa
from corpora.common import Item, data_root, in_half, is_year, number_tokens, sentence_spans

__all__ = ["PERTURBATIONS", "Variant", "main", "perturb"]

ADAPTERS = {m.NAME: m for m in (tatqa, pot_tatqa)}


@dataclass(frozen=True)
class Variant:
    """A perturbed item: the question, the answer, the sources and the scored spans."""

    question: str
    answer: str
    sources: list[str]
    spans: list[tuple[int, int]]


# --- the pieces of an item a perturbation rewrites -------------------------------------------


def _final_span(item: Item, answer: str) -> tuple[int, int]:
    """The span the perturbations of the final figure rewrite: tatqa's answer sentence, else the
    answer's last sentence with a number (pot-tatqa's "Answer: X" line)."""
    spans = sentence_spans(answer)
    for a, b in reversed(spans):
        if any(not is_year(t) for t in number_tokens(answer[a:b])):
            return a, b
    return spans[-1] if spans else (0, len(answer))


def _scored(item: Item, answer: str) -> list[tuple[int, int]]:
    if item.corpus == tatqa.NAME:  # the question lead is the prompt, never scored
        start = answer.rfind("The answer is") if "The answer is" in answer else None
        if start is None:
            start = len(item.answer[: item.sentences[0][0]])
        return [(start, len(answer))]
    return sentence_spans(answer)


def _with_answer(item: Item, answer: str, question: str | None = None) -> Variant:
    q = item.question if question is None else question
    return Variant(q, answer, item.sources, _scored(item, answer))


def _rewrite_final(item: Item, fn: Callable[[str], str | None]) -> Variant | None:
    """Rewrite the final sentence with ``fn`` (None: not applicable)."""
    a, b = _final_span(item, item.answer)
    new = fn(item.answer[a:b])
    if new is None or new == item.answer[a:b]:
        return None
    return _with_answer(item, item.answer[:a] + new + item.answer[b:])


def _table(item: Item) -> list[list[str]] | None:
    try:
        t = json.loads(item.sources[0])
    except (ValueError, IndexError):
        return None
    return t if isinstance(t, list) and all(isinstance(r, list) for r in t) else None


def _with_table(item: Item, table: list[list[str]]) -> Variant:
    sources = [json.dumps(table), *item.sources[1:]]
    return Variant(item.question, item.answer, sources, _scored(item, item.answer))


# --- perturbations ----------------------------------------------------------------------------

_YEAR = re.compile(r"(?<![\d.$])(19[5-9]\d|20[0-4]\d)(?![\d%]|,\d|\.\d)")


def years_shift(item: Item) -> Variant | None:
    """Every year of the table, the text, the question and the answer moved one year later."""

    def shift(s: str) -> str:
        return _YEAR.sub(lambda m: str(int(m.group(1)) + 1), s)

    if not _YEAR.search(item.answer + item.question):
        return None
    answer = shift(item.answer)
    table = _table(item)  # shifted cell by cell: the JSON's "\u2019" is no year
    sources = [shift(s) for s in item.sources[1:]]
    first = json.dumps([[shift(c) for c in r] for r in table]) if table else shift(item.sources[0])
    return Variant(shift(item.question), answer, [first, *sources], _scored(item, answer))


def columns_swapped(item: Item) -> Variant | None:
    """The table's value columns in the other order (2018 before 2019)."""
    table = _table(item)
    if table is None or max((len(r) for r in table), default=0) < 3:
        return None
    return _with_table(item, [r[:1] + r[1:][::-1] for r in table])


def labels_upper(item: Item) -> Variant | None:
    """The table's row labels in capitals (the answer names them in its own case)."""
    table = _table(item)
    if table is None:
        return None
    new = [[r[0].upper(), *r[1:]] if r else r for r in table]
    return None if new == table else _with_table(item, new)


def labels_lower(item: Item) -> Variant | None:
    """The question and the answer written in lower case after their first letter."""

    def low(s: str) -> str:
        return s[:1] + s[1:].lower()

    if item.corpus == tatqa.NAME:
        question = low(item.question)
        a = item.sentences[0][0]
        answer = low(item.answer[:a]) + item.answer[a:]
    else:
        question, answer = low(item.question), "\n".join(low(x) for x in item.answer.split("\n"))
    if answer == item.answer and question == item.question:
        return None
    return _with_answer(item, answer, question)


_SYNONYMS: tuple[tuple[str, str], ...] = (
    ("revenues", "sales"),
    ("revenue", "sales"),
    ("net income", "net earnings"),
    ("expenses", "costs"),
    ("expense", "cost"),
    ("profit", "earnings"),
    ("amount", "value"),
    ("employees", "staff"),
    ("total", "overall"),
)


def row_synonym(item: Item) -> Variant | None:
    """The row named in other words in the question and the answer (not in the table)."""

    def swap(s: str) -> str:
        for a, b in _SYNONYMS:
            s = re.sub(rf"\b{a}\b", b, s)
            s = re.sub(rf"\b{a.capitalize()}\b", b.capitalize(), s)
        return s

    question, answer = swap(item.question), swap(item.answer)
    if answer == item.answer and question == item.question:
        return None
    return _with_answer(item, answer, question)


_NUMERIC = re.compile(r"^\s*\$?\s*-?\(?\$?\s*\d[\d,]*(?:\.\d+)?\s*\)?\s*%?\s*$")


def _cells(item: Item, fn: Callable[[int, int, str], str]) -> Variant | None:
    """The table with ``fn(row, column, cell)`` for every cell (None when nothing changed)."""
    table = _table(item)
    if table is None:
        return None
    new = [[fn(i, j, c) for j, c in enumerate(r)] for i, r in enumerate(table)]
    return None if new == table else _with_table(item, new)


def negatives_parens(item: Item) -> Variant | None:
    """Negative cells written the other way: "-1,392" as "(1,392)" and "(1,392)" as "-1,392"."""

    def flip(_i: int, j: int, c: str) -> str:
        t = c.strip()
        if j == 0 or not _NUMERIC.match(t):
            return c
        m = re.match(r"^(\$?\s*)-(\$?\s*)(\d[\d,.]*)$", t)
        if m:
            return f"{m.group(1)}{m.group(2)}({m.group(3)})"
        m = re.match(r"^(\$?\s*)\((\$?\s*)(\d[\d,.]*)\s*\)$", t)
        return f"{m.group(1)}{m.group(2)}-{m.group(3)}" if m else c

    return _cells(item, flip)


def footnote_marks(item: Item) -> Variant | None:
    """Row labels with a footnote mark ("Revenue (1)"), as filings print them."""
    return _cells(item, lambda i, j, c: f"{c} (1)" if j == 0 and c.strip() and i > 0 else c)


def currency_signs(item: Item) -> Variant | None:
    """The table's dollar signs dropped ("$ 1,200" as "1,200"), as many filings print all but
    the first and total rows."""

    def bare(_i: int, j: int, c: str) -> str:
        t = c.strip()
        return t.replace("$", "").strip() if j and "$" in t and _NUMERIC.match(t) else c

    return _cells(item, bare)


_UNIT_NOTE = re.compile(
    r"\s*\(?(?:\$|€|£|RMB|US\$)?\s*(?:in\s+)?(?:thousands|millions|billions|'000|’000|m|million|"
    r"thousand)(?:\s+of\s+dollars)?\)?\s*$",
    re.IGNORECASE,
)


def unit_note_moved(item: Item) -> Variant | None:
    """The header's unit note ("(in millions)", "$'000") taken out of the table and said in the
    text above it ("All amounts in millions.")."""
    table = _table(item)
    if table is None:
        return None
    word = None
    new = []
    for i, r in enumerate(table):
        row = list(r)
        if i < 3:
            for j, c in enumerate(row):
                m = re.search(r"(?i)\b(thousands?|millions?|billions?|'000|’000)\b", c)
                if m and len(c) < 40 and not _NUMERIC.match(c):
                    w = m.group(1).lower()
                    word = {"'000": "thousands", "’000": "thousands"}.get(w, w.rstrip("s") + "s")
                    row[j] = re.sub(
                        r"(?i)\(?\s*(?:[$€£]|RMB|US\$)?\s*(?:in\s+)?(?:thousands?|millions?|"
                        r"billions?|'000|’000)\s*\)?",
                        "",
                        c,
                    ).strip(" ,")
        new.append(row)
    if word is None or new == table:
        return None
    sources = [json.dumps(new), f"All amounts in the table are in {word}.", *item.sources[1:]]
    return Variant(item.question, item.answer, sources, _scored(item, item.answer))


# A header cell that is a unit note and nothing else (a year before it aside): "(In thousands)",
# "$'000", "£m", "(Dollars in millions)", "US$’000", "2019 €m".
_NOTE_CELL = re.compile(
    r"(?i)^(?P<year>(?:\d{4}\s+)?)\(?\s*(?:(?:amounts|dollars|figures)\s+)?(?:in\s+)?"
    r"(?:(?P<cur>u\.?s\.?\s*\$|us\$|s\$|\$|€|£|rmb)\s*)?(?:in\s+)?"
    r"(?P<scale>'000|’000|thousands?|millions?|m|mn)"
    r"(?:\s+of\s+(?:u\.?s\.?\s+)?(?:dollars|\$|€))?\s*\)?$"
)
_FORMS = {
    "thousand": (
        "(in thousands)",
        "{c}'000",
        "({c}000s)",
        "(thousands of {w})",
        "{c} thousands",
        "Thousands of {W}",
        "(Thousands of {w}, except per share amounts)",
    ),
    "million": (
        "(in millions)",
        "{c}m",
        "({c} millions)",
        "(millions of {w})",
        "{c}mn",
        "Millions of {W}",
        "(Millions of {w}, except per share amounts)",
    ),
}


def _unit_form(k: int) -> Callable[[Item], Variant | None]:
    """The table's unit note written in form ``k`` of :data:`_FORMS` (the same scale and
    currency): "(In thousands)" as "$'000", "£m" as "(£ millions)"."""

    def reword(item: Item) -> Variant | None:
        def cell(i: int, j: int, c: str) -> str:
            m = _NOTE_CELL.match(c.strip()) if i < 4 else None
            if m is None:
                return c
            scale = "thousand" if m.group("scale").lower()[:1] in "'’t" else "million"
            cur = (m.group("cur") or "").replace(" ", "")
            cur = "$" if cur.lower() in ("us$", "u.s.$") else cur
            word = {"€": "euros", "£": "pounds"}.get(cur, "dollars")
            form = _FORMS[scale][k].format(c=cur, w=word, W=word.capitalize())
            return m.group("year") + re.sub(r"\(\s", "(", form).strip()

        return _cells(item, cell)

    reword.__name__ = f"unit_form_{k}"
    return reword


unit_forms = [_unit_form(k) for k in range(7)]


_REWORD: tuple[tuple[str, str], ...] = (
    (r"\bbetween (FY ?)?(\d{4}) and (FY ?)?(\d{4})", r"from \1\2 to \3\4"),
    (r"\bin (\d{4}) (from|compared to|as compared to) (\d{4})", r"from \3 to \1"),
    (r"\bpercentage change\b", "percent change"),
    (r"\bWhat is\b", "What was"),
    (r"\bWhat was\b", "What is"),
    (r"\bthe average\b", "the mean"),
)


def question_reworded(item: Item) -> Variant | None:
    """The question in synonyms and another order (the lead of tatqa's answer with it)."""
    q = item.question
    for pat, rep in _REWORD:
        new = re.sub(pat, rep, q)
        if new != q:
            q = new
            if rep in ("What was", "What is"):
                break  # "What is" -> "What was" and back: only the first
    m = re.match(r"^(What (?:is|was|are|were)) (the .+?) (in|for|at) (\S*\d{4}\S*)\s*\??$", q)
    if m:  # "What was X in 2019?" -> "In 2019, what was X?"
        q = f"{m.group(3).capitalize()} {m.group(4)}, {m.group(1).lower()} {m.group(2)}?"
    return _reasked(item, q)


def _asked_in_other_words(swaps: tuple[tuple[str, str], ...]) -> Callable[[Item], Variant | None]:
    """A perturbation that rewords the question (and tatqa's lead) with ``swaps`` (regex,
    replacement; the first that applies)."""

    def reword(item: Item) -> Variant | None:
        q = item.question
        for pat, rep in swaps:
            q = re.sub(pat, rep, item.question, count=1)
            if q != item.question:
                break
        return _reasked(item, q)

    return reword


# The operation the question asks for, in other words.
sum_words = _asked_in_other_words(((r"\b[Tt]otal\b", "combined"), (r"\bsum of\b", "total of")))
sum_words.__name__ = "sum_words"
change_words = _asked_in_other_words(
    (
        (r"\bpercentage change\b", "% change"),
        (r"\bchange in\b", "increase or decrease in"),
        (r"\bdifference in\b", "change in"),
    )
)
change_words.__name__ = "change_words"
average_words = _asked_in_other_words(
    ((r"(?<!weighted[- ])\b[Aa]verage\b", "mean"), (r"\bmean\b", "average"))
)
average_words.__name__ = "average_words"
share_words = _asked_in_other_words(
    (
        (r"\bas a percentage of\b", "as a share of"),
        (r"\bproportion\b", "share"),
        (r"\bpercentage of\b", "share of"),
        (r"\bratio of\b", "proportion of"),
    )
)
share_words.__name__ = "share_words"


def _reasked(item: Item, q: str) -> Variant | None:
    """The item with the question ``q`` (tatqa's lead with it)."""
    if q == item.question:
        return None
    answer = item.answer
    if item.corpus == tatqa.NAME:
        lead = q if q.endswith("?") else q + "?"
        answer = lead + item.answer[item.sentences[0][0] - 1 :]
    return _with_answer(item, answer, q)


_YEAR_PAIR = re.compile(r"\b(\d{4}) and (\d{4})\b")
_ORDERLESS = re.compile(r"(?i)\b(?:average|mean|total|sum|combined)\b")


def question_years_swapped(item: Item) -> Variant | None:
    """ "in 2019 and 2018" asked as "in 2018 and 2019" where the order means nothing (a total or
    an average)."""
    if not _ORDERLESS.search(item.question) or "respective" in item.question:
        return None
    return _reasked(item, _YEAR_PAIR.sub(r"\2 and \1", item.question, count=1))


_ANSWER_SCALE = re.compile(r"\d\s?(thousand|million|billion)\b")


def question_scale_note(item: Item) -> Variant | None:
    """The question saying the unit it wants: "What was X? (in millions)"."""
    a, b = _final_span(item, item.answer)
    m = _ANSWER_SCALE.search(item.answer[a:b])
    if m is None or re.search(r"(?i)thousand|million|billion", item.question):
        return None
    q = item.question.rstrip().rstrip("?").rstrip()
    return _reasked(item, f"{q} (in {m.group(1)}s)?")


_SCALE_ABBR = {"thousand": "K", "million": "M", "billion": "B", "millions": "M"}
_SCALE_AT = re.compile(r"(\d)\s(thousand|millions?|billion)\b")


def scale_abbrev(item: Item) -> Variant | None:
    """The final figure's scale word abbreviated ("15.8 million" -> "15.8M")."""
    return _rewrite_final(
        item, lambda s: _SCALE_AT.sub(lambda m: m.group(1) + _SCALE_ABBR[m.group(2)], s)
    )


def scale_dropped(item: Item) -> Variant | None:
    """The final figure's scale word dropped ("15.8 million" -> "15.8")."""
    return _rewrite_final(item, lambda s: _SCALE_AT.sub(r"\1", s))


def scale_moved(item: Item) -> Variant | None:
    """The scale word moved before the figure: "In millions, the answer is 15.8." and
    "Answer (in thousands): 19,911"."""

    def move(s: str) -> str | None:
        m = _SCALE_AT.search(s)
        if not m or "answer" not in s.lower():
            return None
        word = m.group(2).rstrip("s") + "s"
        body = _SCALE_AT.sub(r"\1", s)
        if body.startswith("Answer: "):
            return f"Answer (in {word}): " + body.removeprefix("Answer: ")
        return f"In {word}, {body[:1].lower()}{body[1:]}"

    return _rewrite_final(item, move)


def percent_word(item: Item) -> Variant | None:
    """The final figure's percent sign written as a word ("2.25%" -> "2.25 percent")."""
    return _rewrite_final(item, lambda s: re.sub(r"(\d)\s?%", r"\1 percent", s))


_DECIMAL = re.compile(r"(?<![\d.,])(\d{1,3}(?:,\d{3})*|\d+)\.(\d+)(?![\d.])")


def rounded_less(item: Item) -> Variant | None:
    """The final figure rounded one place less ("2.25%" -> "2.3%", "15.8" -> "16"); in pot-tatqa
    every sentence that states it the same way."""
    a, b = _final_span(item, item.answer)
    found = list(_DECIMAL.finditer(item.answer[a:b]))
    m = found[-1] if found else None  # the last decimal of the final sentence: the final figure
    if m is None:
        return None
    text = m.group(0)
    d = Decimal(text.replace(",", ""))
    places = len(m.group(2)) - 1
    if m.group(2).endswith("5"):
        return None  # "2.25" may be 2.2462 rounded: "2.3" would round twice
    q = d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    if abs(q) < 10 and places == 0:
        return None  # "0.7 million" as "1 million": one digit left is a guess, not a rounding
    new = f"{q:,}" if "," in text else str(q)
    if item.corpus == tatqa.NAME:
        k = a + m.start()
        answer = item.answer[:k] + new + item.answer[k + len(text) :]
    else:  # the same figure wherever the explanation states it
        pat = re.compile(rf"(?<![\d.,]){re.escape(text)}(?!\d)")
        answer = pat.sub(new, item.answer)
    return _with_answer(item, answer)


_ASKED = re.compile(
    r"^(?:What|How much) (is|was|are|were) (the |a |an )?(.+?)\s*\??\s*$", re.IGNORECASE
)


def full_sentence(item: Item) -> Variant | None:
    """ "The answer is X." as a full sentence from the question ("The change in X was X."); in
    pot-tatqa "Answer: X" as "So the answer is X."."""
    a, b = _final_span(item, item.answer)
    s = item.answer[a:b]
    if item.corpus == tatqa.NAME:
        m = _ASKED.match(item.question.strip())
        if not m or not s.startswith("The answer is "):
            return None
        subject = (m.group(2) or "the ").capitalize() + m.group(3)
        new = f"{subject} {m.group(1).lower()} {s.removeprefix('The answer is ')}"
    else:
        if not s.startswith("Answer: "):
            return None
        new = "So the answer is " + s.removeprefix("Answer: ").rstrip(".") + "."
    return _with_answer(item, item.answer[:a] + new + item.answer[b:])


PERTURBATIONS: dict[str, Callable[[Item], Variant | None]] = {
    f.__name__: f
    for f in (
        years_shift,
        columns_swapped,
        labels_upper,
        labels_lower,
        negatives_parens,
        footnote_marks,
        currency_signs,
        unit_note_moved,
        *unit_forms,
        row_synonym,
        question_reworded,
        sum_words,
        change_words,
        average_words,
        share_words,
        question_years_swapped,
        question_scale_note,
        scale_abbrev,
        scale_dropped,
        scale_moved,
        percent_word,
        rounded_less,
        full_sentence,
    )
}


# --- running ----------------------------------------------------------------------------------


def _failing(
    checker: Any, question: str, answer: str, spans: list[tuple[int, int]]
) -> list[dict[str, Any]]:
    """The failing claims of the scored sentences with a number that is no bare year."""
    report = checker.check(answer, question=question or None)
    out: list[dict[str, Any]] = []
    for a, b in spans:
        if not any(not is_year(t) for t in number_tokens(answer[a:b])):
            continue
        out += [
            ragbench._claim_detail(c)
            for c in report.claims
            if a <= c.mention.start < b and not c.passed
        ]
    return out


def perturb(items: Sequence[Item], names: Sequence[str]) -> dict[str, Any]:
    """Per perturbation: items it applied to, flips, and the flips' details."""
    import crossfoot

    opts = dict(ragbench.CROSSFOOT_OPTIONS)
    out: dict[str, Any] = {
        "items": 0,
        "passing": 0,
        "by": {n: {"applied": 0, "flips": []} for n in names},
    }
    for item in items:
        if item.label != "good":
            continue
        out["items"] += 1
        checker = crossfoot.Checker(item.sources, **opts)
        spans = _scored(item, item.answer)
        if not any(any(not is_year(t) for t in number_tokens(item.answer[a:b])) for a, b in spans):
            continue
        if _failing(checker, item.question, item.answer, spans):
            continue
        out["passing"] += 1
        for name in names:
            v = PERTURBATIONS[name](item)
            if v is None:
                continue
            out["by"][name]["applied"] += 1
            ch = checker if v.sources is item.sources else crossfoot.Checker(v.sources, **opts)
            bad = _failing(ch, v.question, v.answer, v.spans)
            if bad:
                out["by"][name]["flips"].append(
                    {
                        "id": item.id,
                        "question": v.question,
                        "answer": v.answer,
                        "failing": bad,
                        "original": item.answer,
                    }
                )
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="crossfoot false alarms under perturbation.")
    p.add_argument("--corpora", nargs="+", default=list(ADAPTERS), choices=list(ADAPTERS))
    p.add_argument(
        "--perturbations", nargs="+", default=list(PERTURBATIONS), choices=list(PERTURBATIONS)
    )
    p.add_argument("--half", default="tune", choices=["tune", "valid", "all"])
    p.add_argument("--data-root", help="directory holding the corpora (default $CROSSFOOT_DATA)")
    p.add_argument("--limit", type=int, default=None, help="rows (contexts for tatqa) per corpus")
    p.add_argument("--out-dir", type=Path, default=ragbench.RESULTS)
    p.add_argument("--show", type=int, default=0, help="print this many flips per perturbation")
    return p


def _markdown(results: dict[str, Any]) -> str:
    lines = [
        "| corpus | perturbation | applied | flipped | false alarms under perturbation |",
        "|---|---|---:|---:|---:|",
    ]
    for corpus, r in results.items():
        total_a = total_f = 0
        for name, e in r["by"].items():
            n, f = e["applied"], len(e["flips"])
            total_a, total_f = total_a + n, total_f + f
            rate = f"{100 * f / n:.1f}%" if n else "n/a"
            lines.append(f"| {corpus} | {name} | {n} | {f} | {rate} |")
        rate = f"{100 * total_f / total_a:.1f}%" if total_a else "n/a"
        lines.append(
            f"| {corpus} | **all** ({r['passing']} passing of {r['items']} good) | "
            f"{total_a} | {total_f} | {rate} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    root = data_root(args.data_root)
    t0 = time.perf_counter()
    results: dict[str, Any] = {}
    cache = ragbench.CACHE / "perturb"
    cache.mkdir(parents=True, exist_ok=True)
    for name in args.corpora:
        items = in_half(ADAPTERS[name].load(root, args.limit), args.half)
        results[name] = perturb(items, args.perturbations)
        flips = [
            {"perturbation": p, **f} for p, e in results[name]["by"].items() for f in e["flips"]
        ]
        ragbench.write_records(cache / f"{args.half}-{name}.jsonl", args.half, flips)
        if args.show and ragbench.readable(args.half):
            for p, e in results[name]["by"].items():
                for f in e["flips"][: args.show]:
                    print(f"--- {name} {p} {f['id']}\nQ: {f['question']}\nA: {f['answer']}")
                    for c in f["failing"]:
                        print(f"   FAIL {c['text']!r} {c['status']} {c['rule']} {c['why'][:160]}")
    table = _markdown(results)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    summary = {
        c: {
            "items": r["items"],
            "passing": r["passing"],
            "by": {
                p: {"applied": e["applied"], "flipped": len(e["flips"])} for p, e in r["by"].items()
            },
        }
        for c, r in results.items()
    }
    meta = ragbench.run_meta(
        "python benchmarks/perturb.py " + " ".join(sys.argv[1:] if argv is None else argv),
        half=args.half,
        elapsed_seconds=round(time.perf_counter() - t0, 1),
    )
    (args.out_dir / "perturb.json").write_text(
        json.dumps({"meta": meta, "results": summary}, indent=2) + "\n"
    )
    (args.out_dir / "perturb.md").write_text(
        f"# crossfoot false alarms under perturbation, {args.half} half"
        " (generated by perturb.py)\n\n" + table + "\n"
    )
    print(table)
    print(f"flips: {cache}/{args.half}-<corpus>.jsonl; elapsed {time.perf_counter() - t0:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
