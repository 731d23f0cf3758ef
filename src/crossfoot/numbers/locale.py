"""The reading view: what a text's digits and separators mean before they are read.

:func:`reading_view` gives a text of the same length in which every decimal digit of any script
is an ASCII digit ("٩٩٩" -> "999", "１２" -> "12"), the Arabic decimal and group signs are "."
and ",", a superscript number standing alone is digits ("$⁹⁹⁹") and one glued to a word is a
footnote mark (a space), and the bidirectional marks CLDR puts around signs are spaces. Offsets
are unchanged, so a mention's span and text still come from the original.

Also here: :data:`READING_LOCALE`, the locale source loading reads cells and prose in, and
:func:`spaceless`, the scripts written without spaces between words.
"""

from __future__ import annotations

import re
import unicodedata
from contextvars import ContextVar

from crossfoot.model.locale import Convention

__all__ = ["READING_LOCALE", "reading_view", "spaceless"]

#: The locale source loading reads cells and prose in (set by ``load_sources(..., locale=)``
#: around its work, so the table readers below it need no extra parameter).
READING_LOCALE: ContextVar[str | None] = ContextVar("crossfoot_reading_locale", default=None)

# --------------------------------------------------------------------------------------------

_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FIXED = {
    0x066B: ".",  # ARABIC DECIMAL SEPARATOR
    0x066C: ",",  # ARABIC THOUSANDS SEPARATOR
    0x2E41: ",",  # REVERSED COMMA (a group separator in some Arabic-script locales)
    0x060C: ",",  # ARABIC COMMA (the same)
    0x066A: "%",  # ARABIC PERCENT SIGN
    0xFE6A: "%",  # SMALL PERCENT SIGN
    0xFF05: "%",  # FULLWIDTH PERCENT SIGN
    0xFF0C: ",",  # FULLWIDTH COMMA
    0xFF0E: ".",  # FULLWIDTH FULL STOP
    0x200E: " ",  # LEFT-TO-RIGHT MARK
    0x200F: " ",  # RIGHT-TO-LEFT MARK
    0x061C: " ",  # ARABIC LETTER MARK
}


class _ViewMap(dict[int, str]):
    """``str.translate`` table filled on demand: a decimal digit of any script becomes its ASCII
    digit (``unicodedata.decimal``); other characters map to themselves."""

    def __missing__(self, cp: int) -> str:
        ch = chr(cp)
        value = unicodedata.decimal(ch, None)
        out = str(value) if value is not None else ch
        self[cp] = out
        return out


_VIEW_MAP = _ViewMap({k: v for k, v in _FIXED.items()})
# Something the view changes: a non-ASCII decimal digit (\d is Unicode Nd), a sign in _FIXED,
# or a superscript digit.
_KEEPS: dict[str, bool] = {}  # character -> the view keeps it as it is
_NON_ASCII_RE = re.compile("[^\x00-\x7f]")


def _keeps(ch: str) -> bool:
    kept = _KEEPS.get(ch)
    if kept is None:
        kept = _KEEPS[ch] = (
            ord(ch) not in _FIXED
            and ch not in _SUPERSCRIPTS
            and unicodedata.decimal(ch, None) is None
        )
    return kept


# A run of superscript digits standing alone is a number ("$⁹⁹⁹"); glued to a word, a number or
# a sign it is a footnote mark ("12%¹", "million²", read as a space), except as the power of ten
# of "×10⁻⁴" or "10²³", which stays as written.
_SUPERSCRIPT_RUN_RE = re.compile(
    f"(?P<glued>(?<=[\\w%)\\].,;:])(?<!10))?[{_SUPERSCRIPTS}]+"
    f"|(?<=10)[⁻⁺]?[{_SUPERSCRIPTS}]+|[⁻⁺][{_SUPERSCRIPTS}]+"
)
_SUPER_TO_ASCII = str.maketrans(_SUPERSCRIPTS, "0123456789")


def _superscripts(m: re.Match[str]) -> str:
    run = m.group()
    if run[0] in "⁻⁺" or (m.start() >= 2 and m.string.startswith("10", m.start() - 2)):
        return run  # a power of ten
    if m.group("glued") is not None or (m.start() > 0 and m.string[m.start() - 1].isalnum()):
        return " " * len(run)  # a footnote mark
    return run.translate(_SUPER_TO_ASCII)


def reading_view(text: str, convention: Convention | None = None) -> str:
    """``text`` with the same length and offsets, in the characters the scanner reads.

    >>> reading_view("$٩٩٩ million, ١٢٫٥٪ and ۱۲۳٬۴۵۶")
    '$999 million, 12.5% and 123,456'
    >>> reading_view("revenue $⁹⁹⁹ m, up 12%¹, 3.1×10⁻⁴")
    'revenue $999 m, up 12% , 3.1×10⁻⁴'
    """
    if text.isascii():
        return text
    # The distinct characters of a text are few: whether any of them changes is a set lookup
    # each (cached), not a regex over every character.
    if all(_keeps(ch) for ch in set(_NON_ASCII_RE.findall(text))):
        return text
    view = text.translate(_VIEW_MAP)
    if any(ch in view for ch in _SUPERSCRIPTS):
        view = _SUPERSCRIPT_RUN_RE.sub(_superscripts, view)
    return view


def spaceless(ch: str) -> bool:
    """Whether ``ch`` is a letter of a script written without spaces between words (Thai, Lao,
    Myanmar, Khmer, CJK, kana, Hangul): a number glued to it is not part of an identifier."""
    return "\u0e00" <= ch <= "\u109f" or "\u1780" <= ch <= "\u17ff" or ch >= "\u2e80"
