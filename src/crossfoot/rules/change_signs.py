"""A figure the answer calls a change must have the sign of the change its own figures show.

"The write-down was $53,863 in 2018 and $13,564 in 2019. The net change is $40,299." Each figure
is right and $40,299 is the size of the change, but a change written positive, with no word of a
decrease, says the series went *up*: from the answer's own figures it went down by $40,299.
"-$71 million in 2017 and -$114 million in 2018. The change is $43 million." is the same error
(-114 - -71 = -43). Both pass every per-figure check (a change is found by its size when no word
states a direction), so the answer is read as a whole, after the rules:

- the figure is positive as written ("-$40,299", "$(40,299)" state a sign), has no direction or
  loss word of its own ("decreased by", "a decline of", "fell"), and its sentence names it a
  change ("the change is", "the net change in X was", "changed by") and not a difference or gap
  (order-free in common speech: "the difference between A and B is 5");
- two earlier figures of the answer state one series (one table row or record field stem) in two
  years, each grounded in a cell of one year, and later minus earlier, *as the answer writes
  them*, has the claim's size at its stated precision (a cost the table shows as -268 and the
  answer as "$268" is read both ways: a change that rises in either the answer's signs or the
  table's is left alone);
- every such pair goes down. A pair that goes up (or a zero change) leaves the claim alone, and
  so does a question that asks for a decrease ("How much did X fall?" is answered by a size), and
  so does a sentence of the pair's figures that states the fall ("$4.2 million, down from $5.1
  million. The change is $0.9 million.": the size follows the stated direction);
- a figure without a scale word after two figures that share one is read in their scale ("$5.1
  million ... $4.2 million. Answer: 0.9" is a change of 0.9 million).

The final figure after an answer marker ("Answer: $43 million") is named a change by a question
asking for one ("What was the change in X from 2017 to 2018?"; not a difference, a total or a
decrease). A percentage claim ("1.5%", "1.5 percentage points") is read the same way over two
percentages (a change in points) or, when its sentence or the question says "percent(age)
change", over two positive amounts (a relative change). The figure is then ``contradicted``, and
so is a final figure after the answer marker that restates it. (Run after the question's
alignment, which may ground a final figure.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from crossfoot.language.changewords import CHANGE, FALLS, words
from crossfoot.language.direction import sign_words, stated_direction
from crossfoot.language.years import field_stem
from crossfoot.model.types import Claim, Mention, Sentence, SourceValue, format_decimal
from crossfoot.model.wordgate import WordGated
from crossfoot.rules._named import value_years
from crossfoot.rules.alignment import marker_end

__all__ = ["change_signs"]

# "the change is", "the net change in revenue was", "changed by": the word naming the figure.
_CHANGE = WordGated(words(CHANGE, "changing"), ("chang",))
# A sentence that calls the figure something order-free or something else as well.
_OTHER = re.compile(
    r"(?i)\b(?:difference|differ(?:s|ed)?|gap|spread|absolute|magnitude|total|sum|combined|"
    r"average|mean|ratio|share|proportion|times)\b"
)
_PERCENT_CHANGE = re.compile(r"(?i)\b(?:percent(?:age)?|relative)\s+change\b|%\s*change\b")
# Words of a fall, read in the question and in the change's sentence.
_DOWN = FALLS
# A question asking for a decrease is answered by its size ("How much did costs fall?").
_ASKS_DOWN = WordGated(
    re.compile(rf"(?i)\b(?:{_DOWN}|fall|fallen|loss\w*|lose|lost)\b"),
    tuple(
        "decreas declin drop fell reduc lower shr less fewer contract fall loss lose lost".split()
    ),
)
# A fall (or a reading of the sign) stated anywhere in the change's sentence, of this figure or
# of one beside it: the answer did not write a fall as a rise.
_SAYS_DOWN = re.compile(
    rf"(?i)\b(?:{_DOWN}|fall\w*|(?<!-)down\w*|sav(?:ed|ing|ings)|cut|favou?r\w*|improv\w*)\b"
)
_AMOUNTS = frozenset({"money", "number"})
# A change of percentages: "1.5%" or "1.5 percentage points" ("pp"), over two percentages.
_POINTS = frozenset({"percent", "pp"})
_GAP = 120  # characters between "change" and its figure, at most
_WINDOW = 24  # earlier figures read for the two a change is of


def change_signs(text: str, claims: Sequence[Claim], question: str | None = None) -> list[Claim]:
    """``claims`` with each change figure whose sign the answer's own figures contradict
    ``contradicted`` (see the module docstring).

    >>> from crossfoot import check
    >>> t = '[["", "2019", "2018"], ["Write-down", "13,564", "53,863"]]'
    >>> a = "The write-down was $53,863 in 2018 and $13,564 in 2019. The net change is $40,299."
    >>> check(a, [t]).claims[-1].status
    'contradicted'
    >>> check(a.replace("net change is", "net change is a decrease of"), [t]).passed
    True
    """
    out = list(claims)
    if question and _ASKS_DOWN.search(question):
        return out
    # "What was the change in X from 2017 to 2018?": the final figure is named a change by it
    asked = bool(question and _CHANGE.search(question) and not _OTHER.search(question))
    final_at = marker_end(text) if asked else None
    if final_at is None and not _CHANGE.search(text):
        return out
    relative_asked = bool(question and _PERCENT_CHANGE.search(question))
    flagged: list[tuple[Decimal, str]] = []
    other: dict[tuple[int, int], bool] = {}  # sentences naming another operation, read once
    for i, c in enumerate(claims):
        # the figures a change is of are stated just before it: a bounded window
        final = final_at is not None and c.mention.start >= final_at
        why = _wrong_sign(
            text, c, claims[max(0, i - _WINDOW) : i], other, (final, final and relative_asked)
        )
        if why is not None:
            out[i] = replace(c, status="contradicted", message=why)
            flagged.append((c.mention.value, why))
    if flagged:
        _flag_final(text, out, flagged)
    return out


def _wrong_sign(
    text: str,
    c: Claim,
    before: Sequence[Claim],
    other: dict[tuple[int, int], bool],
    final: tuple[bool, bool] = (False, False),
) -> str | None:
    """Why the change figure ``c`` has the wrong sign, in words, or None."""
    m = c.mention
    if not c.passed or m.negative or m.value <= 0 or m.high is not None:
        return None
    if m.kind not in _AMOUNTS and m.kind not in _POINTS:
        return None
    s = c.sentence
    if not final[0] and not _named_change(text, s.start, m.start):
        return None
    key = (s.start, s.end)
    if key not in other:
        other[key] = _OTHER.search(text, s.start, s.end) is not None
    if other[key]:
        return None
    if stated_direction(text, s.start, s.end, m.start, m.end) is not None:
        return None
    if sign_words(text, s.start, s.end, m.start, m.end):
        return None
    if _SAYS_DOWN.search(text, s.start, s.end):
        return None  # "30 people, down 25%", "a $200 saving": the sentence states the fall
    relative = m.kind == "percent" and (
        final[1] or _PERCENT_CHANGE.search(text, s.start, s.end) is not None
    )
    down: str | None = None
    for (ya, a), (yb, b) in _pairs(before, m, relative):
        d = _change(a.mention, b.mention, relative)
        if d is None:
            continue
        scale = 1 if relative else _shared_scale(m, a.mention, b.mention)
        size = m.value * scale
        slack = m.precision * scale + (0 if relative else a.mention.precision + b.mention.precision)
        if abs(abs(d) - size) > slack:
            continue
        if d >= 0 or _cells_rise(a, b, size, relative, slack):
            # One reading goes up: the sign fits it. A cost the table shows as -3,343 and
            # -2,085 and the answer as "$3,343" and "$2,085" rose by 1,258 in the table's signs.
            return None
        if _says_down(text, a, b, s):
            # "X was $4.2 million, down from $5.1 million. The change is $0.9 million.": the
            # answer stated the fall with the figures; the change after it is its size.
            return None
        if down is None:
            shown = format_decimal(d.quantize(Decimal("0.01")).normalize()) if relative else None
            down = (
                f"written as a positive change, but the answer's own figures go down: "
                f"{b.mention.text.strip()} in {yb} against {a.mention.text.strip()} in {ya} is "
                + (f"a change of {shown}%" if relative else _amount(d, m))
                + " (a decrease needs a minus sign or a word such as 'decreased')"
            )
    return down


def _amount(d: Decimal, m: Mention) -> str:
    """``d`` in the claim's unit as written ("-43 million", "-0.6 points")."""
    if m.kind in _POINTS:
        return f"{format_decimal(d)} points"
    if m.scale_word and m.scale != 1:
        return f"{format_decimal((d / m.scale).normalize())} {m.scale_word}"
    return format_decimal(d)


