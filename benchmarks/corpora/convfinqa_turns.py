"""``convfinqa-turns``: the ConvFinQA answers of :mod:`convfinqa` checked with the whole
conversation as the question (a labelled line of the results, not the headline).

The headline run passes ``question=`` the final turn only ("what was, then, the change over the
years?"), while the earlier turns name the rows and years; a user of a chat assistant passes the
conversation. Here ``question=`` carries every turn (:func:`convfinqa.conversation`); the answers,
sentences, sources and halves are those of ``convfinqa`` (the items keep that corpus name, so the
split by documents is the same).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from . import convfinqa
from .common import Item

__all__ = ["LABEL", "NAME", "load"]

NAME = "convfinqa-turns"
LABEL = "convfinqa (turns as question)"


def load(root: Path, limit: int | None = None) -> list[Item]:
    """The items of :func:`convfinqa.load`, each asked with its whole conversation."""
    return [
        replace(i, question=convfinqa.conversation(i.meta["turns"]))
        for i in convfinqa.load(root, limit)
    ]
