"""Parse the JSON files the command line reads, with errors that name the file and position."""

from __future__ import annotations

import json
from typing import Any

from crossfoot.model.errors import CrossfootError

__all__ = ["parse_json"]


def parse_json(text: str, what: str, path: str) -> Any:
    """``json.loads`` with a :class:`CrossfootError` naming the file, line and column.

    >>> parse_json('{"a": 1}', "rows", "r.json")
    {'a': 1}
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CrossfootError(
            f"{what} file {path} is not valid JSON: {exc.msg}"
            f" at line {exc.lineno}, column {exc.colno}"
        ) from None
