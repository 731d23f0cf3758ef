"""Rewrite an answer the way other models write it, keeping every figure's value.

Shared by ``benchmarks/styles.py`` (the same items, the answers restyled) and
``tests/test_styles_bench.py``. The transforms are deterministic and independent of the engine:
they find figures with the benchmark's own reader (:func:`corpora.common.number_tokens`), and
:func:`drift` checks with that same reader that a restyled sentence states the same figures
(value, scale, sign and percent) as the original, so a transform that changes a meaning is caught.

Styles (each a sentence-by-sentence rewrite plus, for some, a layout around the sentences):

* ``plain``: the answer as the corpus has it (the reference row of the benchmark);
* ``markdown``: figures in bold (``**$680 million**``), ``**Answer:**``, the sentences before the
  last as a bullet list, a ``### Final answer`` heading before the last one;
* ``latex``: figures in inline math (``$12.5\\%$``, ``\\(680\\)``), ``\\$`` for a dollar,
  ``\\text{ million}``, a written calculation as a ``$$ ... $$`` display block with
  ``\\frac{a}{b}`` and ``\\times``;
* ``unicode``: U+2212 minus signs, en dash ranges (``2017–2019``), a no-break space before a
  scale word or percent sign, ``≈`` for "approximately", ``×`` for a written multiplication;
* ``abbrev``: scale words shortened (``$680M``, ``$1.2bn``, ``$3.4m``, ``$361K``, ``680 mn``) or a
  currency code (``USD 680 million``);
* ``chatty``: a preamble and a closing line around the answer's sentences, which stay unchanged;
* ``convert``: amounts in the next larger unit, exactly ("$4,860 thousand" as "$4.86 million",
  "$12,400,000" as "$12.4 million"), as a model writes that normalises units; sentences that
  write a calculation keep theirs;
* ``oneline``: the answer as one paragraph: every line break between sentences a space
  ("Sales rose 5%. Answer: 5%"), as a model writes that puts its answer line in the text;
* ``rounded``: figures of four or more significant digits rounded to three, with "about" before
  them ("about $1,500 million" for "$1,496.5 million", "about 13.2%" for "13.19%"), as a model
  writes that rounds; sentences that write a calculation keep theirs. Its figures are checked
  to round the original's (:func:`drift` with ``rounding``).

>>> restyle("Sales were $680 million.\\nAnswer: $680 million", [(0, 25), (26, 45)], "abbrev").text
'Sales were $680M.\\nAnswer: $680m'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .common import NumberToken, is_year, number_tokens

__all__ = [
    "STYLES",
    "Styled",
    "canonical",
    "drift",
    "figures",
    "restyle",
    "restyle_sentence",
    "three_digits",
]

#: The styles :func:`restyle` writes; ``plain`` is the corpus's own text.
STYLES: tuple[str, ...] = (
    "plain",
    "markdown",
    "latex",
    "unicode",
    "abbrev",
    "chatty",
    "oneline",
    "convert",
    "rounded",
)

PREAMBLE = "Sure! Based on the table above, here is the calculation."
CLOSING = "I hope this helps! Let me know if you have any other questions."
HEADING = "### Final answer"

Span = tuple[int, int]


@dataclass(frozen=True)
class Styled:
    """A restyled answer and the span of each original sentence in it."""

    text: str
    spans: list[Span]


# A sentence that already writes mathematics (qwen3's answers do): its figures are left alone by
# the markup styles, which would otherwise nest math in math or bold inside a formula.
_MATH = re.compile(r"\$\$|\\\(|\\\[|\\frac|\\text|\\times")
# An answer line ("Answer: 12.5%") and a reference answer ("The answer is 12.5%.").
_ANSWER_LEAD = re.compile(r"^(?:answer\s*:|the answer is\b)", re.I)
_SCALE_WORDS = {"thousand": "k", "million": "m", "millions": "m", "billion": "bn", "billions": "bn"}


def _figures_of(sentence: str) -> list[NumberToken]:
    """The figures a style may rewrite: numbers that are not bare years."""
    return [t for t in number_tokens(sentence) if not is_year(t)]


_LETTER_BEFORE = re.compile(r"[A-Za-z][$€£¥]?\Z")
_MONTH_BEFORE = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\Z"
)


def _rewrite(sentence: str, fn: Callable[[NumberToken, int], str], first: int = 0) -> str:
    """``sentence`` with each figure's text replaced by ``fn(token, ordinal)``; ordinals count
    from ``first`` (the sentence's index), so the variants of a style rotate over an answer."""
    toks = _figures_of(sentence)
    out = sentence
    for k in range(len(toks) - 1, -1, -1):
        t = toks[k]
        if _LETTER_BEFORE.search(sentence, 0, t.start) or _MONTH_BEFORE.search(
            sentence, 0, t.start
        ):
            continue  # "S$1.75 billion", "US$5"; "January 25 2011": no figure of the answer's
        out = out[: t.start] + fn(t, first + k) + out[t.end :]
    return out


def _parts(t: NumberToken) -> tuple[str, str, str, str]:
    """(sign, currency, digits with any percent mark, scale word) of a figure as written."""
    sign = "-" if t.value < 0 and "(" not in t.text else ""
    cur = next((c for c in "$€£¥" if c in t.text), "")
    pct = t.text[t.text.index("%") :].split()[0] if "%" in t.text else ""
    if not pct and re.search(r"percent\b", t.text, re.I):
        pct = " percent"
    return sign, cur, t.digits + pct, t.scale_word or ""


def _plain_figure(t: NumberToken) -> bool:
    # accounting negatives "(1.2)" and figures with words we do not rebuild stay as written
    return "(" not in t.text and "percent" not in t.text.lower()


# --------------------------------------------------------------------------------------------
# markdown


def _md_sentence(sentence: str, final: bool) -> str:
    m = _ANSWER_LEAD.match(sentence)
    if final and m and m.group(0).lower().startswith("answer"):
        return "**Answer:**" + sentence[m.end() :]
    if _MATH.search(sentence) or "**" in sentence:
        return sentence  # already formatted: no bold inside math or inside bold
    return _rewrite(sentence, lambda t, _k: f"**{t.text}**")


# --------------------------------------------------------------------------------------------
# latex

# A written calculation: figures joined by operators, with a result ("a + b = c").
_NUM = r"[-−]?\s?\$?\d[\d,]*(?:\.\d+)?(?:\s?%|\s(?:thousand|millions?|billions?)\b)?"
_ATOM = rf"\(*\s*{_NUM}\s*\)*"
_OP = r"\s*(?:[-+*/×÷=]|\bx\b)\s*"
_CALC = re.compile(rf"{_ATOM}(?:{_OP}{_ATOM})+")
_FRAC_GROUP = re.compile(rf"\(([^()]+)\)\s*/\s*({_NUM})")
_FRAC = re.compile(rf"({_NUM})\s*/\s*({_NUM})")


def _tex_escape(expr: str) -> str:
    return expr.replace("$", r"\$").replace("%", r"\%").replace("−", "-")


def _calc_tex(expr: str) -> str:
    """A written calculation in LaTeX: ``\\frac`` for a division, ``\\times``, escaped marks."""
    tex = _tex_escape(expr.strip())
    tex = _FRAC_GROUP.sub(lambda m: rf"\frac{{{m.group(1).strip()}}}{{{m.group(2).strip()}}}", tex)
    lhs = re.sub(r"\([^()]*\)", "", tex.split("=")[0])
    if not re.search(r"\d\s*[-+−]\s*[\\$(]*\d", lhs):
        # "a + b / 2" is ambiguous as written (the writer may mean the mean); \frac{b}{2} would
        # settle it, so a division after a sum or difference stays written with "/"
        tex = _FRAC.sub(lambda m: rf"\frac{{{m.group(1).strip()}}}{{{m.group(2).strip()}}}", tex)
    tex = re.sub(r"\s*(?:\*|×|\bx\b)\s*", r" \\times ", tex)
    return re.sub(r"\s(thousand|millions?|billions?)\b", r"\\text{ \1}", tex)


def _tex_figure(t: NumberToken, k: int) -> str:
    if not _plain_figure(t):
        return t.text
    sign, cur, num, scale = _parts(t)
    body = sign + ("\\" + cur if cur == "$" else cur) + num.replace("%", r"\%")
    after = f" {scale}" if scale else ""
    variant = k % 3
    if variant == 0:  # money in text with an escaped dollar ("\$680 million"), else "$12.5\%$"
        return body + after if cur else f"${body}${after}"
    if variant == 1:
        return f"${body}" + (rf"\text{{ {scale}}}" if scale else "") + "$"
    return rf"\({body}\)" + after


def _latex_sentence(sentence: str, first: int) -> str:
    if _MATH.search(sentence):
        return sentence
    pieces: list[str] = []
    pos = 0
    for m in _CALC.finditer(sentence):
        if "=" not in m.group(0):
            continue  # "2017-2019", "2018/2019": a range or a fiscal year, not a calculation
        a, b = m.start(), m.end()
        while a < b and sentence[a].isspace():
            a += 1
        while b > a and sentence[b - 1].isspace():
            b -= 1
        while (
            a < b and sentence[a] in " (" and sentence.count("(", a, b) > sentence.count(")", a, b)
        ):
            a += 1  # an unbalanced opening bracket belongs to the prose
        pieces.append(_rewrite(sentence[pos:a], _tex_figure, first + len(pieces)).rstrip())
        pieces.append("\n$$\n" + _calc_tex(sentence[a:b]) + "\n$$")
        pos = b
    pieces.append(_rewrite(sentence[pos:], _tex_figure, first + len(pieces)))
    return "".join(pieces)


# --------------------------------------------------------------------------------------------
# unicode

_RANGE = re.compile(r"(?<=\d)-(?=\d)")
_APPROX = re.compile(r"\b(?:approximately|approx\.|about|around|roughly)\s+(?=[-$€£¥(]?\d)", re.I)
_TIMES = re.compile(r"(?<=\d)\s*(?:\*|\bx\b)\s*(?=[$(]?\d)")
_MINUS_OP = re.compile(r"(?<=[\d)])\s-\s(?=[$(]?\d)")


def _uni_figure(t: NumberToken, k: int) -> str:
    text = t.text
    if t.value < 0 and text.startswith("-"):
        text = "\u2212" + text[1:]
    if t.scale_word:
        text = re.sub(rf"\s?{re.escape(t.scale_word)}$", "\u00a0" + t.scale_word, text)
    elif "%" in text and k % 2 == 1:
        text = re.sub(r"\s?%", "\u00a0%", text)
    return text


def _unicode_sentence(sentence: str, first: int) -> str:
    out = _MINUS_OP.sub(" \u2212 ", sentence)
    out = _RANGE.sub("\u2013", out)
    out = _TIMES.sub(" × ", out)
    out = _APPROX.sub("≈ ", out)
    return _rewrite(out, _uni_figure, first)


# --------------------------------------------------------------------------------------------
# abbrev


_SHORT = (
    {"k": "K", "m": "M", "bn": "bn"},
    {"k": "k", "m": "m", "bn": "B"},
    None,  # a currency code: "USD 680 million"
    {"k": "K", "m": "mn", "bn": "bn"},
)


def _abbrev_figure(t: NumberToken, k: int) -> str:
    if not t.scale_word or t.scale_word.lower() not in _SCALE_WORDS or not _plain_figure(t):
        return t.text
    sign, cur, num, word = _parts(t)
    short = _SCALE_WORDS[word.lower()]
    if not cur:  # "680M", "680 million": a bare "m" could be metres, so never that
        return f"{sign}{num}{_SHORT[0][short]}" if k % 2 == 0 else t.text
    table = _SHORT[k % 4]
    if table is None:
        if cur == "$" and not sign:
            return f"USD {num} {word}"
        table = _SHORT[3]
    return f"{sign}{cur}{num}{table[short]}"


def _abbrev_sentence(sentence: str, first: int) -> str:
    return _rewrite(sentence, _abbrev_figure, first)


# --------------------------------------------------------------------------------------------
# the answer as a whole


# --------------------------------------------------------------------------------------------
# convert

_UP = {"thousand": "million", "million": "billion", "millions": "billion"}
_THOUSAND = Decimal(1000)
_MILLION = Decimal(1_000_000)


def _exact(value: Decimal) -> str:
    """``value`` with thousands separators and no trailing zeros ("4.86", "1,234.5", "4")."""
    text = f"{value:,f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _convert_figure(t: NumberToken, _k: int) -> str:
    if t.percent or not _plain_figure(t) or ("." in t.digits and t.scale_word is None):
        return t.text
    sign, cur, _num, word = _parts(t)
    size = abs(t.value)
    if word and word.lower() in _UP and size >= _THOUSAND:
        return f"{sign}{cur}{_exact(size / _THOUSAND)} {_UP[word.lower()]}"
    if not word and cur and size >= _MILLION:
        return f"{sign}{cur}{_exact(size / _MILLION)} million"
    return t.text


def _convert_sentence(sentence: str, first: int) -> str:
    if _CALC.search(sentence):
        return sentence  # a written calculation keeps the units it computes in
    return _rewrite(sentence, _convert_figure, first)


# --------------------------------------------------------------------------------------------
# rounded

_HEDGE_BEFORE = re.compile(r"(?i)\b(?:about|approximately|around|roughly|nearly|almost|~)\s*\Z")


def three_digits(value: Decimal) -> Decimal:
    """``abs(value)`` at three significant digits, half up: the ``rounded`` style's rounding.

    >>> three_digits(Decimal("-22.29")), three_digits(Decimal("12345")), three_digits(Decimal(0))
    (Decimal('22.3'), Decimal('1.23E+4'), Decimal('0'))
    """
    size = abs(value)
    if size == 0:
        return size
    return size.quantize(Decimal(1).scaleb(size.adjusted() - 2), rounding=ROUND_HALF_UP)


def _rounded_figure(t: NumberToken, _k: int, sentence: str) -> str:
    digits = t.digits.replace(",", "").lstrip("0.").replace(".", "")
    if len(digits) < 4 or not _plain_figure(t) or (t.value < 0 and "-" not in t.text):
        return t.text  # (an accounting negative "($60.15)": its brackets stay on the figure)
    if sentence[max(0, t.start - 1) : t.start] == "(":
        return t.text  # ("(" then "about": a bracketed figure would lose its reading)
    size = abs(t.value)
    exp = size.adjusted() - 2  # three significant digits
    rounded = three_digits(size)
    if rounded == size:
        return t.text  # ("1,000 million", "6,290": nothing to round)
    num = f"{rounded:,.{-exp}f}" if exp < 0 else f"{int(rounded):,}"
    sign, cur, written, word = _parts(t)
    pct = written[len(t.digits) :]
    hedge = "" if _HEDGE_BEFORE.search(sentence, 0, t.start) else "about "
    return f"{hedge}{sign}{cur}{num}{pct}" + (f" {word}" if word else "")


def _rounded_sentence(sentence: str, first: int) -> str:
    if _CALC.search(sentence):
        return sentence  # a written calculation keeps the digits it computes with
    return _rewrite(sentence, lambda t, k: _rounded_figure(t, k, sentence), first)


def restyle_sentence(sentence: str, style: str, final: bool = False, index: int = 0) -> str:
    """One sentence in ``style`` (the layout around sentences is :func:`restyle`'s); ``final``
    marks the answer's last sentence, ``index`` its place (the variants of a style rotate).

    >>> restyle_sentence("The change is -$12.6 million.", "unicode")
    'The change is \u2212$12.6\\xa0million.'
    >>> restyle_sentence("The ratio is 299,397 / 2,845,866 = 0.1051.", "latex")
    'The ratio is\\n$$\\n\\\\frac{299,397}{2,845,866} = 0.1051\\n$$.'
    """
    if style in ("plain", "chatty", "oneline"):
        return sentence
    if style == "markdown":
        return _md_sentence(sentence, final)
    if style == "latex":
        return _latex_sentence(sentence, index)
    if style == "unicode":
        return _unicode_sentence(sentence, index)
    if style == "abbrev":
        return _abbrev_sentence(sentence, index)
    if style == "convert":
        return _convert_sentence(sentence, index)
    if style == "rounded":
        return _rounded_sentence(sentence, index)
    raise ValueError(f"unknown style {style!r}; expected one of {STYLES}")


_LISTED = re.compile(r"\s*(?:[-*•]\s|\d{1,2}[.)]\s)")


def _gap(style: str, gap: str, i: int, n: int, sentence: str) -> str:
    """The text before sentence ``i`` of ``n`` (``gap`` is the original text there)."""
    lead = gap.rstrip()
    if style == "chatty" and i == 0:
        return lead + (" " if lead else "") + PREAMBLE + "\n\n"
    if style == "oneline":
        return " " if i and "\n" in gap and not gap.strip() else gap
    if style != "markdown":
        return gap
    final = i == n - 1 and (n > 1 or _ANSWER_LEAD.match(sentence) is not None)
    if final:
        return lead + ("\n\n" if lead or i else "") + HEADING + "\n\n"
    bullet = "" if _LISTED.match(sentence) else "- "  # already an item of a list
    if i == 0:
        return lead + ("\n\n" if lead else "") + bullet
    return lead + "\n" + bullet


_GLUED_HEAD = re.compile(r"[\w.,]*")
_GLUED_TAIL = re.compile(r"[\w.,]*\Z")


def _cut_inside(answer: str, at: int) -> bool:
    """Whether ``at`` falls inside a word or number of ``answer`` (a corpus's split there)."""
    return 0 < at < len(answer) and answer[at - 1].isalnum() and answer[at].isalnum()


def restyle(answer: str, spans: Sequence[Span], style: str) -> Styled:
    """``answer`` in ``style``: each sentence span rewritten, the text between kept (markdown
    and chatty add their layout there); returns the new text and each sentence's new span.

    >>> s = restyle("Sales rose 5%.\\nAnswer: 5%", [(0, 14), (15, 25)], "markdown")
    >>> print(s.text)
    - Sales rose **5%**.
    <BLANKLINE>
    ### Final answer
    <BLANKLINE>
    **Answer:** 5%
    >>> [s.text[a:b] for a, b in s.spans]
    ['Sales rose **5%**.', '**Answer:** 5%']
    """
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {STYLES}")
    out: list[str] = []
    new_spans: list[Span] = []
    pos = 0
    length = 0
    n = len(spans)
    for i, (a, b) in enumerate(spans):
        sentence = answer[a:b]
        final = i == n - 1 and (n > 1 or _ANSWER_LEAD.match(sentence) is not None)
        # a corpus's split inside a word or number ("in 200" | "8 and ..."): no layout between
        # the two spans, and the pieces of the number stay as written
        inside_a, inside_b = _cut_inside(answer, a), _cut_inside(answer, b)
        gap = "" if inside_a and a == pos else _gap(style, answer[pos:a], i, n, sentence)
        head = _GLUED_HEAD.match(sentence).end() if inside_a else 0  # type: ignore[union-attr]
        cut = _GLUED_TAIL.search(sentence).start() if inside_b else len(sentence)  # type: ignore[union-attr]
        cut = max(cut, head)
        middle = restyle_sentence(sentence[head:cut], style, final, i)
        new = sentence[:head] + middle + sentence[cut:]
        out += [gap, new]
        length += len(gap)
        new_spans.append((length, length + len(new)))
        length += len(new)
        pos = b
    tail = answer[pos:]
    if style == "chatty" and n:
        tail = tail.rstrip() + "\n\n" + CLOSING
    out.append(tail)
    return Styled("".join(out), new_spans)


# --------------------------------------------------------------------------------------------
# Checking a transform: the figures a sentence states, read through any style's markup

_CANON: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\\frac\{([^{}]*)\}\{([^{}]*)\}"), r"\1 / \2"),
    (re.compile(r"\\text\{\s*([^{}]*)\}"), r" \1"),
    (re.compile(r"\\times|×|÷"), " * "),
    (re.compile(r"\\left|\\right|\\approx|\\[()\[\]]|\$|\*\*|#+ "), ""),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"\\"), ""),
    (re.compile(r"[\u2212\u2013]"), "-"),
    (re.compile(r"[\u00a0\u202f]"), " "),
    (re.compile(r"≈"), "approximately"),
    (re.compile(r"\bUSD\s"), ""),
)


