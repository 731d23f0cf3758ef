"""``extract``, the public door to the number reader, with a bound on how much it reads.

:func:`crossfoot.numbers.extract.extract` reads every number of a text, in time linear in the
text but at some tens of microseconds a number: a megabyte dense with figures holds half a
million of them and takes seconds. The public :func:`extract` reads at most ``max_numbers``
(default :data:`MAX_NUMBERS`) and raises :class:`~crossfoot.model.errors.InputTooLarge` for a
text with more, after reading only ``max_numbers + 1`` of them (issue 17: a megabyte in under a
second, whatever its shape).

Why an error and not a truncated list with a flag: the result is a plain list of every number,
and a caller that does not look at a flag would take the first ``max_numbers`` for all of them
(the silent pass crossfoot never gives). A caller that wants the numbers of a large document asks
for them (``max_numbers=None``, or a larger bound).
"""

from __future__ import annotations

from crossfoot.model.errors import InputTooLarge
from crossfoot.model.types import Mention
from crossfoot.model.validate import as_count
from crossfoot.numbers.extract import extract as read_numbers

__all__ = ["MAX_NUMBERS", "extract"]

#: Numbers :func:`extract` reads by default. Answers state tens; the largest source passage of
#: the benchmark corpora holds 152.
MAX_NUMBERS = 10_000


def extract(
    text: str, *, locale: str | None = None, max_numbers: int | None = MAX_NUMBERS
) -> list[Mention]:
    """Every number in ``text``, in order of appearance (see :mod:`crossfoot.numbers.extract`
    for what is read, and how).

    ``locale`` ("de_DE", "fr", "pt_BR", "en_IN"...) settles what a text cannot: in ``de``
    "1.234" is a thousand and "1,234" a decimal. ``max_numbers`` bounds the reading: a text with
    more numbers raises :class:`~crossfoot.InputTooLarge` (``None``: no bound).

    >>> [(m.text, str(m.value), m.kind) for m in extract("Revenue rose 12% to $3.2bn in 2024.")]
    [('12%', '12', 'percent'), ('$3.2bn', '3200000000', 'money'), ('2024', '2024', 'year')]
    >>> extract("1, 2, 3 and 4", max_numbers=3)
    Traceback (most recent call last):
    ...
    crossfoot.model.errors.InputTooLarge: extract(): the text holds more than 3 numbers ...
    """
    if not isinstance(text, str):
        raise TypeError(f"extract() expects a str, got {type(text).__name__}")
    limit = None if max_numbers is None else as_count("max_numbers", max_numbers)
    found = read_numbers(text, locale=locale, limit=limit)
    if limit is not None and len(found) > limit:
        at = found[limit].start
        raise InputTooLarge(
            f"extract(): the text holds more than {limit:,} numbers (option max_numbers="
            f"{limit:,}); reading stopped at character {at:,} of {len(text):,}. Pass a larger "
            "max_numbers, or max_numbers=None to read every number"
        )
    return found
