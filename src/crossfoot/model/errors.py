"""The exception tree.

::

    CrossfootError                 base of everything crossfoot raises on misuse
     ├── SourceError               a source cannot be read (names the source and the field)
     ├── CaseFileError             a line of an eval case file is malformed (names line and field)
     ├── RowsError                 result rows of an unreadable shape (trace)
     ├── UnrecognizedMessage       a transcript message of an unknown shape (agents.check_run)
     ├── InputTooLarge             a text over a documented bound (extract's max_numbers)
     └── OptionError               an unknown option, or an option value of the wrong kind
          └── UnknownLocale        a locale= CLDR does not know (names the option and the value)

``OptionError`` is also a ``TypeError`` (as Python raises for an unknown keyword argument) and a
``ValueError`` (a value out of range), so code written for either keeps working: ``check``,
``Checker``, ``trace`` and the CLI validate every option with the same functions
(:mod:`crossfoot.model.options`).
"""

from __future__ import annotations

__all__ = [
    "CaseFileError",
    "CrossfootError",
    "InputTooLarge",
    "OptionError",
    "RowsError",
    "SourceError",
    "UnknownLocale",
    "UnrecognizedMessage",
]


class CrossfootError(Exception):
    """Base class for errors crossfoot raises on bad input."""


class SourceError(CrossfootError, ValueError):
    """A source could not be read. The message names the source and what was wrong."""


class CaseFileError(CrossfootError, ValueError):
    """A case file line is malformed. The message names the line and the field."""


class RowsError(CrossfootError, ValueError):
    """Result rows of a shape ``trace`` cannot read."""


class UnrecognizedMessage(CrossfootError, ValueError):
    """A transcript message whose shape no reader recognises."""


class InputTooLarge(CrossfootError, ValueError):
    """A text over a documented bound of what is read (``extract``'s ``max_numbers``). The
    message names the bound, the option that sets it, and what was found."""


class OptionError(CrossfootError, TypeError, ValueError):
    """An unknown option name, or a value of the wrong kind; the message names the option, what
    it must be and what it got."""


class UnknownLocale(OptionError):
    """A ``locale`` option that names no CLDR locale. The message names the option and value."""