def _says_down(text: str, a: Claim, b: Claim, own: Sentence) -> bool:
    """Whether a sentence of the two figures a change is of (not the change's own: read
    before) states a fall ("down from", "decreased to")."""
    spans = {(c.sentence.start, c.sentence.end) for c in (a, b)} - {(own.start, own.end)}
    return any(_SAYS_DOWN.search(text, lo, hi) is not None for lo, hi in spans)


def _named_change(text: str, lo: int, at: int) -> bool:
    """Whether "change" names the figure at ``at``: the last such word before it in its
    sentence, within _GAP characters, with no other figure between (years aside)."""
    last = None
    for w in _CHANGE.finditer(text, max(lo, at - _GAP - 12), at):
        last = w
    if last is None or at - last.end() > _GAP:
        return False
    between = re.sub(r"(?<!\d)(?:19|20)\d\d(?!\d)", "", text[last.end() : at])
    # "the change ... is 500 - 380 = 120": the figures between are the subtraction giving it
    return re.search(r"\d", between) is None or _WORKED.search(between) is not None


# After the words naming the change, a difference of two figures ending in "=" right before the
# claim ("is $4,260 thousand - $3,840 thousand ="; no product or quotient: a ratio is read
# elsewhere).
_FIGURE = r"[$€£¥]?\s*\d[\d.,]*\s*(?:thousand|million|billion|mn|bn|m|k)?"
_WORKED = re.compile(rf"(?is)\A\D*?\(?\s*{_FIGURE}\s*[-−–]\s*{_FIGURE}\s*\)?\s*=\s*\Z")


