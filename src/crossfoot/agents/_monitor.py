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

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, NamedTuple

from crossfoot.agents._context import ContextStore, Hit, dec_key, is_error
from crossfoot.agents._findings import Finding, ValueCheck, worst
from crossfoot.agents._policy import AgentPolicy
from crossfoot.agents._schema import ToolSchema, read_tools
from crossfoot.agents._values import NOT_ID, ArgValue, WalkNote, digits_of, plain_path, walk_args

__all__ = ["Decision", "RunMonitor", "RunReport"]

_NOTE_SEVERITY = {
    "args_too_deep": "warn",
    "binary_arg": "warn",
    "unserialisable_arg": "info",
    "arg_truncated": "info",
    "too_many_values": "info",
}
_PROSE_MONEY = re.compile(
    r"(?:[$€£¥₹]|\b(?:USD|EUR|GBP)\s?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?:\s?(k|m|bn|thousand|million|billion)\b)?",
    re.IGNORECASE,
)
_PROSE_ID = re.compile(r"(?<![\w@.])#?[A-Za-z][\w-]*\d[\w-]*|(?<![\w@.#$,])\d[\w-]*[A-Za-z][\w-]*")
_PROSE_DIGITS = re.compile(r"(?<![\w.,$])\d{5,}(?![\w.,]\d)")
_PROSE_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NUM = r"\$?\d[\d,]*(?:\.\d+)?"
_CALC = re.compile(rf"({_NUM}(?:\s*[-+×x*/]\s*{_NUM})+)\s*=\s*\$?(\d[\d,]*(?:\.\d+)?)")
_CALC_TOKENS = re.compile(r"\d[\d,]*(?:\.\d+)?|[-+×x*/]")
_OPERAND = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?")
_SCALES = {"k": 3, "thousand": 3, "m": 6, "million": 6, "bn": 9, "billion": 9}
_tnew = tuple.__new__


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

        >>> m = RunMonitor()
        >>> m.before_call("refund", {"order_id": "ORD-1234"}).reason()
        'refund.order_id=ORD-1234 is not in context'
        """
        return "; ".join(f.message for f in self.findings if f.severity != "info")


@dataclass(frozen=True, slots=True)
class RunReport:
    """The run so far: every value checked, every finding, and the calls that were blocked."""

    checks: tuple[ValueCheck, ...]
    findings: tuple[Finding, ...]
    tool_calls: int
    decisions: tuple[Decision, ...] = ()

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
        for f in self.findings:
            mark = "i" if f.severity == "info" else "!"
            lines.append(f"  {mark} [{f.step}] {f.type}: {f.message}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ok, action, blocked, tool_calls, unsourced, checks, findings."""
        return {
            "ok": self.ok,
            "action": self.action,
            "blocked": self.blocked,
            "tool_calls": self.tool_calls,
            "unsourced": self.unsourced,
            "checks": [c.to_dict() for c in self.checks],
            "findings": [f.to_dict() for f in self.findings],
        }


