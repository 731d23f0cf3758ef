"""Loading sources: input shapes, errors, values with provenance, resolution, indexes."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crossfoot.model.errors import SourceError
from crossfoot.model.types import Source, SourceValue
from crossfoot.sources.load import MAX_SOURCE_CHARS, SourceSet, load_sources

VECTORS = json.loads((Path(__file__).parent / "vectors" / "sources.json").read_text("utf-8"))


def _has(values: tuple[SourceValue, ...], want: dict[str, Any]) -> bool:
    for v in values:
        ok = True
        for key, expected in want.items():
            got = getattr(v, key)
            if key in ("value", "precision"):
                ok = got == Decimal(expected)
            else:
                ok = got == expected
            if not ok:
                break
        if ok:
            return True
    return False


@pytest.mark.parametrize("case", VECTORS["cases"], ids=[c["name"] for c in VECTORS["cases"]])
def test_vectors(case: dict[str, Any]) -> None:
    ss = load_sources(case["sources"])
    for sid, spec in case["expect"].items():
        source = ss.get(sid)
        assert source is not None, sid
        if "count" in spec:
            assert len(source.values) == spec["count"], [v.label for v in source.values]
        for want in spec["values"]:
            assert _has(source.values, want), (want, source.values)


# --- input shapes ----------------------------------------------------------------------------


def test_plain_strings_get_positional_ids_and_aliases() -> None:
    ss = load_sources(["first text", "second text"])
    assert [s.id for s in ss.sources] == ["S1", "S2"]
    assert ss.sources[1].aliases == frozenset({"2", "S2"})
    assert ss.sources[0].text == "first text"


def test_single_string() -> None:
    ss = load_sources("Revenue was 5.")
    assert [s.id for s in ss.sources] == ["S1"]


def test_dict_of_id_to_text_and_record_body() -> None:
    ss = load_sources({"doc-a": "no numbers here", "R2": {"fields": {"x": 3}, "title": "T"}})
    assert ss.ids == ("doc-a", "R2")
    assert [v.value for v in ss.get("R2").values] == [Decimal(3)]  # type: ignore[union-attr]


def test_single_record_dict() -> None:
    ss = load_sources({"id": "R1", "fields": {"a": 1}})
    assert ss.ids == ("R1",)


def test_mixed_list_with_built_source() -> None:
    built = Source("X9", values=(SourceValue(Decimal(7), "X9"),))
    ss = load_sources(["plain", {"id": "R1", "fields": {"a": 1}}, built])
    assert ss.ids == ("S1", "R1", "X9")
    assert ss.get("X9") is built


def test_sourceset_is_returned_as_is() -> None:
    ss = load_sources(["a"])
    assert load_sources(ss) is ss


def test_record_with_text_fields_and_tables_together() -> None:
    ss = load_sources(
        [
            {
                "id": "R1",
                "title": "Results",
                "fields": {"revenue_2024": 10},
                "table": [["", "2024"], ["Costs", "4"]],
                "tables": [[["", "2023"], ["Costs", "3"]], '[["", "2022"], ["Costs", "2"]]'],
            }
        ]
    )
    values = ss.get("R1").values  # type: ignore[union-attr]
    assert [(v.label, v.value, v.table) for v in values] == [
        ("revenue_2024", Decimal(10), None),
        ("Costs / 2024", Decimal(4), 0),
        ("Costs / 2023", Decimal(3), 1),
        ("Costs / 2022", Decimal(2), 2),
    ]


def test_numeric_cells_in_explicit_tables() -> None:
    ss = load_sources([{"id": "R1", "table": [["", "2024"], ["Units", 1200], ["Rate", 0.25]]}])
    values = ss.get("R1").values  # type: ignore[union-attr]
    assert [(v.value, v.precision) for v in values] == [
        (Decimal(1200), Decimal("0.5")),
        (Decimal("0.25"), Decimal("0.005")),
    ]


def test_float_and_decimal_fields_are_exact() -> None:
    ss = load_sources([{"id": "R1", "fields": {"a": 0.1, "b": Decimal("2.50"), "c": "(1,234)"}}])
    values = ss.get("R1").values  # type: ignore[union-attr]
    assert [(v.value, v.precision) for v in values] == [
        (Decimal("0.1"), Decimal(0)),
        (Decimal("2.50"), Decimal(0)),
        (Decimal(-1234), Decimal(0)),
    ]


def test_unit_header_of_the_source() -> None:
    ss = load_sources(
        [{"id": "R1", "text": "All figures (in thousands).", "table": [["a", "5"], ["b", "6"]]}]
    )
    source = ss.get("R1")
    assert source is not None and source.unit_header == "(in thousands)"
    assert {v.value for v in source.values if v.view == "true"} == {Decimal(5000), Decimal(6000)}


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sources", "needles"),
    [
        ([{"id": "R1", "colour": "red"}], ["'colour'", "fields, id, table, tables, text, title"]),
        ([{"text": "x"}], ["sources[0]", '"id"']),
        (["a", {"fields": {}}], ["sources[1]", '"id"']),
        ([{"id": 5}], ["sources[0]", "non-empty string", "5"]),
        ([{"id": "R1"}, {"id": "R1"}], ["sources[1]", "duplicate", "'R1'"]),
        (["a", 42], ["sources[1]", "int"]),
        (42, ["sources", "int"]),
        ({"R1": {"id": "R2"}}, ["'R2'", "'R1'"]),
        ([{"id": "R1", "text": 5}], ["record 'R1'", '"text"', "int"]),
        ([{"id": "R1", "fields": [1]}], ["record 'R1'", '"fields"', "list"]),
        (
            [{"id": "R1", "fields": {"a": "lots"}}],
            ["record 'R1'", "field 'a'", "'lots'", "numeric"],
        ),
        ([{"id": "R1", "fields": {"a": True}}], ["record 'R1'", "field 'a'", "True"]),
        ([{"id": "R1", "fields": {"a": None}}], ["record 'R1'", "field 'a'", "None"]),
        ([{"id": "R1", "fields": {"a": float("nan")}}], ["record 'R1'", "field 'a'", "nan"]),
        ([{"id": "R1", "fields": {"a": Decimal("NaN")}}], ["record 'R1'", "field 'a'"]),
        ([{"id": "R1", "fields": {"a": [1, 2]}}], ["record 'R1'", "field 'a'", "list"]),
        (
            [{"id": "R1", "table": [["", "2019", "2018"], ["Sales", "5", "4"], ["Costs", "3"]]}],
            ["record 'R1'", "table 0", "row 2", "expected 3 cells", "got 2"],
        ),
        ([{"id": "R1", "tables": [[["a", "1"]], "no table here"]}], ["record 'R1'", "table 1"]),
        ([{"id": "R1", "table": [["a", {"x": 1}]]}], ["record 'R1'", "table 0", "row 0", "cell 1"]),
        ([{"id": "R1", "table": "x"}], ["record 'R1'", "table 0"]),
        ([{"id": "R1", "table": 3}], ["record 'R1'", "table 0", "int"]),
    ],
)
def test_errors_name_the_problem(sources: object, needles: list[str]) -> None:
    with pytest.raises(SourceError) as info:
        load_sources(sources)
    message = str(info.value)
    for needle in needles:
        assert needle in message, (needle, message)


def test_source_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        load_sources([{"id": "R1", "oops": 1}])


# --- resolution ------------------------------------------------------------------------------


def test_resolve_plain_string_tokens() -> None:
    ss = load_sources(["alpha", "beta"])
    for token in ("R1", "r1", "S1", "s1", "1", "[1]", " 1 "):
        assert ss.resolve(token) is ss.sources[0], token
    assert ss.resolve("3") is None
    assert ss.resolve("") is None


def test_resolve_ids_of_any_shape() -> None:
    ss = load_sources({"report-2024": "a", "D2": "b", "Q": "c"})
    assert ss.resolve("REPORT-2024").id == "report-2024"  # type: ignore[union-attr]
    assert ss.resolve("doc 2").id == "D2"  # type: ignore[union-attr]
    assert ss.resolve("2").id == "D2"  # type: ignore[union-attr]
    assert ss.resolve("q").id == "Q"  # type: ignore[union-attr]
    assert ss.resolve("sic") is None


def test_resolve_prefers_exact_then_same_prefix_and_refuses_ambiguity() -> None:
    ss = load_sources({"1": "a", "R1": "b", "A2": "c", "B2": "d"})
    assert ss.resolve("1").id == "1"  # type: ignore[union-attr]
    assert ss.resolve("r1").id == "R1"  # type: ignore[union-attr]
    assert ss.resolve("b-2").id == "B2"  # type: ignore[union-attr]
    assert ss.resolve("2") is None  # A2 or B2?
    assert ss.resolve("C2") is None


def test_exact_id_beats_positional_alias() -> None:
    ss = load_sources(["plain", {"id": "1", "fields": {"a": 1}}])
    assert ss.resolve("1").id == "1"  # type: ignore[union-attr]
    assert ss.resolve("S1").id == "S1"  # type: ignore[union-attr]


def test_get_is_exact() -> None:
    ss = load_sources({"R1": "a"})
    assert ss.get("R1") is not None
    assert ss.get("r1") is None


# --- indexes and groups ----------------------------------------------------------------------


def _two_records() -> SourceSet:
    alias = SourceValue(Decimal("2.2"), "R2", operand=False, view="written")
    return load_sources(
        [
            {"id": "R1", "fields": {"a": 1, "b": 2}},
            Source("R2", values=(SourceValue(Decimal(2_200_000_000), "R2"), alias)),
        ]
    )


def test_index_is_cached_and_scoped() -> None:
    ss = _two_records()
    everything = ss.index()
    assert ss.index() is everything
    assert ss.index(None) is everything
    assert len(everything) == 4
    r1 = ss.index(("R1",))
    assert ss.index(("R1",)) is r1
    assert [v.value for v in r1] == [Decimal(1), Decimal(2)]
    assert [v.source_id for v in ss.index(("R2",)).between(Decimal(2), Decimal(3))] == ["R2"]


def test_index_unknown_id() -> None:
    with pytest.raises(SourceError, match="'R9'"):
        _two_records().index(("R9",))


def test_groups_cited_and_uncited_leave_out_aliases() -> None:
    ss = _two_records()
    (cited,) = ss.groups(("R1", "R2"), True)
    assert len(cited) == 3  # the alias 2.2 matches directly but is never an operand
    uncited = ss.groups(None, False)
    assert [len(g) for g in uncited] == [2, 1]
    assert ss.groups(None, False) is uncited


# --- truncation ------------------------------------------------------------------------------


def test_truncation_at_the_indexing_limit() -> None:
    assert MAX_SOURCE_CHARS == 1_000_000
    filler = "x " * (MAX_SOURCE_CHARS // 2)
    text = '[["", "2024"], ["Sales", "5"]] ' + filler + '[["", "2023"], ["Sales", "6"]]'
    ss = load_sources({"R1": text})
    source = ss.get("R1")
    assert source is not None and source.truncated
    assert source.text == text
    assert ss.issues == ("source R1: only the first 1,000,000 characters were indexed",)
    assert [v.value for v in source.values] == [Decimal(5)]


def test_short_source_is_not_truncated() -> None:
    ss = load_sources(["short"])
    assert not ss.sources[0].truncated
    assert ss.issues == ()


# --- prose (needs crossfoot.numbers.extract)


def test_prose_numbers_and_scale_aliases() -> None:
    text = "In 2024 revenue was $2.2 billion, up 12% on the prior year."
    (source,) = load_sources([text]).sources
    by_value = {v.value: v for v in source.values}
    assert Decimal(2024) not in by_value  # years are not values
    full = by_value[Decimal(2_200_000_000)]
    assert (full.kind, full.view, full.operand, full.currency) == ("money", "both", True, "$")
    assert full.precision == Decimal(50_000_000)
    assert full.span is not None and text[full.span[0] : full.span[1]].startswith("$2.2")
    alias = by_value[Decimal("2.2")]
    assert (alias.operand, alias.view, alias.precision) == (False, "written", Decimal("0.05"))
    assert "as written" in alias.label
    pct = by_value[Decimal(12)]
    assert pct.kind == "percent" and pct.precision == Decimal("0.5")
    assert len(source.values) == 3


def test_table_numbers_are_not_read_twice_as_prose() -> None:
    text = 'Net sales rose to 7,630.0. [["", "2019"], ["Net sales", "7,630.0"]] Margin was 4.5%.'
    (source,) = load_sources([text]).sources
    values = [(v.value, v.table) for v in source.values]
    assert sorted(values, key=str) == sorted(
        [(Decimal("7630.0"), None), (Decimal("7630.0"), 0), (Decimal("4.5"), None)], key=str
    )


def test_cell_fallback_uses_extract() -> None:
    text = "- | 2007 | 2006\nrate | 4.1% | 5.0%\nvolatility | 27% ( 27 % ) | 28% ( 28 % )"
    (source,) = load_sources([text]).sources
    assert [(v.row, v.year, v.value) for v in source.values if v.row == "volatility"] == [
        ("volatility", 2007, Decimal(27)),
        ("volatility", 2006, Decimal(28)),
    ]


# --- unit headers across passages ------------------------------------------------------------


def test_unit_header_in_one_passage_governs_a_table_in_another() -> None:
    table = '[["", "2019"], ["Other", "44.1"]]'
    ss = load_sources([table, "Sales by contract type (in millions):"])
    views = {v.view: v for v in ss.sources[0].values}
    assert set(views) == {"written", "true"}
    assert views["true"].value == Decimal("44100000")
    assert views["true"].unit_header == "(in millions)"
    assert ss.sources[0].unit_header == "(in millions)"


def test_passages_that_disagree_on_the_unit_scale_nothing() -> None:
    table = '[["", "2019"], ["Other", "44.1"]]'
    ss = load_sources([table, "Costs (in millions).", "Staff (in thousands)."])
    assert [v.view for v in ss.sources[0].values] == ["both"]


def test_records_do_not_borrow_units_from_other_sources() -> None:
    ss = load_sources(
        [{"id": "R1", "table": [["", "2019"], ["Other", "44.1"]]}, "Costs (in millions)."]
    )
    assert [v.view for v in ss.get("R1").values] == ["both"]  # type: ignore[union-attr]


def test_lone_unit_cell_is_the_table_unit_not_part_of_a_column_label() -> None:
    text = '[["", "2019", "2018"], ["", "(in millions)", ""], ["Sales", "5", "4"]]'
    values = load_sources([text]).sources[0].values
    assert {(v.column, v.view, v.value) for v in values} == {
        ("2019", "written", Decimal(5)),
        ("2019", "true", Decimal(5_000_000)),
        ("2018", "written", Decimal(4)),
        ("2018", "true", Decimal(4_000_000)),
    }


@given(st.integers(min_value=1, max_value=12))
def test_every_plain_string_resolves_by_number_and_id(n: int) -> None:
    ss = load_sources([f"passage {i}" for i in range(n)])
    for i, source in enumerate(ss.sources, start=1):
        for token in (str(i), f"S{i}", f"s{i}", f"[{i}]", f"R{i}", f"Doc {i}"):
            assert ss.resolve(token) is source, token
    assert ss.resolve(str(n + 1)) is None


def test_a_cell_that_restates_its_number_keeps_the_signed_reading() -> None:
    text = '[["", "2006"], ["deferred income taxes", "-3000 ( 3000 )"], ["goodwill", "6900"]]'
    values = load_sources([text]).sources[0].values
    assert [(v.row, v.value) for v in values] == [
        ("deferred income taxes", Decimal(-3000)),
        ("goodwill", Decimal(6900)),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Revenue rose from $2.9bn in 2023 to $3.2bn in 2024.", {"2.9": 2023, "3.2": 2024}),
        ("In 2024, revenue rose to $3.2bn from $2.9bn. Costs were $1.1bn.", {"3.2": 2024}),
        # paired by position (convfinqa7)
        (
            "Revenue for 2023 and 2024 was $2.9bn and $3.2bn, respectively.",
            {"2.9": 2023, "3.2": 2024},
        ),
        ("Revenue for 2023 and 2024 was $2.9bn, $3.2bn and $3.4bn, respectively.", {}),
        (
            "Cash was $5m at December 31, 2019; staff 400 as of Dec. 31, 2018.",
            {"5": 2019, "400": 2018},
        ),
        ("in 2012 sales were $ 5 million . costs were 7 million in total .", {"5": 2012}),
        ("Sales in 2022 and 2023 were 40 units.", {}),
    ],
)
def test_year_of_a_prose_number_only_when_the_sentence_says_it_plainly(
    text: str, expected: dict[str, int]
) -> None:
    values = load_sources([text]).sources[0].values
    got = {str(v.value): v.year for v in values if v.view == "written" or v.value < 1000}
    assert {k: y for k, y in got.items() if y is not None} == expected


def test_prose_labels_never_reach_back_past_another_number() -> None:
    text = "Revenue was $2.9bn in 2023 and $3.2bn in 2024."
    labels = [v.label for v in load_sources([text]).sources[0].values if v.view == "both"]
    assert labels == ["Revenue was $2.9bn", "and $3.2bn"]
