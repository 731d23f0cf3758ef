"""Bounded memos shared across answers and threads."""

from __future__ import annotations

from typing import Any

__all__ = ["evict_oldest"]


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