class _Call:
    """One proposed call, kept to link its result (error echoes, pure-tool outputs)."""

    __slots__ = ("call_id", "checked", "done", "key", "name", "step", "unsourced")

    def __init__(self, step: int, name: str, call_id: str | None, key: str) -> None:
        self.step = step
        self.name = name
        self.call_id = call_id
        self.key = key
        self.unsourced: list[ArgValue] = []
        self.checked = 0
        self.done = False


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
        self._calls: list[_Call] = []
        self._counts: dict[str, int] = {}
        self._errored: dict[str, bool] = {}
        self._checks: list[ValueCheck] = []
        self._findings: list[Finding] = []
        self._decisions: list[Decision] = []
        self._n_calls = 0  # calls that count toward the budget (ignored tools do not)
        p = self.policy
        self._plain_policy = not (p.ignore or p.constants or p.source_rules)
        self._ignores_tools = any(g.endswith(".*") for g in p.ignore)
        self._computed: dict[Decimal, str] = {}  # results of the agent's own checked arithmetic

    # ------------------------------------------------------------------ events
    def system(self, text: str) -> None:
        """The system prompt (or any instruction the operator gave)."""
        self._message("system", text)

    def user(self, text: str) -> None:
        """A user message."""
        self._message("user", text)

    def assistant(self, text: str) -> None:
        """The agent's own prose. Its values are checked loosely; they vouch for nothing except a
        written calculation whose operands were all found."""
        self._step += 1
        content = _as_text(text)
        self.store.add("assistant", content, step=self._step)
        if self.policy.check_assistant and content:
            self._check_prose(content[: self.policy.max_index_chars])

    def _message(self, channel: str, text: str) -> None:
        self._step += 1
        content = _as_text(text)
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
                self._link(name, call_id)
                return
        else:
            text = _as_text(output)
        call = self._link(name, call_id)
        error = is_error(output, text)
        exclude: list[tuple[str, object]] = []
        if call is not None:
            self._errored[call.key] = error
            if error:
                exclude = _echoes(call.unsourced)
        vouched = True
        if self.policy.is_pure(name):
            # A pure tool computes only from its arguments: its output is data only when they were.
            vouched = call is not None and not call.unsourced
        seen = self.store.add(
            "tool",
            text,
            tool=name,
            call_id=call_id,
            exclude=exclude,
            vouched=vouched,
            error=error,
            step=self._step,
        )
        self._note_truncated(seen.truncated, seen.chars, name)

    def before_call(self, name: str, args: object, call_id: str | None = None) -> Decision:
        """Check a proposed call and return the :class:`Decision`.

        ``args`` is a dict or the JSON string of one; the action is ``allow``, ``warn``,
        ``confirm`` or ``block``."""
        self._step += 1
        step = self._step
        name = str(name)
        findings: list[Finding] = []
        checks: list[ValueCheck] = []
        args = self._read_args(name, args, findings, step)
        if self._ignores_tools and self.policy.tool_ignored(name):
            decision = Decision("allow", name, step, tuple(findings), (), call_id)
            self._decisions.append(decision)
            return decision
        self._n_calls += 1
        n_calls = self._n_calls
        key = name + "\x00" + _canonical(args)
        call = _Call(step, name, call_id, key)
        self._calls.append(call)
        if self._has_tools and name not in self.schemas:
            findings.append(
                Finding(
                    "unknown_tool",
                    self.policy.unknown_tool_action,
                    step,
                    name,
                    f"{name} is not one of the tools the agent was given",
                )
            )
        limit = self.policy.max_tool_calls
        if limit is not None and n_calls > limit:
            findings.append(
                Finding(
                    "budget",
                    self.policy.budget_action,
                    step,
                    name,
                    f"{n_calls} tool calls, more than the budget of {limit}",
                )
            )
        count = self._counts.get(key, 0) + 1
        self._counts[key] = count
        if self.policy.max_repeats is not None and count >= self.policy.max_repeats:
            findings.append(
                Finding(
                    "repeated_call",
                    self.policy.loop_action,
                    step,
                    name,
                    f"{name} called {count} times with identical arguments",
                )
            )
        if self._errored.get(key):
            findings.append(
                Finding(
                    "retried_error",
                    self.policy.loop_action,
                    step,
                    name,
                    f"{name} retried with the same arguments after an error",
                )
            )
        schema = self.schemas.get(name)
        values, notes, lengths = walk_args(
            name, args, skip=schema.skip if schema else None, kinds=schema.kinds if schema else None
        )
        for note in notes:
            findings.append(_note(note, step))
        if self.policy.pure_tools and self.policy.is_pure(name):
            values = _operands(values)
        elif any(v.embedded for v in values):
            # Free text in an argument (a note, a scratchpad "thought") is the agent's own writing,
            # like its prose: a written calculation there counts when all its operands were found.
            for m in _CALC.finditer(key):
                self._check_calculation(m, step)
        formats = schema.formats if schema else frozenset()
        quantities = [n for n in lengths if n >= 2]
        plain_policy = self._plain_policy
        store = self.store
        ids, nums, days, emails = (
            store.ids.first,
            store.numbers.first,
            store.days.first,
            store.emails.first,
        )
        at_exact = store.at_exact
        for v in values:
            if plain_policy and v.checked:
                # The hot path: no rule, ignore or constant can apply, and most values are found
                # verbatim, which is one dict probe and a cached explanation string (what _exact
                # does, inlined: a method call per value is a good part of a call's cost).
                kind = v.kind
                if kind == "id":
                    src = ids.get(v.key)
                    if src is None and v.key.isdecimal() and v.key[:1] != "0":
                        src = nums.get(v.key)
                elif kind == "amount" or kind == "count":
                    src = nums.get(v.nkey) if v.nkey else None
                elif kind == "date":
                    src = days.get(v.key)
                elif kind == "email":
                    src = emails.get(v.key)
                else:
                    src = None
                if src is not None:
                    raw = v.raw
                    shown = raw if type(raw) is str and len(raw) <= 200 else _shown(raw)
                    path = v.path if "[" not in v.path else plain_path(v.path)
                    # tuple.__new__ directly: ValueCheck(...) runs a Python-level __new__.
                    checks.append(
                        _tnew(ValueCheck, (step, path, shown, kind, True, at_exact[src], "", True))
                    )
                    continue
            self._check_value(v, step, formats, quantities, findings, checks, call)
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

    def report(self) -> RunReport:
        """The run so far."""
        return RunReport(
            tuple(self._checks), tuple(self._findings), self._n_calls, tuple(self._decisions)
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
        call: _Call,
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
        shown = _shown(v.raw)
        hit, where = self._lookup(v, formats, quantities)
        call.checked += 1
        if rule is not None:
            allowed_here = hit is not None and bool(
                hit.channels & rule
                or ("tool" in rule and any(c.startswith("tool:") for c in hit.channels))
            )
            must = " or ".join(sorted(rule))
            if allowed_here:
                checks.append(ValueCheck(step, plain, shown, v.kind, True, where, rule=must))
                return
            if hit is not None:
                came = ", ".join(sorted(c for c in hit.channels if c != "tool")) or "tool"
                msg = f"{plain}={shown} came from {came}, but must come from {must}"
            else:
                msg = f"{plain}={shown} is not in context, but must come from {must}"
                call.unsourced.append(v)
            checks.append(
                ValueCheck(step, plain, shown, v.kind, hit is not None, where, must, False)
            )
            findings.append(Finding("source_rule", policy.rule_action, step, plain, msg))
            return
        if hit is not None:
            checks.append(ValueCheck(step, plain, shown, v.kind, True, where))
            return
        call.unsourced.append(v)
        checks.append(ValueCheck(step, plain, shown, v.kind, False))
        findings.append(
            Finding(
                "unsourced",
                policy.unsourced_action(plain),
                step,
                plain,
                f"{plain}={shown} is not in context",
            )
        )

    def _exact(self, v: ArgValue) -> str | None:
        """Where a value was seen verbatim (an id, email, date or number), or ``None``."""
        store = self.store
        kind = v.kind
        if kind == "id":
            src = store.ids.first.get(v.key)
            if src is None and v.key.isdecimal() and v.key[:1] != "0":
                src = store.numbers.first.get(v.key)
        elif kind == "amount" or kind == "count":
            src = store.numbers.first.get(v.nkey) if v.nkey else None
        elif kind == "date":
            src = store.days.first.get(v.key)
        elif kind == "email":
            src = store.emails.first.get(v.key)
        else:
            return None
        return None if src is None else store.at_exact[src]

    def _lookup(
        self, v: ArgValue, formats: frozenset[tuple[str, int, str]], quantities: list[int]
    ) -> tuple[Hit | None, str]:
        store = self.store
        kind, key = v.kind, v.key  # key's type follows kind (see ArgValue); no checks on this path
        hit: Hit | None = None
        if kind == "id":
            hit = store.find_id(key, formats)
            if hit is None and key.isdecimal():
                hit = store.find_digits(key)
        elif kind == "email":
            hit = store.find_email(key)
        elif kind == "url":
            hit = store.find_url(key)
        elif kind == "date":
            hit = store.find_date(key)
        elif kind == "phone":
            hit = store.find_digits(key) or store.find_id(key)
        elif kind == "postcode":
            hit = store.find_id(key) or store.find_digits(digits_of(key))
        elif kind == "percent":
            hit = store.find_percent(key) or store.find_number(key)
        elif kind in ("amount", "count"):
            hit = store.find_number(key, v.nkey)
            if hit is None:
                return self._derived(key, quantities)
        else:  # text: a string without digits, looked at only under a source rule
            hit = store.find_text(key)
        if hit is None:
            return None, ""
        return hit, f"{store.at[hit.sources[0]]} ({hit.how})"

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

    # ------------------------------------------------------------------ the agent's prose
    def _check_prose(self, text: str) -> None:
        step = self._step
        for m in _CALC.finditer(text):
            self._check_calculation(m, step)
        checks: list[ValueCheck] = []
        spans: list[tuple[int, int]] = []
        for m in _PROSE_EMAIL.finditer(text):
            spans.append(m.span())
            hit = self.store.find_email(m[0].lower())
            checks.append(self._prose_check(step, m[0], "email", hit))
        for m in _PROSE_MONEY.finditer(text):
            try:
                value = Decimal(m[1].replace(",", ""))
            except InvalidOperation:  # pragma: no cover
                continue
            _, _, frac = m[1].partition(".")
            half = Decimal(5).scaleb(-len(frac) - 1)
            if m[2]:
                exp = _SCALES[m[2].lower()]
                value, half = value.scaleb(exp), half.scaleb(exp)
            spans.append(m.span())
            if value <= 10:
                continue
            found = (
                self.store.find_number(value) is not None
                or bool(self.store.near(value - half, value + half))
                or abs(value) in self._computed
                or self.store.derive(value, (), tolerance=max(half, Decimal("0.005")), loose=True)
                is not None
            )
            checks.append(
                ValueCheck(
                    step,
                    "assistant",
                    m[0],
                    "amount",
                    found,
                    "in context (rounded)" if found else "",
                )
            )
        for m in _PROSE_ID.finditer(text):
            token = m[0].rstrip("-_")
            if (
                len(token) < 5
                or NOT_ID.fullmatch(token)
                or any(a <= m.start() < b for a, b in spans)
            ):
                continue
            hit = self.store.find_id(token.lower())
            checks.append(self._prose_check(step, token, "id", hit))
        for m in _PROSE_DIGITS.finditer(text):
            if any(a <= m.start() < b for a, b in spans):
                continue
            hit = self.store.find_id(m[0]) or self.store.find_digits(m[0])
            if hit is None and self.store.find_number(Decimal(m[0])) is not None:
                continue
            checks.append(self._prose_check(step, m[0], "id", hit))
        for c in checks:
            self._checks.append(c)
            if not c.found:
                self._findings.append(
                    Finding(
                        "unsourced_text",
                        "warn",
                        step,
                        "assistant",
                        f"assistant wrote {c.value}, which is not in context",
                    )
                )

    def _prose_check(self, step: int, value: str, kind: str, hit: Hit | None) -> ValueCheck:
        where = (
            f"{self.store.sources[hit.sources[0]].at()} ({hit.how})" if hit and hit.sources else ""
        )
        return ValueCheck(step, "assistant", value, kind, hit is not None, where)

    def _check_calculation(self, m: re.Match[str], step: int) -> None:
        tokens = _CALC_TOKENS.findall(m[1].replace("$", ""))
        try:
            operands = [Decimal(t.replace(",", "")) for t in tokens[0::2]]
            result = Decimal(m[2].replace(",", ""))
        except InvalidOperation:
            return
        ops = tokens[1::2]
        if len(ops) != len(operands) - 1:
            return
        for a in operands:
            small = a == a.to_integral_value() and a <= 100
            if (
                not small
                and self.store.find_number(a) is None
                and a not in self._computed
                and self.store.derive(a) is None
            ):
                return  # an operand with no source: the result launders nothing
        value = _evaluate(operands, ops)
        if value is None:
            return
        _, _, frac = m[2].partition(".")
        half = Decimal(5).scaleb(-len(frac) - 1)
        if abs(value - result) <= half:
            self._computed[abs(result)] = f"assistant@{step} ({m[0].strip()}, operands found)"

    # ------------------------------------------------------------------ plumbing
    def _read_args(self, name: str, args: object, findings: list[Finding], step: int) -> object:
        if type(args) is dict:
            return args
        if args is None:
            return {}
        if isinstance(args, (str, bytes, bytearray)):
            text = args.decode("utf-8", "replace") if isinstance(args, (bytes, bytearray)) else args
            try:
                parsed = json.loads(text) if text.strip() else {}
            except ValueError:
                findings.append(
                    Finding(
                        "bad_args",
                        "warn",
                        step,
                        name,
                        f"{name}: arguments are not valid JSON; read as text",
                    )
                )
                return {"arguments": text}
            args = parsed
        if not isinstance(args, Mapping):
            findings.append(
                Finding(
                    "bad_args",
                    "warn",
                    step,
                    name,
                    f"{name}: expected an object of arguments, got {type(args).__name__}",
                )
            )
            return {"arguments": args}
        return args

    def _link(self, name: str, call_id: str | None) -> _Call | None:
        if call_id is not None:
            for call in reversed(self._calls):
                if call.call_id == call_id:
                    call.done = True
                    return call
        for call in reversed(self._calls):
            if not call.done and call.name == name and (call_id is None or call.call_id is None):
                call.done = True
                return call
        return None

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


def _note(note: WalkNote, step: int) -> Finding:
    return Finding(note.kind, _NOTE_SEVERITY.get(note.kind, "info"), step, note.path, note.message)


def _echoes(values: list[ArgValue]) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for v in values:
        if v.kind in ("id", "postcode"):
            assert isinstance(v.key, str)
            out += [("id", v.key), ("compact", v.key.translate(str.maketrans("", "", " \t-_#./:")))]
        elif v.kind in ("amount", "count", "percent"):
            out.append(("number", v.key))
        elif v.kind in ("email", "url", "date", "phone"):
            out.append((v.kind, v.key))
        if isinstance(v.raw, str) and len(v.raw) >= 3:
            out.append(("raw", v.raw.lower()))
    return out


def _operands(values: list[ArgValue]) -> list[ArgValue]:
    """A pure tool's inputs: every number in its string arguments ("49.99 * 3 + 12.34") is an
    operand that must have a source, or the tool's output vouches for nothing."""
    out: list[ArgValue] = []
    seen: set[tuple[str, str]] = set()
    for v in values:
        if not isinstance(v.raw, str) or v.kind in ("id", "email", "url", "date"):
            out.append(v)
            continue
        for m in _OPERAND.finditer(v.raw):
            text = m[0].replace(",", "")
            if (v.path, text) in seen:
                continue
            seen.add((v.path, text))
            value = Decimal(text)
            small = value == value.to_integral_value() and value <= 100
            _, _, frac = text.partition(".")
            out.append(
                ArgValue(
                    v.path,
                    m[0],
                    "amount",
                    value,
                    checked=not small,  # multipliers and counts in a formula need no source
                    embedded=True,
                    precision=Decimal(5).scaleb(-len(frac) - 1),
                    nkey=dec_key(value),
                )
            )
    return out


def _evaluate(operands: list[Decimal], ops: list[str]) -> Decimal | None:
    # Multiplication and division first, then addition and subtraction; never eval().
    terms = [operands[0]]
    signs: list[str] = []
    for op, b in zip(ops, operands[1:], strict=True):
        if op in "*×x":
            terms[-1] *= b
        elif op == "/":
            if b == 0:
                return None
            terms[-1] /= b
        else:
            signs.append(op)
            terms.append(b)
    total = terms[0]
    for op, t in zip(signs, terms[1:], strict=True):
        total = total + t if op == "+" else total - t
    return total


def _canonical(args: object) -> str:
    # repr() is C-level and exact for JSON-style arguments; two calls with the same arguments in
    # a different key order count as different, which agents that repeat themselves rarely do.
    try:
        text = repr(args)
    except RecursionError:
        return str(id(args))
    return text if len(text) <= 4096 else f"{len(text)}:{hash(text)}"


def _shown(raw: object) -> str:
    text = raw if isinstance(raw, str) else repr(raw) if isinstance(raw, float) else str(raw)
    return text if len(text) <= 200 else text[:197] + "..."


def _as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)
