"""A computed final figure cut short: wrong at the precision it is written to, and at any other.

"Service revenue was $1,145 and deferred revenue $4,210. 1,145 / 4,210 = 27.1%." The quotient
is 27.197%: at one decimal it is 27.2%, at two 27.20%, at none 27%. "27.1%" is the value with its
later digits dropped, not rounded, and it is no rounding of the result at any precision: its
last digit is off by more than half a unit. Written arithmetic reads a stated result as the
value rounded *or truncated* (a step shown short may be carried on: docs/claims.md, "Written
arithmetic"), so every per-figure check accepts it; as the answer's *final* figure it is the
number the reader takes away, and it is wrong.

For :func:`crossfoot.rules.alignment.align_answer`, a final figure that passes is
``off_question`` when it restates (or is) a written calculation of the answer (the
"arithmetic" rule) read as written (not at its operands' source values, nor over an earlier
step carried unrounded: those read other digits), written without "about" or "≈", and its
value lies more than half a unit of its last written digit nearer zero than the calculation's
result, and less than a whole unit (the result with its last digits dropped). A figure that
rounds to nearest, an exact half (``rules.alignment_halves``), a value read from the sources,
and a bare figure the search derives (the search does not accept a cut figure) are not judged.

Not kept (round 16, strict xfail in ``tests/vectors/sign16.json``): a bare figure the search
derives as the very operation the question asks for over exactly its years, an exact half
written toward zero ("$1,082 thousand" for an asked average of 1,082.5): pot-tatqa tuning half
+1 flagged, validation unchanged.
"""

from __future__ import annotations

from decimal import Decimal

from crossfoot.model.types import Claim, Evidence

__all__ = ["cut_short"]

# Readings of a written calculation at values other than its own digits.
_OTHER_DIGITS = ("carried", "sources' precision", "magnitude only")


def _half_unit(written: Decimal) -> Decimal:
    """Half a unit of the last digit as written: 27.1 -> 0.05, 1,082 -> 0.5."""
    exponent = written.as_tuple().exponent
    places = exponent if isinstance(exponent, int) else 0
    return Decimal(5).scaleb(places - 1)


def cut_short(c: Claim, base: Evidence) -> str | None:
    """Why ``c`` writes its computed value ``base.result`` cut short, or None.

    >>> from crossfoot.model.types import Sentence
    >>> from crossfoot.numbers.extract import extract
    >>> ev = Evidence("arithmetic", "written_calculation", "", result=Decimal("27.1971"))
    >>> claim = lambda text: Claim(extract(text)[0], Sentence(0, 0, 5, ""), "derived", ev)
    >>> cut_short(claim("27.1%"), ev)
    'the calculation gives 27.197; rounded, it is 27.2, not 27.1'
    >>> cut_short(claim("27.2%"), ev) is None
    True
    """
    m = c.mention
    if base.rule != "arithmetic" or base.result is None or m.approximate or m.high is not None:
        return None
    if any(word in base.note for word in _OTHER_DIGITS):
        return None
    written = abs(m.written)
    # (a written calculation's result is in the digits of its stated result)
    exact = abs(base.result)
    if written == 0 or (base.result < 0) != (m.value < 0):
        return None
    half = _half_unit(m.written)
    if not half < exact - written < 2 * half:
        return None
    rounded = (written + 2 * half).normalize()
    shown = exact.quantize(half / 50).normalize()  # two digits past the written ones
    return (
        f"the calculation gives {shown:f}; rounded, it is {rounded:f}, not {written.normalize():f}"
    )
