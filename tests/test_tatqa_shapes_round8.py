"""Table shapes of our own for the eighth tatqa pass (issue 14).

``tests/vectors/tatqa_shapes_round8.json``: TAT-QA-like tables (fictional data) of the shapes
TAT-QA documents come in (header blocks of several rows, units in the caption, a unit row, a row
label or the corner cell, percent columns, negatives in parentheses, dash blanks, totals and
subtotals under section rows, quarter columns, years as rows, two tables in one document, prose
with its own figures above the table), each with report sentences of the kinds TAT-QA golds are,
runs in ``tests/test_grid_vectors.py``; here, what tatqa8's brief asked of the file.
"""

from __future__ import annotations

from grid_vectors import load


def test_the_corpus_covers_fifteen_tables_or_more() -> None:
    assert len({c["table"] for c in load("tatqa_shapes_round8").cases}) >= 15
