"""The answer's figures as trace's result-row path reads them, with their readings (speed
only; :mod:`crossfoot.front.trace_derived`). What a figure reads as depends on its characters
alone, so its reading is kept per figure as written for the next answer."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from crossfoot.front.trace_reach import Forms, Spans, forms, spans
from crossfoot.front.trace_rowset import mention
from crossfoot.front.trace_scope import derived_spans
from crossfoot.model.memo import evict_oldest
from crossfoot.model.types import Kind, Mention

__all__ = ["figure_at", "figure_item"]

_PERCENT = re.compile(r"([1-9]\d{0,2}(?:,\d{3})+|[1-9]\d{0,6}|0)(?:\.(\d{1,3}))?\Z")
_HALF = Decimal("0.5")


_UNREAD: tuple[Any, ...] = ()  # (not read yet: a reading is never empty)
_FIGURES: dict[tuple[str, bool], tuple[tuple[Any, ...], Forms, Spans, Spans] | None] = {}


def figure_item(text: str, tokens: list[re.Match[str]], i: int) -> tuple[Any, ...] | None:
    """:func:`figure_at`'s figure of token ``i`` with its readings (:func:`forms`, their wide
    windows and the derived tiers' tight ones), or None. What a figure reads as depends on its
    characters alone: the readings are kept per figure as written (read-only lists)."""
    tok = tokens[i]
    written = tok.group(1)
    percent = i + 1 < len(tokens) and tokens[i + 1].group(4) == "%"
    if percent and tokens[i + 1].start() != tok.end():
        return None
    made = _FIGURES.get((written, percent), _UNREAD)
    if made is _UNREAD:
        m = figure_at(text, tokens, i)
        if m is not None:
            read = forms(m)
            wide, tight = spans(read)
            fields = (m.value, m.kind, m.precision, m.currency, m.scale, m.scale_word, m.written)
            made = (fields, read, wide, derived_spans(m, tight))
        else:
            made = None
        evict_oldest(_FIGURES, 4096)
        _FIGURES[(written, percent)] = made
    if made is None:
        return None
    fields, read, wide, tight = made
    said = written + "%" if percent else written
    end = tok.end() + 1 if percent else tok.end()
    return Mention(said, tok.start(), end, *fields), read, wide, tight


def figure_at(text: str, tokens: list[re.Match[str]], i: int) -> Mention | None:
    """The figure of token ``i`` as the engine reads it (a cell's figure, or a percentage when
    "%" follows it), or None when the path does not read it."""
    tok = tokens[i]
    if i + 1 < len(tokens) and tokens[i + 1].group(4) == "%":
        sign = tokens[i + 1]
        if sign.start() != tok.end():
            return None
        m = _PERCENT.match(tok.group(1))
        if m is None:
            return None
        whole, decimals = m.groups()
        value = Decimal(whole.replace(",", "") + ("." + decimals if decimals else ""))
        precision = _HALF.scaleb(-len(decimals or ""))
        kind: Kind = "percent"
        return Mention(
            text[tok.start() : sign.end()],
            tok.start(),
            sign.end(),
            value,
            kind,
            precision,
            None,
            Decimal(1),
            None,
            value,
        )
    return mention(tok)
