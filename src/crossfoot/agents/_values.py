"""Typed values read from tool-call arguments.

An argument tree (dicts, lists, scalars) is walked with dotted paths (``passengers[1].dob``); each
scalar becomes zero or more :class:`ArgValue` (see :mod:`._classify` for how one string is read).
The walk stops at a depth, a string length and a value count, each with a :class:`WalkNote`, so a
hostile argument cannot make a call expensive.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from crossfoot.agents._classify import (
    NOT_ID,
    ArgValue,
    classify,
    compact,
    digits_of,
    nkey,
    parse_amount,
    scan_text,
)

__all__ = [
    "NOT_ID",
    "ArgValue",
    "WalkNote",
    "classify",
    "compact",
    "digits_of",
    "parse_amount",
    "plain_path",
    "scan_text",
    "walk_args",
]

MAX_DEPTH = 32
MAX_STRING = 100_000  # characters of one argument string that are scanned
MAX_VALUES = 5_000  # values read from one call; a bigger call is truncated with a note

_INDEX = re.compile(r"\[\d+\]")


@dataclass(frozen=True, slots=True)
class WalkNote:
    """Something the walk could not read in full (too deep, binary, huge, unserialisable)."""

    path: str
    kind: str  # args_too_deep, binary_arg, arg_truncated, unserialisable_arg, too_many_values
    message: str


class _Walk:
    __slots__ = ("list_lengths", "notes", "tool", "values")

    def __init__(self, tool: str) -> None:
        self.tool = tool
        self.values: list[ArgValue] = []
        self.notes: list[WalkNote] = []
        self.list_lengths: list[int] = []


_PRECISION = [Decimal(5).scaleb(-n - 1) for n in range(20)]
_P0: Decimal = ArgValue._field_defaults["precision"]
_tnew = tuple.__new__


def _plain_number(path: str, node: float) -> ArgValue | None:
    """A float or int as written by ``repr`` ("95.84"), without formatting a Decimal."""
    text = repr(node).lstrip("-")
    if not text.replace(".", "", 1).isdecimal():
        return None  # an exponent, nan or inf: the general path reports it
    _, _, frac = text.partition(".")
    if type(node) is float and frac == "0":
        frac = ""  # 1200.0 was written 1200
    value = Decimal(text)
    small = not frac and value <= 10
    # Most texts are already canonical ("95.84", "1200"); nkey only for a zero at an edge.
    key = text if text[0] != "0" and ("." not in text or text[-1] != "0") else nkey(text)
    # tuple.__new__ directly: ArgValue(...) with keywords runs a Python-level __new__.
    return _tnew(
        ArgValue,
        (
            path,
            node,
            "amount" if frac else "count",
            value,
            not small,
            False,
            _PRECISION[len(frac)] if len(frac) < 20 else _P0,
            key,
            node < 0,
        ),
    )


def _number(path: str, raw: object, value: Decimal, kind: str, embedded: bool = False) -> ArgValue:
    negative = value < 0
    value = abs(value)
    small = value == value.to_integral_value() and value <= 10
    text = format(value, "f")
    _, _, frac = text.partition(".")
    precision = Decimal(5).scaleb(-len(frac) - 1)
    return ArgValue(
        path,
        raw,
        kind,
        value,
        checked=not small,
        embedded=embedded,
        precision=precision,
        nkey=nkey(text),
        negative=negative,
    )


def walk_args(
    tool: str,
    args: object,
    *,
    skip: Mapping[str, frozenset[str]] | None = None,
    kinds: Mapping[str, str] | None = None,
) -> tuple[list[ArgValue], list[WalkNote], list[int]]:
    """Every value in a call's arguments, with dotted paths, plus notes and list lengths.

    ``skip`` maps an argument path (without list indices) to values the schema lists as enum,
    const or default; ``kinds`` maps a path to a kind the schema fixes (``email``, ``date``).

    >>> values, notes, _ = walk_args("refund", {"order_id": "ORD-88231", "amount": 49.99})
    >>> [(v.path, v.kind, v.key) for v in values]
    [('refund.order_id', 'id', 'ord-88231'), ('refund.amount', 'amount', Decimal('49.99'))]
    """
    walk = _Walk(tool)
    _walk(walk, tool, args, 0, skip or {}, kinds or {})
    if len(walk.values) > MAX_VALUES:
        del walk.values[MAX_VALUES:]
        walk.notes.append(
            WalkNote(
                tool, "too_many_values", f"{tool}: only the first {MAX_VALUES} values were checked"
            )
        )
    return walk.values, walk.notes, walk.list_lengths


def plain_path(path: str) -> str:
    """A path without list indices, as policies and schemas name it: ``a[0].b`` -> ``a.b``."""
    if "[" not in path:
        return path
    if path.endswith("]") and path.count("[") == 1:
        return path[: path.index("[")]
    return _INDEX.sub("", path)


def _walk(
    walk: _Walk,
    path: str,
    node: object,
    depth: int,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    if len(walk.values) > MAX_VALUES:
        return
    if depth > MAX_DEPTH:
        walk.notes.append(
            WalkNote(
                path, "args_too_deep", f"{path}: nested deeper than {MAX_DEPTH} levels, not read"
            )
        )
        return
    kind = type(node)
    if kind is str:  # the common case first: no ABC checks on the hot path
        _string(walk, path, node, skip, kinds)  # type: ignore[arg-type]
        return
    if kind is not list and (kind is dict or isinstance(node, Mapping)):
        plain = not skip and not kinds
        for k, v in node.items():  # type: ignore[attr-defined]
            tv = type(v)
            if plain and tv is str and len(v) <= MAX_STRING:
                # The hot path, one call less; the same argument in a later call is a cache hit.
                if type(k) is str:
                    walk.values.extend(_classified((path, k, v), f"{path}.{k}", v))
                else:
                    walk.values.extend(classify(f"{path}.{k}", v))
                continue
            if (
                (tv is float or tv is int)
                and plain
                and depth < MAX_DEPTH
                and len(walk.values) <= MAX_VALUES
            ):
                # A JSON number: _scalar's path without _walk's ABC checks (nor its stops, which
                # the conditions above rule out).
                number = _plain_number(f"{path}.{k}", v)
                if number is not None:
                    walk.values.append(number)
                    continue
            _walk(walk, f"{path}.{k}", v, depth + 1, skip, kinds)
        return
    if kind is list or isinstance(node, (list, tuple, set, frozenset)):
        seq: list[Any] | tuple[Any, ...] = node  # type: ignore[assignment]
        items = sorted(seq, key=repr) if isinstance(node, (set, frozenset)) else seq
        walk.list_lengths.append(len(items))
        inline = not skip and not kinds and depth < MAX_DEPTH
        for i, v in enumerate(items):
            if (
                inline
                and type(v) is str
                and len(v) <= MAX_STRING
                and len(walk.values) <= MAX_VALUES
            ):
                # What _walk -> _string would do for a string item, without the two calls.
                walk.values.extend(_classified((path, i, v), f"{path}[{i}]", v))
            else:
                _walk(walk, f"{path}[{i}]", v, depth + 1, skip, kinds)
        return
    _scalar(walk, path, node, skip, kinds)


# classify() is a pure function of (path, text): a run repeats the same arguments (a user id, an
# order id) call after call, so their readings are kept. Bounded: cleared when full.
_CLASSIFIED: dict[tuple[str, object, str], list[ArgValue]] = {}
_CLASSIFIED_MAX = 4096


def _classified(key: tuple[str, object, str], path: str, text: str) -> list[ArgValue]:
    got = _CLASSIFIED.get(key)
    if got is None:
        got = classify(path, text)
        if len(_CLASSIFIED) >= _CLASSIFIED_MAX:
            _CLASSIFIED.clear()
        _CLASSIFIED[key] = got
    return got


def _scalar(
    walk: _Walk,
    path: str,
    node: object,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    if node is None or isinstance(node, bool):
        return
    if skip:
        skipped = skip.get(plain_path(path))
        if skipped is not None and _text_of(node) in skipped:
            return
    t = type(node)
    if t is float or t is int:  # JSON numbers: no ABC or regex work
        number = _plain_number(path, node)  # type: ignore[arg-type]
        if number is not None:
            walk.values.append(number)
            return
    if isinstance(node, (bytes, bytearray, memoryview)):
        walk.notes.append(
            WalkNote(path, "binary_arg", f"{path}: binary content ({len(node)} bytes) not read")
        )
        return
    if isinstance(node, int):
        walk.values.append(_number(path, node, Decimal(node), "count"))
        return
    if isinstance(node, float):
        if node != node or node in (float("inf"), float("-inf")):
            walk.notes.append(
                WalkNote(path, "unserialisable_arg", f"{path}: {node!r} is not a number")
            )
            return
        walk.values.append(_number(path, node, Decimal(repr(node)), "amount"))
        return
    if isinstance(node, Decimal):
        if not node.is_finite():
            walk.notes.append(
                WalkNote(path, "unserialisable_arg", f"{path}: {node} is not a number")
            )
            return
        walk.values.append(_number(path, node, node, "amount"))
        return
    if not isinstance(node, str):
        walk.notes.append(
            WalkNote(
                path,
                "unserialisable_arg",
                f"{path}: a {type(node).__name__} is not a JSON value; read as its text",
            )
        )
        node = str(node)
    _string(walk, path, node, skip, kinds)


def _string(
    walk: _Walk,
    path: str,
    text: str,
    skip: Mapping[str, frozenset[str]],
    kinds: Mapping[str, str],
) -> None:
    plain = path
    if skip or kinds:
        plain = plain_path(path)
        skipped = skip.get(plain)
        if skipped is not None and text in skipped:
            return
    if len(text) > MAX_STRING:
        walk.notes.append(
            WalkNote(
                path,
                "arg_truncated",
                f"{path}: {len(text):,} characters, the first {MAX_STRING:,} checked",
            )
        )
        text = text[:MAX_STRING]
    walk.values.extend(classify(path, text, kinds.get(plain) if kinds else None))


def _text_of(node: object) -> str:
    return node if isinstance(node, str) else str(node)
