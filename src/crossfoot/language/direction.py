"""What the answer's words say about a number: its direction and its sign.

- :func:`stated_direction`: "rose 12%" is up, "a 5% decline" is down, "did not rise 5%" states no
  direction. Words are read from the clause that holds the number (a sentence is cut at ``;``,
  "while", "whereas", "but", "although" and "and"), nearest first, a word right after the number
  ("a 5% increase") before one in front of it.
- :func:`sign_words`: a number introduced as a loss, deficit or negative ("a net loss of $5m").

English only. Negation ("not", "no longer", "failed to", "rather than") cancels a direction word
rather than flipping it: "did not rise" does not say it fell. The order the answer gives two
values ("from A to B") and the year of a number are in :mod:`crossfoot.language.order`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from typing import Literal

from crossfoot.language.base_side import base_side
from crossfoot.model.wordgate import WordGated

__all__ = [
    "Direction",
    "clause_bounds",
    "judged_way",
    "new_answer",
    "parenthesized_aside",
    "sign_words",
    "stated_direction",
]

Direction = Literal["up", "down"]

_UP = (
    r"rose|rise[sn]?|rising|grew|grow(?:s|n|ing)?|growth|increas(?:e|ed|es|ing)|up|gain(?:ed|s|ing)?|"
    r"climb(?:ed|s|ing)?|jump(?:ed|s|ing)?|widen(?:ed|s|ing)?|improv(?:e|ed|es|ing|ement)|"
    r"expand(?:ed|s|ing)?|expansion|higher|surg(?:e|ed|es|ing)|soar(?:ed|s|ing)?|rebound(?:ed|s|ing)?|"
    r"advanc(?:e|ed|es|ing)|boost(?:ed|s)?|rais(?:e|ed|es|ing)|uptick|upturn|hike[ds]?|spik(?:e|ed)|"
    r"doubled|tripled|accelerat(?:ed|ing)|more|added|adding|strengthened"
)
_DOWN = (
    r"fell|fall(?:s|en|ing)?|declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|down|drop(?:ped|s|ping)?|"
    r"narrow(?:ed|s|ing)?|shr[iau]nk(?:s|ing|en)?|contract(?:ed|s|ing|ion)|lower(?:ed)?|"
    r"reduc(?:e|ed|es|ing|tion)|slip(?:ped|s)?|plung(?:e|ed|es|ing)|slump(?:ed|s)?|tumbl(?:e|ed|es)|"
    r"sank|sink(?:s|ing)?|dip(?:ped|s)?|slid|slides?|sliding|cut|cuts|lost|loss|losses|"
    r"weaken(?:ed|s)?|worsen(?:ed|s|ing)?|erod(?:e|ed)|erosion|deteriorat(?:e|ed|ion)|halved|"
    r"downturn|less|fewer|"
    r"short"
)
_WORD = re.compile(rf"(?i)\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b")
# Words that look like direction words but are not, in these phrases (word-gated: each phrase
# holds one of the gate's words, and most windows around a direction word hold none of them).
_FALSE_PATTERN = re.compile(
    r"(?ix)\b(?:"
    r"up\s+to|(?:make|makes|made|making|set|sets|pick(?:ed|s)?|take[sn]?|took|end(?:ed|s)?|add(?:s|ed)?|"
    r"sum(?:s|med)?|account(?:s|ed)?|follow(?:ed|s)?|sign(?:ed|s)?|back(?:ed|s)?|keep|kept|line[ds]?|show(?:ed|s|n)?)\s+up"
    r"|(?:break(?:s)?|broke|broken|down)\s+down|down\s+payment|more\s+than|less\s+than|fewer\s+than"
    # "the write-down of vessels", "markdowns": a charge named, not a direction
    r"|(?:write|mark)\s*-?\s*downs?"
    r"|no\s+more|cut\s*-?\s*off|short\s*-?\s*term|shortfall|at\s+least|up\s+until"
    # "the 2025 value less the 2024 value", "that less 100": a subtraction, not a direction
    r"|less(?=\s+(?:the|an?|that|this|those|these|its|their|our|\$|\d))"
    r")\b"
)
_FALSE = WordGated(_FALSE_PATTERN, ("up", "down", "more", "less", "fewer", "cut", "short", "least"))
# "fell short" and "came in short" are down; "short" alone is not a direction.
_SHORT_OK = re.compile(r"(?i)\b(?:fell|falls|falling|came\s+in|was|were)\s+short\b")
_NEGATION = re.compile(
    r"(?ix)\b(?:not|never|no|nor|neither|without|hardly|barely|n't)\b(?!\s+only|\s+just|\s+least)"
    r"|n't\b|\bno\s+longer\b|\bfail(?:ed|s)?\s+to\b|\brather\s+than\b|\binstead\s+of\b|\bunlike\b"
    r"|\bstopped\b|\bceased\b"
)
_NEG_GROWTH = re.compile(r"(?i)\bnegative\s+growth\b")
# A label naming both directions ("increase / (decrease)", "gain (loss)", "higher or lower")
# states neither.
_BOTH_WAYS = re.compile(
    r"(?i)\b(?:increase|decrease|gain|loss|rise|fall|up|down|higher|lower)s?\s*"
    r"(?:/|\(|\bor\b)\s*\(?\s*(?:increase|decrease|gain|loss|rise|fall|up|down|higher|lower)s?\b"
)
# Every match of the two patterns above holds these, so where they are absent the full patterns
# need not run (each costs several microseconds over a clause).
_NEG_HINT = re.compile(r"(?i)negative")
_BOTH_HINT = re.compile(r"(?i)[/(]|\bor\b")

# Direction words are whole words (runs of \w): finding the runs once per text and testing each
# distinct run once is an order of magnitude cheaper than running _WORD's long alternation at
# every position of every clause (~40 us per claim). Only the runs that are direction words are
# kept, located with str.find: most answers hold none or a few, and a Python loop over every run
# cost more than the rest of the lookup.
_RUN = re.compile(r"\w+")
_IS_WORD: dict[str, bool] = {}
_RUNS: dict[str, tuple[list[int], list[int], list[re.Match[str]]]] = {}


def _is_w(ch: str) -> bool:
    """Whether ``re`` counts ``ch`` as a word character (its test: alphanumeric or "_")."""
    return ch.isalnum() or ch == "_"


def _runs(text: str) -> tuple[list[int], list[int], list[re.Match[str]]]:
    """Starts, ends and ``_WORD`` matches of the runs of ``text`` that are direction words."""
    hit = _RUNS.get(text)
    if hit is not None:
        return hit
    words = []
    for word in set(_RUN.findall(text)):
        known = _IS_WORD.get(word)
        if known is None:
            if len(_IS_WORD) > 8192:
                _IS_WORD.clear()
            known = _IS_WORD[word] = _WORD.fullmatch(word) is not None
        if known:
            words.append(word)
    spans: list[tuple[int, int]] = []
    n = len(text)
    for word in words:
        size = len(word)
        a = text.find(word)
        while a >= 0:
            b = a + size
            # A whole run only: "up" inside "support" or "upgrade" is not one.
            if (a == 0 or not _is_w(text[a - 1])) and (b == n or not _is_w(text[b])):
                spans.append((a, b))
            a = text.find(word, a + 1)
    spans.sort()
    starts = [a for a, _ in spans]
    ends = [b for _, b in spans]
    found: list[re.Match[str]] = []
    for a in starts:
        m = _WORD.match(text, a)
        assert m is not None  # the run is a direction word
        found.append(m)
    if len(_RUNS) > 256:
        _RUNS.clear()
    _RUNS[text] = hit = (starts, ends, found)
    return hit


def direction_words(text: str, pos: int, endpos: int) -> list[re.Match[str]]:
    """The same matches as ``list(_WORD.finditer(text, pos, endpos))``, from the cached runs.

    >>> [m.group(0) for m in direction_words("Sales rose, then fell.", 0, 22)]
    ['rose', 'fell']
    """
    starts, ends, found = _runs(text)
    out: list[re.Match[str]] = []
    # A run that begins before ``pos`` cannot match (no word boundary inside a run).
    for i in range(bisect_left(starts, pos), len(starts)):
        if ends[i] > endpos:
            break  # past the window, or cut by its end (read below)
        out.append(found[i])
    if 0 < endpos < len(text) and _is_w(text[endpos]) and _is_w(text[endpos - 1]):
        # A run cut by ``endpos``: the pattern sees the text as ending there, so any run (not
        # only a direction word: "up" of "upgrade") may match. One begun before ``pos`` fails
        # _WORD's leading \b at ``pos``, as it does in the pattern's own scan.
        a = endpos - 1
        while a > pos and _is_w(text[a - 1]):
            a -= 1
        if a >= pos:
            m = _WORD.match(text, a, endpos)
            if m is not None:
                out.append(m)
    return out


# Clause boundaries inside a sentence.
_CLAUSE_CORE = (
    r"\s*;\s*|,\s*(?:while|whereas|but|although|though|however|yet)\b"
    r"|\s+(?:while|whereas|but|although)\s+|\s+respectively\b"
)
# (Every break opens with a space, ";" or ",": the look-ahead first lets ``re`` leave the other
# characters after one test instead of trying each branch there, ~2x faster a sentence.)
_CLAUSE = re.compile(rf"(?ix)(?=[\s;,])(?:{_CLAUSE_CORE}|,?\s+and\s+(?!then\b))")
# Without "and": row names such as "Research, development and engineering" contain it.
_CLAUSE_NO_AND = re.compile(rf"(?ix)(?=[\s;,])(?:{_CLAUSE_CORE})")
# Every clause break holds ";" or one of these words (in any case; "though" is in "although"),
# and "and" with _CLAUSE: a sentence with none has no break, found by substring tests on the
# lower-cased sentence (~1 us) instead of trying the alternation at each position (~5 us). The
# only non-ASCII characters re.I matches to their letters (dotted and dotless i, long s) send a
# sentence to the pattern (tests/test_direction.py checks both).
_BREAK_NEEDLES = (";", "while", "whereas", "but", "though", "however", "yet", "respectively")
_BREAK_FOLDS = re.compile("[\u0130\u0131\u017f]")


def _may_break(sentence: str, split_and: bool) -> bool:
    if not sentence.isascii() and _BREAK_FOLDS.search(sentence) is not None:
        return True
    low = sentence.lower()
    return any(word in low for word in _BREAK_NEEDLES) or (split_and and "and" in low)


# Between a number and a direction word that follows it ("5% year-over-year increase").
_AFTER_GAP = re.compile(
    r"(?ix)^[\s,]*(?:(?:percent(?:age)?|points?|pts?|pp|basis|bps|year[-\s]over[-\s]year|"
    r"year[-\s]on[-\s]year|yoy|y/y|annual|annually|million|billion|thousand|net|overall|total|"
    r"sequential|organic|an?|in|the|\(|\))[\s,]*){0,4}$"
)


def clause_bounds(
    text: str, sent_start: int, sent_end: int, start: int, end: int, split_and: bool = True
) -> tuple[int, int]:
    """The span of the clause of ``text[sent_start:sent_end]`` that holds ``text[start:end]``.

    >>> t = "Costs fell 3% while revenue rose 5%."
    >>> a, b = clause_bounds(t, 0, len(t), 32, 34)
    >>> t[a:b]
    'revenue rose 5%.'
    """
    lo, hi = sent_start, sent_end
    for m_start, m_end in _clause_marks(text, sent_start, sent_end, split_and):
        if m_end <= start:
            lo = max(lo, m_end)
        elif m_start >= end:
            hi = min(hi, m_start)
            break
    return lo, hi


# Clause breaks per sentence, kept for one answer: the rules ask for the clause of every claim
# several times. The engine calls new_answer() before each answer, so nothing outlives it.
_MARKS: dict[tuple[str, int, int, bool], tuple[tuple[int, int], ...]] = {}


def new_answer() -> None:
    """Forget the clause breaks, word runs and loss hints kept for the previous answer."""
    _MARKS.clear()
    _RUNS.clear()
    _LOSS_TEXTS.clear()


def _clause_marks(
    text: str, sent_start: int, sent_end: int, split_and: bool
) -> tuple[tuple[int, int], ...]:
    key = (text, sent_start, sent_end, split_and)
    marks = _MARKS.get(key)
    if marks is None:
        pattern = _CLAUSE if split_and else _CLAUSE_NO_AND
        marks = ()
        if _may_break(text[sent_start:sent_end], split_and):
            marks = tuple(
                (m.start(), m.end()) for m in pattern.finditer(text, sent_start, sent_end)
            )
        if len(_MARKS) > 256:
            _MARKS.clear()
        _MARKS[key] = marks
    return marks


def _negated(text: str, lo: int, word_start: int) -> bool:
    window = text[max(lo, word_start - 30) : word_start]
    # Only the last few words before the direction word.
    tail = " ".join(window.split()[-4:])
    return bool(_NEGATION.search(tail))


# Words that judge a move rather than say its way, and quantities of which less is better:
# "churn improved to 4%" fell, "costs worsened" rose (lead42; losses: rules._loss_moves). The
# quantity is the judged word's subject: the words right before it ("cost of sales", "the churn
# rate has"), not a noun earlier in the sentence ("despite higher costs, margin improved") nor
# one that qualifies another ("cost savings", "debt service coverage"; read42a).
_JUDGED = ("improv", "worsen", "deteriorat", "strengthen", "weaken")
_LESS_IS_BETTER = re.compile(
    r"(?i)\b(?:churn|attrition|costs?|expenses?|debt|leverage|delinquenc(?:y|ies)|defaults?|"
    r"defects?|errors?|complaints?|latency|unemployment|downtime|write-offs?|charge-offs?|"
    r"chargebacks?|cancellations?|incidents?|vacanc(?:y|ies)|dso|days\s+sales\s+outstanding|"
    r"cost-to-income|debt-to-(?:equity|ebitda|capital|assets)|expense\s+ratio|wait\s+times?)"
    r"(?:\s+of\s+(?:goods\s+sold|sales|revenues?|services|products|capital|funds|borrowing))?"
    r"(?:\s+(?:ratios?|rates?|levels?|figures?|metrics?|also|further|again|overall|both|has|have"
    r"|had|significantly|slightly|materially|markedly|sharply|steadily|modestly|notably"
    r"|substantially))*\s*$"
)
_SUBJECT_REACH = 80  # (characters before the judged word read for its subject)


# A word after the judging verb that starts its object ("improved operating margin"), not an
# adverb or a preposition ("improved to 4%", "improved sharply").
_OBJECT_AFTER = re.compile(
    r"\s+(?!(?:to|by|from|in|on|during|over|for|since|and|but|while|year|again|further|"
    r"significantly|slightly|markedly|sharply|modestly|somewhat|considerably|substantially|"
    r"dramatically|steadily|materially|notably|most|some|about|nearly|almost|roughly)\b)[a-z]",
    re.IGNORECASE,
)


def judged_way(text: str, lo: int, at: int, word: str, direction: Direction) -> Direction:
    """``direction``, turned round for a word that judges a move ("improved") said of a
    quantity of which less is better, named in ``text[lo:at]`` right before the word.

    >>> t = "Churn improved to 4%."
    >>> judged_way(t, 0, 6, "improved", "up"), judged_way("Sales improved", 0, 6, "improved", "up")
    ('down', 'up')
    >>> judged_way("Despite costs, sales improved", 0, 21, "improved", "up")
    'up'
    >>> judged_way("Lower costs improved margin", 0, 12, "improved", "up")
    'up'
    """
    if not word.lower().startswith(_JUDGED):
        return direction
    if _LESS_IS_BETTER.search(text[max(lo, at - _SUBJECT_REACH) : at]) is None:
        return direction
    if _OBJECT_AFTER.match(text, at + len(word)) is not None:
        return direction  # "lower costs improved operating margin": the margin rose (lead42)
    return "down" if direction == "up" else "up"


def _judged_way(text: str, lo: int, m: re.Match[str], direction: Direction) -> Direction:
    return judged_way(text, lo, m.start(), m.group(0), direction)


def _direction_of(match: re.Match[str], text: str, number: str) -> Direction | None:
    word = match.group(0).lower()
    if word in ("loss", "losses", "gain", "gains") and "%" not in number and "point" not in number:
        return None  # "a gain of $5m" is an amount, not a change
    if word == "short" and not _SHORT_OK.search(text[max(0, match.start() - 12) : match.end()]):
        return None
    return "up" if match.group("up") else "down"


def false_direction(text: str, m: re.Match[str]) -> bool:
    """Whether the direction word ``m`` (of :func:`direction_words`) is part of a phrase that
    moves nothing: "made up", "picked up", "broke down", "more than".

    >>> t = "Services made up 40%; sales picked up."
    >>> [false_direction(t, m) for m in direction_words(t, 0, len(t))]
    [True, True]
    """
    for f in _FALSE.finditer(text, max(0, m.start() - 20), min(len(text), m.end() + 12)):
        if f.start() <= m.start() < f.end():
            return True
    return False


def _cut(text: str, k: int, pos: int) -> bool:
    """Whether a window ``[pos, k)`` ends inside a run whose head the pattern reads as a
    direction word (as :func:`direction_words` does for such a run: "up" of "upgrade")."""
    if not pos < k < len(text) or not text[k - 1].isalpha() or not _is_w(text[k]):
        return False  # not inside a run, or after a digit (every direction word ends in a letter)
    a = k - 1
    while a > pos and _is_w(text[a - 1]):
        a -= 1
    return _WORD.match(text, a, k) is not None


def _wordless(text: str, lo: int, hi: int, start: int, end: int) -> bool:
    """Whether the clause ``text[lo:hi]`` holds no direction word, so no direction is stated.

    Every word :func:`stated_direction` reads is a direction run inside the clause
    (:func:`direction_words` of its two windows; "growth" of "negative growth"), except the
    head of a run cut by a window's end, which the pattern reads as ended there: clauses with
    one take the full path. Runs do not overlap, so their ends are sorted like their starts.
    """
    starts, ends, _found = _runs(text)
    i = bisect_left(starts, lo)
    if i < len(starts) and ends[i] <= hi:
        return False
    return not (_cut(text, hi, lo) or _cut(text, min(hi, end + 40), end) or _cut(text, start, lo))


def stated_direction(
    text: str, sent_start: int, sent_end: int, start: int, end: int
) -> Direction | None:
    """The direction the answer states for the number at ``text[start:end]``, or ``None``.

    >>> t = "Revenue did not rise 5%; costs fell 3%."
    >>> stated_direction(t, 0, len(t), 21, 23), stated_direction(t, 0, len(t), 36, 38)
    (None, 'down')
    """
    lo, hi = clause_bounds(text, sent_start, sent_end, start, end)
    if (side := base_side(text, end)) is not None:  # "$52M above the 2022 figure"
        return None if _negated(text, lo, start) else side
    if _wordless(text, lo, hi, start, end):
        return None
    number = text[start:end]
    # (The cheap hint patterns only skip the full ones where they cannot match.)
    if (
        _NEG_HINT.search(text, lo, hi)
        and _NEG_GROWTH.search(text, lo, hi)
        and _NEG_GROWTH.search(text[lo:hi])
    ):
        return "down"
    if _BOTH_HINT.search(text, lo, hi) and _BOTH_WAYS.search(text, lo, hi):
        return None
    # A word right after the number binds tightest: "a 5% increase", "$3m lower".
    for m in direction_words(text, end, min(hi, end + 40)):
        if _AFTER_GAP.match(text[end : m.start()]) and not false_direction(text, m):
            direction = _direction_of(m, text, number)
            if direction is not None:
                return None if _negated(text, lo, start) else _judged_way(text, lo, m, direction)
        break
    # Otherwise the nearest word before it in the clause.
    # (False-friend phrases are checked only for the words actually reached, nearest first.)
    for m in reversed(direction_words(text, lo, start)):
        if false_direction(text, m):
            continue
        direction = _direction_of(m, text, number)
        if direction is None:
            continue
        if _negated(text, lo, m.start()):
            return None
        return _judged_way(text, lo, m, direction)
    return None


_LOSS = re.compile(
    r"(?ix)\b(?:loss(?:es)?|deficits?|shortfall|negative|net\s+outflow)\b"
    r"(?P<gap>(?:[\s,:$€£(]|\b(?:of|was|were|is|are|totaled|totalled|totaling|amounted|to|stood|at|came|"
    r"in|reached|for|the|year|quarter|period|net|before|income|taxes|tax|from|operations|continuing|"
    r"per|share|diluted|basic|an?|about|approximately|nearly|around|roughly|operating|pre-tax|pretax|"
    r"after|attributable|reported|recorded|posted|incurred|total)\b)*)$"
)
_LOSS_LEAD = frozenset(
    """a an the its our their net operating pre-tax pretax after-tax total annual quarterly
    reported recorded posted incurred comprehensive overall had has have with was were is a
    company group business it we they""".split()
)
_CHANGE_NEAR = re.compile(rf"(?i)\b(?:{_UP}|{_DOWN})\b(?:\s+\w+){{0,3}}\s*$")


# Every _LOSS match holds one of these words: a text without any is found once per answer
# (substring tests on the lower-cased text, ~1 us; a case-blind pattern costs ~9 us) instead
# of reading the clause of each claim. As for _may_break, the only non-ASCII characters re.I
# matches to their letters send the text to the full reading (tests/test_direction_gates.py).
_LOSS_NEEDLES = ("loss", "deficit", "shortfall", "negative", "outflow")
_LOSS_TEXTS: dict[str, bool] = {}


def _may_lose(text: str) -> bool:
    said = _LOSS_TEXTS.get(text)
    if said is None:
        if len(_LOSS_TEXTS) > 256:
            _LOSS_TEXTS.clear()
        if not text.isascii() and _BREAK_FOLDS.search(text) is not None:
            said = True
        else:
            low = text.lower()
            said = any(word in low for word in _LOSS_NEEDLES)
        _LOSS_TEXTS[text] = said
    return said


def sign_words(text: str, sent_start: int, sent_end: int, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is introduced as a loss, deficit or negative.

    >>> t = "The company posted a net loss of $5m, a decrease in losses of $2m."
    >>> sign_words(t, 0, len(t), 33, 36), sign_words(t, 0, len(t), 62, 65)
    (True, False)
    """
    if not _may_lose(text):
        return False
    lo, _ = clause_bounds(text, sent_start, sent_end, start, end)
    before = text[max(lo, start - 80) : start]
    m = _LOSS.search(before)
    if m is None:
        return False
    head = before[: m.start()]
    if m.group(0).lower().startswith("negative"):
        return True
    # "a decrease in losses of $2m": the number is the change of the loss, not the loss.
    head_tail = re.sub(r"(?i)\b(?:in|of|the|its|our|their|net|operating)\b", " ", head)
    if _CHANGE_NEAR.search(head_tail):
        return False
    # "a net loss of", "posted a loss": the loss is the figure. "allowance for credit losses",
    # "impairment losses": a line item whose amount is positive.
    lead = re.split(r"[,;:()]", head)[-1].lower().split()[-3:]
    return all(w in _LOSS_LEAD for w in lead)


# Before an aside in parentheses: a word, a year or a closing emphasis ("return ($370.32)",
# "**January 25, 2027** (8,000)"), not an operator, a colon or a table's cell separator.
_ASIDE_BEFORE = re.compile(r"[^\W_][*_]*\s*$")


def parenthesized_aside(text: str, sent_start: int, sent_end: int, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]``, written in parentheses, restates a figure of
    running text ("a higher cumulative return ($370.32) than the index", "revenue in 2019
    ($1,480)") rather than writing a negative amount the accounting way: it follows a word or a
    year, and no loss word of its sentence reads it as negative.

    >>> t = "Revenue in 2019 ($1,480) beat 2018. It posted a net loss of ($5)."
    >>> parenthesized_aside(t, 0, 35, 16, 24), parenthesized_aside(t, 36, len(t), 60, 64)
    (True, False)
    """
    if text[start : start + 1] != "(" or text[end - 1 : end] != ")":
        return False
    if not _ASIDE_BEFORE.search(text, max(0, start - 40), start):
        return False
    return not sign_words(text, sent_start, sent_end, start, end)


# ---------------------------------------------------------------------------------------------
# Order from the answer's own wording


# ---------------------------------------------------------------------------------------------
# The year a number is stated for
