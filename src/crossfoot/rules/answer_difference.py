"""A difference asked in a stated order ("How much more was A than B?"), answered as B less A
when A is the larger.

"How much higher was revenue in 2025 than in 2024?", "By how much did A exceed B?": the question
fixes the order, A less B. Over a line at 4,317 (A) and 3,851 (B), "The difference is -$466"
(3,851 - 4,317) is B less A: the answer took the other order. When A is the smaller, "-466" (A
less B) answers it: not judged.

For :func:`crossfoot.rules.answer_sign.final_misfits` (a question of no operation), a passing
final figure is ``off_question`` when it is an amount computed from figures the answer shows (its
own calculation or its stated values: a figure the search derives alone is not judged) over
exactly two positive source values, A the one whose year (when the two are of different years the
question writes) or else whose own name's word the question writes first, A is the larger, the
figure's size is A less B, it is written negative, and no sentence of the figure (or of the
figures restating it) writes a direction ("a decrease of -466" says which way it reads).

"The difference between A and B" sets no order: its golds take either order (flag23's reading
of B less A was measured and not kept, docs/claims.md, flag24); a negative figure for it, either
order, is a signed change where a size was asked (``rules.answer_gap_sign``, flags38).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from crossfoot.language.asked import Ask
from crossfoot.language.direction import direction_words
from crossfoot.model.types import Claim, Evidence, SourceValue
from crossfoot.rules._named import value_years
from crossfoot.rules._shown import SHOWN

__all__ = ["more_than_misfits", "ordered_gap"]

_AMOUNTS = frozenset({"money", "number"})
_KINDS = frozenset({"difference", "written_calculation", "change"})
# Words of a line's name that may place it in the question (not years, not short words).
_WORD = re.compile(r"[a-z][a-z\-]{3,}")
_TOLERANCE = Decimal("0.0005")


def _first(text: str, v: SourceValue, other: SourceValue) -> int | None:
    """Where the question first names ``v`` apart from ``other``: its year, when the two are of
    different years the question writes, else the first word of its own name that the other's
    name lacks; None when it names neither."""
    ya, yb = value_years(v), value_years(other)
    if len(ya) == 1 and len(yb) == 1 and ya != yb:
        at, theirs = text.find(str(next(iter(ya)))), str(next(iter(yb)))
        return at if at >= 0 and theirs in text else None
    low = text.lower()
    mine = _WORD.findall((v.row or v.field or v.label or "").lower())
    theirs_words = set(_WORD.findall((other.row or other.field or other.label or "").lower()))
    found = [
        m.start()
        for w in mine
        if w not in theirs_words
        for m in [re.search(rf"\b{re.escape(w)}", low)]
        if m is not None
    ]
    return min(found) if found else None


def ordered_gap(question: str, ops: Sequence[SourceValue]) -> Decimal | None:
    """A less B of "how much more was A than B" over the two values ``ops``, in the
    question's order, when it is positive; None when it is not, or the order is not read.

    >>> from crossfoot.model.types import SourceValue
    >>> def cell(x, year):
    ...     return SourceValue(Decimal(x), "S1", table=0, row="Net assets", year=year,
    ...                        column=str(year), label=f"Net assets / {year}")
    >>> q = "What is the difference in net assets between 2018 and 2019?"
    >>> ordered_gap(q, (cell(3851, 2019), cell(4317, 2018)))
    Decimal('466')
    >>> ordered_gap(q, (cell(4317, 2019), cell(3851, 2018))) is None
    True
    """
    if len(ops) != 2 or ops[0].value <= 0 or ops[1].value <= 0:
        return None
    a, b = _first(question, ops[0], ops[1]), _first(question, ops[1], ops[0])
    if a is None or b is None or a == b:
        return None
    first, second = (ops[0], ops[1]) if a < b else (ops[1], ops[0])
    gap = first.value - second.value
    return gap if gap > 0 else None


def _figure_sentences(c: Claim, claims: Sequence[Claim]) -> list[str]:
    """The sentences of the figure and of the answer's figures of its size (what it restates)."""
    seen: dict[int, str] = {}
    for o in claims:
        if o is c or abs(o.mention.value) == abs(c.mention.value):
            seen.setdefault(o.sentence.start, o.sentence.text)
    return list(seen.values())


def _says_way(c: Claim, claims: Sequence[Claim], labels: str) -> bool:
    """Whether a sentence of the figure writes a direction (a word not of the line's name)."""
    names = labels.lower()
    return any(
        w.group(0).lower() not in names
        for text in _figure_sentences(c, claims)
        for w in direction_words(text, 0, len(text))
    )


def _is_gap(c: Claim, question: str, evs: Sequence[Evidence | None]) -> bool:
    """Whether an evidence of ``c`` shows it computed over two values whose ordered gap is its
    size (the figure's scaled value, or its digits as written: "-466" in thousands)."""
    m = c.mention
    for ev in evs:
        if ev is None or ev.rule not in SHOWN or ev.kind not in _KINDS:
            continue
        gap = ordered_gap(question, ev.operands)
        if gap is None:
            continue
        tol = gap * _TOLERANCE
        if abs(abs(m.value) - gap) <= tol or abs(m.written - gap) <= tol:
            return True
    return False


# "How much more was A than B?", "How much higher was revenue in 2025 than in 2024?", "By how
# much did A exceed B?": the question fixes the order, A less B (a percentage or a multiple
# asked is another figure).
_MORE_THAN = re.compile(
    r"(?i)\bhow\s+much\s+(?:(?:more|higher|greater|larger|bigger)\b(?!.*\b(?:percent|times)\b)"
    r".*\bthan\b|did\b.*\bexceed)"
)


def more_than_misfits(
    ask: Ask,
    claims: Sequence[Claim],
    shown: Sequence[tuple[Claim, Sequence[Evidence | None]]],
) -> dict[int, str]:
    """The passing final figures that answer "how much more was A than B" with B less A when A
    is the larger, by ``id`` (A is the side the question names first; a figure whose sentences
    write a direction is not judged).

    >>> more_than_misfits(Ask("How much more was A than B?"), [], [])
    {}
    """
    text = ask.text
    if not shown or "%" in text or ("than" not in text and "exceed" not in text):
        return {}
    if not _MORE_THAN.search(text):
        return {}
    out: dict[int, str] = {}
    for c, evs in shown:
        m = c.mention
        if m.value >= 0 or m.high is not None or m.kind not in _AMOUNTS:
            continue
        labels = " ".join(
            x for ev in evs if ev is not None for v in ev.operands for x in (v.label, v.row) if x
        )
        if not _says_way(c, claims, labels) and _is_gap(c, text, evs):
            out[id(c)] = (
                "the question asks how much more the first value is than the second, the "
                "larger; this figure is written negative (the second less the first)"
            )
    return out
