"""The memos and lookups of issue 19's fourth round give what the plain readings give.

Each one is checked against a direct reference reading (fixed cases and hypothesis), and the
label lookup also with a deliberately broken index, so the comparison is known to catch a fast
path that drops a row.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot.sources.rows_names import _Labels, labels_opening

# ------------------------------------------------------------------ labels a text opens with


def _reference_opening(labels: list[str | None], low: str) -> list[str]:
    return [label for label in labels if label and low.startswith(label.lower())]


_LABEL = st.sampled_from(["a", "ab", "AB", "abc", "b", "item 1", "item 10", "İx", "ß", "ss", "x"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), _LABEL), min_size=1, max_size=40), st.text("abİißsx tem10"))
def test_labels_opening_by_index_is_the_prefix_test(labels: list[str | None], text: str) -> None:
    low = text.lower()
    assert labels_opening(_Labels(labels), low) == _reference_opening(labels, low)


def test_labels_opening_on_many_rows_keeps_repeated_labels_in_row_order() -> None:
    labels: list[str | None] = [f"item {i}" for i in range(1, 3000)]
    labels += [None, "Item 7", "item 7", "item 70"]
    low = "item 70 rose while item 7 fell"
    got = labels_opening(_Labels(labels), low)
    assert got == _reference_opening(labels, low)
    assert got == ["item 7", "item 70", "Item 7", "item 7", "item 70"]


def test_a_broken_label_index_fails_the_comparison(monkeypatch: pytest.MonkeyPatch) -> None:
    labels: list[str | None] = [f"item {i}" for i in range(1, 3000)]
    labels.append("item 7")
    low = "item 7 fell"
    real = _Labels._index

    def broken(self: _Labels) -> dict[str, int]:
        first = real(self)
        self._repeated = {}  # the other rows of a repeated label forgotten
        return first

    monkeypatch.setattr(_Labels, "_index", broken)
    assert labels_opening(_Labels(labels), low) != _reference_opening(labels, low)


# ------------------------------------------------------------------ an int column's ends


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(-(10**6), 10**6), st.integers(-(2**60), 2**60)),
        min_size=3,
        max_size=40,
    )
)
@example([3, 2**60 + 1, -7])  # past what a float holds exactly: no bounds, float keys
def test_int_column_sorted_and_bounds_as_read_plainly(values: list[int]) -> None:
    from crossfoot.sources.rows import read_tables
    from crossfoot.sources.rows_cells import _EXACT

    rows = [{"name": f"r{i}", "x": v} for i, v in enumerate(values)]
    for first in ("sort", "bounds"):
        table = read_tables(rows)[0][0]
        if first == "bounds":
            bounds = table.int_bounds(1)
        ordered, keys = table._sorted_column(1)
        if first == "sort":
            bounds = table.int_bounds(1)
        low, high = min(values), max(values)
        exact = -_EXACT <= low and high <= _EXACT
        assert bounds == ((low, high) if exact else None)
        want: list[int] | list[float] = values if exact else [float(v) for v in values]
        assert list(keys) == want
        assert ordered == sorted(want)


# ------------------------------------------------------------------ per-claim and per-answer memos


def _context(text: str, value: str, start: int, question: str | None = None):  # type: ignore[no-untyped-def]
    from crossfoot.model.context import ClaimContext, Scope
    from crossfoot.model.index import ValueIndex
    from crossfoot.model.options import Options
    from crossfoot.model.types import Mention, Sentence

    m = Mention(value, start, start + len(value), Decimal(value), "number", Decimal("0.5"))
    ctx = ClaimContext(
        m, Sentence(0, 0, len(text), text), text, (m,), 0, Scope((), False, ValueIndex(()), ()),
        Options(),
    )  # fmt: skip
    if question is not None:
        ctx.notes["question"] = question
    return ctx


def _open_from(interval: tuple[Decimal, Decimal], lo: Decimal, hi: Decimal) -> bool:
    """Whether ``interval`` runs from just past ``lo`` (a strict bound's line left out) to
    ``hi``."""
    return lo < interval[0] < lo + (hi - lo) / 1000 and interval[1] == hi


def test_claim_interval_follows_the_mention_of_a_copied_context() -> None:
    from crossfoot.rules._derive_shared import claim_interval

    text = "Sales were more than 40 units, and 12 returns."
    ctx = _context(text, "40", text.index("40"))
    ctx.mention = dataclasses.replace(ctx.mention, approximate=True, precision=Decimal(5))
    # the claimed side only, "more than" leaving 40 itself out (language.bounds: the near end
    # open), the far end closed (45 to the tens is "40" half to even)
    assert _open_from(claim_interval(ctx), Decimal(40), Decimal(45))
    assert _open_from(claim_interval(ctx), Decimal(40), Decimal(45))
    # a rule judging another reading of the figure shares the notes (asked_scale, percent_plain)
    other = dataclasses.replace(ctx.mention, value=Decimal("0.04"), precision=Decimal("0.005"))
    again = dataclasses.replace(ctx, mention=other)
    assert again.notes is ctx.notes
    assert _open_from(claim_interval(again), Decimal("0.04"), Decimal("0.045"))
    flat = dataclasses.replace(ctx, options=dataclasses.replace(ctx.options, abs_tolerance=2))
    assert _open_from(claim_interval(flat), Decimal(40), Decimal(42))
    assert _open_from(claim_interval(ctx), Decimal(40), Decimal(45))
    # an odd last digit: the far end is open (9.5 is "10" half up and half to even)
    odd = dataclasses.replace(
        ctx,
        mention=dataclasses.replace(
            ctx.mention, value=Decimal(9), precision=Decimal("0.5"), approximate=False
        ),
    )
    low, high = claim_interval(odd)
    assert low == Decimal("8.5") and Decimal("9.49") < high < Decimal("9.5")


def test_focus_text_memo_reads_as_the_plain_text() -> None:
    from crossfoot.language.rowfocus import focus_text
    from crossfoot.model.types import Sentence

    text = "Revenue rose. Costs fell by 12 in Europe? The gap was 30."
    shared: dict[str, object] = {}
    seen = []
    for start, end, question in ((14, 42, None), (42, len(text), None), (42, len(text), "Why?")):
        ctx = _context(text, "12", text.index("12"), question)
        ctx.sentence = Sentence(0, start, end, text[start:end])
        plain = focus_text(ctx)  # (its own notes and shared dict: no memo yet)
        ctx.shared = shared
        assert focus_text(ctx) == plain
        assert focus_text(ctx) == plain  # from the memo
        seen.append(plain)
    assert seen[1] != seen[0] and seen[2] == seen[1] + " Why?"
    # another answer's text in the same dict is read afresh
    ctx = _context("Other text, 5 here.", "5", 12)
    ctx.shared = shared
    assert focus_text(ctx) == "Other text, 5 here."


_NAMES = st.one_of(
    st.none(),
    st.sampled_from(["FY2019", "2018", "Revenue", "Q3 2021", "March 31, 2020", "Jan-2019", "x"]),
)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.none(), st.integers(2015, 2022)),
    _NAMES,
    _NAMES,
    _NAMES,
    _NAMES,
    st.one_of(st.none(), st.just(0)),
)
def test_value_years_as_read_from_the_value(
    year: int | None,
    field: str | None,
    column: str | None,
    row: str | None,
    label: str | None,
    table: int | None,
) -> None:
    import re

    from crossfoot.language.years import period
    from crossfoot.model.types import SourceValue
    from crossfoot.rules._named import value_years

    v = SourceValue(
        Decimal(1), "S", label=label or "", row=row, column=column, field=field, year=year,
        table=table,
    )  # fmt: skip
    want: frozenset[int] = frozenset()
    if not (v.table is None and v.field is None) and (p := period(v)) is not None:
        names = " ".join(x for x in (v.label, v.row, v.column, v.field) if x)
        early = re.search(r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?)\b", names)
        want = frozenset({p[0], p[0] - 1}) if early else frozenset({p[0]})
    assert value_years(v) == want


def test_checks_reusing_sources_give_what_fresh_reads_give() -> None:
    from crossfoot import check
    from crossfoot.front.check import _LOADED
    from crossfoot.rules import derive, multi

    passages = [
        "| | 2019 | 2018 | 2017 |\n|---|---|---|---|\n| Revenue | 1,200 | 1,000 | 900 |\n"
        "| Costs | 700 | 650 | 600 |",
        "Headcount was 310, 290 and 250 in the three years.",
    ]
    asks = [
        ("Revenue grew by 200, or 20%.", "What was the change in revenue from 2018 to 2019?"),
        ("Costs averaged 650.", "What were the average costs from 2017 to 2019?"),
        ("Revenue totalled 3,100 over three years.", "What was the total revenue?"),
        ("The margin in 2019 was 500.", None),
    ]
    kept = [check(answer, passages, question=q).to_dict() for answer, q in asks]
    assert derive._PROFILES and multi._SUBSETS  # kept across the answers
    fresh = []
    for answer, q in asks:
        _LOADED.clear()
        derive._PROFILES.clear()
        multi._SUBSETS.clear()
        fresh.append(check(answer, passages, question=q).to_dict())
    assert kept == fresh


def test_evict_oldest_bounds_a_memo_shared_by_threads() -> None:
    # Memos kept across answers (derive's group profiles, multi's subsets) are filled and evicted
    # by every thread calling check(); an interleaving must neither raise nor let them grow.
    from crossfoot.model.memo import evict_oldest
    from interleave import run_interleaved

    memo: dict[int, int] = {}
    errors: list[BaseException] = []

    def fill(base: int) -> None:
        try:
            for i in range(20_000):
                evict_oldest(memo, 64)
                memo[base + i] = i
        except BaseException as e:  # any escape is the failure under test
            errors.append(e)

    run_interleaved([lambda k=k: fill(k * 100_000) for k in range(4)])
    assert errors == []
    assert 0 < len(memo) <= 64 + 3  # three others may insert between a thread's check and its own
    single = {1: 1, 2: 2, 3: 3}
    evict_oldest(single, 3)
    evict_oldest(single, 3)  # below the bound now: nothing goes
    assert single == {2: 2, 3: 3}


def test_by_identity_memo_is_safe_when_threads_fill_it() -> None:
    """The memos kept across answers by a key's identity (the row-sum tables of results, the
    labels of a source set, the reach gates') evict from four threads at once without an
    error, stay bounded, and hand each key its own value."""
    from crossfoot.model.memo import by_identity
    from interleave import run_interleaved

    memo: dict[int, tuple[object, int]] = {}
    errors: list[BaseException] = []
    wrong: list[int] = []

    def fill(base: int) -> None:
        try:
            for i in range(5_000):
                key = (base, i)
                if by_identity(memo, key, 32, lambda k: k[0] + k[1]) != base + i:
                    wrong.append(i)
        except BaseException as e:  # any escape is the failure under test
            errors.append(e)

    run_interleaved([lambda k=k: fill(k * 100_000) for k in range(4)])
    assert errors == [] and wrong == []
    assert 0 < len(memo) <= 32 + 3
