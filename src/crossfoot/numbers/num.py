"""A number being read (:class:`Num`), and the precision a written number states.

:class:`Num` is mutable while the reader (:mod:`crossfoot.numbers.reading`) widens it with what is
written around its digits; :meth:`Num.mention` freezes it into the
:class:`~crossfoot.model.types.Mention` every later stage uses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from crossfoot.model.types import Kind, Mention
from crossfoot.numbers.cores import exact_decimal, half_unit
from crossfoot.numbers.patterns import SCALES

__all__ = ["Num", "stated_precision"]


def stated_precision(written_digits: str, scale: Decimal = Decimal(1)) -> Decimal:
    """Half a unit of the last written digit, times ``scale``.

    >>> stated_precision("3.2", Decimal(10) ** 9)
    Decimal('50000000')
    >>> stated_precision("1,200")
    Decimal('0.5')
    >>> stated_precision("12.34")
    Decimal('0.005')
    """
    text = written_digits.replace(",", "")
    _, _, frac = text.partition(".")
    result = half_unit(-len(frac) - 1) * scale
    # A whole result prints without exponent or trailing zeros: 50000000, not 5.0E+7.
    return Decimal(int(result)) if result == result.to_integral_value() else result


# The written value of digits with no decimals, up to four of them (years, small counts), made
# once: a Decimal is immutable, so every mention of "2024" may hold the same one.
_WRITTEN: dict[str, Decimal] = {}


@dataclass(slots=True)
class Num:
    """A number being read: mutable while the scanner widens it, then frozen into a Mention."""

    start: int
    end: int
    digits: str
    exp: int
    plain: bool = True
    grouped: bool = False
    negative: bool = False
    currency: str | None = None
    kind: Kind = "number"
    scale_exp: int = 0
    scale_word: str | None = None
    approximate: bool = False
    claim: bool = True
    high: Decimal | None = None
    high_precision: Decimal | None = None
    place_exp: int | None = None  # for number words: exponent of the precision unit
    fy: bool = False  # written with a glued "FY": FY2024, FY24
    unit: str | None = None  # a unit of measure: "kg", "°C"
    unreadable: bool = False  # more than MAX_DIGITS digits: reported, never read

    @property
    def has_unit(self) -> bool:
        return self.kind != "number" or self.currency is not None or self.scale_exp != 0

    def value(self) -> Decimal:
        return exact_decimal(self.digits, self.exp + self.scale_exp, self.negative)

    def precision(self) -> Decimal:
        unit = self.exp if self.place_exp is None else self.place_exp
        # (a hedge's trailing zeros round, and so does basis points' last one: "expanded 580
        # bps" of 582, as analysts write a point change to a tenth, 5.8 points)
        rounds = self.approximate or self.kind == "bps"
        if rounds and self.exp >= 0 and self.place_exp is None and self.kind != "year":
            stripped = self.digits.rstrip("0")
            if stripped:
                zeros = len(self.digits) - len(stripped)
                unit += zeros if self.approximate else min(zeros, 1)
        return half_unit(unit + self.scale_exp - 1)

    def mention(self, text: str) -> Mention:
        if self.exp == 0:
            written = _WRITTEN.get(self.digits)
            if written is None:
                written = Decimal(self.digits or "0")
                if len(self.digits) <= 4:  # at most 11,111 entries
                    _WRITTEN[self.digits] = written
        else:
            written = exact_decimal(self.digits, self.exp)
        value = written if self.scale_exp == 0 and not self.negative else self.value()
        if self.place_exp is None and not self.approximate and self.kind != "bps":  # (precision())
            precision = half_unit(self.exp + self.scale_exp - 1)
        else:
            precision = self.precision()
        if self.high_precision is not None:
            precision = min(precision, self.high_precision)
        # Positional, in Mention's field order; tests/vectors/extract_pinned.json pins every field.
        return new_mention(
            text[self.start : self.end],  # text
            self.start,
            self.end,
            value,
            self.kind,
            precision,
            self.currency,
            SCALES.get(self.scale_exp) or _scale(self.scale_exp),  # scale
            self.scale_word,
            written,
            self.negative,
            self.high,
            self.approximate,
            self.claim,
            self.unit,
            self.unreadable,
        )


def _mention_builder() -> Callable[..., Mention]:
    """``Mention(...)`` (positional arguments only), several times as fast.

    A frozen slotted dataclass sets each slot through a descriptor call (model/_fastinit.py:
    ~130 ns a field, 16 fields, one Mention per number read). This builds an instance of a class
    with Mention's exact slot layout and no frozen ``__setattr__`` (plain attribute stores), then
    turns it into a Mention: ``__class__`` assignment between classes of the same layout is
    what Python allows. The result is a true Mention (type, equality, hash, repr, pickling,
    ``dataclasses.replace``, frozenness); tests check it equals ``Mention(...)`` field by field.
    Made from Mention's fields, so a new field needs no edit here.
    """
    names = [f.name for f in dataclasses.fields(Mention)]
    if tuple(names) != Mention.__slots__:  # pragma: no cover - a layout this trick cannot use
        return Mention
    building = type("_BuildingMention", (), {"__slots__": Mention.__slots__})
    body = "".join(f"    self.{name} = {name}\n" for name in names)
    source = (
        f"def new_mention({', '.join(names)}):\n    self = _new(_Building)\n{body}"
        "    self.__class__ = _Mention\n    return self\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "_Building": building, "_Mention": Mention}
    exec(source, namespace)  # as dataclasses and model/_fastinit.py make __init__
    built: Callable[..., Mention] = namespace["new_mention"]
    return built


#: Builds a Mention from all its fields, in order (see :func:`_mention_builder`).
new_mention = _mention_builder()


def _scale(exp: int) -> Decimal:
    """10**exp for the scales of other languages (万 is 10**4, 億 10**8)."""
    return Decimal(10) ** exp  # (exact for a hundredth too: "24 cents")
