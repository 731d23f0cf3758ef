"""What the number scanner's fast path reads, for the tests that prove a fast path is taken
(``tests/test_speed_paths_speed6.py``, ``speed21``, ``speed47``): the comparisons with the full
reader prove nothing for shapes the fast path never takes."""

from __future__ import annotations

from typing import Any

import pytest

from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract


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
