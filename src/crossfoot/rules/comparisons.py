"""Comparisons between two named rows must agree with their values.

"Asia outsold Europe ($2.1M vs $2.9M)": both figures are right, the sentence is wrong. When a
sentence names two rows (or two records' fields) with a comparison word between them ("outsold",
"higher than", "led", "trailed", "exceeded", "below" ...) and states a figure of the same quantity
for each, the figure of the row named first must be the larger after a word of "more" and the
smaller after a word of "less". If not, that figure is ``contradicted`` and the message says why.
A derived gap between the two rows ("Widget B outsold Widget A by 380 units", a difference or a
percent change of their cells) is held to the same order.
A negated comparison ("did not outsell") and a comparison with a figure ("more than $5M", a bound)
are left alone.

Two growth rates compared by a word of pace ("Operating income grew 56%, lagging revenue growth
of 25%") are held to their order too: when a sentence holds exactly two figures, each a derived
percent change of a different row, the figure written first is its subject's, the larger after a
word of "faster" ("outpacing", "faster than") and the smaller after one of "slower" ("lagging",
"slower than"); two equal rates are neither. The pace word stands between the two figures or
before both. Declines are left alone ("fell faster" speaks of the size of a fall).

A comparison of two bare figures that names nothing ("Since 4 is greater than 1, the answer is
yes"), after the answer stated two figures or more, restates figures the answer stated: one that
equals none of them (with or without its scale word: "$538 million", then "$538") compares
something else, although a source may hold it (a "5" of another row), and is ``unsupported``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.prose_clause_subject import clause_subject, clause_text
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.model.types import Claim, Source, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated

__all__ = ["COMPARE", "FIGURE_NEXT", "MORE_VERBS", "NEGATED", "check_comparisons"]

#: Verbs that put their subject above their object ("North outsold South"), as an alternation.
MORE_VERBS = (
    r"outsold|outsells?|outperformed|outpaced|exceeded|exceeds|surpassed|topped|beat|led|leads"
)
# (a comparative may hold up to two words before "than": "sold 380 more units than")
_MORE = (
    rf"{MORE_VERBS}|"
    r"(?:higher|more|greater|larger|bigger)\s+(?:[a-z]+\s+){0,2}?than|above|ahead\s+of"
)
_LESS = (
    r"trailed|trails|lagged|lags|underperformed|"
    r"(?:lower|less|fewer|smaller)\s+(?:[a-z]+\s+){0,2}?than|below|behind"
)
#: A word comparing the thing named before it with the one named after it.
COMPARE = re.compile(rf"(?i)\b(?:(?P<more>{_MORE})|(?P<less>{_LESS}))\b")
#: A negation just before a comparative ("did not outsell"): no claim of order.
NEGATED = re.compile(r"(?i)\b(?:not|n't|never|no)\s+(?:\w+\s+){0,2}$")
#: A figure right after a comparative ("more than $5M"): a bound, not an order of two things.
FIGURE_NEXT = re.compile(r"\s*(?:about|around|roughly|nearly|approximately)?\s*[$€£¥₹\d(+-]")


SourceOf = Callable[[str], "Source | None"]


def _no_source(_id: str) -> Source | None:
    return None


def _entity(v: SourceValue, source_of: SourceOf) -> frozenset[str]:
    """The words that name whose a value is: its row label, its field's first word, or the
    words of its clause before it for a figure of running text."""
    if v.row:
        return required_tokens(v.row)
    if v.field:
        words = tokens(v.field.replace("_", " "))
        return frozenset(words[:1])
    if v.table is None and v.span is not None and (source := source_of(v.source_id)) is not None:
        return clause_subject(source.text, v.span)
    return frozenset()


def _quantity(v: SourceValue) -> tuple[object, ...]:
    if v.table is not None:
        return ("column", v.source_id, v.table, v.col_index, v.view)
    if v.field:
        return ("field", v.source_id, tuple(tokens(v.field.replace("_", " "))[1:]))
    if v.span is not None:  # two figures of one passage, of one kind: their subjects tell them
        return ("prose", v.source_id, v.kind, v.view)
    return ("other", id(v))


def _first(words: list[str], wanted: frozenset[str], lo: int, hi: int) -> int | None:
    for i in range(lo, hi):
        if words[i] in wanted:
            return i
    return None


# "Since 4 is greater than 1, the answer is yes": two bare figures compared in a clause that
# names nothing, as a chain of reasoning does after stating them.
_BARE = WordGated(
    re.compile(
        r"(?i)\b(?:since|as|because|given\s+that)\s+(?P<a>[$€£¥₹]?\s?\d[\d.,]*%?"
        r"(?:\s+(?:million|billion|thousand))?)\s+(?:is|was|are|were)\s+(?:greater|less|more|higher|"
        r"lower|larger|smaller|bigger)\s+than\s+(?P<b>[$€£¥₹]?\s?\d[\d.,]*%?)"
    ),
    ("than",),
)


def _same(p: Claim, c: Claim) -> bool:
    """The same figure, with or without its scale word ("$538 million", then "$538")."""
    a, b = p.mention, c.mention
    return a.value == b.value or abs(a.written) == abs(b.written)


def _bare_comparisons(text: str, out: list[Claim]) -> None:
    """A figure of a bare comparison ("Since 4 is greater than 1") restates one the answer stated
    before it: when none of those is its value, it compares something else, though a source
    holds it (a "5" of another row). Only after two or more earlier figures (the reasoning
    stated what it compares)."""
    for m in _BARE.finditer(text):
        earlier = [c for c in out if c.passed and c.mention.end <= m.start()]
        if len(earlier) < 2:
            continue
        for i, c in enumerate(out):
            inside = any(m.start(g) <= c.mention.start < m.end(g) for g in ("a", "b"))
            if not inside or not c.passed or any(_same(p, c) for p in earlier):
                continue
            out[i] = replace(
                c,
                status="unsupported",
                message="a bare comparison restates the answer's figures; none before is this one",
            )


def check_comparisons(
    text: str, claims: Sequence[Claim], source_of: SourceOf = _no_source
) -> list[Claim]:
    """The claims with figures whose sentence's comparison their values contradict made
    ``contradicted`` (see the module docstring); ``source_of``: a source by id, where figures
    of running text are named by the words of their clause."""
    out = list(claims)
    _bare_comparisons(text, out)
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(claims):
        ev = c.evidence
        if c.passed and ev is not None and ev.rule == "direct" and len(ev.operands) == 1:
            by_sentence.setdefault(c.sentence.index, []).append(i)
    for idx in by_sentence.values():
        if len(idx) != 2:
            continue
        i, j = idx
        a, b = claims[i], claims[j]
        va, vb = a.evidence.operands[0], b.evidence.operands[0]  # type: ignore[union-attr]
        if _quantity(va) != _quantity(vb) or va.value == vb.value:
            continue
        verdict = _judge(text, a, va, vb, source_of)
        if verdict is not None:
            out[i] = replace(a, status="contradicted", message=verdict)
    for i, c in enumerate(claims):  # "B outsold A by 380 units": the gap's two rows, in order
        ev = c.evidence
        if out[i] is not c or not c.passed or ev is None or ev.kind not in _GAPS:
            continue
        if len(ev.operands) != 2 or ev.rule == "direct":
            continue
        va, vb = ev.operands
        if _quantity(va) != _quantity(vb) or va.value == vb.value:
            continue
        verdict = _judge(text, c, va, vb, source_of)
        if verdict is not None:
            out[i] = replace(c, status="contradicted", message=verdict)
    return _growth_comparisons(text, out)


# A derived gap between two named rows: the comparison's order must be its operands' order
# (a gap of two rates in points too: "North's churn was 1 pp lower than South's", gaps37).
_GAPS = frozenset({"difference", "percent_change", "pp_change", "bps_change"})


def _judge(
    text: str, a: Claim, va: SourceValue, vb: SourceValue, source_of: SourceOf
) -> str | None:
    s = a.sentence
    sentence = text[s.start : s.end]
    found = COMPARE.search(sentence)
    if found is None or NEGATED.search(sentence, 0, found.start()):
        return None
    if FIGURE_NEXT.match(sentence, found.end()):
        return None  # "more than $5M": a bound, judged with the figure
    ea, eb = _entity(va, source_of), _entity(vb, source_of)
    ea, eb = ea - eb, eb - ea  # the words that tell them apart ("Widget Alpha", "Widget Beta")
    if not ea or not eb:
        return None
    before = tokens(sentence[: found.start()])
    after = tokens(sentence[found.end() :])
    if ea & set(before) and eb & set(after) and not (eb & set(before)):
        first, second = va, vb
    elif eb & set(before) and ea & set(after) and not (ea & set(before)):
        first, second = vb, va
    else:
        return None
    more = found.group("more") is not None
    if (first.value > second.value) == more:
        return None
    word = found.group(0)
    side = "below" if more else "above"
    return (
        f"the sentence says {_name(first, source_of)} {word} {_name(second, source_of)}, but "
        f"{format_decimal(first.value)} is {side} {format_decimal(second.value)}"
    )


def _name(v: SourceValue, source_of: SourceOf) -> str:
    if v.row or v.field:
        return v.row or v.field or ""
    source = source_of(v.source_id)
    if v.span is not None and source is not None:
        return f'"{clause_text(source.text, v.span)}" [{v.source_id}]'
    return f"[{v.source_id}] {v.label or format_decimal(v.value)}"


_PACE = re.compile(
    r"(?i)\b(?:(?P<faster>outpac\w*|outstrip\w*|outgr[eo]w\w*|faster\s+than|quicker\s+than)"
    r"|(?P<slower>lag(?:s|ged|ging)?|trail(?:s|ed|ing)?|slower\s+than))\b"
)


def _rate(c: Claim) -> Decimal | None:
    """The signed percent change a claim was derived as, or None."""
    ev = c.evidence
    if not c.passed or ev is None or ev.kind != "percent_change" or ev.result is None:
        return None
    return ev.result


def _growth_comparisons(text: str, claims: list[Claim]) -> list[Claim]:
    """The claims, with the first of two compared growth rates ``contradicted`` when the pace
    word says the other order (module docstring)."""
    by_sentence: dict[int, list[int]] = {}
    for i, c in enumerate(claims):
        by_sentence.setdefault(c.sentence.index, []).append(i)
    out = claims
    for idx in by_sentence.values():
        if len(idx) != 2:
            continue
        i, j = idx
        a, b = claims[i], claims[j]
        ra, rb = _rate(a), _rate(b)
        if ra is None or rb is None:
            continue
        rows_a, rows_b = _rows(a), _rows(b)
        if ra <= 0 or rb <= 0 or not rows_a or not rows_b or rows_a & rows_b:
            continue
        s = a.sentence
        pace = _PACE.search(text, s.start, b.mention.start)
        if pace is None or NEGATED.search(text[s.start : pace.start()]):
            continue
        faster = pace.group("faster") is not None
        if (ra > rb) == faster and ra != rb:
            continue
        word = pace.group(0)
        said = "larger" if faster else "smaller"
        message = (
            f'"{word}" makes {a.text.strip()} the {said} rate, but it is '
            f"{format_decimal(round(ra, 2))}% against {format_decimal(round(rb, 2))}%"
        )
        if out is claims:
            out = list(claims)
        out[i] = replace(a, status="contradicted", message=message)
    return out


def _rows(c: Claim) -> frozenset[tuple[str, int | None, int | None]]:
    ev = c.evidence
    if ev is None:
        return frozenset()
    return frozenset(
        (v.source_id, v.table, v.row_index) for v in ev.operands if v.row_index is not None
    )
