"""Round 36 (issue 19, speed50): readings of the judge kept once per sentence, label or scope.

- ``rules.cell_words``: the direction words of a label are looked for in the claim's part of its
  sentence only when the sentence itself holds one (once per sentence, not per claim);
- ``rules.signs._loss_line`` and ``rules._absent_period``'s dated column: read once per label;
- ``rules._reach.within_reach``: the claim's window as floats once per claim (kept with the
  interval it was made of);
- ``rules._focus_rows``: the rows a sentence names, per table, once per scope and sentence.

Each against the plain reading it replaces; the gates also end to end (``check`` with the gate
and with it forced open give the same report).
"""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.language.collective_lines import names_part_row
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Mention, Sentence, SourceValue
from crossfoot.rules import _absent_period, _reach, cell_words, signs
from crossfoot.rules._derive_shared import _magnitude, claim_interval
from crossfoot.rules._focus_rows import named_rows_of, row_labels

_WORDS = ["Gains", "losses", "Increase", "decrease", "more", "Less", "higher", "LOWER", "net"]
_WORDS += ["Unrealized", "bonds", "than", "one", "year", "İ", "ſ", "Σ", "income", "loss"]
_TEXT = st.lists(st.sampled_from(_WORDS), min_size=0, max_size=8).map(" ".join)


def _table() -> str:
    return json.dumps(
        [
            ["", "Unrealized Gains", "Unrealized Losses", "Less Than 1 Year"],
            ["Bonds", "416", "12", "7"],
            ["Increase in stock", "33", "9", "5"],
        ]
    )


@settings(max_examples=50, deadline=None)
@given(_TEXT, st.sampled_from(["416", "12", "7", "33", "9"]), _TEXT)
def test_cell_words_sentence_gate_is_exact(before: str, figure: str, after: str) -> None:
    answer = f"{before} {figure} {after}. Bonds were 416."
    gated = check(answer, [_table()]).to_dict()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cell_words, "_sentence_may", lambda ctx: True)
        assert check(answer, [_table()]).to_dict() == gated


def test_cell_words_twins() -> None:
    t = _table()
    assert check("Unrealized gains on bonds were $416.", [t]).passed
    assert check("Unrealized losses on bonds were $416.", [t]).claims[0].status == "contradicted"


_NAMES = st.one_of(st.none(), _TEXT, st.sampled_from(["net_loss", "Operating income (loss)"]))


@settings(max_examples=50, deadline=None)
@given(_NAMES, _NAMES, _TEXT)
def test_loss_line_is_the_plain_reading(field: str | None, row: str | None, label: str) -> None:
    names = " ".join(x for x in (field, row, label) if x).replace("_", " ")
    plain = bool(signs._LOSS_LINE.pattern.search(names)) and not signs._SIGNED_LINE.search(names)
    v = SourceValue(Decimal(5), "S1", field=field, row=row, label=label)
    assert signs._loss_line(v) == plain


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["December 31,", "Dec", "2019", "Mayor", "May", "sept."])))
def test_month_column_is_the_plain_reading(pieces: list[str]) -> None:
    column = " ".join(pieces)
    assert _absent_period._month_column(column) == (
        _absent_period._MONTH.search(column) is not None
    )


def _ctx(text: str, precision: str) -> ClaimContext:
    m = Mention(text, 0, len(text), Decimal(text), "number", Decimal(precision))
    return ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0, None, Options())


@settings(max_examples=50, deadline=None)
@given(
    st.decimals(min_value=-(10**6), max_value=10**6, places=2, allow_nan=False),
    st.decimals(min_value=-(10**6), max_value=10**6, places=1, allow_nan=False),
)
def test_reach_window_kept_per_interval(first: Decimal, second: Decimal) -> None:
    ctx = _ctx(str(first), "0.005")
    for c in (ctx, ctx, replace(ctx, mention=replace(ctx.mention, value=second))):
        lo, hi = _magnitude(*claim_interval(c))
        assert _reach._float_magnitude(c) == (float(lo), float(hi))
        # (the copy shares its notes: a kept window of another figure is not read for it)


_LABELS = ["North", "South", "All regions", "Total", "North America", "Revenue", "Costs"]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_LABELS), max_size=5), min_size=1, max_size=3),
    st.lists(st.sampled_from([*_LABELS, "the average region", "sold", "across all regions"])),
)
def test_named_rows_of_is_the_plain_reading(tables: list[list[str]], said: list[str]) -> None:
    text = " ".join(said)
    groups = tuple(
        ValueIndex(
            [
                SourceValue(Decimal(i), f"S{t}", row=label, table=0, row_index=i)
                for i, label in enumerate(rows)
            ]
        )
        for t, rows in enumerate(tables)
    )
    plain: dict[tuple[str, int], frozenset[int]] = {}
    for t, rows in enumerate(tables):
        named = frozenset(i for i, label in enumerate(rows) if names_part_row(label, text))
        if named:
            plain[(f"S{t}", 0)] = named
    assert named_rows_of(groups, text) == plain
    assert named_rows_of(groups, text) is named_rows_of(groups, text)  # kept
    assert row_labels(groups) == {
        (f"S{t}", 0): dict(enumerate(rows)) for t, rows in enumerate(tables) if rows
    }


def test_named_rows_keyed_by_the_groups() -> None:
    # Equal sentences over two scopes: each its own rows (the memo holds the groups it read).
    a = (ValueIndex([SourceValue(Decimal(1), "A", row="North", table=0, row_index=0)]),)
    b = (ValueIndex([SourceValue(Decimal(1), "B", row="South", table=0, row_index=3)]),)
    text = "North and South sold 1."
    assert named_rows_of(a, text) == {("A", 0): frozenset({0})}
    assert named_rows_of(b, text) == {("B", 0): frozenset({3})}
