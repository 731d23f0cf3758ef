"""trace(): end to end over every row shape, derivation kind, option, and the CLI."""

from __future__ import annotations

import json
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from crossfoot.cli.trace import add_parser, run
from crossfoot.front.policy import LENIENT, STRICT
from crossfoot.front.trace import trace
from crossfoot.model.errors import RowsError

ROWS = [
    {"region": "North America", "revenue": 4_820_000, "orders": 61_300},
    {"region": "Europe", "revenue": 3_150_000, "orders": 47_900},
    {"region": "APAC", "revenue": 1_930_000, "orders": 35_100},
]
ANSWER = (
    "North America brought in $4.82M, about 53% more than Europe, and the three regions "
    "combined reached $9.9M on 144,300 orders. Average order value in APAC was $71."
)


def kinds(report: Any) -> dict[str, str]:
    return {c.text: (c.evidence.kind if c.evidence else c.status) for c in report.claims}


# ------------------------------------------------------------------ the README example


def test_readme_example() -> None:
    report = trace(ANSWER, ROWS)
    assert not report.ok
    assert report.ungrounded == ["$71"]
    assert report.checked == 6
    assert kinds(report) == {
        "$4.82M": "cell",
        "53%": "percent_change",
        "three": "row_count",
        "$9.9M": "column_sum",
        "144,300": "column_sum",
        "$71": "unsupported",
    }
    assert report.caveat() == "This figure could not be traced to the data: $71."
    assert report.explain().startswith("UNGROUNDED · 6 checked · 1 untraceable")


def test_to_dict_carries_kinds_and_provenance() -> None:
    d = trace(ANSWER, ROWS).to_dict()
    assert d["passed"] is False and d["ungrounded"] == ["$71"]
    cell = d["claims"][0]["evidence"]
    assert cell["kind"] == "cell"
    assert cell["operands"][0]["row"] == "North America"
    assert cell["operands"][0]["column"] == "revenue"
    json.dumps(d)  # JSON-safe


def test_coincidence_is_available_for_the_result_set() -> None:
    report = trace("North America brought in $4.82M on 61,300 orders.", ROWS)
    rate = report.coincidence(draws=40, seed=1)
    assert 0.0 <= rate <= 0.2


# ------------------------------------------------------------------ row shapes

SHAPES_TEXT = "Europe brought in $3.15M on 47,900 orders; together $9.9M."


def _shapes() -> list[Any]:
    header = ["region", "revenue", "orders"]
    lists = [[r["region"], r["revenue"], r["orders"]] for r in ROWS]
    return [
        pytest.param(ROWS, id="dicts"),
        pytest.param([header, *lists], id="lists-with-header"),
        pytest.param([tuple(x) for x in lists], id="tuples-no-header"),
        pytest.param({"columns": header, "rows": lists}, id="columns-rows"),
        pytest.param({"data": ROWS, "meta": {"page": 1}}, id="api-response"),
        pytest.param(
            [
                {
                    "region": r["region"],
                    "kpi": {"revenue": f"${r['revenue']:,}", "orders": str(r["orders"])},
                }
                for r in ROWS
            ],
            id="nested-json-strings",
        ),
    ]


@pytest.mark.parametrize("rows", _shapes())
def test_every_shape_grounds_the_same_answer(rows: Any) -> None:
    report = trace(SHAPES_TEXT, rows)
    assert report.ok, report.explain()
    assert report.checked == 3


def test_dataframe() -> None:
    import pandas as pd

    df = pd.DataFrame(ROWS)
    assert trace(SHAPES_TEXT, df).ok
    assert trace(SHAPES_TEXT, df.set_index("region")).ok
    assert trace("Europe brought in $3.25M.", df).ungrounded == ["$3.25M"]


def test_sqlite_cursor() -> None:
    con = sqlite3.connect(":memory:")
    con.execute("create table sales (region text, revenue numeric, orders integer)")
    con.executemany("insert into sales values (:region, :revenue, :orders)", ROWS)
    cur = con.execute("select region, revenue, orders from sales order by revenue desc")
    report = trace(SHAPES_TEXT, cur)
    assert report.ok, report.explain()


def test_decimal_cells() -> None:
    rows = [{"sku": "A-1", "price": Decimal("19.99")}, {"sku": "B-2", "price": Decimal("5.01")}]
    assert trace("A-1 costs $19.99 and both cost $25.00 together.", rows).ok


def test_several_result_sets_do_not_combine() -> None:
    sales = [{"region": "EU", "revenue": 300}, {"region": "US", "revenue": 500}]
    stores = [{"region": "EU", "stores": 20}, {"region": "US", "stores": 30}]
    report = trace("EU made $300 from 20 stores.", results=[sales, stores])
    assert report.ok
    # 320 = revenue[EU] + stores[EU] only across two result sets: never offered.
    assert trace("EU reached 320.", results=[sales, stores]).ungrounded == ["320"]
    named = trace("US made $500.", results={"sales": sales, "stores": stores})
    assert named.claims[0].evidence is not None
    assert named.claims[0].evidence.operands[0].source_id == "sales"


