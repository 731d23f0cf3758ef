"""Result rows of every shape -> Sources with row/column provenance (crossfoot.sources.rows)."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections import namedtuple
from decimal import Decimal

import pytest

from crossfoot.model.errors import RowsError
from crossfoot.model.types import SourceValue
from crossfoot.sources.rows import (
    load_rows,
    parse_cell,
    read_results,
    rows_to_sources,
    same_unit,
    unit_family,
)

DICTS = [
    {"region": "North America", "revenue": 4_820_000, "orders": 61_300},
    {"region": "Europe", "revenue": 3_150_000, "orders": 47_900},
    {"region": "APAC", "revenue": 1_930_000, "orders": 35_100},
]
EXPECTED = {
    "revenue[North America]": Decimal(4_820_000),
    "orders[North America]": Decimal(61_300),
    "revenue[Europe]": Decimal(3_150_000),
    "orders[Europe]": Decimal(47_900),
    "revenue[APAC]": Decimal(1_930_000),
    "orders[APAC]": Decimal(35_100),
}


def labelled(rows: object = None, **kw: object) -> dict[str, Decimal]:
    (src,) = rows_to_sources(rows, **kw)  # type: ignore[arg-type]
    return {v.label: v.value for v in src.values}


def test_list_of_dicts_has_row_and_column_provenance() -> None:
    (src,) = rows_to_sources(DICTS)
    assert src.id == "Q1"
    assert {v.label: v.value for v in src.values} == EXPECTED
    first = src.values[0]
    assert (first.row, first.column, first.row_index, first.col_index, first.table) == (
        "North America",
        "revenue",
        0,
        1,
        0,
    )


def test_list_of_lists_with_header_row() -> None:
    rows = [["region", "revenue", "orders"]] + [list(d.values()) for d in DICTS]
    assert labelled(rows) == EXPECTED


def test_list_of_tuples_without_header_gets_positional_columns() -> None:
    rows = [tuple(d.values()) for d in DICTS]
    got = labelled(rows)
    assert got["col2[Europe]"] == Decimal(3_150_000)
    assert got["col3[APAC]"] == Decimal(35_100)


def test_columns_rows_mapping_and_split_orient() -> None:
    table = {"columns": ["region", "revenue", "orders"], "rows": [list(d.values()) for d in DICTS]}
    assert labelled(table) == EXPECTED
    split = {"index": [0, 1, 2], "columns": table["columns"], "data": table["rows"]}
    assert labelled(split) == EXPECTED


def test_column_oriented_mapping() -> None:
    cols = {k: [d[k] for d in DICTS] for k in ("region", "revenue", "orders")}
    assert labelled(cols) == EXPECTED


def test_pandas_dataframe_plain_and_indexed() -> None:
    import pandas as pd

    df = pd.DataFrame(DICTS)
    assert labelled(df) == EXPECTED
    assert labelled(df.set_index("region")) == EXPECTED


def test_pandas_nan_and_numpy_bool_are_not_numbers() -> None:
    import pandas as pd

    df = pd.DataFrame(
        {"region": ["A", "B"], "x": [1.5, float("nan")], "flag": [True, False], "n": [3, 4]}
    )
    got = labelled(df)
    assert got == {"x[A]": Decimal("1.5"), "n[A]": Decimal(3), "n[B]": Decimal(4)}


def test_sqlite_cursor_after_execute() -> None:
    con = sqlite3.connect(":memory:")
    con.execute("create table t (region text, revenue integer, orders integer)")
    con.executemany("insert into t values (?, ?, ?)", [tuple(d.values()) for d in DICTS])
    cur = con.execute("select region, revenue, orders from t")
    assert labelled(cur) == EXPECTED
    con.row_factory = sqlite3.Row
    rows = con.execute("select * from t").fetchall()
    assert labelled(rows) == EXPECTED


def test_cursor_without_result_is_an_error() -> None:
    con = sqlite3.connect(":memory:")
    cur = con.cursor()
    with pytest.raises(RowsError, match=r"Q1: the cursor has no result"):
        rows_to_sources(cur)


def test_several_result_sets_named_by_position_or_given_name() -> None:
    a = [{"region": "EU", "stores": 52}]
    b = [{"month": "Jan", "visits": 900}]
    assert [s.id for s in rows_to_sources(results=[a, b])] == ["Q1", "Q2"]
    named = rows_to_sources(results={"stores": a, "traffic": b})
    assert [s.id for s in named] == ["stores", "traffic"]
    assert named[1].values[0].label == "visits[Jan]"
    both = rows_to_sources(a, results=[b])
    assert [s.id for s in both] == ["Q1", "Q2"]


def test_json_api_response_nested_objects_flattened() -> None:
    response = {
        "data": [
            {"store": {"name": "Lyon", "city": "Lyon"}, "sales": {"total": 1200, "net": 1100}},
            {"store": {"name": "Oslo", "city": "Oslo"}, "sales": {"total": 900, "net": 850}},
        ],
        "meta": {"page": 1, "total_count": 2},
    }
    sets = read_results(response)
    assert sets[0].columns == ("store.name", "store.city", "sales.total", "sales.net")
    srcs = rows_to_sources(response)
    got = {v.label: v.value for v in srcs[0].values}
    assert got["sales.total[Lyon]"] == 1200
    assert got["sales.net[Oslo]"] == 850
    meta = {v.label for v in srcs[1].values}
    assert meta == {"meta.page[row 1]", "meta.total_count[row 1]"}


def test_objects_namedtuples_and_dataclasses() -> None:
    Row = namedtuple("Row", "region revenue orders")
    assert labelled([Row(*d.values()) for d in DICTS]) == EXPECTED

    @dataclasses.dataclass
    class R:
        region: str
        revenue: int
        orders: int

    assert labelled([R(**d) for d in DICTS]) == EXPECTED


@pytest.mark.parametrize(
    ("cell", "value", "kind", "currency"),
    [
        ("4,820,000", "4820000", "number", None),
        ("$1,200", "1200", "money", "$"),
        ("12%", "12", "percent", None),
        ("(1,234)", "-1234", "number", None),
        ("−5.5", "-5.5", "number", None),
        ("1.234.567,89", "1234567.89", "number", None),
        ("12,34,567", "1234567", "number", None),
        ("1 234 567", "1234567", "number", None),
        ("€3.150.000", "3150000", "money", "€"),
        ("EUR 1.200,50", "1200.50", "money", "EUR"),
        ("1.2e6", "1.2E+6", "number", None),
        ("$4.8M", "4800000", "money", "$"),
        ("₹2.5 crore", "25000000", "money", "₹"),
        (Decimal("19.99"), "19.99", "number", None),
        (0.1, "0.1", "number", None),
    ],
)
def test_parse_cell(cell: object, value: str, kind: str, currency: str | None) -> None:
    parsed = parse_cell(cell)
    assert parsed is not None
    assert parsed.value == Decimal(value)
    assert (parsed.kind, parsed.currency) == (kind, currency)


@pytest.mark.parametrize(
    "cell",
    [
        True,
        False,
        None,
        float("nan"),
        float("inf"),
        Decimal("NaN"),
        "",
        "n/a",
        "North America",
        "B01003e1",
        "2024-03-01",
        "v1.2.3",
        b"12",
    ],
)
def test_not_numbers(cell: object) -> None:
    assert parse_cell(cell) is None


def test_parse_strings_off_keeps_only_real_numbers() -> None:
    rows = [{"region": "EU", "revenue": "$3,150,000", "orders": 47_900}]
    assert labelled(rows, parse_strings=False) == {"orders[EU]": Decimal(47_900)}


def test_rounded_display_cell_carries_its_precision() -> None:
    (src,) = rows_to_sources([{"region": "EU", "revenue": "$4.8M"}])
    assert src.values[0].precision == Decimal(50_000)


def test_named_key_column_and_missing_key() -> None:
    rows = [{"code": "EU", "name": "Europe", "stores": 52}]
    assert labelled(rows) == {"stores[EU]": 52}
    assert labelled(rows, key="name") == {"stores[Europe]": 52}
    with pytest.raises(RowsError, match="key column 'nom' is in no result set"):
        rows_to_sources(rows, key="nom")


def test_year_key_and_year_columns() -> None:
    (src,) = rows_to_sources([{"year": 2023, "revenue": 10}, {"year": 2024, "revenue": 12}])
    assert [(v.label, v.year) for v in src.values] == [
        ("revenue[2023]", 2023),
        ("revenue[2024]", 2024),
    ]
    (wide,) = rows_to_sources([{"region": "EU", "revenue_2023": 10, "revenue_2024": 12}])
    assert [v.year for v in wide.values] == [2023, 2024]


def test_ids_and_rows_beyond_max_rows_are_not_operands() -> None:
    rows = [{"store_id": 1000 + i, "region": f"R{i}", "sales": i} for i in range(5)]
    (src,) = rows_to_sources(rows, max_rows=3)
    ops = {v.label: v.operand for v in src.values}
    assert ops["store_id[R0]"] is False
    assert ops["sales[R2]"] is True and ops["sales[R3]"] is False


def test_mixed_column_gets_one_unit() -> None:
    (src,) = rows_to_sources([{"r": "A", "rev": "$1,200"}, {"r": "B", "rev": 950}])
    assert {(v.kind, v.currency) for v in src.values} == {("money", "$")}


def test_unit_family_and_same_unit() -> None:
    assert unit_family("revenue_2024") == unit_family("revenue_2023") == "revenue"
    assert unit_family("Q1 sales") == "sales"
    mk = lambda col: SourceValue(Decimal(1), "Q1", column=col, table=0)  # noqa: E731
    assert same_unit(mk("revenue_2023"), mk("revenue_2024"))
    assert not same_unit(mk("revenue"), mk("orders"))


def test_prose_string_among_results_is_a_source() -> None:
    ss, info = load_rows(results=[[{"region": "EU", "stores": 52}], "EU opened 3 stores in May."])
    assert [s.id for s in ss.sources] == ["Q1", "Q2"]
    assert info[0].key == "region" and info[0].labels == ("EU",)
    assert any(v.value == 3 for v in ss.sources[1].values)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("region,revenue", r"result set Q1: got a str; expected rows"),
        (42, r"result set Q1: got int; expected a list of dicts or lists"),
        ([{"a": 1}, [1, 2]], r"result set Q1, row 1: got list; expected a dict like row 0"),
        ([["a", "b"], [1, 2], [3]], r"result set Q1, row 2: expected 2 cells .*got 1"),
        ([[1, 2], "x"], r"result set Q1, row 1: got str"),
        ({"a": [1, 2], "b": [1]}, r"columns of different lengths"),
        ({"columns": "ab", "rows": []}, r"'columns' must be a list"),
    ],
)
def test_unreadable_shapes_name_set_row_and_expectation(rows: object, message: str) -> None:
    with pytest.raises(RowsError, match=message):
        rows_to_sources(rows)


def test_results_must_be_a_list_or_mapping() -> None:
    with pytest.raises(RowsError, match="results must be a list"):
        rows_to_sources(results=5)
    with pytest.raises(RowsError, match="named 'Q1'"):
        rows_to_sources([{"a": 1}], results={"Q1": [{"b": 2}]})
