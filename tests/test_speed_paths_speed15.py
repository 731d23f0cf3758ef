"""Round 11 (speed15, issue 19): a long answer of marks between digits ("mixed_marks") read with
less work, each shortcut against the plain reading it replaces.

- ``language.claims._cut``: a prefix whose mentions hold no more than ``max_claims`` possible
  claims fails without its formula constants being read, against the plain doubling that judged
  every prefix in full;
- ``read_prefix_found`` and trace: the prefix's extraction and claims, read once by the cut,
  are taken over by trace's check of that prefix, against trace reading them again;
- ``arithmetic.tokens``: a run of digits and inert marks is one break, against the tokenizer
  stepping over it one character at a time;
- ``model.wordgate``: a text beyond ASCII is lowered once when its windows add up to its length,
  against lowering each window.

Each is compared with the plain reading on hypothesis inputs made of the pieces that matter; a
deliberately broken shortcut is found by the same property (``hypothesis.find``). Last, the
shape itself is read in linear time at small sizes (the 1 MB figure is
``benchmarks/adversarial.py``'s).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from cpu_time import best_cpu
from crossfoot import check, trace
from crossfoot.arithmetic import tokens as tok
from crossfoot.front import trace as trace_mod
from crossfoot.language import claims as claims_mod
from crossfoot.language.claims import claims_of, read_prefix
from crossfoot.model import wordgate
from crossfoot.model.options import Options
from crossfoot.model.types import Mention
from crossfoot.model.wordgate import FOLDS_TO_ASCII, WordGated
from crossfoot.numbers.extract import extract
from deep import examples

_SETTINGS = settings(
    max_examples=60, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)
_FIND = settings(max_examples=2000, database=None, phases=[Phase.generate])

# --- language.claims._cut -------------------------------------------------------------------

# Pieces of long answers: figures, years, formula constants (a written calculation), citation
# numbers, count words, and words or marks holding no figure, so that prefixes of some texts hold
# too few claims for the shortcut and of others enough.
_PIECES = [
    "Revenue was $3.2bn [1]. ",
    "In 2019 and 2020 ",
    "sales rose 12% to 45.6 million. ",
    "(76 + 73 + 52) / 3 = 67 ",
    "then multiplying by 100 gives 12%. ",
    "three regions and two years ",
    "1.2e3e4-5\u20136/7:8 ",
    "the figures are as follows: ",
    "we saw 1,234 orders ",
    "['6,148 thousand', '5,974 thousand'] ",
    "\n",
    "no figure here at all. ",
    "only 4 of them. ",
]


def _plain_cut(text: str, options: Options) -> tuple[str, tuple[Mention, ...]] | None:
    """``_cut`` as it was before this round: every prefix judged in full (the reference)."""
    if len(text) <= claims_mod._PREFIX:
        return None
    size = claims_mod._PREFIX
    if text.isascii():
        at = claims_mod._figure_part_at(text, options.max_claims)
        if at is None:
            return None
        size = max(size, at)
    while 2 * size <= len(text):
        brk = claims_mod._SENTENCE_BREAK.search(text, size, size + 4_096)
        cut = brk.end() if brk is not None else size
        mentions = claims_of(text[:cut], [], None, options, None)
        claims = [m for m in mentions if m.claim]
        limit = options.max_claims
        room = 4 * claims_mod.WINDOW
        if len(claims) > limit and (limit == 0 or claims[limit - 1].end + room <= cut):
            return text[:cut], tuple(mentions)
        size *= 2
    return None


@pytest.fixture
def small_prefix() -> Iterator[None]:
    """Prefixes doubling from 64 characters with 40 of room after the last figure checked, so
    that a few hundred characters of text take several doublings."""
    saved = claims_mod._PREFIX, claims_mod.WINDOW
    claims_mod._PREFIX, claims_mod.WINDOW = 64, 10
    try:
        yield
    finally:
        claims_mod._PREFIX, claims_mod.WINDOW = saved


_TEXTS = st.lists(st.sampled_from(_PIECES), min_size=10, max_size=80).map("".join)
_LIMITS = st.integers(min_value=0, max_value=30)


def _same_cut(text: str, limit: int) -> bool:
    options = Options(max_claims=limit)
    fast = claims_mod._cut(text, [], None, options)
    plain = _plain_cut(text, options)
    if fast is None or plain is None:
        return fast is None and plain is None
    return (fast.prefix, fast.mentions) == plain


@_SETTINGS
@given(text=_TEXTS, limit=_LIMITS)
def test_the_cut_skips_only_prefixes_the_full_reading_rejects(
    small_prefix: None, text: str, limit: int
) -> None:
    assert _same_cut(text, limit)


# Found by hypothesis.find with the broken shortcuts below (shrunk), kept as fixed witnesses:
# a search per run would take minutes.
_R = "Revenue was $3.2bn [1]. "
_CUT_WITNESS = (
    2 * _R + "In 2019 and 2020 (76 + 73 + 52) / 3 = 67 the figures are as follows: \n" + 4 * _R,
    5,
)
_KEEP_WITNESS = (
    2 * _R + "(76 + 73 + 52) / 3 = 67 " + 2 * _R + "three regions and two years " + 5 * _R
)


def test_a_cut_that_counts_one_claim_too_few_is_found(
    small_prefix: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _same_cut(*_CUT_WITNESS)
    at_most = claims_mod._at_most
    monkeypatch.setattr(claims_mod, "_at_most", lambda found, limit: at_most(found, limit + 1))
    assert not _same_cut(*_CUT_WITNESS)


# --- read_prefix_found and trace --------------------------------------------------------------

_ROWS = [
    {"region": "Europe", "revenue": 3.2, "orders": 1234},
    {"region": "Asia", "revenue": 45.6, "orders": 67},
    {"region": "Africa", "revenue": 12, "orders": 3},
]


def _without_handover(text: str, options: Options) -> tuple[str, None]:
    return read_prefix(text, options), None


def _trace_both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    overrides: dict[str, Any] = {"max_claims": 8, "ignore_below": 5}
    fast = trace(text, _ROWS, **overrides).to_dict()
    with monkeypatch.context() as m:
        m.setattr(trace_mod, "read_prefix_found", _without_handover)
        plain = trace(text, _ROWS, **overrides).to_dict()
    return fast, plain


@settings(max_examples=25, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=_TEXTS)
def test_trace_takes_over_the_cut_reading_exactly(
    small_prefix: None, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    fast, plain = _trace_both(text, monkeypatch)
    assert fast == plain


def test_the_handover_is_taken(small_prefix: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # The formula constants of the prefix trace checks are read once, by the cut (without the
    # hand-over, trace's check of the prefix reads them again).
    text = "Europe had revenue of 3.2 and 45.6 (76 + 73 + 52) / 3 = 67. " * 300
    constants = claims_mod.constant_mentions

    def lengths(handover: bool) -> list[int]:
        calls: list[int] = []

        def counted(t: str, ms: Any) -> set[int]:
            calls.append(len(t))
            return constants(t, ms)

        with monkeypatch.context() as m:
            m.setattr(claims_mod, "constant_mentions", counted)
            if not handover:
                m.setattr(trace_mod, "read_prefix_found", _without_handover)
            report = trace(text, _ROWS, max_claims=8)
        assert report.issues and "max_claims" in report.issues[-1]
        return calls

    fast, plain = lengths(True), lengths(False)
    assert fast[-1] < len(text) and len(set(fast)) == len(fast)
    assert plain == [*fast, fast[-1]]


def test_a_handover_that_ignores_keep_is_found(
    small_prefix: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cut judged the prefix without trace's keep filter (ignore_below): a hand-over that
    # passed on the cut's judging, not its reading, would keep figures trace drops.
    plain_claims_of = claims_mod.claims_of

    def broken(
        text: str, cites: Any, keep: Any, options: Options, found: Any = None
    ) -> list[Mention]:
        cut = claims_mod._handed
        if found is not None and cut is not None and text is cut.prefix and found is cut.raw:
            return list(cut.mentions)
        return plain_claims_of(text, cites, keep, options, found)

    fast, plain = _trace_both(_KEEP_WITNESS, monkeypatch)
    assert fast == plain
    monkeypatch.setattr(claims_mod, "claims_of", broken)
    fast, plain = _trace_both(_KEEP_WITNESS, monkeypatch)
    assert fast != plain


# --- arithmetic.tokens: inert runs ------------------------------------------------------------

_TOKEN_PIECES = st.sampled_from(
    [
        "12",
        "3.5",
        "1,234",
        "7",
        ".",
        "..",
        "...",
        "_",
        "__",
        ":",
        ":=",
        "=",
        "==",
        ",",
        ";",
        "!",
        "?",
        "'",
        '"',
        "#",
        "&",
        "@",
        "|",
        "<",
        ">",
        "-",
        "--",
        "---",
        "\u2013",
        "/",
        "*",
        "x",
        "X",
        "+",
        "^",
        "(",
        ")",
        "[1]",
        "[",
        "]",
        "{",
        "}",
        "%",
        "~",
        "$",
        "\\times",
        " ",
        "  ",
        "\n",
        "\n- ",
        "is",
        "was",
        "times",
        "minus",
        "plus",
        "e",
        "ex",
        "word",
        "five",
        "a",
        "1.2e3e4-5\u20136/7:8 ",
    ]
)
_TOKEN_TEXTS = st.lists(_TOKEN_PIECES, min_size=1, max_size=40).map("".join)


def _tokens(text: str, drop: int) -> list[Any]:
    found = extract(text)
    mentions = [m for i, m in enumerate(found) if drop == 0 or i % drop]
    return tok._Tokenizer(text, mentions).run()


def _same_tokens(text: str, drop: int) -> bool:
    fast = _tokens(text, drop)
    saved = tok._INERT_STARTS
    tok._INERT_STARTS = frozenset()  # (every position read by the steps after it)
    try:
        plain = _tokens(text, drop)
    finally:
        tok._INERT_STARTS = saved
    return fast == plain


@settings(
    max_examples=examples(300, 400),
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(text=_TOKEN_TEXTS, drop=st.integers(min_value=0, max_value=3))
def test_an_inert_run_is_the_break_the_steps_make(text: str, drop: int) -> None:
    assert _same_tokens(text, drop)


@pytest.mark.parametrize(
    "broken",
    [
        r"(?:[0-9.,;!?'\"#&@|<>_:])+",  # ":" before "=": an equals sign
        r"(?:[0-9.,;!?'\"#&@|<>_-]|:(?!=))+",  # "-": a minus sign
        r"(?:[0-9.,;!?'\"#&@|<>_=]|:(?!=))+",  # "=": an equals sign
    ],
)
def test_a_wider_inert_run_is_found(broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tok, "_INERT", re.compile(broken))
    monkeypatch.setattr(tok, "_INERT_STARTS", frozenset("0123456789.,;!?'\"#&@|<>_:-="))
    fast = tok._INERT

    def differs(a: tuple[str, int]) -> bool:
        tok._INERT = fast
        return not _same_tokens(*a)

    find(st.tuples(_TOKEN_TEXTS, st.integers(0, 3)), differs, settings=_FIND)


def test_an_inert_run_that_passes_a_number_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # A run must stop where the next number starts ("7:" then "8" in "7:8" when "8" is a number).
    text = "7:8 is 1.2e3e4-5\u20136/7:8 "
    assert _same_tokens(text, 0)
    monkeypatch.setattr(tok._Tokenizer, "before_number", lambda self, end: end)
    assert not _same_tokens(text, 0)


# --- model.wordgate: a text beyond ASCII lowered once -----------------------------------------


def test_only_the_fold_characters_lower_to_ascii_letters_or_to_more() -> None:
    odd = set()
    for cp in range(128, sys.maxunicode + 1):
        low = chr(cp).lower()
        if len(low) != 1 or any("a" <= c <= "z" for c in low):
            odd.add(chr(cp))
    assert odd <= set(FOLDS_TO_ASCII)


def _plain_absent(words: tuple[str, ...], text: str, pos: int, endpos: int) -> bool:
    part = text[max(pos, 0) : max(endpos, 0)]
    if any(f in part for f in FOLDS_TO_ASCII):
        return False
    low = part.lower()
    return not any(w in low for w in words)


_GATE = WordGated(re.compile(r"(?i)\b(?:kin|is|sum)\b"), ("kin", "is", "sum"))
_GATE_TEXTS = st.lists(
    st.sampled_from(
        [
            "K",
            "k",
            "KIN",
            "\u212ain",
            "I",
            "\u0130s",
            "\u0131s",
            "\u017fum",
            "SUM",
            "\u03a3",
            "\u03a3 ",
            "\u00e9",
            "\u2013",
            " ",
            "is",
            "xs",
            "n",
            "1.2",
        ]
    ),
    min_size=1,
    max_size=30,
).map("".join)
_WINDOWS = st.lists(st.tuples(st.integers(-3, 40), st.integers(-3, 40)), min_size=1, max_size=8)


def _same_gates(text: str, windows: list[tuple[int, int]]) -> bool:
    wordgate._LAST, wordgate._SPENT = ("", ""), ("", 0)
    for pos, endpos in windows:
        if _GATE.absent(text, pos, endpos) != _plain_absent(_GATE.words, text, pos, endpos):
            return False
    return True


@settings(
    max_examples=examples(300, 500),
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
@given(text=_GATE_TEXTS, windows=_WINDOWS)
def test_a_text_lowered_once_answers_as_its_windows(
    text: str, windows: list[tuple[int, int]]
) -> None:
    assert _same_gates(text, windows)


def test_a_whole_lowering_without_the_fold_test_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    def unfolded(text: str, pos: int, endpos: int) -> str | None:
        return text.lower() if len(text.lower()) == len(text) else None

    monkeypatch.setattr(wordgate, "_lowered", unfolded)
    find(st.tuples(_GATE_TEXTS, _WINDOWS), lambda a: not _same_gates(*a), settings=_FIND)


def test_one_window_of_a_long_text_lowers_the_window_only() -> None:
    # The whole text is lowered once its windows have cost as much: one small window of a long
    # text never pays for all of it.
    text = "\u2013 revenue " * 10_000
    wordgate._LAST, wordgate._SPENT = ("", ""), ("", 0)
    assert _GATE.absent(text, 0, 50)
    assert wordgate._LAST[0] is not text
    for i in range(1, 2_100):
        _GATE.absent(text, 50 * i, 50 * i + 50)
    assert wordgate._LAST[0] is text


# --- the shape, linear at small sizes -----------------------------------------------------------


@pytest.mark.parametrize("door", ["check", "trace"])
def test_mixed_marks_grow_linearly(door: str) -> None:
    # 4 KB and 16 KB (both read whole, under the 16 KB prefix): 4x the text must not take more
    # than 8x the time (linear is 4x; the quadratic look-back of round 10 was 16x and more).
    unit = "1.2e3e4-5\u20136/7:8 "
    rows = [{"region": "Europe", "revenue": 3.2, "orders": 1234}]

    def run(n: int) -> Callable[[], object]:
        text = unit * (n // len(unit))
        if door == "check":
            return lambda: check(text, [{"id": "R1", "fields": {"revenue": 3.2}}])
        return lambda: trace(text, rows)

    small, large = best_cpu(run(4_000), 2), best_cpu(run(16_000), 2)
    assert large < 8 * small, (small, large)