def test_booleans_and_nan_are_not_numbers() -> None:
    rows = [{"region": "EU", "active": True, "score": float("nan"), "stores": 4}]
    assert trace("EU has 4 stores.", rows).ok
    # True is not 1, and NaN is no value at all.
    assert trace("EU has 1 active flag.", rows).ungrounded == ["1"]


def test_unreadable_rows_raise_rows_error() -> None:
    with pytest.raises(RowsError, match=r"result set Q2, row 1"):
        trace("x 5", results=[ROWS, [[1, 2], [3]]])


# ------------------------------------------------------------------ derivation kinds

WIDE = [
    {"region": "EU", "sales_2023": 2000, "sales_2024": 2300, "staff": 12},
    {"region": "US", "sales_2023": 4000, "sales_2024": 3800, "staff": 20},
    {"region": "APAC", "sales_2023": 1000, "sales_2024": 1500, "staff": 8},
]


@pytest.mark.parametrize(
    ("text", "figure", "kind"),
    [
        ("US sales in 2024 were 3,800.", "3,800", "cell"),
        ("Sales in 2023 totalled 7,000.", "7,000", "column_sum"),
        ("Average staff per region was 13.3.", "13.3", "column_mean"),
        ("EU holds 30.3% of 2024 sales.", "30.3%", "share"),
        ("EU sold 4,300 over both years.", "4,300", "row_sum"),
        ("Sales came from 3 regions.", "3", "row_count"),
        ("EU and US together sold 6,100 in 2024.", "6,100", "sum"),
        ("US sales fell by 200 in 2024.", "200", "difference"),
        ("US sold 2.5 times as much as APAC in 2024.", "2.5 times", "ratio"),
        ("APAC sales grew 50% in 2024.", "50%", "percent_change"),
        ("APAC sales grew 61% in 2024.", "61%", "unsupported"),
    ],
)
def test_each_derivation_kind(text: str, figure: str, kind: str) -> None:
    got = kinds(trace(text, WIDE))
    assert got.get(figure) == kind, got


def test_percent_kind_for_pairwise_a_over_b() -> None:
    report = trace("EU sales in 2024 were 60.5% of US sales.", WIDE)
    assert kinds(report)["60.5%"] == "percent"


def test_pp_change_and_average() -> None:
    rows = [{"year": 2023, "margin_pct": 12.5}, {"year": 2024, "margin_pct": 14.0}]
    got = kinds(trace("Margin rose 1.5 percentage points to 14%.", rows))
    assert got == {"1.5 percentage points": "pp_change", "14%": "cell"}


# ------------------------------------------------------------------ options


def test_default_is_precision_aware() -> None:
    assert trace("North America made about $5M.", ROWS).ok
    assert trace("North America made $4.88M.", ROWS).ungrounded == ["$4.88M"]


def test_rel_tolerance_flat_mode() -> None:
    assert trace("North America made $4.88M.", ROWS, rel_tolerance=0.015).ok
    assert not trace("North America made $4.98M.", ROWS, rel_tolerance=0.015).ok
    assert LENIENT.rel_tolerance is not None
    assert trace("North America made $5.05M.", ROWS, policy=LENIENT).ok


def test_abs_tolerance() -> None:
    assert trace("Europe placed 47,950 orders.", ROWS, abs_tolerance=60).ok
    assert not trace("Europe placed 47,950 orders.", ROWS).ok


def test_ignore_below_and_small_counts() -> None:
    stores = [{"region": "Europe", "stores": 52}, {"region": "Americas", "stores": 61}]
    assert trace("Europe has 61 stores.", stores).ungrounded == ["61"]
    assert trace("Europe has 71 stores.", stores).ungrounded == ["71"]
    skipped = trace("Europe has 61 stores.", stores, ignore_below=100)
    assert skipped.checked == 0 and skipped.ok
    # Currency and percent figures are checked whatever ignore_below says.
    assert trace("Europe made $7.", stores, ignore_below=100).ungrounded == ["$7"]


def test_not_claims_are_skipped() -> None:
    report = trace(
        "The top 3 regions in 2024 over the last 30 days: 2 regions grew. "
        "Query: `SELECT * FROM sales LIMIT 50`.",
        ROWS,
    )
    assert report.checked == 0, report.explain()


def test_ignore_years_false_checks_year_like_numbers() -> None:
    rows = [{"region": "EU", "orders": 2019}]
    assert trace("EU placed 2019 orders in 2019.", rows, ignore_years=False).ok


def test_unmatched_percent_pass() -> None:
    text = "Europe made $3.15M, 18% of the global market."
    assert trace(text, ROWS).ungrounded == ["18%"]
    passed = trace(text, ROWS, unmatched_percent="pass")
    assert passed.ok and passed.checked == 1


