"""Probes of rounds 5-6 readings with sentences of other shapes than the corpora's (probe6).

``tests/vectors/probes_round6.json`` (change signs, which-year answers, comparisons of two years,
the years a table covers, unit rows and notes, split fiscal years, shares of a named whole, bare
comparisons, a conversation's ask, over fictional tables in every format ``corpora.render``
writes) runs in ``tests/test_grid_vectors.py``; here, what probe6's brief asked of the file.
"""

from __future__ import annotations

from grid_vectors import load


def test_at_least_forty_probes() -> None:
    assert len(load("probes_round6").cases) >= 40
