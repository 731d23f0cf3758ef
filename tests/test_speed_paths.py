"""The fast paths of issue 19 (do less work per claim) give what the plain readings give.

Each fast path is checked against a direct reference implementation, on fixed cases and on
hypothesis-generated ones, so a gate that drops a row, a cell or a claim fails here.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot.sources.rows_names import _Labels, labels_named, row_named


def _reference_rows_in(labels: list[str | None], low: str) -> list[int]:
    lower = [label.lower() if label else "\x00" for label in labels]
    return [i for i, label in enumerate(lower) if label in low]


def _reference_labels_named(labels: list[str | None], text: str) -> list[str]:
    return [label for label in labels if label and row_named(label, text)]


def test_rows_in_by_label_index_on_many_rows() -> None:
    labels: list[str | None] = [f"item {i}" for i in range(1, 5000)]
    labels += [None, "Europe", "item 7", "item 7"]  # a label held by three rows
    low = "item 7 and item 4999 beat europe; item 70 too."
    got = list(_Labels(labels).rows_in(low))
    assert got == _reference_rows_in(labels, low)
    assert {6, 69, 4998, 5000, 5001, 5002} <= set(got)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text("abE 1_-", min_size=1, max_size=4)), max_size=60),
    st.text("abE 1_-.", max_size=8),
)
def test_rows_in_property(labels: list[str | None], text: str) -> None:
    # short texts against many labels take the label index; long ones the per-label search
    low = text.lower()
    assert list(_Labels(labels).rows_in(low)) == _reference_rows_in(labels, low)
    assert list(_Labels(labels).rows_in(low * 9)) == _reference_rows_in(labels, low * 9)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.sampled_from(["a b", "ab", "E 1", "b", "a  b", "1"])), max_size=80
    ),
    st.text("abE 1_-.", max_size=10),
)
def test_labels_named_property(labels: list[str | None], text: str) -> None:
    labels = [label.strip() or None if label else None for label in labels]
    assert labels_named(_Labels(labels), text) == _reference_labels_named(labels, text)


# ------------------------------------------------------------------ check() reuses read sources


def test_check_reuses_the_sources_of_the_same_strings_only() -> None:
    from crossfoot import check
    from crossfoot.front.check import Checker

    passages = ["Revenue was $3,214 million in 2024.", "Costs were $1,100 million."]
    first = Checker(passages).sources
    assert Checker(list(passages)).sources is first  # equal strings: read once
    assert Checker(tuple(passages)).sources is first
    changed = ["Revenue was $3,215 million in 2024.", passages[1]]
    assert Checker(changed).sources is not first
    # the verdicts follow the text given, never a list read before
    assert check("Revenue was $3,214 million [1].", passages).passed
    assert not check("Revenue was $3,214 million [1].", changed).passed
    assert check("Revenue was $3,215 million [1].", changed).passed
    records = [{"id": "R1", "fields": {"revenue": 5}}]
    assert Checker(records).sources is not Checker(records).sources  # records: read each time


# ------------------------------------------------------------------ value types built slot by slot


def test_fast_init_sets_every_field_as_the_dataclass_would() -> None:
    import dataclasses
    import inspect

    from crossfoot.model.context import Verdict
    from crossfoot.model.types import Claim, Evidence, Mention, Sentence, Source, SourceValue
    from crossfoot.report.result import Report

    for cls in (Mention, SourceValue, Source, Sentence, Evidence, Claim, Verdict, Report):
        fields = dataclasses.fields(cls)
        names = [f.name for f in fields]
        assert list(inspect.signature(cls).parameters) == names, cls
        required = [f.name for f in fields if f.default is dataclasses.MISSING]
        given = {name: object() for name in required}
        made = cls(**given)
        for f in fields:
            want = given[f.name] if f.name in given else f.default
            assert getattr(made, f.name) is want, (cls, f.name)
        every = [object() for _ in names]
        made = cls(*every)
        assert [getattr(made, n) for n in names] == every, cls
        assert dataclasses.replace(made, **{names[0]: 1}).__getattribute__(names[0]) == 1
        try:
            setattr(made, names[0], 2)
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"{cls.__name__} is no longer frozen")


def test_engine_marks_non_claims_on_a_copy_equal_but_for_the_mark() -> None:
    import dataclasses

    from crossfoot.language.claims import _with_claim
    from crossfoot.numbers.extract import extract

    for m in extract("In 2024 about $3.2bn (up 40 to 50%) and -1,234.5 thousand units, ~7."):
        for flag in (True, False):
            assert _with_claim(m, flag) == dataclasses.replace(m, claim=flag)


# ------------------------------------------------------------------ trace: an answer with no number


def test_trace_without_numbers_reports_as_with_every_cell() -> None:
    from crossfoot import trace
    from crossfoot.engine import verify
    from crossfoot.front.policy import DEFAULT
    from crossfoot.front.trace import _options
    from crossfoot.sources.rows import AnswerOperands, read_tables

    rows = [{"region": "EU", "stores": 52}, {"region": "US", "stores": 61}]
    results = {"Q1": rows, "notes": "EU opened two stores."}
    for text in ("EU leads [Q1].", "See [Q9] and [notes].", "No figures here.", ""):
        got = trace(text, results=results).to_dict()
        tables, prose, order, issues = read_tables(results=results)
        ops = AnswerOperands(tables, prose, order, issues, DEFAULT.max_rows)
        full = verify(text, ops.sources_for(text), _options(DEFAULT, 30), found=[])
        assert got == full.to_dict(), text
        assert ops.bare().ids == ops.sources_for(text).ids


# ------------------------------------------------------------------ many row keys: one scan


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text("aZſK² $€(-+−., 1%Mk\n\x00", max_size=8), min_size=64, max_size=90))
def test_may_be_numbers_on_many_texts_keeps_every_text_the_cell_pattern_matches(
    texts: list[str],
) -> None:
    from crossfoot.sources.rows_cells import _CELL, _may_be_numbers

    texts = [*texts, "1234", "2024 5", "USD 5", "abcd 5", "²abc5", "EUR5", "(12)", " item 3"]
    kept = list(_may_be_numbers(texts))
    assert [t for t in kept if _CELL.match(t)] == [t for t in texts if _CELL.match(t)]
    assert len(kept) <= len(texts)


# ------------------------------------------------------------------ engine: labels once per sources


def test_engine_labels_with_digits_as_read_value_by_value() -> None:
    from crossfoot.engine import _labels
    from crossfoot.sources.load import load_sources

    table = (
        '[["", "2019", "2-5 Years", "Total"], ["Leases 2", "1", "2", "3"], ["Debt", "4", "5", "6"]]'
    )
    ss = load_sources([table, "Nothing here but 7 apples."])
    want: dict[str, None] = {}
    for v in ss.index(None).values:
        if v.table is not None:
            for label in (v.row, v.column):
                if label and any(ch.isdigit() for ch in label):
                    want.setdefault(label, None)
    assert _labels(ss) == tuple(want) and "2-5 Years" in want
    assert _labels(ss) is _labels(ss)  # kept for this SourceSet
    other = load_sources(['[["", "Q1"], ["Sales", "9"]]'])
    assert _labels(other) == ("Q1",)
