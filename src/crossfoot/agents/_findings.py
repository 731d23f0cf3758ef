"""What the monitor records: one :class:`ValueCheck` per value looked up, one :class:`Finding` per
thing worth a person's attention.

Actions are ordered ``allow < warn < confirm < block``; a decision takes the most severe action of
its findings. ``info`` findings (a tool result indexed only in part) never change a decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

__all__ = [
    "ACTIONS",
    "FINDING_TYPES",
    "Action",
    "Finding",
    "Severity",
    "ValueCheck",
    "worst",
]

Action = Literal["allow", "warn", "confirm", "block"]
Severity = Literal["info", "warn", "confirm", "block"]
ACTIONS: tuple[str, ...] = ("allow", "warn", "confirm", "block")
_RANK = {"allow": 0, "info": 0, "warn": 1, "confirm": 2, "block": 3}

#: Every finding type the monitor emits.
FINDING_TYPES: tuple[str, ...] = (
    "unsourced",  # an argument value found nowhere in context
    "unsourced_text",  # a value in the agent's own message found nowhere in context
    "source_rule",  # a value that came through a channel its rule does not allow
    "injected",  # a value asked for by instructions planted in a tool result
    "mismatched_record",  # a value shown only under another record than the call's own ids
    "mismatched_currency",  # an amount shown only in another currency than the call names
    "unrequested_item",  # an item of a named list the user did not ask for, naming another
    "unstated_count",  # a count (passengers, bags, rooms...) none of those the user stated
    "unknown_tool",  # a call to a tool not in the schemas passed as tools=
    "repeated_call",  # the same call with identical arguments max_repeats times
    "retried_error",  # identical arguments again right after the call errored
    "budget",  # more than max_tool_calls calls
    "bad_args",  # arguments that are not a JSON object (or a JSON string of one)
    "args_too_deep",
    "binary_arg",
    "arg_truncated",
    "unserialisable_arg",
    "too_many_values",
    "context_truncated",  # a source longer than the index cap: only its first part was indexed
    "binary_input",  # a tool result of bytes that do not decode as text
    "assumed",  # what a replay had to assume (a recording without its environment info)
)


def worst(actions: list[str]) -> Action:
    """The most severe action of a list (``allow`` for an empty one).

    >>> worst(["warn", "block", "info"])
    'block'
    """
    best = "allow"
    for a in actions:
        if _RANK[a] > _RANK[best]:
            best = a
    return "allow" if best == "info" else best  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: its type, what it does to the call (severity), the step and where."""

    type: str
    severity: str  # a Severity: info, warn, confirm or block
    step: int
    where: str  # "refund.order_id", a tool name, or "assistant"
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "severity": self.severity,
            "step": self.step,
            "where": self.where,
            "message": self.message,
        }


class ValueCheck(NamedTuple):
    """One value looked up in the context and where (if anywhere) it was found."""

    step: int
    where: str  # "refund.order_id" or "assistant" for a value in the agent's message
    value: str  # as written
    kind: str
    found: bool
    source: str = ""  # "tool:get_orders@3 (exact)", or "" when not found
    rule: str = ""  # the channels a source rule allows, if one applied ("tool:get_payees or user")
    allowed: bool = True  # False when found, but through a channel the rule does not allow

    @property
    def status(self) -> str:
        """``found``, ``unsourced`` or ``wrong_source`` (found via a channel a rule forbids)."""
        if not self.found:
            return "unsourced"
        return "found" if self.allowed else "wrong_source"

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "where": self.where,
            "value": self.value,
            "kind": self.kind,
            "status": self.status,
            "source": self.source,
        }
