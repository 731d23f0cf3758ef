"""The short cuts of round 19 (issue 19, speed26: "rules that stop early") against the paths they
skip.

``rules.table_chain`` enumerates a table's chains once per table, on the first unsupported fine
figure of an answer with a question (``benchmarks/rule_stops.py``: the rule's whole cost on
pot-tatqa, where it settles no figure). Its four builders now make the same chains with less
Python per chain:

- ``_parallel`` passes over a pair of places that fewer than two lines change between (no
  ratio of two changes there);
- ``_sum_share`` stops a pair of cells at once when no cell of the line is above the two
  together (the common case: most pairs sum past the line's largest cell);
- ``_sums`` and ``_products`` take the float sums and products, and the operands, from
  ``itertools.combinations`` in C, in the order the loops made them.

Each builder is held to the loop it replaced (copied below) on hypothesis lines of cells:
the same chains, in the same order, the same floats, the same operand objects; a short cut
that drops the pairs of places with exactly two changing lines is caught.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from decimal import Decimal
from itertools import combinations, permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deep import examples

table_chain: Any = importlib.import_module("crossfoot.rules.table_chain")

_Lines = dict[int, dict[int, Any]]


class _Cell:
    """A stand-in for a SourceValue: the builders read ``value`` and compare identities."""

    __slots__ = ("value",)

    def __init__(self, value: Decimal) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"_Cell({self.value})"


# ----------------------------------------------------------------------------- the loops replaced


def _parallel_loop(lines: _Lines) -> list[Any]:
    out: list[Any] = []
    places = sorted({p for line in lines.values() for p in line})
    for p, q in combinations(places, 2):
        diffs = [
            (float(line[p].value - line[q].value), line[p], line[q])
            for line in lines.values()
            if p in line and q in line and line[p].value != line[q].value
        ]
        for (d1, a1, b1), (d2, a2, b2) in permutations(diffs, 2):
            ratio = d1 / d2
            ops = (a1, b1, a2, b2)
            out.append((ratio, "changes", ops))
            out.append((ratio - 1.0, "change_of_difference", ops))
    return out


def _sum_share_loop(lines: _Lines) -> list[Any]:
    out: list[Any] = []
    for line in lines.values():
        cells = [(float(v.value), v) for v in line.values() if v.value > 0]
        for (x, a), (y, b) in combinations(cells, 2):
            total = x + y
            for z, c in cells:
                if c is not a and c is not b and total < z:
                    out.append((total / z, "sum_share", (a, b, c)))
    return out


def _sums_loop(lines: _Lines) -> list[Any]:
    out: list[Any] = []
    for line in lines.values():
        if len(line) > table_chain._SUM3_LINE:
            continue
        cells = [(float(v.value), v) for _, v in sorted(line.items())]
        # three or four cells of a short line, three of a longer one (round 27, conv27)
        for k in (3, 4) if len(line) <= table_chain._SUM_LINE else (3,):
            for group in combinations(cells, k):
                out.append((sum(x for x, _ in group), "sum", tuple(v for _, v in group)))
    return out


def _products_loop(lines: _Lines) -> list[Any]:
    out: list[Any] = []
    for line in lines.values():
        for a, b in combinations(line.values(), 2):
            out.append((float(a.value) * float(b.value), "product", (a, b)))
    return out


_PAIRS: dict[str, Callable[[_Lines], list[Any]]] = {
    "_parallel": _parallel_loop,
    "_sum_share": _sum_share_loop,
    "_sums": _sums_loop,
    "_products": _products_loop,
}

# ----------------------------------------------------------------------------- the lines drawn

# Amounts as tables write them: whole, with cents, tiny and huge, signed, repeated (ties of the
# float estimates and lines that do not change between two places).
_VALUES = st.one_of(
    st.integers(-10**7, 10**7).map(Decimal),
    st.decimals(min_value=Decimal("-1e6"), max_value=Decimal("1e6"), places=2),
    st.sampled_from([Decimal("0.1"), Decimal("0.2"), Decimal("0.3"), Decimal("1e15"),
                     Decimal("-1e-9"), Decimal("7"), Decimal("7.00"), Decimal("3")]),
)  # fmt: skip


@st.composite
def _lines(draw: st.DrawFn) -> _Lines:
    """Up to 5 lines over up to 11 places (a line longer than ``_SUM_LINE`` too), cells missing
    at random; a value may repeat in a line and across lines."""
    places = draw(st.integers(1, 11))
    count = draw(st.integers(1, 5))
    pool = draw(st.lists(_VALUES, min_size=1, max_size=8))
    out: _Lines = {}
    for r in range(count):
        line: dict[int, Any] = {}
        for p in range(places):
            if draw(st.booleans()) or places <= 3:
                line[p] = _Cell(draw(st.sampled_from(pool) | _VALUES))
        out[draw(st.integers(0, 40)) if r else r] = line
    return out


def _same(got: list[Any], want: list[Any]) -> bool:
    """The same chains in the same order: equal floats (NaN never arises from finite cells),
    the same shape, the same operand objects."""
    if len(got) != len(want):
        return False
    for (x, shape, ops), (y, shape2, ops2) in zip(got, want, strict=True):
        if not (x == y or (x != x and y != y)) or shape != shape2 or len(ops) != len(ops2):
            return False
        if any(a is not b for a, b in zip(ops, ops2, strict=True)):
            return False
    return True


def _check_builders(lines: _Lines) -> None:
    for name, loop in _PAIRS.items():
        assert _same(getattr(table_chain, name)(lines), loop(lines)), name


@settings(
    max_examples=examples(50, 400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(_lines())
@example(
    {
        0: {0: _Cell(Decimal(5)), 1: _Cell(Decimal(3))},
        1: {0: _Cell(Decimal(9)), 1: _Cell(Decimal(4))},
    }
)
@example({0: {p: _Cell(Decimal(v)) for p, v in enumerate([1, 2, 3, 10])}})
@example({0: {p: _Cell(Decimal(v)) for p, v in enumerate([4, 4, 4])}})
@example({0: {p: _Cell(Decimal(p + 1)) for p in range(12)}})
def test_chain_builders_make_the_chains_of_the_loops(lines: _Lines) -> None:
    _check_builders(lines)


def test_a_parallel_short_cut_that_drops_two_line_places_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The property fails for a ``_parallel`` that wants three changing lines, not two."""

    def broken(lines: _Lines) -> list[Any]:
        keep = {}
        for p, q in combinations(sorted({p for line in lines.values() for p in line}), 2):
            n = sum(
                1 for ln in lines.values() if p in ln and q in ln and ln[p].value != ln[q].value
            )
            keep[(p, q)] = n >= 3
        return [ch for ch in _parallel_loop(lines) if keep[_places_of(lines, ch)]]

    monkeypatch.setattr(table_chain, "_parallel", broken)
    with pytest.raises(AssertionError):
        test_chain_builders_make_the_chains_of_the_loops()


def _places_of(lines: _Lines, chain: Any) -> tuple[int, int]:
    a, b = chain[2][0], chain[2][1]
    for line in lines.values():
        where = {id(v): p for p, v in line.items()}
        if id(a) in where and id(b) in where:
            return (
                (where[id(a)], where[id(b)])
                if where[id(a)] < where[id(b)]
                else (where[id(b)], where[id(a)])
            )
    raise AssertionError("operands on no one line")
