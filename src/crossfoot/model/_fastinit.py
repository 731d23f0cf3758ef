"""A faster ``__init__`` for the frozen, slotted value dataclasses.

A frozen dataclass sets each field in ``__init__`` through ``object.__setattr__`` (looked up and
called with the field's name, as the frozen ``__setattr__`` forbids plain assignment). The
engine makes thousands of these values per answer (mentions, source values, claims, evidence),
and calling each slot's own descriptor ``__set__`` instead costs about half as much. The
signature (names, order, defaults) is the dataclass's own; nothing else of the class changes:
``dataclasses.replace``, equality, hashing, ``repr`` and pickling work as before.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["fast_init"]

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give the frozen slotted dataclass ``cls`` an ``__init__`` that sets each slot through
    its descriptor; a class with a default factory, a ``__post_init__``, keyword-only or
    init-less fields keeps its own.

    >>> @fast_init
    ... @dataclasses.dataclass(frozen=True, slots=True)
    ... class P:
    ...     x: int
    ...     y: int = 2
    >>> P(1), P(1, y=3) == P(1, 3)
    (P(x=1, y=2), True)
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING for f in fields
    ):
        return cls
    namespace: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    for f in fields:
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)  # what dataclasses itself does to make __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