def test_pairwise_needs_named_rows_and_max_rows_caps_them() -> None:
    rows = [{"month": f"M{i:02d}", "visits": 1000 + 37 * i} for i in range(30)]
    figure = rows[20]["visits"] + rows[25]["visits"]  # type: ignore[operator]
    # Named rows feed the pairwise search wherever they sit in the result.
    assert trace(f"M20 and M25 together drew {figure:,} visits.", rows).ok
    # The same sum with the rows unnamed proves nothing: some pair of 30 rows lands near it.
    assert not trace(f"Two months together drew {figure:,} visits.", rows).ok
    # max_rows caps how many named rows take part.
    assert not trace(f"M20 and M25 together drew {figure:,} visits.", rows, max_rows=1).ok


def test_derivations_option() -> None:
    text = "Europe made $3.15M, 53% less than... no: North America made 53% more than Europe."
    only_cells = trace(text, ROWS, derivations={"cell", "column_sum"})
    assert "53%" in only_cells.ungrounded
    assert "53%" not in trace(text, ROWS, derivations="all").ungrounded


def test_parse_strings_option() -> None:
    rows = [{"region": "EU", "revenue": "$3,150,000"}]
    assert trace("EU made $3.15M.", rows).ok
    assert not trace("EU made $3.15M.", rows, parse_strings=False).ok


def test_strict_preset() -> None:
    assert trace("North America made $4.82M.", ROWS, policy=STRICT).ok
    assert not trace("North America made $4.88M.", ROWS, policy=STRICT).ok


def test_unknown_option_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"unknown trace option 'tolerance'.*rel_tolerance"):
        trace("x", ROWS, tolerance=0.01)


def test_key_option() -> None:
    rows = [
        {"code": "EU", "name": "Europe", "stores": 52},
        {"code": "US", "name": "USA", "stores": 61},
    ]
    report = trace("Europe has 52 stores.", rows, key="name")
    assert report.ok
    assert report.claims[0].evidence is not None
    assert report.claims[0].evidence.operands[0].row == "Europe"


# ------------------------------------------------------------------ CLI


def _cli(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="crossfoot")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code: int = run(args)
    return code


def test_cli_json_rows_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps(ROWS))
    assert _cli(["trace", "Europe made $3.15M.", "--rows", str(rows)]) == 0
    assert _cli(["trace", ANSWER, "--rows", str(rows)]) == 1
    out = capsys.readouterr().out
    # The same lines as `check`: [status] figure - evidence, then the verdict.
    assert "[unsupported] $71 - " in out and "\nFAIL: " in out


def test_cli_csv_rows_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.csv"
    rows.write_text(
        'region,revenue,orders\nNorth America,"4,820,000",61300\nEurope,3150000,47900\n'
    )
    code = _cli(["trace", "Europe made $3.25M.", "--rows", str(rows), "--json"])
    assert code == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["ungrounded"] == ["$3.25M"]
    assert _cli(["trace", "Europe made $3.25M.", "--rows", str(rows), "--tolerance", "0.05"]) == 0


def test_cli_stdin_strict_derivations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    rows = tmp_path / "rows.json"
    rows.write_text(
        json.dumps({"columns": ["region", "revenue"], "rows": [["EU", 10], ["US", 30]]})
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("Together they made 40."))
    assert _cli(["trace", "-", "--rows", str(rows), "--strict"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("Together they made 40."))
    assert _cli(["trace", "-", "--rows", str(rows), "--derivations", "cell"]) == 1
    capsys.readouterr()


def test_cli_bad_input_through_main(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from crossfoot.cli import main

    bad = tmp_path / "rows.json"
    bad.write_text("[1, 2")
    assert main(["trace", "x 5", "--rows", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    good = tmp_path / "ok.json"
    good.write_text(json.dumps(ROWS))
    assert main(["trace", "x 5", "--rows", str(good), "--derivations", "magic"]) == 2
    assert "unknown derivation kind 'magic'" in capsys.readouterr().err
    assert main(["trace", "x 5", "--rows", str(tmp_path / "missing.json")]) == 2


_MOVED_ROWS = [
    {"region": "Balkans", "revenue_2023": 374_000, "revenue_2024": 124_000},
    {"region": "Iberia", "revenue_2023": 250_000, "revenue_2024": 267_000},
    {"region": "Alps", "revenue_2023": 848_000, "revenue_2024": 857_000},
]


@pytest.mark.parametrize(
    ("text", "passes"),
    [
        # the named row's own drop, equal to another row's cell: its change, not that cell
        ("Balkans's revenue dropped by $250,000 from 2023 to 2024.", True),
        ("Balkans revenue fell $250,000 to $124,000 in 2024.", True),
        # a row whose figures never differ by it: the other row's cell
        ("Alps revenue dropped by $250,000 from 2023 to 2024.", False),
        # a level, not a move
        ("Balkans revenue was $250,000 in 2023.", False),
    ],
)
def test_a_move_of_the_named_row_equal_to_another_rows_cell(text: str, passes: bool) -> None:
    claim = trace(text, rows=_MOVED_ROWS).claims[0]
    assert claim.mention.text == "$250,000"
    assert claim.passed == passes and (passes or claim.status == "wrong_row"), claim
