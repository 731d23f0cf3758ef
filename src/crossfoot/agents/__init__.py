"""Check the values an agent passes to its tools against what it has seen.

>>> from crossfoot.agents import RunMonitor
>>> m = RunMonitor()
>>> m.user("Refund order ORD-88213, please.")
>>> m.before_call("refund", {"order_id": "ORD-88231"}).action
'warn'

See ``docs/agents.md`` for the policy options, source rules, loops and budgets.
"""

from __future__ import annotations

from .._errors import UnrecognizedMessage
from ._findings import ACTIONS, FINDING_TYPES, Finding, ValueCheck
from ._monitor import Decision, RunMonitor, RunReport
from ._policy import AgentPolicy, PolicyError
from ._schema import SchemaError
from ._transcripts import check_run

__all__ = [
    "ACTIONS",
    "FINDING_TYPES",
    "AgentPolicy",
    "Decision",
    "Finding",
    "PolicyError",
    "RunMonitor",
    "RunReport",
    "SchemaError",
    "UnrecognizedMessage",
    "ValueCheck",
    "check_run",
]
