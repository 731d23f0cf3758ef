"""RunMonitor: check every value an agent passes to a tool against what it has seen.

Feed it the run as it happens (or as a replayer reads it from a transcript)::

    system(text) / user(text) / assistant(text)     what the agent was told and said
    before_call(name, args, call_id) -> Decision    before a tool runs: allow, warn, confirm, block
    tool_result(name, output, call_id)              what the tool returned
    report() -> RunReport                           the run so far

Each event is one numbered step; explanations cite sources as ``user@1`` or ``tool:get_orders@3``.
Passing the same ``call_id`` to ``before_call`` and ``tool_result`` links a result to its call
(otherwise the latest open call of that tool is used), which is what lets an error that echoes a
made-up id, or a calculator run on made-up inputs, be refused as a source.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from itertools import islice
from typing import Any

from crossfoot.agents._call_zone import with_call_zone
from crossfoot.agents._calls import (
    Call,
    arg_strings,
    as_text,
    canonical,
    echoes,
    link_call,
    note,
    read_args,
    shown,
)
from crossfoot.agents._coherence import RecordIndex, mismatch_findings
from crossfoot.agents._context import POINTED, ContextStore, Hit, dec_key, is_error
from crossfoot.agents._currency import currency_findings
from crossfoot.agents._decision import Decision, RunReport
from crossfoot.agents._findings import Finding, ValueCheck, worst
from crossfoot.agents._instants import date_hit, time_miss, time_note
from crossfoot.agents._planted import check_injected
from crossfoot.agents._policy import AgentPolicy
from crossfoot.agents._records import point_records
from crossfoot.agents._requested import Requested
from crossfoot.agents._schema import ToolSchema, read_tools
from crossfoot.agents._times import day_clocks
from crossfoot.agents._units import as_number, other_unit
from crossfoot.agents._values import ArgValue, digits_of, plain_path, walk_args
from crossfoot.agents._versions import version_hit
from crossfoot.agents._written import calculations, check_calculation, check_prose, operands

__all__ = ["Decision", "RunMonitor", "RunReport"]

_tnew = tuple.__new__


class RunMonitor:
    """Watch one agent run and check each tool call before it runs.

    >>> m = RunMonitor()
    >>> m.user("Refund my last order, please. I'm mia_li_3668.")
    >>> m.before_call("get_orders", {"user_id": "mia_li_3668"}).action
    'allow'
    >>> m.tool_result("get_orders", {"orders": [{"id": "ORD-88213", "total": 49.99}]})
    >>> m.before_call("refund", {"order_id": "ORD-88231", "amount": 49.99}).action
    'warn'
    """

    def __init__(
        self, policy: AgentPolicy | None = None, *, tools: Iterable[Any] | None = None
    ) -> None:
        if policy is not None and not isinstance(policy, AgentPolicy):
            if isinstance(policy, Mapping):
                policy = AgentPolicy.from_dict(policy)
            else:
                raise TypeError(
                    f"policy: expected an AgentPolicy or a dict, got {type(policy).__name__}"
                )
        self.policy = policy or AgentPolicy()
        self.schemas: dict[str, ToolSchema] = read_tools(tools)
        self._has_tools = tools is not None
        self.store = ContextStore(
            max_chars=self.policy.max_index_chars, reference=self.policy.reference_date
        )
        self._step = 0
        self._calls: list[Call] = []
        self._counts: dict[str, int] = {}
        self._errored: dict[str, bool] = {}
        self._refused: list[int] = []  # steps of the calls whose result was an error
        self._checks: list[ValueCheck] = []
        self._findings: list[Finding] = []
        self._decisions: list[Decision] = []
        self._n_calls = 0  # calls that count toward the budget (ignored tools do not)
        p = self.policy
        self._plain_policy = not (p.ignore or p.constants or p.source_rules)
        self._ignores_tools = any(g.endswith(".*") for g in p.ignore)
        self._values: list[ArgValue] = []  # the arguments of the call being checked
        self._clocks: dict[object, list[str]] | None = None  # their times of day by day, on use
        self._computed: dict[Decimal, str] = {}  # results of the agent's own checked arithmetic
        self._lengths: set[int] = set()  # list lengths of the calls so far (3 passengers booked)
        self._records = RecordIndex()  # JSON results by value, for mismatched_record
        self._requested = Requested()  # the user's words, for unrequested_item

    # ------------------------------------------------------------------ events
    def system(self, text: str) -> None:
        """The system prompt (or any instruction the operator gave)."""
        self._message("system", text)

    def user(self, text: str) -> None:
        """A user message."""
        self._message("user", text)
        self._requested.user(as_text(text))

    def assistant(self, text: str) -> None:
        """The agent's own prose. Its values are checked loosely; they vouch for nothing except a
        written calculation whose operands were all found."""
        self._step += 1
        content = as_text(text)
        self.store.add("assistant", content, step=self._step)
        if self.policy.check_assistant and content:
            checks, findings = check_prose(
                self.store,
                self._computed,
                content[: self.policy.max_index_chars],
                self._step,
                self._lengths,
            )
            self._checks.extend(checks)
            self._findings.extend(findings)

    def _message(self, channel: str, text: str) -> None:
        self._step += 1
        content = as_text(text)
        seen = self.store.add(channel, content, step=self._step)
        self._note_truncated(seen.truncated, seen.chars, channel)

    def tool_result(self, name: str | None, output: object, call_id: str | None = None) -> None:
        """What a tool returned: a string, a JSON-style value, or bytes.

        ``name`` may be ``None`` when the transcript names only the call id (an OpenAI ``tool``
        message): the name of the call with that id is used."""
        self._step += 1
        if not name and call_id is not None:
            linked = next((c for c in reversed(self._calls) if c.call_id == call_id), None)
            name = linked.name if linked is not None else None
        name = str(name) if name else "unknown_tool"
        if isinstance(output, (bytes, bytearray, memoryview)):
            raw = bytes(output)
            try:
                text = raw.decode("utf-8")
                if "\x00" in text[:4096]:
                    raise UnicodeDecodeError("utf-8", raw, 0, 1, "binary")
            except UnicodeDecodeError:
                self._findings.append(
                    Finding(
                        "binary_input",
                        "info",
                        self._step,
                        name,
                        f"{name} returned {len(raw):,} bytes of binary content; not read",
                    )
                )
                link_call(self._calls, name, call_id)
                return
        else:
            text = as_text(output)
        call = link_call(self._calls, name, call_id)
        error = is_error(output, text)
        exclude: list[tuple[str, object]] = []
        if call is not None:
            self._errored[call.key] = error
            if error:
                exclude = echoes(call.unsourced)
                self._refused.append(call.step)
        vouched = True
        if self.policy.is_pure(name):
            # A pure tool computes only from its arguments: its output is data only when they were.
            vouched = call is not None and not call.unsourced
        # A result the user pointed to (the file they named, the event they described) may
        # supply a value a source rule reserves for the user; planted instructions in it do not.
        pointed = (
            bool(self.policy.source_rules)
            and call is not None
            and not error
            and self.store.points_at(arg_strings(call.args))
        )
        seen = self.store.add(
            "tool",
            text,
            tool=name,
            call_id=call_id,
            exclude=exclude,
            vouched=vouched,
            error=error,
            step=self._step,
            pointed=pointed,
        )
        if self.policy.source_rules and not pointed:
            point_records(self.store, len(self.store.sources) - 1)
        if not error:
            self._records.add(text, name, call.args if call is not None else None)
        self._note_truncated(seen.truncated, seen.chars, name)

    def before_call(self, name: str, args: object, call_id: str | None = None) -> Decision:
        """Check a proposed call and return the :class:`Decision`.

        ``args`` is a dict or the JSON string of one; the action is ``allow``, ``warn``,
        ``confirm`` or ``block``."""
        self._step += 1
        step = self._step
        name = str(name)
        findings: list[Finding] = []
        args = read_args(name, args, findings, step)
        if self._ignores_tools and self.policy.tool_ignored(name):
            decision = Decision("allow", name, step, tuple(findings), (), call_id)
            self._decisions.append(decision)
            return decision
        self._n_calls += 1
        call = Call(step, name, call_id, name + "\x00" + canonical(args), args)
        self._calls.append(call)
        self._call_findings(call, findings)
        checks = self._check_args(call, args, findings)
        findings += mismatch_findings(self._records, call.name, call.step, args, self.policy)
        findings += currency_findings(self.store.sources, name, step, args, self.policy)
        findings += self._requested.findings(self._records, name, step, args, self.policy)
        decision = Decision(
            worst([f.severity for f in findings]) if findings else "allow",
            name,
            step,
            tuple(findings),
            tuple(checks),
            call_id,
        )
        self._findings.extend(findings)
        self._checks.extend(checks)
        self._decisions.append(decision)
        return decision

    def _call_findings(self, call: Call, findings: list[Finding]) -> None:
        """Findings on the call as a whole: an unknown tool, the budget, loops."""
        name, step, policy = call.name, call.step, self.policy
        if self._has_tools and name not in self.schemas:
            findings.append(
                Finding(
                    "unknown_tool",
                    policy.unknown_tool_action,
                    step,
                    name,
                    f"{name} is not one of the tools the agent was given",
                )
            )
        limit = policy.max_tool_calls
        if limit is not None and self._n_calls > limit:
            findings.append(
                Finding(
                    "budget",
                    policy.budget_action,
                    step,
                    name,
                    f"{self._n_calls} tool calls, more than the budget of {limit}",
                )
            )
        count = self._counts.get(call.key, 0) + 1
        self._counts[call.key] = count
        if policy.max_repeats is not None and count >= policy.max_repeats:
            findings.append(
                Finding(
                    "repeated_call",
                    policy.loop_action,
                    step,
                    name,
                    f"{name} called {count} times with identical arguments",
                )
            )
        if self._errored.get(call.key):
            findings.append(
                Finding(
                    "retried_error",
                    policy.loop_action,
                    step,
                    name,
                    f"{name} retried with the same arguments after an error",
                )
            )

    def _check_args(self, call: Call, args: object, findings: list[Finding]) -> list[ValueCheck]:
        """Every value of the arguments looked up; findings for those found nowhere."""
        name, step = call.name, call.step
        checks: list[ValueCheck] = []
        schema = self.schemas.get(name)
        values, notes, lengths = walk_args(
            name, args, skip=schema.skip if schema else None, kinds=schema.kinds if schema else None
        )
        values = with_call_zone(values, call.key)  # timezone="Europe/Paris" (_call_zone)
        for walk_note in notes:
            findings.append(note(walk_note, step))
        if self.policy.pure_tools and self.policy.is_pure(name):
            values = operands(values)
        elif any(v.embedded for v in values):
            # Free text in an argument (a note, a scratchpad "thought") is the agent's own writing,
            # like its prose: a written calculation there counts when all its operands were found.
            for calc in islice(calculations(call.key), 100):
                check_calculation(self.store, self._computed, calc, step)
        formats = schema.formats if schema else frozenset()
        quantities = [n for n in lengths if n >= 2]
        self._lengths.update(n for n in quantities if n <= 100)
        plain_policy = self._plain_policy
        store = self.store
        ids, nums, days = store.ids.first, store.numbers.first, store.days.first
        emails, shares = store.emails.first, store.arithmetic.shares  # shares: agents._units
        at_exact = store.at_exact
        self._values, self._clocks = values, None  # a date's time may end another's (_times)
        for v in values:
            if plain_policy and v.checked:
                # The hot path: no rule, ignore or constant can apply, and most values are found
                # verbatim, which is one dict probe and a cached explanation string (a method
                # call per value is a good part of a call's cost).
                kind = v.kind
                if kind == "id":
                    src = ids.get(v.key)
                    if src is None and v.key.isdecimal() and v.key[:1] != "0":
                        src = nums.get(v.key)
                elif (kind == "amount" or kind == "count") and v.nkey not in shares:
                    src = nums.get(v.nkey) if v.nkey and not v.negative else None
                elif kind == "date":  # with a time ("...T16:30"): its time is looked up too
                    src = None if isinstance(v.raw, str) and len(v.raw) > 10 else days.get(v.key)
                elif kind == "email":
                    src = emails.get(v.key)
                else:
                    src = None
                if src is not None:
                    raw = v.raw
                    text = raw if type(raw) is str and len(raw) <= 200 else shown(raw)
                    path = v.path if "[" not in v.path else plain_path(v.path)
                    # tuple.__new__ directly: ValueCheck(...) runs a Python-level __new__.
                    checks.append(
                        _tnew(ValueCheck, (step, path, text, kind, True, at_exact[src], "", True))
                    )
                    continue
            self._check_value(v, step, formats, quantities, findings, checks, call)
        if store.passages:
            check_injected(store, values, step, checks, findings, self.policy.injection_action)
        return checks

    def report(self) -> RunReport:
        """The run so far."""
        return RunReport(
            tuple(self._checks),
            tuple(self._findings),
            self._n_calls,
            tuple(self._decisions),
            tuple(dict.fromkeys(self._refused)),
        )

    # ------------------------------------------------------------------ checking
    def _check_value(
        self,
        v: ArgValue,
        step: int,
        formats: frozenset[tuple[str, int, str]],
        quantities: list[int],
        findings: list[Finding],
        checks: list[ValueCheck],
        call: Call,
    ) -> None:
        plain = plain_path(v.path)
        policy = self.policy
        if policy.ignore and policy.ignored(plain):
            return
        if policy.constants and policy.is_constant(v.raw):
            return
        rule = policy.rule_for(plain) if policy.source_rules else None
        if not v.checked and rule is None:
            return
        written = shown(v.raw)
        hit, where = self._lookup(v, formats, quantities)
        call.checked += 1
        if rule is not None:
            chans = hit.channels if hit is not None else frozenset()
            allowed_here = bool(
                chans & rule
                or ("tool" in rule and any(c.startswith("tool:") for c in chans))
                or ("user" in rule and POINTED in chans)
            )
            if allowed_here and not chans & rule and POINTED in chans:
                where += "; in a result the user pointed to"
            must = " or ".join(sorted(rule))
            if not allowed_here and hit is not None and "user" in rule and v.kind == "email":
                # Someone the user named: "Invite Dora", then dora@gmail.com from her website.
                name = self.store.named_by_user(v.key)
                if name is not None:
                    allowed_here, where = True, f"{where}; {name} named by the user"
            if allowed_here:
                checks.append(ValueCheck(step, plain, written, v.kind, True, where, rule=must))
                return
            if hit is not None:
                came = ", ".join(sorted(c for c in chans if c not in ("tool", POINTED))) or "tool"
                msg = f"{plain}={written} came from {came}, but must come from {must}"
            else:
                msg = f"{plain}={written} is not in context, but must come from {must}"
                call.unsourced.append(v)
            checks.append(
                ValueCheck(step, plain, written, v.kind, hit is not None, where, must, False)
            )
            findings.append(Finding("source_rule", policy.rule_action, step, plain, msg))
            return
        if hit is not None:
            checks.append(ValueCheck(step, plain, written, v.kind, True, where))
            return
        call.unsourced.append(v)
        checks.append(ValueCheck(step, plain, written, v.kind, False))
        message = f"{plain}={written} is not in context"
        if v.negative and self.store.find_number(v.key, v.nkey) is not None:
            message += " (only without its minus sign)"
        elif v.kind == "date" and (clock := self._stray(v, self.store.find_id)):
            message += time_note(self.store, v, clock)
        findings.append(Finding("unsourced", policy.unsourced_action(plain), step, plain, message))

    def _lookup(
        self, v: ArgValue, formats: frozenset[tuple[str, int, str]], quantities: list[int]
    ) -> tuple[Hit | None, str]:
        store = self.store
        kind, key = v.kind, v.key  # key's type follows kind (see ArgValue); no checks on this path
        hit: Hit | None = None
        if kind == "id":
            hit = store.find_id(key, formats)
            if hit is None and key.isdecimal():
                hit = store.find_digits(key) or other_unit(store, v.path, key)
        elif kind == "email":
            hit = store.find_email(key)
        elif kind == "url":
            hit = store.find_url(key)
        elif kind == "date":  # its day, time of day and zone (agents._instants)
            hit = date_hit(store, v, self._stray, lambda k: store.find_id(k, formats))
        elif kind == "phone":
            hit = store.find_digits(key) or store.find_id(key)
        elif kind == "postcode":
            hit = store.find_id(key) or store.find_digits(digits_of(key))
        elif kind == "percent":
            hit = store.find_percent(key) or store.find_number(key)
        elif kind in ("amount", "count"):
            if v.negative:
                # The sign of a negative argument is part of the value: it needs a source that
                # wrote it negative. Arithmetic over magnitudes does not give it.
                hit = store.negatives.hit(v.nkey or dec_key(key), "exact")
            else:
                hit = as_number(store, v) or other_unit(store, v.path, str(v.raw))
                if hit is None:
                    return self._derived(key, quantities)
        elif kind == "version":  # "version 10.16", "iPhone 15" (agents._versions)
            hit = version_hit(store.sources, key)
        else:  # text: a string without digits, looked at only under a source rule
            hit = store.find_text(key)
        if hit is None:
            return None, ""
        return hit, f"{store.at[hit.sources[0]]} ({hit.how})"

    def _stray(self, v: ArgValue, find: Callable[[str], object]) -> str | None:
        """A date-with-time argument's time that the context contradicts (agents._times)."""
        given = self.store.times_on(v.key) if isinstance(v.raw, str) and len(v.raw) > 10 else None
        if not given:
            return None
        if self._clocks is None:  # (once per call, not per date value)
            self._clocks = day_clocks((w.key, w.raw) for w in self._values if w.kind == "date")
        return time_miss(self.store, v.raw, given, self._clocks.get(v.key, []), find)

    def _derived(self, value: Decimal, quantities: list[int]) -> tuple[Hit | None, str]:
        store = self.store
        got = store.derive(value, quantities)
        if got is not None:
            formula, srcs = got
            labels: set[str] = set()
            for i in srcs:
                s = store.sources[i]
                labels.update(("tool", s.label) if s.channel == "tool" else (s.channel,))
            at = ", ".join(dict.fromkeys(store.sources[i].at() for i in srcs))
            return Hit(srcs, formula, frozenset(labels)), f"{formula} ({at})"
        computed = self._computed.get(abs(value))
        if computed is not None:
            return Hit((), "computed", frozenset({"assistant"})), computed
        return None, ""

    # ------------------------------------------------------------------ plumbing
    def _note_truncated(self, truncated: bool, chars: int, where: str) -> None:
        if truncated:
            cap = self.policy.max_index_chars
            self._findings.append(
                Finding(
                    "context_truncated",
                    "info",
                    self._step,
                    where,
                    f"{where}: {chars:,} characters, only the first {cap:,} were indexed",
                )
            )
