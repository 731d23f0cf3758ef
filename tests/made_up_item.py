"""The made-up item the counts-only tests feed the benchmarks' views (test_counts_only39,
test_counts_only40b, test_counts_only40, test_counts_only41a, 41b, 41c, 42a and 42b): words and
figures no corpus holds, so a tag that holds one of them printed an item's text."""

from __future__ import annotations

WORDS = ("zorblat", "quuxco", "frobnic", "wibbleco")
GRID = [
    ["( in millions )", "2019", "2018"],
    ["zorblat revenue", "$ 2,400", "$ 2,150"],
    ["frobnic profit", "310", "280"],
]
PROSE = "quuxco wibbleco sales were $ 560 million in 2019 , compared with $ 520 million in 2018 ."
