"""The number scanner's fast path against the full reader, for ``tests/test_speed_paths_speed6.py``,
``speed21`` and ``speed47``: ``extract`` with the fast path and without it (``FAST_PATH``), and
what the fast path reads, for the tests that prove it is taken (the comparisons with the full
reader prove nothing for shapes the fast path never takes)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import crossfoot.numbers.extract as extract_module
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract


@contextmanager
def without_fast_path() -> Iterator[None]:
    """``extract`` with the full reader only, inside the block."""
    extract_module.FAST_PATH[0] = False
    try:
        yield
    finally:
        extract_module.FAST_PATH[0] = True


def both_reads(text: str, locale: str | None = None) -> tuple[list[Mention], list[Mention]]:
    """``text`` read with the fast path and without it."""
    fast_read = extract(text, locale=locale)
    with without_fast_path():
        return fast_read, extract(text, locale=locale)


def first_difference(texts: Iterable[str]) -> str | None:
    """The first text the fast and the full reading differ on."""
    for text in texts:
        fast_read, full_read = both_reads(text)
        if fast_read != full_read:
            return text
    return None


def fast_reads(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, text: str) -> list[str]:
    """The texts of the mentions ``owner.name`` (a reader of the fast path) makes in ``text``."""
    taken: list[str] = []
    original = getattr(owner, name)

    def spy(*args: object) -> Mention | None:
        found = original(*args)
        if found is not None:
            taken.append(found.text)
        return found  # type: ignore[no-any-return]

    monkeypatch.setattr(owner, name, spy)
    extract(text)
    return taken
