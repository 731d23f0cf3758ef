"""Bounded memos shared across answers and threads."""

from __future__ import annotations

from typing import Any

__all__ = ["evict_oldest"]


def evict_oldest(memo: dict[Any, Any], kept: int) -> None:
    """Drop ``memo``'s oldest entry once it holds ``kept``: a bounded memo shared across answers.

    Threads may check at once: another may insert or evict between our two steps, which Python
    reports as an empty dict or a changed size; the memo is only a cache, so skip the eviction.

    >>> m = {1: "a", 2: "b"}; evict_oldest(m, 2); m
    {2: 'b'}
    """
    if len(memo) >= kept:
        try:
            memo.pop(next(iter(memo)), None)
        except (RuntimeError, StopIteration):
            pass
