"""The memos and look-ups of issue 19's sixth round give what the plain readings give.

Each is compared with the reading it replaces (hypothesis and fixed cases), and with a
deliberately broken fast path, so the comparison is known to catch one that is wrong.
"""

from __future__ import annotations

import importlib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language.asked import read_question
from crossfoot.model.context import Scope
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._named import Named
from crossfoot.rules._rerun import cut_scope
from crossfoot.sources.load import load_sources
from deep import examples

# (the module, not the rule function the package exports under the same name)
poc = importlib.import_module("crossfoot.rules.part_of_change")
nm = importlib.import_module("crossfoot.rules._named")

_TABLE = """| Item | 2019 | 2018 | 2017 |
|---|---|---|---|
| Revenue | 1,200 | 1,100 | 1,000 |
| Price | 60 | 50 | 40 |
| Volume | 40 | 50 | 30 |
| Cost of sales | 700 | 650 | 600 |
| Net sales | 500 | 450 | 400 |
"""


def _sources():  # type: ignore[no-untyped-def]
    return load_sources([_TABLE, "Revenue rose to $1,200 in 2019 from $1,100 in 2018."])


# ------------------------------------------------------------------ ValueIndex.where

_VALUES = st.lists(st.integers(-5, 5), max_size=30)


@settings(max_examples=200, deadline=None)
@given(_VALUES, st.integers(0, 7))
def test_where_is_the_index_of_the_kept_values(values: list[int], seed: int) -> None:
    # equal values come from different sources: the order among them must be kept too
    index = ValueIndex(SourceValue(Decimal(v), f"R{i}") for i, v in enumerate(values))

    def keep(v: SourceValue) -> bool:
        return (int(v.source_id[1:]) * 7 + seed) % 3 != 0

    plain = ValueIndex(v for v in index.values if keep(v))
    fast = index.where(keep)
    assert [id(v) for v in fast.values] == [id(v) for v in plain.values]
    assert fast._keys == plain._keys
    lo, hi = Decimal(-2), Decimal(2)
    assert fast.between(lo, hi) == plain.between(lo, hi)


def test_cut_scope_reads_each_value_once_and_keeps_what_the_plain_cut_keeps() -> None:
    ss = _sources()
    scope = Scope(ss.sources, False, ss.index(None), ss.groups(None, False))
    calls: list[int] = []

    def keep(v: SourceValue) -> bool:
        calls.append(id(v))
        return v.value % 2 == 0

    cut = cut_scope(scope, keep)
    assert len(calls) == len(set(calls)) == len(scope.index.values)
    assert cut.index.values == tuple(v for v in scope.index.values if v.value % 2 == 0)
    assert [g.values for g in cut.groups] == [
        tuple(v for v in g.values if v.value % 2 == 0) for g in scope.groups
    ]


# ------------------------------------------------------------------ part_of_change's pairs


def _groups() -> tuple[ValueIndex, ValueIndex]:
    ss = _sources()
    table = max(ss.groups(None, False), key=len)
    other = ValueIndex(v for v in table.values if v.row != "Price")
    return table, other


def _same_pairs(steps: list[tuple[int, int]]) -> bool:
    groups = _groups()
    poc._CHANGES.clear()
    return all(poc._changes(groups[g], most) == poc._pairs_of(groups[g], most) for g, most in steps)


_STEPS = st.lists(st.tuples(st.integers(0, 1), st.integers(-1, 30)), min_size=1, max_size=8)


@settings(max_examples=100, deadline=None)
@given(_STEPS)
def test_changes_memo_gives_the_pairs_made_afresh(steps: list[tuple[int, int]]) -> None:
    table, other = _groups()
    whole, fewer = poc._pairs_of(table, 10_000), poc._pairs_of(other, 10_000)
    assert whole and fewer and len(fewer) < len(whole)  # changes to pair up, not the same
    assert _same_pairs(steps)


