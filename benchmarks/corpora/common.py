"""Shared pieces of every benchmark corpus: items, number tokens, gold comparison, injections,
the naive verbatim baseline and the figured runner.

A corpus adapter turns its data set into :class:`Item` objects (an answer, the sources a RAG prompt
would show, sentence spans with labels); everything measured afterwards is corpus-independent.

>>> [t.text for t in number_tokens("Sales rose 12% to $1,496.5 million in 2019.")]
['12%', '$1,496.5 million', '2019']
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Literal

__all__ = [
    "INJECTIONS",
    "Item",
    "Label",
    "NumberToken",
    "answers_match",
    "baseline_sentence_fails",
    "data_root",
    "direction_words",
    "figured_sentence_fails",
    "format_like",
    "half_of",
    "in_half",
    "inject",
    "is_year",
    "number_tokens",
    "parse_table_json",
    "pipe_table",
    "sentence_spans",
    "source_tables",
]

Label = Literal["good", "bad"]
INJECTIONS: tuple[str, ...] = ("value", "scale", "direction", "swap")


@dataclass
class Item:
    """One answer to check, with the sources its prompt showed.

    ``label`` is the answer-level verdict (``good``: correct / supported, ``bad``: wrong /
    unsupported, ``None``: unknown). ``sentences`` are ``(start, end)`` spans in ``answer``;
    ``sentence_labels`` the per-sentence verdicts (``None`` = use ``label``).
    """

    corpus: str
    id: str
    question: str
    answer: str
    sources: list[str]
    tables: list[list[list[str]]] = field(default_factory=list)
    label: Label | None = None
    sentences: list[tuple[int, int]] = field(default_factory=list)
    sentence_labels: list[Label | None] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.sentences:
            self.sentences = sentence_spans(self.answer)
        if not self.sentence_labels:
            self.sentence_labels = [None] * len(self.sentences)

    def sentence_label(self, i: int) -> Label | None:
        return self.sentence_labels[i] if self.sentence_labels[i] is not None else self.label


# Tune on one half, report the other. An item's half is fixed by a hash of its documents (the
# sources its prompt showed), not of the question alone: questions on one table or filing land in
# the same half, so a rule tuned on a table's questions is never validated on that same table.
HALVES: tuple[str, ...] = ("tune", "valid")
_SPLIT_SALT = "crossfoot-split-v1"


def half_of(item: Item) -> str:
    """``"tune"`` or ``"valid"``: the fixed half of ``item``'s corpus it belongs to.

    >>> a = Item("c", "q1", "?", "x", ["table A"])
    >>> b = Item("c", "q2", "?", "y", ["table A"])
    >>> half_of(a) == half_of(b) and half_of(a) in HALVES
    True
    """
    key = "\x1f".join(item.sources) if item.sources else item.id
    digest = hashlib.sha256(f"{_SPLIT_SALT}\x1e{item.corpus}\x1e{key}".encode()).digest()
    return HALVES[digest[0] & 1]


def in_half(items: Sequence[Item], half: str) -> list[Item]:
    """The items of ``half`` (``"tune"``, ``"valid"``, or ``"all"`` for every item)."""
    if half == "all":
        return list(items)
    if half not in HALVES:
        raise ValueError(f"half must be one of {(*HALVES, 'all')}, got {half!r}")
    return [i for i in items if half_of(i) == half]


# Halves are drawn per corpus, and two corpora can hold one document (pot-tatqa's LLM answers and
# tatqa's reference answers share TAT-QA's tables: 275 of pot-tatqa's 276), so a table in one
# corpus's validation half can sit in another's tuning half, where a rule was studied on it. The
# strict half keeps the validation items whose document lands in no corpus's tuning half.
STRICT = "strict"


def doc_key(item: Item) -> str:
    """One document's key across corpora: the distinct numbers of its tables (each corpus writes
    a table its own way: JSON, pipes, spacing), else its sources as given.

    >>> a = Item("c1", "q1", "?", "x", ["t"], tables=[[["Sales", "1,200", "900", "4", "7"]]])
    >>> b = Item("c2", "q9", "?", "y", ["u"], tables=[[["sales", "1200", "900.0", "4", "7"]]])
    >>> doc_key(a) == doc_key(b), doc_key(a) == doc_key(Item("c1", "q1", "?", "x", ["t"]))
    (True, False)
    """
    cells = " | ".join(str(c) for t in item.tables for row in t for c in row)
    numbers = sorted({abs(t.value) for t in number_tokens(cells)})
    if len(numbers) >= 4:  # fewer is no fingerprint: two tables may share three figures
        return "n:" + " ".join(str(n.normalize()) for n in numbers)
    return "s:" + "\x1f".join(item.sources)


def strict_half(items: Sequence[Item], tuned: set[str]) -> list[Item]:
    """The validation items whose document is in none of the tuning halves (``tuned``: the
    :func:`doc_key` of every tuning item of every corpus).

    >>> t = Item("c", "q1", "?", "x", ["doc A"])
    >>> v = [i for i in (Item("c", f"q{k}", "?", "x", [f"doc {k}"]) for k in range(40))
    ...      if half_of(i) == "valid"]
    >>> strict_half(v, {doc_key(v[0])}) == v[1:]
    True
    """
    return [i for i in items if half_of(i) == "valid" and doc_key(i) not in tuned]


def data_root(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the shared data sets live: ``override``, else ``$CROSSFOOT_DATA``, else
    ``<repo>/../shared/data``.

    >>> data_root("/tmp/x").as_posix()
    '/tmp/x'
    """
    if override:
        return Path(override)
    env = os.environ.get("CROSSFOOT_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3] / "shared" / "data"


# --------------------------------------------------------------------------------------------
# Number tokens (our own small reader, independent of the engine so the baseline and the gold
# comparison do not move when the engine changes).

_SCALES: dict[str, Decimal] = {
    "thousand": Decimal(10) ** 3,
    "k": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "millions": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "m": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "billions": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "b": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
}

_NUM_RE = re.compile(
    r"""
    (?<![\w.,])                                 # not inside an identifier or another number
    (?P<neg>[-−–](?=\s?[$€£¥(]?\s?\d))?         # a minus sign directly before the number
    (?P<cur>[$€£¥]\s?)?
    (?P<neg2>-)?                                # "$-12.6"
    (?P<open>\()?                               # accounting negative "(1,234)"
    (?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)
    (?!(?!(?:mn|bn|m|k|b)\b)\w)(?!\.\d)            # no letter follows, except a scale suffix
    (?P<close>\))?
    (?P<pct>\s?%|\s?percent\b)?
    (?P<scale>\s?(?:thousand|millions?|billions?|trillion|mn|bn|m|k|b)\b)?
    """,
    re.VERBOSE | re.IGNORECASE,
)


@dataclass(frozen=True)
class NumberToken:
    """A number as written: the whole token span and the span of its digits."""

    text: str
    start: int
    end: int
    num_start: int
    num_end: int
    value: Decimal  # signed, unscaled (the digits as written)
    decimals: int
    percent: bool
    scale: Decimal
    scale_word: str | None

    @property
    def digits(self) -> str:
        return self.text[self.num_start - self.start : self.num_end - self.start]

    @property
    def scaled(self) -> Decimal:
        return self.value * self.scale

    @property
    def half_unit(self) -> Decimal:
        """Stated precision (half unit of the last digit), in unscaled units."""
        return Decimal(5) * Decimal(10) ** (-self.decimals - 1)


def number_tokens(text: str) -> list[NumberToken]:
    """Every number in ``text`` with its sign, percent mark and scale word.

    >>> t = number_tokens("a change of -$12.6 million")[0]
    >>> (str(t.value), t.scale_word, t.digits)
    ('-12.6', 'million', '12.6')
    >>> str(number_tokens("(1,234)")[0].value)
    '-1234'
    """
    out: list[NumberToken] = []
    for m in _NUM_RE.finditer(text):
        digits = m.group("num")
        try:
            value = Decimal(digits.replace(",", ""))
        except InvalidOperation:  # pragma: no cover - the regex only admits digits
            continue
        paren = bool(m.group("open")) and bool(m.group("close"))
        negative = bool(m.group("neg") or m.group("neg2")) or paren
        start, end = m.start(), m.end()
        if m.group("open") and not paren:  # "(12" of "(12 months)": drop the stray bracket
            start = m.start("num") if not m.group("neg") else start
        if m.group("close") and not paren:
            end = m.end("num")
            pct_word = None
            scale_word = None
        else:
            pct_word = m.group("pct")
            scale_word = (m.group("scale") or "").strip() or None
        # a bare "m"/"b"/"k" directly after a number is a unit only when no letter follows
        scale = _SCALES.get(scale_word.lower(), Decimal(1)) if scale_word else Decimal(1)
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        out.append(
            NumberToken(
                text=text[start:end],
                start=start,
                end=end,
                num_start=m.start("num"),
                num_end=m.end("num"),
                value=-value if negative else value,
                decimals=decimals,
                percent=bool(pct_word),
                scale=scale,
                scale_word=scale_word,
            )
        )
    return out


def is_year(tok: NumberToken) -> bool:
    """A bare four-digit integer between 1900 and 2100 (no sign, unit or separator)."""
    return (
        tok.decimals == 0
        and not tok.percent
        and tok.scale_word is None
        and "," not in tok.digits
        and tok.value >= 0
        and 1900 <= tok.value <= 2100
        and len(tok.digits) == 4
        and not tok.text.lstrip().startswith(("$", "€", "£", "¥"))
    )


_ABBREV = {
    "vs.",
    "inc.",
    "co.",
    "corp.",
    "ltd.",
    "no.",
    "approx.",
    "e.g.",
    "i.e.",
    "u.s.",
    "mr.",
    "dr.",
}
_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z$(\"'\d-])|\n+")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Sentence spans: split after ``.!?`` + space + capital/digit, and at newlines.

    >>> t = "Sales were $1.5 million. They rose 3.2%.\\nAnswer: 3.2%"
    >>> [t[a:b] for a, b in sentence_spans(t)]
    ['Sales were $1.5 million.', 'They rose 3.2%.', 'Answer: 3.2%']
    """
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _SENT_RE.finditer(text):
        before = text[max(0, m.start() - 8) : m.start()].split()
        if before and before[-1].lower() in _ABBREV and "\n" not in m.group(0):
            continue  # "vs. 2018", "Inc. The": not the end of a sentence
        if text[pos : m.start()].strip():
            spans.append(_strip_span(text, pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        spans.append(_strip_span(text, pos, len(text)))
    return spans


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return (a, b)


# --------------------------------------------------------------------------------------------
# Tables


def pipe_table(text: str, blank: Sequence[str] = ()) -> list[list[str]]:
    """Read a pipe-separated table (one row a line) into rows of cells.

    >>> pipe_table("— | 2019\\nOther | 44.1\\n", blank=("—",))
    [['', '2019'], ['Other', '44.1']]
    """
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        cells = [c.strip() for c in line.split("|")]
        rows.append(["" if c in blank else c for c in cells])
    return rows


def parse_table_json(text: str) -> list[list[str]] | None:
    """A source string that is a JSON-style table (list of rows of cells), else ``None``.

    >>> parse_table_json('[["", "2019"], ["Sales", "7.1"]]')
    [['', '2019'], ['Sales', '7.1']]
    """
    s = text.strip()
    if not (s.startswith("[[") and s.endswith("]]")):
        return None
    try:
        rows = json.loads(s)
    except ValueError:
        return None
    if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
        return None
    return [[str(c) for c in r] for r in rows]


def source_tables(sources: Sequence[str]) -> list[list[list[str]]]:
    """Every JSON-style table among ``sources``."""
    return [t for t in (parse_table_json(s) for s in sources) if t is not None]


# --------------------------------------------------------------------------------------------
# Gold comparison

_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
}
_SCALE_OF_GOLD = {
    "": Decimal(1),
    "percent": Decimal(1),
    "thousand": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
}


def _gold_numbers(gold: Any) -> tuple[list[tuple[Decimal, Decimal]], bool, bool] | None:
    """Gold as (value, quantum) pairs, whether it is written as a percent and whether it carries
    its own scale word ("$2.8 billion": then values are absolute), or ``None`` when some gold
    item is not a number."""
    items = gold if isinstance(gold, list) else [gold]
    items = [g for g in items if not (isinstance(g, str) and not g.strip())]
    out: list[tuple[Decimal, Decimal]] = []
    percent = absolute = False
    for g in items:
        if isinstance(g, bool):
            return None
        if isinstance(g, (int, float)):
            # float noise such as -0.6000000000000001 is not a stated precision
            d = Decimal(repr(round(g, 8))).normalize() if isinstance(g, float) else Decimal(g)
            exp = d.as_tuple().exponent
            quantum = Decimal(1).scaleb(min(int(exp), 0)) if isinstance(exp, int) else Decimal(1)
            out.append((d, quantum))
            continue
        toks = number_tokens(str(g))
        rest = _NUM_RE.sub("", str(g)).strip(" $%.,()-")
        if len(toks) != 1 or rest:
            return None
        t = toks[0]
        percent = percent or t.percent
        absolute = absolute or t.scale_word is not None
        # the quantum of "$1.8 million" is 1E+5: an exponent, so quantize rounds at that place
        out.append((t.scaled, Decimal(1).scaleb(t.scale.adjusted() - t.decimals)))
    return (out, percent, absolute) if out else None


def _pred_numbers(pred: Any, gold_scale: str) -> list[Decimal]:
    """Numbers of a predicted answer, in the gold's units."""
    texts = pred if isinstance(pred, list) else [pred]
    unit = _SCALE_OF_GOLD.get(gold_scale, Decimal(1))
    vals: list[Decimal] = []
    for t in texts:
        s = str(t)
        toks = number_tokens(s)
        if not toks:
            w = s.strip().strip(".").lower()
            if w in _WORDS:
                vals.append(Decimal(_WORDS[w]))
            continue
        for tok in toks:
            v = tok.value
            if tok.percent and gold_scale != "percent":
                v = v / 100  # 87% answers a ratio of 0.87
            elif tok.scale_word:
                v = v * tok.scale / unit  # stated scale, converted to the gold's unit
            vals.append(v)
    return vals


def _norm_text(s: str) -> list[str]:
    s = re.sub(r"[^\w\s]", " ", s.lower())
    return [w for w in s.split() if w not in {"a", "an", "the", "and", "of"}]


def answers_match(gold: Any, gold_scale: str, pred: Any) -> bool | None:
    """Is ``pred`` the gold answer at the gold's precision and scale?

    Numbers: every gold number must be matched by exactly one predicted number after rounding
    the prediction to the gold's decimals (half up); a scale word in the prediction is converted
    to the gold's unit, a prediction without one is read in the gold's unit; accounting
    parentheses are negative; years in a prediction that carries other numbers are ignored.
    Text spans: correct when every gold span is contained in the prediction (normalised),
    wrong when they share under half their words, else ``None`` (undecided).

    >>> answers_match(-12.6, "million", ["-$12.6 million"])
    True
    >>> answers_match(-22.22, "percent", ["-22.21%"])
    False
    >>> answers_match(13182, "million", ["$13,182 thousand"])
    False
    """
    parsed = _gold_numbers(gold)
    if parsed is not None:
        golds, gold_percent, absolute = parsed
        unit = "percent" if gold_percent else "" if absolute else gold_scale
        preds = _pred_numbers(pred, unit)
        if len(preds) > len(golds) and not any(1900 <= g <= 2100 for g, _ in golds):
            preds = [p for p in preds if not (p == p.to_integral_value() and 1900 <= p <= 2100)]
        if len(preds) > len(golds) == 1:
            preds = preds[-1:]  # "The total ... within 5 years is $48,410": the final figure
        if len(preds) != len(golds):
            return False
        remaining = list(preds)
        for g, q in golds:
            hit = next(
                (p for p in remaining if p.quantize(q, rounding=ROUND_HALF_UP) == g.quantize(q)),
                None,
            )
            if hit is None:
                return False
            remaining.remove(hit)
        return True
    gold_items = [str(g) for g in (gold if isinstance(gold, list) else [gold]) if str(g).strip()]
    pred_text = " ".join(str(p) for p in (pred if isinstance(pred, list) else [pred]))
    pnorm = " " + " ".join(_norm_text(pred_text)) + " "
    if all(" " + " ".join(_norm_text(g)) + " " in pnorm for g in gold_items):
        return True
    gw = [w for g in gold_items for w in _norm_text(g)]
    pw = set(_norm_text(pred_text))
    if not gw or sum(w in pw for w in gw) / len(gw) < 0.5:
        return False
    return None


# --------------------------------------------------------------------------------------------
# Injections

_DIRECTION_PAIRS = [
    ("increase", "decrease"),
    ("increased", "decreased"),
    ("increases", "decreases"),
    ("increasing", "decreasing"),
    ("rose", "fell"),
    ("rise", "fall"),
    ("rises", "falls"),
    ("risen", "fallen"),
    ("grew", "declined"),
    ("growth", "decline"),
    ("higher", "lower"),
    ("gain", "loss"),
    ("up", "down"),
    ("more", "less"),
]
_DIRECTION: dict[str, str] = {}
for _a, _b in _DIRECTION_PAIRS:
    _DIRECTION[_a] = _b
    _DIRECTION[_b] = _a
_DIRECTION_RE = re.compile(
    r"\b(" + "|".join(sorted(_DIRECTION, key=len, reverse=True)) + r")\b", re.I
)

_SCALE_SWAP = {
    "million": "billion",
    "millions": "billions",
    "billion": "million",
    "billions": "millions",
    "thousand": "million",
    "trillion": "billion",
    "m": "bn",
    "mn": "bn",
    "bn": "m",
    "b": "m",
    "k": "m",
}


def direction_words(text: str) -> list[re.Match[str]]:
    """Direction words (increase/decrease, rose/fell, higher/lower, ...) in ``text``."""
    return list(_DIRECTION_RE.finditer(text))


def _case_like(word: str, like: str) -> str:
    if like.isupper():
        return word.upper()
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def format_like(value: Decimal, digits: str) -> str:
    """Write ``value`` (unsigned) with the decimals and thousands commas of ``digits``.

    >>> format_like(Decimal("1234.56"), "1,000.0")
    '1,234.6'
    """
    dec = len(digits.split(".")[1]) if "." in digits else 0
    q = abs(value).quantize(Decimal(1).scaleb(-dec), rounding=ROUND_HALF_UP)
    text = f"{q:,.{dec}f}" if "," in digits else f"{q:.{dec}f}"
    return text


def _replace(text: str, a: int, b: int, new: str) -> str:
    return text[:a] + new + text[b:]


def inject(
    kind: str,
    sentence: str,
    targets: Sequence[NumberToken],
    pool: Sequence[NumberToken],
    rng: random.Random,
) -> str | None:
    """One known error of ``kind`` in ``sentence``, or ``None`` when it does not apply.

    ``targets`` are the sentence's numbers eligible for change (offsets relative to
    ``sentence``); ``pool`` the numbers of the same source, for ``swap``.

    >>> s = "Revenue rose to $44.1 million."
    >>> inject("scale", s, number_tokens(s), [], random.Random(0))
    'Revenue rose to $44.1 billion.'
    >>> inject("direction", s, number_tokens(s), [], random.Random(0))
    'Revenue fell to $44.1 million.'
    """
    if kind == "direction":
        words = direction_words(sentence)
        if not words or not targets:
            return None
        m = rng.choice(words)
        new = _case_like(_DIRECTION[m.group(0).lower()], m.group(0))
        return _replace(sentence, m.start(), m.end(), new)
    if kind == "scale":
        cands = [t for t in targets if t.scale_word and t.scale_word.lower() in _SCALE_SWAP]
        if not cands:
            return None
        t = rng.choice(cands)
        word = t.scale_word or ""
        # the scale word sits at the end of the token text (maybe after a space)
        a = t.end - len(word)
        return _replace(sentence, a, t.end, _case_like(_SCALE_SWAP[word.lower()], word))
    if kind == "value":
        cands = [t for t in targets if t.value != 0]
        if not cands:
            return None
        t = rng.choice(cands)
        for _ in range(8):
            f = Decimal(str(round(rng.uniform(0.10, 0.30), 4)))
            new_val = abs(t.value) * (1 + f if rng.random() < 0.5 else 1 - f)
            new = format_like(new_val, t.digits)
            if Decimal(new.replace(",", "")) != abs(t.value):
                return _replace(sentence, t.num_start, t.num_end, new)
        return None
    if kind == "swap":
        cands = list(targets)
        rng.shuffle(cands)
        for t in cands:
            others = [
                p
                for p in pool
                if not is_year(p)
                and abs(abs(p.value) - abs(t.value)) > t.half_unit
                and format_like(abs(p.value), t.digits).replace(",", "")
                != format_like(abs(t.value), t.digits).replace(",", "")
                and p.value != 0
            ]
            if others:
                p = rng.choice(others)
                return _replace(sentence, t.num_start, t.num_end, p.digits)
        return None
    raise ValueError(f"unknown injection kind {kind!r}; expected one of {INJECTIONS}")


# --------------------------------------------------------------------------------------------
# Baseline and figured


def _source_number_set(sources: Sequence[str]) -> set[Decimal]:
    return {abs(t.value).normalize() for s in sources for t in number_tokens(s)}


def baseline_sentence_fails(sentence: str, sources: Sequence[str], cache: dict[int, Any]) -> bool:
    """Naive baseline: fails when some number of ``sentence`` is not written in the sources
    (same digits, ignoring sign, thousands commas and trailing zeros; no rounding, no scale).

    >>> baseline_sentence_fails("Sales were $44.1 million.", ["Other | 44.1"], {})
    False
    >>> baseline_sentence_fails("Sales fell 12.6.", ["Other | 44.1"], {})
    True
    """
    key = id(sources)
    if key not in cache:
        cache.clear()
        cache[key] = _source_number_set(sources)
    have: set[Decimal] = cache[key]
    return any(abs(t.value).normalize() not in have for t in number_tokens(sentence))


def figured_sentence_fails(
    sentence: str, tables: Sequence[list[list[str]]], trace: Callable[..., Any]
) -> bool | None:
    """Run ``figured.trace`` over the tables of an item; ``None`` when there is no table."""
    if not tables:
        return None
    if not number_tokens(sentence):
        return False
    # the first row is the header, as a user would pass a table with column names
    shaped = [{"columns": t[0], "rows": t[1:]} if len(t) > 1 else t for t in tables]
    if len(shaped) == 1:
        report = trace(sentence, shaped[0])
    else:
        report = trace(sentence, results=shaped)
    return not bool(report.ok)
