"""Table shapes of our own for the ninth tatqa pass (issue 14).

``tests/vectors/tatqa_shapes_round9.json``: TAT-QA-like tables (fictional data) with report
sentences of the kinds TAT-QA golds are, in the classes round 9 studied: figures of running text
whose year follows a phrase naming what they count ("$1.2 billion of senior notes during fiscal
2025"), averages and sums of three named years or rows, a cell combined with a prose figure,
changes under a unit row ("$M", "(in thousands)"), a unit row of bracketed thousands ("(£000)",
"(000)"), a unit note that names a counted subject beside the amounts' unit, and columns of one
year told apart by the day they end. It runs in ``tests/test_grid_vectors.py`` (the six formats
``benchmarks/formats.py`` measures); here, what tatqa9's brief asked of the file.
"""

from __future__ import annotations

from grid_vectors import load


def test_the_corpus_covers_twelve_tables_or_more() -> None:
    assert len({c["table"] for c in load("tatqa_shapes_round9").cases}) >= 12
