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
    "check": "crossfoot.front.check",
    "Checker": "crossfoot.front.check",
    "trace": "crossfoot.front.trace",
    "Policy": "crossfoot.front.policy",
    "STRICT": "crossfoot.front.policy",
    "LENIENT": "crossfoot.front.policy",
    "DEFAULT": "crossfoot.front.policy",
    "extract": "crossfoot.front.extracting",
    "load_sources": "crossfoot.sources.load",
    "SourceSet": "crossfoot.sources.load",
    "Report": "crossfoot.report.result",
    "Options": "crossfoot.model.options",
    "Claim": "crossfoot.model.types",
    "Evidence": "crossfoot.model.types",
    "Mention": "crossfoot.model.types",
    "Sentence": "crossfoot.model.types",
    "Source": "crossfoot.model.types",
    "SourceValue": "crossfoot.model.types",
    "STATUSES": "crossfoot.model.types",
    "PASSING_STATUSES": "crossfoot.model.types",
    "FAILING_STATUSES": "crossfoot.model.types",
    "CrossfootError": "crossfoot.model.errors",
    "SourceError": "crossfoot.model.errors",
    "CaseFileError": "crossfoot.model.errors",
    "RowsError": "crossfoot.model.errors",
    "InputTooLarge": "crossfoot.model.errors",
    "OptionError": "crossfoot.model.errors",
    "UnrecognizedMessage": "crossfoot.model.errors",
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
    "InputTooLarge",
    "Mention",
    "OptionError",
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
    from crossfoot.front.check import Checker, check
    from crossfoot.front.extracting import extract
    from crossfoot.front.policy import DEFAULT, LENIENT, STRICT, Policy
    from crossfoot.front.trace import trace
    from crossfoot.model.errors import (
        CaseFileError,
        CrossfootError,
        InputTooLarge,
        OptionError,
        RowsError,
        SourceError,
        UnrecognizedMessage,
    )
    from crossfoot.model.options import Options
    from crossfoot.model.types import (
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
    from crossfoot.report.result import Report
    from crossfoot.sources.load import SourceSet, load_sources


def __getattr__(name: str) -> Any:
    module_name = _EXPORTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'crossfoot' has no attribute {name!r}")
    value = getattr(importlib.import_module(module_name, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return __all__
