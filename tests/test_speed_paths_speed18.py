"""The fast paths of round 12's ``check()`` work (issue 19, speed18) answer as the plain readings.

- ``rules.part_of_change._pairs_of``: the pairs of a group, made with a value's period, table,
  row and column read once and the pairs no period orders or no row or column aligns skipped
  first, against the plain loop over every two amounts with the rule's own tests;
- ``language.years.date_at_end``: a text with no month name and no "-", "/" or "." is not
  scanned, against the plain scan;
- ``language.order._date_hint``: the marks' positions against ``_DATE_HINT.search``;
- the word gates added this round (``language.changewords._WORDED_CHANGE``,
  ``language.years._MONTH_NAMES``) are proven with every gate of the package by
  ``tests/test_speed_paths_speed8.py``; here a gate missing any one word is caught.

Each fast path is also broken on purpose, and the same comparison finds it.
"""

from __future__ import annotations

import importlib
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from crossfoot.language import changewords, order, years
from crossfoot.language.years import known_order, same_quantity
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue
from crossfoot.model.wordgate import FOLDS_TO_ASCII, WordGated
from crossfoot.rules._derive_kinds import operand_class, same_item, views_compatible

# (the package re-exports the rule function under the module's name)
part_of_change = importlib.import_module("crossfoot.rules.part_of_change")
_SETTINGS = settings(
    max_examples=200, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)


# --- rules.part_of_change._pairs_of ---------------------------------------------------------


def _plain_pairs(group: ValueIndex, most: int) -> list[Any] | None:
    """The loop _pairs_of replaces (as it was before this round)."""
    amounts = [v for v in group.values if operand_class(v) == "amount"]
    if len(amounts) > part_of_change._MAX_VALUES:
        return None
    out = []
    for i, a in enumerate(amounts):
        for b in amounts[i + 1 :]:
            if a.value == b.value or same_item(a, b) or not views_compatible(a, b):
                continue
            got = known_order(a, b)
            if got is not None and same_quantity(a, b):
                out.append(got)
                if len(out) > most:
                    return None
    return out


_NAMES = st.sampled_from(
    [None, "2019", "2018", "FY20", "Q3 2019", "Q1 2019", "h2 2018", "Revenue", "revenue_2019",
     "costs_2018", "revenue_2018", "Change 2019 and 2018", "Total"]
)  # fmt: skip


@st.composite
def _values(draw: st.DrawFn) -> SourceValue:
    in_table = draw(st.booleans())
    return SourceValue(
        Decimal(draw(st.integers(-3, 12))),
        draw(st.sampled_from(["S1", "S2"])),
        kind=draw(st.sampled_from(["number", "money", "number", "percent"])),
        field=None if in_table else draw(_NAMES),
        row=draw(_NAMES),
        column=draw(_NAMES),
        year=draw(st.sampled_from([None, None, 2017, 2018, 2019])),
        table=draw(st.sampled_from([0, 1])) if in_table else None,
        row_index=draw(st.integers(0, 4)) if in_table else None,
        col_index=draw(st.integers(0, 3)) if in_table else None,
        span=None if in_table else draw(st.sampled_from([None, (0, 3), (5, 9)])),
        view=draw(st.sampled_from(["both", "both", "true", "written"])),
    )


def _group(values: list[SourceValue]) -> ValueIndex:
    return ValueIndex(values)


@_SETTINGS
@given(st.lists(_values(), max_size=24), st.integers(0, 40))
def test_pairs_of_reads_as_the_plain_loop(values: list[SourceValue], most: int) -> None:
    group = _group(values)
    assert part_of_change._pairs_of(group, most) == _plain_pairs(group, most)
    assert part_of_change._pairs_of(group, 10**6) == _plain_pairs(group, 10**6)


def _broken_pairs(group: ValueIndex, most: int) -> list[Any] | None:
    """A fast path that also skips two cells of one row of another source's same-numbered
    table (forgets the source in the alignment test)."""
    amounts = [v for v in group.values if operand_class(v) == "amount"]
    out = []
    for i, a in enumerate(amounts):
        for b in amounts[i + 1 :]:
            if a.table is not None and a.table == b.table and a.col_index != b.col_index:
                if a.row_index != b.row_index or a.source_id != b.source_id:
                    continue
            if a.value == b.value or same_item(a, b) or not views_compatible(a, b):
                continue
            got = known_order(a, b)
            if got is not None and same_quantity(a, b):
                out.append(got)
    return out


def test_a_broken_pairs_fast_path_is_caught() -> None:
    found = find(
        st.lists(_values(), max_size=10),
        lambda vs: _broken_pairs(_group(vs), 10**6) != _plain_pairs(_group(vs), 10**6),
        settings=settings(max_examples=5000, database=None, phases=[Phase.generate]),
    )
    assert _plain_pairs(_group(found), 10**6)