@pytest.mark.parametrize("broken", ["any group", "cap ignored"])
def test_a_broken_changes_memo_fails_the_comparison(
    broken: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if broken == "any group":  # one entry for every group

        def one_entry(memo, key, kept, make):  # type: ignore[no-untyped-def]
            return memo.setdefault(0, (key, make(key)))[1]

        monkeypatch.setattr(poc, "by_identity", one_entry)
    else:  # a kept "more than cap" read as "more than any most"
        real = poc._pairs_of
        monkeypatch.setattr(poc, "_pairs_of", lambda g, most: None if most < 5 else real(g, most))
    steps = [(0, 3), (0, 10_000), (1, 10_000)]
    if broken == "any group":
        assert not _same_pairs(steps)
    else:
        poc._CHANGES.clear()
        table = _groups()[0]
        assert poc._changes(table, 3) is None
        assert poc._changes(table, 10_000) == real(table, 10_000)  # made again, not the None
    poc._CHANGES.clear()


# ------------------------------------------------------------------ Named's labels per table


@pytest.mark.parametrize(
    "question",
    [
        "What was the change in revenue from 2018 to 2019?",
        "What is the cost of sales in 2019?",
        "What was the average price?",
        "How much did net sales and volume change?",
    ],
)
def test_named_labels_kept_per_values_read_as_made_afresh(question: str) -> None:
    ss = _sources()
    values = ss.index(None).values
    ask = read_question(question)
    fresh = Named(ask, list(values))._tables  # (a list is never kept: read afresh)
    for _ in range(2):
        assert Named(ask, values)._tables == fresh
    assert any(rows or cols for rows, cols in fresh.values())


# ------------------------------------------------------------------ Named's label books


def _plain_named(named: Named, labels: set[str]) -> frozenset[str]:
    """Named._named as it read every label in turn (before its per-table book)."""
    from crossfoot.language.rowtokens import required_tokens

    found: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
    for label in labels:
        own = nm._own_words(label)
        req = required_tokens(own) if own else frozenset()
        if req and req <= named._words:
            phrase = tuple(dict.fromkeys(t for t in nm._label_tokens(own) if t in req))
            found[label] = (req, phrase)
        elif nm._figures_of(label) & named._asked:
            found[label] = (frozenset(), ())
    words = named._tokens
    return frozenset(
        label
        for label, (req, _) in found.items()
        if not any(req < o and nm._inside(req, p, words) for o, p in found.values())
    )


_ROW_LABELS = [
    "Net sales", "Cost of sales", "Sales", "Total revenue", "Revenue", "Due in 3 to 5 years",
    "1 to 3 years", "Accounts payable, net", "Liabilities: Accounts payable", "Other", "2019",
    "Net tangible assets acquired", "Gross margin %", "Operating income (loss)",
]  # fmt: skip
_WORDS = ["net", "sales", "cost", "of", "revenue", "total", "due", "in", "3", "to", "5", "years",
          "1", "accounts", "payable", "other", "2019", "tangible", "assets", "what", "the",
          "and", "gross", "margin", "operating", "income", "loss", "acquired", "was"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(_ROW_LABELS), max_size=len(_ROW_LABELS)),
    st.lists(st.sampled_from(_WORDS), min_size=1, max_size=12),
)
def test_named_labels_from_the_book_are_the_labels_tried_in_turn(
    labels: set[str], words: list[str]
) -> None:
    named = Named(read_question(" ".join(words) + "?"), ())
    assert named._named(nm._Book(labels)) == _plain_named(named, labels)


def test_a_book_missing_a_word_fails_the_comparison() -> None:
    labels = {"Cost of sales", "Net sales", "Revenue"}
    named = Named(read_question("What was the cost of sales in 2019?"), ())
    book = nm._Book(labels)
    assert named._named(book) == _plain_named(named, labels) == {"Cost of sales"}
    book.by_word = {w: [e for e in es if e[0] != "Cost of sales"] for w, es in book.by_word.items()}
    assert named._named(book) != _plain_named(named, labels)


# ------------------------------------------------------------------ sources: units and budget


def _plain_units(text: str):  # type: ignore[no-untyped-def]
    from crossfoot.sources import cells

    return [
        (m.start(), m.end(), cells._unit_from_match(m)) for m in cells._UNIT_TEXT.finditer(text)
    ]


_UNIT_PIECES = [" ", "in ", "In ", "(", ")", "$", "€", "millions", "thousands", "000", "m", "of ",
                "dollars", "US", "\n", ",", ":", "amounts ", "except ", "per share", "Rs.", "crore",
                "in\t", "usd", "’", "'", "s", "bn", "begin", "1,234", "(in millions)", "($000)",
                "(€m)", "(Rs. crore)", "( thousands )", "in millions of dollars", "in US$000's",
                "($ in thousands)", "(amounts in millions, except per share)", "in €m"]  # fmt: skip


@settings(max_examples=examples(300, 400), deadline=None)
@given(st.lists(st.sampled_from(_UNIT_PIECES), max_size=25))
def test_unit_headers_found_where_they_can_start_are_the_plain_search(pieces: list[str]) -> None:
    from crossfoot.sources.cells import find_unit_headers

    text = "".join(pieces)
    assert find_unit_headers(text) == _plain_units(text)


def test_unit_headers_fixed_cases() -> None:
    from crossfoot.sources.cells import find_unit_headers

    text = "Net sales (in millions): ... ($ in thousands)\nin millions of dollars, except (€m)"
    assert find_unit_headers(text) == _plain_units(text)
    assert len(find_unit_headers(text)) == 4
    text = "Figures (in US$000's unless stated; see note 2"  # "in" right after a bracket
    assert find_unit_headers(text) == _plain_units(text)
    assert [u.scale for _, _, u in find_unit_headers(text)] == [1000]


def _plain_number_at(text: str, index: int) -> tuple[int | None, int]:
    from bisect import bisect_left

    from crossfoot.sources import budget

    words = budget._word_positions(text)
    i = -1
    for i, m in enumerate(budget._DIGITS.finditer(text)):
        before = bisect_left(words, m.start())
        if i + before >= index:
            return (m.start(), index) if i + before == index else (words[index - i], index)
    runs = i + 1
    if runs + len(words) > index:
        return words[index - runs], index
    return None, runs + len(words)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["1", "2,5", " ", "one", "ten", "x", "3.4", "million"])),
    st.integers(0, 12),
)
def test_number_at_counts_as_the_plain_scan(pieces: list[str], index: int) -> None:
    from crossfoot.sources.budget import number_at

    text = " ".join(pieces)
    assert number_at(text, index) == _plain_number_at(text, index)
