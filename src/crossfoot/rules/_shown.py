"""The evidence rules of a calculation the answer shows itself (``rules.steps``: its steps;
``rules.arithmetic``: a written calculation), which the alignment and answer-figure rules read
apart from a figure the engine derived on its own."""

from __future__ import annotations

__all__ = ["SHOWN"]

SHOWN = frozenset({"steps", "arithmetic"})
