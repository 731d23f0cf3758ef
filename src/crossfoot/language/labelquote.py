"""A figure the answer quotes inside a row or column label of the sources.

"Operating leases due in more than 5 years were $1,400 thousand" over a column *More than 5
years*; "Gains, net of tax of $2, $9, and $5, were $171 million" over a row of that name. The 5,
the $2, $9 and $5 name the label, they state no value of the data: checked as figures they fail
(no cell holds them). A figure is a label's when the words around it in the answer are the words
around the same figure in the label: at least two words of the label, read outwards from the
figure on either side (other figures of the label count when they are the answer's too). A
figure the label does not write ("more than 6 years") is no quote and is checked as usual. A bound
reads the same in any of its spellings ("beyond 5 years" quotes *More than 5 years*).

>>> from crossfoot.numbers.extract import extract
>>> text = "Leases due in more than 5 years were $1,400."
>>> quoted_in_label(text, extract(text)[0], ["More than 5 years"]).formula
"5 is quoted from the label 'More than 5 years'"
>>> text = "Leases due in 5 years were $1,400."
>>> quoted_in_label(text, extract(text)[0], ["More than 5 years"]) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from crossfoot.language.rowtokens import LABELS_KEPT, tokens
from crossfoot.model.memo import by_identity
from crossfoot.model.types import Evidence, Mention
from crossfoot.numbers.extract import extract

__all__ = ["GATE_DIGITS", "quoted_in_label"]

# Words, and figures with their grouping commas and decimal points ("1,400", "2.5").
_TOKEN = re.compile(r"[a-z]+|\d(?:[\d,.]*\d)?")
_WORD = re.compile(r"[a-z]+")
#: Whether a label without the figure's digits is skipped unread (speed only; the tests switch
#: it off to compare with reading every label).
GATE_DIGITS = [True]
_SIDE = 6  # tokens read on either side of the figure
_ENOUGH = 2  # words of the label that must surround the figure in the answer


# A bound before a figure, in the spellings a label and an answer use for it: "More than 5 years"
# is quoted by "beyond 5 years", "over 5 years", "after 5 years"; "Less than 1 year" by "under 1
# year", "within 1 year". Each is read as one word on both sides.
_BOUND = (
    (
        re.compile(
            r"\b(?:more\s+than|greater\s+than|in\s+excess\s+of|beyond|over|after|exceeding)\b"
        ),
        "over",
    ),
    (re.compile(r"\b(?:less\s+than|fewer\s+than|up\s+to|under|within)\b"), "under"),
)


def _tokens(text: str) -> list[str]:
    text = text.lower()
    for bound, word in _BOUND:
        text = bound.sub(word, text)
    return [t.replace(",", "") for t in _TOKEN.findall(text)]


_Side = tuple[str, ...]


@lru_cache(maxsize=LABELS_KEPT)  # a table's labels repeat across answers
def _label_sides(label: str) -> tuple[tuple[str, _Side, _Side, _Side, _Side], ...]:
    """Each figure of ``label`` (not a year) as written (digits only) with the label's tokens
    before it (nearest first) and after it, then its three content words nearest it on each
    side (``rowtokens.tokens``: singular, no stop words)."""
    out = []
    label = label.replace("_", " ")  # a field name's words ("due_after_5_years")
    for m in extract(label):
        if m.kind == "year":
            continue
        before = tuple(reversed(_tokens(label[: m.start])))[:_SIDE]
        after = tuple(_tokens(label[m.end :]))[:_SIDE]
        near_before = tuple(reversed(tokens(label[: m.start])))[:3]
        near_after = tuple(tokens(label[m.end :]))[:3]
        out.append((_digits(m.text), before, after, near_before, near_after))
    return tuple(out)


def _digits(text: str) -> str:
    """The one figure of ``text`` without its commas ("$1,400" -> "1400"), or "" when it
    writes none or several."""
    # Most claims are written "51,109", "$4.21", "12.5%": a run of digits, commas and points
    # from a digit to a digit, with at most a "$" before and a "%" after (neither is a token),
    # is its own one token (tests/test_speed_paths_speed24.py).
    core = text[1:] if text[:1] == "$" else text
    if core[-1:] == "%":
        core = core[:-1]
    if core[:1] in _DIGIT and core[-1:] in _DIGIT and _FIGURE_CHARS.issuperset(core):
        return core.replace(",", "")
    return _digits_read(text)


_DIGIT = frozenset("0123456789")
_FIGURE_CHARS = frozenset("0123456789,.")


def _digits_read(text: str) -> str:
    """:func:`_digits` read token by token."""
    found = _TOKEN.findall(text.lower())
    nums = [t.replace(",", "") for t in found if not _WORD.fullmatch(t)]
    return nums[0] if len(nums) == 1 else ""


def _holds(label: str, digits: str) -> bool:
    """Whether ``label`` may write the figure ``digits`` (its digits without commas): a figure
    of the label is a stretch of it, read without its commas."""
    return digits in label.replace(",", "")


def _words_matched(label_side: tuple[str, ...], answer_side: list[str]) -> int:
    """Words of ``label_side`` the answer repeats in order from the figure outwards (stops at
    the first token that differs)."""
    words = 0
    for a, b in zip(label_side, answer_side, strict=False):
        if a != b:
            break
        words += _WORD.fullmatch(a) is not None
    return words


def quoted_in_label(text: str, mention: Mention, labels: Iterable[str]) -> Evidence | None:
    """Evidence when ``mention`` of ``text`` is a figure of one of ``labels`` quoted with the
    label's own words around it (see the module docstring), else None."""
    digits = _digits(mention.text)
    if not digits:
        return None
    # Only the labels that write this figure can be quoted (in their order): looked up in an
    # index of the labels' figures, made once per tuple of labels (the engine's, once per
    # source set), in place of every label's figures read again for every claim.
    if isinstance(labels, tuple):
        labels = by_identity(_INDEXES, labels, 64, _index).get(digits, ())
    before: list[str] | None = None
    after: list[str] = []
    word_before: str | None = None
    word_after: str | None = None
    for label in labels:
        # A label's figure is digits of the label written without their commas: a label
        # without them needs no reading (its numbers, once per new label, were most of this
        # call over the hundreds of row labels near a figure of a large result set).
        if GATE_DIGITS[0] and not _holds(label, digits):
            continue
        for figure, l_before, l_after, near_before, near_after in _label_sides(label):
            if figure != digits:
                continue
            if before is None:  # read the answer's side once, and only for a label's figure
                before = list(reversed(_tokens(text[max(0, mention.start - 200) : mention.start])))
                after = _tokens(text[mention.end : mention.end + 200])
                said_before = tokens(text[max(0, mention.start - 40) : mention.start])
                said_after = tokens(text[mention.end : mention.end + 40])
                word_before = said_before[-1] if said_before else None
                word_after = said_after[0] if said_after else None
            if (
                _words_matched(l_before, before) + _words_matched(l_after, after) >= _ENOUGH
                or (word_after is not None and word_after in near_after)
                or (word_before is not None and word_before in near_before)
            ):
                formula = f"{mention.text.strip()} is quoted from the label {label!r}"
                return Evidence("label", "label", formula, (), mention.value)
    return None


# _index by tuple of labels (the engine hands the same tuple to every claim of an answer)
_INDEXES: dict[int, tuple[object, dict[str, tuple[str, ...]]]] = {}


def _index(labels: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each figure the labels write (as :func:`_label_sides` gives it) -> the labels writing
    it, in the order of ``labels`` (a label once per figure)."""
    index: dict[str, dict[str, None]] = {}
    for label in labels:
        for side in _label_sides(label):
            index.setdefault(side[0], {})[label] = None
    return {figure: tuple(found) for figure, found in index.items()}
