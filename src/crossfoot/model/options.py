"""The options of a check: :class:`Options`, and :func:`make_options` to build and validate them
from keyword arguments.

An unknown option name, or a value of the wrong kind, raises
:class:`~crossfoot.model.errors.OptionError` (a ``TypeError``, as Python raises for an unknown
keyword argument, and a ``ValueError``) naming the option, what it must be and what it got; a
``locale`` CLDR does not know raises its subclass :class:`~crossfoot.model.errors.UnknownLocale`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from crossfoot.model.locale import check_locale
from crossfoot.model.validate import (
    ENGINE_KINDS,
    as_bool,
    as_count,
    as_kinds,
    as_number,
    unknown_option,
)

__all__ = ["MAX_CLAIMS", "MAX_SOURCE_NUMBERS", "OPTION_NAMES", "Options", "make_options"]


# Figures checked per answer by default (check's Options and trace's Policy).
MAX_CLAIMS = 2_000
# Numbers read from the source texts of one check by default (check's Options and trace's Policy;
# crossfoot.sources.budget). The largest source passage of the benchmark corpora holds 152.
MAX_SOURCE_NUMBERS = 20_000


@dataclass(frozen=True, slots=True)
class Options:
    """Every option of :func:`crossfoot.check` (validated by :func:`make_options`)."""

    require_citations: bool = False
    allow_rounding: bool = True
    allow_derived: bool = True
    check_table_rows: bool = True
    # Above this many operand values in one scope, the scope is not searched whole (coincidences
    # become likely): only the table rows the answer names are, and operands the answer states.
    # None (the default): the limit follows how finely each figure is stated (a figure to four
    # significant digits may search a larger table than "12%": rules._derive_shared).
    max_derivation_operands: int | None = None
    # Largest k for sums/means of k operands.
    max_sum_operands: int = 4
    # Kinds of derivation allowed (None: all). Names: see Evidence.kind.
    derivations: frozenset[str] | None = None
    # Flat tolerance mode (trace presets). None: precision-aware matching (the default).
    rel_tolerance: Decimal | None = None
    abs_tolerance: Decimal | None = None
    # Sources are query result rows (trace): enables column sums and means, shares of a column
    # total, row sums and row counts (rules.rowsums). Off for documents, where such totals are
    # mostly coincidences.
    result_rows: bool = False
    # With result_rows: at most this many rows a sentence names feed pairwise row derivations.
    max_rows: int | None = None
    # How the answer and the sources write numbers ("de_DE": "1.234" is a thousand); None reads
    # what is unambiguous and notes a text that mixes conventions (model.locale).
    locale: str | None = None
    # Figures checked per answer. An answer with more fails (an issue says how many were left
    # unchecked): each figure costs up to a few hundred microseconds, so this bounds the time a
    # hostile answer (a megabyte of digits) can take. Real answers state tens of figures.
    max_claims: int = MAX_CLAIMS
    # Numbers read from the source texts of one check, all texts together, in the order given
    # (None: no bound). Past it a text is cut, the texts after it are not read, and the report's
    # warnings say so; a figure found only in the unread part is not found, and fails. Record
    # fields and tables given in a record are read whole. Bounds the time a hostile source (a
    # megabyte of digits) takes to read.
    max_source_numbers: int | None = MAX_SOURCE_NUMBERS
    # With question=: a final figure the answer computes must be written with at least this many
    # decimals, or be the computed value rounded to them (rules.answer_decimals: "25.2%" for
    # 25.19% fails at 2, the convention of financial QA golds). None: rounding is free.
    answer_decimals: int | None = None


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Options))

_DEFAULT = Options()
_BOOLS = {"require_citations", "allow_rounding", "allow_derived", "check_table_rows", "result_rows"}
_COUNTS = {
    "max_derivation_operands",
    "max_sum_operands",
    "max_claims",
    "max_rows",
    "max_source_numbers",
    "answer_decimals",
}
# Counts where None is a value: the precision-aware limit, no row limit, no source bound.
_MAY_BE_NONE = {"max_derivation_operands", "max_rows", "max_source_numbers", "answer_decimals"}
_NUMBERS = {"rel_tolerance", "abs_tolerance"}


def make_options(base: Options | None = None, /, **kwargs: Any) -> Options:
    """Options from keyword arguments, on top of ``base``; each validated by
    :mod:`crossfoot.model.validate` (an ``OptionError``, also a ``TypeError``, names it).

    >>> make_options(require_citations=True).require_citations
    True
    >>> make_options(colour=1)
    Traceback (most recent call last):
    ...
    crossfoot.model.errors.OptionError: unknown option 'colour'; valid options: ...
    """
    if not kwargs:  # Options are frozen: the defaults (or ``base``) serve every such call
        return base if base is not None else _DEFAULT
    values: dict[str, Any] = {}
    for name, value in kwargs.items():
        if name not in OPTION_NAMES:
            raise unknown_option(name, OPTION_NAMES)
        values[name] = _validated(name, value)
    return dataclasses.replace(base or Options(), **values)


def _validated(name: str, value: Any) -> Any:
    if name in _BOOLS:
        return as_bool(name, value)
    if name in _MAY_BE_NONE and value is None:
        return None
    if name in _COUNTS:
        return as_count(name, value)
    if name in _NUMBERS:
        return None if value is None else as_number(name, value)
    if name == "locale":
        return check_locale(value)
    if name == "derivations":
        return as_kinds(name, value, ENGINE_KINDS)
    return value