def canonical(text: str) -> str:
    """``text`` with every style's markup removed (what :func:`figures` reads).

    >>> canonical(r"$\\$680\\text{ million}$ and **12.5%** (\u221212.6\u00a0m)")
    '680 million and 12.5% (-12.6 m)'
    """
    for pattern, repl in _CANON:
        text = pattern.sub(repl, text)
    return re.sub(r"[ \t]{2,}", " ", text)


def figures(text: str) -> Counter[tuple[Decimal, bool]]:
    """The figures ``text`` states, through any style's markup: (signed scaled value, percent).

    >>> sorted(figures("**$1.2bn**, $$\\\\frac{3}{4}$$"))
    [(Decimal('3'), False), (Decimal('4'), False), (Decimal('1.2E+9'), False)]
    """
    return Counter(
        (t.scaled.normalize(), t.percent) for t in number_tokens(canonical(text)) if not is_year(t)
    )


def drift(original: str, styled: str, rounding: bool = False) -> list[str]:
    """What ``styled`` states differently from ``original`` (empty when every figure is kept;
    with ``rounding``, when each styled figure rounds an original one at its written digits).

    >>> drift("Sales were $680 million.", "Sales were $680M.")
    []
    >>> drift("Sales were $680 million.", "Sales were $680bn.")
    ['lost 680000000', 'gained 680000000000']
    >>> drift("Sales were $1,496.5 million.", "Sales were about $1,500 million.", rounding=True)
    []
    """
    if rounding:
        styled = _unround(original, styled)
    before, after = figures(original), figures(styled)
    lost = [f"lost {v:f}{'%' if p else ''}" for v, p in sorted(before - after)]
    return lost + [f"gained {v:f}{'%' if p else ''}" for v, p in sorted(after - before)]


def _unround(original: str, styled: str) -> str:
    """``styled`` with each figure that rounds a figure of ``original`` (the same percent mark;
    within half a unit of its own last digit) written as that original figure: figures equal
    to an original one first, then each to its nearest."""
    pool = [t for t in number_tokens(canonical(original)) if not is_year(t)]
    text = canonical(styled)
    toks = [t for t in number_tokens(text) if not is_year(t)]
    chosen: dict[int, NumberToken] = {}
    for exact in (True, False):
        for k, t in enumerate(toks):
            if k in chosen:
                continue
            bare = t.digits.replace(",", "")
            zeros = len(bare) - len(bare.rstrip("0")) if t.decimals == 0 else 0
            tol = t.half_unit * t.scale * Decimal(10) ** zeros  # "1,500": to the hundred
            near = [
                o for o in pool
                if o.percent == t.percent and abs(o.scaled - t.scaled) <= (0 if exact else tol)
            ]  # fmt: skip
            if near:
                best = min(near, key=lambda o: abs(o.scaled - t.scaled))
                pool.remove(best)
                chosen[k] = best
    out = text
    for k in sorted(chosen, reverse=True):
        t = toks[k]
        out = out[: t.start] + chosen[k].text + out[t.end :]
    return out
