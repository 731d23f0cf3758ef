"""Table shapes written in every format: the source of ``tests/vectors/tables_<format>.json``.

Each shape is a grid (rows of cell strings) as a document holds it, an optional sentence before
the table (a caption or "(in millions, except per share data)"), and the cells a reader must get
from it, whatever the format: the row label (a section row's text prefixes the rows below it),
the column label (the header block's cells stacked top to bottom, units and footnote markers left
out), the year, the value as written, the scale the unit gives it, the kind and the currency.

    python tests/table_shapes.py          # rewrite every tables_<format>.json

Cases of :data:`HAND` (``"from": "hand"``) are written as the exporters and documents write
them, for what a renderer cannot make: an exporter's quirks, a table inside prose, prose that
must not be read as a table. ``"prose"`` lists the numbers the text outside the table offers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "benchmarks"))

from corpora.render import FORMATS, render  # noqa: E402

__all__ = ["HAND", "SHAPES", "cell", "write_vectors"]

M, K, CRORE = "1000000", "1000", "10000000"
Y23, Y22 = "Year Ended December 31, 2023", "Year Ended December 31, 2022"


def cell(
    row: str,
    column: str | None,
    year: int | None,
    value: str,
    scale: str = "1",
    kind: str = "number",
    currency: str | None = None,
) -> dict[str, Any]:
    """One expected cell: ``value`` as written (signed), ``scale`` from the unit (``"1"``: none)."""
    return {
        "row": row,
        "column": column,
        "year": year,
        "value": value,
        "scale": scale,
        "kind": kind,
        "currency": currency,
    }


SHAPES: list[dict[str, Any]] = [
    {
        "name": "group label over the years, unit row below them (the issue's table)",
        "grid": [
            ["", "", "Fiscal", ""],
            ["", "2019", "2018", "2017"],
            ["", "", "(in millions)", ""],
            ["Appliances", "680", "774", "676"],
            ["Tools", "1,204.5", "1,100.0", "(12.3)"],
        ],
        "cells": [
            cell("Appliances", "Fiscal 2019", 2019, "680", M),
            cell("Appliances", "Fiscal 2018", 2018, "774", M),
            cell("Appliances", "Fiscal 2017", 2017, "676", M),
            cell("Tools", "Fiscal 2019", 2019, "1204.5", M),
            cell("Tools", "Fiscal 2018", 2018, "1100.0", M),
            cell("Tools", "Fiscal 2017", 2017, "-12.3", M),
        ],
    },
    {
        "name": "unit row first, then a period label over dates",
        "grid": [
            ["(in thousands)", "", ""],
            ["", "Three Months Ended", ""],
            ["", "Dec 31, 2023", "Dec 31, 2022"],
            ["Revenue", "5,686", "4,102"],
            ["Cost of revenue", "(2,001)", "(1,850)"],
        ],
        "cells": [
            cell("Revenue", "Three Months Ended Dec 31, 2023", 2023, "5686", K),
            cell("Revenue", "Three Months Ended Dec 31, 2022", 2022, "4102", K),
            cell("Cost of revenue", "Three Months Ended Dec 31, 2023", 2023, "-2001", K),
            cell("Cost of revenue", "Three Months Ended Dec 31, 2022", 2022, "-1850", K),
        ],
    },
    {
        "name": "quarters and a fiscal year, unit in the sentence before the table",
        "before": "Quarterly results (€m):",
        "grid": [
            ["", "Q4 2023", "Q3 2023", "FY24"],
            ["Revenue", "1,520.4", "1,380.9", "5,910.2"],
            ["Gross margin", "41.2%", "40.8%", "40.5%"],
        ],
        "cells": [
            cell("Revenue", "Q4 2023", 2023, "1520.4", M, "money", "€"),
            cell("Revenue", "Q3 2023", 2023, "1380.9", M, "money", "€"),
            cell("Revenue", "FY24", 2024, "5910.2", M, "money", "€"),
            cell("Gross margin", "Q4 2023", 2023, "41.2", "1", "percent"),
            cell("Gross margin", "Q3 2023", 2023, "40.8", "1", "percent"),
            cell("Gross margin", "FY24", 2024, "40.5", "1", "percent"),
        ],
    },
    {
        "name": "section rows prefix the rows below them; subtotals and totals",
        "grid": [
            ["", "2019", "2018"],
            ["Industrial Solutions:", "", ""],
            ["Appliances", "680", "774"],
            ["Tools", "320", "226"],
            ["Subtotal", "1,000", "1,000"],
            ["Consumer:", "", ""],
            ["Games", "50", "40"],
            ["Total", "1,050", "1,040"],
        ],
        "cells": [
            cell("Industrial Solutions: Appliances", "2019", 2019, "680"),
            cell("Industrial Solutions: Appliances", "2018", 2018, "774"),
            cell("Industrial Solutions: Tools", "2019", 2019, "320"),
            cell("Industrial Solutions: Tools", "2018", 2018, "226"),
            cell("Industrial Solutions: Subtotal", "2019", 2019, "1000"),
            cell("Industrial Solutions: Subtotal", "2018", 2018, "1000"),
            cell("Consumer: Games", "2019", 2019, "50"),
            cell("Consumer: Games", "2018", 2018, "40"),
            cell("Consumer: Total", "2019", 2019, "1050"),
            cell("Consumer: Total", "2018", 2018, "1040"),
        ],
    },
    {
        "name": "currency symbols in their own cells, the year over the symbol",
        "before": "(in thousands)",
        "grid": [
            ["", "2019", "", "2018", ""],
            ["Net sales", "$", "5,686", "$", "4,102"],
            ["Cost of sales", "", "(2,001)", "", "(1,850)"],
            ["Gross profit", "$", "3,685", "$", "2,252"],
        ],
        "cells": [
            cell("Net sales", "2019", 2019, "5686", K, "money", "$"),
            cell("Net sales", "2018", 2018, "4102", K, "money", "$"),
            cell("Cost of sales", "2019", 2019, "-2001", K),
            cell("Cost of sales", "2018", 2018, "-1850", K),
            cell("Gross profit", "2019", 2019, "3685", K, "money", "$"),
            cell("Gross profit", "2018", 2018, "2252", K, "money", "$"),
        ],
    },
    {
        "name": "currency symbols in their own cells, the year over the figure",
        "grid": [
            ["", "", "2024", "", "2023"],
            ["Operating income", "$", "812.0", "$", "790.5"],
            ["Interest expense", "", "(40.2)", "", "(38.9)"],
        ],
        "cells": [
            cell("Operating income", "2024", 2024, "812.0", "1", "money", "$"),
            cell("Operating income", "2023", 2023, "790.5", "1", "money", "$"),
            cell("Interest expense", "2024", 2024, "-40.2"),
            cell("Interest expense", "2023", 2023, "-38.9"),
        ],
    },
    {
        "name": "blank cells: n/a and empty hold no value, a dash beside figures is nil (0); "
        "a row of dashes is no section",
        "grid": [
            ["", "2019", "2018", "2017"],
            ["Restructuring", "—", "–", "-"],
            ["Other", "n/a", "", "12"],
            ["Grants", "N/A", "—", "3.5"],
        ],
        "cells": [
            cell("Other", "2017", 2017, "12"),
            cell("Grants", "2018", 2018, "0"),
            cell("Grants", "2017", 2017, "3.5"),
        ],
    },
    {
        "name": "footnote markers on labels and figures",
        "grid": [
            ["", "2020 (1)", "2019"],
            ["Revenue (a)", "1,234*", "1,100"],
            ["Adjusted EBITDA*", "310 (2)", "295"],
            ["Net income (loss)", "(15)", "22"],
        ],
        "cells": [
            cell("Revenue", "2020", 2020, "1234"),
            cell("Revenue", "2019", 2019, "1100"),
            cell("Adjusted EBITDA", "2020", 2020, "310"),
            cell("Adjusted EBITDA", "2019", 2019, "295"),
            cell("Net income (loss)", "2020", 2020, "-15"),
            cell("Net income (loss)", "2019", 2019, "22"),
        ],
    },
    {
        "name": "in millions, except per share data (the sentence before the table)",
        "before": "Selected financial data (In millions, except per share data)",
        "grid": [
            ["", "2023", "2022"],
            ["Net income", "1,234", "1,100"],
            ["Diluted earnings per share", "$ 2.45", "$ 2.10"],
            ["Weighted average shares", "503", "524"],
        ],
        "cells": [
            cell("Net income", "2023", 2023, "1234", M),
            cell("Net income", "2022", 2022, "1100", M),
            cell("Diluted earnings per share", "2023", 2023, "2.45", "1", "money", "$"),
            cell("Diluted earnings per share", "2022", 2022, "2.10", "1", "money", "$"),
            cell("Weighted average shares", "2023", 2023, "503", M),
            cell("Weighted average shares", "2022", 2022, "524", M),
        ],
    },
    {
        "name": "unit in the corner cell ($000s)",
        "grid": [
            ["$000s", "2023", "2022"],
            ["Revenue", "12,500", "11,000"],
            ["Operating costs", "(9,800)", "(8,950)"],
        ],
        "cells": [
            cell("Revenue", "2023", 2023, "12500", K, "money", "$"),
            cell("Revenue", "2022", 2022, "11000", K, "money", "$"),
            cell("Operating costs", "2023", 2023, "-9800", K, "money", "$"),
            cell("Operating costs", "2022", 2022, "-8950", K, "money", "$"),
        ],
    },
    {
        "name": "Indian rupees in crore (the sentence before the table)",
        "before": "Standalone results (Rs. crore)",
        "grid": [
            ["Particulars", "FY24", "FY23"],
            ["Revenue from operations", "1,250.50", "1,100.25"],
            ["Profit after tax", "210.75", "188.40"],
        ],
        "cells": [
            cell("Revenue from operations", "FY24", 2024, "1250.50", CRORE, "money", "₹"),
            cell("Revenue from operations", "FY23", 2023, "1100.25", CRORE, "money", "₹"),
            cell("Profit after tax", "FY24", 2024, "210.75", CRORE, "money", "₹"),
            cell("Profit after tax", "FY23", 2023, "188.40", CRORE, "money", "₹"),
        ],
    },
    {
        "name": "one header row; figures with their own scale words and percents",
        "grid": [
            ["Region", "Revenue", "Growth"],
            ["EMEA", "$1.2bn", "5.5%"],
            ["APAC", "$800m", "-2.0%"],
        ],
        "cells": [
            cell("EMEA", "Revenue", None, "1200000000", "1", "money", "$"),
            cell("EMEA", "Growth", None, "5.5", "1", "percent"),
            cell("APAC", "Revenue", None, "800000000", "1", "money", "$"),
            cell("APAC", "Growth", None, "-2.0", "1", "percent"),
        ],
    },
]


HAND: dict[str, list[dict[str, Any]]] = {
    "markdown": [
        {
            "name": "the issue's table, as pasted",
            "text": "|  |  | Fiscal |  |\n|---|---|---|---|\n|  | 2019 | 2018 | 2017 |\n"
            "|  |  | (in millions) |  |\n| Appliances | 680 | 774 | 676 |",
            "cells": [
                cell("Appliances", "Fiscal 2019", 2019, "680", M),
                cell("Appliances", "Fiscal 2018", 2018, "774", M),
                cell("Appliances", "Fiscal 2017", 2017, "676", M),
            ],
        },
        {
            "name": "Docling: a spanning label repeated in each column, alignment colons",
            "text": "|                  | Fiscal   | Fiscal   |\n"
            "|:-----------------|---------:|---------:|\n"
            "|                  | 2024     | 2023     |\n"
            "| Revenue          | 1,200.5  | 1,100.0  |\n"
            "| Operating income | 310.2    | 295.8    |",
            "cells": [
                cell("Revenue", "Fiscal 2024", 2024, "1200.5"),
                cell("Revenue", "Fiscal 2023", 2023, "1100.0"),
                cell("Operating income", "Fiscal 2024", 2024, "310.2"),
                cell("Operating income", "Fiscal 2023", 2023, "295.8"),
            ],
        },
        {
            "name": "a table inside prose, its unit in the sentence before it",
            "text": "The table below shows revenue by segment (in thousands).\n\n"
            "| Segment | 2023 | 2022 |\n|---|---|---|\n| Cloud | 4,500 | 3,900 |\n"
            "| Devices | 1,250 | 1,400 |\n\nCloud grew 15% year over year.",
            "cells": [
                cell("Cloud", "2023", 2023, "4500", K),
                cell("Cloud", "2022", 2022, "3900", K),
                cell("Devices", "2023", 2023, "1250", K),
                cell("Devices", "2022", 2022, "1400", K),
            ],
            "prose": ["15"],
        },
        {
            "name": "LlamaParse: the header block joined into one row",
            "text": "| | Year Ended December 31, 2023 | Year Ended December 31, 2022 |\n"
            "|---|---|---|\n| Net income | $ 812 | $ 790 |",
            "cells": [
                cell("Net income", "Year Ended December 31, 2023", 2023, "812", "1", "money", "$"),
                cell("Net income", "Year Ended December 31, 2022", 2022, "790", "1", "money", "$"),
            ],
        },
    ],
    "markdown-bare": [
        {
            "name": "no outer pipes: a line that starts with a pipe has an empty first cell",
            "text": "   | 2023 | 2022\n---|---|---\nRevenue | 1,200 | 1,100\nCosts | (800) | (750)",
            "cells": [
                cell("Revenue", "2023", 2023, "1200"),
                cell("Revenue", "2022", 2022, "1100"),
                cell("Costs", "2023", 2023, "-800"),
                cell("Costs", "2022", 2022, "-750"),
            ],
        },
        {
            "name": "no outer pipes, alignment colons, quarters",
            "text": "Metric | Q1 2024 | Q4 2023\n:--- | ---: | ---:\nNet sales | $5.2bn | $4.9bn",
            "cells": [
                cell("Net sales", "Q1 2024", 2024, "5200000000", "1", "money", "$"),
                cell("Net sales", "Q4 2023", 2023, "4900000000", "1", "money", "$"),
            ],
        },
    ],
    "html": [
        {
            "name": "Unstructured text_as_html: no thead, a colspan group label",
            "text": '<table><tr><td></td><td colspan="3">Fiscal</td></tr>'
            "<tr><td></td><td>2019</td><td>2018</td><td>2017</td></tr>"
            "<tr><td>Appliances</td><td>680</td><td>774</td><td>676</td></tr></table>",
            "cells": [
                cell("Appliances", "Fiscal 2019", 2019, "680"),
                cell("Appliances", "Fiscal 2018", 2018, "774"),
                cell("Appliances", "Fiscal 2017", 2017, "676"),
            ],
        },
        {
            "name": "a caption naming the unit; entities, inline tags and a line break in cells",
            "text": "<table><caption>Revenue by region (in millions)</caption><thead><tr>"
            "<th>Region</th><th>2023</th><th>2022</th></tr></thead><tbody>"
            "<tr><td><b>North&nbsp;America</b></td><td>$&nbsp;1,234</td><td>$ 1,100</td></tr>"
            "<tr><td>Europe<br/>and Africa</td><td>(45)</td><td>&#8212;</td></tr>"
            "</tbody></table>",
            "cells": [
                cell("North America", "2023", 2023, "1234", M, "money", "$"),
                cell("North America", "2022", 2022, "1100", M, "money", "$"),
                cell("Europe and Africa", "2023", 2023, "-45", M),
                cell("Europe and Africa", "2022", 2022, "0", "0"),  # a dash: nil
            ],
        },
        {
            "name": "a table inside prose; numbers in tag attributes are no values",
            "text": 'Results are below.\n<table border="1" style="width:600px" cellpadding="4">'
            '<tr><th width="40%">Item</th><th>FY24</th></tr>'
            "<tr><td>Orders</td><td>1,520</td></tr><tr><td>Returns</td><td>37</td></tr>"
            "</table>\nOrders rose 8% on the year.",
            "cells": [
                cell("Orders", "FY24", 2024, "1520"),
                cell("Returns", "FY24", 2024, "37"),
            ],
            "prose": ["8"],
        },
    ],
    "csv": [
        {
            "name": "a title line with the unit, then CSV with quoted figures",
            "text": "Revenue by segment (in millions)\nSegment,2023,2022\n"
            'Cloud,"4,500.0","3,900.0"\nDevices,"1,250.5","1,400.0"',
            "cells": [
                cell("Cloud", "2023", 2023, "4500.0", M),
                cell("Cloud", "2022", 2022, "3900.0", M),
                cell("Devices", "2023", 2023, "1250.5", M),
                cell("Devices", "2022", 2022, "1400.0", M),
            ],
        },
        {
            "name": "prose with commas is no table",
            "text": "In 2023, revenue was 1,200, up 5%.\nIn 2022, revenue was 1,100, up 3%.",
            "cells": [],
            "prose": ["1200", "5", "1100", "3"],
        },
    ],
    "tsv": [
        {
            "name": "copied from a spreadsheet: tabs, currency and percent cells",
            "text": "Metric\tFY24\tFY23\nRevenue\t$1,200\t$1,100\nMargin\t12.5%\t11.0%",
            "cells": [
                cell("Revenue", "FY24", 2024, "1200", "1", "money", "$"),
                cell("Revenue", "FY23", 2023, "1100", "1", "money", "$"),
                cell("Margin", "FY24", 2024, "12.5", "1", "percent"),
                cell("Margin", "FY23", 2023, "11.0", "1", "percent"),
            ],
        },
    ],
    "csv-semicolon": [
        {
            "name": "semicolons, a label with a comma in it",
            "text": "Region;2023;2022\nEurope, Middle East;1200;1100\nAsia;800;750",
            "cells": [
                cell("Europe, Middle East", "2023", 2023, "1200"),
                cell("Europe, Middle East", "2022", 2022, "1100"),
                cell("Asia", "2023", 2023, "800"),
                cell("Asia", "2022", 2022, "750"),
            ],
        },
    ],
    "aligned": [
        {
            "name": "PDF text: a centred period label, the currency apart from its figure",
            "text": "                               Year Ended December 31,\n"
            "(in thousands)                     2023          2022\n"
            "Revenue                      $  125,400    $  118,250\n"
            "Cost of revenue                 (61,300)      (58,100)\n"
            "Gross profit                 $   64,100    $   60,150",
            "cells": [
                cell("Revenue", Y23, 2023, "125400", K, "money", "$"),
                cell("Revenue", Y22, 2022, "118250", K, "money", "$"),
                cell("Cost of revenue", Y23, 2023, "-61300", K),
                cell("Cost of revenue", Y22, 2022, "-58100", K),
                cell("Gross profit", Y23, 2023, "64100", K, "money", "$"),
                cell("Gross profit", Y22, 2022, "60150", K, "money", "$"),
            ],
        },
        {
            "name": "prose with two spaces after a full stop is no table",
            "text": "Revenue rose 5% in 2023.  Costs fell 3%.\n"
            "Margins improved to 12%.  Cash was 40.",
            "cells": [],
            "prose": ["5", "3", "12", "40"],
        },
    ],
    "records": [
        {
            "name": "JSON records with numbers as numbers",
            "text": '[{"segment": "Cloud", "fy2023": 4500.0, "fy2022": 3900},'
            ' {"segment": "Devices", "fy2023": 1250.5, "fy2022": 1400}]',
            "cells": [
                cell("Cloud", "fy2023", 2023, "4500.0"),
                cell("Cloud", "fy2022", 2022, "3900"),
                cell("Devices", "fy2023", 2023, "1250.5"),
                cell("Devices", "fy2022", 2022, "1400"),
            ],
        },
        {
            "name": "Python-literal records, the unit in a key",
            "text": "[{'Region': 'EU', 'Revenue ($m)': '1,200'},"
            " {'Region': 'US', 'Revenue ($m)': '950'}]",
            "cells": [
                cell("EU", "Revenue", None, "1200", M, "money", "$"),
                cell("US", "Revenue", None, "950", M, "money", "$"),
            ],
        },
    ],
    "json": [
        {
            "name": "a Python-literal table",
            "text": "[['', '2019', '2018'], ['Sales', '$1,200', '$1,100']]",
            "cells": [
                cell("Sales", "2019", 2019, "1200", "1", "money", "$"),
                cell("Sales", "2018", 2018, "1100", "1", "money", "$"),
            ],
        },
        {
            "name": "the unit in a paragraph after the table (TAT-QA)",
            "text": '[["", "2019", "2018"], ["Sales", "7,630.0", "6,710.4"]]\n'
            "All amounts are in millions of dollars, except where stated.",
            "cells": [
                cell("Sales", "2019", 2019, "7630.0", M, "money", "$"),
                cell("Sales", "2018", 2018, "6710.4", M, "money", "$"),
            ],
        },
    ],
}


def _case(shape: dict[str, Any], fmt: str) -> dict[str, Any]:
    table = render(shape["grid"], fmt)
    before = shape.get("before")
    return {
        "from": "render",
        "name": shape["name"],
        "text": f"{before}\n{table}" if before else table,
        "grid": shape["grid"],
        "cells": shape["cells"],
    }


def _dump(doc: dict[str, Any]) -> str:
    """JSON with one cell per line: readable in a diff."""
    lines = ["{", f'  "format": {json.dumps(doc["format"])},']
    lines.append(f'  "about": {json.dumps(doc["about"])},')
    lines.append('  "cases": [')
    for n, case in enumerate(doc["cases"]):
        lines.append("    {")
        keys = [k for k in case if k not in ("grid", "cells")]
        for k in keys:
            lines.append(f"      {json.dumps(k)}: {json.dumps(case[k], ensure_ascii=False)},")
        if "grid" in case:
            rows = ",\n        ".join(json.dumps(r, ensure_ascii=False) for r in case["grid"])
            lines.append(f'      "grid": [\n        {rows}\n      ],')
        cells = ",\n        ".join(json.dumps(c, ensure_ascii=False) for c in case["cells"])
        lines.append(f'      "cells": [\n        {cells}\n      ]')
        lines.append("    }" + ("," if n < len(doc["cases"]) - 1 else ""))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


ABOUT = (
    "Tables written as {fmt}: per case the text a source holds and the cells a reader must get "
    "(row label with its section, column label, year, value as written, scale of its unit, kind, "
    "currency). Cases 'from: render' are written by tests/table_shapes.py from one grid for every "
    "format; cases 'from: hand' are edited here."
)


def write_vectors(directory: Path = HERE / "vectors") -> list[Path]:
    """Write every ``tables_<format>.json``: each shape rendered, then the format's own cases."""
    paths = []
    for fmt in FORMATS:
        path = directory / f"tables_{fmt.replace('-', '_')}.json"
        hand = [{"from": "hand", **c} for c in HAND.get(fmt, [])]
        cases = [_case(s, fmt) for s in SHAPES] + hand
        doc = {"format": fmt, "about": ABOUT.format(fmt=fmt), "cases": cases}
        path.write_text(_dump(doc))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_vectors():
        print(p)
