"""Round 38 (issue 19, speed53): fast paths of ``check()``'s derivation rules, against the plain
readings they replace.

- ``rules._focus_rows.named_table_rows``: the rows of the scope's tables a claim's sentence names
  (the derivations' focus ``rules._derive_shared._focus``, and ``rules._line_rows.named_rows``,
  which needs those rows alone), read once per answer, groups and sentence text. The property
  compares it with the plain reading (every label of the groups against the sentence) over
  random labels and sentences, with claims of several sentences and two groups read in one
  answer; the twins show the memo keyed by the groups and by the sentence.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.language.collective_lines import names_part_row
from crossfoot.model.context import ClaimContext, Scope
from crossfoot.model.index import ValueIndex
from crossfoot.model.options import Options
from crossfoot.model.types import Mention, Sentence, SourceValue
from crossfoot.rules._focus_rows import named_table_rows
from crossfoot.rules._month_focus import period_row

_WORDS = ("North", "West", "South", "Revenue", "Net", "Total", "Cost", "of", "sales", "2023")
_LABEL = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3).map(" ".join)


def _group(labels: list[str], table: int) -> ValueIndex:
    return ValueIndex(
        SourceValue(Decimal(i + 1), "S", row=lab, table=table, row_index=i, col_index=1)
        for i, lab in enumerate(labels)
    )


def _ctx(text: str, groups: tuple[ValueIndex, ...], shared: dict[str, object]) -> ClaimContext:
    m = Mention("1", 0, 1, Decimal(1), "number", Decimal("0.5"))
    scope = Scope((), False, groups[0], groups)
    return ClaimContext(
        m, Sentence(0, 0, len(text), text), text, (m,), 0, scope, Options(), shared=shared
    )


def _plain(ctx: ClaimContext) -> dict[tuple[str, int], frozenset[int]]:
    """The reading as ``_focus`` made it for every claim before round 38."""
    labels: dict[tuple[str, int], dict[int, str]] = {}
    for group in ctx.scope.groups:
        for v in group.values:
            if v.table is not None and v.row_index is not None and v.row and not period_row(v):
                labels.setdefault((v.source_id, v.table), {})[v.row_index] = v.row
    rows: dict[tuple[str, int], frozenset[int]] = {}
    for key, by_index in labels.items():
        named = frozenset(
            i for i, lab in by_index.items() if names_part_row(lab, ctx.sentence.text)
        )
        if named:
            rows[key] = named
    return rows


@settings(max_examples=40, deadline=None)
@given(
    st.lists(_LABEL, min_size=1, max_size=6),
    st.lists(_LABEL, min_size=1, max_size=4),
    st.lists(st.lists(st.sampled_from(_WORDS), max_size=6).map(" ".join), min_size=1, max_size=4),
)
def test_named_table_rows_is_the_plain_reading(
    first: list[str], second: list[str], sentences: list[str]
) -> None:
    one = (_group(first, 0),)
    two = (_group(first, 0), _group(second, 1))
    shared: dict[str, object] = {}  # (one answer: the memo is filled across its claims)
    for text in sentences + sentences:
        for groups in (one, two):
            ctx = _ctx(text, groups, shared)
            got = named_table_rows(ctx)
            assert got == _plain(ctx)
            assert list(got) == list(_plain(ctx))  # (the same order of tables)


def test_the_memo_is_keyed_by_groups_and_sentence() -> None:
    shared: dict[str, object] = {}
    abc = (_group(["North", "West", "South"], 0),)
    other = (_group(["South", "Revenue"], 0),)
    assert named_table_rows(_ctx("North and South sold 9.", abc, shared)) == {
        ("S", 0): frozenset({0, 2})
    }
    # another sentence over the same groups, and the same sentence over a cut scope's groups
    assert named_table_rows(_ctx("West sold 3.", abc, shared)) == {("S", 0): frozenset({1})}
    assert named_table_rows(_ctx("North and South sold 9.", other, shared)) == {
        ("S", 0): frozenset({0})
    }
    assert named_table_rows(_ctx("Nothing here.", abc, shared)) == {}
