"""Bounded memos shared across answers and threads."""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any, Generic, TypeVar

from crossfoot.model.context import ClaimContext

__all__ = [
    "SHELF",
    "LastText",
    "by_cells",
    "by_identity",
    "evict_oldest",
    "per_answer",
    "rerun_store",
]

_K = TypeVar("_K")
_R = TypeVar("_R")


def evict_oldest(memo: dict[Any, Any], kept: int) -> None:
    """Drop ``memo``'s oldest entries until it holds fewer than ``kept``: a bounded memo shared
    across answers, so the caller may then insert one.

    Threads may call at once: another may insert or evict between our two steps, which Python
    reports as a changed size or an empty dict; we look again, so an eviction another thread
    disturbed is made up at the next call and the memo stays within ``kept`` plus one entry per
    thread inserting at that moment.

    >>> m = {1: "a", 2: "b"}; evict_oldest(m, 2); m
    {2: 'b'}
    """
    while memo and len(memo) >= kept:  # (kept <= 0 empties it, never spins)
        try:
            memo.pop(next(iter(memo)), None)
        except (RuntimeError, StopIteration):
            continue


# Where a store that starts afresh finds the memos of :func:`per_answer` made by the stores before
# it: engine.rerun gives each re-run of a figure a new store (its other memos may read the claims
# grounded), and every re-run of an answer one shelf, so the readings of a cut scope are made
# once, not once per figure judged again. Safe as the per-answer store itself is: an entry is
# keyed by its key's identity and holds the key, and ``make`` reads the key and the answer only.
SHELF = "memo.per_answer_shelf"
# Speed only; off for the proof that it is verdict-neutral (tests/test_speed_paths_speed54.py).
SHELVED = True


def rerun_store(read: dict[str, object], shelf: dict[str, object]) -> dict[str, object]:
    """A new store for a re-run of a figure: ``read`` (the question's readings) and the answer's
    ``shelf`` of per_answer's memos (module note at :data:`SHELF`).

    >>> shelf: dict[str, object] = {}
    >>> rerun_store({"ask.text": "q"}, shelf) == {"ask.text": "q", SHELF: {}}
    True
    """
    store = dict(read)
    if SHELVED:
        store[SHELF] = shelf
    return store


def per_answer(ctx: ClaimContext, name: str, key: _K, make: Callable[[_K], _R]) -> _R:
    """``make(key)``, made once per answer: every claim of an answer reads the same groups,
    scopes and sources. Keyed by ``id(key)``; the entry holds ``key``, so its id is not reused
    while the answer is checked.

    >>> from decimal import Decimal
    >>> from crossfoot.model.options import Options
    >>> from crossfoot.model.types import Mention
    >>> m = Mention("1", 0, 1, Decimal(1), "number", Decimal("0.5"))
    >>> ctx = ClaimContext(m, None, "1", (m,), 0, None, Options())
    >>> calls = []
    >>> key = ("a table",)
    >>> [per_answer(ctx, "demo", key, lambda k: calls.append(k) or len(calls)) for _ in "ab"]
    [1, 1]
    """
    memo: dict[int, tuple[_K, _R]] | None = ctx.shared.get(name)  # type: ignore[assignment]
    if memo is None:
        shelf: dict[str, Any] | None = ctx.shared.get(SHELF)  # type: ignore[assignment]
        memo = {} if shelf is None else shelf.setdefault(name, {})
        ctx.shared[name] = memo
    hit = memo.get(id(key))
    if hit is None or hit[0] is not key:
        hit = memo[id(key)] = (key, make(key))
    return hit[1]


def by_identity(
    memo: dict[int, tuple[Any, _R]], key: _K, kept: int, make: Callable[[_K], _R]
) -> _R:
    """``make(key)``, kept across answers in ``memo`` (at most ``kept`` entries, oldest out first)
    for as long as ``key`` itself is there: keyed by ``id(key)``, the entry holds ``key`` so
    its id is not reused while it is kept.

    >>> memo: dict[int, tuple[object, int]] = {}
    >>> table = ("a table",)
    >>> by_identity(memo, table, 4, len), by_identity(memo, table, 4, lambda k: -1)
    (1, 1)
    """
    hit = memo.get(id(key))
    if hit is not None and hit[0] is key:
        return hit[1]
    made = make(key)
    evict_oldest(memo, kept)
    memo[id(key)] = (key, made)
    return made


def by_cells(
    memo: dict[tuple[int, ...], tuple[Any, _R]],
    cells: tuple[Any, ...],
    kept: int,
    make: Callable[[tuple[Any, ...]], _R],
) -> _R:
    """``make(cells)``, kept across answers in ``memo`` for the same objects in any tuple (at
    most ``kept`` entries, oldest out first): keyed by the objects' ids, the entry holds its
    tuple, so equal ids are the same objects while it is kept. For readings of frozen objects
    only: a kept result set hands a new answer the same cells in a new tuple.

    >>> memo: dict[tuple[int, ...], tuple[object, int]] = {}
    >>> a, b = ("x",), ("y",)
    >>> by_cells(memo, (a, b), 4, len), by_cells(memo, tuple([a, b]), 4, lambda c: -1)
    (2, 2)
    >>> by_cells(memo, (b, a), 4, lambda c: -1)
    -1
    """
    key = tuple(map(id, cells))
    hit = memo.get(key)
    if hit is not None:
        return hit[1]
    made = make(cells)
    evict_oldest(memo, kept)
    memo[key] = (cells, made)
    return made


class LastText(Generic[_K, _R]):
    """Readings of the one text asked about last, by key. The rules of one answer ask for the
    same reading again and again; the text (and what else it is read with) is compared by
    identity, so the next answer starts afresh. A reading goes into the memo before the memo is
    put in the slot, so another thread reads a complete one.

    >>> memo: LastText[int, str] = LastText()
    >>> text = "an answer"
    >>> memo.get((text,), 1, lambda: "read"), memo.get((text,), 1, lambda: "again")
    ('read', 'read')
    """

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: tuple[tuple[object, ...], dict[_K, _R]] = ((), {})

    def get(self, owners: tuple[object, ...], key: _K, make: Callable[[], _R]) -> _R:
        """The reading ``key`` of ``owners`` (the text, and what it is read with), made by
        ``make`` the first time."""
        kept = self._kept
        if len(kept[0]) != len(owners) or not all(map(is_, kept[0], owners)):
            kept = (owners, {})
        memo = kept[1]
        if key in memo:
            return memo[key]
        found = memo[key] = make()
        self._kept = kept
        return found
