"""How thorough the exhaustive sweeps run: the CI budget or the whole product.

``make test`` runs each sweep on a covering subset chosen by rule (every pair of factor values
at least once, and the full product for one representative of each shape), which keeps the
suite inside its time budget. ``make test-deep`` (``CROSSFOOT_DEEP_TESTS=1``) runs the full
products: run it after changing a reader a sweep guards.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
U = TypeVar("U")
V = TypeVar("V")

DEEP = os.environ.get("CROSSFOOT_DEEP_TESTS", "") == "1"


def examples(budget: int, deep: int) -> int:
    """A property's ``max_examples``: ``deep`` under ``make test-deep``, else ``budget``."""
    return deep if DEEP else budget


def pairs(a: Sequence[T], b: Sequence[U], c: Sequence[V]) -> Iterator[tuple[T, U, V]]:
    """Triples in which every pair of values of any two factors occurs, each factor's order
    kept (the whole product under ``make test-deep``)."""
    if DEEP:
        yield from itertools.product(a, b, c)
        return
    seen: set[tuple[T, U, V]] = set()
    # each pair of the first two factors, the third cycled; then the pairs with the third
    for i, (x, y) in enumerate(itertools.product(a, b)):
        seen.add((x, y, c[i % len(c)]))
    for i, (y, z) in enumerate(itertools.product(b, c)):
        seen.add((a[i % len(a)], y, z))
    for i, (x, z) in enumerate(itertools.product(a, c)):
        seen.add((x, b[i % len(b)], z))
    yield from sorted(seen, key=lambda t: (a.index(t[0]), b.index(t[1]), c.index(t[2])))
