"""Table shapes of our own for the ninth tatqa pass (issue 14). The cases run, end to end
through :func:`crossfoot.check` in every format, in ``tests/test_grid_vectors.py``; this module
checks what the file must hold.

``tests/vectors/tatqa_shapes_round9.json``: seventeen TAT-QA-like tables (fictional data) with
report sentences of the kinds TAT-QA golds are, in the classes round 9 studied: figures of running
text whose year follows a phrase naming what they count ("$1.2 billion of senior notes during fiscal
2025"), averages and sums of three named years or rows (in a row, a column of years as rows, a
percent row, a "respectively" list of prose), a cell combined with a prose figure, changes under a
unit row ("$M", "(in thousands)"), a unit row of bracketed thousands ("(£000)", "(000)"), and a unit
note that names a counted subject beside the amounts' unit ("(in millions, except shares in
thousands ...)", or "(shares in thousands ...)" under "(Tabular amounts in millions)"), and columns
of one year told apart by the day they end ("September 28, 2025"). Every class has a claim that must
pass and one that must fail; a case whose ``xfail`` names a gap (and the reader or rule that owns
it) runs as ``xfail(strict=True)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_VECTORS = Path(__file__).parent / "vectors" / "tatqa_shapes_round9.json"
CASES: list[dict[str, Any]] = json.loads(_VECTORS.read_text())["cases"]


def test_the_corpus_covers_twelve_tables_or_more() -> None:
    assert len({c["table"] for c in CASES}) >= 12
