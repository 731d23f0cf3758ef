"""Check the values an agent passes to its tools against what it has seen.

>>> from crossfoot.agents import RunMonitor
>>> m = RunMonitor()
>>> m.user("Refund order ORD-88213, please.")
>>> m.before_call("refund", {"order_id": "ORD-88231"}).action
'warn'

See ``docs/agents.md`` for the policy options, source rules, loops and budgets. A front door of
its own beside ``check`` and ``trace``: may import ``model`` only.
"""

from __future__ import annotations

from crossfoot.agents._findings import ACTIONS, FINDING_TYPES, Finding, ValueCheck
from crossfoot.agents._monitor import Decision, RunMonitor, RunReport
from crossfoot.agents._policy import AgentPolicy, PolicyError
from crossfoot.agents._recordings import check_recordings
from crossfoot.agents._schema import SchemaError
from crossfoot.agents._transcripts import check_run
from crossfoot.model.errors import UnrecognizedMessage

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
    "check_recordings",
    "check_run",
]
