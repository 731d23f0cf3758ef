"""Round 36 (issue 19, speed50): readings of the direct match kept once per sentence or label.

- ``rules.cell_words``: the direction words of a label are looked for in the claim's part of its
  sentence only when the sentence itself holds one (once per sentence, not per claim);
- ``rules.signs._loss_line`` and ``rules._absent_period``'s dated column: read once per label.

Each against the plain reading it replaces; the gates also end to end (``check`` with the gate
and with it forced open give the same report).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.model.types import SourceValue
from crossfoot.rules import _absent_period, cell_words, signs

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
