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

from crossfoot.engine import _cut
from crossfoot.language.asked import read_question
from crossfoot.model.context import Scope
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.rules._named import Named
from crossfoot.sources.load import load_sources

# (the module, not the rule function the package exports under the same name)
poc = importlib.import_module("crossfoot.rules.part_of_change")

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

    cut = _cut(scope, keep)
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
