"""Tables: cell parsing, unit headers, finding tables in text, reading them cell by cell."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crossfoot.sources.tables import (
    Unit,
    find_tables,
    find_unit_headers,
    is_blank,
    parse_cell,
    read_table,
    unit_in_cell,
    year_in,
)

# --- cells -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "value", "kind", "precision", "currency"),
    [
        ("7,630.0", "7630.0", "number", "0.05", None),
        ("$1,200", "1200", "money", "0.5", "$"),
        ("$  1,452.4", "1452.4", "money", "0.05", "$"),
        ("(1,234)", "-1234", "number", "0.5", None),
        ("$(1,234)", "-1234", "money", "0.5", "$"),
        ("( 45.6 )", "-45.6", "number", "0.05", None),
        ("-12", "-12", "number", "0.5", None),
        ("−3.5", "-3.5", "number", "0.05", None),
        ("12.3%", "12.3", "percent", "0.05", None),
        ("7 %", "7", "percent", "0.5", None),
        ("(2.1)%", "-2.1", "percent", "0.05", None),
        ("€ 500", "500", "money", "0.5", "€"),
        ("US$ 9.25", "9.25", "money", "0.005", "$"),
        ("1,200 USD", "1200", "money", "0.5", "USD"),
        ("$3.2bn", "3200000000", "money", "50000000", "$"),
        ("4.5 million", "4500000", "number", "50000", None),
        (".75", ".75", "number", "0.005", None),
    ],
)
def test_parse_cell_reads_one_number(
    cell: str, value: str, kind: str, precision: str, currency: str | None
) -> None:
    got = parse_cell(cell)
    assert got is not None
    assert got.value == Decimal(value)
    assert got.kind == kind
    assert got.precision == Decimal(precision)
    assert got.currency == currency


@pytest.mark.parametrize(
    "cell",
    [
        "Net sales",
        "",
        "—",
        "1/2/2010",
        "12.5 / 13.0",
        "(1,234",
        "1,234)",
        "53 WEEKS",
        "12%bn",
        "a1",
    ],
)
def test_parse_cell_rejects_non_numbers(cell: str) -> None:
    assert parse_cell(cell) is None


@pytest.mark.parametrize(
    "cell", ["", " ", "-", "—", "–", "$—", "$ -", "n/a", "N/A", "nm", "None", "$"]
)
def test_blank_cells(cell: str) -> None:
    assert is_blank(cell)
    assert parse_cell(cell) is None


@pytest.mark.parametrize("cell", ["Total", "12", "Q1 2019"])
def test_non_blank_cells(cell: str) -> None:
    assert not is_blank(cell)


def test_year_like_cells() -> None:
    assert parse_cell("2019").year_like  # type: ignore[union-attr]
    for cell in ("2,019", "$2019", "2019.0", "1850", "(2019)", "-2019"):
        got = parse_cell(cell)
        assert got is not None and not got.year_like, cell


@given(
    st.decimals(min_value=-(10**9), max_value=10**9, places=2, allow_nan=False),
    st.booleans(),
    st.booleans(),
)
def test_parse_cell_round_trips_formatted_amounts(
    x: Decimal, accounting: bool, dollar: bool
) -> None:
    body = f"{abs(x):,.2f}"
    if dollar:
        body = "$" + body
    text = (f"({body})" if accounting else f"-{body}") if x < 0 else body
    got = parse_cell(text)
    assert got is not None
    assert got.value == x
    assert got.precision == Decimal("0.005")


# --- years and units -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "year"),
    [
        ("revenue_2024", 2024),
        ("fy2023_sales", 2023),
        ("FY24", 2024),
        ("Year Ended December 31, 2019", 2019),
        ("12/31/2011", 2011),
        ("2019 vs 2018", None),
        ("Net sales", None),
        ("1,2019", None),
        ("", None),
        (None, None),
    ],
)
def test_year_in(label: str | None, year: int | None) -> None:
    assert year_in(label) == year


@pytest.mark.parametrize(
    ("text", "scale"),
    [
        ("(in millions)", 10**6),
        ("(In thousands, except per share data)", 10**3),
        ("( millions )", 10**6),
        ("( in thousands )", 10**3),
        ("amounts in millions of dollars", 10**6),
        ("$ in millions", 10**6),
        ("(Dollars in millions)", 10**6),
        ("(€m)", 10**6),
        ("($000)", 10**3),
        ("figures are in billions.", 10**9),
        ("(in lakhs)", 10**5),
        ("(in crores)", 10**7),
        ("(in million)", 10**6),
    ],
)
def test_unit_headers_in_text(text: str, scale: int) -> None:
    found = find_unit_headers(f"Table 4 {text}\n")
    assert [u.scale for _, _, u in found] == [Decimal(scale)]


@pytest.mark.parametrize(
    "text",
    [
        "sales grew in millions of homes",
        "we invested $5m in 2024",
        "(m)",
        "thousands of customers",
        "the (most) important",
    ],
)
def test_not_unit_headers(text: str) -> None:
    assert find_unit_headers(text) == []


@pytest.mark.parametrize(
    ("cell", "scale", "currency"),
    [
        ("£m", 10**6, "£"),
        ("€m", 10**6, "€"),
        ("$M", 10**6, "$"),
        ("$'000", 10**3, "$"),
        ("US$’000", 10**3, "$"),
        ("£000", 10**3, "£"),
        ("RMB’Million", 10**6, "RMB"),
        ("2019 €m", 10**6, "€"),
        ("(in millions)", 10**6, None),
        ("Thousands", 10**3, None),
        ("USDm", 10**6, "USD"),
        ("Number of shares (1,000)", 10**3, None),
        ("DKK'000", 10**3, "DKK"),
    ],
)
def test_unit_in_header_cell(cell: str, scale: int, currency: str | None) -> None:
    unit = unit_in_cell(cell)
    assert unit is not None
    assert unit.scale == Decimal(scale)
    assert unit.currency == currency


@pytest.mark.parametrize("cell", ["2019", "m", "Total", "Amount", "%", "k", "000", "", "(1,000)"])
def test_not_unit_cells(cell: str) -> None:
    assert unit_in_cell(cell) is None


# --- finding tables in text ------------------------------------------------------------------


def test_find_json_tables_with_spans() -> None:
    a = '[["", "2019"], ["Sales", "5"]]'
    b = '[["", "2018"], ["Costs", 3, null]]'
    text = f"Intro {a} middle {b} end [1] and [[x]]"
    tables = find_tables(text)
    assert [text[t.start : t.end] for t in tables] == [a, b]
    assert tables[1].rows == (("", "2018"), ("Costs", "3", ""))


def test_find_python_literal_table() -> None:
    text = "table: [['', '2019'], [\"Dell's sales\", '1,200']] done"
    (table,) = find_tables(text)
    assert table.rows == (("", "2019"), ("Dell's sales", "1,200"))
    assert text[table.end :] == " done"


def test_not_tables() -> None:
    assert find_tables("see [[1]] and [[2, 3], 4] and a | b") == []
    assert find_tables("just one | pipe row") == []


def test_find_markdown_table_marks_header() -> None:
    text = "Intro\n| Region | 2024 |\n|:---|---:|\n| North | 1,250 |\n| South | 980 |\n\nAfter."
    (table,) = find_tables(text)
    assert table.header_rows == 1
    assert table.rows == (("Region", "2024"), ("North", "1,250"), ("South", "980"))
    assert (
        text[table.start : table.end]
        == "| Region | 2024 |\n|:---|---:|\n| North | 1,250 |\n| South | 980 |"
    )


def test_bare_pipe_rows_and_blank_line_split_tables() -> None:
    text = "a | 1 | 2\nb | 3 | 4\n\nc | 5\nd | 6\n"
    tables = find_tables(text)
    assert [t.rows for t in tables] == [
        (("a", "1", "2"), ("b", "3", "4")),
        (("c", "5"), ("d", "6")),
    ]
    # A row of single dashes is data (empty cells), not a markdown separator.
    assert find_tables("x | 1\n- | -\ny | 2")[0].header_rows is None


def test_ragged_text_tables_are_padded() -> None:
    (table,) = find_tables('[["", "2019", "2018"], ["Sales", "5"]]')
    values = read_table(table.rows, source_id="S1", table_index=0)
    assert [(v.label, v.value) for v in values] == [("Sales / 2019", Decimal(5))]


# --- reading tables --------------------------------------------------------------------------

TATQA_LIKE = [
    ["", "", "Years Ended June 30,", ""],
    ["", "2019", "2018", "2017"],
    ["Hardware", "$  1,452.4", "$  1,146.2", "$  1,036.9"],
    ["Services", "44.1", "56.7", "—"],
    ["Total", "$1,496.5", "$1,202.9", "$1,036.9"],
]


def test_two_header_rows_stack_into_column_labels() -> None:
    values = read_table(TATQA_LIKE, source_id="S1", table_index=3)
    by_cell = {(v.row_index, v.col_index): v for v in values}
    assert len(values) == 9  # the dash beside figures is a nil: an exact 0
    nil = [v for v in values if v.precision == 0]
    assert [(v.value, v.year) for v in nil] == [(Decimal(0), nil[0].year)] and nil[0].year
    v = by_cell[(2, 3)]
    assert v.label == "Hardware / Years Ended June 30, 2017"
    assert (v.row, v.column, v.year, v.table, v.view) == (
        "Hardware",
        "Years Ended June 30, 2017",
        2017,
        3,
        "both",
    )
    assert v.kind == "money" and v.currency == "$"
    assert by_cell[(3, 1)].kind == "number"
    assert by_cell[(3, 2)].precision == Decimal("0.05")


def test_unit_header_yields_written_and_true_views() -> None:
    unit = Unit("(in millions)", Decimal(10**6))
    values = read_table(TATQA_LIKE, source_id="S1", table_index=0, unit=unit)
    cell = [v for v in values if (v.row_index, v.col_index) == (3, 1)]
    assert {v.view: (v.value, v.precision, v.unit_header) for v in cell} == {
        "written": (Decimal("44.1"), Decimal("0.05"), None),
        "true": (Decimal("44100000"), Decimal("50000"), "(in millions)"),
    }


def test_unit_row_below_the_header_scales_the_table() -> None:
    rows = [
        ["", "2019", "2018"],
        ["(In thousands)", "", ""],
        ["Processed poultry", "35,121", "30,973"],
    ]
    values = read_table(rows, source_id="S1", table_index=0)
    true = [v for v in values if v.view == "true"]
    assert [(v.value, v.row, v.unit_header) for v in true] == [
        (Decimal(35121000), "Processed poultry", "(In thousands)"),
        (Decimal(30973000), "Processed poultry", "(In thousands)"),
    ]
    assert all(not v.label.startswith("(In") for v in values)  # not a section heading


def test_bare_cells_of_a_rate_row_in_a_percent_column_are_percents() -> None:
    rows = [
        ["", "2019", "2018"],
        ["Statutory tax rate", "21.0%", "21.0%"],
        ["State tax rate, net", "3.7", "1.6"],
        ["Exchange rate", "1.12", "1.10"],
        ["Other items", "-0.4", "-0.6"],
    ]
    kinds = {(v.row, v.year): v.kind for v in read_table(rows, source_id="S", table_index=0)}
    assert kinds[("State tax rate, net", 2019)] == "percent"
    assert kinds[("Exchange rate", 2019)] == "number"
    assert kinds[("Other items", 2019)] == "number"


def test_yearly_blocks_stacked_under_body_headings_take_their_heading_year() -> None:
    rows = [
        ["", "Year Ended December 31, 2019", ""],
        ["", "East", "Total"],
        ["Net revenues", "2,219", "5,969"],
        ["", "Year Ended December 31, 2018", ""],
        ["", "East", "Total"],
        ["Net revenues", "2,458", "6,835"],
    ]
    years = {v.value: v.year for v in read_table(rows, source_id="S", table_index=0)}
    assert years[Decimal(5969)] == 2019
    assert years[Decimal(6835)] == 2018


def test_a_percent_change_span_does_not_relabel_the_year_columns_beside_it() -> None:
    rows = [
        ["", "", "Percent Change", ""],
        ["(Dollars in millions)", "2019", "Actual", "2018"],
        ["Other", "120", "-9%", "131"],
    ]
    kinds = {v.value: (v.kind, v.column) for v in read_table(rows, source_id="S", table_index=0)}
    assert kinds[Decimal(120)] == ("money", "2019")  # "$" from "(Dollars in millions)"
    assert kinds[Decimal(131)] == ("money", "2018")
    assert kinds[Decimal(-9)] == ("percent", "Percent Change Actual")


def test_a_year_row_under_percent_year_headers_is_still_header() -> None:
    rows = [
        ["", "Year Ended December 31,", "", "2019 %"],
        ["(In thousands)", "2019", "2018", "Change from 2018"],
        ["Loss", "0", "(72,836)", "(100.0%)"],
    ]
    true = [v for v in read_table(rows, source_id="S", table_index=0) if v.view == "true"]
    assert [(v.value, v.year) for v in true] == [(Decimal(0), 2019), (Decimal(-72836000), 2018)]


def test_percent_written_on_first_and_last_rows_or_in_a_unit_row_makes_a_percent_column() -> None:
    bookends = [
        ["", "2019", "2018"],
        ["Sales", "100.0 %", "100.0 %"],
        ["Gross profit", "40.0", "50.9"],
        ["Net income", "7.2 %", "20.5 %"],
    ]
    kinds = {v.value: v.kind for v in read_table(bookends, source_id="S", table_index=0)}
    assert kinds[Decimal("40.0")] == "percent"
    unit_row = [["", "2019", "2018"], ["", "%", "%"], ["Discount rate", "2.9", "3.8"]]
    kinds = {v.value: v.kind for v in read_table(unit_row, source_id="S", table_index=0)}
    assert kinds[Decimal("2.9")] == "percent"
    amounts = [["", "2019"], ["Sales", "$100"], ["Costs", "40"], ["Margin", "60%"]]
    kinds = {v.value: v.kind for v in read_table(amounts, source_id="S", table_index=0)}
    assert kinds[Decimal(40)] == "number"  # first figure is not a percent


def test_own_header_unit_beats_outside_unit_and_percent_is_never_scaled() -> None:
    rows = [["", "2024 $'000", "Share"], ["Retail", "1,500", "60%"], ["Online", "1,000", "40%"]]
    outside = Unit("(in millions)", Decimal(10**6))
    values = read_table(rows, source_id="S1", table_index=0, unit=outside)
    true = {v.value for v in values if v.view == "true"}
    assert true == {Decimal(1_500_000), Decimal(1_000_000)}
    shares = [v for v in values if v.col_index == 2]
    assert [(v.value, v.view, v.kind) for v in shares] == [
        (Decimal(60), "both", "percent"),
        (Decimal(40), "both", "percent"),
    ]


def test_percent_from_column_or_row_label() -> None:
    rows = [["", "2024", "% change"], ["Sales", "100", "5.2"], ["Margin (%)", "31.0", "1.1"]]
    kinds = {
        (v.row_index, v.col_index): v.kind for v in read_table(rows, source_id="S", table_index=0)
    }
    assert kinds == {(1, 1): "number", (1, 2): "percent", (2, 1): "percent", (2, 2): "percent"}


def test_lone_currency_cell_gives_its_currency_to_the_next_number() -> None:
    rows = [["", "2019", "", "2018"], ["Revenue", "$", "1,234", "$ 1,100"]]
    values = read_table(rows, source_id="S", table_index=0)
    assert [(v.value, v.currency, v.kind) for v in values] == [
        (Decimal(1234), "$", "money"),
        (Decimal(1100), "$", "money"),
    ]


def test_year_from_row_label_when_columns_have_none() -> None:
    rows = [["Period", "Revenue"], ["FY2022", "10"], ["Fiscal 2023", "12"]]
    assert [v.year for v in read_table(rows, source_id="S", table_index=0)] == [2022, 2023]


def test_year_shaped_values_in_the_body_are_values() -> None:
    rows = [["", "2019", "2018"], ["Shares", "2014", "2015"], ["Options", "12", "13"]]
    values = read_table(rows, source_id="S", table_index=0)
    assert [(v.row, v.year, v.value) for v in values][:2] == [
        ("Shares", 2019, Decimal(2014)),
        ("Shares", 2018, Decimal(2015)),
    ]


def test_label_not_in_first_column() -> None:
    rows = [["", "", "2020"], ["", "Total", "1,234"]]
    (v,) = read_table(rows, source_id="S", table_index=0)
    assert (v.row, v.column, v.col_index, v.label) == ("Total", "2020", 2, "Total / 2020")


def test_unlabelled_row_gets_a_position_label() -> None:
    rows = [["", "2020"], ["", "55"]]
    (v,) = read_table(rows, source_id="S", table_index=0)
    assert v.row is None and v.label == "row 2 / 2020"


def test_fallback_reads_cells_that_are_not_one_number() -> None:
    from crossfoot.sources.tables import CellNumber

    seen: list[str] = []

    def fallback(cell: str) -> list[CellNumber]:
        seen.append(cell)
        return [CellNumber(Decimal(27), Decimal("0.5"), "percent")]

    rows = [["", "2007"], ["volatility", "27% ( 27 % )"], ["rate", "4.1%"]]
    values = read_table(rows, source_id="S", table_index=0, fallback=fallback)
    assert seen == ["27% ( 27 % )"]
    assert [(v.row, v.value, v.kind, v.year) for v in values] == [
        ("volatility", Decimal(27), "percent", 2007),
        ("rate", Decimal("4.1"), "percent", 2007),
    ]


def test_header_cells_with_numbers_stay_headers() -> None:
    rows = [["", "53 Weeks", "2019 over 2018", "July 27, 2019 (1)"], ["Sales", "1", "2", "3"]]
    values = read_table(rows, source_id="S", table_index=0)
    # the footnote marker "(1)" is left out of the label
    assert [v.column for v in values] == ["53 Weeks", "2019 over 2018", "July 27, 2019"]


_AMOUNTS = st.decimals(min_value=-(10**7), max_value=10**7, places=1, allow_nan=False).filter(
    lambda d: not (Decimal(1900) <= d <= Decimal(2100))  # a bare year-shaped cell is a label
)


@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda width: st.lists(st.lists(_AMOUNTS, min_size=width, max_size=width), min_size=1)
    ),
    st.booleans(),
)
def test_every_numeric_cell_becomes_one_value_at_its_place(
    grid: list[list[Decimal]], accounting: bool
) -> None:
    def fmt(d: Decimal) -> str:
        body = f"{abs(d):,.1f}"
        return body if d >= 0 else (f"({body})" if accounting else f"-{body}")

    header = ["", *(str(2000 + j) for j in range(len(grid[0])))]
    rows = [header] + [[f"Line {i}", *(fmt(d) for d in row)] for i, row in enumerate(grid)]
    values = read_table(rows, source_id="S", table_index=0)
    assert len(values) == sum(len(r) for r in grid)
    for v in values:
        assert v.row_index is not None and v.col_index is not None
        assert v.value == grid[v.row_index - 1][v.col_index - 1]
        assert v.row == f"Line {v.row_index - 1}"
        assert v.year == 2000 + v.col_index - 1
        assert v.precision == Decimal("0.05")


def test_a_json_list_of_tables_is_read_as_its_tables() -> None:
    text = '[[["", "2019"], ["a", "1"]], [["", "2018"], ["b", "2"]]]'
    assert [t.rows[1] for t in find_tables(text)] == [("a", "1"), ("b", "2")]


def test_brackets_that_never_close_are_not_tables() -> None:
    assert find_tables("[[1, 2" * 50 + "[['a', " * 50) == []
    assert find_tables("[" * 500 + "]" * 500) == []


def test_a_percentage_in_a_row_label_names_the_item_not_the_unit() -> None:
    rows = [["", "2019 %", "2019"], ["5.25% notes due 2025", "1.2", "500"]]
    values = read_table(rows, source_id="S", table_index=0)
    assert [(v.col_index, v.kind) for v in values] == [(1, "percent"), (2, "number")]
