"""The made-up item the counts-only tests feed the benchmarks' views (test_counts_only39,
test_counts_only40b, test_counts_only40, test_counts_only41a, 41b, 41c, 42a and 42b): words and
figures no corpus holds, so a tag that holds one of them printed an item's text."""

from __future__ import annotations

import re
from collections.abc import Iterable

WORDS = ("zorblat", "quuxco", "frobnic", "wibbleco")
GRID = [
    ["( in millions )", "2019", "2018"],
    ["zorblat revenue", "$ 2,400", "$ 2,150"],
    ["frobnic profit", "310", "280"],
]
PROSE = "quuxco wibbleco sales were $ 560 million in 2019 , compared with $ 520 million in 2018 ."


def assert_fixed_words(
    tags: Iterable[str],
    figures: Iterable[str] = (),
    *,
    allowed: str = "",
    run: int = 2,
    words: Iterable[str] = WORDS,
) -> None:
    """Every tag (at least one) is fixed words: no made-up word, no figure of the item, and no run
    of ``run`` digits once ``allowed`` (a pattern of the view's own fixed bands) is taken out."""
    seen, figures, words = list(tags), tuple(figures), tuple(words)
    assert seen
    for tag in seen:
        assert not any(w in tag.lower() for w in words), tag
        assert not any(f in tag for f in figures), tag
        assert not re.search(r"\d" * run, re.sub(allowed, "", tag) if allowed else tag), tag
