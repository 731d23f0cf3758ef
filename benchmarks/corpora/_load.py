"""Load a local JSON / JSONL file through HF ``datasets`` (the project's rule for data access)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["MissingData", "load_json_rows"]


class MissingData(FileNotFoundError):
    """A corpus file is not where the data root says; the message names the file and the fix."""


def load_json_rows(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """Rows of a JSON array or JSON-lines file (``.gz`` too), read with ``datasets``.

    ``limit`` keeps the first ``limit`` rows (the files are small; order is the file's).
    """
    if not path.exists():
        raise MissingData(
            f"{path} not found: point --data-root (or $CROSSFOOT_DATA) at the directory that "
            f"holds {path.parent.name}/"
        )
    from datasets import load_dataset  # imported lazily: only the bench extra needs it

    ds = load_dataset("json", data_files=str(path), split="train")
    if limit is not None:
        ds = ds.select(range(min(limit, len(ds))))
    return [dict(r) for r in ds]
