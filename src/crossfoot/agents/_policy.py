"""What a monitor does about what it finds.

Defaults are lenient: an unsourced value warns, so the check can run on all traffic before it is
allowed to stop anything. Tighten per argument with globs over ``tool.arg`` paths (list indices
dropped: ``book.passengers.dob``).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from fnmatch import fnmatchcase
from typing import Any

from crossfoot.model.errors import CrossfootError

__all__ = ["AgentPolicy", "PolicyError"]

_ACTIONS = ("allow", "warn", "confirm", "block")
_CHANNELS = ("user", "system", "tool", "assistant")


class PolicyError(CrossfootError, ValueError):
    """A policy option of the wrong shape. The message names the option and what was expected."""


@dataclass(frozen=True, slots=True)
class AgentPolicy:
    """Options for :class:`~crossfoot.agents.RunMonitor`. Build with :meth:`build` or
    :meth:`from_dict` (for JSON read by a CLI).

    >>> p = AgentPolicy.build(block_unsourced=["refund.*"], source_rules={"send.to": {"user"}})
    >>> p.unsourced_action("refund.amount"), p.unsourced_action("search.q"), p.rule_for("send.to")
    ('block', 'warn', frozenset({'user'}))
    """

    block_unsourced: tuple[str, ...] = ()
    confirm_unsourced: tuple[str, ...] = ()
    source_rules: tuple[tuple[str, frozenset[str]], ...] = ()
    pure_tools: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    constants: frozenset[str] = frozenset()
    max_repeats: int | None = 3
    max_tool_calls: int | None = None
    unsourced: str = "warn"  # action for an unsourced value no glob tightens
    rule_action: str = "block"
    injection_action: str = "warn"  # a value asked for by instructions inside a tool result
    loop_action: str = "warn"  # repeated_call and retried_error
    budget_action: str = "block"
    unknown_tool_action: str = "warn"
    mismatch_action: str = "warn"  # a value of another record than the call's ids name
    unrequested_action: str = "warn"  # a named item the user did not ask for, another one asked
    check_assistant: bool = True  # check values in the agent's own messages (loosely)
    reference_date: date | None = None  # "today" for relative dates; else read from the prompt
    max_index_chars: int = 1_000_000  # characters of one source that are indexed
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        *,
        block_unsourced: Iterable[str] = (),
        confirm_unsourced: Iterable[str] = (),
        source_rules: Mapping[str, Iterable[str]] | None = None,
        pure_tools: Iterable[str] = (),
        ignore: Iterable[str] = (),
        constants: Iterable[str] = (),
        max_repeats: int | None = 3,
        max_tool_calls: int | None = None,
        unsourced: str = "warn",
        rule_action: str = "block",
        injection_action: str = "warn",
        loop_action: str = "warn",
        budget_action: str = "block",
        unknown_tool_action: str = "warn",
        mismatch_action: str = "warn",
        unrequested_action: str = "warn",
        check_assistant: bool = True,
        reference_date: date | str | None = None,
        max_index_chars: int = 1_000_000,
    ) -> AgentPolicy:
        """A policy from keyword options, validated.

        ``source_rules`` maps a ``tool.arg`` glob to the channels its value may come from:
        ``user``, ``system``, ``tool`` (any tool) or ``tool:<name>``.

        >>> rules = {"transfer.account": ["user", "tool:get_payees"]}
        >>> sorted(AgentPolicy.build(source_rules=rules).rule_for("transfer.account"))
        ['tool:get_payees', 'user']
        """
        _check_actions(
            unsourced=unsourced,
            rule_action=rule_action,
            injection_action=injection_action,
            loop_action=loop_action,
            budget_action=budget_action,
            unknown_tool_action=unknown_tool_action,
            mismatch_action=mismatch_action,
            unrequested_action=unrequested_action,
        )
        _check_limits(max_repeats, max_tool_calls, max_index_chars)
        return cls(
            block_unsourced=_globs("block_unsourced", block_unsourced),
            confirm_unsourced=_globs("confirm_unsourced", confirm_unsourced),
            source_rules=_read_rules(source_rules),
            pure_tools=_globs("pure_tools", pure_tools),
            ignore=_globs("ignore", ignore),
            constants=frozenset(str(c).strip().lower() for c in _globs("constants", constants)),
            max_repeats=max_repeats,
            max_tool_calls=max_tool_calls,
            unsourced=unsourced,
            rule_action=rule_action,
            injection_action=injection_action,
            loop_action=loop_action,
            budget_action=budget_action,
            unknown_tool_action=unknown_tool_action,
            mismatch_action=mismatch_action,
            unrequested_action=unrequested_action,
            check_assistant=bool(check_assistant),
            reference_date=_read_reference(reference_date),
            max_index_chars=max_index_chars,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AgentPolicy:
        """A policy from a JSON-style dict (the keys of :meth:`build`); unknown keys are an error.

        >>> AgentPolicy.from_dict({"max_tool_calls": 40, "pure_tools": ["calc"]}).max_tool_calls
        40
        """
        if not isinstance(data, Mapping):
            raise PolicyError(f"policy: expected a JSON object, got {type(data).__name__}")
        known = set(inspect.signature(cls.build).parameters)
        unknown = sorted(set(data) - known)
        if unknown:
            raise PolicyError(
                f"policy: unknown option(s) {', '.join(unknown)}; valid: {', '.join(sorted(known))}"
            )
        return cls.build(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """The JSON-style dict :meth:`from_dict` reads back."""
        d = asdict(self)
        d.pop("extra")
        d["source_rules"] = {g: sorted(c) for g, c in self.source_rules}
        d["constants"] = sorted(self.constants)
        for k in ("block_unsourced", "confirm_unsourced", "pure_tools", "ignore"):
            d[k] = list(d[k])
        d["reference_date"] = self.reference_date.isoformat() if self.reference_date else None
        return d

    # ------------------------------------------------------------------ queries
    def unsourced_action(self, path: str) -> str:
        """The action for an unsourced value at ``tool.arg``."""
        # The emptiness tests spare a generator per unsourced value when no glob is set.
        if self.block_unsourced and any(fnmatchcase(path, g) for g in self.block_unsourced):
            return "block"
        if self.confirm_unsourced and any(fnmatchcase(path, g) for g in self.confirm_unsourced):
            return "confirm"
        return self.unsourced

    def rule_for(self, path: str) -> frozenset[str] | None:
        """The channels a source rule allows for ``tool.arg`` (the first matching glob), or None."""
        for glob, chans in self.source_rules:
            if fnmatchcase(path, glob):
                return chans
        return None

    def ignored(self, path: str) -> bool:
        return any(fnmatchcase(path, g) for g in self.ignore)

    def tool_ignored(self, tool: str) -> bool:
        """A tool all of whose arguments are ignored (``think.*``) is not an action at all."""
        return any(g.endswith(".*") and fnmatchcase(tool, g[:-2]) for g in self.ignore)

    def is_pure(self, tool: str) -> bool:
        return any(fnmatchcase(tool, g) for g in self.pure_tools)

    def is_constant(self, raw: object) -> bool:
        return bool(self.constants) and str(raw).strip().lower() in self.constants


def _globs(name: str, value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    try:
        items = tuple(value)
    except TypeError:
        raise PolicyError(
            f"{name}: expected a list of strings, got {type(value).__name__}"
        ) from None
    for item in items:
        if not isinstance(item, str):
            raise PolicyError(f"{name}: expected strings, got {item!r}")
    return items


def _read_rules(
    source_rules: Mapping[str, Iterable[str]] | None,
) -> tuple[tuple[str, frozenset[str]], ...]:
    rules: list[tuple[str, frozenset[str]]] = []
    for glob, chans in (source_rules or {}).items():
        if isinstance(chans, str):
            chans = [chans]
        try:
            allowed = frozenset(str(c) for c in chans)
        except TypeError:
            raise PolicyError(
                f"source_rules[{glob!r}]: expected a list of channels, got {type(chans).__name__}"
            ) from None
        for c in allowed:
            if c not in _CHANNELS and not c.startswith("tool:"):
                raise PolicyError(
                    f"source_rules[{glob!r}]: unknown channel {c!r}; expected one of "
                    f"{', '.join(_CHANNELS)} or 'tool:<name>'"
                )
        rules.append((str(glob), allowed))
    return tuple(rules)


def _check_actions(**actions: str) -> None:
    for name, action in actions.items():
        if action not in _ACTIONS:
            raise PolicyError(f"{name}: expected one of {', '.join(_ACTIONS)}, got {action!r}")


def _check_limits(max_repeats: object, max_tool_calls: object, max_index_chars: object) -> None:
    for name, limit in (("max_repeats", max_repeats), ("max_tool_calls", max_tool_calls)):
        if limit is not None and (
            not isinstance(limit, int) or isinstance(limit, bool) or limit < 1
        ):
            raise PolicyError(f"{name}: expected a positive integer or None, got {limit!r}")
    if not isinstance(max_index_chars, int) or max_index_chars < 1:
        raise PolicyError(f"max_index_chars: expected a positive integer, got {max_index_chars!r}")


def _read_reference(reference_date: date | str | None) -> date | None:
    if isinstance(reference_date, str):
        try:
            return date.fromisoformat(reference_date[:10])
        except ValueError:
            raise PolicyError(
                f"reference_date: expected an ISO date such as 2024-05-15, got {reference_date!r}"
            ) from None
    return reference_date