def test_pairs_of_fixed_case() -> None:
    """A table's row over two years pairs up; two cells off each other's row and column, and
    two of one year, do not."""

    def cell(value: int, row: int, col: int, column: str) -> SourceValue:
        return SourceValue(
            Decimal(value), "S1", row="Sales", column=column, table=0, row_index=row,
            col_index=col, year=int(column),
        )  # fmt: skip

    a, b = cell(5, 1, 1, "2019"), cell(7, 1, 2, "2018")
    c, d = cell(9, 2, 2, "2018"), cell(11, 3, 1, "2019")
    group = _group([a, b, c, d])
    got = part_of_change._pairs_of(group, 100)
    assert got == _plain_pairs(group, 100)
    assert (b, a) in (got or []) and not any({x, y} == {a, c} for x, y in got or [])


# --- language.years.date_at_end and language.order._date_hint ---------------------------------

_DATE_PIECES = st.one_of(
    st.sampled_from(
        ["June", "jun.", "Sept", "\u017fep", "MAY", "30", "3", "2019", "2025", "12", ",", " ",
         "-", "/", ".", "st", "th", "on ", "x", "1.5", "20", "19"]
    ),
    st.text(max_size=3),
    st.sampled_from(list(FOLDS_TO_ASCII)),
)  # fmt: skip


def _plain_date_at_end(text: str) -> tuple[int, int, int] | None:
    ends = [m for m in years._DATE.finditer(text) if m.end() == len(text)]
    return years._date(ends[-1]) if ends else None


@_SETTINGS
@given(st.lists(_DATE_PIECES, max_size=12).map("".join))
def test_date_at_end_reads_as_the_plain_scan(text: str) -> None:
    assert years.date_at_end(text) == _plain_date_at_end(text)


@pytest.mark.parametrize(
    "text", ["was $48.20 on June 30, 2025", "on 30 \u017fept 2019", "as of 2019-06-30", "3/31/2019"]
)
def test_date_at_end_fixed_cases(text: str) -> None:
    assert years.date_at_end(text) == _plain_date_at_end(text) is not None


@_SETTINGS
@given(
    st.lists(st.sampled_from(["1", "2", ".", "/", "-", " ", "a", "\u0665", "\u00b2"]), max_size=10),
    st.integers(-2, 12),
    st.integers(-2, 14),
)
def test_date_hint_reads_as_the_pattern(chars: list[str], lo: int, hi: int) -> None:
    text = "".join(chars)
    assert order._date_hint(text, lo, hi) == (order._DATE_HINT.search(text, lo, hi) is not None)


def test_a_date_hint_without_its_bounds_is_caught() -> None:
    """A hint that reads the marks at the clause's very ends too ("2019-" + "1" past ``hi``)."""

    def broken(text: str, lo: int, hi: int) -> bool:
        return any(
            text[j - 1 : j].isdecimal() and text[j + 1 : j + 2].isdecimal()
            for j in range(max(lo, 0), min(hi, len(text)))
            if text[j] in "./-"
        )

    assert broken("2019-1", 0, 5) != (order._DATE_HINT.search("2019-1", 0, 5) is not None)


# --- the gates of this round: each word is needed ---------------------------------------------


# A text each word of a gate is needed for: the pattern matches it, and it holds no other word.
_WITNESSES = {
    "worded": {
        "change": "changed ", "increase": "increased ", "decrease": "decreased ", "grew": "grew ",
        "growth": "growth of ", "decline": "declined by ", "rose": "rose by about $",
        "fell": "fell ", "drop": "dropped ", "slid": "slid ", "climbed": "climbed ",
        "jumped": "jumped ", "reduc": "a reduction of ", "shrank": "shrank ",
        "widened": "widened ", "narrowed": "narrowed ", "surged": "surged ",
        "improved": "improved by ", "worsened": "worsened ", "deteriorated": "deteriorated by ",
        "plunged": "plunged ", "soared": "soared ", "tumbled": "tumbled ",
        "slumped": "slumped ", "up": "was UP ", "down": "were down EUR ", "rise": "a rise of ",
        "fall": "fall of ", "expanded": "expanded by ", "contracted": "contracted ",
    },
    "months": {w: w.upper() + "." for w in years._MONTHS},
}  # fmt: skip
_GATES = {"worded": changewords._WORDED_CHANGE, "months": years._MONTH_NAMES}


@pytest.mark.parametrize("name", sorted(_GATES))
def test_a_gate_missing_a_word_is_caught(name: str) -> None:
    gate, witnesses = _GATES[name], _WITNESSES[name]
    assert set(witnesses) == set(gate.words)
    for dropped, text in witnesses.items():
        broken = WordGated(gate.pattern, tuple(w for w in gate.words if w != dropped))
        assert gate.pattern.search(text) is not None, text
        assert gate.search(text) is not None
        assert broken.search(text) is None, (dropped, text)


def test_worded_change_fixed_cases() -> None:
    pattern = changewords._WORDED_CHANGE
    for before in ["revenue rose by about $", "an increase of ", "was UP ", "costs \u017fhrank "]:
        assert (pattern.search(before) is not None) == (pattern.pattern.search(before) is not None)
    assert pattern.search("revenue rose by about $") is not None
    assert pattern.search("the total revenue in 2019 was $") is None
