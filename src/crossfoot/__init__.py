"""crossfoot: fail-closed numeric grounding checks for LLM answers and agent tool calls.

>>> from crossfoot import check
>>> check("Revenue reached $3.2bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}]).passed
True

Public names are loaded on first use, so ``import crossfoot`` stays cheap (the promptfoo shim
and the pytest plugin import it in every process).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> private module that defines it
_EXPORTS: dict[str, str] = {
    "check": "._check",
    "Checker": "._check",
    "trace": "._trace",
    "Policy": "._policy",
    "STRICT": "._policy",
    "LENIENT": "._policy",
    "DEFAULT": "._policy",
    "extract": "._extract",
    "load_sources": "._sources",
    "SourceSet": "._sources",
    "Report": "._report",
    "Options": ".rules",
    "Claim": "._types",
    "Evidence": "._types",
    "Mention": "._types",
    "Sentence": "._types",
    "Source": "._types",
    "SourceValue": "._types",
    "STATUSES": "._types",
    "PASSING_STATUSES": "._types",
    "FAILING_STATUSES": "._types",
    "CrossfootError": "._errors",
    "SourceError": "._errors",
    "CaseFileError": "._errors",
    "RowsError": "._errors",
    "UnrecognizedMessage": "._errors",
}

__all__ = [
    "DEFAULT",
    "FAILING_STATUSES",
    "LENIENT",
    "PASSING_STATUSES",
    "STATUSES",
    "STRICT",
    "CaseFileError",
    "Checker",
    "Claim",
    "CrossfootError",
    "Evidence",
    "Mention",
    "Options",
    "Policy",
    "Report",
    "RowsError",
    "Sentence",
    "Source",
    "SourceError",
    "SourceSet",
    "SourceValue",
    "UnrecognizedMessage",
    "__version__",
    "check",
    "extract",
    "load_sources",
    "trace",
]

if TYPE_CHECKING:
    from ._check import Checker, check
    from ._errors import CaseFileError, CrossfootError, RowsError, SourceError, UnrecognizedMessage
    from ._extract import extract
    from ._policy import DEFAULT, LENIENT, STRICT, Policy
    from ._report import Report
    from ._sources import SourceSet, load_sources
    from ._trace import trace
    from ._types import (
        FAILING_STATUSES,
        PASSING_STATUSES,
        STATUSES,
        Claim,
        Evidence,
        Mention,
        Sentence,
        Source,
        SourceValue,
    )
    from .rules import Options


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'crossfoot' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return __all__