def _change(a: Mention | SourceValue, b: Mention | SourceValue, relative: bool) -> Decimal | None:
    if not relative:
        return b.value - a.value
    if a.value <= 0 or b.value <= 0:
        return None  # a relative change of a negative base has no agreed sign
    return (b.value - a.value) / a.value * 100


def _cells_rise(a: Claim, b: Claim, size: Decimal, relative: bool, slack: Decimal) -> bool:
    """Whether the cells behind the two figures, in the table's own signs, rise by ``size``."""
    ea, eb = a.evidence, b.evidence
    if ea is None or eb is None:
        return False
    d = _change(ea.operands[0], eb.operands[0], relative)
    return d is not None and d >= 0 and abs(d - size) <= slack


def _shared_scale(m: Mention, a: Mention, b: Mention) -> Decimal:
    """The scale a bare figure ``m`` is read in: that of the two figures it is a change of when
    both carry one scale word and ``m`` none ("$5.1 million ... $4.2 million. Answer: 0.9").
    An answer that states its figures in millions states its final figure in them too."""
    if m.kind != "number" or m.scale_word or m.scale != 1:
        return Decimal(1)
    if not a.scale_word or a.scale != b.scale or a.scale_word != b.scale_word:
        return Decimal(1)
    return a.scale


def _pairs(
    before: Sequence[Claim], m: Mention, relative: bool
) -> list[tuple[tuple[int, Claim], tuple[int, Claim]]]:
    """Pairs (earlier year, later year) of the answer's figures of one series, each grounded
    in one cell of one year, of the kind the change claim ``m`` is a change of."""
    if m.kind in _POINTS and not relative:
        kinds: frozenset[str] = frozenset({"percent"})
    else:
        kinds = _AMOUNTS
    dated: list[tuple[tuple[object, ...], int, Claim]] = []
    for c in before:
        ev = c.evidence
        if not c.passed or ev is None or ev.rule != "direct" or len(ev.operands) != 1:
            continue
        if c.mention.kind not in kinds or c.mention.high is not None:
            continue
        v = ev.operands[0]
        years = value_years(v)
        key = _series(v)
        if len(years) != 1 or key is None:
            continue
        dated.append((key, next(iter(years)), c))
    out = []
    for i, (ka, ya, a) in enumerate(dated):
        for kb, yb, b in dated[i + 1 :]:
            if ka != kb or ya == yb:
                continue
            out.append(((ya, a), (yb, b)) if ya < yb else ((yb, b), (ya, a)))
    return out


def _series(v: SourceValue) -> tuple[object, ...] | None:
    """What makes two values one series: a table row, or a record field's stem."""
    if v.table is not None and v.row_index is not None:
        return ("row", v.source_id, v.table, v.row_index)
    stem = field_stem(v)
    if v.field is not None and stem is not None:
        return ("field", v.source_id, stem)
    return None


def _flag_final(text: str, out: list[Claim], flagged: list[tuple[Decimal, str]]) -> None:
    """A final figure after the answer marker that restates a flagged change fails with it."""
    at = marker_end(text)
    if at is None:
        return
    for i, c in enumerate(out):
        m = c.mention
        if m.start < at or not c.passed or m.negative:
            continue
        s = c.sentence
        if stated_direction(text, s.start, s.end, m.start, m.end) is not None:
            continue  # "Answer: a decrease of $43 million" says the sign itself
        why = next((w for v, w in flagged if v == m.value), None)
        if why is not None:
            out[i] = replace(c, status="contradicted", message=why)
