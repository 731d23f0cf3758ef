"""The fast path of round 13's ``check()`` work (issue 19, speed20) answers as the plain reading.

``rules.cross_source._pool``: the one pool of a scope's per-source groups (``across_sources``
searches it for a share or ratio with operands in two sources) is kept across answers by the
identity of the groups' tuple, which a ``SourceSet`` makes once per (sources, cited) and hands to
every answer on it; before, each answer built its own pool, and two_operand's per-group memos
(keyed by the pool's identity) were built again with it. The properties: the kept pool holds
exactly the values a fresh merge holds, in the same order, whatever source sets came before; and
``check()``'s reports with the pool kept equal those with every pool made afresh. A memo keyed by
something weaker than the groups' identity (here: their number) is caught.
"""

from __future__ import annotations

import importlib
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.model.context import Scope
from crossfoot.model.index import ValueIndex
from crossfoot.sources.load import load_sources

# (the package re-exports the rule function under the module's name)
cross_source = importlib.import_module("crossfoot.rules.cross_source")
_SETTINGS = settings(
    max_examples=120, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)

_ROWS = ("Revenue", "Cost of sales", "Operating income", "Packaging sales", "Other")


@st.composite
def _documents(draw: st.DrawFn) -> list[str]:
    """A table passage (rows by two years) and a prose passage, with random figures."""
    rows = draw(st.lists(st.sampled_from(_ROWS), min_size=1, max_size=4, unique=True))
    figures = st.integers(min_value=1, max_value=99_999)
    lines = ["(in millions)", "| Item | 2019 | 2018 |", "|---|---|---|"]
    lines += [f"| {r} | ${draw(figures):,} | ${draw(figures):,} |" for r in rows]
    prose = draw(st.lists(figures, min_size=1, max_size=3))
    text = " ".join(f"Segment {i + 1} sales were ${x:,} million in 2019." for i, x in enumerate(prose))
    return ["\n".join(lines), text]


def _fine(a: int, b: int) -> str:
    return f"{Decimal(a) / Decimal(b):.4f}"


@st.composite
def _answers(draw: st.DrawFn, doc: list[str]) -> str:
    """A share of two of the document's figures (one from each passage, or any two), stated to
    four decimals, or a random fine figure."""
    found = [int(x.replace(",", "")) for x in _numbers(doc[0])] or [1]
    prose = [int(x.replace(",", "")) for x in _numbers(doc[1])] or [1]
    a, b = draw(st.sampled_from(found)), draw(st.sampled_from(prose))
    pick = draw(st.integers(0, 2))
    if pick == 0:
        ratio = _fine(b, a)
    elif pick == 1:
        ratio = _fine(a, b)
    else:
        ratio = f"{draw(st.integers(1, 9_999)) / 10_000:.4f}"
    return f"The share was {ratio} of the total."


def _numbers(text: str) -> list[str]:
    import re

    return [m for m in re.findall(r"\d[\d,]*", text) if m not in ("2019", "2018", "1", "2", "3")]


def _scope(doc: list[str]) -> Scope:
    sources = load_sources(doc)
    return Scope(sources.sources, False, sources.index(None), sources.groups(None, False))


def _fresh(scope: Scope) -> tuple[Any, ...]:
    return ValueIndex([v for g in scope.groups for v in g.values]).values


@_SETTINGS
@given(st.lists(_documents(), min_size=1, max_size=4), st.data())
def test_kept_pool_holds_a_fresh_merge(docs: list[list[str]], data: st.DataObject) -> None:
    scopes = [_scope(d) for d in docs]
    for _ in range(2):  # (a second pass: every pool now comes from the memo)
        for scope in data.draw(st.permutations(scopes)):
            pooled = cross_source._pool(scope)
            assert len(pooled.groups) == 1
            assert pooled.groups[0].values == _fresh(scope)
            assert pooled.sources is scope.sources and pooled.index is scope.index


@_SETTINGS
@given(_documents(), st.data())
def test_check_with_kept_pools_equals_fresh_pools(doc: list[str], data: st.DataObject) -> None:
    answers = [data.draw(_answers(doc)) for _ in range(3)]
    kept = [check(a, doc).to_dict() for a in answers]
    fresh = []
    for a in answers:
        cross_source._POOLS.clear()
        fresh.append(check(a, doc).to_dict())
    assert kept == fresh


def test_the_pool_is_kept_across_answers() -> None:
    """The shortcut is taken: a second answer on the same sources gets the same pool object."""
    doc = [
        "(in millions)\n| Item | 2019 |\n|---|---|\n| Packaging sales | $2,245 |",
        "Foodservice sales were $437 million in 2019.",
    ]
    sources = load_sources(doc)
    a = Scope(sources.sources, False, sources.index(None), sources.groups(None, False))
    b = Scope(sources.sources, False, sources.index(None), sources.groups(None, False))
    assert cross_source._pool(a).groups[0] is cross_source._pool(b).groups[0]
    got = check("Foodservice was 0.1947 of packaging sales.", doc)
    assert got.claims[0].status == "derived"


def test_a_memo_keyed_by_the_number_of_groups_is_caught() -> None:
    kept: dict[int, ValueIndex] = {}

    def broken(scope: Scope) -> Scope:
        pool = kept.get(len(scope.groups))
        if pool is None:
            pool = kept[len(scope.groups)] = ValueIndex(_fresh(scope))
        return Scope(scope.sources, scope.cited, scope.index, (pool,))

    def wrong(docs: list[list[str]]) -> bool:
        kept.clear()
        return any(broken(s).groups[0].values != _fresh(s) for s in map(_scope, docs))

    find(
        st.lists(_documents(), min_size=2, max_size=3),
        wrong,
        settings=settings(database=None, phases=[Phase.generate], max_examples=500),
    )
