"""Per-answer memos of the row and derivation rules give what a fresh computation gives.

Several claims of one sentence share one ``ClaimContext.shared`` dict; these tests ask for each
claim in turn through one shared dict and compare with the original per-claim computation.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from crossfoot.language.rowfocus import _OPERATION, _cached_required, _year
from crossfoot.language.rowmatch import focus_group, states_a_cell, tokens
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import Mention, Sentence, SourceValue
from crossfoot.rules import ClaimContext, Options, Scope


def _cells(extra: int) -> list[SourceValue]:
    """A small table (EBITDA and Margin by year) plus ``extra`` filler cells in other rows."""
    cells = [
        SourceValue(Decimal("34.4"), "R1", row="Adjusted EBITDA", year=2019, table=0),
        SourceValue(Decimal("30.1"), "R1", row="Adjusted EBITDA", year=2020, table=0),
        SourceValue(Decimal("12.5"), "R1", "percent", row="Margin", year=2019, table=0),
    ]
    cells += [
        SourceValue(Decimal(i), "R1", row=f"Filler row {i}", year=2019, table=0)
        for i in range(extra)
    ]
    return cells


def _contexts(text: str, cells: list[SourceValue]) -> list[ClaimContext]:
    """One context per non-year number of ``text`` (one sentence), sharing one memo dict."""
    index = ValueIndex(cells)
    scope = Scope((), False, index, (index,))
    mentions: list[Mention] = []
    for word in text.rstrip(".").split():
        start = text.index(word)
        raw = word.strip("$%,")
        if raw.replace(".", "").isdigit():
            kind = (
                "year"
                if len(raw) == 4 and "." not in raw
                else ("percent" if word.endswith("%") else "money")
            )
            mentions.append(
                Mention(raw, start, start + len(raw), Decimal(raw), kind, Decimal("0.05"))
            )
    sentence = Sentence(0, 0, len(text), text)
    shared: dict[str, object] = {}
    return [
        ClaimContext(m, sentence, text, tuple(mentions), i, scope, Options(), shared=shared)
        for i, m in enumerate(mentions)
        if m.kind != "year"
    ]


def _plain(ctx: ClaimContext, amount: bool) -> bool:
    """states_a_cell as it was before the memos: per claim, no shared state."""
    s = ctx.sentence
    sentence = ctx.text[s.start : s.end]
    if _OPERATION.search(sentence):
        return False
    year = _year(ctx)
    if year is None:
        return False
    words = set(tokens(sentence))
    for sv in ctx.scope.values():
        if sv.year != year or sv.row is None or sv.table is None:
            continue
        if (sv.kind == "percent") == amount:
            continue
        req = _cached_required(sv.row)
        if req and req <= words:
            return True
    return False


@pytest.mark.parametrize("extra", [0, 300])  # a small scope and one over the eager-scan limit
@pytest.mark.parametrize(
    "text",
    [
        "The Adjusted EBITDA in 2019 is $34.4 and the margin was 12.5%.",
        "The Adjusted EBITDA in 2021 is $34.4 and in 2020 it is $30.1.",
        "Adjusted EBITDA was $34.4 and $30.1.",
        "The total Adjusted EBITDA in 2019 is $34.4.",
        "Sales in 2019 were $34.4.",
    ],
)
def test_states_a_cell_memo_equals_the_plain_check(text: str, extra: int) -> None:
    for ctx in _contexts(text, _cells(extra)):
        for amount in (True, False):
            assert states_a_cell(ctx, amount) == _plain(ctx, amount), (ctx.mention, amount)


def test_states_a_cell_is_true_for_the_named_row_and_year() -> None:
    ctxs = _contexts("The Adjusted EBITDA in 2019 is $34.4.", _cells(0))
    assert states_a_cell(ctxs[0], True)
    assert not states_a_cell(ctxs[0], False)  # no percent cell in that row


def test_focus_group_gives_one_index_per_sentence() -> None:
    ctxs = _contexts("Adjusted EBITDA was $34.4 and $30.1.", _cells(3))
    group = ctxs[0].scope.groups[0]
    first = focus_group(ctxs[0], group)
    assert first is not None and [sv.row for sv in first.values] == ["Adjusted EBITDA"] * 2
    assert focus_group(ctxs[1], group) is first  # the derivation search keys its data on it
