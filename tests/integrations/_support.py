"""Example data and helpers shared by the framework tests."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "README.md"

#: The fictional example used across the adapters and the docs.
CONTEXT = ["In FY2024 Acme shipped 12,400 units, up from 10,000 in FY2023."]
GROUNDED = "Acme shipped 12,400 units in FY2024, up 24% on FY2023."
HALLUCINATED = "Acme shipped 13,900 units in FY2024."


def docs_example(name: str) -> str:
    """The fenced block that follows ``<!-- example: NAME -->`` in README.md."""
    text = DOCS.read_text(encoding="utf-8")
    found = re.search(
        rf"<!-- example: {re.escape(name)} -->\s*```[a-z]*\n(.*?)```", text, flags=re.DOTALL
    )
    assert found, f"README.md has no example named {name!r}"
    return found.group(1)
