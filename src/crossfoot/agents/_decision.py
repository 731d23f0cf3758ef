"""What the monitor hands back: a :class:`Decision` per proposed call, a :class:`RunReport` for
the run so far."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from crossfoot.agents._findings import Finding, ValueCheck, worst

__all__ = ["Decision", "RunReport"]


class Decision(NamedTuple):
    """What to do with one proposed tool call (immutable; a named tuple because one is built on
    every call and a tuple is the cheapest immutable value in CPython).

    ``action`` is ``allow``, ``warn`` (run it, but log), ``confirm`` (ask a person) or ``block``.
    """

    action: str
    tool: str
    step: int
    findings: tuple[Finding, ...] = ()
    checks: tuple[ValueCheck, ...] = ()
    call_id: str | None = None

    @property
    def allowed(self) -> bool:
        """True when the call may run without asking anyone (``allow`` or ``warn``)."""
        return self.action in ("allow", "warn")

    @property
    def needs_confirmation(self) -> bool:
        return self.action == "confirm"

    def reason(self) -> str:
        """The findings in one line, ``""`` when there are none.

        >>> from crossfoot.agents import RunMonitor
        >>> m = RunMonitor()
        >>> m.before_call("refund", {"order_id": "ORD-1234"}).reason()
        'refund.order_id=ORD-1234 is not in context'
        """
        return "; ".join(f.message for f in self.findings if f.severity != "info")


@dataclass(frozen=True, slots=True)
class RunReport:
    """The run so far: every value checked, every finding, and the calls that were blocked.

    ``refused`` holds the steps of the calls whose result was an error: the tool refused them
    (an invented payment id: "payment method not found"). Their findings stand, since the agent
    did propose the value, but a reader of the run can tell them from values a tool acted on.
    """

    checks: tuple[ValueCheck, ...]
    findings: tuple[Finding, ...]
    tool_calls: int
    decisions: tuple[Decision, ...] = ()
    refused: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        """False when any finding warns, asks for confirmation or blocks."""
        return all(f.severity == "info" for f in self.findings)

    @property
    def blocked(self) -> bool:
        """True when any call was blocked."""
        return any(d.action == "block" for d in self.decisions)

    @property
    def action(self) -> str:
        return worst([f.severity for f in self.findings])

    @property
    def unsourced(self) -> list[str]:
        """Arguments with a value found nowhere in context, as ``tool.arg`` (in order, once)."""
        out: dict[str, None] = {}
        for c in self.checks:
            if not c.found and c.where != "assistant":
                out.setdefault(c.where, None)
        return list(out)

    def explain(self) -> str:
        """One line per value (where it was found, or not), then one per finding.

        >>> from crossfoot.agents import RunMonitor
        >>> m = RunMonitor()
        >>> m.user("Cancel order ORD-5521")
        >>> _ = m.before_call("cancel", {"order_id": "ORD-5521"})
        >>> print(m.report().explain())
        OK · 1 tool calls · 1/1 values found in context · 0 findings
          ✓ [2] cancel.order_id                ORD-5521                     user@1 (exact)
        """
        found = sum(c.found for c in self.checks)
        head = {"allow": "OK", "warn": "WARN", "confirm": "CONFIRM", "block": "BLOCK"}[self.action]
        lines = [
            f"{head} · {self.tool_calls} tool calls · {found}/{len(self.checks)} values found in "
            f"context · {len(self.findings)} findings"
        ]
        for c in self.checks:
            mark = "✓" if c.found and c.allowed else "✗"
            value = c.value if len(c.value) <= 40 else c.value[:37] + "..."
            where = f"[{c.step}] {c.where}"
            source = c.source if c.found else "not in context"
            if not c.allowed:
                source += f", must come from {c.rule}"
            lines.append(f"  {mark} {where:<34} {value:<28} {source}")
        refused = set(self.refused)
        for f in self.findings:
            mark = "i" if f.severity == "info" else "!"
            note = " (the tool refused the call)" if f.step in refused else ""
            lines.append(f"  {mark} [{f.step}] {f.type}: {f.message}{note}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ok, action, blocked, tool_calls, unsourced, refused (steps), checks,
        findings."""
        return {
            "ok": self.ok,
            "action": self.action,
            "blocked": self.blocked,
            "tool_calls": self.tool_calls,
            "unsourced": self.unsourced,
            "refused": list(self.refused),
            "checks": [c.to_dict() for c in self.checks],
            "findings": [f.to_dict() for f in self.findings],
        }
