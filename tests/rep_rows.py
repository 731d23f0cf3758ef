"""Result rows of five sales reps with a column of regions (rep unique, region repeated), read
by the trace tests of groups38 and read38a."""

from __future__ import annotations

COLUMNS = ["rep", "region", "deals", "revenue", "quota"]
ROWS = [
    ("Ana", "EMEA", 12, 180000, 150000),
    ("Ben", "AMER", 7, 120000, 140000),
    ("Cai", "EMEA", 10, 210000, 200000),
    ("Dee", "AMER", 9, 95000, 100000),
    ("Eve", "APAC", 11, 160000, 150000),
]
RECORDS = [dict(zip(COLUMNS, r, strict=True)) for r in ROWS]
